#!/bin/bash
# tier: quick (fake kernel and QEMU)
# The shared results store: machine A (its own cache and database) verifies
# a range and publishes its cells to a private Redis; machine B (another,
# empty cache and database) verifies the same range and takes every cell
# from the store: nothing built, the same verdict, rows marked with the host
# that verified them, the logs there again. A store that stops answering in
# the middle of a run: the run goes on locally, says so once, notes it in
# the run's record, and ends within the store's timeouts.
# Fake kernel and fake QEMU: nothing real is built or booted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
. "$(dirname "$0")/redis.sh"
trap 'stop_redis; [ "${tap_failed:-0}" -eq 0 ] && rm -rf "$scratch" || echo "# kept $scratch"' EXIT
fake_machine
# Commit 2 does not build: a failed build is an outcome to share too.
fake_broken_tip "$scratch/k"
opts=(--suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong --boot-timeout 10)

start_redis "$scratch/redis"
ok $? "a private redis-server answers on 127.0.0.1:$redis_port"
export BISECTABLE_RESULTS_REMOTE="redis://127.0.0.1:$redis_port"

BISECTABLE_CACHE="$scratch/cacheA" timeout 120 "$BISECTABLE" run --db "$scratch/a.db" \
	--configs up,smp "${opts[@]}" --repo "$scratch/k" base..broken-tip > "$scratch/a.out" 2>&1
a_rc=$?
is "$a_rc" 1 "machine A verifies the range (a broken commit)"
a_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/a.db")
ok "$([ "$(redis-cli -p "$redis_port" --scan --pattern 'bisectable:1:cell:*' | wc -l)" -ge 20 ]
	echo $?)" "it published its cells"

start=$SECONDS
BISECTABLE_CACHE="$scratch/cacheB" timeout 120 "$BISECTABLE" run --db "$db" --configs up,smp \
	"${opts[@]}" --repo "$scratch/k" base..broken-tip > "$scratch/b.out" 2>&1
is "$?" "$a_rc" "machine B ends as A did"
echo "# machine B: $((SECONDS - start)) s"
# The store has the cells, not the builds' .configs: B's coverage is not known.
is "$(timeout 30 "$BISECTABLE" first-bad --db "$db")" "$(printf '%s\n' "$a_verdict" | grep -v '^series: ')" \
	"with A's verdict (its coverage, from builds B did not make, is not known to B)"
is "$(find "$scratch/cacheB/build" -name bzImage 2> /dev/null | wc -l)" 0 "B built nothing"
ok "$(! grep -q ' build pass (' "$scratch/b.out"; echo $?)" "B's output shows no build"
is "$(sql "select count(*) from results where stage != 'apply' and status != 'skip'
	and origin is null")" 0 "every build, boot and test of B is from the store"
is "$(sql "select count(distinct origin) from results where origin is not null")" 1 \
	"marked with the host that verified it"
like "$(cat "$scratch/b.out")" "up +build pass: from the results store \(verified on " \
	"B's progress says where a cell came from"
is "$(sql "select count(*) from results r join commits c on c.id = r.commit_id
	where c.position = 3 and r.stage = 'build' and r.status = 'fail'
	and r.evidence like '%this commit is broken%'")" 2 \
	"the failed builds come with their evidence"
is "$(sql "select count(*) from results where stage = 'boot' and status = 'skip'
	and evidence = 'not run: build failed'")" 2 "their boots are skipped as A's were"
is "$(sql "select count(*) from tests")" \
	"$(sqlite3 "$scratch/a.db" "select count(*) from tests")" "B has A's tests"
is "$(sql "select count(*) from metrics where source = 'guest'")" \
	"$(sqlite3 "$scratch/a.db" "select count(*) from metrics where source = 'guest'")" \
	"and A's guest figures"
log=$(sql "select log_path from results r join commits c on c.id = r.commit_id
	where c.position = 2 and r.stage = 'build' and r.config = 'up'")
a_log=$(sqlite3 "$scratch/a.db" "select log_path from results r join commits c
	on c.id = r.commit_id where c.position = 2 and r.stage = 'build' and r.config = 'up'")
ok "$(cmp -s "$log" "$a_log"; echo $?)" "the build log is here again, as A wrote it"
case $log in "$scratch/logs/"*) ok 0 "in B's own log directory" ;;
	*) ok 1 "in B's own log directory"; echo "# $log" ;; esac
is "$(sql "select results_remote from runs")" "$BISECTABLE_RESULTS_REMOTE" \
	"the run records the store it used"

# Machine C: configurations the store has not seen; the store stops answering
# (SIGSTOP: no refusal, only silence) while the first build runs.
building() { pgrep -f fake-kbuild-marker > /dev/null; }
FAKE_BUILD_SECONDS=2 BISECTABLE_CACHE="$scratch/cacheC" timeout 300 "$BISECTABLE" run \
	--db "$scratch/c.db" --configs up-full,smp-full "${opts[@]}" --repo "$scratch/k" base..tip \
	> "$scratch/c.out" 2>&1 &
cpid=$!
end=$((SECONDS + 60))
until building || [ "$SECONDS" -ge "$end" ]; do sleep 0.1; done
kill -STOP "$redis_pid"
start=$SECONDS
wait "$cpid"
is "$?" 0 "machine C's run goes on locally to its end"
took=$((SECONDS - start))
echo "# machine C after the store stopped: $took s"
ok "$([ "$took" -le 90 ]; echo $?)" "within the store's timeouts"
is "$(grep -c 'results store .*goes on without it' "$scratch/c.out")" 1 "it says so once"
like "$(sqlite3 "$scratch/c.db" "select results_remote_lost from runs")" \
	"^redis://127\.0\.0\.1:$redis_port: " "and notes it in the run's record"
is "$(sqlite3 "$scratch/c.db" "select group_concat(complete || bisectable, ' ') from verdict")" \
	"yesyes yesyes" "every cell was verified here"
done_testing
