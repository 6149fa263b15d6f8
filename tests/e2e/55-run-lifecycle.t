#!/bin/bash
# tier: quick (fake kernel)
# kill -9 of 'bisectable run' in the middle of a build: nothing of the run
# outlives it, the next run marks it interrupted, 'run --resume' completes it
# with the verdict of an uninterrupted run, no result twice, the database
# intact. A step never ends a run because it cannot read git's todo list.
# Uses a fake kernel repository whose build sleeps: nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel "$scratch/k"
opts=(--configs up --boot-timeout 5 --no-base)

wait_for() {	# wait_for SECONDS COMMAND...: poll until COMMAND succeeds
	local end=$((SECONDS + $1))
	shift
	until "$@"; do
		[ "$SECONDS" -ge "$end" ] && return 1
		sleep 0.2
	done
}
building() { pgrep -f fake-kbuild-marker > /dev/null; }
session_gone() { ! pgrep -s "$1" > /dev/null; }

# The reference: the same range, uninterrupted, in a database of its own.
timeout 120 "$BISECTABLE" run --db "$scratch/ref.db" "${opts[@]}" --repo "$scratch/k" base..tip \
	> "$scratch/ref.out" 2>&1
ref_rc=$?
ref_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/ref.db")

# kill -9 while the second commit builds.
FAKE_BUILD_SECONDS=30 setsid timeout 300 "$BISECTABLE" run --db "$db" "${opts[@]}" \
	--repo "$scratch/k" base..tip > "$scratch/kill.out" 2>&1 &
sid=$!
wait_for 60 building
ok $? "the first build started"
pkill -9 -s "$sid" -x timeout
pkill -9 -s "$sid" -f "bisectable run"
wait "$sid" 2> /dev/null
wait_for 10 session_gone "$sid"
ok $? "no process of the killed run is left (its session is empty)"
pgrep -s "$sid" -a | sed 's/^/# left: /'
pkill -9 -s "$sid" 2> /dev/null
is "$(sql 'select state from runs where id = 1')" running "the killed run is still 'running'"

# The work tree is shared by every database of the machine: a run of another
# database finds the killed run's rebase, and it is not the user's work.
wt=$(sql 'select work_dir from runs where id = 1')
ok "$(test -d "$(cd "$wt" && realpath -m "$(git rev-parse --git-path rebase-merge)")"; echo $?)" \
	"the killed run left its rebase in progress"
timeout 120 "$BISECTABLE" run --db "$scratch/other.db" "${opts[@]}" --repo "$scratch/k" base..tip \
	> "$scratch/other.out" 2>&1
is "$?" "$ref_rc" "a run of another database takes the work tree the killed run left"
sed 's/^/# /' "$scratch/other.out" | head -3

# A step outside a rebase cannot read the todo list: an error, nothing deleted.
ncommits=$(sql 'select count(*) from commits where run_id = 1')
git -C "$wt" rebase --quit 2> /dev/null
git -C "$wt" checkout -q --detach "$(git -C "$scratch/k" rev-parse tip~1)" 2> /dev/null
(cd "$wt" && timeout 60 "$BISECTABLE" step --db "$db" --run 1 > "$scratch/step.out" 2>&1)
is "$?" 2 "a step that cannot read the todo list fails"
is "$(sql 'select count(*) from commits where run_id = 1')" "$ncommits" "it deletes no commit"
is "$(sql 'select state from runs where id = 1')" running "it does not end the run"

# The next run finds the killed one, marks it interrupted and does its work
# in the work tree the killed run left (not the user's).
timeout 120 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$scratch/k" base..tip \
	> "$scratch/next.out" 2>&1
is "$?" "$ref_rc" "the next run ends as an uninterrupted one"
sed 's/^/# /' "$scratch/next.out" | head -3
is "$(sql 'select state from runs where id = 1')" interrupted "the killed run is now 'interrupted'"
like "$(cat "$scratch/next.out")" "run 1 .*marked interrupted" "the next run says so"
is "$(timeout 30 "$BISECTABLE" first-bad --db "$db" --run 2)" "$ref_verdict" \
	"its verdict is the uninterrupted run's"

# The killed run itself, taken up where it ended.
timeout 120 "$BISECTABLE" run --db "$db" --resume 1 > "$scratch/resume.out" 2>&1
is "$?" "$ref_rc" "run --resume 1 ends as an uninterrupted run"
sed 's/^/# /' "$scratch/resume.out" | head -3
like "$(cat "$scratch/resume.out")" "resuming run 1" "it says which run it takes up"
is "$(sql 'select state from runs where id = 1')" done "the resumed run is done"
is "$(timeout 30 "$BISECTABLE" first-bad --db "$db" --run 1)" "$ref_verdict" \
	"with the uninterrupted run's verdict"
is "$(sql 'select count(*) from commits where run_id = 1 and position > 0')" \
	"$(sqlite3 "$scratch/ref.db" 'select count(*) from commits where position > 0')" \
	"and all of its commits"
timeout 30 "$BISECTABLE" run --db "$db" --resume 1 > "$scratch/again.out" 2>&1
is "$?" 2 "a run that is done cannot be resumed"
is "$(sql 'pragma integrity_check')" ok "the database is intact"
is "$(sql 'select count(*) from (select commit_id, config, stage from results
	group by 1, 2, 3 having count(*) > 1)')" 0 "no result is recorded twice"
done_testing
