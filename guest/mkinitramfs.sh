#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUTPUT.cpio.gz SMOKE_BINARY
#
# Build the guest initramfs: /init (guest/init), /bin/busybox (static;
# $BUSYBOX overrides /bin/busybox), /bin/smoke and the empty mount points.
# Needs no root: owners are forced to 0:0 in the archive. The output is
# reproducible (sorted names, mtime 0, gzip -n) so identical inputs give an
# identical file, and a changed initramfs is a real change.
#
# /dev/console is not in the archive (creating a device node needs root); the
# kernel's built-in initramfs provides it when CONFIG_INITRAMFS_SOURCE="".

set -eu

usage() {
	echo "usage: $0 OUTPUT.cpio.gz SMOKE_BINARY" >&2
	exit 2
}

[ $# -eq 2 ] || usage
out=$1
smoke=$2
busybox=${BUSYBOX:-/bin/busybox}
here=$(cd "$(dirname "$0")" && pwd)

for f in "$here/init" "$busybox" "$smoke"; do
	if [ ! -f "$f" ]; then
		echo "$0: missing $f" >&2
		exit 1
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkinitramfs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

root=$tmp/root
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp"
cp "$here/init" "$root/init"
cp "$busybox" "$root/bin/busybox"
cp "$smoke" "$root/bin/smoke"
chmod 0755 "$root" "$root/init" "$root/bin" "$root/bin/busybox" "$root/bin/smoke" \
	"$root/proc" "$root/sys" "$root/dev"
chmod 1777 "$root/tmp"
find "$root" -exec touch -h -d @0 {} +

repro=
if cpio --help 2>/dev/null | grep -q -- --reproducible; then
	repro=--reproducible
fi

# Names without a leading "./", sorted bytewise so the order is stable.
(cd "$root" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort > "$tmp/list")
(cd "$root" && cpio -o -H newc -R 0:0 --quiet $repro < "$tmp/list" > "$tmp/out.cpio")
gzip -9 -n < "$tmp/out.cpio" > "$tmp/out.cpio.gz"
mv "$tmp/out.cpio.gz" "$out"
