#!/bin/bash
# tier: quick (fake kernel)
# After a --stop-on-failure stop the work tree is the user's: the next run
# leaves a rebase in progress, uncommitted edits and new files alone and says
# how to go on; --discard throws them away. Fake kernel: nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel_broken "$scratch/k"
opts=(--configs up --boot-timeout 5 --no-base)

run() {
	timeout 120 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$scratch/k" "$@"
}
run --stop-on-failure base..HEAD > "$scratch/stop.out" 2>&1
is "$?" 1 "the run stops at the broken commit"
is "$(sql 'select state from runs where id = 1')" stopped "it is marked stopped"
wt=$(sql 'select work_dir from runs where id = 1')
rebase_dir=$(cd "$wt" && realpath -m "$(git rev-parse --git-path rebase-merge)")
echo "/* the user's fix */" >> "$wt/file1.c"
echo "new" > "$wt/new-file.c"

run base..HEAD > "$scratch/second.out" 2>&1
is "$?" 2 "a second run refuses to touch the user's work"
out=$(cat "$scratch/second.out")
like "$out" "rebase in progress" "it names the rebase in progress"
like "$out" "file1.c" "it names the changed file"
like "$out" "new-file.c" "it names the new file"
like "$out" "git rebase --continue" "it says how to continue"
like "$out" "--discard" "it says how to throw it away"
like "$(tail -1 "$wt/file1.c")" "the user's fix" "the edit is still there"
ok "$(test -f "$wt/new-file.c"; echo $?)" "the new file is still there"
ok "$(test -d "$rebase_dir"; echo $?)" "the rebase is still in progress"
is "$(sql 'select count(*) from runs')" 1 "no run row for the refused run"

run --discard base..HEAD~1 > "$scratch/discard.out" 2>&1
ok "$(test $? -le 1; echo $?)" "--discard runs"
ok "$(test ! -e "$wt/new-file.c"; echo $?)" "the new file is gone"
ok "$(git -C "$wt" diff --quiet; echo $?)" "the edit is gone"
done_testing
