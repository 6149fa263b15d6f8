#!/bin/bash
# cell-phases.sh BZIMAGE [CPUS] [RUNS]: where the wall time of one
# boot-and-test cell goes, on the default suites (smoke and rt-tests, quick)
# and bisectable's QEMU command line (bisect/step/qemu.c). Boots BZIMAGE
# RUNS times (3) and prints the median of each phase (cell-phases.exp), plus
# two that the console cannot show:
#   qemu_start   QEMU's own start-up, paused (-S) until its monitor answers;
#   expect       the expect process's start and exit around QEMU.
# Environment: CELL_INITRD (guest/initramfs.cpio), CELL_SHUTDOWN
# (reboot|poweroff), CELL_APPEND (the kernel command line), CELL_QEMU_EXTRA
# (more QEMU arguments, split on blanks).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
kernel=$1 cpus=${2:-1} runs=${3:-3}
initrd=${CELL_INITRD:-$top/guest/initramfs.cpio}
tests=$(for s in smoke rt-tests; do
	sed -n "s/^test \([A-Za-z0-9_-]*\).*/$s.\1/p" "$top/guest/suites/$s/suite"; done | tr '\n' ' ')
qemu=(qemu-system-x86_64 -M pc -accel tcg -m 256M -no-reboot -nic none
	-kernel "$kernel" -initrd "$initrd"
	-append "${CELL_APPEND:-console=ttyS0 panic=-1 loglevel=7 tsc=reliable noapictimer}"
	-bios qboot.rom -vga none -icount shift=0,sleep=off
	-smp "cpus=$cpus,sockets=$cpus" ${CELL_QEMU_EXTRA:-})
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for r in $(seq "$runs"); do
	t0=$(date +%s.%N)
	echo quit | "${qemu[@]}" -display none -S -monitor stdio -serial none > /dev/null 2>&1 || true
	t1=$(date +%s.%N)
	echo "phase qemu_start $(echo "$t1 - $t0" | bc)" >> "$out/$r"
	t0=$(date +%s.%N)
	expect "$top/tests/bench/cell-phases.exp" -tests "$tests" \
		-shutdown "${CELL_SHUTDOWN:-reboot}" -- "${qemu[@]}" -nographic > "$out/$r.exp" || true
	t1=$(date +%s.%N)
	cat "$out/$r.exp" >> "$out/$r"
	awk -v w="$(echo "$t1 - $t0" | bc)" '$1 == "phase" { s += $3 }
		END { printf "phase expect %.3f\nphase cell %.3f\n", w - s, w }' "$out/$r.exp" >> "$out/$r"
done
# The median of each phase over the runs, in the order of the first run.
awk '$1 == "phase" { if (!($2 in n)) order[++k] = $2; v[$2, ++n[$2]] = $3 }
	$1 == "failed" { print; bad = 1 }
	END {
		for (i = 1; i <= k; i++) {
			p = order[i]; m = n[p]
			for (a = 1; a <= m; a++) x[a] = v[p, a]
			for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
				if (x[b] < x[a]) { t = x[a]; x[a] = x[b]; x[b] = t }
			printf "%-32s %7.2f s\n", p, (m % 2) ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2
		}
		exit bad
	}' $(seq -f "$out/%g" "$runs")
