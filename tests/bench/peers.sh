#!/bin/bash
# make bench-peers: the kernel's own per-commit verifier, ktest.pl (its
# patchcheck), and bisectable on the same series and configuration, one
# after the other in one job, then the naive loop on the first three
# commits. Both tools start cold: the import is shared, and each gets a
# fresh, empty ccache directory of its own (both build with ccache); build
# directories and bisectable's result cache start empty too.
#
#   BENCH_SERIES   series to verify (default: the shipped one)
#   BENCH_CONFIG   one configuration (default up)
#   BENCH_NAIVE_COMMITS  commits of the naive loop (3; 0 skips it)
#   BENCH_WARM     1 (default): also time bisectable warm, and after
#                  amending the last commit
#   BENCH_KEEP     a directory to keep the logs in (ktest's, bisectable's
#                  output and database, the naive loop's)
#
# ktest.pl is the imported tree's tools/testing/ktest/ktest.pl, unmodified,
# driven by tests/bench/ktest-peer.conf; its machine is
# tests/bench/ktest-qemu.sh (QEMU with bisectable's command line, guest and
# tests). Prints each tool's verdict per commit, why they differ where they
# do, the wall times, and last a line
#   peers: ktest N s, bisectable N s, ratio R      (R = bisectable / ktest)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
series=${BENCH_SERIES:-patches/sched-smp-up-6.12}
config=${BENCH_CONFIG:-up}
naive_n=${BENCH_NAIVE_COMMITS:-3}
case $config in *[!A-Za-z0-9_-]*|'') echo "peers.sh: one configuration name" >&2; exit 2 ;; esac
for t in perl expect qemu-system-x86_64 ccache sqlite3 bc diffstat; do
	command -v "$t" > /dev/null || { echo "peers.sh: $t is missing (make deps)" >&2; exit 2; }
