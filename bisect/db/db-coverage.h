/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-coverage.h - what coverage (judge/coverage.h) reads of a run: whether
 * any .config was recorded, its commits, and each build's .config and
 * compiled files (table kconfigs).
 */
#ifndef BISECT_DB_COVERAGE_H
#define BISECT_DB_COVERAGE_H

#include <sqlite3.h>
#include <stddef.h>

/* 1 if some build of run (or the result it was copied from) has its .config recorded. */
int db_coverage_recorded(sqlite3 *db, long long run_id);
/* The number of run's commits (position > 0). */
int db_coverage_commits_total(sqlite3 *db, long long run_id);

struct db_coverage_commit {
	int position;
	char *sha, *subject;	/* allocated */
};

/* run's commits that were applied (a sha), by position; the count. */
size_t db_coverage_commits(sqlite3 *db, long long run_id, struct db_coverage_commit **out);
void db_coverage_commits_free(struct db_coverage_commit *v, size_t n);

/*
 * The .config and compiled files (NULL if not known) of config's build at
 * position of run, its own or its cached origin's, allocated; 0, or -1 if
 * none is recorded.
 */
int db_coverage_build(sqlite3 *db, long long run_id, int position, const char *config,
		      char **dotconfig, char **compiled);

#endif
