#!/bin/bash
# tier: quick (no kernel)
# Each broken input gives one message naming the problem, exit status 2,
# and leaves no run in the database. None of these builds a kernel.
. "$(dirname "$0")/lib.sh"

sqlite3 "$db" < db/schema.sql

expect_error() {	# expect_error PATTERN DESCRIPTION -- ARGS...
	local pattern=$1 desc=$2 out rc
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	is "$rc" 2 "$desc: exit 2"
	like "$out" "$pattern" "$desc: says so"
}

expect_error "unknown configuration 'nosuch'" "unknown configuration" -- \
	"$BISECTABLE" run --db "$db" --configs up,nosuch tests/fixtures/up-fifo-break
mkdir "$scratch/empty"
expect_error "series .*/empty is empty" "empty series" -- \
	"$BISECTABLE" run --db "$db" "$scratch/empty"
mkdir "$scratch/bad"
printf 'Subject: [PATCH] words\n\nno diff at all\n' > "$scratch/bad/0001-words.patch"
expect_error "0001-words.patch is not a patch" "malformed patch" -- \
	"$BISECTABLE" run --db "$db" "$scratch/bad"
expect_error "kernel tarball /nonexistent/linux.tar.xz: No such file" "missing tarball" -- \
	env BISECTABLE_CACHE="$scratch/cache" "$BISECTABLE" run --db "$db" \
	--tarball /nonexistent/linux.tar.xz tests/fixtures/up-fifo-break
expect_error "cannot open database /nonexistent/dir/x.db" "unwritable database" -- \
	"$BISECTABLE" run --db /nonexistent/dir/x.db tests/fixtures/up-fifo-break
mkdir "$scratch/bin"
for t in git make gcc flex bison bc expect size sh; do
	ln -s "$(command -v $t)" "$scratch/bin/$t"
done
expect_error "qemu-system-x86_64 not found: install Debian's qemu-system-x86 package" \
	"missing package" -- env PATH="$scratch/bin" "$BISECTABLE" run --db "$db" \
	tests/fixtures/up-fifo-break
expect_error "range: give --repo" "a range without --repo" -- \
	"$BISECTABLE" run --db "$db" v6.11..v6.12
expect_error "usage: bisectable first-bad" "first-bad usage" -- \
	"$BISECTABLE" first-bad --db "$db" --bogus
expect_error "unknown command 'frobnicate'" "unknown command" -- "$BISECTABLE" frobnicate
# What a run is asked to verify is checked before any row (issue 10, findings 1 and 10).
for configs in '' ',' 'up,up'; do
	expect_error "no configuration given|bad configuration name|is given twice" \
		"--configs '$configs'" -- "$BISECTABLE" run --db "$db" --configs "$configs" \
		tests/fixtures/up-fifo-break
done
for tests in '' nosuch 'x no-cache=1'; do
	expect_error "no test given|unknown test" "--tests '$tests'" -- \
		"$BISECTABLE" run --db "$db" --tests "$tests" tests/fixtures/up-fifo-break
done
for jobs in 4x '' 0 4294967297; do
	expect_error "jobs" "--jobs '$jobs'" -- "$BISECTABLE" run --db "$db" --jobs "$jobs" \
		tests/fixtures/up-fifo-break
done
expect_error "no commit position nor|neither a commit position" "show %" -- \
	"$BISECTABLE" show --db "$db" %
expect_error "run" "first-bad --run abc" -- "$BISECTABLE" first-bad --db "$db" --run abc

is "$(sql 'select count(*) from runs')" 0 "no run was recorded by any of them"
is "$(sql 'select count(*) from commits') $(sql 'select count(*) from results')" "0 0" \
	"and no commit or result rows"
done_testing
