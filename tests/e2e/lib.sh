# Shared helpers of the end-to-end tests: TAP output and a scratch directory.
# Each test builds and boots real kernels in QEMU through ./bisectable,
# sharing the kernel import and build directories of the cache with 'make verify'.

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
BISECTABLE="$top/bisectable"
scratch=$(mktemp -d /tmp/bisectable-e2e.XXXXXX)
# A failing test keeps its scratch directory (logs, database) for a look;
# a test that leaves state outside it defines cleanup() to undo that.
trap '[ "$(type -t cleanup)" = function ] && cleanup
[ "${tap_failed:-0}" -eq 0 ] && rm -rf "$scratch" || echo "# kept $scratch"' EXIT
db="$scratch/test.db"
tap_n=0
tap_failed=0

ok() {	# ok CONDITION-EXIT-STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() {	# is GOT EXPECTED DESCRIPTION
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		echo "#      got: '$1'"
		echo "# expected: '$2'"
	fi
}

like() {	# like GOT PATTERN DESCRIPTION (grep -E)
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '%s\n' "$1" | sed 's/^/#      got: /' | head -20
		echo "# expected: /$2/"
	fi
}

# run_is NAME STATUS DESCRIPTION ARGS...: 'bisectable run ARGS...', its output
# in $scratch/NAME.out (its first lines, but .config's, as comments), its exit
# status checked to be STATUS.
run_is() {
	local name=$1 status=$2 what=$3

	shift 3
	timeout 300 "$BISECTABLE" run "$@" > "$scratch/$name.out" 2>&1
	is "$?" "$status" "$what"
	grep -v '^ *CONFIG_' "$scratch/$name.out" | head -30 | sed 's/^/# /'
}

unlike() {	# unlike GOT PATTERN DESCRIPTION: no line of GOT is like it (grep -E)
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		ok 1 "$3"
		printf '%s\n' "$1" | grep -E -- "$2" | sed 's/^/#   but got: /' | head -5
	else
		ok 0 "$3"
	fi
}

sql() {
	sqlite3 -batch "$db" "$@"
}

# kernel_repo: a repository at the imported 6.12 base (branch master, its
# objects borrowed from the import) for a test to add its commits to. Its
# path is keyed by the base's tree id, never by a test's name: every test
# that starts from that base gets the same path, so bisectable's clone of it
# (<cache>/work/NAME-HASH) and that clone's build directories, one per
# configuration, are shared. The first such test builds the base once per
# configuration; the others start from those builds, and make compiles only
# what differs from the tree the last test left there (53-fixture-cache.t).
# Prints the path.
kernel_repo() {
	local base_git
	base_git=$("$BISECTABLE" import | awk '{print $4}')
	fixture_repo "$base_git" "$(git --git-dir="$base_git" rev-parse refs/bisectable/base)"
}

# fixture_repo GIT_DIR COMMIT: the same for any base (kernel_repo's).
fixture_repo() {
	local base_git=$1 base_sha=$2 base_tree user
	base_tree=$(git --git-dir="$base_git" rev-parse "$base_sha^{tree}")
	user="${BISECTABLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bisectable}/e2e/linux-${base_tree:0:12}"
	rm -rf "$user"
	mkdir -p "$(dirname "$user")"
	git init -q "$user"
	echo "$(cd "$base_git" && pwd)/objects" > "$user/.git/objects/info/alternates"
	git -C "$user" update-ref refs/heads/master "$base_sha"
	git -C "$user" symbolic-ref HEAD refs/heads/master
	echo "$user"
}

qemu_count() {	# QEMU processes of bisectable builds still running
	pgrep -fc 'qemu-system-x86_64.*bisectable/build' || true
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
