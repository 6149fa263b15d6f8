#!/bin/bash
# tier: quick (a fake kernel that compiles for real)
# The end-to-end tests' build sharing (lib.sh's kernel_repo and
# fixture_repo): two tests that start from the same base get one repository
# path, so one clone and one build directory per configuration, and the
# second test's base build compiles only what the first test's last commit
# left different; a base with another tree, or another configuration, is
# never given those builds. Counted in the "  CC" lines of each build's log
# on cc-kernel.sh's kernel (real compiles, in milliseconds).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/cc-kernel.sh"
. "$(dirname "$0")/fake-qemu.sh"
fake_host
cc_kernel "$scratch/origin" 8

verify() {	# verify NAME REPO RANGE [CONFIGS]: a run of a test of its own
	timeout 120 "$BISECTABLE" run --db "$scratch/$1.db" --configs "${4:-up}" --retries 0 \
		--repo "$2" "$3" > "$scratch/$1.out" 2>&1
}
compiles() {	# compiles NAME POSITION [CONFIG]: the files that build compiled
	local log
	log=$(sqlite3 "$scratch/$1.db" "select r.log_path from results r join commits c
		on c.id = r.commit_id where c.position = $2 and r.config = '${3:-up}'
		and r.stage = 'build'")
	[ -f "$log" ] && grep -c '^  CC ' "$log"
}
build_dirs() { find "$BISECTABLE_CACHE/build" -mindepth 2 -maxdepth 2 -type d | sort; }

# Test A: the base and commit 1 (file1.c).
repo_a=$(fixture_repo "$scratch/origin/.git" "$(git -C "$scratch/origin" rev-parse base)")
git -C "$repo_a" update-ref refs/heads/a "$(git -C "$scratch/origin" rev-parse tip~2)"
verify A "$repo_a" master..a
is "$?" 0 "test A's run passes"
is "$(compiles A 0) $(compiles A 1)" "8 1" "test A builds the base (8 files), then commit 1 (1)"
dirs_a=$(build_dirs)
is "$(printf '%s\n' "$dirs_a" | wc -l)" 1 "one build directory"

# Test B, from the same base: the same path, the same builds.
repo_b=$(fixture_repo "$scratch/origin/.git" "$(git -C "$scratch/origin" rev-parse base)")
is "$repo_b" "$repo_a" "a second test from the same base gets the same repository path"
git -C "$repo_b" update-ref refs/heads/b "$(git -C "$scratch/origin" rev-parse tip)"
verify B "$repo_b" master..b
is "$?" 0 "test B's run passes"
is "$(compiles B 0)" 1 "B's base compiles 1 file (file1.c, which A's last commit changed), not 8"
is "$(build_dirs)" "$dirs_a" "and uses A's build directory, no other"

# Another tree (a base with one file more) is never given A's builds.
cp -a "$scratch/origin" "$scratch/other"
printf 'int extra(void)\n{\n\treturn 0;\n}\n' > "$scratch/other/extra.c"
fake_git "$scratch/other" add extra.c
fake_git "$scratch/other" commit -q -m "another base"
repo_c=$(fixture_repo "$scratch/other/.git" "$(git -C "$scratch/other" rev-parse HEAD)")
ok "$(test "$repo_c" != "$repo_a"; echo $?)" "a base with another tree gets another path"
fake_git "$scratch/other" checkout -q -b c
echo '/* c */' >> "$scratch/other/file2.c"
fake_git "$scratch/other" commit -q -a -m "change c"
git -C "$repo_c" update-ref refs/heads/c "$(git -C "$scratch/other" rev-parse c)"
verify C "$repo_c" master..c
is "$?" 0 "test C's run passes"
is "$(compiles C 0)" 9 "its base is built from nothing: 9 files"
is "$(build_dirs | wc -l)" 2 "in a build directory of its own"

# Another configuration of the same base: a build directory of its own.
repo_d=$(fixture_repo "$scratch/origin/.git" "$(git -C "$scratch/origin" rev-parse base)")
git -C "$repo_d" update-ref refs/heads/a "$(git -C "$scratch/origin" rev-parse tip~2)"
verify D "$repo_d" master..a smp
is "$?" 0 "test D's run (smp) passes"
is "$(compiles D 0 smp)" 8 "smp's base is built from nothing: 8 files"
is "$(build_dirs | wc -l)" 3 "in a build directory of its own"

# Within one database, a result is found again only for the same tree and
# .config: the same range again is all from the cache; with up.config
# changed (a copy of the data directory), the base and commit are built.
verify A "$repo_d" master..a
is "$(sqlite3 "$scratch/A.db" "select count(*) from results r join runs u on u.id = r.run_id
	where u.id = 2 and r.stage = 'build' and r.cached_from is not null")" 2 \
	"the same range again in A's database: both builds from the cache"
mkdir "$scratch/home"
for d in expect-scripts guest db; do ln -s "$top/$d" "$scratch/home/$d"; done
cp -r "$top/configs" "$scratch/home/configs"
echo 'CONFIG_PRINTK=y' >> "$scratch/home/configs/up.config"
BISECTABLE_HOME="$scratch/home" verify A "$repo_d" master..a
is "$(sqlite3 "$scratch/A.db" "select count(*) from results r where r.run_id = 3
	and r.stage = 'build' and r.cached_from is null")" 2 \
	"with up.config changed, neither build is taken from the cache"
done_testing
