#!/bin/bash
# tier: full (a real kernel)
# A quilt series whose patch 2 does not apply: patch 1 is still verified
# fully, patch 2 is an apply failure with git's reason, patch 3 is not tested.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up tests/fixtures/apply-fail > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -8

is "$(sql "select group_concat(stage || '=' || status, ' ') from results r
	join commits c on c.id = r.commit_id where c.position = 1 order by r.id")" \
	"apply=pass build=pass boot=pass test=pass" "patch 1 applied, built, booted and passed"
out=$("$BISECTABLE" first-bad --db "$db" --config up)
like "$out" '^up: first bad 2/3 [[:space:]]*"sched/core: Reword the nr_iowait_cpu\(\) comment" at apply: fail: .*(patch|apply)' \
	"patch 2 is the first bad, at apply, with git am's reason"
is "$(sql "select status || ': ' || evidence from results r join commits c on c.id = r.commit_id
	where c.position = 3 and r.stage = 'apply'")" "skip: not tested: patch 2 did not apply" \
	"patch 3 is recorded as not tested"
is "$(sql "select count(*) from commits where sha is null")" 2 "patches 2 and 3 have no commit"
wt=$(sql "select work_dir from runs")
# Both checks fail when the work tree is not there: 'git -C ""' would look at
# the current directory, and a git that fails prints nothing to count.
porcelain="no work tree at '$wt'"
am_dir=
if [ -n "$wt" ] && [ -e "$wt/.git" ]; then
	porcelain=$(git -C "$wt" status --porcelain 2>&1) ||
		porcelain="git status failed: $porcelain"
	am_dir=$(git -C "$wt" rev-parse --path-format=absolute --git-path rebase-apply)
fi
is "$porcelain" "" "the work tree is clean after the failed git am"
ok "$(test -n "$am_dir" && test ! -e "$am_dir"; echo $?)" "no git am left in progress"
done_testing
