#!/bin/bash
# tier: quick (no kernel)
# The e-mail and KCIDB reports and the bisection holes from the command line,
# on a hand-made database of the up-build-break fixture's run (commit 2 does
# not build on up, commit 3 fixes it). No kernel is built.
. "$(dirname "$0")/lib.sh"

sqlite3 "$db" < db/schema.sql
sqlite3 "$db" < tests/unit/up-build-break.sql

out=$(timeout 30 "$BISECTABLE" first-bad --db "$db")
is "$?" 1 "first-bad exits 1"
like "$out" '^up: hole: 2/4 does not build \(fixed by 3/4\)$' "first-bad names the hole"

timeout 30 "$BISECTABLE" report --db "$db" --format email -o "$scratch/mail.eml" > /dev/null
ok $? "report --format email -o FILE"
is "$(head -1 "$scratch/mail.eml")" \
	"Subject: Re: [PATCH 2/4] sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu()" \
	"its subject replies to the first bad patch"
like "$(cat "$scratch/mail.eml")" '^>> kernel/sched/syscalls.c:215:15: error: ' "the evidence, prefixed >>"
like "$(cat "$scratch/mail.eml")" '^        up: 2/4 does not build \(fixed by 3/4\)$' \
	"the hole summary, in first-bad's words"
like "$(timeout 30 "$BISECTABLE" report --db "$db" --format email --from 'CI Bot <ci@example.org>' \
	-o -)" '^From: CI Bot <ci@example.org>$' "report --from sets From:"
printf '[user]\n\tname = Ann Example\n\temail = ann@example.org\n' > "$scratch/gitconfig"
like "$(GIT_CONFIG_GLOBAL="$scratch/gitconfig" GIT_CONFIG_NOSYSTEM=1 timeout 30 "$BISECTABLE" \
	report --db "$db" --format email -o -)" '^From: Ann Example <ann@example.org>$' \
	"From: defaults to the git identity"
like "$(GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 timeout 30 "$BISECTABLE" \
	report --db "$db" --format email -o -)" '^From: bisectable <bisectable@localhost>$' \
	"else bisectable@localhost"

timeout 30 "$BISECTABLE" report --db "$db" --format kcidb -o - > "$scratch/kcidb.json"
ok $? "report --format kcidb -o -"
is "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
b = [x["status"] for x in d["builds"] if x["id"].endswith(":2:up")]
print(d["version"]["major"], len(d["checkouts"]), len(d["builds"]), b[0])' "$scratch/kcidb.json")" \
	"5 5 10 FAIL" "KCIDB v5: 5 checkouts (base and 4), 10 builds, up's at 2 FAIL"

timeout 30 "$BISECTABLE" report --db "$db" --format json -o - > "$scratch/report.json"
is "$(python3 -c 'import json, sys
h = json.load(open(sys.argv[1]))["holes"]
print(" ".join("%s:%d-%d:%s:%d" % (x["config"], x["from"], x["to"], x["stage"], x["fixed_by"])
	for x in h))' "$scratch/report.json")" "up:2-2:build:3" "the JSON report's holes[]"
is "$(python3 -c 'import json, sys
h = json.load(open(sys.argv[1]))["holes"][0]
print(h["text"], "|", ",".join("%d:%s:%s" % (c["position"], c["stage"], c["status"])
	for c in h["commits"]))' "$scratch/report.json")" \
	"2/4 does not build (fixed by 3/4) | 2:build:fail" \
	"holes[].text as first-bad words it, holes[].commits what each did"

# The browser fixture: up's 2 does not build, 3 builds and times out at
# test, 4 fixes both. Every output words the hole the same way.
bdb=$scratch/browser.db
sqlite3 "$bdb" < db/schema.sql
sqlite3 "$bdb" < tests/browser/make-fixture-db.sql
hole='2/4 does not build; 3/4 builds, test timeout (fixed by 4/4)'
holere='2/4 does not build; 3/4 builds, test timeout \(fixed by 4/4\)'
like "$(timeout 30 "$BISECTABLE" first-bad --db "$bdb")" "^up: hole: $holere\$" \
	"browser fixture: first-bad says what each commit of the hole did"
like "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format email -o -)" "^        up: $holere\$" \
	"browser fixture: the mail says it the same way"
is "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format json -o - | python3 -c 'import json, sys
print(json.load(sys.stdin)["holes"][0]["text"])')" "$hole" "browser fixture: and the JSON"
like "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format html -o - | sed 's/<[^>]*>//g')" \
	"^up: $holere\$" "browser fixture: and the HTML"

# KCIDB's log_url: the logs as published under --log-url-base (or
# $BISECTABLE_LOG_URL_BASE), none without it: no file:// URL.
mkdir -p "$scratch/logs"
cp tests/browser/fixture/*.log "$scratch/logs/"
sqlite3 "$bdb" "UPDATE results SET log_path = replace(log_path, 'tests/browser/fixture/', 'logs/')"
urls() { python3 -c 'import json, sys
d = json.load(sys.stdin)
print(" ".join(sorted(set(x["log_url"] for k in ("builds", "tests") for x in d[k] if "log_url" in x))))'; }
is "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format kcidb -o - | urls)" "" \
	"kcidb without a log URL base: no log_url"
is "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format kcidb -o - \
	--log-url-base https://ci.example.org/r/ | urls)" \
	"https://ci.example.org/r/logs/up-2-build.log https://ci.example.org/r/logs/up-3-console.log" \
	"report --log-url-base: log_url is the base and the path below the database"
is "$(BISECTABLE_LOG_URL_BASE=http://h/x timeout 30 "$BISECTABLE" report --db "$bdb" \
	--format kcidb -o - | urls)" "http://h/x/logs/up-2-build.log http://h/x/logs/up-3-console.log" \
	"BISECTABLE_LOG_URL_BASE does the same"
is "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format json -o - --log-url-base https://c/r \
	| python3 -c 'import json, sys
d = json.load(sys.stdin)
print(d["verdicts"][0]["first_bad"]["log_url"])')" "https://c/r/logs/up-2-build.log" \
	"the JSON report gives log_url beside log_path with a base"
is "$(timeout 30 "$BISECTABLE" report --db "$bdb" --format json -o - | grep -c log_url)" 0 \
	"and none without"
timeout 30 "$BISECTABLE" report --db "$bdb" --format kcidb -o - --log-url-base 'no url' \
	> /dev/null 2>&1
is "$?" 2 "a log URL base that is no URL is a usage error"

like "$("$BISECTABLE" help report 2>&1)" 'email' "report's usage names the email format"
done_testing
