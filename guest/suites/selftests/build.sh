#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build.sh SRCTREE OUTDIR
#
# Build the kernel selftests the 'selftests' suite runs (futex/functional)
# from the kernel tree SRCTREE, the way the tree's own Makefiles build them,
# with three differences the guest needs:
#
#  - statically linked (Debian's gcc and glibc's libc.a, libc6-dev): the
#    initramfs has busybox and no C library;
#  - against SRCTREE's own UAPI headers ('make headers' with O= into a scratch
#    directory), not the host's /usr/include/linux, so a tree that changes
#    <linux/futex.h> is tested with its own definitions;
#  - stripped: the guest never reads debug info, and every byte of the
#    initramfs is decompressed under TCG on every boot.
#
# SRCTREE is only read: kbuild writes to O=, the selftests' lib.mk to OUTPUT=
# (both in a scratch directory inside OUTDIR, removed on exit), so this also
# works on a read-only bind of the tree. Nothing needs the network.
#
# What is left in OUTDIR goes to /suites/selftests/ in the guest:
#
#   futex/functional/PROG...   the static test programs
#   futex/functional/run.list  "PROG ARGS..." per line: the invocations of the
#                              tree's own functional/run.sh, in its order
#                              ($COLOR dropped: no tput, no colour on a log)
#   futex/functional/needs     "PROG FEATURE" per line: a kernel feature a
#                              program cannot run without, read from what it
#                              links (sysvipc: shmget/semget/msgget)
#   BUILD-INFO                 kernel version and toolchain, echoed by 'run'
#
# run.list is read from run.sh rather than written here so a tree that adds,
# drops or re-parameterises a futex test is run as that tree runs it; a
# run.sh this cannot read fails the build (clearly) instead of guessing.
#
# The driver runs this once per base tree (cached by its id), inside its
# sandbox: SRCTREE's Makefiles are a series' code.

set -eu

prog=${0##*/}

die() {
	echo "$prog: $*" >&2
	exit 1
}

[ $# -eq 2 ] || {
	echo "usage: $prog SRCTREE OUTDIR" >&2
	exit 2
}
src=$1
out=$2

# --- what the host must have -----------------------------------------------

for tool in make gcc nm strip readelf sed awk; do
	command -v "$tool" >/dev/null 2>&1 ||
		die "missing tool '$tool' (Debian: apt-get install build-essential binutils)"
done
case $(gcc -dumpmachine) in
x86_64-*) ;;
*) die "gcc builds for $(gcc -dumpmachine); the guest is x86_64" ;;
esac

[ -f "$src/Makefile" ] && [ -d "$src/include/uapi" ] ||
	die "$src is not a kernel source tree (no Makefile or include/uapi)"
sub=tools/testing/selftests/futex/functional
[ -f "$src/$sub/Makefile" ] || die "$src has no $sub/Makefile"
[ -f "$src/$sub/run.sh" ] || die "$src has no $sub/run.sh"
src=$(cd "$src" && pwd)

mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -z "$(ls -A "$out")" ] || die "$out is not empty"

