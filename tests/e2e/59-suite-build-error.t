#!/bin/bash
# tier: quick (fake kernel)
# A suite whose build program fails on the base tree (here the selftests on a
# fake kernel tree without 'make headers'): every boot is an error that names
# the build's log, never a failure of a commit; the run is incomplete, not
# "bisectable" and not "first bad". Fake kernel: nothing real is built.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
export BISECTABLE_CACHE="$scratch/cache"
fake_kernel "$scratch/k"

timeout 300 "$BISECTABLE" run --db "$db" --configs up --suites smoke,selftests --no-base \
	--repo "$scratch/k" base..tip > "$scratch/run.out" 2>&1
rc=$?
sed 's/^/# /' "$scratch/run.out" | tail -6
ok "$(test "$rc" -ne 0; echo $?)" "the run does not call it bisectable (exit $rc)"
is "$(sql "select count(*) from results where stage = 'boot' and status = 'error'
	and evidence like '%suite selftests could not be built%'")" 3 \
	"each commit's boot is an error naming the suite"
is "$(sql "select count(*) from results where status = 'fail'")" 0 "no commit is blamed"
log=$(sql "select evidence from results where stage = 'boot' limit 1" | sed 's/.*see //')
ok "$(test -s "$log"; echo $?)" "the build's log is kept ($log)"
like "$("$BISECTABLE" first-bad --db "$db")" "incomplete" "first-bad says the run is incomplete"
ok "$(ls "$BISECTABLE_CACHE/suites/" | grep -q '\.tmp$'; echo $((!$?)))" \
	"no scratch directory is left behind"
done_testing
