#!/bin/bash
# tier: quick (fake kernel and QEMU)
# Derived configurations by default, on the fake kernel: commit 1 adds a
# typo under #ifdef CONFIG_FAKE_FEATURE, a symbol that neither up nor smp
# sets (this test's Makefile fails a build whose .config has it and whose
# feature.c has the typo); commit 2 fixes it.
#   default          no --configs: up, smp and auto-1 (FAKE_FEATURE=y), built
#                    only; first-bad names commit 1 on auto-1
#   --configs up,smp exactly those: bisectable where compiled, the typo's
#                    line named, first-bad exits 3
#   --auto-budget 0  no derived configuration: auto-1 is said to be left out
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_host
opts=("${smoke_opts[@]}" --no-sandbox --no-ccache --flake-rate 0)

k="$scratch/kernel"
fake_kernel "$k"
fake_makefile "$k"
cat >> "$k/Makefile" <<'MK'
olddefconfig:
	@true
bzImage:
	@if grep -q '^CONFIG_FAKE_FEATURE=y' $(O)/.config && grep -q 'int typo$$' feature.c; then \
		echo "feature.c:5:9: error: expected ';' before end of file"; exit 1; fi
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
MK
printf 'config SMP\n\tbool "Symmetric multi-processing"\n\nconfig FAKE_FEATURE\n\tbool "A feature"\n' \
	> "$k/Kconfig"
fake_kconfig_inputs "$k"
printf 'int feature_base;\n' > "$k/feature.c"
fake_commit "$k" "a tree with a feature" f-base
printf 'int feature_base;\n#ifdef CONFIG_FAKE_FEATURE\nint feature_on;\n#endif\nint typo\n' \
	> "$k/feature.c"
sed -i 's/^int typo$/#ifdef CONFIG_FAKE_FEATURE\nint typo\n#endif/' "$k/feature.c"
fake_git "$k" commit -q -a -m "feature: a typo under CONFIG_FAKE_FEATURE"
sed -i 's/^int typo$/int typo_fixed;/' "$k/feature.c"
fake_git "$k" commit -q -a -m "feature: fix the typo"
fake_git "$k" tag f-tip

# --- the default run derives auto-1 and finds the typo with it ---
timeout 300 "$BISECTABLE" run --db "$db" "${opts[@]}" --repo "$k" f-base..f-tip \
	> "$scratch/default.out" 2>&1
is "$?" 1 "the default run: not bisectable"
sed 's/^/# /' "$scratch/default.out" | grep -v '^# *CONFIG_' | tail -12
is "$(sql "select group_concat(config) from (select distinct config from results
	where stage = 'build' order by config)")" "auto-1,smp,up" \
	"no --configs: up, smp and the derived auto-1"
is "$(sql "select origin || ' ' || stages || ' ' || ifnull(covers, '') from run_configs
	where config = 'auto-1'")" "derived 2 FAKE_FEATURE=y" "auto-1 is derived, built only"
like "$(cat "$scratch/default.out")" '^auto-1: first bad 1/2 .* at build: fail: feature.c:5:9' \
	"first bad 1/2 on auto-1, with the compiler's error"
like "$(cat "$scratch/default.out")" '^up: bisectable \(2/2 commits pass; [0-9]+ of [0-9]+ changed lines compiled' \
	"up is bisectable, with its figure"
like "$(cat "$scratch/default.out")" '^series: all [0-9]+ changed lines compiled by up,smp,auto-1$' \
	"every changed line compiled by one of the three"

# --- --configs up,smp: exactly those, bisectable only where compiled ---
run_is given 0 "--configs up,smp: the run exits 0" \
	--db "$scratch/given.db" "${opts[@]}" --configs up,smp \
	--repo "$k" f-base..f-tip
is "$(sqlite3 "$scratch/given.db" "select group_concat(config) from (select distinct config
	from results where stage = 'build' order by config)")" "smp,up" "exactly up and smp"
like "$(tail -1 "$scratch/given.out")" "^series: bisectable where compiled: [0-9]+ changed lines? never built" \
	"the series is bisectable only where compiled"
"$BISECTABLE" first-bad --db "$scratch/given.db" > /dev/null
is "$?" 3 "first-bad exits 3"
like "$("$BISECTABLE" coverage --db "$scratch/given.db")" 'FAKE_FEATURE=y  feature.c:\+' \
	"coverage names the typo's lines under FAKE_FEATURE=y"

# --- --auto-budget 0: the derived configuration is left out, said so ---
run_is budget 0 "--auto-budget 0: up and smp only, the run exits 0" \
	--db "$scratch/budget.db" "${opts[@]}" --auto-budget 0 \
	--repo "$k" f-base..f-tip
like "$(cat "$scratch/budget.out")" 'auto-1 left out \(over --auto-budget; .*\): what it covers stays uncompiled: FAKE_FEATURE=y' \
	"auto-1 is said to be left out, with what it covers"
done_testing
