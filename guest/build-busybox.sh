#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-busybox.sh ARCH OUTPUT: a static busybox for the guest of another
# architecture, built from Debian's own busybox source package with ARCH's
# cross compiler (configs/arch/ARCH.arch, its cross_compile line).
#
# Why from source: Debian 12 ships busybox-static for arm64 but has no
# riscv64 port, so one way for every architecture (the same version, the
# same applets, Debian's patches) beats a binary per architecture from
# wherever it can be had. Needs a deb-src line for Debian's archive
# (apt-get source) and dpkg-dev; the source is Debian's, unpacked and built
# in a scratch directory, and only the binary is kept.

set -eu

[ $# -eq 2 ] || { echo "usage: $0 ARCH OUTPUT" >&2; exit 2; }
arch=$1
out=$2
case $out in /*) ;; *) out=$PWD/$out ;; esac
here=$(cd "$(dirname "$0")" && pwd)

case $arch in
*[!a-z0-9_]*|'') echo "$0: bad architecture name '$arch'" >&2; exit 2 ;;
esac
archfile=$here/../configs/arch/$arch.arch
[ -f "$archfile" ] || { echo "$0: unknown architecture '$arch'" >&2; exit 2; }
cross=$(sed -n 's/^cross_compile \([A-Za-z0-9_.-]*-\)$/\1/p' "$archfile")
[ -n "$cross" ] || { echo "$0: $arch.arch names no cross compiler" >&2; exit 2; }
command -v "${cross}gcc" >/dev/null ||
	{ echo "$0: no ${cross}gcc (its compiler_package in $arch.arch)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/build-busybox.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp"
if ! apt-get source --download-only busybox >apt.log 2>&1; then
	cat apt.log >&2
	echo "$0: apt-get source busybox failed: add a deb-src line for Debian's archive" >&2
	echo "$0: (Documentation/architectures.md says how)" >&2
	exit 1
fi
# Built once per source version and cross compiler, kept in bisectable's
# cache: a fresh checkout (CI's) does not build it again.
cache=${BISECTABLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bisectable}/guest
key=$({ cat busybox_*.dsc; "${cross}gcc" --version | head -n 1; } | sha256sum | cut -c1-16)
if [ -f "$cache/busybox-$arch-$key" ]; then
	cp "$cache/busybox-$arch-$key" "$out.tmp"
	mv "$out.tmp" "$out"
	exit 0
fi
dpkg-source --no-check -x busybox_*.dsc src >/dev/null
cd src
make -s CROSS_COMPILE="$cross" defconfig >/dev/null
# Static, so the initramfs needs no libc of ARCH; the traffic-control
# applet needs kernel headers the cross libc's may not match, and the
# guest never uses it.
sed -i -e 's/^# CONFIG_STATIC is not set$/CONFIG_STATIC=y/' \
	-e 's/^CONFIG_TC=y$/# CONFIG_TC is not set/' .config
make -s CROSS_COMPILE="$cross" oldconfig </dev/null >/dev/null
make -s -j"$(nproc)" CROSS_COMPILE="$cross" busybox >build.log 2>&1 ||
	{ tail -n 30 build.log >&2; exit 1; }
# A static binary asks for no program interpreter.
if LC_ALL=C readelf -lW busybox | grep -q 'INTERP'; then
	echo "$0: busybox is not static" >&2
	exit 1
fi
mkdir -p "$cache"
cp busybox "$cache/busybox-$arch-$key.tmp"
mv "$cache/busybox-$arch-$key.tmp" "$cache/busybox-$arch-$key"
cp busybox "$out.tmp"
mv "$out.tmp" "$out"
