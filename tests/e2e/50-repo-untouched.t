#!/bin/bash
# tier: full (a real kernel from a --repo range)
# A base..tip range of the user's own kernel repository: bisectable works in
# a shared clone of its own; the user's refs, HEAD, index, working tree and
# stash are the same before and after, including after an interrupted run.
. "$(dirname "$0")/lib.sh"

# The user's repository: the base on master, the FIFO fixture on a topic branch,
# a stash entry and an uncommitted change in the working tree.
user=$(kernel_repo)
git -C "$user" checkout -q -f master
git -C "$user" checkout -q -b topic
git -C "$user" -c user.name=U -c user.email=u@localhost am -q \
	"$top"/tests/fixtures/up-fifo-break/*.patch
git -C "$user" tag v-topic
echo "/* stashed */" >> "$user/kernel/sched/fair.c"
git -C "$user" -c user.name=U -c user.email=u@localhost stash -q
echo "/* uncommitted */" >> "$user/kernel/sched/core.c"
git -C "$user" checkout -q master 2>/dev/null || git -C "$user" checkout -q -m master

state() {
	git -C "$user" for-each-ref --format='%(refname) %(objectname)'
	git -C "$user" rev-parse HEAD
	git -C "$user" symbolic-ref -q HEAD
	sha1sum < "$user/.git/index"
	git -C "$user" status --porcelain=v1
	git -C "$user" stash list --format='%H %s'
	git -C "$user" diff | sha1sum
	ls "$user/.git"
}
before=$(state)

# Interrupted: Ctrl-C while the first commit builds.
setsid "$BISECTABLE" run --flake-rate 0 --db "$db" --configs up --repo "$user" master..topic \
	> "$scratch/int.out" 2>&1 &
pid=$!
for i in $(seq 1 600); do
	ls "$scratch"/logs/run-1/*/up-build.log > /dev/null 2>&1 && break
	sleep 0.5
done
sleep 5
kill -INT -- -"$pid"
wait "$pid"
rc=$?
is "$rc" 130 "an interrupted run exits 130"
sed 's/^/# /' "$scratch/int.out" | tail -4
is "$(sql 'select state from runs where id = 1')" interrupted "the run is marked interrupted"
sleep 1
is "$(qemu_count)" 0 "no QEMU left running"
ok "$(pgrep -f "step --db $db" > /dev/null; test $? -ne 0; echo $?)" "no step left running"
wt=$(sql 'select work_dir from runs where id = 1')
ok "$(test ! -d "$(git -C "$wt" rev-parse --git-path rebase-merge)"; echo $?)" \
	"no rebase left in progress in bisectable's work tree"
is "$(state)" "$before" "the user's repository is untouched after Ctrl-C"

# Complete: the FIFO break on up is found in the range.
"$BISECTABLE" run --flake-rate 0 --db "$db" --configs up --repo "$user" master..topic > "$scratch/run.out" 2>&1
is "$?" 1 "the range run finds a bad commit"
sed 's/^/# /' "$scratch/run.out" | tail -25
like "$("$BISECTABLE" first-bad --db "$db")" '^up: first bad 1/1 .* at test: fail: smoke.rt_fifo_rr' \
	"first bad: the FIFO patch at stage test"
is "$(sql 'select series_kind || " " || repo from runs where id = 2')" "range $user" \
	"the run records the range and the repository"
is "$(state)" "$before" "the user's repository is untouched after the run"
done_testing
