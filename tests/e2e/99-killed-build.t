#!/bin/bash
# tier: full (the real up build directory)
# A build killed half-way (the machine stopped, SIGKILL) leaves a .cmd file
# cut short in the build directory; every later make of it stopped at once on
# "unterminated variable reference", and every commit "failed to build", the
# base first. Planted here on the real up build directory, as the kill left
# it, the way bisectable finds it:
#   1. without the marker (a directory from before it): the build is an
#      error of the machine, not a failure of the base; the damaged files go,
#      and the next commit builds;
#   2. with the marker a running build keeps: the next build removes what the
#      killed one wrote first, and passes.
# Both times the verdict is the planted breakage's (up-fifo-break: commit 1,
# at test), and --retries 0 shows that no second try hid anything.
. "$(dirname "$0")/lib.sh"

out_dir="$HOME/.cache/bisectable/build/linux-source/up"
victim="$out_dir/arch/x86/kernel/.alternative.o.cmd"
run() {	# run NAME: up, the base and commit 1, the one test commit 1 breaks
	mkdir -p "$scratch/$1"	# a directory each: their logs are all run-1's
	"$BISECTABLE" run --flake-rate 0 --db "$scratch/$1/test.db" --configs up --retries 0 \
		--tests smoke.rt_fifo_rr tests/fixtures/up-fifo-break > "$scratch/$1/out" 2>&1
	sed 's/^/# /' "$scratch/$1/out" | tail -8
}
cut_cmd() {	# cut .cmd file $victim inside its first $(wildcard ...), as a kill does
	local at
	at=$(grep -bo '\$(wildcard' "$victim" | head -1 | cut -d: -f1)
	[ -n "$at" ] && truncate -s $((at + 6)) "$victim"
}
base_build() {	# base_build DB: status and evidence of the base's up build
	sqlite3 -batch "$scratch/$1/test.db" "select r.status || ' ' || coalesce(r.evidence, '')
		from results r join commits c on c.id = r.commit_id
		where c.position = 0 and r.config = 'up' and r.stage = 'build'"
}
verdict='^up: first bad 1/1 [0-9a-f]{7} "sched/rt: Refuse user SCHED_FIFO on UP" at test'

# Earlier tests built the up directory; alone, this one builds it first.
[ -s "$victim" ] || run warm
ok "$(test -s "$victim"; echo $?)" "the up build directory has $victim"

rm -f "$out_dir/.bisectable-building"	# case 1 is a directory without it
cut_cmd
ok $? "planted: the .cmd file cut inside a \$(wildcard ...)"
run damaged
like "$(base_build damaged)" '^error the build directory is damaged \(a killed build\?\), [0-9]+ \.cmd files and their targets removed: arch/x86/kernel/\.alternative\.o\.cmd:[0-9]+: \*\*\* unterminated variable reference\.  Stop\.$' \
	"without the marker: the base's build is the machine's error, naming the file"
like "$("$BISECTABLE" first-bad --db "$scratch/damaged/test.db")" "$verdict" \
	"the verdict is the planted breakage, not a base that does not build"
is "$(sqlite3 -batch "$scratch/damaged/test.db" "select r.status from results r
	join commits c on c.id = r.commit_id where c.position = 1 and r.config = 'up'
	and r.stage = 'build'")" pass "commit 1 builds in the repaired directory"

# Killed with the marker in place: make wrote the cut file after it.
touch "$out_dir/.bisectable-building"
sleep 0.1
cut_cmd
ok $? "planted: the marker of a running build, and a .cmd file cut after it"
run killed
is "$(base_build killed)" "pass " "with the marker: the base builds at the first try"
like "$(cat "$(dirname "$scratch/killed/test.db")"/logs/run-1/000-*/up-build.log)" \
	'^# the last build in .*/up was killed: the [0-9]+ files it had written are removed, and configure runs$' \
	"its log says what was removed"
like "$("$BISECTABLE" first-bad --db "$scratch/killed/test.db")" "$verdict" "the same verdict"
ok "$(test ! -e "$out_dir/.bisectable-building"; echo $?)" "no marker once the run is over"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
