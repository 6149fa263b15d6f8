#!/bin/bash
# tier: full (real kernels, 40 commits bisected)
# bisectable bisect on a synthetic range of 40 commits over the 6.12 base
# (tests/e2e/bisect-history.sh): commit 27 makes UP panic at boot, commits
# 20 and 24 break the build of an unrelated file (fixed by the next commit)
# exactly where git bisect lands. 'bisect --stage boot --config up' must
# name commit 27 with the panic as evidence, skip the two build breaks
# (exit 125), confirm the answer without the cache, take fewer steps than a
# linear walk, and leave the user's repository byte-identical.
. "$(dirname "$0")/lib.sh"

user=$(kernel_repo)
git -C "$user" checkout -q -f master
git -C "$user" tag v6.12-base
BOOT=27 TYPOS="20 24" tests/e2e/bisect-history.sh "$user"
is "$(git -C "$user" rev-list --count v6.12-base..master)" 40 "a synthetic range of 40 commits"
# The user's own work: a branch checked out, an uncommitted change.
git -C "$user" checkout -q -b topic master~3
echo "/* uncommitted */" >> "$user/kernel/sched/core.c"

state() {	# refs, HEAD, index, reflogs, config: every file of .git; the work tree
	(cd "$user/.git" && find . -type f -print0 | sort -z | xargs -0 sha1sum) | sha1sum
	GIT_OPTIONAL_LOCKS=0 git -C "$user" status --porcelain=v1 --ignored
	GIT_OPTIONAL_LOCKS=0 git -C "$user" diff | sha1sum
	git -C "$user" symbolic-ref -q HEAD
}
git -C "$user" status -s > /dev/null	# the index's stat data settle once, here
before=$(state)

start=$(date +%s)
"$BISECTABLE" bisect --db "$db" --repo "$user" --config up --stage boot --suites smoke \
	v6.12-base master > "$scratch/out" 2> "$scratch/err"
rc=$?
took=$(( $(date +%s) - start ))
is "$rc" 0 "bisect exits 0: a confirmed first bad commit"
sed 's/^/# /' "$scratch/out"
grep -E '^bisect: |is (good|bad|skip|abort):' "$scratch/err" | sed 's/^/# /'
echo "# wall time ${took}s"
out=$(cat "$scratch/out")
# Each commit tested: build and boot seconds, objects rebuilt (the last row of a
# commit tested twice is the confirmation's).
sql "select c.position, b.status, round(b.duration), coalesce(m.value, '-'),
	coalesce(o.status, '-'), round(coalesce(o.duration, 0)), coalesce(o.cached_from, '')
	from commits c join results b on b.commit_id = c.id and b.stage = 'build'
	left join results o on o.commit_id = c.id and o.stage = 'boot'
	left join metrics m on m.commit_id = c.id and m.name = 'rebuilt_objects'
	order by b.recorded_at" | sed 's/^/# step: /'
like "$out" '^first bad commit: 27/40 [0-9a-f]{12} "lib/e2e_bisect: Panic at boot on UP"' \
	"names commit 27, the UP boot panic"
like "$out" '^  up: boot fail: .*e2e-bisect: planted UP boot failure' \
	"with the panic as evidence, at stage boot"
like "$out" '^confirmed: tested again without the cache, [0-9a-f]{12} is bad and its parent [0-9a-f]{12} good' \
	"confirmed by testing it and its parent again"
steps=$(sed -nE 's/^bisect: ([0-9]+) steps \(([0-9]+) skipped.*/\1/p' <<< "$out")
skips=$(sed -nE 's/^bisect: ([0-9]+) steps \(([0-9]+) skipped.*/\2/p' <<< "$out")
ok "$(test "${steps:-99}" -lt 40; echo $?)" "fewer steps than a linear walk (${steps:-?} < 40)"
is "$skips" 2 "the two unrelated build breaks git bisect landed on were skipped"
is "$(grep -c '^  git bisect skip ' <<< "$out")" 2 "git bisect log shows the two skips"
is "$(grep -cE 'e2e_bisect_typo: Break the build \((20|24)\).*' <<< "$out")" 2 \
	"and they are commits 20 and 24"
is "$(grep -cE '^bisect: [0-9a-f]{12} is skip: up build fail: lib/e2e_bisect_typo.c' "$scratch/err")" 2 \
	"each skip is a build failure of lib/e2e_bisect_typo.c while looking for a boot failure"
is "$(sql "select kind || ' ' || state from runs")" "bisect done" \
	"the steps are a run of kind bisect, done"
is "$(sql "select count(*) from commits c join results r on r.commit_id = c.id
	where r.stage = 'build' and r.status = 'fail' and c.position in (20, 24)")" 2 \
	"the build failures are recorded at commits 20 and 24"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where c.position = 26 and r.stage = 'boot'")" pass "the parent boots"
ok "$(test -s "$(dirname "$db")/logs/run-1/bisect.log"; echo $?)" "git bisect log is kept with the logs"
is "$(state)" "$before" "the user's repository is byte-identical (refs, HEAD, index, reflogs, work tree)"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
