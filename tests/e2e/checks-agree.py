#!/usr/bin/python3
# checks-agree.py REPORT.json PATCHWORK.json [NOTES]: whether the patchwork
# checks (report --format patchwork) and the git notes (bisectable notes)
# say of each commit and configuration what the JSON report of the same run
# says. The state is worked out here again from the JSON's results,
# verdicts and coverage, by the rules of Documentation/reports.md (Patchwork
# checks); NOTES is "SHA<TAB>NOTE-LINE" lines, a line of a note each. Prints
# "agree N" (N: commit x configuration pairs) or each disagreement, and
# exits 1 on any.
import json
import sys

STAGES = ("apply", "build", "boot", "test")


def flaky(cell):
    if cell.get("confirmed") == "flaky":
        return True
    tries, failed = cell.get("tries") or 1, cell.get("failed_tries") or 0
    return tries > 1 and 0 < failed < tries


def expected(report):
    """{(sha, config): state} from the JSON report, and the commits with a result."""
    uncompiled, verified = {}, set()
    for line in (report.get("coverage") or {}).get("lines", []):
        uncompiled[line["position"]] = uncompiled.get(line["position"], 0) + 1
    states = {}
    for v in report["verdicts"]:
        cfg, fb = v["config"], v["first_bad"]
        booted = any("boot" in c["results"].get(cfg, {}) for c in report["commits"])
        stages = STAGES if booted else STAGES[:2]
        for c in report["commits"]:
            if c["position"] < 1:
                continue
            cells = [c["results"].get(cfg, {}).get(s) for s in stages]
            status = [x["status"] if x else "none" for x in cells]
            if c["results"]:
                verified.add(c["sha"])
            is_flaky = any(flaky(x) for x in cells if x)
            if any(s in ("fail", "timeout") for s in status):
                if fb and fb["position"] == c["position"]:
                    is_flaky = v["kind"] == "flaky"
                base_bad = fb is not None and fb["position"] == 0
                state = "warning" if base_bad or is_flaky else "fail"
            elif any(s != "pass" for s in status):
                state = "pending"
            elif is_flaky or uncompiled.get(c["position"]):
                state = "warning"
            else:
                state = "success"
            states[(c["sha"], cfg)] = state
    return states, verified


def main():
    report = json.load(open(sys.argv[1]))
    patchwork = json.load(open(sys.argv[2]))
    want, verified = expected(report)
    said = {}
    for p in patchwork["patches"]:
        for check in p["checks"]:
            cfg = check["context"][len("bisectable-"):]
            said[("patchwork", p["sha"], cfg)] = check["state"]
    if len(sys.argv) > 3:
        for line in open(sys.argv[3]):
            sha, _, text = line.rstrip("\n").partition("\t")
            cfg, sep, rest = text.partition(": ")
            if sep and (sha, cfg) in want:
                said[("notes", sha, cfg)] = rest.split(":", 1)[0]
    bad = 0
    sources = ("patchwork", "notes") if len(sys.argv) > 3 else ("patchwork",)
    for (sha, cfg), state in sorted(want.items()):
        for src in sources:
            if src == "notes" and sha not in verified:
                continue  # a note is written only for a commit with a result
            got = said.get((src, sha, cfg))
            if got != state:
                print("%s says %s of %s on %s, the JSON %s" % (src, got, sha[:12], cfg, state))
                bad += 1
    if not bad:
        print("agree %d" % len(want))
    return 1 if bad else 0


sys.exit(main())
