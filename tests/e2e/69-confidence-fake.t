#!/bin/bash
# tier: quick (fake kernel and QEMU)
# Known failures, confirmation, --repeat and bisect on the fake kernel and
# the fake QEMU (fake-qemu.sh: a commit's 'fake-fails' file fails tests, a
# 'flaky' one on every other boot), so the flakiness is deterministic:
#   known  the base fails smoke.fork_exec_wait: known, not counted; commit 4
#          fails smoke.pipe_pingpong: named, confirmed 3 boots against 3;
#          commit 6 fixes the known failure
#   flaky  commit 2 fails smoke.yield_progress on every other boot: with
#          --repeat 6 it is named flaky (3 of 6), no later commit blamed;
#          with the default, confirmation finds it even when its one boot
#          passed and the failure first showed at commit 3
#   bisect the good end's known failure is good; the answer is confirmed by
#          3 boots of it and 3 of its parent
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
export FAKE_QEMU_BOOTS="$scratch/boots"
opts=(--configs up --suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong,smoke.yield_progress
	--boot-timeout 10 --retries 0 --flake-rate 0)

# --- known failures at the base ---
k="$scratch/known"
fake_kernel "$k"
fake_git "$k" checkout -q -b known base
fake_fails_commit "$k" "the base fails fork_exec_wait" "fail fork_exec_wait EBUSY at 0x1f"
fake_git "$k" tag known-base
for i in 1 2 3; do
	fake_fails_commit "$k" "change $i" "fail fork_exec_wait EBUSY at 0x$i$i"
done
fake_fails_commit "$k" "break pipe_pingpong" "fail fork_exec_wait EBUSY at 0x4" "fail pipe_pingpong EPIPE"
fake_fails_commit "$k" "change 5" "fail fork_exec_wait EBUSY at 0x5" "fail pipe_pingpong EPIPE"
fake_fails_commit "$k" "fix fork_exec_wait" "fail pipe_pingpong EPIPE"
timeout 300 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$k" known-base..known \
	> "$scratch/known.out" 2>&1
is "$?" 1 "run exits 1"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$db")
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^up: first bad 4/6 [0-9a-f]{7} "break pipe_pingpong" at test: fail: smoke.pipe_pingpong: EPIPE; failed 3 of 3 boots \(deterministic\), parent passed 3 of 3; confidence 99%$' \
	"commit 4 named, the known failure not counted, confirmed 3 against 3"
like "$out" '^up: known at the base, not counted: smoke.fork_exec_wait: EBUSY at X \(fixed by 6/6\)$' \
	"the known failure (addresses aside), and the commit that fixed it"
is "$(sql "select group_concat(c.position || ':' || r.tries, ' ') from results r join commits c
	on c.id = r.commit_id where r.stage = 'boot' order by c.position")" \
	"0:1 1:1 2:1 3:3 4:3 5:1 6:1" "boots: 3 at commit 4 and its parent, 1 elsewhere"
is "$(cat "$FAKE_QEMU_BOOTS")" 11 "11 boots in all: confirmation cost 4"
like "$(grep 'confirmed at' "$scratch/known.out")" 'confirmed at commit 4: test failed 3 of 3 boots \(deterministic\), parent passed 3 of 3' \
	"run says what confirming found"
timeout 30 "$BISECTABLE" first-bad --db "$db" --min-confidence 99.5% > /dev/null
is "$?" 0 "--min-confidence 99.5%: not sure enough for exit 1"

# The same range, nothing failing but the known failure: no boot beyond one each.
db_ok="$scratch/ok.db"
rm -f "$FAKE_QEMU_BOOTS"
timeout 300 "$BISECTABLE" run --db "$db_ok" "${opts[@]}" --repo "$k" known-base..known~3 \
	> "$scratch/ok.out" 2>&1
is "$?" 0 "a range whose only failure is the known one passes"
is "$(cat "$FAKE_QEMU_BOOTS")" 4 "and was booted once per commit (4): confirmation cost nothing"

