# A private Redis for end-to-end tests: on 127.0.0.1, a port of its own, its
# files in the scratch directory, no persistence; killed by the test's trap.
start_redis() {	# start_redis DIR [OPTION...]: sets redis_pid and redis_port, or returns 1
	local dir=$1 try end
	shift
	mkdir -p "$dir"
	for try in 1 2 3 4 5; do
		redis_port=$((20000 + RANDOM % 20000))
		redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$dir" --save '' \
			--appendonly no --protected-mode yes "$@" > "$dir/redis.log" 2>&1 &
		redis_pid=$!
		end=$((SECONDS + 10))
		while [ "$SECONDS" -lt "$end" ] && kill -0 "$redis_pid" 2> /dev/null; do
			# With a password, an answer that asks for it is an answer too.
			case $(redis-cli -p "$redis_port" ping 2> /dev/null) in
			PONG|NOAUTH*) return 0 ;;
			esac
			sleep 0.1
		done
		kill -9 "$redis_pid" 2> /dev/null
		wait "$redis_pid" 2> /dev/null
	done
	return 1
}

stop_redis() {
	[ -n "${redis_pid:-}" ] || return 0
	kill -CONT "$redis_pid" 2> /dev/null
	kill -9 "$redis_pid" 2> /dev/null
	wait "$redis_pid" 2> /dev/null
	redis_pid=
}
