#!/bin/bash
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
done_testing
