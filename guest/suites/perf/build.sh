#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build.sh SRCTREE OUTDIR
#
# The 'perf' suite's piece: Debian's linux-perf binary of the host
# (/usr/bin/perf, unmodified) and exactly the shared libraries the ELF loader
# lists for it (ldd), the loader included, as guest/mkinitramfs.sh copies a
# suite's 'program'. It is a build step and not 'program' lines because the
# binary and its 26 libraries are about 33 MB: as a piece (guest/mkpiece.sh,
# gzip'd) it is loaded only by the boots whose --suites name perf, and the
# base image every boot loads keeps its bytes.
#
# SRCTREE is not read: the binary is the host's, not the tree's. (Were
# Debian's binary unable to run in the guest, this is where the tree's own
# tools/perf would be built, cached per base tree like the selftests.)
#
# What is left in OUTDIR goes to /suites/perf/ in the guest:
#
#   bin/perf     the binary
#   lib/LIB...   its libraries and the loader (ld-linux-x86-64.so.2): run
#                starts perf through that loader with --library-path lib, so
#                it needs nothing of the base image's /lib
#   BUILD-INFO   the package's version and the binary's SHA-256, echoed by run
#
# The piece is cached by the base tree, this script and the suite's
# piece-files, not by the binary's bytes: every commit of a run boots the
# same perf, but after an upgrade of linux-perf a cached piece keeps the old
# one until ~/.cache/bisectable/suites/perf-* is removed (BUILD-INFO, in
# every boot's log, says which perf ran).

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
out=$2
perf=${PERF:-/usr/bin/perf}

[ -x "$perf" ] || die "no $perf (Debian: apt-get install linux-perf)"
command -v ldd >/dev/null 2>&1 || die "missing tool 'ldd' (Debian: libc-bin)"
case $(uname -m) in
x86_64) ;;
*) die "the host is $(uname -m); the guest is x86_64" ;;
esac

mkdir -p "$out/bin" "$out/lib"
[ -z "$(ls -A "$out/lib")" ] || die "$out is not empty"
cp -L "$perf" "$out/bin/perf"
chmod 0755 "$out/bin/perf"

# "lib => /path (addr)" and the loader's own "/lib64/ld-linux-x86-64.so.2
# (addr)"; not the vDSO. A library ldd cannot find stops the build.
ldd "$perf" > "$out/ldd" 2>&1 || die "ldd $perf failed: $(cat "$out/ldd")"
if grep -q 'not found' "$out/ldd"; then
	die "$perf needs libraries the host lacks: $(grep 'not found' "$out/ldd" | tr -d '\t')"
fi
while read -r a b c rest; do
	lib=
	case $a in
	/*) lib=$a ;;
	*) [ "$b" = "=>" ] && case $c in /*) lib=$c ;; esac ;;
	esac
	[ -n "$lib" ] || continue
	cp -L "$lib" "$out/lib/${lib##*/}"
	chmod 0755 "$out/lib/${lib##*/}"
done < "$out/ldd"
rm -f "$out/ldd"
[ -f "$out/lib/ld-linux-x86-64.so.2" ] || die "ldd named no loader for $perf"

version=$(dpkg-query -W -f='${Package} ${Version}' linux-perf 2>/dev/null) ||
	version="$perf (not from a Debian package)"
{
	echo "perf: $version"
	echo "sha256: $(sha256sum "$out/bin/perf" | cut -d' ' -f1)"
	echo "libraries: $(ls "$out/lib" | wc -l), $(du -sk "$out" | cut -f1) KiB"
} > "$out/BUILD-INFO"
