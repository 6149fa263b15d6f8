#!/bin/bash
# tier: quick (fake kernel and QEMU)
# bisectable repair on fake kernels (nothing real is built): a fake tree
# whose build fails while a.c has a line "call NAME" and no .c file has a
# line "define NAME" (the error names a.c and 'NAME', as a compiler would).
#   a  a build hole fixed by a later one-line change (the fix also touches
#      an unrelated file): the hunk the evidence names moves, closed, exit 0
#   b  a call to a function a later commit defines (in a new file): the fix
#      moves whole, the commit it leaves empty is dropped, exit 0
#   c  the fix edits a line that a commit inside the hole added: it applies
#      nowhere before that, the hole cannot close without changing the tip:
#      exit 1, with what was tried and why each try failed
# Each closed fixture keeps the tip tree (tree ids compared) and its
# repaired series, as a branch and as a patch directory applied with git
# am, is bisectable in a fresh run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
opts=(--configs up --suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0)

call_kernel() {	# call_kernel DIR: the fake tree at its base (tag base)
	local dir=$1
	fake_tree "$dir"
	cat >> "$dir/Makefile" <<'MK'
bzImage:
	@for n in $$(sed -n 's/^call //p' a.c); do \
		cat *.c | grep -qx "define $$n" || \
		{ echo "a.c:1:1: error: implicit declaration of function '$$n'"; exit 1; }; \
	done
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
MK
	printf 'a\n' > "$dir/a.c"
	printf 'b1\nb2\nb3\n' > "$dir/b.c"
	printf 'notes\n' > "$dir/Documentation.txt"
	fake_git "$dir" add -A
	fake_git "$dir" commit -q -m base
	fake_git "$dir" tag base
}

change() {	# change DIR SUBJECT: commit what the caller changed
	fake_git "$1" add -A
	fake_git "$1" commit -q -m "$2" -m "The body of \"$2\"."
}

tree_of() { git -C "$1" rev-parse "$2^{tree}"; }

# repaired FIXTURE REPO COMMITS: the branch and the patch directory of a
# closed fixture keep the tip tree and are bisectable in fresh runs.
repaired() {
	local f=$1 repo=$2 n=$3 clone=$scratch/$1-am
	is "$(tree_of "$repo" "$f-repaired")" "$(tree_of "$repo" "$f")" \
		"$f: the repaired branch's tip tree is the original's"
	is "$(wc -l < "$scratch/$f-patches/series")" "$n" "$f: the series file lists $n patches"
	git clone -q "$repo" "$clone" && fake_git "$clone" checkout -q -b am base &&
		fake_git "$clone" am -q $(sed "s|^|$scratch/$f-patches/|" "$scratch/$f-patches/series")
	is "$(tree_of "$clone" am)" "$(tree_of "$repo" "$f")" \
		"$f: the patch directory applies with git am onto the base, to the same tip tree"
	timeout 300 "$BISECTABLE" run --db "$scratch/$f-fresh.db" "${opts[@]}" --repo "$clone" \
		base..am > "$scratch/$f-fresh.out" 2>&1
	is "$?" 0 "$f: a fresh run of the repaired patch directory passes"
	like "$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/$f-fresh.db")" \
		"^up: bisectable \\($n/$n commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 6 of 6 boots: a failure in 50% or more of boots would have shown with 98% probability\\)" \
		"$f: and says it is bisectable"
}

