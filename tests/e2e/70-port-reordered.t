#!/bin/bash
# tier: full (the shipped port's 21 files rebuilt)
# The port with its PATCH 19 form moved after PATCH 20 (tests/fixtures/port-reordered):
# the tip is the port's tip and builds everywhere, but commit 3 uses the root
# domain and sched_domains_mutex on UP before they exist there. bisectable must
# name commit 3 and the build stage, and stop there.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up --stop-on-failure tests/fixtures/port-reordered \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1: the reordered port is not bisectable on UP"
sed 's/^/# /' "$scratch/run.out" | tail -12

out=$("$BISECTABLE" first-bad --db "$db" --config up)
is "$?" 1 "first-bad --config up exits 1"
like "$out" '^up: first bad 3/11 [0-9a-f]{7} "sched/smp: Make SMP unconditional" at build: fail: ' \
	"up: first bad is commit 3 (PATCH 20 before its prerequisite), at build"
like "$out" 'def_root_domain|sched_domains_mutex|topology|partition_sched_domains' \
	"the evidence is the compiler's or linker's complaint about the missing prerequisite"
is "$(sql "select count(*) from results r join commits c on c.id = r.commit_id
	where c.position in (0, 1, 2) and r.status = 'pass'")" 12 \
	"the base and commits 1 and 2 pass apply, build, boot and test"
is "$(sql "select count(*) from results r join commits c on c.id = r.commit_id
	where c.position > 3")" 0 "nothing after commit 3 was verified (--stop-on-failure)"
is "$(sql 'select state from runs')" stopped "the run is marked stopped"
wt=$(sql 'select work_dir from runs')
git -C "$wt" rebase --abort
ok "$?" "the stopped rebase can be given up"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
