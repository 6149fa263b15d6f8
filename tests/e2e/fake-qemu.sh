# A fake qemu-system-x86_64 for end-to-end tests that boot nothing real: put
# on PATH, it plays the guest's side of expect-scripts/boot-test.exp (the
# ready line with the CPUs it was given, the prompt, one KTAP result per test
# with a figure, a clean power-off), in no time. A commit with a file named
# 'panics' (the fake kernel's work tree is the current directory of the
# build, not of QEMU) is not seen here: every boot passes.
fake_qemu() {	# fake_qemu DIR: DIR/qemu-system-x86_64
	mkdir -p "$1"
	cat > "$1/qemu-system-x86_64" <<'QEMU'
#!/bin/bash
cpus=1
while [ $# -gt 0 ]; do
	case $1 in
	-smp) cpus=${2#cpus=}; cpus=${cpus%%,*}; shift ;;
	-pidfile) echo $$ > "$2"; shift ;;
	esac
	shift
done
printf 'Linux version 6.12.0-fake\nBISECTABLE-READY cpus=%s\nguest# ' "$cpus"
while IFS= read -r line; do
	line=${line%$'\r'}
	case $line in
	*reboot\ -f*) printf 'reboot: Power down\n'; exit 0 ;;
	*/suites/*/run\ *)
		set -- ${line#*/suites/}
		name=$2
		printf 'KTAP version 1\n1..1\n# metric fake_ns 100\nok 1 %s\nBISECTABLE-END 0\nguest# ' "$name"
		;;
	esac
done
QEMU
	chmod +x "$1/qemu-system-x86_64"
}
