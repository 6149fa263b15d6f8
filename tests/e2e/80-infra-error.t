#!/bin/bash
# tier: full (a real kernel)
# QEMU killed in the middle of a boot is the machine's fault, not the commit's:
# with --retries 0 it is recorded as error with its cause, first-bad says the
# run is incomplete, and a later run does not reuse it (it boots again); with
# the default --retries 1 the boot is tried again and the commit passes, the
# killed try's console kept beside the new one.
#
# The series is up-fifo-break on up without rt_fifo_rr (it passes there), and
# without the base, so the only QEMUs of this test are commit 1's; they are
# told from any other QEMU by their pid file, which is under $scratch.
. "$(dirname "$0")/lib.sh"

tests=fork_exec_wait,pipe_pingpong
run_args=(--configs up --tests "$tests" --no-base tests/fixtures/up-fifo-break)

# kill_qemus N PID: kill -9 the first N QEMUs of this test as soon as each
# appears (the boot and these two tests take ~2 s under TCG, so waiting
# would miss it), while the run PID is alive. Their pids go to killed.
kill_qemus() {
	local n=$1 run=$2 pid seen=""

	: > "$scratch/killed"
	while [ "$n" -gt 0 ] && kill -0 "$run" 2>/dev/null; do
		# Anchored: expect's own command line holds QEMU's too.
		pid=$(pgrep -f "^qemu-system-x86_64 .*-pidfile $scratch/" | head -1)
		if [ -n "$pid" ] && [ "$pid" != "$seen" ]; then
			kill -9 "$pid" 2>/dev/null && echo "$pid" >> "$scratch/killed"
			seen=$pid
			n=$((n - 1))
		fi
		sleep 0.05
	done
}

at1="from results r join commits c on c.id = r.commit_id where c.position = 1
	and r.stage in ('boot', 'test')"

# 1. No retry: the killed boot is an error, with its cause.
"$BISECTABLE" run --flake-rate 0 --db "$db" --retries 0 "${run_args[@]}" > "$scratch/a.out" 2>&1 &
run=$!
kill_qemus 1 "$run"
wait "$run"
is "$?" 1 "run 1 exits 1: commit 1 is not verified"
sed 's/^/# /' "$scratch/a.out" | tail -6
is "$(wc -l < "$scratch/killed")" 1 "one QEMU was killed"
is "$(sql "select count(*) $at1 and c.run_id = 1 and r.status = 'error'")" 1 \
	"the killed boot is recorded as one error (boot, or test if the guest was up)"
like "$(sql "select r.evidence $at1 and c.run_id = 1 and r.status = 'error'")" \
	'QEMU exited without a guest verdict' "its evidence is the cause"
like "$("$BISECTABLE" first-bad --db "$db")" \
	'^up: incomplete: 0/1 commits verified and passing \(run done; 1 error: 1/1 (boot|test): QEMU exited' \
	"first-bad: incomplete, naming the error, not a first bad commit"

# 2. The same series again: the error is not reused; the commit boots and passes.
"$BISECTABLE" run --flake-rate 0 --db "$db" "${run_args[@]}" > "$scratch/b.out" 2>&1
is "$?" 0 "run 2 exits 0"
sed 's/^/# /' "$scratch/b.out" | tail -6
is "$(sql "select count(*) $at1 and c.run_id = 2 and r.status = 'pass'
	and r.cached_from is null")" 2 "boot and test were done again, not copied from the error"
like "$("$BISECTABLE" first-bad --db "$db")" '^up: bisectable \(1/1 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed [0-9]+ of [0-9]+ boots?: .*\)$' \
	"first-bad: bisectable"

# 3. A new database, the default retry: the killed boot is tried again and passes.
db="$scratch/retry.db"
"$BISECTABLE" run --flake-rate 0 --db "$db" "${run_args[@]}" > "$scratch/c.out" 2>&1 &
run=$!
kill_qemus 1 "$run"
wait "$run"
is "$?" 0 "run with a retry exits 0"
sed 's/^/# /' "$scratch/c.out" | tail -6
like "$(cat "$scratch/c.out")" 'error: .*QEMU exited.*trying again \(try 2 of 2\)' \
	"the progress line says it tries again, and why"
is "$(sql "select count(*) $at1 and r.status = 'pass'")" 2 "the retry's boot and test pass"
log=$(sql "select r.log_path $at1 and r.stage = 'boot'")
ok "$([ -e "$log.try1" ]; echo $?)" "the killed try's console is kept as $log.try1"
like "$("$BISECTABLE" first-bad --db "$db")" '^up: bisectable \(1/1 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed [0-9]+ of [0-9]+ boots?: .*\)$' \
	"first-bad: bisectable"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
