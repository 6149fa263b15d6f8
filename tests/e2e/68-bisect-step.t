#!/bin/bash
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
done_testing
