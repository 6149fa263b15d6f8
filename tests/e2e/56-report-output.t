#!/bin/bash
# tier: quick (no kernel)
# report -o: a regular file (or none) is replaced atomically, a symlink's
# target is written, a FIFO or a character device is written in place and
# never replaced, a directory is refused. No kernel is built.
. "$(dirname "$0")/lib.sh"

sqlite3 "$db" < db/schema.sql
sqlite3 "$db" < tests/browser/make-fixture-db.sql
report() {
	timeout 30 "$BISECTABLE" report --db "$db" --format json "$@"
}

report -o "$scratch/new.json" > /dev/null
ok $? "-o a new file"
ok "$(test -f "$scratch/new.json" -a -s "$scratch/new.json"; echo $?)" "it is a regular file"

touch "$scratch/target.json"
ln -s target.json "$scratch/link.json"
report -o "$scratch/link.json" > /dev/null
ok $? "-o a symlink"
ok "$(test -L "$scratch/link.json"; echo $?)" "the symlink is still a symlink"
ok "$(test -s "$scratch/target.json"; echo $?)" "its target holds the report"

ln -s nowhere "$scratch/dangling"
report -o "$scratch/dangling" > /dev/null 2> "$scratch/dangling.err"
is "$?" 2 "-o a dangling symlink is refused"
like "$(cat "$scratch/dangling.err")" "symbolic link to nothing" "and says why"

mkfifo "$scratch/fifo"
timeout 30 cat "$scratch/fifo" > "$scratch/fifo.out" &
reader=$!
report -o "$scratch/fifo" > /dev/null
ok $? "-o a FIFO"
wait "$reader"
ok "$(test -p "$scratch/fifo"; echo $?)" "the FIFO is still a FIFO"
like "$(head -c 200 "$scratch/fifo.out")" '"run"|\{' "the reader got the report"
ok "$(ls "$scratch" | grep -c '\.tmp\.' | grep -qx 0; echo $?)" "no temporary file left"

mkdir "$scratch/dir"
report -o "$scratch/dir" > /dev/null 2> "$scratch/dir.err"
is "$?" 2 "-o a directory is refused"
like "$(cat "$scratch/dir.err")" "is a directory" "and says why"

if [ "$(id -u)" = 0 ]; then
	mknod "$scratch/null" c 1 3
	report -o "$scratch/null" > /dev/null
	ok $? "-o a character device (as root)"
	ok "$(test -c "$scratch/null"; echo $?)" "the device node is still a device node"
else
	ok 0 "# SKIP a character device needs root"
fi
done_testing
