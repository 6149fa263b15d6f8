#!/bin/bash
# tier: quick (fake kernel and QEMU)
# The soak and placing a flake with the defaults (--flake-rate 0.5,
# judge/confidence.h), on the fake kernel and QEMU: fake-qemu.sh's
# "rate TEST PERCENT" fails a test in a fixed order of the machine's boots,
# so what the soak finds is the same in every run:
#   flake50  commit 2 of 4 fails yield_progress in half of its boots, and so
#            does every later one: named flaky at 2, nothing later blamed
#   flake25  the same at 25% with --flake-rate 0.25: found, placed at 2
#   clean    nothing fails: the soak costs exactly its boots (6 at the base
#            and 6 at the tip), and the verdict states the odds
#   known    the base itself flakes: a known failure, not a first bad
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
export FAKE_QEMU_BOOTS="$scratch/boots"
opts=(--configs up --suites smoke --tests smoke.yield_progress,smoke.pipe_pingpong
	--boot-timeout 10 --retries 0)

series() {	# series NAME [FAILS-LINE]: base, commit 1, then 2 to 4 with the line
	local repo="$scratch/$1" line=${2:-}
	fake_kernel "$repo"
	fake_git "$repo" checkout -q -b "$1" base
	fake_fails_commit "$repo" "change 1"
	fake_fails_commit "$repo" "yield_progress flakes" "$line" "note 2"
	fake_fails_commit "$repo" "change 3" "$line" "note 3"
	fake_fails_commit "$repo" "change 4" "$line" "note 4"
}

run() {	# run NAME DB [OPTION...]: the run of series NAME, its output in DB.out
	local name=$1 rdb=$2
	shift 2
	rm -f "$FAKE_QEMU_BOOTS"
	timeout 300 "$BISECTABLE" run --db "$rdb" "${opts[@]}" "$@" --repo "$scratch/$name" \
		base.."$name" > "$rdb.out" 2>&1
}

cells() {	# cells DB: position:boots/failed:confirmed at test, in order
	sqlite3 "$1" "select group_concat(c.position || ':' || r.tries || '/' || r.failed_tries
		|| ':' || coalesce(r.confirmed, '-'), ' ') from results r join commits c
		on c.id = r.commit_id where r.stage = 'test' order by c.position"
}

# --- a 50% flake from commit 2 on, the defaults ---
series flake50 "rate yield_progress 50 EAGAIN"
run flake50 "$scratch/f50.db"
is "$?" 1 "a flaky series: exit 1"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/f50.db")
printf '%s\n' "$out" | sed 's/^/# /'
grep -E 'soak|confirmed|inherited|extra boots' "$scratch/f50.db.out" | sed 's/^/# /'
like "$out" '^up: first bad 2/4 [0-9a-f]{7} "yield_progress flakes" at test: fail: smoke.yield_progress: EAGAIN; failed 1 of 2 boots \(flaky\), parent passed 10 of 10; confidence 99%$' \
	"placed at commit 2, flaky, its parent ruled out at 99.9% (10 passes)"
unlike "$out" hole "no later commit is a fix: no hole"
is "$(cells "$scratch/f50.db")" "0:6/0:- 1:10/0:- 2:2/1:flaky 3:3/1:inherited 4:2/1:-" \
	"base soaked (6), commit 2 booted to its first pass, 3 and the tip to their first failure"
like "$(cat "$scratch/f50.db.out")" 'extra boots: 13 \(6 to soak the base and the tip, 7 to confirm and place failures, 0 for --repeat\)' \
	"the run says what its extra boots were for"
is "$(sqlite3 "$scratch/f50.db" "select count(distinct t.rtc) || ' ' || count(*) from tries t
	join results r on r.id = t.result_id join commits c on c.id = r.commit_id
	where r.stage = 'boot' and c.position = 0")" "6 6" \
	"each boot of the base was given a clock of its own, recorded"
is "$(sqlite3 "$scratch/f50.db" "select group_concat(why, ',') from (select t.why from tries t
	join results r on r.id = t.result_id join commits c on c.id = r.commit_id
	where r.stage = 'boot' and c.position = 4 order by t.try)")" "first,soak" \
	"and why: the tip's first boot, then the soak that caught the flake"

# --- a 25% flake, --flake-rate 0.25 ---
series flake25 "rate yield_progress 25 EAGAIN"
run flake25 "$scratch/f25.db" --flake-rate 0.25
is "$?" 1 "a 25% flake with --flake-rate 0.25: exit 1"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/f25.db")
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^up: first bad 2/4 [0-9a-f]{7} "yield_progress flakes" at test: .*\(flaky\), parent passed' \
	"found and placed at commit 2"
unlike "$out" hole "no hole"

# --- nothing fails: the soak's boots and no more ---
series clean
run clean "$scratch/clean.db"
is "$?" 0 "a clean series passes"
is "$(cat "$FAKE_QEMU_BOOTS")" 14 \
	"14 boots: the base 6, commit 1 the base's image, 2 and 3 once, the tip 6"
like "$(cat "$scratch/clean.db.out")" '^up: bisectable \(4/4 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 6 of 6 boots: a failure in 50% or more of boots would have shown with 98% probability\)$' \
	"the verdict states its odds"
timeout 30 "$BISECTABLE" report --db "$scratch/clean.db" --format json -o "$scratch/clean.json"
is "$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["verdicts"][0]["odds"], sort_keys=True))' "$scratch/clean.json")" \
	'{"caught": 0.984375, "flake_rate": 0.5, "rate": 0.5, "tip_boots": 6, "tip_passes": 6}' \
	"and so does the JSON report"
run clean "$scratch/nosoak.db" --flake-rate 0
is "$(cat "$FAKE_QEMU_BOOTS")" 4 "--flake-rate 0: one boot per image (4)"
like "$(cat "$scratch/nosoak.db.out")" '^up: bisectable \(4/4 commits pass; [0-9]+ of [0-9]+ changed lines compiled; tip passed 1 of 1 boot: a failure in 50% or more of boots would have shown with 50% probability\)$' \
	"and the odds say what one boot is worth"

# --- a flake at the base: known ---
k="$scratch/known"
fake_kernel "$k"
fake_git "$k" checkout -q -b known base
fake_fails_commit "$k" "the base flakes" "rate yield_progress 50 EAGAIN"
fake_git "$k" tag known-base
fake_fails_commit "$k" "change 1" "rate yield_progress 50 EAGAIN" "note 1"
fake_fails_commit "$k" "change 2" "rate yield_progress 50 EAGAIN" "note 2"
rm -f "$FAKE_QEMU_BOOTS"
timeout 300 "$BISECTABLE" run --db "$scratch/k.db" "${opts[@]}" --repo "$k" known-base..known \
	> "$scratch/k.out" 2>&1
is "$?" 0 "a flake already at the base is not the series': exit 0"
sed 's/^/# /' "$scratch/k.out" | grep -E 'known|bisectable|first bad'
like "$(cat "$scratch/k.out")" '^up: known at the base, not counted: smoke.yield_progress: EAGAIN' \
	"reported as a known failure of the base"
unlike "$(cat "$scratch/k.out")" 'first bad' "and not as a first bad commit"
done_testing
