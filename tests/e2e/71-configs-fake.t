#!/bin/bash
# tier: quick (fake kernel and QEMU)
# Configurations that do not start from tinyconfig, on the fake kernel and
# the fake QEMU: this test's own Makefile has a defconfig and an
# allmodconfig target that write a marker into .config, its merge_config.sh
# merges over the .config it is given (as the kernel's does), and its
# olddefconfig adds a line and keeps a symbol's last value only, so what base.config and olddefconfig changed
# can be seen.
#   target   --configs defconfig:up reaches the Makefile as 'make defconfig',
#            keyed defconfig+up, base.config's additions said and stored
#   file     a full .config by path: olddefconfig's changes said and stored
#   build    --build-only: built, never booted, its build its pass
#   only     --only base,tip: two positions verified, said to be partial
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_machine
export FAKE_QEMU_BOOTS="$scratch/boots"
opts=("${smoke_opts[@]}")

k="$scratch/kernel"
fake_kernel_branch "$k" cfg
cat >> "$k/Makefile" <<'MK'
defconfig:
	mkdir -p $(O) && printf 'CONFIG_FAKE_START_DEFCONFIG=y\nCONFIG_SMP=y\nCONFIG_TTY=y\n' > $(O)/.config
allmodconfig:
	mkdir -p $(O) && printf 'CONFIG_FAKE_START_ALLMODCONFIG=y\nCONFIG_SMP=y\n' > $(O)/.config
olddefconfig:
	@grep -q FAKE_OLDDEFCONFIG $(O)/.config || echo CONFIG_FAKE_OLDDEFCONFIG=y >> $(O)/.config
	@tac $(O)/.config | awk -F= '!seen[$$1]++' | tac > $(O)/.config.new && mv $(O)/.config.new $(O)/.config
bzImage:
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
MK
fake_merge_later "$k"
fake_commit "$k" "fake configuration targets" cfg-base
for i in 1 2 3; do
	echo "cfg change $i" > "$k/cfg$i.c"
	fake_commit "$k" "cfg change $i"
done
fake_git "$k" tag cfg-tip

# --- TARGET:FRAGMENT ---
run_is target 0 "defconfig:up runs" --db "$db" "${opts[@]}" --configs defconfig:up --repo "$k" \
	cfg-base..cfg-tip
is "$(sql "select distinct config from results")" "defconfig+up" "its results are keyed defconfig+up"
is "$(sql "select count(*) from kconfigs k join results r on r.id = k.result_id
	where k.dotconfig like '%CONFIG_FAKE_START_DEFCONFIG=y%'")" 4 \
	"every build's .config came from 'make defconfig'"
is "$(sql "select count(*) from kconfigs where dotconfig like '%CONFIG_SMP=n%'
	and dotconfig not like '%CONFIG_SMP=y%'")" 4 "and up's fragment turned SMP off"
like "$(cat "$scratch/target.out")" 'defconfig\+up +# added to defconfig for the boot in QEMU \(configs/base.config\):' \
	"base.config's additions are said"
like "$(cat "$scratch/target.out")" 'defconfig\+up +CONFIG_SERIAL_8250_CONSOLE=y \(was not set\)' \
	"line by line"
unlike "$(cat "$scratch/target.out")" 'CONFIG_TTY=y \(was' "a line defconfig has is not said"
is "$(sql "select spec from run_configs where config = 'defconfig+up'")" "defconfig:up" \
	"the name as given is kept with the run"
like "$(sql "select changes from run_configs where config = 'defconfig+up'")" \
	'CONFIG_BLK_DEV_INITRD=y \(was not set\)' "and the changes"
run_is bad 2 "an unknown target is refused" \
	--db "$scratch/bad.db" "${opts[@]}" --configs nosuchconfig:up \
	--repo "$k" cfg-base..cfg-tip
like "$(cat "$scratch/bad.out")" "unknown kbuild configuration target 'nosuchconfig'" "and named"

# --- a full .config by path ---
printf 'CONFIG_MINE=y\nCONFIG_TTY=y\n' > "$scratch/my laptop.config"
run_is file 0 "a full .config runs" --db "$scratch/file.db" "${opts[@]}" \
	--configs "$scratch/my laptop.config" --repo "$k" cfg-base..cfg-tip
is "$(sqlite3 "$scratch/file.db" "select distinct config from results")" "file+my_laptop" \
	"keyed by its file name, made safe"
like "$(cat "$scratch/file.out")" 'file\+my_laptop +# changed by olddefconfig:' "olddefconfig's changes are said"
like "$(cat "$scratch/file.out")" 'file\+my_laptop +CONFIG_FAKE_OLDDEFCONFIG=y \(was not set\)' "line by line"
is "$(sqlite3 "$scratch/file.db" "select count(*) from kconfigs where dotconfig like '%CONFIG_MINE=y%'")" 4 \
	"every build started from the file"

