#!/bin/bash
# A 4-commit series whose commit 2 breaks the UP build and commit 3 fixes it:
# the tip builds everywhere, but a bisect landing on commit 2 would not.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --db "$db" --configs up,smp tests/fixtures/up-build-break > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1: the series is not bisectable"
sed 's/^/# /' "$scratch/run.out" | tail -30

out=$("$BISECTABLE" first-bad --db "$db" --config up)
is "$?" 1 "first-bad --config up exits 1"
like "$out" '^up: first bad 2/4 [0-9a-f]{7} "sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu\(\)" at build: fail: kernel/sched/syscalls.c:[0-9]+:[0-9]+: error: .*ttwu_pending' \
	"up: first bad is commit 2 at build, with the compiler's error as evidence"
like "$out" '^up: hole: 2/4 does not build \(fixed by 3/4\)$' \
	"up: commit 3 fixes the build: a bisection hole at 2/4"

out=$("$BISECTABLE" first-bad --db "$db" --config smp)
is "$?" 0 "first-bad --config smp exits 0"
is "$out" "smp: bisectable (4/4 commits pass)" "smp: every commit passes"

is "$(sql "select config || ' ' || position || ' ' || stage from first_bad")" "up 2 build" \
	"the first_bad view answers without the tool"
is "$(sql "select count(*) from results r join commits c on c.id = r.commit_id
	where r.config = 'up' and c.position in (1, 3, 4) and r.status = 'pass'")" 12 \
	"up: commits 1, 3 and 4 pass apply, build, boot and test"
is "$(sql "select count(*) from tests t join results r on r.id = t.result_id
	where r.config = 'smp' and t.status in ('pass', 'skip')")" 75 \
	"smp: the 10 smoke and 5 rt-tests tests pass at the base and each of the 4 commits"
is "$(sql "select group_concat(cell, ' ') from (select r.config || '=' || r.status as cell
	from results r join commits c on c.id = r.commit_id where c.position = 0
	and r.stage = 'test' order by r.config)")" "smp=pass up=pass" \
	"the base is verified first, as position 0"
is "$(sql "select count(*) from metrics m join commits c on c.id = m.commit_id
	where m.name = 'pipe_rtt_ns' and m.value > 0")" 9 \
	"a pipe round-trip metric for every booted commit x configuration (9)"
is "$(sql "select count(*) from results where cached_from is not null and stage = 'boot'")" 2 \
	"the comment-only commit 4 reuses the boot of the byte-identical image of commit 3"
is "$(sql "select count(distinct value) from metrics where name = 'warnings'")" 1 \
	"the warning count is the same at every commit (no new warnings)"
is "$(sql "select state from runs")" "done" "the run is marked done"
is "$(qemu_count)" 0 "no QEMU left running"
log=$(sql "select log_path from results r join commits c on c.id = r.commit_id
	where c.position = 2 and r.config = 'up' and r.stage = 'build'")
ok "$(test -s "$log"; echo $?)" "the failing build's log is kept"
done_testing
