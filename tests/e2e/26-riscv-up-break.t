#!/bin/bash
# tier: full (riscv64 kernels cross-built, busybox from source)
# A riscv-only hole, cross-built and booted for real: commit 1 of
# tests/fixtures/riscv-up-break breaks the riscv64 build with SMP off (a
# line under #ifndef CONFIG_SMP in arch/riscv/), commit 2 fixes it. x86_64
# never compiles the line and riscv64 with SMP on never does either. With
# nothing but --configs auto, bisectable derives the riscv64 UP
# configuration from the diff, cross-builds it with Debian's
# riscv64-linux-gnu-gcc, boots it (--boot auto) in qemu-system-riscv64
# (OpenSBI), and names the hole there and nowhere else.
. "$(dirname "$0")/lib.sh"

# The guest: Debian's busybox source cross-built (cached after the first).
make -s guest/initramfs-riscv64.cpio > "$scratch/guest.out" 2>&1
is "$?" 0 "riscv64's guest is built"
sed 's/^/# /' "$scratch/guest.out" | tail -5

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs auto --boot auto --suites smoke \
	tests/fixtures/riscv-up-break > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1 (the planted hole)"
sed 's/^/# /' "$scratch/run.out" | tail -30
out=$("$BISECTABLE" first-bad --db "$db")
echo "$out" | sed 's/^/# /'
like "$out" '^riscv64\+up: hole: 1/2 does not build \(fixed by 2/2\)' \
	"the hole is named on riscv64+up, derived by itself"
is "$(echo "$out" | grep -v '^riscv64+up: ' | grep -c 'hole\|first bad')" 0 "and nowhere else"
like "$out" '^up: bisectable \(2/2 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: ' "x86_64 up passes"
like "$out" '^smp: bisectable \(2/2 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: ' "x86_64 smp passes"
log=$(sql "select log_path from results r join commits c on c.id = r.commit_id
	where r.config = 'riscv64+up' and c.position = 1 and r.stage = 'build'")
ok "$(grep -q 'arch/riscv/.*error' "$log" 2>/dev/null; echo $?)" \
	"its build log has the compiler's error in arch/riscv/"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where r.config = 'riscv64+up' and c.position = 0 and r.stage = 'boot'")" pass \
	"the riscv64 UP kernel booted at the base"
is "$(sql "select t.status from tests t join results r on r.id = t.result_id
	join commits c on c.id = r.commit_id where r.config = 'riscv64+up'
	and c.position = 2 and t.name = 'smoke.fork_exec_wait'")" pass \
	"and the smoke tests ran in it at the tip"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where r.config = 'riscv64+smp' and c.position = 2 and r.stage = 'test'")" pass \
	"riscv64 SMP boots and passes at the tip"
is "$(pgrep -fc 'qemu-system-riscv64.*bisectable/build' || true)" 0 "no QEMU left running"
done_testing
