#!/bin/bash
# tier: quick (fake kernel)
# bisectable notes on a run of --repo R base..broken-tip over the fake
# kernel, booted in the fake QEMU (up and smp; the third commit does not
# build): a git note per commit under refs/notes/bisectable, shown by 'git
# log --notes=bisectable'; a second export leaves the notes ref at the same
# commit; no other ref moves; the notes and the patchwork checks say what
# the JSON report says; a repository without the run's commits is refused.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
fake_broken_tip "$scratch/k"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@localhost GIT_COMMITTER_NAME=T \
	GIT_COMMITTER_EMAIL=t@localhost
k=$scratch/k

timeout 300 "$BISECTABLE" run --db "$db" --configs up,smp --no-base --boot-timeout 10 \
	--retries 0 --suites smoke --tests smoke.fork_exec_wait --flake-rate 0 \
	--repo "$k" base..broken-tip > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1 (the third commit does not build)"
sed 's/^/# /' "$scratch/run.out" | tail -3
refs() { git -C "$k" for-each-ref --format='%(refname) %(objectname)'; }

before=$(refs)
out=$(timeout 30 "$BISECTABLE" notes --db "$db" 2>&1)
is "$(printf '%s\n' "$out" | grep -c '^bisectable run 1')" 3 "without --repo: the 3 notes printed"
is "$(refs)" "$before" "and nothing written"

out=$(timeout 30 "$BISECTABLE" notes --db "$db" --repo "$k" 2>&1)
is "$out" "refs/notes/bisectable in $k: 3 notes written, 0 unchanged" "notes --repo writes 3"
is "$(git -C "$k" log --notes=bisectable --format='%h %s|%N' base..broken-tip | grep -c '|bisectable run 1')" 3 \
	"git log --notes=bisectable shows a note on each of the 3 commits"
is "$(git -C "$k" notes --ref=bisectable list | wc -l)" 3 "and there are no others (not on the base)"
like "$(git -C "$k" log -1 --notes=bisectable --format=%N broken-tip)" \
	'^up: fail: first bad: does not build: broken\.c:1:1: error: this commit is broken; confidence 100%$' \
	"the broken commit's note: up's first bad, confidence"
like "$(git -C "$k" log -1 --notes=bisectable --format=%N broken-tip~1)" \
	'^smp: success: builds, boots and passes its tests; [0-9]+ of [0-9]+ changed lines? compiled$' \
	"a passing commit's note: smp's verdict and coverage"
after=$(refs)
is "$(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | grep '^[<>]' | cut -d' ' -f1,2)" \
	"> refs/notes/bisectable" "no ref but refs/notes/bisectable moved"
notes_commit=$(git -C "$k" rev-parse refs/notes/bisectable)

out=$(timeout 30 "$BISECTABLE" notes --db "$db" --repo "$k" 2>&1)
is "$out" "refs/notes/bisectable in $k: 0 notes written, 3 unchanged" "a second export writes nothing"
is "$(git -C "$k" rev-parse refs/notes/bisectable)" "$notes_commit" \
	"refs/notes/bisectable stays at the same commit"
is "$(refs)" "$after" "and no ref moves"

timeout 30 "$BISECTABLE" report --db "$db" --format json -o "$scratch/report.json" > /dev/null
timeout 30 "$BISECTABLE" report --db "$db" --format patchwork -o "$scratch/pw.json" > /dev/null
for sha in $(git -C "$k" rev-list base..broken-tip); do
	git -C "$k" notes --ref=bisectable show "$sha" | sed "s/^/$sha\t/"
done > "$scratch/notes.txt"
is "$(python3 tests/e2e/checks-agree.py "$scratch/report.json" "$scratch/pw.json" \
	"$scratch/notes.txt")" "agree 6" "notes and patchwork checks say what the JSON report says"

git init -q "$scratch/other"
out=$(timeout 30 "$BISECTABLE" notes --db "$db" --repo "$scratch/other" 2>&1)
is "$?" 2 "a repository without the run's commits: exit 2"
like "$out" "^bisectable: error: commit 1/3 of run 1 \([0-9a-f]{12}\) is not in .*other: notes go" \
	"said so"
is "$(git -C "$scratch/other" for-each-ref)" "" "and nothing written there"
out=$(GIT_DIR="$scratch/other/.git" timeout 30 "$BISECTABLE" notes --db "$db" --repo "$k" 2>&1)
is "$out" "refs/notes/bisectable in $k: 0 notes written, 3 unchanged" \
	"GIT_DIR naming another repository does not take the notes there"
is "$(git -C "$scratch/other" for-each-ref)" "" "(nothing there)"
done_testing
