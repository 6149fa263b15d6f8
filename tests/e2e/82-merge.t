#!/bin/bash
# tier: quick (fake kernel and QEMU)
# bisectable merge: the runs of another machine's database are folded in by
# key, with their results, tests, metrics and warnings; merging again adds
# nothing; the merged run gives the same verdict as where it was verified;
# a database of a newer schema is refused.
# Fake kernel and fake QEMU (fake-kernel.sh, fake-qemu.sh): nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_machine
# Commit 2 of the range does not build: a verdict that is not all pass.
fake_broken_tip "$scratch/k"
opts=(--configs up,smp --suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong
      --boot-timeout 10)

timeout 120 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$scratch/k" base..tip \
	> "$scratch/a.out" 2>&1
is "$?" 0 "machine A's run (all pass)"
timeout 120 "$BISECTABLE" run --db "$scratch/b.db" "${opts[@]}" --repo "$scratch/k" \
	base..broken-tip > "$scratch/b.out" 2>&1
is "$?" 1 "machine B's run (a broken commit)"
b_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/b.db")

count() { sql "select (select count(*) from runs), (select count(*) from commits),
	(select count(*) from results), (select count(*) from tests),
	(select count(*) from metrics), (select count(*) from warnings)"; }
before=$(count)
out=$(timeout 60 "$BISECTABLE" merge --db "$db" "$scratch/b.db" 2>&1)
is "$?" 0 "merge succeeds"
like "$out" "1 run \(1 new\), 4 commits, 32 results" "it says what it added"
once=$(count)
out=$(timeout 60 "$BISECTABLE" merge --db "$db" "$scratch/b.db" 2>&1)
is "$?" 0 "merging again succeeds"
like "$out" "1 run \(0 new\), 0 commits, 0 results, 0 tests, 0 metrics, 0 warnings" \
	"and says it added nothing"
is "$(count)" "$once" "no row twice"
ok "$([ "$once" != "$before" ]; echo $?)" "the first merge added rows"
is "$(sql "select count(*) from (select commit_id, config, stage from results
	group by 1, 2, 3 having count(*) > 1)")" 0 "one result per cell"
is "$(timeout 30 "$BISECTABLE" first-bad --db "$db" --run 2)" "$b_verdict" \
	"the merged run's verdict is B's"
is "$(sql "select count(*) from results r join results o on o.id = r.cached_from
	where r.run_id = 2 and o.run_id not in (1, 2)")" 0 "cached_from names merged results"
is "$(sql "select count(*) from tests t left join results r on r.id = t.result_id
	where r.id is null")" 0 "every test hangs off a result"
like "$(timeout 30 "$BISECTABLE" runs --db "$db")" "2 .*done.*base\.\.broken-tip" \
	"runs lists the merged run"

# A database of a newer schema is refused, and nothing is added.
cp "$scratch/b.db" "$scratch/newer.db"
sqlite3 "$scratch/newer.db" "pragma user_version = 999"
out=$(timeout 60 "$BISECTABLE" merge --db "$db" "$scratch/newer.db" 2>&1)
is "$?" 2 "a newer database is refused"
like "$out" "schema version 999" "with its version"
is "$(count)" "$once" "nothing was added"

# Two databases in one directory keep their logs apart (test.db's run 1 and
# b.db's run 1 do not share a log directory).
a_log=$(sql "select log_path from results where run_id = 1 and config = 'up'
	and stage = 'build' order by commit_id limit 1")
b_log=$(sqlite3 "$scratch/b.db" "select log_path from results where run_id = 1
	and config = 'up' and stage = 'build' order by commit_id limit 1")
ok "$([ -n "$a_log" ] && [ "$(dirname "$a_log")" != "$(dirname "$b_log")" ]; echo $?)" \
	"two databases in one directory: two log directories"
case $b_log in "$scratch/logs/"*) ok 0 "under the directory's logs/" ;;
	*) ok 1 "under the directory's logs/"; echo "# $b_log" ;; esac

# A merged database is data: its log paths name nothing outside its logs.
mkdir -p "$scratch/c" "$scratch/evil"
echo "TOPSECRET-LINE" > "$scratch/secret"
cp "$scratch/b.db" "$scratch/evil/evil.db"
sqlite3 "$scratch/evil/evil.db" "update results set log_path = '$scratch/secret'
	where status != 'pass' and stage = 'build';
	update results set log_path = '../../../../../../../..$scratch/secret'
	where status != 'pass' and stage != 'build'"
# A FIFO among its own logs would block a reader.
mkdir -p "$scratch/evil/logs"
mkfifo "$scratch/evil/logs/fifo.log"
sqlite3 "$scratch/evil/evil.db" "update results set log_path = 'logs/fifo.log'
	where status = 'pass' and stage = 'boot'"
out=$(timeout 60 "$BISECTABLE" merge --db "$scratch/c/c.db" "$scratch/evil/evil.db" 2>&1)
is "$?" 0 "a database with hostile log paths merges (a FIFO among its logs too)"
for f in email html junit kcidb; do
	timeout 60 "$BISECTABLE" report --db "$scratch/c/c.db" --format $f -o "$scratch/c/r.$f" \
		> /dev/null 2>&1
	ok "$(! grep -q TOPSECRET "$scratch/c/r.$f"; echo $?)" "report --format $f shows no other file"
done
is "$(sqlite3 "$scratch/c/c.db" "select count(*) from results where log_path is not null
	and log_path not like '$scratch/c/logs/%'")" 0 "no path outside its logs is kept"
# The logs a merge needs come along, into this database's logs.
out=$(timeout 60 "$BISECTABLE" merge --db "$scratch/c/d.db" "$scratch/b.db" 2>&1)
is "$?" 0 "a merge into another directory"
d_log=$(sqlite3 "$scratch/c/d.db" "select log_path from results where status = 'fail'
	and stage = 'build' limit 1")
case $d_log in "$scratch/c/logs/"*) ok 0 "the log is copied into its logs" ;;
	*) ok 1 "the log is copied into its logs"; echo "# $d_log" ;; esac
