#!/bin/bash
# make bench-remote: builds beyond one machine, measured on this one.
#
# 1. ccache's remote storage: "machine A" (empty BISECTABLE_CACHE, so an
#    empty ccache directory and no result cache) verifies the series cold,
#    with ccache's remote storage on a private redis-server; then "machine
#    B" (another empty BISECTABLE_CACHE) does the same against the same
#    redis. Prints both wall times (import and run apart) and B's remote
#    hits.
#    Machine A also publishes its cells to the results store (db 1 of the
#    same redis); then "machine C" (a third empty BISECTABLE_CACHE, without
#    ccache's remote storage) verifies the series from that store alone:
#    its wall time, and how many of its cells came from the store.
# 2. distcc: the tip of the series built again (BISECTABLE_CACHE of its own,
#    no ccache) through two distccd on 127.0.0.2 and 127.0.0.3; its bzImage
#    must be byte-identical to A's of the same commit.
#
#   BENCH_SERIES   series (default: the shipped one, patches/sched-smp-up-6.12)
#   BENCH_CONFIGS  configurations (default up)
#   BENCH_SUITES   guest suites (default smoke: the boots are the same work on
#                  both machines, this measures the builds)
#   BENCH_TEMPLATE a cache holding only an import of linux-source (made by
#                  BISECTABLE_CACHE=DIR bisectable import): each machine
#                  starts from a copy of it instead of importing, untimed
#   BENCH_REPO     verify only the tip of this repository (the series applied
#                  on the import, e.g. a clone of it with 'git am'), --no-base:
#                  one cold build a machine instead of the whole series
#   BENCH_ONLY     "ccache" or "distcc" to run only one part (distcc needs part 1's A)
# Run it under the shared lock: flock /work/kernel.lock make bench-remote
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
series=${BENCH_SERIES:-patches/sched-smp-up-6.12}
configs=${BENCH_CONFIGS:-up}
suites=${BENCH_SUITES:-smoke}
root=${BENCH_ROOT:-$(mktemp -d /var/tmp/bisectable-remote.XXXXXX)}
mkdir -p "$root"
chmod 755 "$root"
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	[ -n "${BENCH_KEEP:-}" ] || rm -rf "$root"
}
trap cleanup EXIT

