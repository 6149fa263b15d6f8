#!/bin/bash
# make bench: bisectable against the naive loop, side by side in one run, on
# the same series and configurations, in three scenarios: cold (empty build
# directories, ccache and result cache), warm (the unchanged series again) and
# amend-last-commit (the last commit changed). The kernel import is shared
# and not timed. The naive loop keeps no state, so it does the same work in
# every scenario: it is run once (BENCH_NAIVE_EACH=1 runs it per scenario).
#
#   BENCH_SERIES   series to verify (default: the shipped one, patches/sched-smp-up-6.12)
#   BENCH_CONFIGS  configurations (default up,smp)
#   BENCH_NAIVE_COMMITS  run the naive loop on the first K commits only and
#                  scale its figures by N/K (every naive step is the same
#                  work: a clean build and a boot); the table says so
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
series=${BENCH_SERIES:-patches/sched-smp-up-6.12}
configs=${BENCH_CONFIGS:-up,smp}
root=$(mktemp -d /var/tmp/bisectable-bench.XXXXXX)
trap 'git --git-dir="$base_git" worktree prune; rm -rf "$root"' EXIT

base_git=$(./bisectable import | awk '{print $4}')
base=$(git --git-dir="$base_git" rev-parse refs/bisectable/base)
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost

now() { date +%s.%N; }
secs() { echo "scale=1; ($2 - $1) / 1" | bc; }

# The amended series: the last commit also gets a one-line change to the
# first C file it touches (a comment, so it still builds).
git --git-dir="$base_git" worktree add -q --detach "$root/amend" "$base"
git -C "$root/amend" am -q "$top/$series"/*.patch 2>/dev/null || \
	git -C "$root/amend" am -q $(sed -e 's/#.*//' -e '/^\s*$/d' -e "s|^\s*\([^ ]*\).*|$top/$series/\1|" "$series/series")
mkdir "$root/original" "$root/amended"
git -C "$root/amend" format-patch -q -o "$root/original" "$base"..HEAD
file=$(git -C "$root/amend" diff --name-only HEAD~1 HEAD -- '*.c' | head -1)
echo "/* amended for the benchmark */" >> "$root/amend/$file"
git -C "$root/amend" commit -q -a --amend --no-edit
git -C "$root/amend" format-patch -q -o "$root/amended" "$base"..HEAD
ncommits=$(ls "$root/original" | wc -l)
naive_n=${BENCH_NAIVE_COMMITS:-$ncommits}
[ "$naive_n" -gt "$ncommits" ] && naive_n=$ncommits

naive() {	# naive LABEL SERIES-DIR
	local wt="$root/naive-$1" t0 t1
	git --git-dir="$base_git" worktree add -q --detach "$wt" "$base"
	git -C "$wt" am -q $(ls "$2"/*.patch | head -n "$naive_n")
	: > "$root/naive-$1.times"
	t0=$(now)
	git -C "$wt" rebase -q -x "$top/tests/bench/naive-step.sh $configs $root/naive-out $root/naive-$1.times" "$base" > "$root/naive-$1.log" 2>&1
	t1=$(now)
	local scale="$ncommits / $naive_n"
	naive_total=$(echo "scale=1; ($t1 - $t0) * $scale / 1" | bc)
	naive_build=$(awk -v k="$naive_n" -v n="$ncommits" '$1 == "build" { s += $2 }
		END { printf "%.1f", s * n / k }' "$root/naive-$1.times")
	naive_boot=$(awk -v k="$naive_n" -v n="$ncommits" '$1 == "boot" { s += $2 }
		END { printf "%.1f", s * n / k }' "$root/naive-$1.times")
}

bis() {	# bis LABEL SERIES-DIR
	local t0 t1
	t0=$(now)
	./bisectable run --db "$root/bench.db" --configs "$configs" "$2" > "$root/bis-$1.log" 2>&1 || true
	t1=$(now)
	bis_total=$(secs "$t0" "$t1")
	local run
	run=$(sqlite3 "$root/bench.db" 'select max(id) from runs')
	bis_build=$(sqlite3 "$root/bench.db" "select printf('%.1f', coalesce(sum(duration), 0))
		from results where run_id = $run and stage = 'build' and cached_from is null")
	bis_boot=$(sqlite3 "$root/bench.db" "select printf('%.1f', coalesce(sum(duration), 0))
		from results where run_id = $run and stage = 'boot' and cached_from is null")
	bis_cached=$(sqlite3 "$root/bench.db" "select count(*) from results
		where run_id = $run and cached_from is not null")
}

row() {	# row SCENARIO
	printf '| %-16s | %8s | %8s | %8s | %8s | %8s | %8s | %6s | %6s |\n' "$1" \
		"$bis_total" "$bis_build" "$bis_boot" "$naive_total" "$naive_build" "$naive_boot" \
		"$bis_cached" "$(awk -v b="$bis_total" -v n="$naive_total" 'BEGIN { printf "%.3f", b / n }')"
}

# bisectable's cache: the import is shared, everything else starts empty.
export BISECTABLE_CACHE="$root/cache"
mkdir -p "$BISECTABLE_CACHE"
ln -s "$base_git" "$BISECTABLE_CACHE/$(basename "$base_git")"

echo "series $series ($ncommits commits), configurations $configs, $(nproc) CPUs, $(uname -m)"
[ "$naive_n" -lt "$ncommits" ] &&
	echo "naive loop measured on the first $naive_n of $ncommits commits, scaled by $ncommits/$naive_n"
echo "build s and boot s: summed over configurations (bisectable runs them in parallel)"
echo
echo "| scenario         | bis. s   | build s  | boot s   | naive s  | build s  | boot s   | cached | ratio  |"
echo "|------------------|----------|----------|----------|----------|----------|----------|--------|--------|"
naive cold "$root/original"
bis cold "$root/original"
row cold
cold_total=$bis_total cold_naive=$naive_total
[ "${BENCH_NAIVE_EACH:-0}" = 1 ] && naive warm "$root/original"
bis warm "$root/original"
row "warm (unchanged)"
warm_total=$bis_total
[ "${BENCH_NAIVE_EACH:-0}" = 1 ] && naive amend "$root/amended"
bis amend "$root/amended"
row "amend last"

# The targets of issue 6, measured: cold at most 0.5x the naive loop; warm at
# most 60 s; amend at most the build, boot and test of the last commit in each
# configuration (summed, as if one after the other) plus 20 s.
run=$(sqlite3 "$root/bench.db" 'select max(id) from runs')
last=$(sqlite3 "$root/bench.db" "select printf('%.1f', coalesce(sum(r.duration), 0))
	from results r join commits c on c.id = r.commit_id where r.run_id = $run
	and c.position = (select max(position) from commits where run_id = $run)
	and r.cached_from is null")
echo
echo "cold: ratio $(awk -v b="$cold_total" -v n="$cold_naive" 'BEGIN { printf "%.2f", b / n }')" \
	"(target at most 0.50)"
echo "warm: $warm_total s (target at most 60 s)"
echo "amend: $bis_total s; the last commit's own work in all configurations: $last s" \
	"(target at most $(echo "$last + 20" | bc) s)"
