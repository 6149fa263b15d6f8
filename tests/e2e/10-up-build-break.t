#!/bin/bash
# tier: quick (real kernels, up and smp, a planted build break)
# A 4-commit series whose commit 2 breaks the UP build and commit 3 fixes it:
# the tip builds everywhere, but a bisect landing on commit 2 would not.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up,smp tests/fixtures/up-build-break > "$scratch/run.out" 2>&1
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
is "$out" "smp: bisectable (4/4 commits pass; 12 of 12 changed lines compiled; tip passed 1 of 1 boot: a failure in 50% or more of boots would have shown with 50% probability)" \
	"smp: every commit passes, and it compiled every changed line"

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
# Coverage (each build keeps its .config and the files its objects depend
# on): the 12 changed lines of C are compiled by up and by smp. Commit 1: 5
# in idle_cpu() (kernel/sched/syscalls.c, included by build_policy.c); 2:
# -#ifdef CONFIG_SMP, -#endif and a comment; 3: +#ifdef CONFIG_SMP, +#endif
# (directives: compiled whatever SMP is); 4: a comment line of core.c.
is "$(grep '^series:' "$scratch/run.out")" \
	"series: all 12 changed lines compiled by up,smp" \
	"the run ends with its coverage"
is "$(sql "select count(*) from kconfigs")" 10 \
	"a .config for each of the 10 builds (the base and 4 commits, up and smp)"
is "$(sql "select r.config || ' ' || c.position from kconfigs k join results r
	on r.id = k.result_id join commits c on c.id = r.commit_id where k.compiled is null")" \
	"up 2" "the failed build (up at commit 2) has no list of compiled files"
is "$(sql "select count(*) from kconfigs where dotconfig like '%#%'
	or dotconfig not like 'CONFIG_%'")" 0 "only the CONFIG_...= lines are kept"
is "$(sql "select group_concat(r.config, ' ') from kconfigs k join results r
	on r.id = k.result_id join commits c on c.id = r.commit_id
	where c.position = 1 and k.dotconfig like '%'||char(10)||'CONFIG_SMP=y'||char(10)||'%'")" \
	"smp" "CONFIG_SMP=y is in smp's .config, not up's"
is "$(sql "select count(*) from kconfigs where compiled like
	'%'||char(10)||'kernel/sched/rt.c'||char(10)||'%' and compiled like
	'%'||char(10)||'kernel/sched/syscalls.c'||char(10)||'%'")" 9 \
	"the 9 finished builds list rt.c and syscalls.c, which build_policy.c includes"

out=$("$BISECTABLE" coverage --db "$db"); rc=$?
is "$rc" 0 "coverage exits 0: every changed line was compiled"
is "$out" "12 of 12 changed lines compiled by at least one configuration (up, smp)
  up         12 of 12
  smp        12 of 12
  0 never compiled, 0 undecided (complex conditions, evaluated as far as they go)" \
	"coverage: 12 of 12, and 12 for each configuration"

# Had no object of commit 1's builds depended on syscalls.c, its 3 added
# lines (207, 208 and 211 of its post-image) would be compiled by neither;
# so would commit 2's 2 removed ones (214 and 217 of its pre-image, commit
# 1's: removed lines are judged at the parent). Commit 1's own removed lines
# are judged at the base, where it was compiled.
sql "update kconfigs set compiled = replace(compiled,
	char(10)||'kernel/sched/syscalls.c'||char(10), char(10)) where result_id in
	(select r.id from results r join commits c on c.id = r.commit_id
	where c.position = 1 and r.stage = 'build')"
sha1=$(sql "select substr(sha, 1, 12) from commits where position = 1")
sha2=$(sql "select substr(sha, 1, 12) from commits where position = 2")
out=$("$BISECTABLE" coverage --db "$db"); rc=$?
is "$rc" 1 "coverage exits 1 when a line was never compiled"
is "$out" "1/4 $sha1 sched/syscalls: Check nr_running first in idle_cpu()
  (file not built)  kernel/sched/syscalls.c:+207 +208 +211
2/4 $sha2 sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu()
  (file not built)  kernel/sched/syscalls.c:-214 -217

