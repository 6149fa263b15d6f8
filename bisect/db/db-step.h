/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-step.h - statements of the step (verify.c, the step and run commands)
 * that are about the run as a whole.
 */
#ifndef BISECT_DB_STEP_H
#define BISECT_DB_STEP_H

#include <sqlite3.h>

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
