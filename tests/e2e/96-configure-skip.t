#!/bin/bash
# tier: quick (fake kernel)
# The configure step (tinyconfig, merge_config.sh, olddefconfig) is skipped
# when the build directory's .config was made by bisectable from the same
# Kconfig files, fragments and tools and is unchanged since; it runs again
# when a commit touches a Kconfig file or the .config was edited. On the fake
# kernel (nothing real built or booted): commits 1-3 and 5 change C files,
# commit 4 a Kconfig file.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
user="$scratch/k"
fake_kernel "$user"
for f in Kconfig file5.c; do
	echo "/* $f */" >> "$user/$f"
	fake_git "$user" add -A
	fake_git "$user" commit -q -m "change $f"
done

run() {	# run DB [RANGE]: the five commits (or RANGE) on up, builds only judged
	timeout 120 "$BISECTABLE" run --db "$1" --configs up --boot-timeout 5 --retries 0 \
		--no-base --repo "$user" "${2:-base..master}" > "$scratch/out" 2>&1
}
log() {	# log DB POSITION: the up build log of that commit
	cat "$(dirname "$1")"/logs/run-1/00"$2"-*/up-build.log
}
skipped() { grep -c 'olddefconfig skipped' "$1"; }
configured() { grep -c '^\$ make .*olddefconfig$' "$1"; }

run "$db"
is "$(sql "select count(*) from results where stage = 'build' and status = 'pass'")" 5 \
	"the five commits build"
for i in 1 2 3 4 5; do log "$db" "$i" > "$scratch/log$i"; done
is "$(configured "$scratch/log1") $(skipped "$scratch/log1")" "1 0" \
	"commit 1, the first build here: configured"
is "$(configured "$scratch/log2") $(skipped "$scratch/log2")" "0 1" \
	"commit 2 changes a C file: the configure step is skipped, and the log says so"
is "$(configured "$scratch/log3") $(skipped "$scratch/log3")" "0 1" "commit 3: skipped"
is "$(configured "$scratch/log4") $(skipped "$scratch/log4")" "1 0" \
	"commit 4 adds a Kconfig file: configured again"
is "$(configured "$scratch/log5") $(skipped "$scratch/log5")" "0 1" "commit 5: skipped again"
out_dir=$(find "$BISECTABLE_CACHE/build" -type d -name up | head -1)
ok "$(test -s "$out_dir/.bisectable-configured"; echo $?)" "the stamp is in the build directory"

# Commit 5 again, in a new database: the stamp holds; but a .config changed
# behind bisectable's back is made again.
mkdir -p "$scratch/second" "$scratch/third"
run "$scratch/second/test.db" master~1..master
log "$scratch/second/test.db" 1 > "$scratch/same"
is "$(configured "$scratch/same") $(skipped "$scratch/same")" "0 1" \
	"commit 5 again, in another run: skipped"
echo 'CONFIG_EDITED_BY_HAND=y' >> "$out_dir/.config"
run "$scratch/third/test.db" master~1..master
log "$scratch/third/test.db" 1 > "$scratch/again"
is "$(configured "$scratch/again") $(skipped "$scratch/again")" "1 0" \
	"an edited .config: configured again at the next build"
ok "$(! grep -q EDITED_BY_HAND "$out_dir/.config"; echo $?)" "and the edit is gone"
done_testing