b_fail=$(sqlite3 "$scratch/b.db" "select log_path from results where status = 'fail'
	and stage = 'build' limit 1")
ok "$(cmp -s "$d_log" "$b_fail"; echo $?)" "as it was"
timeout 60 "$BISECTABLE" report --db "$scratch/c/d.db" --format email -o "$scratch/c/d.email" \
	> /dev/null 2>&1
like "$(cat "$scratch/c/d.email")" "this commit is broken" "and the report shows it"

# A run is who started it, not the second it started in: two runs with one
# (host, second, series, base) are two runs.
cp "$scratch/b.db" "$scratch/twin.db"
sqlite3 "$scratch/twin.db" "insert into runs (series, series_kind, repo, work_dir,
	base_version, base_sha, tip_sha, configs, options, started_at, ended_at, state,
	tool_version, host, kind) select series, series_kind, repo, work_dir, base_version,
	base_sha, tip_sha, 'smp', options, started_at, ended_at, state, tool_version, host,
	kind from runs where id = 1;
	insert into commits (run_id, position, sha, tree, subject)
	select 2, position, sha, tree, subject from commits where run_id = 1"
out=$(timeout 60 "$BISECTABLE" merge --db "$scratch/c/t.db" "$scratch/twin.db" 2>&1)
like "$out" "2 runs \(2 new\), 8 commits" "two runs of one second stay two"
out=$(timeout 60 "$BISECTABLE" merge --db "$scratch/c/t.db" "$scratch/twin.db" 2>&1)
like "$out" "2 runs \(0 new\), 0 commits" "and merging again adds nothing"
cp "$scratch/b.db" "$scratch/c/same-second.db"
sqlite3 "$scratch/c/same-second.db" "update runs set configs = 'smp'" 2> /dev/null
sqlite3 "$scratch/c/same-second.db" "update runs set uuid = 'another-run'" 2> /dev/null
out=$(timeout 60 "$BISECTABLE" merge --db "$scratch/c/t.db" "$scratch/c/same-second.db" 2>&1)
like "$out" "1 run \(1 new\)" "another machine's run of the same second is another run"

# A run left 'running' on another machine is not this machine's to touch.
cp "$scratch/b.db" "$scratch/c/foreign.db"
sqlite3 "$scratch/c/foreign.db" "update runs set state = 'running', host = 'elsewhere',
	work_dir = '$scratch/foreign/important', ended_at = null"
mkdir -p "$scratch/foreign"
timeout 60 "$BISECTABLE" merge --db "$scratch/c/e.db" "$scratch/c/foreign.db" > /dev/null 2>&1
timeout 120 "$BISECTABLE" run --db "$scratch/c/e.db" "${opts[@]}" --repo "$scratch/k" \
	base..tip > "$scratch/e.out" 2>&1
