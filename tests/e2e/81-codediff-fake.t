#!/bin/bash
# tier: quick (fake kernel that compiles a small ELF, fake QEMU)
# What each commit changes in the machine code, on elf-kernel.sh's tree,
# whose build links a real vmlinux (with a __bug_table as x86_64's):
#   1  reflows a comment above tick(), "No code change": the WARN's line
#      moves, nothing else: code identical (line numbers only), no finding
#   2  calls record(2) before record(1), the same message: changed (tick),
#      and the finding "no-change claim broken" naming tick on up and smp
#   3  adds extra(): changed, +1 function with its size
# compare gives the function-level diff between the base and the tip. The
# mail lists the finding after the verdicts; KCIDB has a test "codediff"
# per build, FAIL at 2 only; run --strict-claims exits 1 for it, run
# without it 0.
# Reproducible builds: up and tinyconfig:up are the same configuration
# built in two build directories: at every commit, identical images.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/elf-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_host
k="$scratch/k"
elf_kernel "$k"
cat > "$k/sched.c" <<'C'
#include "bug.h"

void record(int v);

/*
 * tick() is called once a tick, from _start(), with the tick's number,
 * which is never negative.
 */
int tick(int x)
{
	record(1);
	record(2);
	WARN_ON(x < 0);
	return x + 1;
}
C
fake_git "$k" commit -q -a -m "sched: Reflow the comment above tick()" -m "No code change."
sed -i 's/record(1);/record(0);/; s/record(2);/record(1);/; s/record(0);/record(2);/' "$k/sched.c"
fake_git "$k" commit -q -a -m "sched: Record 2 first" -m "No code change."
printf '\nint extra(int x)\n{\n\treturn x * 7 + 3;\n}\n' >> "$k/record.c"
fake_git "$k" commit -q -a -m "record: Add extra()"

timeout 300 "$BISECTABLE" run --db "$db" --configs up,smp --build-only tinyconfig:up \
	--suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0 \
	--flake-rate 0 --repo "$k" base..HEAD > "$scratch/run.out" 2> "$scratch/run.err"
is "$?" 0 "the run passes: a broken claim is a finding, not a failure"
sed 's/^/# /' "$scratch/run.err" | tail -20

codeprints=$(sql "select count(*) from codeprints")
is "$codeprints" 12 "a codeprint of each of the 12 builds (4 positions, 3 configurations)"
is "$(sql "select count(*) from codeprints p join results r on r.id = p.result_id
	join results t on t.commit_id = r.commit_id and t.stage = 'build'
	and t.config = 'tinyconfig+up' join codeprints q on q.result_id = t.id
	where r.config = 'up' and p.image_sha = q.image_sha")" 4 \
	"up and tinyconfig:up, two build directories: identical images at all 4 positions"

out=$("$BISECTABLE" show --db "$db" 1)
sed 's/^/# /' <<< "$out"
like "$out" '^  up +code identical \(line numbers only: 1 bug-table entry in sched.c\)$' \
	"1 on up: code identical, the WARN's line moved"
like "$out" '^  smp +code identical \(line numbers only: 1 bug-table entry in sched.c\)$' \
	"1 on smp: the same"
like "$out" '^  claim +"no code change": holds where built$' "1's claim holds"

out=$("$BISECTABLE" show --db "$db" 2)
sed 's/^/# /' <<< "$out"
like "$out" '^  up +changed: add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 \(0\)' \
	"2 on up: changed, tick the same size"
like "$out" '^ +tick +[0-9]+ +[0-9]+ +\+0$' "the symbol that changed is tick"
like "$out" '^  claim +"no code change": broken' "2's claim is broken"

out=$("$BISECTABLE" show --db "$db" 3)
sed 's/^/# /' <<< "$out"
like "$out" '^  up +changed: add/remove: 1/0 grow/shrink: 0/0 up/down: [0-9]+/0 \([0-9]+\); text \+[0-9]+' \
	"3 on up: changed, one symbol added, the text grows"
