#!/bin/bash
# tier: quick (fake kernel)
# bisect and step --bisect-run on a fake kernel repository (nothing real is
# built: a commit with a file named 'broken' fails its build, and nothing
# boots): 'bisect --stage build' names the commit that broke the build and
# confirms it; a user's own 'git bisect run bisectable step --bisect-run'
# finds the same commit, recorded in one run of kind bisect; the step's exit
# codes are git bisect run's (125 for a build failure while looking for a
# boot failure, 128 for its own errors, never 2).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
user="$scratch/k"
fake_kernel "$user"
for i in $(seq 4 15); do
	echo "change $i" > "$user/file$i.c"
	[ "$i" = 9 ] && echo broken > "$user/broken"
	fake_git "$user" add -A
	fake_git "$user" commit -q -m "change $i"
done
state() {
	(cd "$user/.git" && find . -type f -print0 | sort -z | xargs -0 sha1sum) | sha1sum
	GIT_OPTIONAL_LOCKS=0 git -C "$user" status --porcelain=v1 --ignored
}
git -C "$user" status -s > /dev/null
before=$(state)

timeout 300 "$BISECTABLE" bisect --db "$db" --repo "$user" --config up --stage build \
	--suites smoke --boot-timeout 5 --retries 0 base master > "$scratch/out" 2> "$scratch/err"
is "$?" 0 "bisect --stage build exits 0"
sed 's/^/# /' "$scratch/out"
out=$(cat "$scratch/out")
like "$out" '^first bad commit: 9/15 [0-9a-f]{12} "change 9"' "names change 9"
like "$out" '^  up: build fail: broken.c:1:1: error: this commit is broken' "with the build error"
like "$out" '^confirmed: tested again without the cache' "and confirms it"
like "$out" '^bisect: 4 steps \(0 skipped' "in 4 steps of a 15-commit range"
is "$(state)" "$before" "the user's repository is byte-identical"
is "$(sql "select kind from runs")" bisect "a run of kind bisect"
err=$(cat "$scratch/err")
like "$err" '^\[[0-9]+/15, bisect\] [0-9a-f]{12} change [0-9]+ \(bisect [0-9]+m[0-9]{2}s\)$' \
	"each step says its position in the 15-commit range"
! grep -q 'left)' "$scratch/err"
ok $? "and no estimate of the time left"

# The user's own git bisect run, the step as its command.
db2="$scratch/own.db"
git -C "$user" bisect start master base > /dev/null
(cd "$user" && timeout 300 git bisect run "$BISECTABLE" step --bisect-run --db "$db2" \
	--config up --stage build --suites smoke > "$scratch/own.out" 2>&1)
is "$?" 0 "git bisect run with step --bisect-run ends"
like "$(git -C "$user" bisect log)" '^# first bad commit: \[[0-9a-f]{40}\] change 9' \
	"and finds change 9"
is "$(sqlite3 -batch "$db2" "select count(*) || ' ' || min(kind) from runs")" "1 bisect" \
	"its steps are one run of kind bisect"
is "$(sqlite3 -batch "$db2" "select count(*) from commits")" 4 "with the 4 commits it tested"

# At the broken commit: a build failure while looking for a boot failure.
git -C "$user" checkout -q "$(git -C "$user" rev-parse 'refs/bisect/bad')"
(cd "$user" && "$BISECTABLE" step --bisect-run --db "$db2" --config up --stage boot \
	--suites smoke > "$scratch/skip.out" 2>&1)
is "$?" 125 "a build failure while looking for a boot failure: 125 (skip)"
like "$(cat "$scratch/skip.out")" 'is skip: up build fail: broken.c' "saying why"
(cd "$user" && "$BISECTABLE" step --bisect-run --db "$db2" --config up --stage build \
	--suites smoke > /dev/null 2>&1)
is "$?" 1 "looking for the build failure: 1 (bad)"
(cd "$user" && "$BISECTABLE" step --bisect-run --db "$db2" --config nosuch > /dev/null 2>&1)
is "$?" 128 "an unknown configuration: 128 (abort), not 2 (bad to git)"
(cd "$user" && "$BISECTABLE" step --bisect-run --bogus > /dev/null 2>&1)
is "$?" 128 "a usage error: 128"
# However --bisect-run is spelled (an abbreviation getopt_long takes, a
# value), a usage error or a help request is 128: 2 would be bad, 0 good.
while read -r args; do
	(cd "$user" && "$BISECTABLE" step $args > /dev/null 2>&1)
	is "$?" 128 "step $args: 128"