is "$?" 0 "a local run after merging a foreign running run"
ok "$([ ! -e "$scratch/foreign/important.lock" ]; echo $?)" "no lock made at its path"
is "$(sqlite3 "$scratch/c/e.db" "select state from runs where host = 'elsewhere'")" \
	running "nor is it marked interrupted"
sqlite3 "$scratch/c/foreign.db" "update runs set state = 'done', ended_at = started_at"
timeout 60 "$BISECTABLE" merge --db "$scratch/c/e.db" "$scratch/c/foreign.db" > /dev/null 2>&1
is "$(sqlite3 "$scratch/c/e.db" "select state from runs where host = 'elsewhere'")" \
	done "once it is done there, merging again says so"

# coverage while a run is running, before any build of it finished: it says
# so, and does not blame an old schema.
FAKE_BUILD_SECONDS=3 timeout 120 "$BISECTABLE" run --db "$scratch/c/cov.db" "${opts[@]}" \
	--repo "$scratch/k" base..tip > "$scratch/cov.out" 2>&1 &
covpid=$!
end=$((SECONDS + 30))
until pgrep -f fake-kbuild-marker > /dev/null || [ "$SECONDS" -ge "$end" ]; do sleep 0.1; done
out=$(timeout 30 "$BISECTABLE" coverage --db "$scratch/c/cov.db" 2>&1)
like "$out" "still running" "coverage of a running run without builds says it is running"
ok "$(! grep -q "schema version" <<< "$out"; echo $?)" "and blames no schema version"
wait "$covpid"

# What is not a database file is refused before it is opened.
mkfifo "$scratch/fifo"
out=$(timeout 10 "$BISECTABLE" merge --db "$scratch/c/f.db" "$scratch/fifo" 2>&1)
is "$?" 2 "a FIFO to merge is refused"
like "$out" "not a regular file" "saying why"
out=$(timeout 10 "$BISECTABLE" runs --db "$scratch/fifo" 2>&1)
is "$?" 2 "a FIFO as --db is refused"
out=$(timeout 10 "$BISECTABLE" merge --db "$scratch/fifo" "$scratch/b.db" 2>&1)
is "$?" 2 "also by merge"
out=$(timeout 10 "$BISECTABLE" merge --db /dev/null "$scratch/b.db" 2>&1)
is "$?" 2 "--db /dev/null is refused"
ok "$([ ! -e /dev/null-journal ] && [ ! -e /dev/null-wal ]; echo $?)" "and nothing made beside it"

# A failed merge leaves no copy behind.
mkdir -p "$scratch/tmp"
cp "$scratch/b.db" "$scratch/corrupt.db"
# Its results' pages garbled, the rest intact: it opens, and fails in the middle.
for page in $(sqlite3 "$scratch/b.db" "select pageno from dbstat where name = 'results'
	and pagetype = 'leaf'"); do
	head -c 4096 /dev/urandom | dd of="$scratch/corrupt.db" bs=4096 seek=$((page - 1)) \
		conv=notrunc 2> /dev/null
done
out=$(TMPDIR="$scratch/tmp" timeout 60 "$BISECTABLE" merge --db "$scratch/c/g.db" \
	"$scratch/corrupt.db" 2>&1)
is "$?" 2 "a corrupt database does not merge"
like "$out" "malformed" "it is malformed"
is "$(ls -A "$scratch/tmp")" "" "and leaves no copy in TMPDIR"

# A WAL database in a directory nobody may write to merges as it is read.
mkdir -p "$scratch/ro"
cp "$scratch/b.db" "$scratch/ro/wal.db"
sqlite3 "$scratch/ro/wal.db" "pragma journal_mode = wal" > /dev/null
chmod 0555 "$scratch/ro"
chmod 0444 "$scratch/ro/wal.db"
# chmod does not stop root: read it through a read-only bind mount of its
# directory, in a mount namespace of its own (unshare -rm).
ro() { unshare -rm sh -c 'mount --bind -o ro "$1" "$1" || exit 99; shift; exec "$@"' \
	ro "$scratch/ro" "$@"; }
like "$(ro timeout 30 "$BISECTABLE" runs --db "$scratch/ro/wal.db" 2>&1)" "base\.\.broken-tip" \
	"runs reads a WAL database on a read-only mount"
out=$(ro timeout 60 "$BISECTABLE" merge --db "$scratch/c/h.db" "$scratch/ro/wal.db" 2>&1)
is "$?" 0 "and merge does too"
like "$out" "1 run \(1 new\)" "all of it"
chmod 0755 "$scratch/ro"
done_testing
