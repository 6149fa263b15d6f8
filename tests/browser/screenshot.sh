#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# screenshot.sh REPORT.html OUT.png [WIDTH,HEIGHT] - render a report in
# headless Chromium (no network, throw-away profile) and save a PNG of it.
set -eu

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 REPORT.html OUT.png [WIDTH,HEIGHT]" >&2
	exit 2
fi
report=$1
out=$2
size=${3:-1400,1000}

[ -f "$report" ] || { echo "$0: no such file: $report" >&2; exit 2; }
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$browser" ] || { echo "$0: chromium is not installed" >&2; exit 2; }

abs_report=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
case $out in
/*) abs_out=$out ;;
*) abs_out=$(pwd)/$out ;;
esac

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT INT TERM

"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--hide-scrollbars --user-data-dir="$profile" --window-size="$size" \
	--screenshot="$abs_out" "file://$abs_report" >/dev/null 2>"$profile/stderr" || {
	cat "$profile/stderr" >&2
	exit 1
}
[ -s "$abs_out" ] || { echo "$0: chromium wrote no $out" >&2; cat "$profile/stderr" >&2; exit 1; }
echo "$out"