done
root=$(mktemp -d /var/tmp/bisectable-peers.XXXXXX)
state=$root/ktest
stdin_pid=
cleanup() {
	[ -n "$stdin_pid" ] && kill "$stdin_pid" 2> /dev/null
	[ -d "$state" ] && "$top/tests/bench/ktest-qemu.sh" off "$state"
	if [ -n "${BENCH_KEEP:-}" ]; then
		mkdir -p "$BENCH_KEEP"
		cp -p "$state/ktest.log" "$state/ktest.conf" "$root/ktest.out" "$root/bisectable.out" \
			"$root/peers.db" "$root/naive.log" "$root/naive.times" "$BENCH_KEEP/" 2> /dev/null
	fi
	git --git-dir="$base_git" worktree prune 2> /dev/null
	rm -rf "$root"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

base_git=$(./bisectable import | awk '{print $4}')
base=$(git --git-dir="$base_git" rev-parse refs/bisectable/base)
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost
now() { date +%s.%N; }
secs() { echo "scale=1; ($2 - $1) / 1" | bc; }
jobs=$(nproc)
cpus=1
grep -q '^CONFIG_SMP=y' "configs/$config.config" && cpus=2

# The series as a branch of a scratch clone (ktest checks commits out in
# its BUILD_DIR), and as patch files for bisectable and the naive loop.
patches() {	# the series' patch files, in the order of its series file if any
	if [ -f "$series/series" ]; then
		sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*\([^ ]*\).*/\1/' \
			"$series/series" | while read -r p; do echo "$top/$series/$p"; done
	else
		ls "$top/$series"/*.patch
	fi
}
git clone -q --shared --no-checkout "$base_git" "$root/src" 2> /dev/null
git -C "$root/src" checkout -q -b peers "$base"
git -C "$root/src" am -q $(patches)
mkdir "$root/series"
git -C "$root/src" format-patch -q -o "$root/series" "$base"..HEAD
ncommits=$(git -C "$root/src" rev-list --count "$base"..HEAD)
first=$(git -C "$root/src" rev-list --reverse "$base"..HEAD | head -1)

# The merged .config bisectable builds (bisect/step/kbuild.c): tinyconfig,
# then configs/base.config and the configuration's fragment, olddefconfig.
mkdir -p "$root/config-o"
make -s -C "$root/src" O="$root/config-o" tinyconfig > /dev/null
(cd "$root/src" && scripts/kconfig/merge_config.sh -m -O "$root/config-o" \
	"$root/config-o/.config" "$top/configs/base.config" "$top/configs/$config.config") > /dev/null
make -s -C "$root/src" O="$root/config-o" olddefconfig > /dev/null
cp "$root/config-o/.config" "$root/merged.config"

# ktest.pl's machine: free loopback ports for the serial line and QEMU's
# monitor (a port that answers a connection is taken).
free_port() {
	local p i
	for i in $(seq 100); do
		p=$((20000 + RANDOM % 20000))
		(exec 3<> "/dev/tcp/127.0.0.1/$p") 2> /dev/null || { echo "$p"; return; }
	done
	echo "peers.sh: no free loopback port" >&2
	exit 1
}
mkdir -p "$state/tmp" "$root/ktest-out"
echo "$root/ktest-out/arch/x86/boot/bzImage" > "$state/kernel"
echo "$top/guest/initramfs.cpio" > "$state/initrd"
echo "$cpus" > "$state/cpus"
free_port > "$state/serial-port"
free_port > "$state/monitor-port"
for s in smoke rt-tests; do
	sed -n "s/^test \([A-Za-z0-9_-]*\).*/$s.\1/p" "guest/suites/$s/suite"
done > "$state/tests"
cat > "$state/ktest.conf" <<EOF
TOP := $top
SRC := $root/src
OUT := $root/ktest-out
STATE := $state
CONFIG := $root/merged.config
JOBS := $jobs
START := $first
INCLUDE $top/tests/bench/ktest-peer.conf
EOF
ktest=$root/ktest.pl
git --git-dir="$base_git" show "$base:tools/testing/ktest/ktest.pl" > "$ktest"

echo "series $series ($ncommits commits), configuration $config ($cpus CPU), $(nproc) host CPUs," \
	"$(date -u +%Y-%m-%d), linux $(git --git-dir="$base_git" show "$base:Makefile" |
	awk '/^VERSION/ {v=$3} /^PATCHLEVEL/ {p=$3} /^SUBLEVEL/ {s=$3} END {print v"."p"."s}')"
echo "both tools cold: a fresh ccache directory each, empty build directories"
echo

# ktest.pl reads its terminal for keystrokes: give it a pipe that never
# speaks (at end of file it would spin on select()).
mkfifo "$root/quiet"
sleep 86400 > "$root/quiet" &
stdin_pid=$!
t0=$(now)
(cd "$root/src" && CCACHE_DIR="$root/ccache-ktest" perl "$ktest" "$state/ktest.conf") \
	< "$root/quiet" > "$root/ktest.out" 2>&1 || true
t1=$(now)
kill "$stdin_pid" 2> /dev/null; stdin_pid=
"$top/tests/bench/ktest-qemu.sh" off "$state"
ktest_s=$(secs "$t0" "$t1")

# bisectable, cold: its own cache directory, only the import shared.
export BISECTABLE_CACHE="$root/cache"
mkdir -p "$BISECTABLE_CACHE"
ln -s "$base_git" "$BISECTABLE_CACHE/$(basename "$base_git")"
db=$root/peers.db
bis() {	# bis SERIES-DIR: a run; prints its wall seconds
	local t0 t1
	t0=$(now)
	./bisectable run --db "$db" --configs "$config" "$1" >> "$root/bisectable.out" 2>&1 || true
	t1=$(now)
	secs "$t0" "$t1"
}
bis_cold=$(bis "$root/series")
run=$(sqlite3 "$db" 'select max(id) from runs')

# Verdicts per commit. ktest: the commits it processed, in order, and the
# failure that stopped it (patchcheck stops at the first failure).
log=$state/ktest.log
[ -f "$log" ] || log=$root/ktest.out
ktest_verdicts() {
	awk '/^Processing commit "/ { sub(/^Processing commit "/, ""); split($0, w, " ");
			if (cur != "") v[cur] = "pass"; cur = w[1]; order[++n] = cur }
		/KTEST RESULT: TEST [0-9]+.* Failed: / { sub(/.*Failed: /, ""); why = $0 }
		/CRITICAL FAILURE/ { why = why ? why : "ktest died" }
		/KTEST RESULT: TEST [0-9]+.* SUCCESS/ { ok = 1 }
		END { if (cur != "") v[cur] = (why != "") ? "fail: " why : (ok ? "pass" : "unfinished")
			for (i = 1; i <= n; i++) print order[i], v[order[i]] }' "$log"
}
ktest_verdicts > "$root/ktest.verdicts"
echo "| # | commit | ktest.pl | bisectable |"
echo "|---|--------|----------|------------|"
disagree=0
pos=0
for sha in $(git -C "$root/src" rev-list --reverse "$base"..peers); do
	pos=$((pos + 1))
	k=$(awk -v s="$sha" '$1 == s { $1 = ""; sub(/^ /, ""); print }' "$root/ktest.verdicts")
	[ -n "$k" ] || k="not tested"
	tree=$(git -C "$root/src" rev-parse "$sha^{tree}")
	b=$(sqlite3 "$db" "select coalesce((select group_concat(r.stage || ' ' || r.status, ', ')
		from results r where r.commit_id = c.id and r.config = '$config' and r.status != 'pass'),
		'pass') from commits c where c.run_id = $run and c.tree = '$tree'")
	[ -n "$b" ] || b="not tested"
	echo "| $pos | ${sha:0:12} | $k | $b |"
	if [ "${k%%:*}" != "${b%%:*}" ] && ! { [ "$k" = pass ] && [ "$b" = pass ]; }; then
		disagree=$((disagree + 1))
		case $k in
		"not tested") why="ktest's patchcheck stops at the first failure; bisectable goes on" ;;
		*"built with warnings"*) why="ktest fails a commit whose touched files warn; bisectable counts warnings as a metric" ;;
		*) why="see $log and the run's logs" ;;
		esac
		echo "|   | differs | $why | |"
	fi
