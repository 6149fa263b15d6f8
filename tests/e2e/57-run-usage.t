#!/bin/bash
# tier: quick (fake kernel)
# Usage errors of 'run' that must come before any row of the database:
# a reversed or empty range, and paths that git's --exec line cannot carry.
# Uses a fake kernel repository: nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel "$scratch/k"

run() {
	timeout 120 "$BISECTABLE" run --configs up --boot-timeout 5 "$@"
}
rows() {	# rows DB: the number of runs recorded in it (0 without a database)
	[ -e "$1" ] && sqlite3 -batch "$1" 'select count(*) from runs' 2>/dev/null || echo 0
}

run --db "$db" --repo "$scratch/k" tip..base > "$scratch/rev.out" 2>&1
is "$?" 2 "a reversed range is a usage error"
like "$(cat "$scratch/rev.out")" "not an ancestor" "it says the base is not an ancestor"
run --db "$db" --repo "$scratch/k" HEAD..HEAD~2 > /dev/null 2>&1
is "$?" 2 "HEAD..HEAD~2 is a usage error"
run --db "$db" --repo "$scratch/k" HEAD..HEAD > "$scratch/empty.out" 2>&1
is "$?" 2 "an empty range is a usage error"
like "$(cat "$scratch/empty.out")" "no commit" "it says the range is empty"
is "$(rows "$db")" 0 "no run row for any of them"

nl_db="$scratch/a
b.db"
run --db "$nl_db" --repo "$scratch/k" base..tip > "$scratch/nl.out" 2>&1
is "$?" 2 "a newline in --db is a usage error"
like "$(cat "$scratch/nl.out")" "line break" "it says why"
is "$(rows "$nl_db")" 0 "no run row in that database"
ok "$(grep -q 'the base\]' "$scratch/nl.out"; test $? -ne 0; echo $?)" "the base was not verified"

run --db "$db" --repo "$scratch/k" base..tip > "$scratch/ok.out" 2>&1
ok "$(test $? -le 1; echo $?)" "a good range runs"
is "$(rows "$db")" 1 "and is recorded"
done_testing