now() { date +%s.%N; }
secs() { echo "scale=1; ($2 - $1) / 1" | bc; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

wait_port() {	# wait_port HOST PORT: up to 10 s
	local i
	for i in $(seq 100); do
		(exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && return 0
		sleep 0.1
	done
	echo "nothing listens on $1:$2" >&2
	return 1
}

machine() {	# machine NAME OPTION...: import + run, cold, in BISECTABLE_CACHE=$root/NAME
	local t0 t1 t2 name=$1
	shift
	set -- "$name" "$@"
	export BISECTABLE_CACHE="$root/$1"
	[ -n "${BENCH_TEMPLATE:-}" ] && cp -a "$BENCH_TEMPLATE" "$BISECTABLE_CACHE"
	mkdir -p "$root/$1.d"
	t0=$(now)
	./bisectable import > "$root/$1-import.log" 2>&1
	t1=$(now)
	./bisectable run --db "$root/$1.d/db" --configs "$configs" --suites "$suites" \
		"${@:2}" "${target[@]}" > "$root/$1-run.log" 2>&1 || true
	t2=$(now)
	unset BISECTABLE_CACHE
	local import run build hits misses local_hits
	import=$(secs "$t0" "$t1")
	run=$(secs "$t1" "$t2")
	# Only what was built here: a cell from the results store brings the
	# other machine's duration and ccache figures with it.
	build=$(sqlite3 "$root/$1.d/db" "select printf('%.1f', coalesce(sum(duration), 0))
		from results where stage = 'build' and cached_from is null and origin is null")
	local here="not exists (select 1 from results r where r.commit_id = m.commit_id
		and r.config = m.config and r.stage = 'build' and r.origin is not null)"
	hits=$(sqlite3 "$root/$1.d/db" "select cast(coalesce(sum(value), 0) as int) from metrics m
		where name = 'ccache_remote_hits' and $here")
	local_hits=$(sqlite3 "$root/$1.d/db" "select cast(coalesce(sum(value), 0) as int)
		from metrics m where name = 'ccache_local_hits' and $here")
	misses=$(sqlite3 "$root/$1.d/db" "select cast(coalesce(sum(value), 0) as int) from metrics m
		where name = 'ccache_misses' and $here")
	printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$import" "$run" "$build" \
		"$local_hits" "$hits" "$misses"
	eval "run_$1=$run; total_$1=$(echo "$import + $run" | bc)"
}

if [ -n "${BENCH_REPO:-}" ]; then
	target=(--no-base --repo "$BENCH_REPO" HEAD~1..HEAD)
	series="the tip of $BENCH_REPO"
else
	target=("$series")
fi

if [ "${BENCH_ONLY:-ccache}" = ccache ] || [ -z "${BENCH_ONLY:-}" ]; then
	redis_port=$(free_port)
	mkdir -p "$root/redis"
	redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$root/redis" --save '' \
		--appendonly no --protected-mode yes > "$root/redis/log" 2>&1 &
	pids+=($!)
	wait_port 127.0.0.1 "$redis_port"
	echo "series $series, configs $configs, $(nproc) cores; redis on 127.0.0.1:$redis_port"
	echo
	echo '| machine | import s | run s | build s (sum) | ccache local hits | remote hits | misses |'
	echo '|---|---|---|---|---|---|---|'
	ccache_remote="redis://127.0.0.1:$redis_port"
	results_remote="redis://127.0.0.1:$redis_port/1"
	machine A --ccache-remote "$ccache_remote" --results-remote "$results_remote"
	machine B --ccache-remote "$ccache_remote"
	echo
	echo "B/A run: $(echo "scale=3; $run_B / $run_A" | bc), B/A import+run: $(echo "scale=3; $total_B / $total_A" | bc)"
	echo
	echo '| machine | import s | run s | build s (sum) | ccache local hits | remote hits | misses |'
	echo '|---|---|---|---|---|---|---|'
	machine C --no-ccache --results-remote "$results_remote"
	echo "C: cells from the results store: $(sqlite3 "$root/C.d/db" "select count(*) from results
		where origin is not null") of $(sqlite3 "$root/C.d/db" "select count(*) from results"),
		built here: $(sqlite3 "$root/C.d/db" "select count(*) from results where stage = 'build'
		and origin is null and cached_from is null"); C/A run: $(echo "scale=3; $run_C / $run_A" | bc)"
	grep -h "^bisectable: results\|store" "$root/C-run.log" | head -3 || true
	for m in A B; do
		echo
		echo "machine $m, per commit: position, objects rebuilt, build s, boot s, test s, ccache misses, remote hits"
		sqlite3 -separator ' | ' "$root/$m.d/db" "select c.position,
			(select cast(value as int) from metrics where commit_id = c.id and name = 'rebuilt_objects'),
			(select printf('%.1f', duration) from results where commit_id = c.id and stage = 'build'),
			(select printf('%.1f', duration) from results where commit_id = c.id and stage = 'boot'),
			(select printf('%.1f', duration) from results where commit_id = c.id and stage = 'test'),
			(select cast(value as int) from metrics where commit_id = c.id and name = 'ccache_misses'),
			(select cast(value as int) from metrics where commit_id = c.id and name = 'ccache_remote_hits')
			from commits c order by c.position"
	done
	grep -h "build pass" "$root/B-run.log" | head -3 || true
	redis-cli -p "$redis_port" info memory | grep '^used_memory_human' || true
fi

#   BENCH_DISTCC_BY  skip part 2 when it would start after this time (date -d)
if [ -n "${BENCH_DISTCC_BY:-}" ] && [ "$(date +%s)" -gt "$(date -d "$BENCH_DISTCC_BY" +%s)" ]; then
	echo
	echo "distcc part skipped: past $BENCH_DISTCC_BY"
	BENCH_ONLY=ccache
fi
if [ "${BENCH_ONLY:-distcc}" = distcc ] || [ -z "${BENCH_ONLY:-}" ]; then
	mkdir -p "$root/distccd"
	chmod 1777 "$root/distccd"
	hosts=
	for a in 127.0.0.2 127.0.0.3; do
		p=$(free_port)
		distccd --no-detach --daemon --allow 127.0.0.0/8 --listen "$a" --port "$p" \
			--jobs 2 --user nobody --log-file "$root/distccd/$a.log" &
		pids+=($!)
		wait_port "$a" "$p"
		hosts="$hosts $a:$p/2"
	done
	wt=$(sqlite3 "$root/A.d/db" 'select work_dir from runs order by id desc limit 1')
	a_image=$(find "$root/A" -path "*/$configs/arch/x86/boot/bzImage" | head -1)
	t0=$(now)
	mkdir -p "$root/D.d"
	BISECTABLE_CACHE="$root/D" ./bisectable run --db "$root/D.d/db" --configs "$configs" \
		--suites "$suites" \
		--no-ccache --no-base --distcc "${hosts# }" --repo "$wt" HEAD~1..HEAD \
		> "$root/D-run.log" 2>&1 || true
	t1=$(now)
	d_image=$(find "$root/D" -path "*/$configs/arch/x86/boot/bzImage" | head -1)
	echo
	echo "distcc ($hosts): the tip built in $(secs "$t0" "$t1") s, no ccache"
	grep -h "build pass\|build FAIL\|build ERROR" "$root/D-run.log" || true
	echo "local  bzImage $(sha256sum < "$a_image" | cut -c1-16) $a_image"
	echo "distcc bzImage $(sha256sum < "$d_image" | cut -c1-16) $d_image"
	cmp -s "$a_image" "$d_image" && echo "byte-identical: yes" || echo "byte-identical: NO"
fi
