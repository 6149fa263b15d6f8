#!/bin/bash
# tier: quick (real kernels, up and smp, a planted failure at boot)
# A patch that makes sched_setscheduler(SCHED_FIFO) fail on UP only: it builds
# and boots everywhere; the smoke tests catch it on up, and only there.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up,smp tests/fixtures/up-fifo-break > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -12

out=$("$BISECTABLE" first-bad --db "$db")
like "$out" '^up: first bad 1/1 [0-9a-f]{7} "sched/rt: Refuse user SCHED_FIFO on UP" at test: fail: smoke.rt_fifo_rr: ' \
	"up: caught at stage test, naming the failing smoke test"
like "$out" '^smp: bisectable \(1/1 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed [0-9]+ of [0-9]+ boots?: .*\)$' "smp passes"
at1="join results r on r.id = t.result_id join commits c on c.id = r.commit_id
	where c.position = 1 and r.config = 'up'"
is "$(sql "select t.status from tests t $at1 and t.name = 'smoke.rt_fifo_rr'")" fail \
	"the rt_fifo_rr test row failed on up"
is "$(sql "select count(*) from tests t $at1 and t.name like 'smoke.%'
	and t.status in ('pass', 'skip')")" 9 "the nine other smoke tests pass on up"
is "$(sql "select group_concat(name, ' ') from (select t.name from tests t $at1
	and t.name like 'rt-tests.%' and t.status = 'fail' order by t.name)")" \
	"rt-tests.cyclictest rt-tests.pi_stress rt-tests.signaltest" \
	"the rt-tests programs that run at SCHED_FIFO fail there too, the others pass"
is "$(sql "select t.status from tests t join results r on r.id = t.result_id
	join commits c on c.id = r.commit_id where c.position = 0 and r.config = 'up'
	and t.name = 'smoke.rt_fifo_rr'")" pass "rt_fifo_rr passes at the base on up"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where c.position = 1 and r.config = 'up' and r.stage = 'boot'")" pass "the up kernel booted"
out=$("$BISECTABLE" show --db "$db" 1)
like "$out" 'up +test +fail .*smoke.rt_fifo_rr' "show prints the failing test cell of commit 1"
like "$out" 'smoke.rt_fifo_rr +fail' "and the failing smoke test row"
like "$("$BISECTABLE" runs --db "$db")" '^1 .* done .* up@1 ' "runs lists the run and its first bad"
"$BISECTABLE" report --db "$db" --format json -o "$scratch/r.json" > /dev/null
is "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["commits"]))' "$scratch/r.json")" 2 \
	"the JSON report has the base and the commit"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
