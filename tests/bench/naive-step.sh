#!/bin/bash
# naive-step.sh CONFIGS OUT TIMES: the loop a developer writes by hand, run by
# 'git rebase -x' at each commit: for each configuration, a clean O= build
# (mrproper, tinyconfig + fragments, olddefconfig, bzImage) and a boot with
# the same expect script and guest as bisectable. Appends "phase seconds"
# lines to TIMES.
set -u
configs=$1 out=$2 times=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
jobs=$(nproc)
status=0
# The default suites' tests, as bisectable runs them (SUITE.TEST words).
tests=$(for s in smoke rt-tests; do
	sed -n "s/^test \([A-Za-z0-9_-]*\).*/$s.\1/p" "$top/guest/suites/$s/suite"; done | tr '\n' ' ')
for c in ${configs//,/ }; do
	o="$out/$c"
	mkdir -p "$o"
	t0=$(date +%s.%N)
	make -s O="$o" mrproper > /dev/null
	make -s O="$o" tinyconfig > /dev/null
	scripts/kconfig/merge_config.sh -m -O "$o" "$o/.config" "$top/configs/base.config" \
		"$top/configs/$c.config" > /dev/null
	make -s O="$o" olddefconfig > /dev/null
	if make -s -j"$jobs" O="$o" bzImage > "$o/build.log" 2>&1; then
		t1=$(date +%s.%N)
		cpus=1
		grep -q '^CONFIG_SMP=y' "$top/configs/$c.config" && cpus=2
		expect "$top/expect-scripts/boot-test.exp" -log "$o/console.log" -boot-timeout 120 \
			-test-timeout 60 -tests "$tests" -- \
			qemu-system-x86_64 -M pc -accel tcg -m 256M -nographic -no-reboot -nic none \
			-kernel "$o/arch/x86/boot/bzImage" -initrd "$top/guest/initramfs.cpio" \
			-append "console=ttyS0 panic=-1 loglevel=7 tsc=reliable noapictimer" -bios qboot.rom -vga none -icount shift=0,sleep=off \
			-smp "cpus=$cpus,sockets=$cpus" > /dev/null 2>&1 || status=1
		t2=$(date +%s.%N)
	else
		t1=$(date +%s.%N)
		t2=$t1
		status=1
	fi
	echo "build $(echo "$t1 - $t0" | bc)" >> "$times"
	echo "boot $(echo "$t2 - $t1" | bc)" >> "$times"
done
# Keep going like bisectable's default, so both loops do the same work.
exit 0
