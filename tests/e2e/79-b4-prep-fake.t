#!/bin/bash
# tier: quick (fake kernel and QEMU)
# A 'b4 prep' branch made by Debian's b4 (0.12) in a scratch repository:
# its empty cover letter commit first, then three patches, the second of
# which breaks the fake build up to the tip. 'run --repo R --b4 BRANCH'
# verifies the patches on b4's base (the cover letter's parent) and never
# the cover letter; the verdict is that of the same patches given as a
# folder (git format-patch); a range that starts with the cover letter is
# found to be a b4 branch; the report names the cover letter's title and
# change-id, and replies to the revision b4 sent; the user's repository
# has no ref more or moved.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
if ! command -v b4 > /dev/null; then
	echo "1..0 # SKIP b4 not installed (Debian package b4)"
	exit 0
fi
fake_machine
k=$scratch/k
# b4 reads the identity from git config; nothing of the user's is read or written.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 HOME="$scratch/home"
export XDG_CONFIG_HOME="$scratch/home/.config" XDG_CACHE_HOME="$scratch/home/.cache"
mkdir -p "$HOME"
git -C "$k" config user.name "A U Thor"
git -C "$k" config user.email a@example.org
git -C "$k" checkout -q base
(cd "$k" && b4 prep -n demo) > "$scratch/b4.out" 2>&1
ok $? "b4 prep -n demo"
cover=$(git -C "$k" rev-parse HEAD)
is "$(git -C "$k" symbolic-ref --short HEAD)" "b4/demo" "on b4's branch"
is "$(git -C "$k" rev-parse "$cover^{tree}")" "$(git -C "$k" rev-parse "base^{tree}")" \
	"its cover letter commit is empty, on base"
# The cover letter as it is once sent (b4 send): a Cc: line and v1's Message-ID.
git -C "$k" log -1 --format=%B | python3 -c '
import json, sys
text = sys.stdin.read()
letter, marker, rest = text.partition("--- b4-submit-tracking ---")
comments, brace, doc = rest.partition("{")
t = json.loads(brace + doc)
t["series"]["history"] = {"v1": ["20261207-demo-v1-0-0123456789ab@example.org"]}
t["series"]["revision"] = 2
letter = letter.rstrip("\n") + "\nCc: Reviewer <reviewer@example.org>\n\n"
sys.stdout.write(letter + marker + comments + json.dumps(t, indent=2) + "\n")' > "$scratch/cover.msg"
git -C "$k" commit -q --amend --allow-empty -F "$scratch/cover.msg"
cover=$(git -C "$k" rev-parse HEAD)
echo one > "$k/one.c"
git -C "$k" add -A && git -C "$k" commit -q -m "one: add a file"
touch "$k/broken"
git -C "$k" add -A && git -C "$k" commit -q -m "two: break the build"
echo three > "$k/three.c"
git -C "$k" add -A && git -C "$k" commit -q -m "three: add another file"
refs_before=$(git -C "$k" for-each-ref --format='%(refname) %(objectname)')
opts=(--configs up --suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0
	--flake-rate 0 --confirm 1)

timeout 300 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$k" --b4 b4/demo \
	> "$scratch/b4run.out" 2>&1
is "$?" 1 "run --b4 exits 1 (patch 2 breaks the build)"
grep -E '^(bisectable: )?b4 prep branch|^up:|^series:' "$scratch/b4run.out" | sed 's/^/# /'
b4_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$db")
printf '%s\n' "$b4_verdict" | sed 's/^/# /'
is "$(sql "select group_concat(x, ',') from (select position || ':' || subject as x
	from commits order by position)")" \
	"0:base,1:one: add a file,2:two: break the build,3:three: add another file" \
	"the base and the three patches, no cover letter"
is "$(sql "select count(*) from commits where sha = '$cover'")" 0 \
	"the cover letter commit is not among the verified commits"
is "$(sql "select base_sha from runs")" "$(git -C "$k" rev-parse base)" \
	"the base is b4's: the cover letter's parent"
