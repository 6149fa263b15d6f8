#!/bin/bash
# The configure step (tinyconfig, merge_config.sh, olddefconfig) is skipped
# when the build directory's .config was made by bisectable from the same
# Kconfig files, fragments and tools and is unchanged since; it runs again
# when a commit touches a Kconfig file or the .config was edited. On the fake
# kernel (nothing real built or booted): commits 1, 2 and 4 change C files,
# commit 3 a Kconfig file.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
user="$scratch/k"
mkdir -p "$user/scripts/kconfig"
git init -q "$user"
cat > "$user/Makefile" <<'MK'
VERSION = 6
PATCHLEVEL = 12
SUBLEVEL = 0
O ?= .
tinyconfig:
	mkdir -p $(O) && : > $(O)/.config
olddefconfig:
	@true
bzImage:
	mkdir -p $(O)/arch/x86/boot && cat $(wildcard *.c) /dev/null > $(O)/arch/x86/boot/bzImage
MK
printf '#!/bin/sh\n# merge_config.sh -m -O OUT DOTCONFIG BASE FRAGMENT\ncat "$5" "$6" > "$4"\n' \
	> "$user/scripts/kconfig/merge_config.sh"
chmod +x "$user/scripts/kconfig/merge_config.sh"
echo 'config FAKE' > "$user/Kconfig"
fake_git "$user" add -A
fake_git "$user" commit -q -m base
fake_git "$user" tag base
for f in file1.c file2.c Kconfig file4.c; do
	echo "/* $f */" >> "$user/$f"
	fake_git "$user" add -A
	fake_git "$user" commit -q -m "change $f"
done

run() {	# run DB [RANGE]: the four commits (or RANGE) on up, builds only judged
	timeout 120 "$BISECTABLE" run --db "$1" --configs up --boot-timeout 5 --retries 0 \
		--no-base --repo "$user" "${2:-base..master}" > "$scratch/out" 2>&1
}
log() {	# log DB POSITION: the up build log of that commit
	cat "$(dirname "$1")"/logs/run-1/00"$2"-*/up-build.log
}
skipped() { grep -c 'olddefconfig skipped' "$1"; }
configured() { grep -c '^\$ make .*olddefconfig$' "$1"; }

run "$db"
is "$(sql "select count(*) from results where stage = 'build' and status = 'pass'")" 4 \
	"the four commits build"
for i in 1 2 3 4; do log "$db" "$i" > "$scratch/log$i"; done
is "$(configured "$scratch/log1") $(skipped "$scratch/log1")" "1 0" \
	"commit 1, the first build here: configured"
is "$(configured "$scratch/log2") $(skipped "$scratch/log2")" "0 1" \
	"commit 2 changes a C file: the configure step is skipped, and the log says so"
is "$(configured "$scratch/log3") $(skipped "$scratch/log3")" "1 0" \
	"commit 3 changes a Kconfig file: configured again"
is "$(configured "$scratch/log4") $(skipped "$scratch/log4")" "0 1" "commit 4: skipped again"
out_dir=$(find "$BISECTABLE_CACHE/build" -type d -name up | head -1)
ok "$(test -s "$out_dir/.bisectable-configured"; echo $?)" "the stamp is in the build directory"

# Commit 4 again, in a new database: the stamp holds; but a .config changed
# behind bisectable's back is made again.
mkdir -p "$scratch/second" "$scratch/third"
run "$scratch/second/test.db" master~1..master
log "$scratch/second/test.db" 1 > "$scratch/same"
is "$(configured "$scratch/same") $(skipped "$scratch/same")" "0 1" \
	"commit 4 again, in another run: skipped"
echo 'CONFIG_EDITED_BY_HAND=y' >> "$out_dir/.config"
run "$scratch/third/test.db" master~1..master
log "$scratch/third/test.db" 1 > "$scratch/again"
is "$(configured "$scratch/again") $(skipped "$scratch/again")" "1 0" \
	"an edited .config: configured again at the next build"
ok "$(! grep -q EDITED_BY_HAND "$out_dir/.config"; echo $?)" "and the edit is gone"
done_testing
