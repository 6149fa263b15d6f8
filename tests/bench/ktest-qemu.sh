#!/bin/bash
# ktest-qemu.sh COMMAND STATE ...: the test machine of ktest.pl in QEMU, for
# make bench-peers (tests/bench/peers.sh). ktest.pl drives a real box through
# a console command and a power switch; these are those two, and its TEST:
#
#   power-cycle STATE   kill the guest (if any) and boot OUTPUT_DIR's bzImage
#                       on bisectable's QEMU command line (bisect/step/qemu.c)
#   console STATE       follow the serial console (ktest's CONSOLE)
#   test STATE          run the guest suites on the serial line (ktest's TEST)
#   off STATE           kill the guest
#
# STATE holds what peers.sh wrote: kernel (the bzImage path), initrd, cpus,
# tests (SUITE.TEST words), serial-port and monitor-port (free loopback TCP
# ports). The serial line is a QEMU socket chardev on 127.0.0.1 whose
# logfile is what the console follows.
#
# A power cycle starts the guest paused and resumes it 2 s later. ktest.pl
# flushes the console until it has been quiet for a second after a power
# cycle and then waits for the "Linux version" banner: on a real box the
# firmware gives that quiet second, and QEMU's 0.6 s to the banner would have
# the flush eat it (ktest would then power-cycle again).
set -u
cmd=$1 state=$2
top=$(cd "$(dirname "$0")/../.." && pwd)

kill_guest() {
	local pid i
	[ -f "$state/qemu.pid" ] || return 0
	pid=$(cat "$state/qemu.pid")
	rm -f "$state/qemu.pid"
	case $pid in ''|*[!0-9]*) return 0 ;; esac
	kill -9 "$pid" 2>/dev/null
	for i in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
}

case $cmd in
power-cycle)
	kill_guest
	cpus=$(cat "$state/cpus")
	sport=$(cat "$state/serial-port") mport=$(cat "$state/monitor-port")
	: > "$state/console.log"
	qemu-system-x86_64 -M pc -accel tcg -m 256M -display none -no-reboot -nic none \
		-kernel "$(cat "$state/kernel")" -initrd "$(cat "$state/initrd")" \
		-append "console=ttyS0 panic=-1 loglevel=7 tsc=reliable noapictimer" \
		-bios qboot.rom -vga none -icount shift=0,sleep=off \
		-smp "cpus=$cpus,sockets=$cpus" \
		-chardev "socket,id=con,host=127.0.0.1,port=$sport,server=on,wait=off,logfile=$state/console.log,logappend=on" \
		-serial chardev:con -monitor "tcp:127.0.0.1:$mport,server=on,wait=off" \
		-S -daemonize -pidfile "$state/qemu.pid" || exit 1
	setsid bash -c 'sleep 2; exec 3<>"/dev/tcp/127.0.0.1/$1" && printf "cont\n" >&3 &&
		sleep 0.2' resume "$mport" < /dev/null > /dev/null 2>&1 &
	;;
console)
	exec tail -n 0 -F "$state/console.log" 2>/dev/null
	;;
test)
	exec expect "$top/tests/bench/ktest-test.exp" "$(cat "$state/serial-port")" \
		"$(cat "$state/cpus")" "$state/console.log" $(cat "$state/tests")
	;;
off)
	kill_guest
	;;
*)
	echo "usage: $0 power-cycle|console|test|off STATE" >&2
	exit 2
	;;
esac
