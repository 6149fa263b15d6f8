#!/bin/bash
# tier.sh quick|full: run a tier of the test suite (tests/README.md).
#   quick  make test: the layering check, the unit tests, the suites' scripts,
#          the browser test and every end-to-end test whose header says
#          "# tier: quick" (the fake kernel, and a few real kernels)
#   full   make test-full: the same, and every "# tier: full" test too
# Every part goes on after another fails; the tier fails if any did. At its
# end the tier prints its time and its 10 slowest tests, also kept in
# tests/times/TIER.txt ("SECONDS NAME STATUS" lines) for make test-times.
# tier.sh --times FILE...: print that summary again.
set -u
cd "$(dirname "$0")/.." || exit 2

summary() {	# summary FILE: the total and the 10 slowest
	local f=$1 name
	name=$(basename "$f" .txt)
	[ -s "$f" ] || { echo "$name: no times recorded ($f)"; return; }
	awk -v name="$name" '
		/^# wall / { wall = $3; next }
		/^# quick / { quick = $3; next }
		/^#/ { next }
		{ n++; sum += $1; if ($3 != "ok") failed++ }
		END {
			printf "%s: %d tests, %.0f s in tests", name, n, sum
			if (wall != "") printf ", %d s (%.1f min) in all", wall, wall / 60
			if (quick != "") printf " (the quick tier'"'"'s part: %d s)", quick
			if (failed) printf ", %d failed", failed
			printf "; the 10 slowest:\n"
		}' "$f"
	grep -v '^#' "$f" | sort -rn | head -10 | awk '{ printf "  %7.1f s  %s%s\n", $1, $2,
		$3 == "ok" ? "" : "  (" $3 ")" }'
}

if [ "${1:-}" = --times ]; then
	shift
	for f in "$@"; do summary "$f"; done
	exit 0
fi

tier=${1:-}
case $tier in
quick | full) ;;
*) echo "usage: tests/tier.sh quick|full | --times FILE..." >&2; exit 2 ;;
esac

# Every end-to-end test says which tier it is in; none is left out. The
# full tier runs the quick tier's tests first: a failure there shows early,
# and the quick tier's share of a full run is its time on the same caches.
e2e=()
later=()
untiered=()
for t in tests/e2e/*.t; do
	if grep -q '^# tier: quick\b' "$t"; then
		e2e+=("$t")
	elif grep -q '^# tier: full\b' "$t"; then
		later+=("$t")
	else
		untiered+=("$t")
	fi
done
mkdir -p tests/times
export TEST_TIMES="$PWD/tests/times/$tier.txt"
: > "$TEST_TIMES"
start=$(date +%s)
failed=()

part() {	# part NAME COMMAND...: one part of the tier, timed as a whole
	local name=$1
	shift
	echo "=== $name"
	"$@" || failed+=("$name")
}

timed() {	# timed NAME COMMAND...: a part that is one test of its own
	local name=$1
	shift
	TEST_NAME=$name tests/timed.sh "$@"
}

if [ ${#untiered[@]} -gt 0 ]; then
	echo "tests without a '# tier: quick' or '# tier: full' line: ${untiered[*]}" >&2
	failed+=("tiers")
fi
part layers timed layers python3 tests/layers/check-layers.py bisect
units=()
for c in tests/unit/test-*.c; do units+=("${c%.c}"); done
part unit env BISECTABLE_HOME="$PWD" prove -v --exec tests/timed.sh "${units[@]}"
part suites prove -v --exec tests/timed.sh tests/suites/*.t
part browser timed browser tests/browser/check-report.sh --fixture reports/fixture.html
part e2e prove -v --exec tests/timed.sh "${e2e[@]}"
if [ "$tier" = full ]; then
	echo "# quick $(( $(date +%s) - start ))" >> "$TEST_TIMES"
	part e2e-full prove -v --exec tests/timed.sh "${later[@]}"
fi

wall=$(( $(date +%s) - start ))
echo "# wall $wall" >> "$TEST_TIMES"
echo
summary "$TEST_TIMES"
if [ ${#failed[@]} -gt 0 ]; then
	echo "$tier: FAILED: ${failed[*]}"
	exit 1
fi
echo "$tier: all passed"