size=$((16#$(nm -S "$scratch/cache/build/k-"*/up/vmlinux | awk '$4 == "extra" { print $2 }')))
like "$out" "^ +extra +- +$size +\\+$size\$" "the symbol added is extra, $size bytes"

out=$("$BISECTABLE" first-bad --db "$db"); rc=$?
sed 's/^/# /' <<< "$out"
is "$rc" 0 "first-bad exits 0: the finding is not a failure"
like "$out" '^no-change claim broken: 2/3 [0-9a-f]{12} "sched: Record 2 first" says "no code change"; its code changed on smp, tinyconfig\+up, up: tick$' \
	"first-bad gives the finding on its own line, naming tick"
is "$(grep -c 'no-change claim broken' <<< "$out")" 1 "one finding: commit 1's claim holds"

out=$("$BISECTABLE" compare --db "$db")
sed 's/^/# /' <<< "$out"
like "$out" '^  up +changed: add/remove: 1/0 ' "compare base..tip: up changed, one symbol added"
like "$(sed -n '/^  up /,/^  [a-z]/p' <<< "$out")" '^ +tick ' "tick among what changed"

"$BISECTABLE" report --db "$db" -o "$scratch/report.html" > /dev/null 2>&1
html=$(cat "$scratch/report.html")
like "$html" 'title="code identical \(line numbers only: 1 bug-table entry in sched.c\)">same code</span>' \
	"the HTML report's build cell of 1: same code, the words in its title"
like "$html" '<td><code>extra</code></td><td class="num">-</td><td class="num">[0-9]+</td>' \
	"the symbols of 3 on demand"
like "$html" '<span class="tag claim" title="no-change claim broken: 2/3 ' "2 is tagged"

json=$("$BISECTABLE" report --db "$db" --format json -o -)
is "$(jq -r '.commits[] | select(.position == 1) | .codediff.up.kind' <<< "$json")" \
	"code identical" "the JSON's codediff of 1 on up"
is "$(jq -r '.commits[] | select(.position == 2) | .codediff.smp.symbols[0].name' <<< "$json")" \
	"tick" "the JSON names tick at 2 on smp"
is "$(jq -r '.commits[] | select(.position == 2) | .codediff_finding.claim' <<< "$json")" \
	"no code change" "and the finding of 2"

out=$("$BISECTABLE" first-bad --db "$db" --strict-claims); rc=$?
is "$rc" 1 "with --strict-claims a broken claim is a failure: first-bad exits 1"
like "$out" '^no-change claim broken: 2/3 ' "and says why"

mail=$("$BISECTABLE" report --db "$db" --format email -o -)
like "$mail" '^no-change claim broken: 2/3 [0-9a-f]{12} "sched: Record 2 first" says "no code change"; its code changed on smp, tinyconfig\+up, up: tick$' \
	"the mail lists the finding"
is "$(grep -c 'no-change claim broken' <<< "$mail")" 1 "the mail: that one finding only"

kcidb=$("$BISECTABLE" report --db "$db" --format kcidb -o -)
is "$(jq '[.tests[] | select(.path == "codediff")] | length' <<< "$kcidb")" 9 \
	"KCIDB: a codediff test per build of commits 1 to 3 (3 configurations)"
is "$(jq -r '[.tests[] | select(.path == "codediff" and .status == "FAIL") | .id
	| split(":")[2]] | unique | join(",")' <<< "$kcidb")" 2 "KCIDB: FAIL only at commit 2"
is "$(jq '[.tests[] | select(.path == "codediff" and .status == "FAIL")] | length' \
	<<< "$kcidb")" 3 "KCIDB: on each of its 3 configurations"
is "$(jq -r '.tests[] | select(.path == "codediff" and (.id | test(":3:up:")))
	| .status + " " + .misc.kind' <<< "$kcidb")" "PASS changed" \
	"KCIDB: 3 changed, claiming nothing: PASS"

timeout 300 "$BISECTABLE" run --db "$db" --configs up,smp --build-only tinyconfig:up \
	--suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0 \
	--flake-rate 0 --strict-claims --repo "$k" base..HEAD > "$scratch/run2.out" \
	2> "$scratch/run2.err"
is "$?" 1 "run --strict-claims exits 1 for the broken claim"
like "$(cat "$scratch/run2.out")" '^no-change claim broken: 2/3 ' "its last lines say why"

done_testing
