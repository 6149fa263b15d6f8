#!/bin/bash
# tier: quick (fake kernel, cross compiler and QEMU)
# --arch on the fake kernel and the fake QEMU: this test's Makefile records
# the ARCH= and CROSS_COMPILE= each image build was given, and the fake
# QEMU the name it was called as (qemu-system-x86_64, qemu-system-riscv64).
#   build    --arch x86_64,riscv64 --configs up: both built, riscv64's with
#            ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- and its Image
#   boot     each booted by its own QEMU, riscv64's with OpenSBI and rv64
#   keys     results keyed up and riscv64+up; first-bad, show and the HTML
#            name the architecture
#   refuse   --arch arm64 --configs up: refused before any work, with why
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_cross_host qemu-system-riscv64 qemu-system-aarch64
export FAKE_QEMU_CALLS="$scratch/qemu-calls"
opts=("${smoke_opts[@]}" --no-sandbox --no-ccache)

k="$scratch/kernel"
fake_kernel_branch "$k" arch
cat >> "$k/Makefile" <<'MK'
olddefconfig:
	@true
bzImage:
	@echo "bzImage ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE)" >> $(FAKE_MAKE_LOG)
	mkdir -p $(O)/arch/x86/boot && echo fake > $(O)/arch/x86/boot/bzImage
Image:
	@echo "Image ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE)" >> $(FAKE_MAKE_LOG)
	@if [ -e riscv-broken ] && [ "$(ARCH)" = riscv ]; then echo "arch/riscv/x.c:1:1: error: broken on riscv"; exit 1; fi
	mkdir -p $(O)/arch/$(ARCH)/boot && echo fake > $(O)/arch/$(ARCH)/boot/Image
MK
fake_merge_later "$k"
fake_commit "$k" "fake image targets" arch-base
echo "one" > "$k/one.c"
fake_commit "$k" "arch change 1"
touch "$k/riscv-broken"
mkdir -p "$k/arch/riscv/kernel"
echo "int riscv_only;" > "$k/arch/riscv/kernel/x.c"
fake_commit "$k" "arch change 2: breaks riscv64 only" arch-tip

# --- build and boot on two architectures ---
run_is run 1 "x86_64,riscv64 runs (riscv64 breaks: not bisectable)" \
	--db "$db" "${opts[@]}" --arch x86_64,riscv64 --configs up \
	--repo "$k" arch-base..arch-tip
is "$(sql "select group_concat(config) from (select distinct config from results order by config)")" \
	"riscv64+up,up" "results keyed up and riscv64+up"
like "$(cat "$FAKE_MAKE_LOG")" '^bzImage ARCH= CROSS_COMPILE=$' "x86_64: make bzImage as ever"
like "$(cat "$FAKE_MAKE_LOG")" '^Image ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-$' \
	"riscv64: make ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- Image"
like "$(cat "$FAKE_QEMU_CALLS")" '^qemu-system-x86_64 -M pc ' "x86_64 boots in qemu-system-x86_64"
like "$(cat "$FAKE_QEMU_CALLS")" '^qemu-system-riscv64 -M virt .*-append console=ttyS0 .*-bios default .*-cpu rv64 -smp 1' \
	"riscv64 in qemu-system-riscv64 -M virt, OpenSBI, rv64, UP on 1 CPU"
is "$(sql "select count(*) from results where config = 'riscv64+up' and stage = 'build'
	and status = 'fail'")" 1 "riscv64+up's build fails at the breaking commit"
out=$(timeout 30 "$BISECTABLE" first-bad --db "$db" 2>&1)
printf '%s\n' "$out" | sed 's/^/# /'
like "$out" '^riscv64\+up: ' "first-bad names riscv64+up"
like "$out" '^up: bisectable' "and x86_64's up is bisectable"
like "$(timeout 30 "$BISECTABLE" first-bad --db "$db" --config riscv64:up 2>&1)" \
	'^riscv64\+up: first bad 2/2' "first-bad --config riscv64:up reads riscv64+up"
out=$(timeout 30 "$BISECTABLE" show --db "$db" 2 2>&1)
like "$out" 'riscv64\+up' "show names the architecture"
timeout 30 "$BISECTABLE" report --db "$db" --format html -o "$scratch/report.html" > /dev/null 2>&1
like "$(cat "$scratch/report.html")" 'riscv64\+up' "the HTML matrix has a riscv64 row"
timeout 30 "$BISECTABLE" report --db "$db" --format kcidb -o "$scratch/kcidb.json" > /dev/null 2>&1
like "$(cat "$scratch/kcidb.json")" '"architecture": *"riscv"' "KCIDB's architecture is kbuild's riscv"
like "$(timeout 30 "$BISECTABLE" runs --db "$db" 2>&1)" 'up,riscv64\+up' "runs lists both"
timeout 30 "$BISECTABLE" report --db "$db" --format email -o "$scratch/mail.eml" > /dev/null 2>&1
like "$(cat "$scratch/mail.eml")" 'riscv64\+up' "the e-mail names riscv64+up"
timeout 30 "$BISECTABLE" report --db "$db" --format json -o "$scratch/report.json" > /dev/null 2>&1
is "$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["architectures"], separators=(",", ":")))' "$scratch/report.json" 2>&1)" '{"up":"x86_64","riscv64+up":"riscv64"}' \
	"the JSON says each configuration's architecture"