done <<'ARGS'
--bisect --stage nosuch
--bisect-r --stage nosuch
--bi --bogus
--stage nosuch --bisect
--bisect-run=1
--bisect=yes --config up
--bisect-run --help
--bisect-run -h
--bisect --help
ARGS
git -C "$user" bisect reset -q 2> /dev/null || git -C "$user" bisect reset > /dev/null 2>&1
git -C "$user" bisect start master base > /dev/null
(cd "$user" && timeout 60 git bisect run "$BISECTABLE" step --bisect --db "$db2" \
	--stage nosuch > "$scratch/usage.out" 2>&1)
status=$?
ok $((status == 0)) "git bisect run with a usage error in the step fails"
! git -C "$user" bisect log | grep -q 'first bad commit'
ok $? "and names no first bad commit"
git -C "$user" bisect reset -q 2> /dev/null || git -C "$user" bisect reset > /dev/null 2>&1
(cd "$user" && "$BISECTABLE" step --bisect-run --db "$db2" --config up > "$scratch/none.out" 2>&1)
is "$?" 128 "outside a bisection: 128"
like "$(cat "$scratch/none.out")" "no git bisect" "saying there is no bisection"
# Subjects, evidence and names from a database (merged from another machine)
# may hold terminal control sequences: every command writes them out as
# \033 (term_escape), never raw. ESC, BEL and CSI are the bytes to look for.
hostile="$scratch/hostile.db"
sqlite3 -batch "$hostile" < db/schema.sql
sqlite3 -batch "$hostile" < tests/browser/make-fixture-db.sql
e="char(27)||']0;owned'||char(7)||char(27)||'[2J'||char(27)||'[H'"
sqlite3 -batch "$hostile" "
update commits set subject = subject || $e, author = author || $e;
update results set evidence = coalesce(evidence, '') || $e,
	reproduce = coalesce(reproduce, '') || $e, log_path = coalesce(log_path, '') || $e;
update tests set name = name || $e, reason = coalesce(reason, '') || $e;
update metrics set name = name || $e where name = 'warnings';
update runs set series = series || $e, base_version = base_version || $e,
	work_dir = work_dir || $e;"
raw_control() { LC_ALL=C grep -c $'[\001-\010\013-\037\177]' "$1"; }
while read -r name args; do
	"$BISECTABLE" $args --db "$hostile" > "$scratch/$name.out" 2>&1
	is "$(raw_control "$scratch/$name.out")" 0 "$name prints no raw control character"
	grep -q '\\033\]0;owned\\a\\033\[2J' "$scratch/$name.out"
	ok $? "$name writes the sequence out"
done <<'CMDS'
first-bad first-bad
first-bad-up first-bad --config up --stage build
show show 2
runs runs
regressions regressions
CMDS

# All-good and escaped subjects on a range of its own, with 'bisect'.
k2="$scratch/k2"
fake_kernel "$k2"
echo broken > "$k2/broken"
fake_git "$k2" add -A
fake_git "$k2" commit -q -m "$(printf 'break it\033]0;owned\007\033[2J\033[H')"
fake_git "$k2" tag bad
timeout 300 "$BISECTABLE" bisect --db "$scratch/k2.db" --repo "$k2" --config up --stage build \
	--suites smoke --boot-timeout 5 --retries 0 base bad > "$scratch/k2.out" 2> "$scratch/k2.err"
is "$?" 0 "bisect finds the commit with control characters in its subject"
like "$(cat "$scratch/k2.out")" '^first bad commit: 4/4 [0-9a-f]{12} "break it\\033\]0;owned\\a' \
	"and names it written out"
is "$(raw_control "$scratch/k2.out")" 0 "bisect prints no raw control character"
is "$(raw_control "$scratch/k2.err")" 0 "nor do its steps"
# A range where nothing is bad: the bad end is tested first, and the answer
# says it passes (git bisect run would name it the first bad commit untested,
# and the confirmation call it flaky).
k3="$scratch/k3"
fake_kernel "$k3"
timeout 300 "$BISECTABLE" bisect --db "$scratch/k3.db" --repo "$k3" --config up --stage build \
	--suites smoke --boot-timeout 5 --retries 0 base tip > "$scratch/k3.out" 2> "$scratch/k3.err"
is "$?" 1 "bisect over a range where everything builds: exit 1"
sed 's/^/# /' "$scratch/k3.out"
like "$(cat "$scratch/k3.out")" '^no first bad commit: the bad end [0-9a-f]{12} passes build' \
	"the bad end was tested and passes"
! grep -q 'flaky' "$scratch/k3.out"
ok $? "and is not called flaky"
done_testing
