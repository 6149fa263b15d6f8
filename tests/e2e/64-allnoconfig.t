#!/bin/bash
# tier: full (allnoconfig kernels, twice)
# A configuration that does not start from tinyconfig, built and booted for
# real: allnoconfig:up (allnoconfig, base.config's boot lines, up's fragment)
# on the one-commit fixture that breaks SCHED_FIFO on UP, the tip only. Then
# the full .config that build used, given by path: it verifies the same way.
# The fake-kernel test 71 covers the naming and merging; this one, that such
# a kernel really boots in QEMU and the planted breakage is still caught.
. "$(dirname "$0")/lib.sh"

cache=${BISECTABLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bisectable}

"$BISECTABLE" run --flake-rate 0 --db "$db" --configs allnoconfig:up --only tip --suites smoke \
	tests/fixtures/up-fifo-break > "$scratch/run.out" 2>&1
is "$?" 1 "run exits 1 (the planted failure)"
sed 's/^/# /' "$scratch/run.out" | tail -25
is "$(sql "select distinct config from results")" "allnoconfig+up" "results are keyed allnoconfig+up"
like "$(cat "$scratch/run.out")" 'allnoconfig\+up +# added to allnoconfig for the boot in QEMU \(configs/base.config\):' \
	"base.config's additions to allnoconfig are said"
like "$(sql "select changes from run_configs where config = 'allnoconfig+up'")" \
	'CONFIG_SERIAL_8250_CONSOLE=y' "and kept with the run"
is "$(sql "select r.status from results r join commits c on c.id = r.commit_id
	where c.position = 1 and r.stage = 'boot'")" pass "the allnoconfig kernel booted"
is "$(sql "select t.status from tests t join results r on r.id = t.result_id
	join commits c on c.id = r.commit_id where c.position = 1
	and t.name = 'smoke.rt_fifo_rr'")" fail "the planted SCHED_FIFO failure is caught"
is "$(sql "select count(*) from results r join commits c on c.id = r.commit_id
	where c.position = 0")" 0 "the base was not verified (--only tip)"
like "$("$BISECTABLE" first-bad --db "$db")" 'partial run' "first-bad says the run was partial"

# The very .config of that build, as a user's own file.
cfg=$(ls -t "$cache"/build/*/allnoconfig+up/.config 2>/dev/null | head -n 1)
ok "$([ -n "$cfg" ]; echo $?)" "the build's .config is there ($cfg)"
grep -v '^CONFIG_LOCALVERSION=' "$cfg" > "$scratch/mine.config"
"$BISECTABLE" run --flake-rate 0 --db "$scratch/file.db" --configs "$scratch/mine.config" --only tip \
	--suites smoke tests/fixtures/up-fifo-break > "$scratch/file.out" 2>&1
is "$?" 1 "the same .config by path: run exits 1 too"
sed 's/^/# /' "$scratch/file.out" | tail -12
is "$(sqlite3 "$scratch/file.db" "select distinct config from results")" "file+mine" \
	"keyed by its file's name"
is "$(sqlite3 "$scratch/file.db" "select t.status from tests t join results r on r.id = t.result_id
	join commits c on c.id = r.commit_id where c.position = 1
	and t.name = 'smoke.rt_fifo_rr'")" fail "and it catches the same failure"
is "$(qemu_count)" 0 "no QEMU left running"
done_testing
