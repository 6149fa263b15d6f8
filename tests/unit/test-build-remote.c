// SPDX-License-Identifier: GPL-2.0
/*
 * Builds beyond one machine: make -j from DISTCC_HOSTS, the environment of a
 * build, and reading distcc's log and ccache's stats log back into counts.
 */
#include <stdlib.h>
#include <string.h>

#include "step/build-remote.h"
#include "lib/util.h"
#include "tap.h"

static void test_slots(void)
{
	is_int(distcc_slots("hostA/8 hostB/8"), 16, "slots add up");
	is_int(distcc_slots("  a:3632/3,lzo\tb/5,cpp,lzo "), 8, "port and options after the slots");
	is_int(distcc_slots("a b localhost"), 10, "distcc's defaults: 4 a remote host, 2 localhost");
	is_int(distcc_slots("--randomize a/2 +zeroconf"), 2,
	       "options are not hosts (zeroconf's are unknown: none counted)");
	is_int(distcc_slots("   "), -1, "no host at all");
	is_int(distcc_slots(NULL), -1, "no list at all");
	is_int(distcc_slots("a/4x"), -1, "a slot count with a tail is refused, not read as 4");
	is_int(distcc_slots("a/abc"), -1, "a slot count that is not a number is refused, not 0");
	is_int(distcc_slots("a/0 b/2"), -1, "0 slots is refused");
}

static int has(const struct argv_array *a, const char *entry)
{
	size_t i;

	for (i = 0; i < a->argc; i++)
		if (!strcmp(a->argv[i], entry))
			return 1;
	return 0;
}

static void test_env(void)
{
	struct argv_array a = ARGV_ARRAY_INIT;

	build_remote_env(&a, "/o", "/c/distcc", "h1/2 h2/2", "redis://r:1", 1, "/c");
	ok(has(&a, "DISTCC_HOSTS=h1/2 h2/2"), "DISTCC_HOSTS from the option");
	ok(has(&a, "CCACHE_PREFIX=distcc"), "distcc behind ccache: its prefix command");
	ok(has(&a, "DISTCC_DIR=/c/distcc"), "distcc's state in the cache");
	ok(has(&a, "DISTCC_LOG=/o/" BUILD_REMOTE_DISTCC_LOG), "distcc's private log");
	ok(has(&a, "CCACHE_REMOTE_STORAGE=redis://r:1"), "ccache's remote storage");
	ok(has(&a, "CCACHE_STATSLOG=/o/" BUILD_REMOTE_CCACHE_LOG), "ccache's private stats log");
	ok(has(&a, "CCACHE_BASEDIR=/c") && has(&a, "CCACHE_NOHASHDIR=1"),
	   "with remote storage, paths are hashed relative to the cache (another machine's keys match)");
	argv_clear(&a);

	build_remote_env(&a, "/o", "/c/distcc", "h1/2", "redis://r:1", 0, "/c");
	ok(has(&a, "DISTCC_HOSTS=h1/2") && !has(&a, "CCACHE_PREFIX=distcc"),
	   "without ccache: distcc, no prefix command (CC=distcc gcc instead)");
	ok(!has(&a, "CCACHE_REMOTE_STORAGE=redis://r:1"), "and no remote ccache");
	argv_clear(&a);

	build_remote_env(&a, "/o", "/c/distcc", NULL, NULL, 1, "/c");
	is_int(a.argc, 1, "neither: only the stats log");
	argv_clear(&a);
}

static const char distcc_log[] =
	"distcc[10] compile from kernel/fork.c to kernel/fork.o\n"
	"distcc[10] exec on 127.0.0.2:4000/2: x86_64-linux-gnu-gcc -c kernel/fork.c\n"
	"distcc[10] cpp kernel/fork.c on localhost completed ok\n"
	"distcc[10] compile kernel/fork.c on 127.0.0.2:4000/2 completed ok\n"
	"distcc[11] compile mm/on the fly.c on 127.0.0.3:4001/2,lzo completed ok\n"
	"distcc[12] compile mm/slub.c on 127.0.0.2:4000/2 completed ok\n"
	"distcc[13] (dcc_build_somewhere) Warning: failed to distribute, running locally instead\n"
	"distcc[13] compile lib/sort.c on localhost completed ok\n"
	"distcc[14] compile lib/bad.c on 127.0.0.3:4001/2 failed\n"
	"distcc[15] compile lib/cut.c on 127.0.0.3:4001/2 compl";

static const char ccache_log[] =
	"# a.c\ncache_miss\ndirect_cache_miss\nremote_storage_miss\n"
	"# b.c\ndirect_cache_hit\nlocal_storage_hit\n"
	"# c.c\ndirect_cache_hit\nlocal_storage_miss\nremote_storage_hit\nremote_storage_read_hit\n"
	"# d.c\ncalled_for_link\n"
	"# e.c\nremote_storage_hit\n";

static void test_parse(void)
{
	struct build_remote_stats st;
	struct strbuf sb = STRBUF_INIT;

	build_remote_parse(distcc_log, ccache_log, &st);
	is_int(st.nhosts, 3, "three hosts compiled something");
	if (st.nhosts == 3) {
		is_str(st.hosts[0].host, "127.0.0.2:4000", "the first, without its slots");
		is_int(st.hosts[0].compiles, 2, "two files there (not the cpp line)");
		is_str(st.hosts[1].host, "127.0.0.3:4001", "a file name with ' on ' in it");
		is_int(st.hosts[1].compiles, 1, "a failed and a cut line do not count");
		is_str(st.hosts[2].host, "localhost", "the local fallback");
	}
	is_int(st.fallbacks, 1, "one fell back");
	is_int(build_remote_distributed(&st), 3, "three compiled elsewhere");
	is_int(st.misses, 1, "one ccache miss");
	is_int(st.local_hits, 1, "one local hit");
	is_int(st.remote_hits, 2, "two remote hits (the last record too)");
	build_remote_describe(&st, &sb);
	is_str(sb.buf, "distcc: 127.0.0.2:4000 2, 127.0.0.3:4001 1, localhost 1 (1 fell back to "
	       "local); ccache: 1 local hits, 2 remote hits, 1 misses", "the build line's words");
	build_remote_stats_free(&st);
	strbuf_release(&sb);

	build_remote_parse(NULL, NULL, &st);
	build_remote_describe(&st, &sb);
	is_str(sb.buf, "", "nothing to say without logs");
	build_remote_stats_free(&st);
	strbuf_release(&sb);
}

int main(void)
{
	test_slots();
	test_env();
	test_parse();
	return done_testing();
}