is "$(sql "select group_concat(sha, ' ') from (select sha from commits where position > 0
	order by position)")" \
	"$(git -C "$k" rev-list --reverse "$cover..b4/demo" | paste -sd' ')" \
	"each commit keeps the branch's sha"
is "$(sql "select series_kind from runs")" b4 "the run's kind of series: b4"
like "$(sql "select series from runs")" \
	'^b4/demo: EDITME: cover title for demo \(b4 change-id [0-9]{8}-demo-[0-9a-f]{12}, v2\)$' \
	"the series: the branch, the cover letter's title and the change-id"
mail=$(timeout 30 "$BISECTABLE" report --db "$db" --format email -o -)
like "$mail" '^series: +b4/demo: EDITME: cover title for demo \(b4 change-id ' \
	"the mail names the cover letter's title and change-id"
like "$mail" '^In-Reply-To: <20261207-demo-v1-0-0123456789ab@example.org>$' \
	"a reply to the cover letter of the revision b4 sent"
like "$mail" '^Subject: Re: \[PATCH 0/3\] EDITME: cover title for demo$' "under its subject"
like "$mail" '^To: A U Thor <a@example.org>$' "to the author"
like "$mail" '^Cc: Reviewer <reviewer@example.org>$' "Cc: the cover letter's Cc: line"
is "$(timeout 30 "$BISECTABLE" report --db "$db" --format json -o - | python3 -c '
import json, sys
print(json.load(sys.stdin)["run"]["series_kind"])')" b4 "the JSON report says b4"
is "$(git -C "$k" for-each-ref --format='%(refname) %(objectname)')" "$refs_before" \
	"the user's repository: no ref more, none moved (no graft in it)"

# The same patches as a folder of numbered patches on the same base.
git -C "$k" format-patch -q -o "$scratch/folder" "$cover..b4/demo"
mkdir -p "$scratch/src"
git -C "$k" archive --prefix=linux-source-6.12/ base | tar -x -C "$scratch/src"
tar -cJf "$scratch/linux-source-6.12.tar.xz" -C "$scratch/src" linux-source-6.12
timeout 300 "$BISECTABLE" run --db "$scratch/folder.db" "${opts[@]}" \
	--tarball "$scratch/linux-source-6.12.tar.xz" "$scratch/folder" > "$scratch/folder.out" 2>&1
is "$?" 1 "the folder: run exits 1"
folder_verdict=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/folder.db")
shas() { sed -E 's/ [0-9a-f]{7} / SHA /g'; }
is "$(printf '%s\n' "$b4_verdict" | shas)" "$(printf '%s\n' "$folder_verdict" | shas)" \
	"the b4 branch's verdict is the folder's (shas aside)"
like "$b4_verdict" '^up: first bad 2/3 [0-9a-f]{7} "two: break the build" at build: fail' \
	"patch 2 of 3 is the first bad"

# A range that starts with the cover letter commit is a b4 branch too.
timeout 300 "$BISECTABLE" run --db "$scratch/range.db" "${opts[@]}" --repo "$k" base..b4/demo \
	> "$scratch/range.out" 2>&1
is "$?" 1 "run --repo R base..b4/demo exits 1"
is "$(sqlite3 "$scratch/range.db" "select series_kind || ' ' || count(*) from runs, commits
	where commits.position > 0")" "b4 3" "found to be a b4 branch: three patches"
# A range that does not start with it is a range as ever, its graft gone.
timeout 300 "$BISECTABLE" run --db "$scratch/plain.db" "${opts[@]}" --repo "$k" "$cover..b4/demo" \
	> "$scratch/plain.out" 2>&1
is "$(sqlite3 "$scratch/plain.db" "select series_kind || ' ' || count(*) from runs, commits
	where commits.position > 0")" "range 3" "cover..b4/demo: a plain range of three"
is "$(timeout 30 "$BISECTABLE" run --db "$scratch/x.db" --repo "$k" --b4 base > /dev/null 2>&1;
	echo $?)" 2 "--b4 on a branch without a cover letter commit: an error"
done_testing
