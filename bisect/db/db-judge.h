/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-judge.h - what the judges (judge/verdict.c, judge/regress.c) and the
 * commands that list runs and show a commit read from the database, as
 * rows: the statements live here, the judging and the wording elsewhere.
 *
 * Each loader fills an array that its *_free releases. Strings are copies;
 * where a field says "NULL: ...", SQL NULL stays NULL, elsewhere it is "".
 */
#ifndef BISECT_DB_JUDGE_H
#define BISECT_DB_JUDGE_H

#include <stddef.h>
#include <sqlite3.h>

/* The verdict's input: one commit of a run x its result at one stage. */
struct db_result_cell {
	int position;
	char *sha;		/* NULL: none */
	char *subject;		/* NULL: none */
	char *stage;		/* NULL: the commit has no result in the config */
	char *status;		/* NULL: no result */
	char *evidence;		/* NULL: none */
	char *log_path;		/* NULL: none */
	int tries;		/* boots behind it (1 for apply and build) */
	int failed_tries;	/* of them, those that failed at its stage */
	char *confirmed;	/* what confirming found; NULL: not confirmed */
	char *known;		/* the known failures it met, a line each; NULL: none */
};

struct db_result_cells {
	struct db_result_cell *c;
	size_t n;
};

/* Every commit of a run with each of its results in config, by position. */
void db_result_cells_load(sqlite3 *db, long long run_id, const char *config,
			  struct db_result_cells *out);
void db_result_cells_free(struct db_result_cells *cells);

/*
 * The stages config is verified at in a run (run_configs.stages): 2 for a
 * configuration the run only builds, 4, or 0 when nothing says (no row, or
 * a database from before run_configs.stages).
 */
int db_config_stages(sqlite3 *db, long long run_id, const char *config);

/* The regressions' input: one commit of a run x its value of one metric. */
struct db_metric_cell {
	int position;
	char *sha;		/* NULL: none */
	char *subject;		/* NULL: none */
	int has_value;		/* 0: no value at this commit; the fields below are 0 */
	double value;
	char *unit;		/* NULL: not declared in the row (or before schema 4) */
	char *better;		/* NULL: not declared */
	int noisy;
	double spread_pct;	/* -1: not recorded */
	double noise_pct;	/* -1: none declared */
};

struct db_metric_cells {
	struct db_metric_cell *c;
	size_t n;
};

/*
 * Every commit of a run with its value of metric in config, by position. A
 * database from before schema 4 (read only, not upgraded) declares nothing
 * and has nothing noisy.
 */
void db_metric_cells_load(sqlite3 *db, long long run_id, const char *config,
			  const char *metric, struct db_metric_cells *out);
void db_metric_cells_free(struct db_metric_cells *cells);

/*
 * The metric names of a run, those of the build first, then the series',
 * then the guest's. Returns how many; db_strings_free releases them.
 */
size_t db_metric_names(sqlite3 *db, long long run_id, char ***names);
void db_strings_free(char **list, size_t n);

/* Whether a run recorded metric at all (in any configuration). */
int db_run_has_metric(sqlite3 *db, long long run_id, const char *metric);

/* A line of 'bisectable runs'. */
struct db_run_row {
	long long id;
	char *started_at;
	char *state;
	char *base_version;
	char *configs;
	char *series;
	int commits;		/* the base included */
};

/* Every run, by id. Returns how many. */
size_t db_run_rows_load(sqlite3 *db, struct db_run_row **rows);
void db_run_rows_free(struct db_run_row *rows, size_t n);

/* A commit as 'bisectable show' heads it. */
struct db_commit_row {
	long long run_id;
	int position;
	int commits;		/* of its run's series, the base not counted */
	char *sha;
	char *subject;
	char *author;
};

/*
 * The commit which is (is_position) at that position or whose sha starts
 * with that hex prefix, in run_id or (0) the latest run that has one.
 * Returns its id, or 0 if there is none.
 */
long long db_commit_find(sqlite3 *db, long long run_id, const char *which, int is_position);
/* Returns 0, or -1 if there is no such commit. */
int db_commit_row_load(sqlite3 *db, long long commit_id, struct db_commit_row *c);
void db_commit_row_free(struct db_commit_row *c);

struct db_test_row {
	char *name;
	char *status;
	char *reason;
};

/* A result of one commit with its smoke tests. */
struct db_commit_result {
	char *config;
	char *stage;
	char *status;
	double duration;
	char *evidence;
	char *log_path;
	char *reproduce;
	struct db_test_row *tests;	/* in the order they were recorded */
	size_t ntests;
};

/* A commit's results by configuration, then stage (apply, build, boot, test). */
size_t db_commit_results_load(sqlite3 *db, long long commit_id,
			      struct db_commit_result **results);
void db_commit_results_free(struct db_commit_result *results, size_t n);

struct db_metric_value {
	char *config;
	char *name;
	double value;
};

/* A commit's metrics by configuration, then name. */
size_t db_commit_metrics_load(sqlite3 *db, long long commit_id, struct db_metric_value **values);
void db_commit_metrics_free(struct db_metric_value *values, size_t n);

#endif