# --- --build-only, and allmodconfig built only unasked ---
rm -f "$FAKE_QEMU_BOOTS"
run_is build 0 "build-only configurations run" \
	--db "$scratch/build.db" "${opts[@]}" --configs allmodconfig: \
	--build-only defconfig:up --repo "$k" cfg-base..cfg-tip
is "$(cat "$FAKE_QEMU_BOOTS" 2>/dev/null || echo 0)" 0 "nothing was booted"
is "$(sqlite3 "$scratch/build.db" "select group_concat(config) from (select distinct config
	from results where stage = 'build' and status = 'pass' order by config)")" "allmodconfig,defconfig+up" "both were built"
is "$(sqlite3 "$scratch/build.db" "select count(*) from results where stage in ('boot', 'test')")" 0 \
	"and neither has a boot or a test"
is "$(sqlite3 "$scratch/build.db" "select count(*) from kconfigs
	where dotconfig like '%CONFIG_FAKE_START_ALLMODCONFIG=y%'")" 4 "allmodconfig: 'make allmodconfig'"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/build.db" 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^allmodconfig: bisectable \(3/3 commits pass; 3 of 3 changed lines compiled\)' "a passing build is the build-only configuration's pass"
like "$out" '^defconfig\+up: bisectable \(3/3 commits pass; 3 of 3 changed lines compiled\)' "for both"
is "$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/build.db" --config defconfig:up 2>&1)" \
	"defconfig+up: bisectable (3/3 commits pass; 3 of 3 changed lines compiled)" \
	"first-bad --config takes the name as given, with its own figure and no series line"

# --- --only base,tip ---
rm -f "$FAKE_QEMU_BOOTS"
run_is only 0 "--only base,tip runs" \
	--db "$scratch/only.db" "${opts[@]}" --configs up --only base,tip \
	--repo "$k" cfg-base..cfg-tip
is "$(sqlite3 "$scratch/only.db" "select group_concat(position) from (select distinct c.position
	from results r join commits c on c.id = r.commit_id order by c.position)")" "0,3" \
	"only the base and the tip were verified"
is "$(sqlite3 "$scratch/only.db" "select count(*) from results where stage = 'boot'")" 2 "two boots"
like "$(cat "$scratch/only.out")" '^partial run: positions 0,3 only; not a bisectability verdict$' \
	"the run says it was partial"
unlike "$(cat "$scratch/only.out")" 'bisectable \(' "and gives no bisectability verdict"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$scratch/only.db" 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^partial run: positions 0,3 only; not a bisectability verdict$' "first-bad says so"
like "$out" '^up: 0/3 pass; 3/3 pass$' "and what each end did"
out=$(timeout 30 "$BISECTABLE" show --db "$scratch/only.db" 3 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" 'partial run: positions 0,3 only; not a bisectability verdict' "show says so"
out=$(timeout 30 "$BISECTABLE" show --db "$scratch/file.db" 0 2>&1)
like "$out" '^file\+my_laptop: its .config as the run changed it:$' "show lists what the run changed"
like "$out" '^  CONFIG_FAKE_OLDDEFCONFIG=y \(was not set\)$' "line by line"
like "$(timeout 30 "$BISECTABLE" runs --db "$scratch/only.db")" ' - +partial: 0,3 ' \
	"runs: no first bad, no verdict, the positions"
for f in html json email; do
	timeout 30 "$BISECTABLE" report --db "$scratch/only.db" --format $f -o "$scratch/only.$f" 2>/dev/null
done
like "$(cat "$scratch/only.html")" 'partial run: positions 0,3 only; not a bisectability verdict' "the HTML report says so"
like "$(cat "$scratch/only.json")" '"partial": *"0,3"' "the JSON report too"
like "$(cat "$scratch/only.email")" '^partial run: positions 0,3 only; not a bisectability verdict$' "and the e-mail"
like "$(cat "$scratch/only.html")" '<h2>Base &rarr; tip</h2>' "the HTML report compares the two ends"
out=$(timeout 30 "$BISECTABLE" compare --db "$scratch/only.db" 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^run 1: 0/3 -> 3/3$' "compare: the base against the tip"
like "$out" '^up: bzimage_bytes 5 -> 5 \(\+0.00%\)$' "with the bzImage's bytes"
like "$out" '^up: fake_ns 100 -> 100 \(\+0.00%\)$' "and the guest's figures"
timeout 30 "$BISECTABLE" run --db "$scratch/only2.db" "${opts[@]}" --configs up --only base,head \
	--repo "$k" cfg-base..cfg-tip > "$scratch/only2.out" 2>&1
is "$?" 2 "--only with a word that is no position is refused"
like "$(cat "$scratch/only2.out")" "'head' is not base, tip or a position" "and named"
done_testing
