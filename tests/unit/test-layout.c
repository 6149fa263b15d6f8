// SPDX-License-Identifier: GPL-2.0
/*
 * test-layout.c - lib/layout.c: where the cache is (BISECTABLE_CACHE, else
 * XDG_CACHE_HOME, else HOME), a commit's log directory beside the
 * database, a configuration's build directory, and the project's files.
 * Works in a temporary directory.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/layout.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static char *tmp;

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void test_cache_dir(void)
{
	char *a = xasprintf("%s/a", tmp), *xdg = xasprintf("%s/xdg", tmp);
	char *home = xasprintf("%s/home", tmp), *dir, *want;

	setenv("BISECTABLE_CACHE", a, 1);
	setenv("XDG_CACHE_HOME", xdg, 1);
	setenv("HOME", home, 1);
	dir = cache_dir();
	is_str(dir, a, "BISECTABLE_CACHE first");
	ok(is_dir(dir), "created");
	free(dir);
	setenv("BISECTABLE_CACHE", "", 1);
	dir = cache_dir();
	want = xasprintf("%s/bisectable", xdg);
	is_str(dir, want, "an empty BISECTABLE_CACHE is none: XDG_CACHE_HOME/bisectable");
	free(dir);
	free(want);
	unsetenv("BISECTABLE_CACHE");
	unsetenv("XDG_CACHE_HOME");
	dir = cache_dir();
	want = xasprintf("%s/.cache/bisectable", home);
	is_str(dir, want, "else ~/.cache/bisectable");
	ok(is_dir(dir), "created with its parents");
	free(dir);
	free(want);

	setenv("BISECTABLE_CACHE", a, 1);
	want = xasprintf("%s/work/linux-source-job1", a);	/* a work tree of the cache */
	dir = build_dir(want, "smp");
	free(want);
	want = xasprintf("%s/build/linux-source-job1/smp", a);
	is_str(dir, want, "a build directory: <cache>/build/<work tree's name>/<config>");
	free(dir);
	free(want);
	free(a);
	free(xdg);
	free(home);
}

/*
 * Two trees of one name elsewhere (x1/linux and x2/linux under 'git bisect
 * run') build apart, in build/linux-<12 hex of their path's SHA-256>: one
 * level deep as a cache work tree's build/NAME, whose name is kept.
 */
static void test_build_dir_unique(void)
{
	char *cache = xasprintf("%s/c", tmp), *x1 = xasprintf("%s/x1/linux", tmp);
	char *x2 = xasprintf("%s/x2/linux", tmp), *in_cache = xasprintf("%s/c/work/linux", tmp);
	char *prefix = xasprintf("%s/c/build/linux-", tmp);
	char *want = xasprintf("%s/c/build/linux/up", tmp);
	char *d1, *d2, *d3, *again;
	size_t n = strlen(prefix);

	setenv("BISECTABLE_CACHE", cache, 1);
	mkdir_p(x1);
	mkdir_p(x2);
	d1 = build_dir(x1, "up");
	d2 = build_dir(x2, "up");
	d3 = build_dir(in_cache, "up");
	again = build_dir(x1, "up");
	ok(strcmp(d1, d2) != 0, "x1/linux and x2/linux build apart (%s, %s)", d1, d2);
	ok(!strncmp(d1, prefix, n) && strlen(d1) == n + 12 + 3 &&
	   strspn(d1 + n, "0123456789abcdef") == 12 && !strcmp(d1 + n + 12, "/up"),
	   "in build/linux-<12 hex>/up");
	is_str(again, d1, "the same tree, the same directory");
	is_str(d3, want, "a work tree of the cache keeps build/NAME/up");
	free(d1);
	free(d2);
	free(d3);
	free(again);
	free(want);
	free(prefix);
	free(cache);
	free(x1);
	free(x2);
	free(in_cache);
}

/* GOT is the path REL in the test's folder. */
static void is_tmp_path(const char *got, const char *rel, const char *what)
{
	char *want = xasprintf("%s/%s", tmp, rel);

	is_str(got, want, "%s", what);
	free(want);
}

static void test_log_dir(void)
{
	char *db = xasprintf("%s/db/runs.db", tmp), *dir;

	dir = commit_log_dir(db, 7, 3, "0123456789abcdef0123");
	is_tmp_path(dir, "db/logs/run-7/003-0123456789ab",
		    "a commit's logs: <db dir>/logs/run-N/<pos>-<sha12>");
	ok(is_dir(dir), "created");
	free(dir);
	dir = commit_log_dir(db, 7, 2, NULL);
	is_tmp_path(dir, "db/logs/run-7/002-none",
		    "a commit without a sha (a patch that did not apply): 'none'");
	free(dir);
	dir = commit_log_dir(db, 7, 4, "/../../../x");
	is_tmp_path(dir, "db/logs/run-7/004-__________x",
		    "a sha that is not one (another machine's database) names no other place");
	free(dir);
	free(db);
}

/* Two databases in one directory: the first keeps logs/run-N, the other its own. */
static void test_log_dir_shared(void)
{
	char *a = xasprintf("%s/two/a.db", tmp), *b = xasprintf("%s/two/b.db", tmp);
	char *odd = xasprintf("%s/two/run-1.db", tmp), *da, *db, *dodd;

	da = commit_log_dir(a, 1, 0, "0123456789abcdef");
	db = commit_log_dir(b, 1, 0, "0123456789abcdef");
	dodd = commit_log_dir(odd, 1, 0, "0123456789abcdef");
	ok(strcmp(da, db) != 0, "two databases in one directory: two log directories");
	is_tmp_path(da, "two/logs/run-1/000-0123456789ab",
		    "the first to log keeps <db dir>/logs/run-N");
	is_tmp_path(db, "two/logs/b/run-1/000-0123456789ab", "the other: <db dir>/logs/<name>/run-N");
	is_tmp_path(dodd, "two/logs/db-run-1/run-1/000-0123456789ab",
		    "a name like a run's directory is told apart");
	free(da);
	da = commit_log_dir(a, 2, 1, NULL);
	is_tmp_path(da, "two/logs/run-2/001-none", "the first keeps it for its next run");
	free(da);
	free(db);
	free(dodd);
	free(a);
	free(b);
	free(odd);
}

static void test_project(void)
{
	char *path, *want;

	setenv("BISECTABLE_HOME", tmp, 1);
	is_str(project_dir(), tmp, "BISECTABLE_HOME is the project's data");
	path = project_path("configs");
	want = xasprintf("%s/configs", tmp);
	is_str(path, want, "and its files are found there");
	free(path);
	free(want);
}

int main(void)
{
	tmp = scratch_tmp("layout");
	test_cache_dir();
	test_log_dir();
	test_log_dir_shared();
	test_build_dir_unique();
	test_project();
	remove_tree(tmp);
	return done_testing();
}
