#!/bin/bash
# tier: quick (fake kernel)
# report --format patchwork on an mbox of a threaded series (git
# format-patch --thread --cover-letter) over a fake kernel tarball, booted
# in the fake QEMU: a check per patch, validated against a JSON schema
# written from patchwork's API documentation (tests/schemas/), each patch
# named by its mail's Message-ID. Patch 1 adds a line no configuration
# compiles (warning), patch 2 breaks the build (fail, the first bad), patch
# 3 is still broken (fail), patch 4 repairs it (success).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_host
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
fake_kernel "$scratch/k"
mkdir -p "$scratch/src"
git -C "$scratch/k" archive --prefix=linux-source-6.12/ base | tar -x -C "$scratch/src"
tar -cJf "$scratch/linux-source-6.12.tar.xz" -C "$scratch/src" linux-source-6.12

fake_git "$scratch/k" checkout -q -b series base
printf '#ifdef CONFIG_FAKE_FEATURE\nint feature;\n#endif\n' > "$scratch/k/one.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "one: a line under FAKE_FEATURE"
touch "$scratch/k/broken"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "two: break the build"
echo three > "$scratch/k/three.c"
fake_git "$scratch/k" add -A && fake_git "$scratch/k" commit -q -m "three: still broken"
fake_git "$scratch/k" rm -q broken && fake_git "$scratch/k" commit -q -m "four: repair the build"
fake_git "$scratch/k" format-patch -q --thread --cover-letter -o "$scratch/p" base..series
cat "$scratch"/p/000[1-4]-*.patch > "$scratch/series.mbox"
msgids=$(for f in "$scratch"/p/000[1-4]-*.patch; do sed -n 's/^Message-I[dD]: *//p' "$f"; done)

timeout 300 "$BISECTABLE" run --db "$db" --tarball "$scratch/linux-source-6.12.tar.xz" \
	--configs up --no-base --boot-timeout 10 --retries 0 --suites smoke \
	--tests smoke.fork_exec_wait --flake-rate 0 "$scratch/series.mbox" > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1 (patch 2 does not build)"
sed 's/^/# /' "$scratch/run.out" | tail -4

timeout 30 "$BISECTABLE" report --db "$db" --format patchwork -o "$scratch/pw.json" > /dev/null
ok $? "report --format patchwork -o FILE"
is "$(python3 -c 'import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
print("\n".join(e.message for e in errors) or "valid")' tests/schemas/patchwork-checks.schema.json \
	"$scratch/pw.json" 2>&1)" "valid" "the document is valid against patchwork's check schema"
pw() { python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
$1" "$scratch/pw.json"; }
is "$(pw 'print(" ".join("%d:%d" % (p["position"], len(p["checks"])) for p in d["patches"]))')" \
	"1:1 2:1 3:1 4:1" "one check per patch (one configuration)"
is "$(pw 'print("\n".join(p["msgid"] for p in d["patches"]))')" "$msgids" \
	"each patch is named by its mail's Message-ID"
is "$(pw 'print(" ".join(c["context"] + ":" + c["state"] for p in d["patches"] for c in p["checks"]))')" \
	"bisectable-up:warning bisectable-up:fail bisectable-up:fail bisectable-up:success" \
	"warning (a line never compiled), fail (first bad), fail (still broken), success"
is "$(pw 'print(d["patches"][1]["checks"][0]["description"])')" \
	"first bad: does not build: broken.c:1:1: error: this commit is broken; confidence 100%" \
	"the first bad patch's check says so, in one line"
like "$(pw 'print(d["patches"][0]["checks"][0]["description"])')" \
	'^builds, boots and passes its tests; 2 of 3 changed lines compiled, 1 by no configuration$' \
	"the warning says which lines"
is "$(pw 'print(sum("target_url" in c for p in d["patches"] for c in p["checks"]))')" 0 \
	"no target_url without a log URL base"
timeout 30 "$BISECTABLE" report --db "$db" --format patchwork -o "$scratch/pw.json" \
	--log-url-base https://ci.example.org/r > /dev/null
like "$(pw 'print(d["patches"][1]["checks"][0]["target_url"])')" \
	'^https://ci\.example\.org/r/logs/.*build.*\.log$' "with one, the fail's target_url is its build log"

timeout 30 "$BISECTABLE" report --db "$db" --format json -o "$scratch/report.json" > /dev/null
is "$(python3 tests/e2e/checks-agree.py "$scratch/report.json" "$scratch/pw.json")" "agree 4" \
	"the checks say what the JSON report says"
is "$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["verdicts"][0]["first_bad"]["position"])' "$scratch/report.json")" 2 \
	"and the JSON's first bad is patch 2"

# The loop of Documentation/reports.md that posts them, against a stand-in
# for patchwork's API (fake-patchwork.py: the msgid filter, token, checks).
printf '%s\n' "$msgids" > "$scratch/msgids"
python3 tests/e2e/fake-patchwork.py "$scratch/port" "$scratch/msgids" s3cret "$scratch/posted" &
pw_pid=$!
cleanup() { kill "$pw_pid" 2> /dev/null; }
for i in $(seq 100); do [ -s "$scratch/port" ] && break; sleep 0.1; done
sed -n '/^<!-- post-checks:/,/^```$/p' Documentation/reports.md | sed '1,2d;$d' > "$scratch/post.sh"
printf '#!/bin/bash\ncmd=$1; shift\nexec "%s" "$cmd" --db "%s" "$@"\n' "$BISECTABLE" "$db" \
	> "$scratch/bin/bisectable"	# the loop's bisectable: this one, on this database
chmod +x "$scratch/bin/bisectable"
(cd "$scratch" && PW_SERVER="http://127.0.0.1:$(cat port)/api/1.3" PW_TOKEN=s3cret PW_PROJECT=p \
	timeout 60 bash ./post.sh) > "$scratch/post.out" 2>&1
ok $? "the documented loop runs"
sed 's/^/# /' "$scratch/post.out"
is "$(cat "$scratch/posted" 2>&1)" "1 warning bisectable-up
2 fail bisectable-up
3 fail bisectable-up
4 success bisectable-up" "it posts each check to its patch, found by Message-ID, with the token"
done_testing
