# A fake qemu-system-x86_64 for end-to-end tests that boot nothing real: put
# on PATH, it plays the guest's side of expect-scripts/boot-test.exp (the
# ready line with the CPUs it was given, the prompt, one KTAP result per test
# with a figure, a clean power-off), in no time. A commit with a file named
# 'panics' (the fake kernel's work tree is the current directory of the
# build, not of QEMU) is not seen here: every boot passes, but for the
# tests its bzImage names (fake-kernel.sh's 'fake-fails'), a line each:
# "fail TEST REASON" fails TEST; "flaky TEST REASON" fails it on every other
# boot of the machine ($FAKE_QEMU_BOOTS, a file counting them, is needed);
# "rate TEST PERCENT REASON" in about PERCENT of the boots, in a fixed
# order: boot B fails when B * 61 mod 100 < PERCENT (50: boots 2, 4, 5, 7,
# 9, 10, 12...; 25: 2, 5, 10, 15, 20, 23...).
# FAKE_QEMU_KTAP=DIR: a test with a file DIR/SUITE.TEST prints that file
# (e.g. a suite's run script's output, taken on the host) instead.
# FAKE_QEMU_SPLICE=1: a kernel message cuts every line and the prompt in
# two, as a real console does when the kernel prints while a tty writes.

fake_qemu() {	# fake_qemu DIR: DIR/qemu-system-x86_64
	mkdir -p "$1"
	cat > "$1/qemu-system-x86_64" <<'QEMU'
#!/bin/bash
cpus=1
kernel=/dev/null
# FAKE_QEMU_CALLS: a file that gets the name it was called as, a line a boot
[ -z "${FAKE_QEMU_CALLS:-}" ] || echo "${0##*/} $*" >> "$FAKE_QEMU_CALLS"
while [ $# -gt 0 ]; do
	case $1 in
	-smp) cpus=${2#cpus=}; cpus=${cpus%%,*}; shift ;;
	-kernel) kernel=$2; shift ;;
	-pidfile) echo $$ > "$2"; shift ;;
	esac
	shift
done
out() {	# out TEXT: TEXT, each line cut in its middle by a kernel message
	local line rest=$1 msg
	[ -n "${FAKE_QEMU_SPLICE:-}" ] || { printf '%s' "$1"; return; }
	printf -v msg '[%5d.%06d] random: crng init done\r\n' "$n" 752590
	n=$((n + 1))
	while [ -n "$rest" ]; do
		line=${rest%%$'\n'*}
		[ "$line" = "$rest" ] && rest= || rest=${rest#*$'\n'}
		if [ ${#line} -ge 2 ]; then
			printf '%s%s%s' "${line:0:${#line}/2}" "$msg" "${line:${#line}/2}"
		else
			printf '%s' "$line"
		fi
		[ -z "$rest" ] && [ "${1: -1}" != $'\n' ] || printf '\n'
	done
}
boot=0
if [ -n "${FAKE_QEMU_BOOTS:-}" ]; then
	boot=$(( $(cat "$FAKE_QEMU_BOOTS" 2>/dev/null || echo 0) + 1 ))
	echo "$boot" > "$FAKE_QEMU_BOOTS"
fi
verdict() {	# verdict TEST: "ok 1 TEST", or "not ok 1 TEST # REASON" as the image says
	local kind name reason
	while read -r kind name reason; do
		[ "$name" = "$1" ] || continue
		if [ "$kind" = rate ]; then
			set -- "$1" ${reason%% *}
			reason=${reason#* }
			[ $((boot * 61 % 100)) -lt "$2" ] && kind=fail
		fi
		if [ "$kind" = fail ] || { [ "$kind" = flaky ] && [ $((boot % 2)) = 1 ]; }; then
			printf 'not ok 1 %s # %s' "$1" "$reason"
			return
		fi
	done < "$kernel"
	printf 'ok 1 %s' "$1"
}
n=1
out "$(printf 'Linux version 6.12.0-fake\nBISECTABLE-READY cpus=%s\n' "$cpus")"$'\n'
out 'guest# '
while IFS= read -r line; do
	line=${line%$'\r'}
	case $line in
	*reboot\ -f*) printf 'reboot: Power down\n'; exit 0 ;;
	*/suites/*/run\ *)
		set -- ${line#*/suites/}
		name=$2
		# FAKE_QEMU_KTAP=DIR: DIR/SUITE.TEST, when there, is what that test prints
		ktap=${FAKE_QEMU_KTAP:-/nonexistent}/${1%%/*}.$name
		if [ -f "$ktap" ]; then
			out "$(cat "$ktap"; printf 'BISECTABLE-END 0')"$'\n'
			out 'guest# '
			continue
		fi
		out "$(printf 'KTAP version 1\n1..1\n# metric fake_ns 100\n%s\nBISECTABLE-END 0' \
			"$(verdict "$name")")"$'\n'
		out 'guest# '
		;;
	esac
done
QEMU
	chmod +x "$1/qemu-system-x86_64"
}

# fake_qemu_arch DIR NAME...: DIR/NAME (qemu-system-riscv64...) is the fake too.
fake_qemu_arch() {
	local dir=$1 name
	shift
	for name in "$@"; do
		ln -sf qemu-system-x86_64 "$dir/$name"
	done
}

# fake_cross_gcc DIR: DIR/riscv64-linux-gnu-gcc, a cross compiler that only
# answers --version (its first line joins the build's cache key).
fake_cross_gcc() {
	printf '#!/bin/sh\necho "riscv64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0"\n' \
		> "$1/riscv64-linux-gnu-gcc"
	chmod +x "$1/riscv64-linux-gnu-gcc"
}

# fake_host: a cache of its own in $scratch (never the user's) and the
# fake QEMU first on PATH, for a test that brings its own kernel.
fake_host() {
	export BISECTABLE_CACHE="$scratch/cache"
	fake_qemu "$scratch/bin"
	export PATH="$scratch/bin:$PATH"
}

# fake_cross_host QEMU...: fake_host, with the fake QEMU also called as each
# QEMU named (qemu-system-riscv64, ...), the fake riscv64 cross compiler on
# PATH, and the image builds of a test's Makefile logged in $FAKE_MAKE_LOG.
fake_cross_host() {
	fake_host
	fake_qemu_arch "$scratch/bin" "$@"
	fake_cross_gcc "$scratch/bin"
	export FAKE_MAKE_LOG="$scratch/make-calls"
}

# The options of a run that boots the fake QEMU for one smoke test, once.
smoke_opts=(--suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0)

# fake_machine: the set-up of a fake-kernel test: fake_host, and the fake
# kernel (fake-kernel.sh) in $scratch/k. Defined once: a second
# definition silently wins in bash.
fake_machine() {
	fake_host
	fake_kernel "$scratch/k"
}
