#!/bin/bash
# tier: quick (fake kernel and QEMU)
# A kernel message in the middle of the guest's protocol: the serial console
# writes a message whole between two pieces of a tty's output, so a real
# console can show "BISECTABLE-E[    8.752590] random: crng init done" and
# "ND 0" on the next line. The fake QEMU (FAKE_QEMU_SPLICE=1) cuts every
# line and prompt so: the ready line, the prompt, each KTAP line and each
# end marker. Every boot and test must still pass (expect's patterns and
# ktap.c join the pieces), with the CPUs the guest reported and its figures;
# not a boot or test timeout, which is what a missed marker looks like.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_machine
opts=(--configs up,smp --suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong
      --boot-timeout 10 --test-timeout 10 --retries 0)

FAKE_QEMU_SPLICE=1 timeout 120 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$scratch/k" \
	base..tip > "$scratch/out" 2>&1
is "$?" 0 "a console cut by kernel messages: the run passes"
sed 's/^/# /' "$scratch/out" | grep -v Rebasing | tail -4
log=$(ls "$scratch"/logs/run-1/000-*/smp-console.log 2> /dev/null | head -1)
like "$(cat "$log")" "BISECTABLE-[[] +[0-9]+\.752590[]] random: crng init done" \
	"the console really was cut in the ready line"
like "$(cat "$log")" "^LE-END 0" "and in the end marker"
is "$(sql "select count(*) from results where stage in ('boot', 'test') and status != 'pass'")" 0 \
	"no boot or test timed out"
is "$(sql "select count(*) from tests where status = 'pass'")" \
	"$(sql "select 2 * count(*) from results where stage = 'test'")" "every test passed"
is "$(sql "select group_concat(distinct cast(value as int)) from metrics where name = 'fake_ns'")" \
	100 "their figures were read"
is "$(sql "select count(*) from results where stage = 'boot' and status = 'pass'
	and config = 'smp'")" 4 "smp's guests were seen with 2 CPUs (a cut cpus= would fail the boot)"
done_testing