7 of 12 changed lines compiled by at least one configuration (up, smp)
  up         7 of 12
  smp        7 of 12
  5 never compiled, 0 undecided (complex conditions, evaluated as far as they go)" \
	"coverage lists them, grouped by commit, guard and file"

"$BISECTABLE" report --db "$db" --format json -o "$scratch/report.json" > /dev/null 2>&1
is "$(python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))["coverage"]
print(c["changed_lines"], c["compiled"], c["never_compiled"], c["compiled_by"]["up"],
      " ".join(l["side"][0] + str(l["line"]) for l in c["lines"]))' "$scratch/report.json")" \
	"12 7 5 7 a207 a208 a211 r214 r217" "the JSON report's coverage object"
"$BISECTABLE" report --db "$db" -o "$scratch/report.html" > /dev/null 2>&1
like "$(grep -A3 'id="coverage"' "$scratch/report.html")" \
	'7 of 12 changed lines compiled by at least one configuration \(up, smp\): up 7, smp 7' \
	"the HTML report has a Coverage section"
like "$(cat "$scratch/report.html")" '<code>kernel/sched/syscalls.c</code>: 5 lines never compiled' \
	"the HTML report lists the files with lines never compiled, folded"
like "$(cat "$scratch/report.html")" '<td>\+207 \+208 \+211</td>' \
	"and, inside, the lines never compiled at their commit"
"$BISECTABLE" report --db "$db" --format email -o "$scratch/mail.eml" > /dev/null 2>&1
mail=$(cat "$scratch/mail.eml")
like "$mail" '^Subject: Re: \[PATCH 2/4\] sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu\(\)' \
	"report --format email replies to patch 2/4"
like "$mail" '>> kernel/sched/syscalls.c:[0-9]+:[0-9]+: error: .*ttwu_pending' \
	"with the compiler's error marked as new, the work tree's path taken out"
[ -n "${BISECTABLE_SAMPLE_MAIL:-}" ] && printf '%s\n' "$mail" > "$BISECTABLE_SAMPLE_MAIL"
is "$(qemu_count)" 0 "no QEMU left running"
log=$(sql "select log_path from results r join commits c on c.id = r.commit_id
	where c.position = 2 and r.config = 'up' and r.stage = 'build'")
ok "$(test -s "$log"; echo $?)" "the failing build's log is kept"

# repair on a real kernel and a quilt series: commit 3's hunk moves into
# commit 2, commit 3 is left empty and dropped, the tip tree stays; the
# written series is then bisectable on both configurations.
"$BISECTABLE" repair --db "$db" -o "$scratch/repaired" > "$scratch/repair.out" 2>&1
is "$?" 0 "repair exits 0: the hole closed"
sed 's/^/# /' "$scratch/repair.out" | grep -v Rebasing | tail -8
like "$(cat "$scratch/repair.out")" '^tip tree: ([0-9a-f]{40}) before, \1 after \(the same\)$' \
	"the tip tree ids before and after are equal"
like "$(cat "$scratch/repair.out")" '^dropped: 3/4 "sched/syscalls: Restore the CONFIG_SMP guard around ttwu_pending"' \
	"the fix, left empty by the move, is dropped and said"
like "$(cat "$scratch/repaired/"0002-*.patch)" '^\[bisectable: moved the hunk at kernel/sched/syscalls.c:[0-9]+ from ' \
	"the changed commit says what moved into it"
"$BISECTABLE" run --flake-rate 0 --db "$scratch/repaired.db" --configs up,smp "$scratch/repaired" > "$scratch/rerun.out" 2>&1
is "$?" 0 "a fresh run of the repaired series exits 0"
out=$("$BISECTABLE" first-bad --db "$scratch/repaired.db")
is "$?" 0 "first-bad exits 0 on the repaired series: every changed line compiled"
like "$out" '^up: bisectable \(3/3 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: ' \
	"up is bisectable"
like "$out" '^smp: bisectable \(3/3 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: ' \
	"smp is bisectable"
like "$out" '^series: bisectable: all [0-9]+ changed lines compiled by up,smp$' \
	"both configurations are bisectable, and the series where every line was compiled"
is "$(qemu_count)" 0 "no QEMU left running after the repair"
done_testing
