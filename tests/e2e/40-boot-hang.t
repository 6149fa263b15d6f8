#!/bin/bash
# tier: full (a real kernel, two boot timeouts)
# A kernel that never reaches user space: the boot stage times out, it is
# tried again (--retries 1, the default), times out again, so the timeout is
# the commit's and is recorded, and no QEMU process is left behind.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up --boot-timeout 20 --confirm 1 tests/fixtures/boot-hang \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -6
out=$("$BISECTABLE" first-bad --db "$db")
like "$out" '^up: first bad 1/1 .* at boot: timeout: all 2 tries timed out; the last: no ready marker within the boot timeout; failed 1 of 1 boot \(unconfirmed\), parent passed 1 of 1; confidence 67%$' \
	"the hang is a boot timeout, on both tries"
at1="from results r join commits c on c.id = r.commit_id where c.position = 1"
is "$(sql "select r.status $at1 and r.stage = 'test'")" skip "tests are skipped"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where c.position = 0 and r.stage = 'boot'")" pass "the base boots"
is "$(qemu_count)" 0 "no QEMU left running"
log=$(sql "select r.log_path $at1 and r.stage = 'boot'")
like "$(tail -c 2000 "$log")" 'BISECTABLE-BOOT-TIMEOUT' "the console log records the timeout"
like "$(tail -c 2000 "$log.try1")" 'BISECTABLE-BOOT-TIMEOUT' "and the first try's, kept beside it"
done_testing