# --- suites per architecture: rt-tests is x86_64's only ---
timeout 300 "$BISECTABLE" run --db "$scratch/suites.db" --suites smoke,rt-tests \
	--tests smoke.fork_exec_wait,rt-tests.hackbench --boot-timeout 10 --retries 0 --no-sandbox \
	--no-ccache --arch riscv64 --configs up --only base --repo "$k" arch-base..arch-tip \
	> "$scratch/suites.out" 2>&1
is "$?" 0 "riscv64 with rt-tests asked"
# make guest/initramfs-riscv64.cpio (e2e 26) may have built the guest already.
if [ -f guest/initramfs-riscv64.cpio ]; then
	ok 0 "riscv64's own guest is there: not said missing (# skip)"
else
	like "$(cat "$scratch/suites.out")" "warning: riscv64: no guest/initramfs-riscv64.cpio" \
		"the default guest is said to be booted"
fi
like "$(cat "$scratch/suites.out")" "riscv64: suite rt-tests runs on x86_64 only .*skipped on riscv64" \
	"rt-tests is said to be skipped on riscv64, with its reason"
is "$(sqlite3 "$scratch/suites.db" "select group_concat(name) from (select distinct t.name
	from tests t join results r on r.id = t.result_id where r.config = 'riscv64+up'
	order by t.name)")" "smoke.fork_exec_wait" "only smoke's test ran on riscv64"

# --- configs: the architectures the series touches ---
out=$(timeout 60 "$BISECTABLE" configs --no-derive --repo "$k" arch-base..arch-tip 2>&1)
printf '%s\n' "$out" | tail -4 | sed 's/^/# /'
like "$out" '^  riscv64 \(arch/riscv/ or CONFIG_RISCV\)$' "configs: a file under arch/riscv/ puts riscv64 in the cover"
unlike "$out" '^  arm64 ' "and no other"

# --- a configuration an architecture cannot have ---
: > "$FAKE_MAKE_LOG"
run_is arm64 2 "--arch arm64 --configs up is refused" \
	--db "$scratch/arm64.db" "${opts[@]}" --arch arm64 --configs up \
	--repo "$k" arch-base..arch-tip
like "$(cat "$scratch/arm64.out")" "'arm64\+up' has SMP off, but arm64 forces SMP" "with the reason"
is "$(cat "$FAKE_MAKE_LOG")" "" "before any build"
run_is sparc 2 "an unknown architecture is refused" \
	--db "$scratch/sparc.db" "${opts[@]}" --arch sparc --configs up \
	--repo "$k" arch-base..arch-tip
like "$(cat "$scratch/sparc.out")" "unknown architecture 'sparc'" "and named"
if command -v arm-linux-gnueabihf-gcc > /dev/null; then
	ok 0 "# SKIP arm's cross compiler is installed here"
else
	timeout 300 "$BISECTABLE" run --db "$scratch/arm.db" "${opts[@]}" --arch arm --configs up \
		--repo "$k" arch-base..arch-tip > "$scratch/arm.out" 2>&1
	like "$(cat "$scratch/arm.out")" "arm: arm-linux-gnueabihf-gcc not found: install Debian's gcc-arm-linux-gnueabihf package" \
		"a missing cross compiler is said before any work, with its package"
fi

# --- the guest of another architecture: mkinitramfs.sh ARCH ---
printf '#!/bin/sh\necho "$*" >> "%s/cross-cc"\nexec gcc "$@"\n' "$scratch" \
	> "$scratch/bin/riscv64-linux-gnu-gcc"
BUSYBOX=/bin/busybox sh guest/mkinitramfs.sh "$scratch/rv.cpio" guest/suites riscv64 \
	> "$scratch/mkinitramfs.out" 2>&1
is "$?" 0 "mkinitramfs.sh builds riscv64's initramfs"
like "$(cat "$scratch/cross-cc")" '-static .*/smoke\.c .*/smoke-process\.c' \
	"smoke built statically by the cross compiler, its test groups with it"
is "$(cpio -t < "$scratch/rv.cpio" 2>/dev/null | grep '^suites/' | sort | tr '\n' ' ')" \
	"suites/smoke suites/smoke/run suites/smoke/smoke " "with the suites that name riscv64 only"
like "$(cat "$scratch/mkinitramfs.out")" "rt-tests: not for riscv64" "rt-tests is left out, and said"
sh guest/mkinitramfs.sh "$scratch/rv2.cpio" guest/suites riscv64 > "$scratch/nobb.out" 2>&1
is "$?" 2 "another architecture needs its busybox given"
done_testing