done
echo
[ "$disagree" = 0 ] && echo "the two tools agree on every commit"
if cmp -s <(grep -v LOCALVERSION "$root/ktest-out/.config" 2> /dev/null) \
	<(grep -v LOCALVERSION "$BISECTABLE_CACHE"/build/*/"$config"/.config 2> /dev/null); then
	echo "the same .config (LOCALVERSION aside)"
else
	echo "the .configs differ: compare $root/ktest-out/.config with bisectable's"
fi
echo

echo "| tool | wall s |"
echo "|------|--------|"
echo "| ktest.pl patchcheck ($ncommits commits) | $ktest_s |"
echo "| bisectable cold (base + $ncommits commits) | $bis_cold |"
if [ "${BENCH_WARM:-1}" = 1 ]; then
	echo "| bisectable warm (unchanged series) | $(bis "$root/series") |"
	# The last commit amended: a comment added to the first C file it touches.
	git -C "$root/src" checkout -q peers
	file=$(git -C "$root/src" diff --name-only HEAD~1 HEAD -- '*.c' | head -1)
	echo "/* amended for the benchmark */" >> "$root/src/$file"
	git -C "$root/src" commit -q -a --amend --no-edit
	mkdir "$root/amended"
	git -C "$root/src" format-patch -q -o "$root/amended" "$base"..HEAD
	echo "| bisectable after amending the last commit | $(bis "$root/amended") |"
fi

# The naive loop, for real: a clean build and a boot per commit, on the
# first commits of the series (tests/bench/naive-step.sh), not scaled.
if [ "$naive_n" -gt 0 ]; then
	[ "$naive_n" -gt "$ncommits" ] && naive_n=$ncommits
	git --git-dir="$base_git" worktree add -q --detach "$root/naive" "$base"
	git -C "$root/naive" am -q $(ls "$root/series"/*.patch | head -n "$naive_n")
	t0=$(now)
	git -C "$root/naive" rebase -q -x "$top/tests/bench/naive-step.sh $config $root/naive-out $root/naive.times" \
		"$base" > "$root/naive.log" 2>&1 || true
	t1=$(now)
	naive_s=$(secs "$t0" "$t1")
	awk -v n="$naive_n" -v t="$naive_s" '$1 == "build" { b += $2 } $1 == "boot" { s += $2 }
		END { printf "| naive loop, first %d commits (clean build %.1f s + boot %.1f s per commit) | %s |\n",
			n, b / n, s / n, t }' "$root/naive.times"
fi
echo
echo "peers: ktest $ktest_s s, bisectable $bis_cold s, ratio $(awk -v b="$bis_cold" -v k="$ktest_s" \
	'BEGIN { printf "%.2f", b / k }')"
