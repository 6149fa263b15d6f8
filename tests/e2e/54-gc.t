#!/bin/bash
# tier: quick (fake kernel)
# bisectable gc: a repository's work tree and build directories go when no
# run used them for --older-than days, and stay while a run holds them or a
# --stop-on-failure fix-up is in them; --dry-run removes nothing; a run after
# gc makes them again and ends as before. Fake kernel: nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel "$scratch/k"
opts=(--configs up --boot-timeout 5 --no-base)
run() {	# run DB RANGE [OPTION...]
	local d=$1 r=$2
	shift 2
	timeout 120 "$BISECTABLE" run --db "$d" "${opts[@]}" "$@" --repo "$scratch/k" "$r" \
		> "$scratch/run.out" 2>&1
}
gc() { timeout 60 "$BISECTABLE" gc "$@" 2>&1; }
age() {	# age DAYS: the work tree's last run that long ago
	touch -d "$1 days ago" "$wt.owner" "$wt"
}

run "$db" base..tip
first_rc=$?
wt=$(sql 'select work_dir from runs')
name=$(basename "$wt")
ok "$(test -d "$wt" && test -d "$BISECTABLE_CACHE/build/$name/up"; echo $?)" \
	"the run left a work tree and the up build directory"

out=$(gc)
like "$out" "^kept work/$name: used 0 days ago$" "gc keeps a work tree used today"
ok "$(test -d "$wt"; echo $?)" "it is there"

age 40
out=$(gc --dry-run)
like "$out" "^would remove work/$name and build/$name \([0-9.]+ [MG]B\): last used 40 days ago$" \
	"--dry-run names one idle for 40 days (the default is 30)"
ok "$(test -d "$wt" && test -d "$BISECTABLE_CACHE/build/$name"; echo $?)" "and removes nothing"
like "$(gc --older-than 50)" "^kept work/$name: used 40 days ago$" "--older-than 50 keeps it"

exec 9> "$wt.lock"	# held here, as a run holds it
flock 9
like "$(gc 9>&-)" "^kept work/$name: a run is using it$" "a work tree whose lock is held stays"
exec 9>&-

printf 'stopped\t1\t%s\n' "$db" > "$wt.owner"
age 40
like "$(gc)" "^kept work/$name: the fix-up of a --stop-on-failure stop is in it" \
	"a work tree with a fix-up in it stays"

printf 'done\t1\t%s\n' "$db" > "$wt.owner"
age 40
out=$(gc)
like "$out" "^removed work/$name and build/$name " "gc removes it"
like "$out" "^removed 1 work tree or build directory: [0-9.]+ GB given back" "and says how much"
ok "$(test ! -e "$wt" && test ! -e "$BISECTABLE_CACHE/build/$name" && test ! -e "$wt.owner"
	echo $?)" "the work tree, its build directories and its owner file are gone"

mkdir -p "$BISECTABLE_CACHE/build/orphan/up"
touch -d "40 days ago" "$BISECTABLE_CACHE/build/orphan/up" "$BISECTABLE_CACHE/build/orphan"
like "$(gc)" "^removed build/orphan \(its work tree is gone\)" "a build directory without its work tree goes"

run "$scratch/again.db" base..tip
is "$?" "$first_rc" "a run after gc makes them again and ends as the first did"
is "$(sqlite3 "$scratch/again.db" "select group_concat(status, ',') from results where
	stage = 'build' order by id")" "$(sql "select group_concat(status, ',') from results
	where stage = 'build' order by id")" "with the same builds"
done_testing
