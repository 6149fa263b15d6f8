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
	dir = build_dir("/somewhere/work/linux-source-job1", "smp");
	want = xasprintf("%s/build/linux-source-job1/smp", a);
	is_str(dir, want, "a build directory: <cache>/build/<work tree's name>/<config>");
	free(dir);
	free(want);
	free(a);
	free(xdg);
	free(home);
}

static void test_log_dir(void)
{
	char *db = xasprintf("%s/db/runs.db", tmp), *dir, *want;

	dir = commit_log_dir(db, 7, 3, "0123456789abcdef0123");
	want = xasprintf("%s/db/logs/run-7/003-0123456789ab", tmp);
	is_str(dir, want, "a commit's logs: <db dir>/logs/run-N/<pos>-<sha12>");
	ok(is_dir(dir), "created");
	free(dir);
	free(want);
	dir = commit_log_dir(db, 7, 2, NULL);
	want = xasprintf("%s/db/logs/run-7/002-none", tmp);
	is_str(dir, want, "a commit without a sha (a patch that did not apply): 'none'");
	free(dir);
	free(want);
	dir = commit_log_dir(db, 7, 4, "/../../../x");
	want = xasprintf("%s/db/logs/run-7/004-__________x", tmp);
	is_str(dir, want, "a sha that is not one (another machine's database) names no other place");
	free(dir);
	free(want);
	free(db);
}

/* Two databases in one directory: the first keeps logs/run-N, the other its own. */
static void test_log_dir_shared(void)
{
	char *a = xasprintf("%s/two/a.db", tmp), *b = xasprintf("%s/two/b.db", tmp);
	char *odd = xasprintf("%s/two/run-1.db", tmp), *da, *db, *dodd, *want;

	da = commit_log_dir(a, 1, 0, "0123456789abcdef");
	db = commit_log_dir(b, 1, 0, "0123456789abcdef");
	dodd = commit_log_dir(odd, 1, 0, "0123456789abcdef");
	ok(strcmp(da, db) != 0, "two databases in one directory: two log directories");
	want = xasprintf("%s/two/logs/run-1/000-0123456789ab", tmp);
	is_str(da, want, "the first to log keeps <db dir>/logs/run-N");
	free(want);
	want = xasprintf("%s/two/logs/b/run-1/000-0123456789ab", tmp);
	is_str(db, want, "the other: <db dir>/logs/<name>/run-N");
	free(want);
	want = xasprintf("%s/two/logs/db-run-1/run-1/000-0123456789ab", tmp);
	is_str(dodd, want, "a name like a run's directory is told apart");
	free(want);
	free(da);
	da = commit_log_dir(a, 2, 1, NULL);
	want = xasprintf("%s/two/logs/run-2/001-none", tmp);
	is_str(da, want, "the first keeps it for its next run");
	free(want);
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
	char dir[] = "/tmp/bisectable-layout.XXXXXX";

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	tmp = dir;
	test_cache_dir();
	test_log_dir();
	test_log_dir_shared();
	test_project();
	remove_tree(dir);
	return done_testing();
}