# fixture F [FILE TEXT SUBJECT]...: the fake tree $scratch/F, on a branch F
# off base with a commit a triple (FILE takes the printf format TEXT, then
# SUBJECT is committed; a SUBJECT "-" leaves FILE for the next commit); then
# run the range and repair it: the output in $scratch/F.repair, its exit $rc.
fixture() {
	local f=$1 repo=$scratch/$1 start
	shift
	call_kernel "$repo"
	fake_git "$repo" checkout -q -b "$f" base
	while [ $# -ge 3 ]; do
		printf "$2" > "$repo/$1"
		[ "$3" = - ] || change "$repo" "$3"
		shift 3
	done
	timeout 300 "$BISECTABLE" run --db "$scratch/$f.db" "${opts[@]}" --repo "$repo" base..$f \
		> "$scratch/$f.run" 2>&1
	is "$?" 1 "$f: the run finds the hole"
	timeout 30 "$BISECTABLE" first-bad --db "$scratch/$f.db" | sed "s/^/# $f: /"
	start=$(date +%s.%N)
	timeout 600 "$BISECTABLE" repair --db "$scratch/$f.db" --branch "$f-repaired" \
		-o "$scratch/$f-patches" > "$scratch/$f.repair" 2>&1
	rc=$?
	echo "# $f: repair took $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s"
	grep -E '^(repair|closed|not closed|dropped|tip tree|  \[|  tried)' "$scratch/$f.repair" |
		sed "s/^/# $f: /"
}

said() {	# said F PATTERN DESCRIPTION: F's repair output has a line like PATTERN
	like "$(cat "$scratch/$1.repair")" "$2" "$1: $3"
}

# --- a: a build hole fixed by a later one-line change ---
a=$scratch/a
fixture a c.c 'c\n' "c: add c" \
	a.c 'a\ncall x\n' "a: call x" \
	c.c 'c\nc2\n' "c: more" \
	Documentation.txt 'notes\nmore notes\n' - \
	b.c 'b1\ndefine x\nb2\nb3\n' "b: define x" \
	c.c 'c\nc2\nc3\n' "c: even more"
like "$(timeout 30 "$BISECTABLE" report --db "$scratch/a.db" --run 1 --format email -o -)" \
	'^        bisectable repair --run 1$' "a: the e-mail report of the run suggests repair"
like "$(timeout 30 "$BISECTABLE" report --db "$scratch/a.db" --run 1 --format html -o -)" \
	'<code>bisectable repair --run 1</code>' "a: and so does the HTML report"
is "$rc" 0 "a: repair closes the hole, exit 0"
said a '^closed: hole 2/5\.\.3/5 does not build \(fixed by 4/5\) on up: move the hunk at b\.c:2 of "b: define x" into "a: call x" \(candidate 1 of 5 tried\)$' \
	"the hunk the evidence names (b.c, 'x') moved first, before the unrelated one"
before=$(sed -n 's/^tip tree: \([0-9a-f]*\) before, \([0-9a-f]*\) after (the same)$/\1/p' "$scratch/a.repair")
after=$(sed -n 's/^tip tree: \([0-9a-f]*\) before, \([0-9a-f]*\) after (the same)$/\2/p' "$scratch/a.repair")
ok "$([ -n "$before" ] && [ "$before" = "$after" ] && [ "$before" = "$(tree_of "$a" a)" ]; echo $?)" \
	"a: the tip tree ids printed before and after are equal, and the tip's"
like "$(git -C "$a" log -1 --format=%B a-repaired~3)" \
	'^\[bisectable: moved the hunk at b\.c:2 from "b: define x"\]$' "a: the first bad commit's trailer"
like "$(git -C "$a" log -1 --format=%B a-repaired~1)" \
	'^\[bisectable: its hunk at b\.c:2 moved into "a: call x"\]$' "a: the fix's trailer"
is "$(git -C "$a" log -1 --format='%an <%ae>' a-repaired~3)" "T <t@localhost>" "a: authorship kept"
said a '^git range-diff ' "the range-diff is printed"
ok "$(! git -C "$a" rev-parse -q --verify refs/bisectable/repaired/run-1 > /dev/null; echo $?)" \
	"a: the user's repository has only the --branch asked for, no refs/bisectable"
built() {	# built DB RUN: the positions whose build the run did not take from the cache
	sqlite3 -batch "$1" "select group_concat(c.position, ' ') from results r join commits c
		on c.id = r.commit_id where r.run_id = $2 and r.stage = 'build'
		and r.cached_from is null order by c.position"
}
is "$(built "$scratch/a.db" 2)" "2 3" \
	"a: the candidate's run built only the rewritten commits 2/5 and 3/5 (the rest: the cache)"
is "$(sqlite3 -batch "$scratch/a.db" "select max(position) from commits where run_id = 2")" 4 \
	"a: and stopped at the fix, 4/5: nothing after it changed"
is "$(built "$scratch/a.db" 3)" "" "a: the end-to-end run built nothing anew"
repaired a "$a" 5
out=$(timeout 30 "$BISECTABLE" repair --db "$scratch/a.db" 2>&1)
is "$?" 0 "a: repair of the latest run (the repaired series verified) exits 0"
is "$out" "run 3 has no bisection hole: nothing to repair" "a: and says there is nothing to do"
branch_sha=$(git -C "$a" rev-parse a-repaired)
out=$(timeout 120 "$BISECTABLE" repair --db "$scratch/a.db" --run 1 --branch a-repaired 2>&1)
is "$?" 2 "a: repairing again into an existing branch is an error"
like "$out" "already has a branch a-repaired: not overwritten" "a: which is said, and not overwritten"
like "$out" '^ref: refs/bisectable/repaired/run-1-2 in ' "a: the private clone's ref run-1 is kept, run-1-2 is new"
is "$(git -C "$a" rev-parse a-repaired)" "$branch_sha" "a: the branch is as it was"
out=$(timeout 30 "$BISECTABLE" repair --db "$scratch/none.db" 2>&1)
is "$?" 2 "a database without runs: exit 2"
like "$out" "there is no run yet" "and why"

# --- b: a call to a function that a later commit defines ---
b=$scratch/b
fixture b a.c 'a\ncall y\n' "a: call y" b.c 'b1\nb2\nb3\nb4\n' "b: b4" y.c 'define y\n' "y: define y"
is "$rc" 0 "b: repair closes the use before the definition, exit 0"
said b '^closed: hole 1/3\.\.2/3 does not build \(fixed by 3/3\) on up: move the hunk at y\.c:1 of "y: define y" into "a: call y"' \
	"the definition moved into the commit that calls it"
said b '^dropped: 3/3 "y: define y", left empty by the move$' \
	"the fixing commit, left empty, is dropped and said"
is "$(git -C "$b" rev-list --count base..b-repaired)" 2 "b: the repaired series has 2 commits"
repaired b "$b" 2

# --- c: a fix that depends on a commit inside the hole ---
# a.c calls z; b.c defines it on a struct that a commit in the hole adds
z_on_z_ops=(a.c 'a\ncall z\n' "a: call z" b.c 'b1\nb2\nb3\nstruct z_ops\n' "b: add z_ops"
	b.c 'b1\nb2\nb3\ndefine z\n' "b: define z on z_ops")
c=$scratch/c
fixture c "${z_on_z_ops[@]}"
is "$rc" 1 "c: repair cannot close it without changing the tip, exit 1"
said c '^not closed: hole 1/3\.\.2/3 does not build \(fixed by 3/3\) on up, not without changing the tip:$' \
	"says which hole"
said c '^  tried move the hunk at b\.c:4 of "b: define z on z_ops" into "a: call z": it does not apply at 1/3: error: patch failed: b\.c:' \
	"the hunk move, and why it failed"
said c '^  tried move "b: define z on z_ops" before "a: call z": it does not apply before 1/3: ' \
	"the reorder, and why it failed"
said c '^  tried squash "b: define z on z_ops" into "a: call z": it does not apply at 1/3: ' \
	"the squash, and why it failed"
ok "$([ ! -e "$scratch/c-patches" ] && ! git -C "$c" rev-parse -q --verify c-repaired; echo $?)" \
	"c: nothing written"

# --- e: the bad commit is broken twice; the fix mends one, a commit in the hole the other ---
fixture e a.c 'a\ncall x\ncall y\n' "a: call x and y" x.c 'define x\n' "x: define x" \
	y.c 'define y\n' "y: define y"
is "$rc" 1 "e: no candidate closes it: exit 1"
said e '^  tried move the hunk at y\.c:1 of "y: define y" into "a: call x and y": up: 1/2 fail at build: a\.c:1:1: error: implicit declaration of function .x. \(run 2\)$' \
	"a candidate that applies but does not build says where and why"
said e '^  tried move "y: define y" before "a: call x and y": up: 2/3 fail at build: .* \(run 3\)$' \
	"the reorder builds its first commit, not the next"
said e '^  tried squash "y: define y" into "a: call x and y": the same trees as a candidate before it: up: 1/2 fail' \
	"the squash, the same trees as the hunk's move, is not verified again"
is "$(sqlite3 "$scratch/e.db" "select count(*) from runs")" 3 "e: two verification runs, not three"

# --- d: both in one series: the later hole closes, the earlier stays open ---
d=$scratch/d
fixture d "${z_on_z_ops[@]}" a.c 'a\ncall z\ncall x\n' "a: call x" x.c 'define x\n' "x: define x"
is "$rc" 1 "d: one hole left open: exit 1"
said d '^closed: hole 4/5 does not build \(fixed by 5/5\) on up: ' "the later hole closed"
said d '^not closed: hole 1/5\.\.2/5 does not build \(fixed by 3/5\) on up' "the earlier one said open"
said d 'end to end: only the holes it could not close are left \(up: hole 1/4\.\.2/4 ' \
	"the end-to-end run has only that hole left"
is "$(tree_of "$d" d-repaired)" "$(tree_of "$d" d)" "d: the partial repair is written, the tip tree kept"
done_testing