scratch=$(mktemp -d "$out/.build.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM

# The environment must not steer the tree's Makefiles: a caller's make
# (jobserver, MAKELEVEL changes lib.mk's OUTPUT default), a cross or LLVM
# toolchain, an O= or output directory of its own.
unset MAKEFLAGS MAKELEVEL MFLAGS MAKEOVERRIDES GNUMAKEFLAGS KBUILD_OUTPUT O \
	ARCH SRCARCH CROSS_COMPILE LLVM CC HOSTCC CFLAGS LDFLAGS LDLIBS \
	KHDR_INCLUDES OUTPUT INSTALL_PATH KSFT_TAP_LEVEL V W || true
export LC_ALL=C

# A static glibc program with the selftests' libraries, before anything else.
cat > "$scratch/probe.c" <<'EOF'
#include <pthread.h>
int main(void) { return pthread_self() == 0; }
EOF
gcc -static -pthread -o "$scratch/probe" "$scratch/probe.c" -lpthread -lrt \
	2> "$scratch/probe.log" || {
	cat "$scratch/probe.log" >&2
	die "cannot link a static program: glibc's static libraries are missing (Debian: apt-get install libc6-dev)"
}

jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
t0=$(date +%s)

# --- the tree's UAPI headers ----------------------------------------------

# 'headers' (not headers_install, which needs rsync) leaves the sanitised
# UAPI tree in O=/usr/include, which is what INSTALL_HDR_PATH would get.
make -s -C "$src" O="$scratch/obj" -j"$jobs" headers ||
	die "'make headers' failed in $src"
hdr=$scratch/obj/usr/include
[ -f "$hdr/linux/futex.h" ] || die "'make headers' left no linux/futex.h"
t1=$(date +%s)

# --- the selftests, as their Makefile builds them, static -------------------

# The selftests' Makefiles append their own flags to the CFLAGS and LDFLAGS
# they inherit from the environment. -ffile-prefix-map keeps the scratch
# and source paths out of the binaries, so the same tree and toolchain give
# the same bytes (and the initramfs the same hash).
build=$scratch/futex/functional
mkdir -p "$build"
CFLAGS="-static -ffile-prefix-map=$src/= -ffile-prefix-map=$scratch/=" \
LDFLAGS="-static" \
	make -s -C "$src/$sub" OUTPUT="$build" KHDR_INCLUDES="-isystem $hdr" \
	CC=gcc -j"$jobs" all ||
	die "building $sub failed"

dest=$scratch/out/futex/functional
mkdir -p "$dest"
: > "$dest/needs"
n=0
for f in "$build"/*; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	name=${f##*/}
	readelf -h "$f" 2>/dev/null | grep -q 'Type:[[:space:]]*EXEC\|Type:[[:space:]]*DYN' ||
		continue
	if readelf -l "$f" | grep -q 'Requesting program interpreter'; then
		die "$sub/$name is dynamically linked; the guest has no C library"
	fi
	# In a static binary, a libc function is in the symbol table iff the
	# program uses it. SysV IPC is CONFIG_SYSVIPC, off in tinyconfig.
	if nm "$f" 2>/dev/null | grep -Eq ' [TtWw] (shmget|semget|msgget)$'; then
		echo "$name sysvipc" >> "$dest/needs"
	fi
	strip -o "$dest/$name" "$f"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || die "$sub built no programs"

# --- the invocations of the tree's run.sh -----------------------------------

# Lines "./PROG [$COLOR] [ARGS]"; anything else in run.sh (echo, the tput
# colour probe, comments) is not a test. Arguments are restricted to plain
# option words, so the guest can split them without a shell's expansion.
# shellcheck disable=SC2016 # a literal $COLOR
sed -n 's/^[[:space:]]*\.\/\([A-Za-z0-9_.-]*\)\(.*\)$/\1 \2/p' "$src/$sub/run.sh" |
	sed 's/\$COLOR//g; s/[[:space:]][[:space:]]*/ /g; s/ *$//' > "$scratch/run.list"
[ -s "$scratch/run.list" ] ||
	die "found no './PROG ...' lines in $sub/run.sh (its format changed?)"
while read -r p args; do
	case $args in
	*[!A-Za-z0-9\ _=.,-]*)
		die "$sub/run.sh: '$p $args': arguments other than plain words" ;;
	esac
	[ -f "$dest/$p" ] && [ -x "$dest/$p" ] || die "$sub/run.sh runs $p, which its Makefile did not build"
done < "$scratch/run.list"
cp "$scratch/run.list" "$dest/run.list"

# --- provenance --------------------------------------------------------------

kver=$(make -s -C "$src" O="$scratch/obj" kernelversion 2>/dev/null) || kver=unknown
{
	echo "linux $kver"
	echo "gcc $(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion)"
	echo "glibc $(getconf GNU_LIBC_VERSION 2>/dev/null | sed 's/^glibc //')"
} > "$scratch/out/BUILD-INFO"

chmod -R u=rwX,go=rX "$scratch/out"
mv "$scratch/out/futex" "$scratch/out/BUILD-INFO" "$out/"
t2=$(date +%s)
echo "$prog: $n programs, $(wc -l < "$out/futex/functional/run.list") invocations in $out" \
	"(headers $((t1 - t0)) s, programs $((t2 - t1)) s)"
