#!/bin/bash
# A kernel that never reaches user space: the boot stage times out, the
# timeout is recorded, and no QEMU process is left behind.
. "$(dirname "$0")/lib.sh"

"$BISECTABLE" run --db "$db" --configs up --boot-timeout 20 tests/fixtures/boot-hang \
	> "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1"
sed 's/^/# /' "$scratch/run.out" | tail -6
out=$("$BISECTABLE" first-bad --db "$db")
like "$out" '^up: first bad 1/1 .* at boot: timeout: no ready marker within the boot timeout$' \
	"the hang is a boot timeout"
is "$(sql "select status from results where stage = 'test'")" skip "tests are skipped"
is "$(qemu_count)" 0 "no QEMU left running"
log=$(sql "select log_path from results where stage = 'boot'")
like "$(tail -c 2000 "$log")" 'BISECTABLE-BOOT-TIMEOUT' "the console log records the timeout"
done_testing
