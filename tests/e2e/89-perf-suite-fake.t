#!/bin/bash
# tier: quick (fake kernel and QEMU)
# The perf suite on the fake kernel and the fake QEMU, with real perf output:
#   piece    --suites smoke,perf builds the suite's piece once (build.sh:
#            Debian's /usr/bin/perf, its libraries and loader, and run, its
#            piece-file) and boots the base image with the piece appended;
#            --suites smoke boots the base image alone, as before
#   figures  the run script, run here on the host on build.sh's output, prints
#            the KTAP the fake QEMU answers with: its '# metric' lines are
#            stored with the units and directions the suite declares
# What a real kernel does with the binary (that it runs at all under TCG,
# the guest-time figures) is for tests/e2e/90-suites-perf.t.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_host
export FAKE_QEMU_CALLS="$scratch/qemu-calls"
export FAKE_QEMU_KTAP="$scratch/ktap"
fake_kernel "$scratch/k"

if [ ! -x /usr/bin/perf ]; then
	echo "1..0 # SKIP no /usr/bin/perf (apt-get install linux-perf)"
	exit 0
fi

# The guest's side, taken on the host: build.sh's output and run in it.
suite=guest/suites/perf
"$suite/build.sh" "$scratch/k" "$scratch/piece" > "$scratch/build.out" 2>&1
is "$?" 0 "build.sh copies perf with its libraries"
cp "$suite/run" "$scratch/piece/run"
mkdir -p "$FAKE_QEMU_KTAP"
for t in pipe messaging; do
	"$scratch/piece/run" "$t" quick > "$FAKE_QEMU_KTAP/perf.$t"
	is "$?" 0 "run $t exits 0 on the host"
	sed 's/^/#   /' "$FAKE_QEMU_KTAP/perf.$t" | grep -E 'metric|^#   ok|mode' | head -8
done
like "$(cat "$FAKE_QEMU_KTAP/perf.pipe")" '^ok 1 pipe$' "pipe passes"
is "$(grep -c '^# metric perf_sched_pipe_s [0-9.]*$' "$FAKE_QEMU_KTAP/perf.pipe")" 3 \
	"pipe: three perf_sched_pipe_s samples"
is "$(grep -c '^# metric perf_sched_pipe_us_op [0-9.]*$' "$FAKE_QEMU_KTAP/perf.pipe")" 3 \
	"and three perf_sched_pipe_us_op"
like "$(cat "$FAKE_QEMU_KTAP/perf.messaging")" '^# mode: (sockets|pipes)' \
	"messaging says which mode ran"
is "$(grep -c '^# metric perf_sched_messaging_s [0-9.]*$' "$FAKE_QEMU_KTAP/perf.messaging")" 3 \
	"messaging: three perf_sched_messaging_s samples"

timeout 300 "$BISECTABLE" run --db "$db" --configs up --suites smoke,perf --no-base \
	--retries 0 --no-ccache --repo "$scratch/k" base..tip > "$scratch/run.out" 2>&1
is "$?" 0 "run --suites smoke,perf is bisectable"
sed 's/^/# /' "$scratch/run.out" | tail -4

pieces=$(ls "$BISECTABLE_CACHE/suites/" | grep -c '^perf-[0-9a-f]*\.cpio\.gz$')
is "$pieces" 1 "one perf piece, built once for the base tree"
piece=$(ls "$BISECTABLE_CACHE"/suites/perf-*.cpio.gz)
names=$(gzip -dc "$piece" | cpio -t --quiet 2>/dev/null)
for f in suites/perf/run suites/perf/bin/perf suites/perf/lib/ld-linux-x86-64.so.2 \
	suites/perf/lib/libc.so.6 suites/perf/BUILD-INFO; do
	ok "$(printf '%s\n' "$names" | grep -qx "$f"; echo $?)" "the piece holds $f"
done
initrd=$(sed -n 's/.* -initrd \([^ ]*\) .*/\1/p' "$FAKE_QEMU_CALLS" | sort -u)
is "$(printf '%s\n' "$initrd" | wc -l)" 1 "every boot loads one initrd"
base=guest/initramfs.cpio
is "$(head -c "$(stat -c %s "$base")" "$initrd" | cmp - "$base" && echo same)" same \
	"it begins with the base image, unchanged"
is "$(stat -c %s "$initrd")" "$(($(stat -c %s "$base") + $(stat -c %s "$piece")))" \
	"and ends with the perf piece"

for t in pipe messaging; do
	is "$(sql "select count(*) from tests where name = 'perf.$t' and status = 'pass'")" 3 \
		"perf.$t passes at each commit"
done
for m in perf_sched_pipe_s:s perf_sched_pipe_us_op:us perf_sched_messaging_s:s; do
	is "$(sql "select count(*) from metrics where name = '${m%%:*}' and unit = '${m#*:}'
		and better = 'lower' and spread_pct is not null and value > 0")" 3 \
		"${m%%:*} is stored in ${m#*:}, lower is better, with its spread, at each commit"
done
is "$(sql "select distinct name || ' ' || noise_pct from metrics where name like 'perf_%'
	order by name" | paste -sd,)" \
	"perf_sched_messaging_s 10.0,perf_sched_pipe_s 2.0,perf_sched_pipe_us_op 2.0" \
	"with the noise floors the suite declares"
median=$(sed -n 's/^# metric perf_sched_pipe_s //p' "$FAKE_QEMU_KTAP/perf.pipe" | sort -n | sed -n 2p)
is "$(sql "select distinct value from metrics where name = 'perf_sched_pipe_s'")" \
	"$(printf '%s' "$median" | awk '{ print $1 + 0 }')" \
	"the value kept is the median of the three samples ($median)"

# Without perf in --suites the boots load the base image alone.
: > "$FAKE_QEMU_CALLS"
"$BISECTABLE" run --db "$scratch/smoke.db" --configs up --suites smoke --no-base \
	--retries 0 --no-ccache --repo "$scratch/k" base..tip > "$scratch/run2.out" 2>&1
is "$?" 0 "run --suites smoke is bisectable"
is "$(sed -n 's/.* -initrd \([^ ]*\) .*/\1/p' "$FAKE_QEMU_CALLS" | sort -u)" \
	"$top/$base" "and boots guest/initramfs.cpio alone"
done_testing
