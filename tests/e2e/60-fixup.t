#!/bin/bash
# tier: full (real kernels)
# The fix-up workflow: --stop-on-failure stops the rebase at the commit that
# breaks the UP build; the developer amends it and continues; the amended
# commit is verified again and the run ends bisectable.
. "$(dirname "$0")/lib.sh"
# The work tree is the machine's, shared with every later test: a run this
# test leaves stopped (it failed half-way) must not stop theirs.
cleanup() {
	[ "$(sql 'select state from runs' 2>/dev/null)" = stopped ] &&
		git -C "$(sql 'select work_dir from runs')" rebase --abort > /dev/null 2>&1
}

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up --stop-on-failure tests/fixtures/up-build-break \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run stops with exit 1"
sed 's/^/# /' "$scratch/run.out" | tail -10
like "$(cat "$scratch/run.out")" "Stopped at the first failing commit" "it says how to fix up"
is "$(sql 'select state from runs')" stopped "the run is marked stopped"
wt=$(sql 'select work_dir from runs')
ok "$(test -d "$(git -C "$wt" rev-parse --git-path rebase-merge)"; echo $?)" \
	"the rebase is left stopped in the work tree"
like "$("$BISECTABLE" first-bad --db "$db")" '^up: first bad 2/4 .* at build' "commit 2 is bad"

# The fix: put the CONFIG_SMP guard back in commit 2 (what commit 3 does,
# which then becomes empty and is dropped).
perl -0pi -e 's/(\n)(\t\/\* A wakeup queued for this CPU makes it busy too\. \*\/\n\tif \(rq->ttwu_pending\)\n\t\treturn 0;\n)/$1#ifdef CONFIG_SMP\n$2#endif\n/' \
	"$wt/kernel/sched/syscalls.c"
git -C "$wt" -c user.name=Dev -c user.email=dev@localhost commit -q -a --amend --no-edit
ok "$?" "the developer amends commit 2"
GIT_EDITOR=true git -C "$wt" -c user.name=Dev -c user.email=dev@localhost rebase --continue \
	> "$scratch/continue.out" 2>&1
is "$?" 0 "git rebase --continue verifies the rest"
sed 's/^/# /' "$scratch/continue.out" | tail -10
like "$("$BISECTABLE" first-bad --db "$db")" '^up: bisectable \(3/3 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: a failure in 50% or more of boots would have shown with 50% probability\)$' \
	"the amended series is bisectable; the emptied commit is gone"
is "$(sql 'select state from runs')" done "the run is done"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
