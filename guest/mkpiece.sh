#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkpiece.sh DIR PREFIX OUTPUT.cpio.gz
#
# Pack what a suite's 'build' program left in DIR as PREFIX/... (e.g.
# suites/selftests/futex/...) into a gzip'd newc cpio, reproducibly (owners
# 0:0, mtime 0, sorted names, gzip -n), as guest/mkinitramfs.sh packs the
# base image (not compressed, for boot speed): the kernel unpacks concatenated archives one after the other,
# so base image + pieces is one initramfs, and an identical build is an
# identical file (the boot cache keys on its bytes).

set -eu

[ $# -eq 3 ] || { echo "usage: $0 DIR PREFIX OUTPUT.cpio.gz" >&2; exit 2; }
dir=$1
prefix=$2
out=$3

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkpiece.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/root/$prefix"
cp -R "$dir"/. "$tmp/root/$prefix/"
find "$tmp/root" -type d -exec chmod 0755 {} +
find "$tmp/root" -exec touch -h -d @0 {} +
repro=
if cpio --help 2>/dev/null | grep -q -- --reproducible; then
	repro=--reproducible
fi
(cd "$tmp/root" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort > "$tmp/list")
(cd "$tmp/root" && cpio -o -H newc -R 0:0 --quiet $repro < "$tmp/list" > "$tmp/out.cpio")
gzip -9 -n < "$tmp/out.cpio" > "$tmp/out.cpio.gz"
mv "$tmp/out.cpio.gz" "$out"
