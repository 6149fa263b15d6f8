#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# check-report.sh [--fixture] REPORT.html - open a bisectable HTML report in
# headless Chromium and check the DOM it rendered (tests/browser/check_dom.py):
# the matrix and the first bad cells are there, every cell says its status in
# text, nothing external is loaded, and no script from the data ran. Prints
# TAP; exits 0 only if every check passed.
#
# The layout is measured too (tests/browser/measure.js, run in a copy of the
# report without its CSP) at 1,400 and 800 px wide: no element may run past
# the page's right edge outside a scrolling container, the matrix comes
# before the coverage, and the options are a table.
#
# Two controls keep the "no script ran" check honest: a page with the raw
# payloads must get data-pwned set by Chromium, and a copy of the report with
# one payload left unescaped (and its CSP removed) must be caught.
#
# --fixture: REPORT.html is the report of tests/browser/make-fixture-db.sql;
# its known first bad cell, verdicts and hostile strings are checked too:
#	sqlite3 DB < db/schema.sql; sqlite3 DB < tests/browser/make-fixture-db.sql
#	its logs copied into DB's directory's logs/ and log_path rewritten (the
#	Makefile's reports/fixture.html rule: a report opens no other path)
#	./bisectable report --db DB -o REPORT.html
#	tests/browser/check-report.sh --fixture REPORT.html
set -eu

here=$(cd "$(dirname "$0")" && pwd)
fixture=
if [ "${1:-}" = "--fixture" ]; then
	fixture=--fixture
	shift
fi
if [ $# -ne 1 ]; then
	echo "usage: $0 [--fixture] REPORT.html" >&2
	exit 2
fi
report=$1
[ -f "$report" ] || { echo "$0: no such file: $report" >&2; exit 2; }
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$browser" ] || {
	echo "$0: chromium is not installed (apt-get install --no-install-recommends chromium)" >&2
	exit 2
}
python=$(command -v python3 || true)
[ -n "$python" ] || { echo "$0: python3 is needed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# The DOM after the page loaded and its handlers had time to run. Each run
# gets its own throw-away profile; nothing may reach the network.
dump() {
	size=${3:-1400,1000}
	profile=$(mktemp -d "$work/profile.XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --user-data-dir="$profile" \
		--window-size="$size" --hide-scrollbars \
		--virtual-time-budget=5000 --dump-dom "file://$1" >"$2" 2>"$profile.stderr" || {
		echo "# chromium failed on $1:" >&2
		sed 's/^/#   /' "$profile.stderr" >&2
		return 1
	}
	[ -s "$2" ] || { echo "# chromium dumped nothing for $1" >&2; return 1; }
}

cp "$report" "$work/report.html"

cat >"$work/control.html" <<'EOF'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>control</title></head>
<body><p><img src=x onerror="document.body.setAttribute('data-pwned','control')"></p></body>
</html>
EOF

# The report as it would be if one subject were not escaped: a raw payload at
# the start of the first subject cell, and no CSP to stop it.
"$python" - "$work/report.html" "$work/mutant.html" <<'EOF'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
payload = "<img src=x onerror=\"document.body.setAttribute('data-pwned','mutant')\">"
html = html.replace('<td class="subj">', '<td class="subj">' + payload, 1)
open(sys.argv[2], "w", encoding="utf-8").write(html)
EOF

# The report with the measuring script: only this copy runs a script.
"$python" - "$work/report.html" "$here/measure.js" "$work/measured.html" <<'EOF'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
js = open(sys.argv[2], encoding="utf-8").read()
html = html.replace("</body>", "<script>\n" + js + "</script>\n</body>", 1)
open(sys.argv[3], "w", encoding="utf-8").write(html)
EOF

dump "$work/control.html" "$work/control.dom"
dump "$work/mutant.html" "$work/mutant.dom"
dump "$work/report.html" "$work/report.dom"
dump "$work/measured.html" "$work/wide.dom" 1400,1000
dump "$work/measured.html" "$work/narrow.dom" 800,1000

rc=0
"$python" "$here/check_dom.py" --control "$work/control.dom" \
	--mutant "$work/mutant.dom" --report "$work/report.dom" \
	--layout "$work/wide.dom" --layout "$work/narrow.dom" $fixture || rc=$?
exit $rc
