/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-results.h - reading a cell's rows back (the results of one commit and
 * configuration, their tests, metrics and warnings): for the progress line,
 * a bisect step's answer, the results store, a Slurm job that left no rows.
 */
#ifndef BISECT_DB_RESULTS_H
#define BISECT_DB_RESULTS_H

#include <sqlite3.h>
#include <stddef.h>

/* The last result recorded for a cell: 1 with its stage and status (allocated), or 0. */
int db_last_result(sqlite3 *db, long long commit_id, const char *config, char **stage,
		   char **status);
/* Seconds of work really done (not cached) in a configuration at positions 1..upto. */
double db_seconds_spent(sqlite3 *db, long long run_id, const char *config, int upto);
/* Commits of a run whose build came from the result cache. */
int db_count_cached_builds(sqlite3 *db, long long run_id);

/* One result row; absent text is NULL, an absent duration NAN. */
struct result_rec {
	long long id;
	int position;		/* of its commit (db_failing_results) */
	char *subject;		/* of its commit (db_failing_results) */
	char *config, *stage, *status, *evidence, *log_path, *reproduce;
	char *cache_key, *image_key, *recorded_at;
	double duration;
};

struct result_recs {
	struct result_rec *v;
	size_t n;
};

void result_recs_release(struct result_recs *r);
/* Every result of a cell (stage, status, evidence). */
void db_cell_results(sqlite3 *db, long long commit_id, const char *config,
		     struct result_recs *out);
/*
 * The results of a cell this machine may publish: verified here or by its
 * own cache (no origin), with a cache key, at build, boot or test, a pass,
 * fail or timeout, neither judged with known failures (they depend on the
 * run's base) nor flaky; in the order recorded.
 */
void db_cell_publishable(sqlite3 *db, long long commit_id, const char *config,
			 struct result_recs *out);
/*
 * The failing results (fail, timeout) of the commit sha of a run, at stage
 * (NULL: any), by configuration and stage; with the commit's position and subject.
 */
void db_failing_results(sqlite3 *db, long long run_id, const char *sha, const char *stage,
			struct result_recs *out);
/* Where a result came from: the host of the results store's cell. */
void db_result_set_origin(sqlite3 *db, long long result_id, const char *host);
/*
 * A Slurm job that died: every commit of the run without a result of
 * config at stage gets an 'error' with why and the job's log; how many.
 */
int db_fill_errors(sqlite3 *db, long long run_id, const char *config, const char *stage,
		   const char *why, const char *log_path);

/* A test row (absent reason NULL, absent duration NAN). */
struct test_rec {
	char *name, *status, *reason;
	double duration;
};

/* A metric row (absent text NULL, absent figures NAN). */
struct metric_rec {
	char *name, *source, *unit, *better;
	double value, noise_pct, spread_pct;
};

/* A warning row. */
struct warning_rec {
	char *object, *message;
};

size_t db_result_tests(sqlite3 *db, long long result_id, struct test_rec **out);
void test_recs_free(struct test_rec *v, size_t n);
/* The metrics of a cell from one source (build, guest, series), by name. */
size_t db_cell_metrics(sqlite3 *db, long long commit_id, const char *config,
		       const char *source, struct metric_rec **out);
void metric_recs_free(struct metric_rec *v, size_t n);
size_t db_cell_warnings(sqlite3 *db, long long commit_id, const char *config,
			struct warning_rec **out);
void warning_recs_free(struct warning_rec *v, size_t n);

#endif
