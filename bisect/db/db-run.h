/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-run.h - the statements about a run as a whole: its life (run/run.c,
 * run/run-lifecycle.c), where it stands (step/verify.c), its results store;
 * which runs are left 'running', which one a --resume takes up.
 */
#ifndef BISECT_DB_RUN_H
#define BISECT_DB_RUN_H

#include <sqlite3.h>
#include <stddef.h>

/* A run found by a query: its id, and what the query selects (else NULL). */
struct run_ref {
	long long id;
	char *work_dir;
	char *base_sha;
};

/* The runs in state 'running' that have a work tree, oldest first; how many. */
size_t db_runs_running(sqlite3 *db, struct run_ref **out);
void run_refs_free(struct run_ref *v, size_t n);
/* The bisect runs in work_dir with these options, newest first, with their base. */
size_t db_bisect_runs(sqlite3 *db, const char *work_dir, const char *options,
		      struct run_ref **out);
/* 1 if the database at path (opened read-only, never created) holds a run. */
int db_file_has_run(const char *path);
/* The state of the latest run of this database in work_dir, allocated, or NULL. */
char *db_last_state_in(sqlite3 *db, const char *work_dir);
/*
 * The run --resume would take: id, or (id 0) the latest series run that an
 * interrupt or an error ended. 0 if none; else its state and kind, allocated.
 */
long long db_resume_candidate(sqlite3 *db, long long id, char **state, char **kind);
/* The commits of a run that were applied (position > 0, with a sha). */
int db_count_commits(sqlite3 *db, long long run_id);
/*
 * The results store was given up in this run, and why (the first time
 * only): 1 if this call recorded it.
 */
int db_run_lose_store(sqlite3 *db, long long run_id, const char *note);
/* 1 if the results store was given up in this run (by any of its processes). */
int db_run_store_lost(sqlite3 *db, long long run_id);
/* The run is 'running' again, with no end. */
void db_run_reopen(sqlite3 *db, long long run_id);

struct db_run_progress {
	int total;		/* the run's commits (position > 0) */
	long elapsed;		/* seconds since the run started */
	int bisect;		/* a run of kind 'bisect' */
};

/* Where run stands, for the progress line; 0, or -1 if there is no such run. */
int db_run_progress(sqlite3 *db, long long run_id, struct db_run_progress *out);
/* Forget run's applied commits after position (a fix-up dropped them). */
void db_commits_drop_after(sqlite3 *db, long long run_id, int position);
/* Record the results store run uses (url without its password), its loss forgotten. */
void db_run_set_results_remote(sqlite3 *db, long long run_id, const char *url);

#endif
