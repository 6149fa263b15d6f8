#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUTPUT.cpio SUITES_DIR [ARCH]
#
# ARCH (configs/arch/ARCH.arch; default x86_64): the guest of another
# architecture. Its busybox must be given as $BUSYBOX (Debian's
# busybox-static:ARCH, e.g. extracted with dpkg-deb -x, /bin/busybox in it);
# only the suites whose 'arch' lines name ARCH go in, and a suite's 'file
# NAME' that has NAME.c beside it is built here from it and its NAME-*.c
# (smoke's test groups), statically, with ARCH's cross compiler (its
# cross_compile line) instead of being copied.
# A 'program' of the host cannot run on another architecture: a suite that
# has one and names ARCH is refused.
#
# Build the guest initramfs: /init (guest/init), /bin/busybox (static;
# $BUSYBOX overrides /bin/busybox), the empty mount points, and every suite
# of SUITES_DIR (guest/suites/README): its 'file's under /suites/NAME/, its
# 'program's at their own paths with exactly the shared libraries that ldd
# (the ELF loader itself) lists for them, so Debian's binaries run as built.
# Needs no root: owners are forced to 0:0 in the archive. The output is
# reproducible (sorted names, mtime 0) so identical inputs give an
# identical file, and a changed initramfs is a real change.
#
# /dev/console is not in the archive (creating a device node needs root); the
# kernel's built-in initramfs provides it when CONFIG_INITRAMFS_SOURCE="".

set -eu

usage() {
	echo "usage: $0 OUTPUT.cpio SUITES_DIR" >&2
	exit 2
}

[ $# -eq 2 ] || [ $# -eq 3 ] || usage
out=$1
suites=$2
arch=${3:-x86_64}
busybox=${BUSYBOX:-/bin/busybox}
here=$(cd "$(dirname "$0")" && pwd)

# The architecture's file: a name of configs/arch/, its cross compiler's prefix.
case $arch in
*[!a-z0-9_]*|'') echo "$0: bad architecture name '$arch'" >&2; exit 2 ;;
esac
archfile=$here/../configs/arch/$arch.arch
if [ ! -f "$archfile" ]; then
	echo "$0: unknown architecture '$arch' (no configs/arch/$arch.arch)" >&2
	exit 2
fi
cross=$(sed -n 's/^cross_compile \([A-Za-z0-9_.-]*-\)$/\1/p' "$archfile")
if [ "$arch" != x86_64 ]; then
	if [ -z "$cross" ]; then
		echo "$0: $arch.arch names no cross compiler" >&2
		exit 2
	fi
	if [ -z "${BUSYBOX:-}" ]; then
		echo "$0: give $arch's static busybox as \$BUSYBOX (Debian's busybox-static:$arch)" >&2
		exit 2
	fi
fi

# suite_on_arch DECL: whether the suite runs on $arch ('arch' lines; none: x86_64 only).
suite_on_arch() {
	awk -v a="$arch" '$1 == "arch" { n++; for (i = 2; i <= NF; i++) if ($i == a) f = 1 }
		END { exit !(f || (!n && a == "x86_64")) }' "$1"
}

for f in "$here/init" "$busybox"; do
	if [ ! -f "$f" ]; then
		echo "$0: missing $f" >&2
		exit 1
	fi
done
[ -d "$suites" ] || { echo "$0: no suites directory $suites" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mkinitramfs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

root=$tmp/root
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp"
cp "$here/init" "$root/init"
cp "$busybox" "$root/bin/busybox"

# copy_host PATH: a host file at the same path in the image, links resolved.
copy_host() {
	mkdir -p "$root$(dirname "$1")"
	cp -L "$1" "$root$1"
	chmod 0755 "$root$1"
}

# An ELF program and what the loader maps for it: "lib => /path (addr)" and
# the loader's own "/lib64/ld-linux-x86-64.so.2 (addr)"; not the vDSO.
copy_program() {
	if [ ! -x "$1" ]; then
		echo "$0: $suite: program $1 is missing (see the Makefile's PACKAGES)" >&2
		exit 1
	fi
	copy_host "$1"
	ldd "$1" > "$tmp/ldd" 2>&1 || true
	while read -r a b c rest; do
		case $a in
		/*) copy_host "$a" ;;
		*) [ "$b" = "=>" ] && case $c in /*) copy_host "$c" ;; esac ;;
		esac
	done < "$tmp/ldd"
}

for decl in "$suites"/*/suite; do
	[ -f "$decl" ] || continue
	dir=$(dirname "$decl")
	suite=$(basename "$dir")
	if ! suite_on_arch "$decl"; then
		echo "$0: $suite: not for $arch (its 'arch' lines), left out" >&2
		continue
	fi
	# /suites/NAME only for a suite with files: one whose payload is all in
	# its build's piece (piece-file) leaves the base image as it was.
	while read -r directive arg rest; do
		case $directive in
		file)
			mkdir -p "$root/suites/$suite"
			if [ "$arch" != x86_64 ] && [ -f "$dir/$arg.c" ]; then
				# NAME.c and its NAME-*.c, as the Makefile builds smoke
				set -- "$dir/$arg.c"
				for part in "$dir/$arg"-*.c; do
					if [ -f "$part" ]; then set -- "$@" "$part"; fi
				done
				# argv words, never a shell string: the prefix is checked above
				"${cross}gcc" -std=gnu11 -Wall -Wextra -O2 -static -I"$dir" \
					-o "$root/suites/$suite/$arg" "$@"
				chmod 0755 "$root/suites/$suite/$arg"
				continue
			fi
			if [ ! -f "$dir/$arg" ]; then
				echo "$0: $suite: missing file $dir/$arg (run make)" >&2
				exit 1
			fi
			cp "$dir/$arg" "$root/suites/$suite/$arg"
			if [ -x "$dir/$arg" ]; then
				chmod 0755 "$root/suites/$suite/$arg"
			else
				chmod 0644 "$root/suites/$suite/$arg"
			fi
			;;
		program)
			if [ "$arch" != x86_64 ]; then
				echo "$0: $suite: the host's program $arg cannot run on $arch" >&2
				exit 1
			fi
			copy_program "$arg" ;;
		esac
	done < "$decl"
done

chmod 0755 "$root" "$root/init" "$root/bin" "$root/bin/busybox" "$root/proc" "$root/sys" \
	"$root/dev"
find "$root" -type d -exec chmod 0755 {} +
chmod 1777 "$root/tmp"
find "$root" -exec touch -h -d @0 {} +

repro=
if cpio --help 2>/dev/null | grep -q -- --reproducible; then
	repro=--reproducible
fi

# Names without a leading "./", sorted bytewise so the order is stable.
(cd "$root" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort > "$tmp/list")
(cd "$root" && cpio -o -H newc -R 0:0 --quiet $repro < "$tmp/list" > "$tmp/out.cpio")
# Not compressed: the kernel unpacks a gzip'd image in 0.1 s of guest time,
# 0.2 s of every boot's wall time under TCG (make bench's cell-phases.sh).
mv "$tmp/out.cpio" "$out"
