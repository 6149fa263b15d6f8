#!/bin/bash
# tier: full (real kernels, three suites)
# Issue 11's planted breakages, on the real kernel:
#   commit 1 makes every pipe write on UP two microseconds slower: it builds,
#     boots and passes every test, so the functional verdict does not name it,
#     but the performance verdict does (pipe_rtt_ns, up only);
#   commit 2 leaves the waiter of a PI futex asleep on UP: only rt-tests'
#     pi_stress uses PI futexes, and its watchdog calls it a deadlock.
# smp passes both, functionally and in performance. The kernel's own futex
# selftests, built once from the base tree, run at every commit too, and so
# does Debian's perf (the perf suite): its pipe figure sees commit 1 too.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --confirm 1 --db "$db" --configs up,smp --suites smoke,rt-tests,selftests,perf \
	tests/fixtures/up-pi-break > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1: not bisectable"
sed 's/^/# /' "$scratch/run.out" | tail -12

out=$("$BISECTABLE" first-bad --db "$db")
like "$out" '^up: first bad 2/2 [0-9a-f]{7} "locking/rtmutex: Release a PI futex without hand-over on UP" at test: fail: rt-tests.pi_stress' \
	"up: the functional verdict names commit 2, at the test stage, by pi_stress"
like "$out" '^smp: bisectable \(2/2 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed [0-9]+ of [0-9]+ boots?: .*\)$' "smp passes"
at() {	# at POSITION CONFIG TEST: that test's status
	sql "select t.status from tests t join results r on r.id = t.result_id
		join commits c on c.id = r.commit_id where c.position = $1
		and r.config = '$2' and t.name = '$3'"
}
is "$(at 1 up rt-tests.pi_stress)" pass "pi_stress passes on up before commit 2"
is "$(at 2 smp rt-tests.pi_stress)" pass "and on smp at commit 2"
is "$(sql "select count(*) from tests t join results r on r.id = t.result_id
	join commits c on c.id = r.commit_id where c.position = 2 and r.config = 'up'
	and t.name like 'smoke.%' and t.status in ('pass', 'skip')")" 10 \
	"every smoke test passes at commit 2 on up: only the suite catches it"

out=$("$BISECTABLE" first-bad --db "$db" --config up --metric pipe_rtt_ns --threshold 5%)
is "$?" 1 "first-bad --metric pipe_rtt_ns exits 1 on up"
like "$out" '^up: pipe_rtt_ns regressed at 1/2 [0-9a-f]{7} "pipe: Let the reader catch up on UP"' \
	"the performance verdict names commit 1, which passes every test"
out=$("$BISECTABLE" first-bad --db "$db" --config smp --metric pipe_rtt_ns --threshold 5%)
is "$?" 0 "and no move past 5% on smp"
out=$("$BISECTABLE" regressions --db "$db")
is "$?" 1 "regressions exits 1"
like "$out" '^up: pipe_rtt_ns regressed at 1/2 ' "regressions lists pipe_rtt_ns on up at commit 1"
ok "$(printf '%s\n' "$out" | grep -q '^smp: pipe_rtt_ns'; echo $((!$?)))" \
	"and not on smp"
is "$(sql "select count(*) from metrics where name = 'hackbench_s' and unit = 's'
	and better = 'lower' and spread_pct is not null")" 6 \
	"hackbench_s has its unit, direction and spread at every boot"
"$BISECTABLE" report --db "$db" --format json -o "$scratch/r.json" > /dev/null
is "$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print(json.dumps(d, sort_keys=True).count("pipe_rtt_ns") > 0 and "regressions" in json.dumps(d))' "$scratch/r.json")" True \
	"the JSON report carries the performance regression"
is "$(at 0 up selftests.futex)" pass "the futex selftests pass at the base on up"
is "$(at 0 smp selftests.futex)" pass "and on smp"
ok "$(test "$(sql "select count(*) from tests where name like 'selftests.futex.%'")" -gt 100; echo $?)" \
	"each of their programs is a subtest row (selftests.futex.NAME)"
like "$(ls "$HOME/.cache/bisectable/suites/" 2>/dev/null)" '^selftests-[0-9a-f]{16}\.cpio\.gz$' \
	"the selftests piece is cached by the base tree"
for c in up smp; do
	is "$(at 0 $c perf.pipe)" pass "Debian's perf bench sched pipe runs in the guest on $c"
	is "$(at 0 $c perf.messaging)" pass "and perf bench sched messaging (over pipes)"
done
is "$(sql "select count(*) from metrics where name = 'perf_sched_pipe_s' and unit = 's'
	and better = 'lower' and spread_pct is not null")" 6 \
	"perf_sched_pipe_s has its unit, direction and spread at every boot"
out=$("$BISECTABLE" first-bad --db "$db" --config up --metric perf_sched_pipe_s --threshold 5%)
like "$out" '^up: perf_sched_pipe_s regressed at 1/2 ' \
	"perf's pipe figure names commit 1 on up, as pipe_rtt_ns does"
like "$(ls "$HOME/.cache/bisectable/suites/" 2>/dev/null)" 'perf-[0-9a-f]{16}\.cpio\.gz' \
	"the perf piece is cached"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
