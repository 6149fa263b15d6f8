#!/bin/bash
# tier: quick (a fake kernel that compiles for real)
# ccache's remote storage (BISECTABLE_CCACHE_REMOTE, --ccache-remote): a
# private redis-server on 127.0.0.1; "machine A" and "machine B" (each its own
# BISECTABLE_CACHE, so its own empty CCACHE_DIR and no result cache) verify
# the same commits; B's compiles are remote hits, and its build line and
# metrics say so; with redis gone a third machine still builds (misses).
# A kernel-like fixture whose Makefile compiles real C files (cc-kernel.sh);
# the shipped series on the real kernel is measured by make bench-remote.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cc-kernel.sh"
command -v redis-server > /dev/null || { echo "1..0 # skip no redis-server"; exit 0; }
command -v ccache > /dev/null || { echo "1..0 # skip no ccache"; exit 0; }

redis_pid=
stop_redis() {
	[ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null && wait "$redis_pid" 2>/dev/null
	redis_pid=
}
trap 'stop_redis; [ "${tap_failed:-0}" -eq 0 ] && rm -rf "$scratch" || echo "# kept $scratch"' EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$scratch/redis"
redis-server --bind 127.0.0.1 --port "$port" --dir "$scratch/redis" --save '' --appendonly no \
	> "$scratch/redis/log" 2>&1 &
redis_pid=$!
for i in $(seq 100); do
	(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
	sleep 0.1
done
ok "$( (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; echo $?)" "redis-server listens on 127.0.0.1:$port"

cc_kernel "$scratch/k" 12
export BISECTABLE_CCACHE_REMOTE="redis://127.0.0.1:$port"

machine() {	# machine NAME ARGS...
	local name=$1
	shift
	mkdir -p "$scratch/$name.d"
	BISECTABLE_CACHE="$scratch/$name" timeout 120 "$BISECTABLE" run --db "$scratch/$name.d/db" \
		--configs up --boot-timeout 5 --retries 0 --no-base --repo "$scratch/k" "$@" base..tip \
		> "$scratch/$name.out" 2>&1
}
metric() {	# metric MACHINE NAME: its sum over the run
	sqlite3 "$scratch/$1.d/db" "select cast(coalesce(sum(value), 0) as int) from metrics where name = '$2'"
}
passes() { sqlite3 "$scratch/$1.d/db" "select count(*) from results where stage = 'build' and status = 'pass'"; }

machine A
is "$(passes A)" 3 "machine A builds the three commits"
like "$(grep -m1 'build pass' "$scratch/A.out")" "ccache: 0 local hits, 0 remote hits, 12 misses" \
	"A's first build: twelve misses"
is "$(metric A ccache_misses)" 14 "A's misses recorded (12 + 1 + 1)"

machine B
is "$(passes B)" 3 "machine B builds the three commits"
like "$(grep -m1 'build pass' "$scratch/B.out")" "ccache: 0 local hits, 12 remote hits, 0 misses" \
	"B's first build: twelve remote hits"
is "$(metric B ccache_remote_hits)" 14 "B's remote hits recorded"
is "$(metric B ccache_misses)" 0 "B compiled nothing"
ok "$(test -d "$scratch/B/ccache"; echo $?)" "B has a ccache directory of its own"
img() { find "$scratch/$1/build" -path '*/up/arch/x86/boot/bzImage' | head -1; }
is "$(sha256sum < "$(img B)")" "$(sha256sum < "$(img A)")" "B's image is A's"
ok "$(test ! -e "$scratch/B/ccache/ccache.conf"; echo $?)" "no ccache.conf written"

# The option wins over the environment; an unreachable one is a miss, not a failure.
stop_redis
machine C
is "$(passes C)" 3 "with redis gone machine C still builds"
like "$(grep -m1 'build pass' "$scratch/C.out")" "ccache: 0 local hits, 0 remote hits, 12 misses" \
	"C's first build: twelve misses"
BISECTABLE_CCACHE_REMOTE= machine D --no-ccache
is "$(passes D)" 3 "without ccache machine D builds"
ok "$(! grep -q 'ccache:' "$scratch/D.out"; echo $?)" "and its build line says nothing of ccache"
# ccache made the tree's paths relative for the remote cache (CCACHE_BASEDIR);
# __FILE__ must not show it: a plain local build gives the same image.
is "$(sha256sum < "$(img D)")" "$(sha256sum < "$(img A)")" \
	"D's image (no ccache) is A's: __FILE__ is the same behind the remote cache"
ok "$(! grep -aq '\.\./' "$(img A)"; echo $?)" "no '../' path in A's image"
ok "$(! pgrep -f "redis-server.*:$port" > /dev/null; echo $?)" "no redis-server left running"
done_testing
