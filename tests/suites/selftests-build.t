#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The 'selftests' suite without QEMU or a kernel build: guest/suites/selftests/run
# under the host's busybox sh against fake selftest programs (one for each
# way a kselftest ends: pass, fail, skip, dying half way, a signal, a hang),
# and build.sh's refusals. Runs in a few seconds.
#
# With SELFTESTS_SRCTREE=<kernel tree> it also builds the real futex
# selftests from that tree (about a minute: 'make headers') and checks the
# output is static, complete and what run reads.

top=$(cd "$(dirname "$0")/../.." && pwd)
suite=$top/guest/suites/selftests
scratch=$(mktemp -d /tmp/selftests-t.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
n=0
failed=0

ok() {	# ok EXIT-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
	fi
}
has() {	# has TEXT LINE DESCRIPTION: TEXT holds LINE, exactly
	if grep -qxF -- "$2" <<< "$1"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "#   no line: '$2'"
	fi
}

command -v busybox > /dev/null || { echo "1..0 # SKIP no busybox on the host"; exit 0; }

# --- run, on fake programs ---------------------------------------------------

g=$scratch/guest
f=$g/futex/functional
mkdir -p "$f"
cp "$suite/run" "$g/run"
printf 'linux 6.12.0\ngcc 12.2.0\nglibc 2.36\n' > "$g/BUILD-INFO"

fake() {	# fake NAME BODY: a shell-script "selftest"
	printf '#!/bin/sh\n%s\n' "$2" > "$f/$1"
	chmod +x "$f/$1"
}
fake pass 'echo "TAP version 13"; echo "1..2"; echo "# $*"; echo "ok 1 a"; echo "ok 2 b"; exit 0'
fake fail 'echo "TAP version 13"; echo "1..2"; echo "ok 1 a"; echo "not ok 2 b"; echo "	FAIL: b broke" >&2; exit 1'
fake skip 'echo "TAP version 13"; echo "1..0 # SKIP no frobnicator here"; exit 4'
fake xfail 'echo "1..2"; echo "ok 1 # XFAIL known"; echo "ok 2 # SKIP not here"; exit 0'
fake half 'echo "TAP version 13"; echo "1..3"; echo "ok 1 a"; exit 0'
fake segv 'echo "TAP version 13"; echo "1..1"; printf "no newline"; kill -SEGV $$'
fake hang 'echo "TAP version 13"; echo "1..1"; sleep 30'
fake noplan 'echo "hello"; exit 0'
fake stdin 'echo "1..1"; if read -r x; then echo "not ok 1 read stdin: $x"; else echo "ok 1 no stdin"; fi'
cat > "$f/run.list" <<'EOF'
pass
pass -b -t 5000
pass -b -t 5000
xfail
stdin
EOF
: > "$f/needs"

out=$(cd "$scratch" && busybox sh "$g/run" futex quick)
rc=$?
ok "$rc" "all passing: exit 0"
has "$out" "KTAP version 1" "KTAP header"
has "$out" "1..1" "one test"
has "$out" "# selftests built from linux 6.12.0, gcc 12.2.0, glibc 2.36" "provenance"
has "$out" "    1..5" "nested plan counts run.list"
has "$out" "    ok 1 pass" "a program without arguments is named after itself"
has "$out" "    ok 2 pass_b_t_5000" "arguments are in the name"
has "$out" "    ok 3 pass_b_t_5000_2" "a repeated command line gets _2"
has "$out" "        # -b -t 5000" "arguments are passed"
has "$out" "        TAP version 13" "program output is indented by 8"
has "$out" "    ok 4 xfail" "XFAIL and a SKIP beside a pass is ok"
has "$out" "    ok 5 stdin" "programs do not read run.list on stdin"
has "$out" "ok 1 futex" "verdict"
[ "$(tail -n 1 <<< "$out")" = "ok 1 futex" ]
ok $? "the verdict is the last line"

cat > "$f/run.list" <<'EOF'
pass
fail
skip
half
segv
hang
noplan
EOF
out=$(cd "$scratch" && SELFTESTS_PROG_TIMEOUT=2 busybox sh "$g/run" futex full)
rc=$?
is_rc=$([ "$rc" -eq 1 ]; echo $?)
ok "$is_rc" "failures: exit 1 (got $rc)"
has "$out" "    not ok 2 fail # 1 of 2 failed, exit status 1" "a failing result"
has "$out" "        	FAIL: b broke" "stderr is kept, indented"
has "$out" "    ok 3 skip # SKIP no frobnicator here" "a skipping program's own reason"
has "$out" "    not ok 4 half # 1 of 3 results" "a program dying half way"
has "$out" "        no newline" "an unterminated last line is ended"
has "$out" "    not ok 5 segv # killed by signal 11" "a crash"
has "$out" "    not ok 6 hang # timed out after 2 s" "a hang is cut short"
has "$out" "    not ok 7 noplan # no plan in its output" "no KTAP at all"
has "$out" "not ok 1 futex # 5 of 7 failed: fail, half, segv, hang, noplan" "verdict names the failures"

printf 'skip\nskip -x\n' > "$f/run.list"
out=$(cd "$scratch" && busybox sh "$g/run" futex quick)
has "$out" "ok 1 futex # SKIP skip: no frobnicator here" "all skipped is a SKIP with the first reason"

# A feature the guest lacks: only sysvipc is known, and the host has it
# (or has no /proc), so here the program runs.
printf 'pass\n' > "$f/run.list"
echo "pass sysvipc" > "$f/needs"
out=$(cd "$scratch" && busybox sh "$g/run" futex quick)
if [ -d /proc/sysvipc ] || [ ! -e /proc/self ]; then
	has "$out" "    ok 1 pass" "a program needing SysV IPC runs where there is SysV IPC"
fi

out=$(busybox sh "$g/run" nosuch quick)
rc=$?
has "$out" "not ok 1 nosuch # unknown test (futex)" "unknown test"
ok "$([ "$rc" -eq 2 ]; echo $?)" "unknown test: exit 2"
out=$(busybox sh "$g/run" futex slow)
has "$out" "not ok 1 futex # unknown profile 'slow' (quick, full)" "unknown profile"
rm "$f/run.list"
out=$(busybox sh "$g/run" futex quick)
has "$out" "not ok 1 futex # no $f/run.list: the suite's build output is not in this initramfs" \
	"missing build output"

# --- build.sh refusals ---------------------------------------------------------

err=$("$suite/build.sh" 2>&1)
ok "$([ $? -eq 2 ]; echo $?)" "build.sh without arguments: exit 2"
err=$("$suite/build.sh" "$scratch/nosuch" "$scratch/out" 2>&1)
ok "$([ $? -eq 1 ]; echo $?)" "build.sh on a missing tree fails"
has "$err" "build.sh: $scratch/nosuch is not a kernel source tree (no Makefile or include/uapi)" \
	"and says why"

# A tree whose run.sh this cannot read, and an OUTDIR that is not empty.
t=$scratch/tree
mkdir -p "$t/include/uapi" "$t/tools/testing/selftests/futex/functional"
touch "$t/Makefile" "$t/tools/testing/selftests/futex/functional/Makefile"
echo 'for t in *; do "$t"; done' > "$t/tools/testing/selftests/futex/functional/run.sh"
mkdir -p "$scratch/full"
touch "$scratch/full/x"
err=$("$suite/build.sh" "$t" "$scratch/full" 2>&1)
has "$err" "build.sh: $scratch/full is not empty" "a non-empty OUTDIR is refused"

# --- the real build (optional) -------------------------------------------------

if [ -n "${SELFTESTS_SRCTREE:-}" ]; then
	o=$scratch/build
	start=$(date +%s)
	"$suite/build.sh" "$SELFTESTS_SRCTREE" "$o" > "$scratch/build.log" 2>&1
	ok $? "build.sh on $SELFTESTS_SRCTREE ($(($(date +%s) - start)) s)"
	ok "$([ "$(cd "$o" && echo .[!.]* *)" = ".[!.]* BUILD-INFO futex" ]; echo $?)" \
		"OUTDIR holds futex/ and BUILD-INFO only"
	ok "$(grep -q '^futex_requeue_pi -b -l -t 5000$' "$o/futex/functional/run.list"; echo $?)" \
		"run.list has run.sh's invocations"
	dyn=0
	while read -r p _; do
		[ -x "$o/futex/functional/$p" ] || dyn=1
		readelf -l "$o/futex/functional/$p" | grep -q interpreter && dyn=1
	done < "$o/futex/functional/run.list"
	ok "$dyn" "every program run.list names is there and static"
else
	echo "# SELFTESTS_SRCTREE not set: the real build is not tried"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