# --- a flaky commit ---
f="$scratch/flaky"
fake_kernel "$f"
fake_git "$f" checkout -q -b flaky base
fake_fails_commit "$f" "change 1"
fake_fails_commit "$f" "yield_progress flakes" "flaky yield_progress EAGAIN"
fake_fails_commit "$f" "change 3" "flaky yield_progress EAGAIN" "note an image of its own"
rm -f "$FAKE_QEMU_BOOTS"
timeout 300 "$BISECTABLE" run --db "$scratch/r6.db" "${opts[@]}" --repeat 6 --repo "$f" \
	base..flaky > "$scratch/r6.out" 2>&1
is "$?" 1 "run --repeat 6 exits 1"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/r6.db")
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^up: first bad 2/3 [0-9a-f]{7} "yield_progress flakes" at test: fail: smoke.yield_progress: EAGAIN; failed 3 of 6 boots \(flaky\), parent passed 6 of 6; confidence 98%$' \
	"--repeat 6: commit 2 named, flaky, 3 of 6 against 6 of 6: 98%"
unlike "$out" hole "and no later commit is blamed (no hole)"
is "$(sqlite3 "$scratch/r6.db" "select group_concat(c.position || ':' || r.tries || '/' ||
	r.failed_tries, ' ') from results r join commits c on c.id = r.commit_id
	where r.stage = 'test' order by c.position")" "0:6/0 1:6/0 2:6/3 3:6/3" \
	"every commit booted 6 times, each boot a try"

# The default, one boot per commit: the base is the machine's 1st boot,
# commit 1 reuses its image's verdict (the same bytes), commit 2's boot (the 2nd) passes,
# commit 3's (the 3rd) fails: confirming at 3 finds its parent failing too
# and walks back to commit 2, whose parent passes every boot.
rm -f "$FAKE_QEMU_BOOTS"
timeout 300 "$BISECTABLE" run --db "$scratch/r1.db" "${opts[@]}" --repo "$f" base..flaky \
	> "$scratch/r1.out" 2>&1
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/r1.db")
printf '%s\n' "$out" | sed 's/^/# /'
grep -E 'confirmed|inherited|boot [0-9] of' "$scratch/r1.out" | sed 's/^/# /'
like "$out" '^up: first bad 2/3 [0-9a-f]{7} "yield_progress flakes" at test: .*\(flaky\), parent passed 3 of 3' \
	"the default: the failure showed at commit 3, confirming walked back to commit 2, flaky"
is "$(sqlite3 "$scratch/r1.db" "select group_concat(c.position || ':' || r.tries || '/' ||
	r.failed_tries || ':' || coalesce(r.confirmed, '-'), ' ') from results r join commits c
	on c.id = r.commit_id where r.stage = 'test' order by c.position")" \
	"0:1/0:- 1:3/0:- 2:3/1:flaky 3:3/2:inherited" \
	"commit 3 inherited it; commit 2 and its parent were booted 3 times"

# --- bisect: the good end's known failure is good ---
timeout 300 "$BISECTABLE" bisect --db "$scratch/b.db" --repo "$k" --config up --stage test \
	--suites smoke --tests smoke.fork_exec_wait,smoke.pipe_pingpong --boot-timeout 10 \
	--retries 0 known-base known > "$scratch/b.out" 2> "$scratch/b.err"
is "$?" 0 "bisect exits 0: a confirmed first bad commit"
sed 's/^/# /' "$scratch/b.out" | head -4
like "$(cat "$scratch/b.out")" '^first bad commit: 4/6 [0-9a-f]{12} "break pipe_pingpong"' \
	"bisect names commit 4, not the base's known failure"
like "$(cat "$scratch/b.out")" '^confirmed: tested again without the cache, .*; 3 of 3 boots failed \(deterministic\), the parent passed 3 of 3; confidence 99%$' \
	"confirmed by 3 boots of it and 3 of its parent"
done_testing
