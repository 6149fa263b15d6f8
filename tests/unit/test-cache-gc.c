// SPDX-License-Identifier: GPL-2.0
/*
 * test-cache-gc.c - 'bisectable gc' (run/cache-gc.c) on a made-up cache:
 * an idle work tree goes with its build directories; one a run holds, one
 * with a --stop-on-failure fix-up in it and one used recently stay; a build
 * directory whose work tree is gone goes once it is idle too. A dry run
 * only says so. Works in a temporary directory.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run/cache-gc.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"
#include "lib/run-command.h"

#define DAY	86400

static char *cache;

static char *at(const char *rel)
{
	return xasprintf("%s/%s", cache, rel);
}

static void put(const char *rel, const char *text)
{
	char *path = at(rel), *dir = xstrdup(path);

	*strrchr(dir, '/') = '\0';
	mkdir_p(dir);
	write_file(path, text, strlen(text));
	free(dir);
	free(path);
}

/* Make rel (and what it holds directly) look last changed days ago. */
static void age(const char *rel, int days)
{
	struct timespec ts[2] = { { time(NULL) - (time_t)days * DAY, 0 },
				  { time(NULL) - (time_t)days * DAY, 0 } };
	char *path = at(rel);
	const char *argv[] = { "ls", "-A", path, NULL };
	struct strbuf out = STRBUF_INIT;
	char *line, *save = NULL;

	run_capture(NULL, &out, argv);
	for (line = strtok_r(out.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sub = xasprintf("%s/%s", path, line);

		utimensat(AT_FDCWD, sub, ts, AT_SYMLINK_NOFOLLOW);
		free(sub);
	}
	utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW);
	strbuf_release(&out);
	free(path);
}

static int exists(const char *rel)
{
	char *path = at(rel);
	int ret = file_exists(path);

	free(path);
	return ret;
}

static char *gc(int dry_run, struct gc_stats *st)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	cache_gc(cache, 7.0 * DAY, dry_run, out, st);
	fclose(out);
	return buf;
}

/* Every path under the cache with its size and time of change, one a line. */
static char *listing(void)
{
	const char *argv[] = { "find", cache, "-printf", "%p %s %T@ %C@\\n", NULL };
	struct strbuf out = STRBUF_INIT;

	run_capture(NULL, &out, argv);
	return strbuf_detach(&out, NULL);
}

/* A dry run leaves the disk as it found it: not even a lock file is made. */
static void test_dry_run_writes_nothing(void)
{
	char *before, *after, *out;
	struct gc_stats st;

	put("work/idle/Makefile", "x");
	put("build/idle/up/.config", "x");
	put("build/orphan/up/.config", "x");
	age("work/idle", 30);
	age("build/idle", 30);
	age("build/orphan", 30);
	age("work", 30);
	age("build", 30);
	before = listing();
	out = gc(1, &st);
	after = listing();
	is_int(st.removed, 2, "dry run: the idle work tree and the orphan would go");
	is_str(after, before, "and nothing on disk changed (no work/NAME.lock made)");
	free(before);
	free(after);
	free(out);
	out = gc(0, &st);
	ok(!exists("work/idle") && !exists("build/orphan"), "a real run removes them");
	free(out);
}

static void make_cache(void)
{
	put("work/old/Makefile", "x");
	put("build/old/up/.config", "x");
	put("work/recent/Makefile", "x");
	put("work/busy/Makefile", "x");
	put("work/stopped/Makefile", "x");
	put("work/stopped.owner", "stopped\t3\t/db\n");
	put("build/gone/up/.config", "x");
	put("build/fresh/up/.config", "x");
	age("work/old", 30);
	age("build/old", 30);
	age("work/busy", 30);
	age("work/stopped", 30);
	age("work", 30);
	age("build/gone", 30);
}

static void test_gc(void)
{
	char *lock = at("work/busy.lock"), *out;
	struct gc_stats st;
	int fd;

	make_cache();
	fd = lock_file(lock, 0);	/* a run holds it */
	out = gc(1, &st);
	ok(st.removed == 2 && st.kept_in_use == 1 && st.kept_user_work == 1 &&
	   st.kept_recent == 1, "dry run: 2 to remove, 1 in use, 1 with user work, 1 recent");
	ok(strstr(out, "would remove work/old and build/old (") != NULL, "it says what would go");
	ok(strstr(out, "would remove build/gone (its work tree is gone)") != NULL,
	   "and the build directory without its work tree");
	ok(strstr(out, "kept work/stopped: the fix-up of a --stop-on-failure stop") != NULL,
	   "and why the fix-up stays");
	ok(exists("work/old") && exists("build/old") && exists("build/gone"),
	   "a dry run removes nothing");
	free(out);

	out = gc(0, &st);
	ok(st.removed == 2 && st.bytes > 0, "removed: two, and the disk they held");
	ok(!exists("work/old") && !exists("build/old"),
	   "the idle work tree and its builds are gone");
	ok(!exists("build/gone"), "so is the orphan build directory");
	ok(exists("work/busy") && exists("work/stopped") && exists("work/recent"),
	   "the busy, the stopped and the recent work trees stay");
	ok(exists("build/fresh"), "and an orphan build directory used recently");
	ok(strstr(out, "kept work/busy: a run is using it") != NULL, "the busy one says why");
	free(out);
	if (fd >= 0)
		close(fd);
	free(lock);
}

/* The images kept for confirming boots: the old ones go, a recent one stays. */
static void test_images(void)
{
	struct gc_stats st;
	char *out;

	put("images/old1", "kernel");
	put("images/old2", "kernel");
	put("images/new", "kernel");
	age("images/old1", 30);
	age("images/old2", 30);
	out = gc(1, &st);
	ok(strstr(out, "would remove 2 kept kernel images (") && exists("images/old1"),
	   "a dry run says it would remove the 2 old images, and does not: %s", out);
	free(out);
	out = gc(0, &st);
	ok(!exists("images/old1") && !exists("images/old2") && exists("images/new"),
	   "the old images are gone, the recent one stays");
	ok(strstr(out, "removed 2 kept kernel images (") != NULL, "and it says so");
	free(out);
}

int main(void)
{
	cache = scratch_tmp("gc");
	test_dry_run_writes_nothing();
	test_gc();
	test_images();
	remove_tree(cache);
	return done_testing();
}
