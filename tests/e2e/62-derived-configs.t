#!/bin/bash
# tier: full (real kernels, a derived configuration)
# A 2-commit series whose commit 2 has a typo inside #ifdef CONFIG_RT_GROUP_SCHED,
# a symbol up and smp leave off: up,smp call it bisectable; --configs auto
# derives a configuration with RT_GROUP_SCHED=y from the diff, and that one
# names commit 2 at build. The derived configuration is built, not booted.
. "$(dirname "$0")/lib.sh"
series=tests/fixtures/rt-group-typo

out=$("$BISECTABLE" configs "$series" 2>&1)
is "$?" 0 "configs SERIES exits 0 (no build, no work tree)"
like "$out" 'RT_GROUP_SCHED +y +auto-1' "RT_GROUP_SCHED=y is covered by a derived configuration"
like "$out" 'RT_GROUP_SCHED +n +up,smp' "RT_GROUP_SCHED=n is covered by up and smp"
like "$out" 'CONFIG_RT_GROUP_SCHED=y' "the derived fragment sets it"
like "$out" '2 commits, 3 changed lines, 0 guarded by no symbol, 1 symbol, in [0-9.]+ s' \
	"it says how long it took"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up,smp "$series" > "$scratch/run1.out" 2>&1
is "$?" 0 "run --configs up,smp exits 0: bisectable for what it builds"
sed 's/^/# /' "$scratch/run1.out" | tail -8
like "$(cat "$scratch/run1.out")" "series: bisectable where compiled: 3 changed lines never built \\(0 of 3 compiled by up,smp; see 'bisectable coverage'\\)" \
	"the run says none of the 3 changed lines was compiled: bisectable where compiled"
like "$(cat "$scratch/run1.out")" 'up: bisectable \(2/2 commits pass; 0 of 3 changed lines compiled' \
	"up's verdict line says it compiled none of them"
"$BISECTABLE" first-bad --db "$db" --run 1 > /dev/null
is "$?" 3 "first-bad exits 3 for a series bisectable where compiled"
out=$("$BISECTABLE" coverage --db "$db" --run 1)
is "$?" 1 "coverage --run 1 exits 1: some lines were never compiled"
like "$out" 'RT_GROUP_SCHED=y +kernel/sched/rt.c:.*\+[0-9]+' "it lists the typo's line under RT_GROUP_SCHED=y"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs auto "$series" > "$scratch/run2.out" 2>&1
is "$?" 1 "run --configs auto exits 1: not bisectable"
sed 's/^/# /' "$scratch/run2.out" | tail -12
like "$(cat "$scratch/run2.out")" 'derived configuration: auto-1' "the run says what it derived"
out=$("$BISECTABLE" coverage --db "$db" --run 2)
is "$?" 0 "coverage --run 2 exits 0: with auto-1, every changed line is compiled"
like "$out" '3 of 3 changed lines compiled by at least one configuration \(up, smp, auto-1\)' \
	"3 of 3, by up, smp and auto-1"

out=$("$BISECTABLE" first-bad --db "$db" --config auto-1)
is "$?" 1 "first-bad --config auto-1 exits 1"
like "$out" '^auto-1: first bad 2/2 [0-9a-f]{7} "sched/rt: Drop the boosted count of a group in dec_rt_group\(\)" at build: fail: kernel/sched/rt.c:[0-9]+:[0-9]+: error: .*rt_nr_bosted' \
	"auto-1: commit 2 at build, with the compiler's error"
is "$(sql "select group_concat(config || ':' || origin || ':' || stages, ' ') from
	(select * from run_configs where run_id = 2 order by config)")" \
	"auto-1:derived:2 smp:given:4 up:given:4" "run_configs: auto-1 derived, built only"
is "$(sql "select count(*) from results r where r.run_id = 2 and r.config = 'auto-1'
	and r.stage in ('boot', 'test') and r.status != 'skip'")" 0 \
	"the derived configuration is not booted (only 'not run: build failed' at commit 2)"
is "$(sql "select count(*) from results r where r.run_id = 2 and r.config in ('up', 'smp')
	and r.cached_from is not null")" 18 \
	"up and smp are reused from run 1 (build, boot, test: 3 positions x 2 x 3)"
dir=$(sql "select json_extract(options, '$.configs_dir') from runs where id = 2")
like "$(cat "$dir/auto-1.config" 2>&1)" '^# Derived by bisectable from /.*/tests/fixtures/rt-group-typo: covers RT_GROUP_SCHED=y' \
	"the fragment is written in configs/auto/<run>/ with what it covers"
ok "$(test -s "$dir/base.config" && test -s "$dir/up.config"; echo $?)" \
	"the given fragments are copied beside it"
is "$(sql "select bisectable from verdict where run_id = 2 order by config")" \
	"$(printf 'no\nyes\nyes')" "the verdict view: auto-1 not bisectable, smp and up are"
rm -rf "$dir"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
