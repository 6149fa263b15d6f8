#!/bin/bash
# make bench-flake (and part of make bench): what the soak and the placing of
# a flake (Documentation/confidence.md) find and cost, with the defaults.
#   1. The flaky fixture (tests/e2e/confidence-history.sh: commit 2 of 3
#      fails smoke.rt_fifo_rr in about half of its boots, and so does 3),
#      BENCH_FLAKE_RUNS times (20) with a fresh database each: a table of
#      what each run named and the boots it spent, then the counts the
#      issue asks for (commit 2 flaky in at least 19 of 20, never 3 or a
#      hole).
#   2. The shipped series, up and smp, cold (an empty cache each), with the
#      default and with --flake-rate 0 (no soak), one after the other in
#      this run: the soak's cost as a ratio. BENCH_FLAKE_SHIPPED=0 skips it
#      (about 2 x 40 min on 2 cores).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
runs=${BENCH_FLAKE_RUNS:-20}
root=$(mktemp -d /var/tmp/bisectable-flake.XXXXXX)
trap 'rm -rf "$root"' EXIT

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

# The fixture's repository: the imported base, the two branches on top.
base_git=$(./bisectable import | awk '{print $4}')
user="$root/linux"
git init -q "$user"
echo "$(cd "$base_git" && pwd)/objects" > "$user/.git/objects/info/alternates"
git -C "$user" update-ref refs/heads/master "$(git --git-dir="$base_git" rev-parse refs/bisectable/base)"
git -C "$user" symbolic-ref HEAD refs/heads/master
tests/e2e/confidence-history.sh "$user"

echo "1. the flaky fixture, $runs runs with the defaults (--flake-rate 0.5), configuration up"
echo
echo "| run | named | kind | commit k/n | parent | hole | boots | extra: soak, confirm | s |"
echo "|-----|-------|------|------------|--------|------|-------|----------------------|---|"
at2=0 later=0 holes=0 missed=0 boots_all=0
for i in $(seq 1 "$runs"); do
	rdb="$root/flaky-$i.db"
	t0=$(now)
	./bisectable run --db "$rdb" --repo "$user" --configs up --suites smoke \
		--tests smoke.rt_fifo_rr flaky-base..flaky > "$rdb.out" 2>&1 || true
	t1=$(now)
	fb=$(./bisectable first-bad --db "$rdb" 2>/dev/null | grep '^up: ' || true)
	named=- kind=- kn=- parent=- hole=no
	if [[ $fb =~ first\ bad\ ([0-9]+)/ ]]; then
		named=${BASH_REMATCH[1]}
		[[ $fb =~ failed\ ([0-9]+\ of\ [0-9]+)\ boots\ \(([a-z]+)\) ]] &&
			kn=${BASH_REMATCH[1]} kind=${BASH_REMATCH[2]}
		[[ $fb =~ parent\ passed\ ([0-9]+\ of\ [0-9]+) ]] && parent=${BASH_REMATCH[1]}
	fi
	grep -q 'hole' <<< "$fb" && hole=yes
	boots=$(sqlite3 "$rdb" "select coalesce(sum(tries), 0) from results
		where stage = 'boot' and cached_from is null")
	extra=$(sed -n 's/^extra boots: [0-9]* (\([0-9]*\) to soak.*, \([0-9]*\) to confirm.*/\1, \2/p' "$rdb.out")
	printf '| %3d | %5s | %-13s | %10s | %8s | %4s | %5s | %20s | %4s |\n' "$i" "$named" \
		"$kind" "$kn" "$parent" "$hole" "$boots" "${extra:--}" "$(secs "$t0" "$t1")"
	boots_all=$((boots_all + boots))
	if [ "$named" = 2 ] && [ "$kind" = flaky ]; then
		at2=$((at2 + 1))
	elif [ "$named" = - ]; then
		missed=$((missed + 1))
	elif [ "$named" -ge 3 ] 2>/dev/null; then
		later=$((later + 1))
	fi
	[ "$hole" = no ] || holes=$((holes + 1))
done
echo
echo "commit 2 named flaky: $at2 of $runs (target at least $((runs - runs / 20)));" \
	"a later commit blamed: $later (target 0); a hole: $holes (target 0);" \
	"missed: $missed; boots per run: $(awk -v b="$boots_all" -v n="$runs" 'BEGIN { printf "%.1f", b / n }')"

[ "${BENCH_FLAKE_SHIPPED:-1}" = 1 ] || exit 0
echo
echo "2. the shipped series, up and smp, cold: the default against --flake-rate 0"
echo
echo "| options | s | boots | extra boots |"
echo "|---------|---|-------|-------------|"
cold() {	# cold LABEL OPTION...: a run with an empty cache; prints its row, sets $total
	local label=$1 t0 t1 rdb="$root/shipped-$1.db"
	shift
	rm -rf "$root/cache"
	mkdir -p "$root/cache"
	ln -s "$base_git" "$root/cache/$(basename "$base_git")"
	t0=$(now)
	BISECTABLE_CACHE="$root/cache" ./bisectable run --db "$rdb" --configs up,smp "$@" \
		patches/sched-smp-up-6.12 > "$rdb.out" 2>&1 || true
	t1=$(now)
	total=$(secs "$t0" "$t1")
	printf '| %-15s | %5s | %5s | %s |\n' "$label" "$total" \
		"$(sqlite3 "$rdb" "select coalesce(sum(tries), 0) from results where stage = 'boot'")" \
		"$(sed -n 's/^extra boots: //p' "$rdb.out")"
}
cold "--flake-rate 0" --flake-rate 0
none=$total
cold default
echo
echo "the soak's cost: $(awk -v d="$total" -v n="$none" 'BEGIN { printf "%.3f", d / n }') x the" \
	"run without it (target at most 1.20)"
