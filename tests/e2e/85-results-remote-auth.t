#!/bin/bash
# tier: quick (fake kernel and QEMU)
# A results store that asks for a password (Redis requirepass, and an ACL
# user): the URL carries it as ccache's does, redis://[[USER:]PASSWORD@]HOST;
# without it or with a wrong one the store refuses and the run goes on
# locally, saying why; with it the cells are published. The password is
# never shown nor kept: not in the run's output, its database, its logs or
# its reports, and not on the command line of any of the run's processes.
# Fake kernel and fake QEMU: nothing real is built or booted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fake-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
. "$(dirname "$0")/redis.sh"
cleanup() { stop_redis; }
fake_machine
opts=(--configs up --suites smoke --tests smoke.fork_exec_wait --boot-timeout 10 --retries 0)
secret="pw$RANDOM$RANDOM%x"		# '%' is written %25 in a URL
needle=${secret%%\%*}			# what to look for: the part before it
user_secret="u-$RANDOM$RANDOM"

start_redis "$scratch/redis" --requirepass "$secret"
ok $? "a private redis-server with a password on 127.0.0.1:$redis_port"
cli() { REDISCLI_AUTH="$secret" redis-cli -p "$redis_port" "$@"; }
cells() { cli --scan --pattern 'bisectable:1:cell:*' | wc -l; }
cli ACL SETUSER bisect on ">$user_secret" '~bisectable:*' '+@all' > /dev/null
ok $? "and an ACL user of its own"

run() {	# run NAME URL: a machine of its own, the store at URL
	mkdir -p "$scratch/$1"
	BISECTABLE_RESULTS_REMOTE=$2 BISECTABLE_CACHE="$scratch/$1/cache" timeout 120 \
		"$BISECTABLE" run --db "$scratch/$1/test.db" "${opts[@]}" --repo "$scratch/k" \
		base..tip > "$scratch/$1/out" 2>&1
}

run nopass "redis://127.0.0.1:$redis_port"
is "$?" 0 "without the password the run goes on locally"
like "$(cat "$scratch/nopass/out")" "results store redis://127\.0\.0\.1:$redis_port: NOAUTH" \
	"and says the store asked for one"
is "$(cells)" 0 "nothing was published"

run wrong "redis://wrong@127.0.0.1:$redis_port"
like "$(cat "$scratch/wrong/out")" "results store redis://\*\*\*@127\.0\.0\.1:$redis_port: WRONGPASS" \
	"a wrong password: refused, the URL shown without it"

run pass "redis://${secret//%/%25}@127.0.0.1:$redis_port" &
runner=$!
# While it runs: no process of the run has the password on its command line.
seen=0
while kill -0 "$runner" 2> /dev/null; do
	pgrep -af . | grep -F -- "$needle" | grep -v -e pgrep -e grep -q && seen=1
	sleep 0.2
done
wait "$runner"
is "$?" 0 "with the password (percent-escaped) the run passes"
ok "$(test "$(cells)" -ge 4; echo $?)" "and publishes its cells ($(cells))"
ok "$seen" "no command line of the run held the password"
is "$(sqlite3 "$scratch/pass/test.db" "select results_remote from runs")" \
	"redis://***@127.0.0.1:$redis_port" "the run records the store without the password"

run user "redis://bisect:$user_secret@127.0.0.1:$redis_port"
is "$?" 0 "USER:PASSWORD@ logs in as that ACL user"
is "$(sqlite3 "$scratch/user/test.db" "select count(*) from results where origin is null
	and stage != 'apply' and status != 'skip'")" 0 "and takes every cell from the store"

# A password holding '#' or '/' is hidden too (the user part ends at the last '@').
hash_secret="se#cret$RANDOM"
slash_secret="se/cret$RANDOM"
mkdir -p "$scratch/hash"
BISECTABLE_RESULTS_REMOTE="redis://:$hash_secret@127.0.0.1:$redis_port" \
	BISECTABLE_CACHE="$scratch/hash/cache" timeout 120 "$BISECTABLE" run \
	--db "$scratch/hash/test.db" "${opts[@]}" --no-ccache \
	--ccache-remote "redis://:$hash_secret@127.0.0.1:1" --repo "$scratch/k" base..tip \
	> "$scratch/hash/out" 2>&1
like "$(cat "$scratch/hash/out")" "results store redis://\*\*\*@127\.0\.0\.1:$redis_port: WRONGPASS" \
	"a password with '#': refused, the URL shown without it"
like "$(cat "$scratch/hash/out")" "ccache's remote storage redis://\*\*\*@127\.0\.0\.1:1 is not used" \
	"and the unused ccache store is shown without it"
is "$(sqlite3 "$scratch/hash/test.db" "select results_remote from runs")" \
	"redis://***@127.0.0.1:$redis_port" "the run records it without the password"
BISECTABLE_CACHE="$scratch/hash/cache" "$BISECTABLE" run --db "$scratch/hash/slash.db" \
	--results-remote "redis://user:$slash_secret@127.0.0.1:1" --repo "$scratch/k" base..tip \
	> "$scratch/hash/slash" 2>&1
like "$(cat "$scratch/hash/slash")" "results store 'redis://\*\*\*@127\.0\.0\.1:1'" \
	"a password with '/' is refused without being shown"

for name in nopass wrong pass user hash; do
	"$BISECTABLE" report --db "$scratch/$name/test.db" -o "$scratch/$name/r.html" > /dev/null
	"$BISECTABLE" report --db "$scratch/$name/test.db" --format json \
		-o "$scratch/$name/r.json" > /dev/null
done
is "$(grep -rlaF -e "$needle" -e "$user_secret" -e "$hash_secret" -e "$slash_secret" "$scratch" --exclude='*.rdb' \
	--exclude-dir=redis | wc -l)" 0 \
	"neither password is in any output, database, log or report"
done_testing
