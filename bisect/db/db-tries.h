/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-tries.h - the boots behind a boot or test result (table tries; the
 * results' tries and failed_tries), the known failures of a run's base
 * (results.known, tests.known), and what confirming a failure found
 * (results.confirmed). Rows in and out; judge/confidence.c judges them.
 */
#ifndef BISECT_DB_TRIES_H
#define BISECT_DB_TRIES_H

#include <sqlite3.h>

/* One boot's verdict at one stage. */
struct try_row {
	const char *status;	/* pass | fail | timeout | skip | error */
	const char *evidence;	/* NULL: none */
	const char *log_path;	/* NULL: none */
	double duration;
	const char *rtc;	/* the guest's start clock given (-rtc base=); NULL: the host's */
	const char *why;	/* first | repeat | soak | confirm; NULL: not said */
};

/* The next boot of the result (result_id) as a row of tries (numbered after the last). */
void db_try_add(sqlite3 *db, long long result_id, const struct try_row *t);

/*
 * Another boot of the cell (commit x config) at stage: tries + 1, failed
 * tries + 1 if it failed, the status the worst so far (a pass that fails
 * now takes the new status and evidence; a skip takes any verdict), the
 * known failures met added to results.known; and the boot's row of tries.
 * Returns the result's id, or 0 if the cell has no result at that stage.
 */
long long db_result_add_try(sqlite3 *db, long long commit_id, const char *config,
			    const char *stage, const struct try_row *t, const char *known);

/*
 * A test of a boot of the result: the first makes the row; each runs + 1,
 * fails + 1 if it failed; the status and reason are those of its first
 * failure (a pass or skip that fails now takes them). known: the failure
 * is a known one (a row stays known only while all its failures are).
 */
void db_test_add_run(sqlite3 *db, long long result_id, const char *name, const char *status,
		     const char *reason, double duration, int known);

/* The known failures of config in a run: those of its base (position 0). NULL: none. */
char *db_base_known(sqlite3 *db, long long run_id, const char *config);

/* A cell's result at one stage, as confirming it needs it. */
struct cell_tries {
	long long id;		/* 0: no result */
	char *status;
	char *evidence;
	char *image_key;	/* what was booted (NULL: nothing) */
	char *confirmed;	/* NULL: not confirmed */
	int tries, failed_tries;
};

/* The result of commit x config at stage into out (out->id 0: none). */
void db_cell_tries(sqlite3 *db, long long commit_id, const char *config, const char *stage,
		   struct cell_tries *out);
void cell_tries_release(struct cell_tries *c);
/* 1 if some result of the cell (commit x config) is bad: fail or timeout. */
int db_cell_failed(sqlite3 *db, long long commit_id, const char *config);
/*
 * The boots of the commit sha in a run, over its configurations: the most
 * boots any of them had (boot results' tries), and how many failed at boot
 * or at test in all. Both 0 when it was not booted.
 */
void db_commit_boots(sqlite3 *db, long long run_id, const char *sha, int *tries, int *failed);
/* The sha of a commit (allocated; NULL: none). */
char *db_commit_sha(sqlite3 *db, long long commit_id);
/* What confirming found at result_id: deterministic, flaky or inherited. */
void db_result_set_confirmed(sqlite3 *db, long long result_id, const char *confirmed);

/*
 * The run's boots beyond each cell's first, by what they were for (tries.why:
 * repeat, soak, confirm); boots of before version 13 count as repeat.
 */
struct extra_boots {
	int repeat, soak, confirm;
};
void db_run_extra_boots(sqlite3 *db, long long run_id, struct extra_boots *out);

#endif
