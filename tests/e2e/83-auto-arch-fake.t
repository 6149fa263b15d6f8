#!/bin/bash
# tier: quick (fake kernel, cross compiler and QEMU)
# --configs auto per architecture, on the fake kernel, a fake riscv64 cross
# compiler and the fake QEMU. Commit 1 adds, in arch/riscv/kernel/setup.c,
# a line under #ifndef CONFIG_SMP that does not build (this test's
# Makefile fails an ARCH=riscv Image with SMP off while setup.c names
# up_boot_name); commit 2 fixes it: a hole only riscv64's UP build sees
# (tests/fixtures/riscv-up-break is the same series on the real tree).
#   configs  names riscv64, the arms its lines need at its own Kconfig,
#            and the configurations --configs auto adds for it
#   run      --configs auto adds riscv64+up (and riscv64+smp, for the
#            directives), built with ARCH=riscv; first-bad names commit 1
#            on riscv64+up and nowhere else
#   --arch   --configs auto with --arch is no longer refused; a key --arch
#            gave stays a given (booted) one
#   missing  arm's lines without arm's cross compiler: configs says why
#            they were not derived, run stops before any build
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_cross_host qemu-system-riscv64
opts=("${smoke_opts[@]}" --no-sandbox --no-ccache)

k="$scratch/kernel"
fake_kernel_branch "$k" rv
cat > "$k/Makefile" <<'MK'
VERSION = 6
PATCHLEVEL = 12
SUBLEVEL = 0
O ?= .
tinyconfig:
	mkdir -p $(O) && echo "# tinyconfig ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE)" > $(O)/.config
olddefconfig:
	@true
bzImage:
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
Image:
	@echo "Image ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE)" >> $(FAKE_MAKE_LOG)
	@if [ "$(ARCH)" = riscv ] && grep -q '^CONFIG_SMP=n' $(O)/.config && grep -q up_boot_name arch/riscv/kernel/setup.c; then \
		echo "arch/riscv/kernel/setup.c:321:56: error: 'up_boot_name' undeclared"; exit 1; fi
	mkdir -p $(O)/arch/$(ARCH)/boot && echo fake > $(O)/arch/$(ARCH)/boot/Image
MK
fake_merge_later "$k"
printf 'config SMP\n\tbool "Symmetric multi-processing"\n\nconfig RISCV\n\tdef_bool y\n' \
	> "$k/Kconfig"
fake_kconfig_inputs "$k" riscv
mkdir -p "$k/arch/riscv/kernel"
printf 'void setup_arch(void)\n{\n#ifdef CONFIG_SMP\n\tsetup_smp();\n#endif\n}\n' \
	> "$k/arch/riscv/kernel/setup.c"
fake_commit "$k" "fake riscv tree" rv-base
sed -i 's/^#endif$/#endif\n#ifndef CONFIG_SMP\n\tpr_info("%s: booting a uniprocessor kernel\\n", up_boot_name);\n#endif/' \
	"$k/arch/riscv/kernel/setup.c"
fake_git "$k" commit -q -a -m "riscv: setup: Say when a uniprocessor kernel boots"
sed -i 's/"%s: booting a uniprocessor kernel\\n", up_boot_name/"riscv: booting a uniprocessor kernel\\n"/' \
	"$k/arch/riscv/kernel/setup.c"
fake_git "$k" commit -q -a -m "riscv: setup: Name the architecture in the UP boot message"
fake_git "$k" tag rv-tip
like "$(git -C "$k" show rv-tip~1:arch/riscv/kernel/setup.c)" '#ifndef CONFIG_SMP' \
	"the fixture: commit 1 adds a line under #ifndef CONFIG_SMP"

# --- configs: riscv64's own derivation ---
out=$(timeout 120 "$BISECTABLE" configs --repo "$k" rv-base..rv-tip 2>&1)
printf '%s\n' "$out" | tail -9 | sed 's/^/# /'
like "$out" '^  riscv64 \(arch/riscv/ or CONFIG_RISCV\)$' "configs names riscv64"
like "$out" '^riscv64: 5 changed lines of its own, the arms they need at its own Kconfig:$' \
	"its lines are riscv64's"
like "$out" '^  SMP +n  up$' "SMP=n: up, at riscv's Kconfig"
like "$out" '^run --configs auto adds for riscv64: riscv64\+up, riscv64\+smp ' \
	"--configs auto adds riscv64+up (and riscv64+smp, for the directives' other arm)"
