#!/bin/bash
# tier: quick (fake kernel and QEMU)
# run --slurm: a private single-node Slurm (slurmctld and slurmd on this host,
# slurm.sh) runs one job per configuration; the submitting side merges their
# databases into one run whose verdict is the local run's. A job that is
# cancelled in the middle makes its configuration's missing cells errors,
# never passes, and the other configuration's verdict stands.
# Fake kernel and fake QEMU: nothing real is built or booted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
. "$(dirname "$0")/slurm.sh"
cleanup() {
	[ -n "${SLURM_CONF:-}" ] && scancel --name=bisectable-up --name=bisectable-smp 2> /dev/null
	stop_slurm
}
trap 'cleanup; [ "${tap_failed:-0}" -eq 0 ] && rm -rf "$scratch" || echo "# kept $scratch"' EXIT
export BISECTABLE_CACHE="$scratch/cache"
fake_machine
fake_broken_tip "$scratch/k"
opts=(--configs up,smp --suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong
      --boot-timeout 10)

# Derived configurations need every given one and the applied series: refused.
out=$(timeout 30 "$BISECTABLE" run --db "$scratch/auto.db" --slurm --configs up,auto \
	--repo "$scratch/k" base..broken-tip 2>&1)
is "$?" 2 "run --slurm --configs auto is refused"
like "$out" "configs auto: .*no single Slurm job" "and says why"

start_slurm "$scratch/slurm"
ok $? "a private Slurm is up (slurmctld, slurmd on 127.0.0.1)"

timeout 120 "$BISECTABLE" run --db "$scratch/ref.db" "${opts[@]}" --repo "$scratch/k" \
	base..broken-tip > "$scratch/ref.out" 2>&1
ref_rc=$?
ref_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/ref.db")

timeout 300 "$BISECTABLE" run --db "$db" --slurm --slurm-timeout 240 "${opts[@]}" \
	--distcc localhost/2 --results-remote redis://127.0.0.1:1 --repo "$scratch/k" \
	base..broken-tip > "$scratch/slurm.out" 2>&1
is "$?" "$ref_rc" "run --slurm ends as the local run does"
is "$(sqlite3 "$scratch"/slurm/*/up.db "select json_extract(options, '\$.distcc') from runs")" \
	localhost/2 "the jobs compile through the distcc hosts given"
is "$(sqlite3 "$scratch"/slurm/*/up.db "select results_remote from runs")" \
	redis://127.0.0.1:1 "and use the results store given (in their environment)"
for id in $(sed -n 's/^slurm: job \([0-9]*\) verifies.*/\1/p' "$scratch/slurm.out"); do
	scontrol show job "$id"
done > "$scratch/jobs.txt" 2>&1
ok "$(grep -q 'Command=.*--distcc' "$scratch/jobs.txt" && ! grep -q 'redis://' "$scratch/jobs.txt"
	echo $?)" "which is not on their command line (a URL may hold a password)"
sed 's/^/# /' "$scratch/slurm.out" | grep -v Rebasing | head -8
is "$(grep -c '^slurm: job [0-9]* verifies' "$scratch/slurm.out")" 2 "one job per configuration"
is "$(timeout 30 "$BISECTABLE" first-bad --db "$db")" "$ref_verdict" \
	"its verdict is the local run's"
is "$(sql "select count(*) || ' ' || configs from runs")" "1 up,smp" "one run, both configurations"
is "$(sql "select json_extract(options, '\$.configs') from runs")" '["up","smp"]' \
	"its options name both configurations, not only the first job's"
is "$(sql "select count(*) from results")" \
	"$(sqlite3 "$scratch/ref.db" "select count(*) from results")" "as many results as locally"
is "$(sql "select group_concat(config || ':' || status, ' ') from (select r.config, r.status
	from results r join commits c on c.id = r.commit_id where r.stage = 'build'
	order by c.position, r.config)")" \
	"$(sqlite3 "$scratch/ref.db" "select group_concat(config || ':' || status, ' ') from
	(select r.config, r.status from results r join commits c on c.id = r.commit_id
	where r.stage = 'build' order by c.position, r.config)")" "the same cells, cell by cell"
# The report: the same JSON (the model the HTML report renders), but for what
# says when, where and how long (times, ids, options, durations; the jobs'
# own directories in paths).
report_of() {
	timeout 60 "$BISECTABLE" report --db "$1" --format json -o - | python3 -c '
import json, re, sys
drop = {"duration", "started_at", "ended_at", "recorded_at", "id", "log_path", "work_dir",
        "options", "cached_from", "host", "tool_version",
        "restored_mtimes"}  # locally both configurations share a tree, restored once
def norm(x):
    if isinstance(x, dict):
        return {k: norm(v) for k, v in x.items() if k not in drop}
    if isinstance(x, list):
        return [norm(v) for v in x]
    if isinstance(x, str):
        # The work tree, build directory and logs of a job: named after it.
        x = re.sub(r"-slurm-[0-9]{8}T[0-9]{6}Z-[0-9]+-(up|smp)", "", x)
        x = re.sub(r"/logs/(up|smp)/run-", "/logs/run-", x)  # a second job: logs/NAME
        return re.sub(r"/slurm/[0-9]{8}T[0-9]{6}Z-[0-9]+/", "/", x)
    return x
print(json.dumps(norm(json.load(sys.stdin)), sort_keys=True, indent=1))'
}
report_of "$scratch/ref.db" > "$scratch/ref.json"
report_of "$db" > "$scratch/slurm.json"
diff "$scratch/ref.json" "$scratch/slurm.json" > "$scratch/report.diff"
ok $? "its report is the local run's (JSON, times, ids and paths aside)"
head -20 "$scratch/report.diff" | sed 's/^/# /'
ok "$(grep -c '"status"' "$scratch/slurm.json" | grep -qv '^0$'; echo $?)" \
	"and the report has results in it"
ls -d "$BISECTABLE_CACHE"/work/k-*-slurm-*-up "$BISECTABLE_CACHE"/work/k-*-slurm-*-smp \
	> /dev/null 2>&1
ok $? "each job had a work tree of its own"

# A job cancelled in the middle of its run.
building() { pgrep -f fake-kbuild-marker > /dev/null; }
FAKE_BUILD_SECONDS=3 timeout 300 "$BISECTABLE" run --db "$scratch/fail.db" --slurm \
	--slurm-timeout 240 "${opts[@]}" --repo "$scratch/k" base..tip > "$scratch/fail.out" 2>&1 &
pid=$!
end=$((SECONDS + 60))
until building || [ "$SECONDS" -ge "$end" ]; do sleep 0.2; done
scancel --name=bisectable-smp
wait "$pid"
rc=$?
ok "$([ "$rc" -ne 0 ]; echo $?)" "a run with a cancelled job does not pass (exit $rc)"
sed 's/^/# /' "$scratch/fail.out" | grep -v Rebasing | head -8
v=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/fail.db")
like "$v" "up: bisectable \(3/3" "the other configuration's verdict stands"
like "$v" "smp: incomplete" "the cancelled one is not bisectable"
ok "$(sqlite3 "$scratch/fail.db" "select count(*) from results where config = 'smp'
	and status = 'error' and evidence like 'Slurm job % failed%'" | grep -qv '^0$'; echo $?)" \
	"its missing cells are errors naming the job"
is "$(sqlite3 "$scratch/fail.db" "select count(*) from results where config = 'smp'
	and stage = 'test'")" 4 "every smp commit has a test result: done, or an error"
done_testing
