/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scratch.h - the set-up the unit tests share: a scratch folder for tests
 * that run git (scratch_git_dir(), scratch_git_tmp()) or not (scratch_tmp())
 * with a cache of its
 * own (scratch_cache()), a file in it (put_file()), a commit in a scratch repository
 * (commit_file()), a database at a scratch path (scratch_db()) or in a
 * scratch folder (scratch_dir_db()), a run in
 * it (scratch_run()), a count of its rows (count()) and a table of such
 * counts to check (is_counts()).
 */
#ifndef TESTS_UNIT_SCRATCH_H
#define TESTS_UNIT_SCRATCH_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "tap.h"

/*
 * Makes the folder TEMPLATE names ("/tmp/NAME.XXXXXX", filled in), and has
 * the git the test runs read no system or global configuration, so that a
 * user's settings change nothing. 0, or -1 with a message.
 */
static inline int scratch_git_dir(char *template)
{
	if (!mkdtemp(template)) {
		perror("mkdtemp");
		return -1;
	}
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
	return 0;
}

/*
 * A test's scratch folder, "/tmp/bisectable-NAME.XXXXXX" filled in, made
 * by scratch_git_dir() for a test that runs git (GIT) or by mkdtemp();
 * allocated. A folder not made ends the test.
 */
static inline char *scratch_folder(const char *name, int git)
{
	char *dir = xasprintf("/tmp/bisectable-%s.XXXXXX", name);

	if (git ? scratch_git_dir(dir) : !mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	return dir;
}

static inline char *scratch_git_tmp(const char *name)
{
	return scratch_folder(name, 1);
}

static inline char *scratch_tmp(const char *name)
{
	return scratch_folder(name, 0);
}

/* bisectable's cache in the folder DIR/cache ($BISECTABLE_CACHE), never the user's. */
static inline void scratch_cache(const char *dir)
{
	char *cache = xasprintf("%s/cache", dir);

	setenv("BISECTABLE_CACHE", cache, 1);
	free(cache);
}

/* Writes TEXT to the file DIR/NAME, making the folders NAME names. */
static inline void put_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name), *slash = strrchr(path, '/');

	*slash = '\0';
	mkdir_p(path);
	*slash = '/';
	write_file(path, text, strlen(text));
	free(path);
}

/* Writes REPO/NAME and commits it as Ann, with the message MSG. */
static inline void commit_file(const char *repo, const char *name, const char *text,
			       const char *msg)
{
	char *path = xasprintf("%s/%s", repo, name);

	write_file(path, text, strlen(text));
	git(repo, NULL, "add", name, NULL);
	git(repo, NULL, "-c", "user.name=Ann", "-c", "user.email=ann@example.org", "commit", "-q",
	    "-m", msg, NULL);
	free(path);
}

/* A new database at the file TEMPLATE names ("/tmp/NAME.XXXXXX", filled in). */
static inline sqlite3 *scratch_db(char *template)
{
	int fd = mkstemp(template);

	if (fd >= 0)
		close(fd);
	return db_open(template);
}

/*
 * A new database t.db in the new folder DIR ("/tmp/NAME.XXXXXX", filled in),
 * for a test that keeps files beside it (remove_tree(DIR) takes both); its
 * path in *PATH.
 */
static inline sqlite3 *scratch_dir_db(char *dir, char **path)
{
	if (!mkdtemp(dir))
		die("mkdtemp %s: %s", dir, strerror(errno));
	*path = xasprintf("%s/t.db", dir);
	return db_open(*path);
}

/*
 * A run of the series "s" (patches in /w on 6.12, base sha "b") for the
 * configurations CONFIGS with the options OPTIONS, recorded in DB: its id.
 */
static inline long long scratch_run(sqlite3 *db, const char *configs, const char *options)
{
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = (char *)configs, .options = (char *)options,
	};

	return db_insert_run(db, &run);
}

/* The first column of the first row SQL returns, or -1 with no row. */
static inline int count(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;

	sqlite3_finalize(st);
	return n;
}

/* A query whose first column of the first row should be WANT, and what that says. */
struct count_check {
	const char *sql;
	long long want;
	const char *what;
};

/* Checks each of CHECKS in DB, a test each, failures told at the caller's line. */
#define is_counts(db, checks) is_counts_at((db), (checks), ARRAY_SIZE(checks), __FILE__, __LINE__)

static inline void is_counts_at(sqlite3 *db, const struct count_check *checks, size_t n,
				const char *file, int line)
{
	size_t i;

	for (i = 0; i < n; i++)
		tap_is_int(count(db, checks[i].sql), checks[i].want, file, line, "%s",
			   checks[i].what);
}

#endif
