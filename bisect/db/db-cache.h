/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-cache.h - the statements of the result cache (step/cache.h): finding a
 * result by its key, and copying a result with what hangs off it (tests,
 * metrics, warnings, .config) to another commit.
 */
#ifndef BISECT_DB_CACHE_H
#define BISECT_DB_CACHE_H

#include <sqlite3.h>

/*
 * The origin of the newest result of stage found by key in column
 * ("cache_key" or "image_key"), never a skip or an error; 0 if none.
 * Never one judged with known failures (that depends on the run's base)
 * nor a flaky one (some boots failed, some passed); only one with at least
 * min_tries boots, and only a pass if pass_only.
 */
long long db_cache_find(sqlite3 *db, const char *column, const char *key, const char *stage,
			int min_tries, int pass_only);

/* Where a result was computed. */
struct db_cache_origin {
	char *stage;		/* allocated */
	long long commit_id;
	int same_config;	/* its config is the one asked about */
};

/* Origin's row; 0, or -1 if there is no such result. */
int db_cache_origin(sqlite3 *db, long long origin, const char *config,
		    struct db_cache_origin *out);
/*
 * Replace (commit, config)'s result of origin's stage by a copy of origin,
 * cached_from it, with key (if not NULL) as its cache_key. The new id.
 */
long long db_cache_copy_result(sqlite3 *db, long long run_id, long long commit_id,
			       const char *config, const char *stage, long long origin,
			       const char *key);
/* Copy origin's smoke tests to result id. */
void db_cache_copy_tests(sqlite3 *db, long long id, long long origin);
/* Copy the metrics of source that origin (at origin_commit) recorded to (commit, config). */
void db_cache_copy_metrics(sqlite3 *db, long long commit_id, const char *config,
			   long long origin_commit, long long origin, const char *source);
/* Copy the warnings of origin's build (at origin_commit) to (commit, config). */
void db_cache_copy_warnings(sqlite3 *db, long long commit_id, const char *config,
			    long long origin_commit, long long origin);
/* Copy origin's .config and compiled files to result id. */
void db_cache_copy_kconfig(sqlite3 *db, long long id, long long origin);

/* 1 if result id is a pass. */
int db_result_passed(sqlite3 *db, long long id);
/* A result's status, run and commit position; 0, or -1 if there is none. */
int db_cache_describe(sqlite3 *db, long long id, char **status, long long *run_id,
		      int *position);

#endif