# (in the sandbox: what it made tells, in the scratch Kconfig trees of the cache)
like "$(cat "$BISECTABLE_CACHE"/kconfig/*/out/bisectable-tiny.config)" \
	'^# tinyconfig ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-$' \
	"riscv's Kconfig was asked with ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-"
like "$(cat "$BISECTABLE_CACHE"/kconfig/*/out/bisectable-tiny.config)" \
	'^# tinyconfig ARCH= CROSS_COMPILE=$' "x86_64's as before, in a scratch tree of its own"

# --- run --configs auto finds the riscv64 UP break by itself ---
: > "$FAKE_MAKE_LOG"
run_is run 1 "--configs auto: not bisectable" --db "$db" "${opts[@]}" --configs auto --repo "$k" \
	rv-base..rv-tip
like "$(cat "$scratch/run.out")" 'riscv64: the series changes 5 lines of its own: riscv64\+up, riscv64\+smp' \
	"the run says which configurations riscv64's lines add"
is "$(sql "select group_concat(config) from (select distinct config from results
	where stage = 'build' order by config)")" "riscv64+smp,riscv64+up,smp,up" \
	"riscv64+up and riscv64+smp built beside up and smp"
like "$(cat "$FAKE_MAKE_LOG")" '^Image ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-$' \
	"built with ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$db" 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^riscv64\+up: first bad 1/2 ' "first-bad: commit 1 on riscv64+up"
like "$out" "up_boot_name' undeclared" "with the compiler's error"
is "$(printf '%s\n' "$out" | grep -c 'first bad')" 1 "and nowhere else"
is "$(sql "select origin || ' ' || stages || ' ' || ifnull(covers, '') from run_configs
	where config = 'riscv64+up'")" "derived 2 SMP=n" "riscv64+up: added by the derivation, built only, covers SMP=n"
like "$(sql "select json_extract(options, '\$.config_specs') from runs")" 'riscv64\+up=up' \
	"its spec is up's fragment"
is "$(sql "select count(*) from results where config like 'riscv64+%' and stage = 'boot'
	and status = 'pass'")" 0 "built only, as derived configurations are"

# --- with --arch: no longer refused ---
run_is arch 1 "--arch x86_64,riscv64 --configs up,smp,auto runs" \
	--db "$scratch/arch.db" "${opts[@]}" --arch x86_64,riscv64 \
	--configs up,smp,auto --repo "$k" rv-base..rv-tip
is "$(sqlite3 "$scratch/arch.db" "select group_concat(config) from (select distinct config
	from results where stage = 'build' order by config)")" "riscv64+smp,riscv64+up,smp,up" \
	"each configuration once: --arch's riscv64+up is the derivation's"
is "$(sqlite3 "$scratch/arch.db" "select count(*) from run_configs where config like 'riscv64+%'
	and origin = 'derived'")" 0 "and stays a given one, booted"
is "$(sqlite3 "$scratch/arch.db" "select count(*) from results where config = 'riscv64+up'
	and stage = 'boot' and status = 'pass'")" 2 "riscv64+up booted where it builds, as --arch asks"

# --- an architecture whose cross compiler is not installed ---
if command -v arm-linux-gnueabihf-gcc > /dev/null; then
	ok 1 "# SKIP arm's cross compiler is installed here"
	ok 1 "# SKIP arm's cross compiler is installed here"
else
	fake_git "$k" checkout -q -b arm rv-tip
	mkdir -p "$k/arch/arm/kernel"
	echo "int arm_only;" > "$k/arch/arm/kernel/x.c"
	fake_git "$k" add -A
	fake_git "$k" commit -q -m "arm: a line of its own"
	out=$(timeout 120 "$BISECTABLE" configs --repo "$k" rv-tip..arm 2>&1)
	like "$out" "^arm: 1 changed line of its own, not derived: arm-linux-gnueabihf-gcc not found: install Debian's gcc-arm-linux-gnueabihf package$" \
		"configs says why arm's lines were not derived"
	: > "$FAKE_MAKE_LOG"
	timeout 300 "$BISECTABLE" run --db "$scratch/arm.db" "${opts[@]}" --configs auto \
		--repo "$k" rv-tip..arm > "$scratch/arm.out" 2>&1
	is "$?:$(grep -c "arm-linux-gnueabihf-gcc not found" "$scratch/arm.out"):$(cat "$FAKE_MAKE_LOG")" \
		"2:1:" "run --configs auto stops before any build, naming the package"
fi
done_testing
