#!/bin/sh
# timed.sh PROGRAM [ARG...]: run one test program (prove's --exec) and
# append "SECONDS NAME STATUS" to $TEST_TIMES, NAME being $TEST_NAME or the
# program, so that a tier can say where its time went. A bash .t file runs
# under bash, anything else as it is.
start=$(date +%s.%N)
case $1 in
*.t) bash "$@" ;;
*) "$@" ;;
esac
rc=$?
if [ -n "${TEST_TIMES:-}" ]; then
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" -v n="${TEST_NAME:-$1}" -v rc="$rc" \
		'BEGIN { printf "%.1f %s %s\n", e - s, n, rc == 0 ? "ok" : "FAIL" }' >> "$TEST_TIMES"
fi
exit $rc
