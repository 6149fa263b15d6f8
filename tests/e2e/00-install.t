#!/bin/bash
# tier: quick (no kernel)
# make install into a scratch DESTDIR, then use the installed binary from
# outside the checkout: its help, the configurations, a report of the fixture
# database, the man page and the completion. No kernel is built.
. "$(dirname "$0")/lib.sh"

dest="$scratch/dest"
make -s install DESTDIR="$dest" PREFIX=/usr > "$scratch/install.log" 2>&1
ok $? "make install DESTDIR PREFIX=/usr"
bin="$dest/usr/bin/bisectable"
share="$dest/usr/share/bisectable"
for f in "$bin" "$share/configs/up.config" "$share/configs/base.config" \
	"$share/expect-scripts/boot-test.exp" "$share/guest/initramfs.cpio" \
	"$share/db/schema.sql" "$share/guest/suites/smoke/suite" "$share/guest/suites/rt-tests/suite" \
	"$dest/usr/share/man/man1/bisectable.1" "$dest/usr/share/man/man1/bisectable-run.1" \
	"$dest/usr/share/bash-completion/completions/bisectable"; do
	[ -s "$f" ]
	ok $? "installed ${f#"$dest"}"
done

# From / with a HOME of its own: nothing of the checkout is in reach.
home="$scratch/home"
mkdir -p "$home"
installed() {
	(cd / && env -u BISECTABLE_HOME -u XDG_DATA_HOME HOME="$home" "$bin" "$@")
}

out=$(installed --help)
ok $? "bisectable --help exits 0"
cmds="run first-bad runs show report configs coverage import gc step help"
for c in $cmds; do
	like "$out" "^  $c " "--help lists $c"
done

out=$(installed run --help)
ok $? "bisectable run --help exits 0"
for o in --configs --db --stop-on-failure --keep-going --accel --jobs -j --tests --suites --profile \
	--boot-timeout --test-timeout --tarball --ccache --no-ccache --no-cache \
	--no-parallel --no-base --repo; do
	like "$out" "(^| )$o( |,|$)" "run --help has $o"
done

out=$(installed configs)
ok $? "bisectable configs exits 0"
like "$out" '^up ' "configs lists up"
like "$out" '^smp ' "configs lists smp"
is "$(printf '%s\n' "$out" | grep -c '^base')" 0 "but not base"

fixture="$scratch/fixture.db"
sqlite3 "$fixture" < db/schema.sql && sqlite3 "$fixture" < tests/browser/make-fixture-db.sql
out=$(installed report --db "$fixture" -o "$scratch/r.html")
ok $? "report of the fixture database with -o"
is "$out" "$scratch/r.html" "it prints where it wrote"
like "$(cat "$scratch/r.html")" '</html>' "the report is a whole page"
(cd "$scratch" && env HOME="$home" "$bin" report --db "$fixture" --format json > /dev/null)
ok $? "report without -o"
[ -s "$scratch/run-2.json" ]
ok $? "goes to the current directory"

out=$(installed runs 2>&1)
is "$?" 2 "runs without a database exits 2"
like "$out" "no database $home/.local/share/bisectable/bisectable.db" \
	"the default database is in XDG_DATA_HOME"
out=$(cd / && env XDG_DATA_HOME="$scratch/xdg" HOME="$home" "$bin" runs 2>&1)
like "$out" "no database $scratch/xdg/bisectable/bisectable.db" "XDG_DATA_HOME moves it"

man="$dest/usr/share/man/man1/bisectable.1"
like "$(head -1 "$man")" '^\.TH BISECTABLE 1' "the man page is roff"
for c in $cmds; do
	grep -q "^\.SS $(printf '%s' "$c" | sed 's/-/\\\\-/g')\$" "$man"
	ok $? "the man page has $c"
done

# One man page per command, with its page's prose and no Markdown left.
man="$dest/usr/share/man/man1/bisectable-run.1"
like "$(head -1 "$man")" '^\.TH BISECTABLE\\-RUN 1' "bisectable-run.1 is roff"
for s in NAME SYNOPSIS DESCRIPTION OPTIONS 'EXIT STATUS'; do
	grep -q "^\.SH $s\$" "$man"
	ok $? "bisectable-run.1 has $s"
done
grep -q 'verifies a series commit by commit' "$man"
ok $? "and the run page's prose"
is "$(grep -cE '`|\*\*|^#|^\||\]\(' "$man")" 0 "no Markdown left in it"
for c in $cmds; do
	[ -s "$dest/usr/share/man/man1/bisectable-$c.1" ]
	ok $? "installed bisectable-$c.1"
done
out=$(installed help run)
like "$out" 'verifies a series commit by commit' "the installed help run has the page"

comp="$dest/usr/share/bash-completion/completions/bisectable"
bash -n "$comp"
ok $? "the completion is bash"
out=$(bash -c '
	source "$1"
	COMP_WORDS=("$2" run --configs u); COMP_CWORD=3; _bisectable; echo "${COMPREPLY[*]}"
	COMP_WORDS=("$2" first-); COMP_CWORD=1; _bisectable; echo "${COMPREPLY[*]}"
' sh "$comp" "$bin")
like "$out" '^up up-full$' "completion of --configs asks the binary for the names"
like "$out" '^first-bad$' "completion of a command"

is "$(find "$home" -newer "$scratch/install.log" -type f | wc -l)" 0 \
	"reading left no file in HOME"
done_testing
