#!/bin/bash
# confidence-history.sh REPO: on top of REPO's HEAD (the 6.12 base), the two
# branches of tests/e2e/24-confidence.t, the same shas at every run (fixed
# names and dates; blobs written with plumbing, the work tree untouched):
#   known (tag known-base = K0)
#     K0  fork from a SCHED_DEADLINE task fails with EBUSY instead of EAGAIN:
#         smoke.deadline_admission fails on every configuration, at the
#         range's base: a known failure
#     K1  documentation only
#     K2  user SCHED_FIFO refused on UP: smoke.rt_fifo_rr fails on up only
#     K3  EAGAIN again: fixes the known failure
#   flaky (from the 6.12 base, tag flaky-base)
#     F1  documentation only
#     F2  user SCHED_RR refused when a hash of the guest's wall-clock second
#         is odd: smoke.rt_fifo_rr fails in about half of the boots (the
#         guest's clock starts from the host's; the hash makes boots a few
#         seconds apart independent, where the second's own parity would
#         stay the same from one boot to the next)
#     F3  documentation only
set -e
repo=$1
export GIT_AUTHOR_NAME="E2E Author" GIT_AUTHOR_EMAIL=e2e@example.org
export GIT_COMMITTER_NAME="E2E Author" GIT_COMMITTER_EMAIL=e2e@example.org
index=$(mktemp)
trap 'rm -f "$index"' EXIT
base=$(git -C "$repo" rev-parse HEAD)
minute=0

put() {		# put PATH: the blob of standard input at PATH in our index
	local blob
	blob=$(git -C "$repo" hash-object -w --stdin)
	GIT_INDEX_FILE=$index git -C "$repo" update-index --add --cacheinfo "100644,$blob,$1"
}

commit() {	# commit PARENT SUBJECT: prints the new commit
	local tree
	minute=$((minute + 1))
	export GIT_AUTHOR_DATE="2026-11-02T10:$(printf %02d "$minute"):00Z"
	export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
	tree=$(GIT_INDEX_FILE=$index git -C "$repo" write-tree)
	git -C "$repo" commit-tree "$tree" -p "$1" -m "$2"
}

doc() {		# doc TEXT: a line more in Documentation/e2e-confidence.txt
	echo "$1" >> "$docs"
	put Documentation/e2e-confidence.txt < "$docs"
}

core() { git -C "$repo" show "$base:kernel/sched/core.c"; }
syscalls() { git -C "$repo" show "$base:kernel/sched/syscalls.c"; }

# The line every patch of syscalls.c goes after (user checks begin there).
anchor='	    (rt_policy(policy) != (attr->sched_priority != 0)))'
grep -qF -- "$anchor" <(syscalls)
grep -qxF '		return -EAGAIN;' <(core | sed -n '/if (dl_prio(p->prio))/{n;p}')
docs=$(mktemp)
trap 'rm -f "$index" "$docs"' EXIT

# The known branch.
GIT_INDEX_FILE=$index git -C "$repo" read-tree "$base"
core | sed '/if (dl_prio(p->prio))/{n;s/-EAGAIN/-EBUSY/}' | put kernel/sched/core.c
k=$(commit "$base" "sched/deadline: Refuse a fork with EBUSY")
doc "Known failures at the base."
k=$(commit "$k" "Documentation: e2e-confidence, known failures")
syscalls | awk -v a="$anchor" '{ print } $0 == a { getline; print
	print ""
	print "\tif (!IS_ENABLED(CONFIG_SMP) && user && policy == SCHED_FIFO)"
	print "\t\treturn -EPERM;"; }' | put kernel/sched/syscalls.c
k=$(commit "$k" "sched/rt: Refuse user SCHED_FIFO on UP")
core | put kernel/sched/core.c
k=$(commit "$k" "sched/deadline: Refuse a fork with EAGAIN again")
git -C "$repo" update-ref refs/heads/known "$k"
git -C "$repo" tag -f known-base "$(git -C "$repo" rev-parse "$k~3")" > /dev/null

# The flaky branch.
: > "$docs"
GIT_INDEX_FILE=$index git -C "$repo" read-tree "$base"
doc "Flaky failures."
f=$(commit "$base" "Documentation: e2e-confidence, flaky failures")
syscalls | awk -v a="$anchor" 'NR == 1 { print; print "#include <linux/jhash.h>"; next }
	{ print } $0 == a { getline; print
	print ""
	print "\tif (user && policy == SCHED_RR && (jhash_1word(ktime_get_real_seconds(), 0) & 1))"
	print "\t\treturn -EBUSY;"; }' | put kernel/sched/syscalls.c
f=$(commit "$f" "sched/rt: Refuse user SCHED_RR in odd seconds")
doc "Still flaky."
f=$(commit "$f" "Documentation: e2e-confidence, still flaky")
git -C "$repo" update-ref refs/heads/flaky "$f"
git -C "$repo" tag -f flaky-base "$base" > /dev/null
