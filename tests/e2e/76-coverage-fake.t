#!/bin/bash
# tier: quick (fake kernel)
# Coverage on a fake kernel (nothing real is built: its .config is the merged
# fragments; its build fails on a tree with a file named 'broken', so the
# build is reused from the result cache by a second run): each build keeps
# its .config, a build reused from the cache gets a copy of it, and coverage
# judges both runs alike. The one commit of the range adds file4.c:
#   1 #ifdef CONFIG_SMP / 2 int smp_only; / 3 #endif /
#   4 #ifdef CONFIG_FAKE_FEATURE / 5 int typo / 6 #endif
# up (CONFIG_SMP=n) compiles 1, 3, 4, 6; smp 1 to 4 and 6; line 5 neither.
# A failed build has no list of compiled files: guards alone judge it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel_broken "$scratch/k"
fake_git "$scratch/k" tag broken
printf '#ifdef CONFIG_SMP\nint smp_only;\n#endif\n#ifdef CONFIG_FAKE_FEATURE\nint typo\n#endif\n' \
	> "$scratch/k/file4.c"
fake_git "$scratch/k" add file4.c
fake_git "$scratch/k" commit -q -m "file4: a typo under CONFIG_FAKE_FEATURE"

run() {
	timeout 120 "$BISECTABLE" run --db "$db" --configs up,smp --boot-timeout 5 --no-base \
		--repo "$scratch/k" broken..HEAD > "$scratch/run$1.out" 2> "$scratch/run$1.err"
}
run 1
sed 's/^/# /' "$scratch/run1.out"
is "$(tail -1 "$scratch/run1.out")" \
	"series: 5 of 6 changed lines compiled by up,smp; 1 changed line never built (see 'bisectable coverage')" \
	"the run's last line is the series' coverage"
is "$(sql "select count(*) from kconfigs k join results r on r.id = k.result_id
	where r.run_id = 1 and k.compiled is null")" 2 \
	"a .config for each of the 2 builds, no compiled files (failed builds)"
is "$(sql "select k.dotconfig from kconfigs k join results r on r.id = k.result_id
	join commits c on c.id = r.commit_id where r.run_id = 1 and c.position = 1
	and r.config = 'up'" | grep -c '^CONFIG_SMP=n$')" 1 "up's .config has CONFIG_SMP=n"

sha=$(sql "select substr(sha, 1, 12) from commits where run_id = 1 and position = 1")
expected="1/1 $sha file4: a typo under CONFIG_FAKE_FEATURE
  FAKE_FEATURE=y  file4.c:+5

5 of 6 changed lines compiled by at least one configuration (up, smp)
  up         4 of 6
  smp        5 of 6
  1 never compiled, 0 undecided (complex conditions, evaluated as far as they go)"
out=$("$BISECTABLE" coverage --db "$db" --run 1); rc=$?
is "$rc" 1 "coverage exits 1: a line was never compiled"
is "$out" "$expected" "coverage lists the typo under FAKE_FEATURE; up 4, smp 5"

run 2
is "$(sql "select count(*) from kconfigs k join results r on r.id = k.result_id
	where r.run_id = 2 and r.stage = 'build' and r.cached_from is not null")" 2 \
	"the second run reuses the 2 builds from the cache, each with a copy of its .config"
sha=$(sql "select substr(sha, 1, 12) from commits where run_id = 2 and position = 1")
expected="1/1 $sha file4: a typo under CONFIG_FAKE_FEATURE${expected#*CONFIG_FAKE_FEATURE}"
is "$("$BISECTABLE" coverage --db "$db")" "$expected" "and is judged the same"
sql "delete from kconfigs where result_id in (select id from results where run_id = 1)"
is "$("$BISECTABLE" coverage --db "$db" 2>&1)" "$expected" \
	"the copies stand on their own when the origins' rows are gone"
is "$("$BISECTABLE" coverage --db "$db" --run 1 2>&1; echo "rc=$?")" \
	"bisectable: error: run 1 has no build's .config recorded (bisectable keeps them since schema version 5): nothing to judge
rc=2" "a run without .config rows is an error, said so"

# The same commit on a tree that builds: bisectable, but only where compiled.
. "$(dirname "$0")/fake-qemu.sh"
fake_host
fake_kernel "$scratch/k2"
cp "$scratch/k/file4.c" "$scratch/k2/file4.c"
fake_git "$scratch/k2" add file4.c
fake_git "$scratch/k2" commit -q -m "file4: a typo under CONFIG_FAKE_FEATURE"
timeout 120 "$BISECTABLE" run --db "$db" --configs up,smp --boot-timeout 10 --no-base \
	--suites smoke --tests smoke.fork_exec_wait --flake-rate 0 --repo "$scratch/k2" tip..HEAD > "$scratch/run3.out" 2> "$scratch/run3.err"
is "$?" 0 "a run bisectable where compiled exits 0 (first-bad is the question)"
sed 's/^/# /' "$scratch/run3.out"
is "$(tail -1 "$scratch/run3.out")" \
	"series: bisectable where compiled: 1 changed line never built (5 of 6 compiled by up,smp; see 'bisectable coverage')" \
	"the series line: bisectable only where compiled"
like "$(cat "$scratch/run3.out")" "up: bisectable \\(1/1 commits pass; 4 of 6 changed lines compiled" \
	"up's verdict line gives its own figure"
like "$(cat "$scratch/run3.out")" "smp: bisectable \\(1/1 commits pass; 5 of 6 changed lines compiled" \
	"and smp's its own"
"$BISECTABLE" first-bad --db "$db" > /dev/null
is "$?" 3 "first-bad exits 3: bisectable where compiled"
"$BISECTABLE" first-bad --db "$db" --require-coverage 80% > /dev/null
is "$?" 0 "first-bad --require-coverage 80% exits 0 (5 of 6 compiled)"
"$BISECTABLE" first-bad --db "$db" --require-coverage 90% > /dev/null
is "$?" 3 "and --require-coverage 90% exits 3"
"$BISECTABLE" first-bad --db "$db" --config up > /dev/null
is "$?" 0 "first-bad --config up: one configuration's verdict, no series line"

# A commit that changes arm64's code only, run on x86_64: its lines are
# never counted as compiled, and coverage names the --arch that would be.
mkdir -p "$scratch/k2/arch/arm64/kernel"
printf 'void arm64_only(void)\n{\n}\n' > "$scratch/k2/arch/arm64/kernel/only.c"
fake_git "$scratch/k2" add arch/arm64/kernel/only.c
fake_git "$scratch/k2" commit -q -m "arm64: add arm64_only()"
timeout 120 "$BISECTABLE" run --db "$db" --configs up,smp --boot-timeout 10 --no-base \
	--suites smoke --tests smoke.fork_exec_wait --flake-rate 0 --repo "$scratch/k2" \
	HEAD~1..HEAD > "$scratch/run4.out" 2> "$scratch/run4.err"
is "$(tail -1 "$scratch/run4.out")" \
	"series: bisectable where compiled: 3 changed lines never built (0 of 3 compiled by up,smp; see 'bisectable coverage')" \
	"an arm64-only commit on x86_64: bisectable where compiled, none of its lines built"
like "$("$BISECTABLE" coverage --db "$db")" \
	'\(file not built\)  arch/arm64/kernel/only.c:\+1 \+2 \+3  \(another architecture.s: --arch arm64\)' \
	"coverage names --arch arm64 for them"
done_testing
