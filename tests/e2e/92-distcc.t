#!/bin/bash
# tier: quick (a fake kernel that compiles for real)
# run --distcc: compiles fan out to two private distccd (127.0.0.2 and
# 127.0.0.3), behind ccache and without it; the build line counts the
# compiles of each host; -j follows the hosts' slots; the image is the one a
# local build makes; a host that is down falls back to local compiles (distcc
# does it) and the build still passes. A kernel-like fixture whose Makefile
# compiles real C files (cc-kernel.sh): real compiles, no real kernel (the
# real kernel through distcc is measured by make bench-remote).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cc-kernel.sh"
command -v distccd > /dev/null || { echo "1..0 # skip no distccd (Debian's distcc)"; exit 0; }

daemons=()
stop_daemons() {
	local p
	for p in "${daemons[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${daemons[@]}"; do wait "$p" 2>/dev/null; done
	daemons=()
}
trap 'stop_daemons; [ "${tap_failed:-0}" -eq 0 ] && rm -rf "$scratch" || echo "# kept $scratch"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() {	# wait_port ADDR PORT: up to 10 s
	local i
	for i in $(seq 100); do
		(exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

# distccd runs as nobody: it must reach its log directory.
chmod 711 "$scratch"
mkdir -p "$scratch/distccd"
chmod 1777 "$scratch/distccd"
hosts=
for addr in 127.0.0.2 127.0.0.3; do
	port=$(free_port)
	distccd --no-detach --daemon --allow 127.0.0.0/8 --listen "$addr" --port "$port" \
		--jobs 2 --user nobody --log-file "$scratch/distccd/$addr.log" &
	daemons+=($!)
	wait_port "$addr" "$port"
	ok $? "distccd listens on $addr:$port"
	hosts="$hosts $addr:$port/2"
	eval "port_${addr//./_}=$port"
done
hosts=${hosts# }
cc_kernel "$scratch/k" 12
common=(--configs up --boot-timeout 5 --retries 0 --no-base --repo "$scratch/k")

run() {	# run CACHE-NAME ARGS...
	local name=$1
	shift
	mkdir -p "$scratch/$name.d"
	BISECTABLE_CACHE="$scratch/$name" timeout 120 "$BISECTABLE" run --db "$scratch/$name.d/db" \
		"${common[@]}" "$@" base..tip > "$scratch/$name.out" 2>&1
}
image() { find "$scratch/$1/build" -path '*/up/arch/x86/boot/bzImage' | head -1; }
buildlog() { find "$scratch/$1.d/logs" -name up-build.log | sort | head -1; }
build_passes() { sqlite3 "$scratch/$1.d/db" "select count(*) from results where stage = 'build' and status = 'pass'"; }

# 1. Through distcc without ccache (CC=distcc gcc on the make line).
run nocc --no-ccache --distcc "$hosts"
out=$(cat "$scratch/nocc.out")
is "$(build_passes nocc)" 3 "three commits built through distcc"
like "$out" "distcc: 127\.0\.0\.[23]:[0-9]+ [0-9]+, 127\.0\.0\.[23]:[0-9]+ [0-9]+" \
	"the build line counts the compiles of both hosts"
first=$(grep -m1 'build pass' "$scratch/nocc.out")
like "$first" "12 objects rebuilt.*distcc: .*" "the first build: its 12 objects"
n=$(printf '%s\n' "$first" | grep -Eo '127\.0\.0\.[23]:[0-9]+ [0-9]+' | awk '{ s += $2 } END { print s }')
is "$n" 12 "all twelve compiled on the two hosts"
log=$(buildlog nocc)
like "$(grep '^\$ make.*bzImage' "$log")" "-j4 .*'CC=distcc gcc'" \
	"make -j4 (2 + 2 slots), CC=distcc gcc on the make line"
like "$(cat "$scratch"/distccd/*.log)" "COMPILE_OK" "the daemons' own logs show the compiles"
is "$(sqlite3 "$scratch/nocc.d/db" "select cast(sum(value) as int) from metrics where name = 'distcc_remote_compiles'")" \
	14 "the remote compiles are recorded (12 + 1 + 1)"

# 2. The same built here, without distcc: the same image.
run local --no-ccache
is "$(build_passes local)" 3 "three commits built here"
is "$(sha256sum < "$(image local)")" "$(sha256sum < "$(image nocc)")" \
	"the image built through distcc is the one built here"
like "$(cat "$scratch/local.out")" "build pass" "a local build line"
ok "$(! grep -q 'distcc:' "$scratch/local.out"; echo $?)" "without --distcc the line says nothing of it"

# 3. Behind ccache (CCACHE_PREFIX=distcc): an empty ccache misses, distcc compiles.
run cc --distcc "$hosts"
like "$(grep -m1 'build pass' "$scratch/cc.out")" "distcc: .*127\.0\.0\.[23]" \
	"behind ccache the misses go to distcc"
log=$(buildlog cc)
is "$(grep '^\$ make.*bzImage' "$log" | grep -o "'CC=[^']*'" | tr '\n' ' ')" "'CC=ccache gcc' " \
	"ccache stays in front, the one compiler on the make line (the last CC= wins)"
ok "$([ "$(find "$scratch/cc/ccache" -type f -name '*R' | wc -l)" -ge 12 ]; echo $?)" \
	"ccache kept the results of the compiles distcc did"
ok "$(test ! -e "$scratch/cc/ccache/ccache.conf"; echo $?)" "no ccache.conf written"

# 4. A host down: distcc backs off from it (and compiles on the other);
# both down: every compile falls back to this machine. The verdict stands.
kill "${daemons[1]}"
wait "${daemons[1]}" 2>/dev/null
run down --no-ccache --distcc "$hosts"
out=$(cat "$scratch/down.out")
is "$(build_passes down)" 3 "with 127.0.0.3 down the three commits still build"
like "$(grep -m1 'build pass' "$scratch/down.out")" "distcc: 127\.0\.0\.2:[0-9]+ 12\)" \
	"the live host compiled all twelve"
ok "$(ls "$scratch/down/distcc/lock" | grep -q 'backoff_tcp_127.0.0.3'; echo $?)" \
	"distcc backed off from the dead one"
is "$(sha256sum < "$(image down)")" "$(sha256sum < "$(image local)")" "the same image again"
kill "${daemons[0]}"
wait "${daemons[0]}" 2>/dev/null
run dead --no-ccache --distcc "$hosts"
out=$(cat "$scratch/dead.out")
is "$(build_passes dead)" 3 "with both hosts down the three commits still build"
like "$(grep -m1 'build pass' "$scratch/dead.out")" "distcc: localhost 12 \(12 fell back to local\)" \
	"the build line says all twelve fell back to local compiles"
is "$(sha256sum < "$(image dead)")" "$(sha256sum < "$(image local)")" "the same image again"
is "$(sqlite3 "$scratch/dead.d/db" "select group_concat(status) from results where stage = 'build'")" \
	"$(sqlite3 "$scratch/local.d/db" "select group_concat(status) from results where stage = 'build'")" \
	"the same build verdicts as the local run"

# 5. A -j given wins over the slots; a list of no host is refused.
run j3 --no-ccache --distcc "$hosts" -j 3
log=$(buildlog j3)
like "$(grep '^\$ make.*bzImage' "$log")" "-j3 " "-j 3 given: -j3"
BISECTABLE_CACHE="$scratch/none" "$BISECTABLE" run --db "$scratch/none-db" "${common[@]}" \
	--distcc " " base..tip > "$scratch/none.out" 2>&1
is "$?" 2 "--distcc with no host is a usage error"
like "$(cat "$scratch/none.out")" "names no host" "and says so"

stop_daemons
ok "$(! pgrep -f "distccd.*$scratch" > /dev/null; echo $?)" "no distccd left running"
done_testing
