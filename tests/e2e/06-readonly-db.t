#!/bin/bash
# tier: quick (no kernel)
# The commands that only read work on a database they cannot write: a WAL
# database on a read-only mount (bubblewrap's --ro-bind), e.g. a copy kept
# for a reviewer. And a database from a newer bisectable is refused. No kernel.
. "$(dirname "$0")/lib.sh"

if ! bwrap --ro-bind / / --dev /dev true 2>/dev/null; then
	echo "1..0 # SKIP bubblewrap cannot make a read-only mount here"
	exit 0
fi
mkdir "$scratch/ro"
rodb="$scratch/ro/x.db"
sqlite3 "$rodb" < db/schema.sql
sqlite3 "$rodb" < tests/browser/make-fixture-db.sql
sqlite3 "$rodb" 'PRAGMA journal_mode=WAL; PRAGMA user_version=2;' > /dev/null
readonly_run() {	# readonly_run ARGS...: bisectable with $scratch/ro mounted read-only
	bwrap --ro-bind / / --dev /dev --proc /proc --bind "$scratch" "$scratch" \
		--ro-bind "$scratch/ro" "$scratch/ro" -- "$BISECTABLE" "$@"
}

out=$(readonly_run runs --db "$rodb" 2>&1); rc=$?
is "$rc" 0 "runs reads a read-only WAL database"
like "$out" "up,smp" "and lists its runs"
out=$(readonly_run first-bad --db "$rodb" --run 2 2>&1); rc=$?
is "$rc" 1 "first-bad reads it (exit 1: up has a first bad commit)"
like "$out" "^up: first bad 2/4" "and names it"
out=$(readonly_run show --db "$rodb" 2 2>&1); rc=$?
is "$rc" 0 "show reads it"
readonly_run report --db "$rodb" -o "$scratch/r.html" > /dev/null 2>&1; rc=$?
is "$rc" 0 "report reads it"
like "$(grep -c 'first bad' "$scratch/r.html")" "^[1-9]" "and writes the report elsewhere"
ls "$scratch/ro" > "$scratch/ls"
is "$(cat "$scratch/ls")" "x.db" "nothing was created beside the database"

sqlite3 "$rodb" 'PRAGMA user_version=99;'
out=$("$BISECTABLE" runs --db "$rodb" 2>&1); rc=$?
is "$rc" 2 "a database from a newer bisectable: exit 2"
like "$out" "schema version 99" "and says why"
done_testing
