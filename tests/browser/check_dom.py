#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check DOMs that headless Chromium dumped (--dump-dom) of bisectable reports.

Used by check-report.sh; prints TAP and exits 1 if a check failed.

  check_dom.py --report DOM [--fixture] [--control DOM] [--mutant DOM]

--report   the dumped DOM of the report under test
--fixture  the report is the one of tests/browser/make-fixture-db.sql: check
           its known first bad cell, verdicts and hostile strings too
--control  the DOM of a page with raw payloads: they must have run, which
           shows that the data-pwned check can fail at all
--mutant   the DOM of the report with one payload left unescaped: the
           checks must catch it
--layout   the DOM of the report with measure.js run at one window width
           (repeatable): nothing overflows, the matrix comes first
Only the standard library is used.
"""
import argparse
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "param", "source", "track", "wbr"}
FORBIDDEN = {"script", "img", "iframe", "object", "embed", "link", "base", "form", "frame"}
MARKS = {"pass": "\u2713 pass", "fail": "\u2717 FAIL", "timeout": "timeout",
         "skip": "\u2013 skip", "error": "\u26a0 error", "none": "not run"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parent = parent
        self.children = []

    def text(self):
        out = []
        for c in self.children:
            out.append(c if isinstance(c, str) else c.text())
        return "".join(out)

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.iter()

    def classes(self):
        return (self.attrs.get("class") or "").split()


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(path):
    with open(path, encoding="utf-8", errors="strict") as f:
        text = f.read()
    b = TreeBuilder()
    b.feed(text)
    b.close()
    return b.root


def find_all(root, pred):
    return [n for n in root.iter() if pred(n)]


def body_of(root):
    bodies = find_all(root, lambda n: n.tag == "body")
    return bodies[0] if bodies else None


def injection_problems(root):
    """What an escaping failure would leave in the DOM; [] if nothing."""
    problems = []
    body = body_of(root)
    if body is None:
        return ["no <body>"]
    if "data-pwned" in body.attrs:
        problems.append("a script ran: <body data-pwned=%r>" % body.attrs["data-pwned"])
    for n in root.iter():
        if n.tag in FORBIDDEN:
            problems.append("a <%s> element" % n.tag)
        for a in n.attrs:
            if a.lower().startswith("on"):
                problems.append("an %s= attribute on <%s>" % (a, n.tag))
    return problems


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, desc, diag=None):
        self.n += 1
        print("%sok %d - %s" % ("" if cond else "not ", self.n, desc))
        if not cond:
            self.failed += 1
            for line in (diag or []):
                print("#   %s" % line)
        sys.stdout.flush()
        return cond


def check_report(tap, root, fixture):
    body = body_of(root)
    tap.ok(body is not None and "data-pwned" not in body.attrs,
           "report: no script from the data ran (no data-pwned on <body>)",
           [] if body is None else ["data-pwned=%r" % body.attrs.get("data-pwned")])
    problems = [p for p in injection_problems(root) if "data-pwned" not in p]
    tap.ok(not problems, "report: no <script>, <img>, <iframe>, <object> or on* attribute"
           " in the DOM", problems[:10])

    external = []
    for n in root.iter():
        for a in ("src", "href", "xlink:href", "action", "data", "poster"):
            v = n.attrs.get(a)
            if v is not None and not (a == "href" and v.startswith("#")):
                external.append("<%s %s=%r>" % (n.tag, a, v))
    tap.ok(not external, "report: no external resource (links only to #anchors)", external[:10])

    matrix = find_all(root, lambda n: n.tag == "table" and "matrix" in n.classes())
    rows = find_all(matrix[0], lambda n: n.tag == "tr" and
                    n.attrs.get("id", "").startswith("commit-")) if matrix else []
    configs = [n.attrs.get("data-config") for n in
               find_all(root, lambda n: n.tag == "tr" and "verdict" in n.classes())]
    bad_rows = [r.attrs["id"] for r in rows
                if len(find_all(r, lambda n: n.tag == "td" and "cell" in n.classes()))
                != 4 * len(configs)]
    tap.ok(matrix and rows and configs and not bad_rows,
           "report: the matrix has %d commit rows, 4 cells per configuration (%s)"
           % (len(rows), ",".join(c or "?" for c in configs)),
           ["rows with a wrong cell count: %s" % bad_rows] if bad_rows else
           ["matrix tables: %d, rows: %d, configs: %s" % (len(matrix), len(rows), configs)])

    unmarked = []
    for td in find_all(root, lambda n: n.tag == "td" and "cell" in n.classes()):
        status = [c for c in td.classes() if c in MARKS]
        if len(status) != 1:
            unmarked.append("%s: classes %s" % (td.attrs.get("data-position"), td.classes()))
            continue
        # a cell that is not pass says it in its <summary>; a pass cell may
        # hold a <details> of new warnings, so look at the whole cell
        summary = find_all(td, lambda n: n.tag == "summary")
        shown = summary[0].text() if summary and status[0] != "pass" else td.text()
        if MARKS[status[0]] not in shown:
            unmarked.append("%s %s %s: %r" % (td.attrs.get("data-config"),
                                             td.attrs.get("data-position"),
                                             td.attrs.get("data-stage"), shown[:60]))
        if status[0] not in ("pass", "none") and not find_all(td, lambda n: n.tag == "details"):
            unmarked.append("%s %s %s: not pass but no <details>" % (
                td.attrs.get("data-config"), td.attrs.get("data-position"),
                td.attrs.get("data-stage")))
    tap.ok(not unmarked, "report: each cell has one status class, the status in its text,"
           " and details when it is not pass", unmarked[:10])

    missing = []
    for tr in find_all(root, lambda n: n.tag == "tr" and "verdict" in n.classes()):
        cfg = tr.attrs.get("data-config")
        if "first bad" not in tr.text():
            continue
        cells = find_all(root, lambda n, c=cfg: n.attrs.get("id") == "first-bad-%s" % c)
        if len(cells) != 1 or "first-bad" not in cells[0].classes() or \
                not find_all(cells[0], lambda n: n.tag == "details"):
            missing.append(cfg)
    tap.ok(not missing, "report: a highlighted first-bad cell for every configuration"
           " whose verdict is a first bad commit", ["missing for %s" % missing])

    if not fixture:
        return

    cell = find_all(root, lambda n: n.attrs.get("id") == "first-bad-up")
    cell = cell[0] if cell else None
    tap.ok(cell is not None and cell.attrs.get("data-position") == "2" and
           cell.attrs.get("data-stage") == "build" and "fail" in cell.classes() and
           "first-bad" in cell.classes(),
           "fixture: first-bad-up is the failed build of commit 2",
           [] if cell is None else ["%r" % cell.attrs])
    smp = [tr for tr in find_all(root, lambda n: n.tag == "tr" and "verdict" in n.classes())
           if tr.attrs.get("data-config") == "smp"]
    tap.ok(smp and "bisectable" in smp[0].text() and "first bad" not in smp[0].text() and
           not find_all(root, lambda n: n.attrs.get("id") == "first-bad-smp"),
           "fixture: smp is bisectable and has no first-bad cell")

    row2 = find_all(root, lambda n: n.tag == "tr" and n.attrs.get("id") == "commit-2")
    text2 = row2[0].text() if row2 else ""
    tap.ok("<script>alert(1)</script>" in text2 and
           '"><img src=x onerror=alert(1)>' in text2,
           "fixture: the hostile subject is shown as text",
           ["row text: %r" % text2[:200]])
    payloads = [
        "Mallory \"><img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">",
        "<script>document.body.setAttribute('data-pwned','2')</script>",
        "<img src=x onerror=\"document.body.setAttribute('data-pwned','3')\">",
        "<svg onload=\"document.body.setAttribute('data-pwned','4')\">",
        "<svg onload=\"document.body.setAttribute('data-pwned','6')\">",
        "<script>document.body.setAttribute('data-pwned','7')</script>",
    ]
    whole = body.text() if body is not None else ""
    absent = [p for p in payloads if p not in whole]
    tap.ok(not absent, "fixture: author, evidence, log, warning and smoke test payloads are"
           " shown as text", ["not found as text: %r" % p for p in absent])
    charts = find_all(root, lambda n: n.tag == "svg" and "chart" in n.classes())
    tap.ok(len(charts) == 5 and all(find_all(c, lambda n: n.tag == "polyline") for c in charts),
           "fixture: five charts, each with lines", ["charts: %d" % len(charts)])


def check_layout(tap, path):
    body = body_of(parse(path))
    a = body.attrs if body is not None else {}
    vw = a.get("data-viewport", "?")
    over = [x for x in (a.get("data-overflow") or "").split("; ") if x]
    tap.ok(body is not None and "data-viewport" in a and not over and
           int(a.get("data-page-width", "0")) <= int(vw),
           "layout at %s px: nothing runs past the right edge (page width %s)"
           % (vw, a.get("data-page-width")),
           ["%d elements overflow:" % len(over)] + over[:12])
    my, cy = a.get("data-matrix-y", ""), a.get("data-coverage-y", "")
    tap.ok(my != "" and (cy == "" or int(my) < int(cy)),
           "layout at %s px: the matrix (y=%s) comes before the coverage (y=%s)"
           % (vw, my, cy))
    vh = int(a.get("data-viewport-height", "0") or 0)
    tap.ok(my != "" and vh and int(my) < 2 * vh,
           "layout at %s px: the matrix starts in the first two screens (y=%s < 2 x %d)"
           % (vw, my, vh))


def check_options(tap, root):
    table = find_all(root, lambda n: n.tag == "table" and n.attrs.get("id") == "options")
    rows = find_all(table[0], lambda n: n.tag == "tr") if table else []
    raw = [n for n in root.iter() if n.tag == "td" and n.text().lstrip().startswith("{")]
    tap.ok(table and rows and not raw,
           "report: the options are a table (%d rows), no raw JSON" % len(rows),
           ["raw JSON cell: %r" % n.text()[:80] for n in raw[:2]])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", required=True)
    ap.add_argument("--fixture", action="store_true")
    ap.add_argument("--control")
    ap.add_argument("--mutant")
    ap.add_argument("--layout", action="append", default=[])
    args = ap.parse_args()
    tap = Tap()

    if args.control:
        body = body_of(parse(args.control))
        tap.ok(body is not None and "data-pwned" in body.attrs,
               "control: Chromium runs inline payloads in --dump-dom (data-pwned is set)")
    if args.mutant:
        problems = injection_problems(parse(args.mutant))
        tap.ok(any("data-pwned" in p for p in problems) and len(problems) >= 2,
               "control: the report with one unescaped subject is caught (%s)"
               % "; ".join(problems[:3]))
    try:
        root = parse(args.report)
    except (OSError, UnicodeDecodeError) as e:
        tap.ok(False, "report: the dumped DOM can be read as UTF-8", [str(e)])
    else:
        check_report(tap, root, args.fixture)
        check_options(tap, root)
    for path in args.layout:
        check_layout(tap, path)
    print("1..%d" % tap.n)
    return 1 if tap.failed or not tap.n else 0


if __name__ == "__main__":
    sys.exit(main())
