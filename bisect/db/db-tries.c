// SPDX-License-Identifier: GPL-2.0
/*
 * db-tries.c - repeated boots, known failures, confirmation (db-tries.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-tries.h"
#include "lib/util.h"

static int status_bad(const char *status)
{
	return !strcmp(status, "fail") || !strcmp(status, "timeout");
}

void db_try_add(sqlite3 *db, long long result_id, const struct try_row *t)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT INTO tries (result_id, try, status, evidence, log_path,"
			" duration, rtc, why) SELECT ?1, COALESCE(MAX(try), 0) + 1, ?2, ?3, ?4,"
			" ?5, ?6, ?7 FROM tries WHERE result_id = ?1");
	sqlite3_bind_int64(st, 1, result_id);
	db_bind_text(st, 2, t->status);
	db_bind_text(st, 3, t->evidence && *t->evidence ? t->evidence : NULL);
	db_bind_text(st, 4, t->log_path);
	if (isnan(t->duration))
		sqlite3_bind_null(st, 5);
	else
		sqlite3_bind_double(st, 5, t->duration);
	db_bind_text(st, 6, t->rtc);
	db_bind_text(st, 7, t->why);
	db_done(db, st);
}

static long long result_id(sqlite3 *db, long long commit_id, const char *config,
			   const char *stage)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id FROM results WHERE commit_id = ?"
				      " AND config = ? AND stage = ?");
	long long id = 0;

	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(stage));
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* known: new lines to add to results.known of id (a line each, not repeated). */
static void add_known(sqlite3 *db, long long id, const char *known)
{
	const char *p = known;
	sqlite3_stmt *st;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		st = db_prepare(db, "UPDATE results SET known = CASE WHEN known IS NULL THEN ?2"
				" ELSE known || char(10) || ?2 END WHERE id = ?1 AND (known IS NULL"
				" OR instr(char(10) || known || char(10), char(10) || ?2 || char(10))"
				" = 0)");
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_text(st, 2, p, (int)len, SQLITE_TRANSIENT);
		db_done(db, st);
		p = nl ? nl + 1 : NULL;
	}
}

long long db_result_add_try(sqlite3 *db, long long commit_id, const char *config,
			    const char *stage, const struct try_row *t, const char *known)
{
	long long id = result_id(db, commit_id, config, stage);
	int bad = status_bad(t->status);
	sqlite3_stmt *st;

	if (!id)
		return 0;
	/* SET reads the row as it was: status is the old one throughout. */
	st = db_prepare(db, "UPDATE results SET tries = tries + 1, failed_tries = failed_tries"
			" + ?2, evidence = CASE WHEN (?2 AND status NOT IN ('fail', 'timeout'))"
			" OR (status = 'skip' AND ?3 != 'skip') THEN ?4 ELSE evidence END,"
			" status = CASE WHEN (?2 AND status NOT IN ('fail', 'timeout'))"
			" OR (status = 'skip' AND ?3 != 'skip') THEN ?3 ELSE status END"
			" WHERE id = ?1");
	DB_BIND(st, 1, DB_COL(id), DB_COL(bad), DB_COL(t->status));
	db_bind_text(st, 4, t->evidence && *t->evidence ? t->evidence : NULL);
	db_done(db, st);
	add_known(db, id, known);
	db_try_add(db, id, t);
	return id;
}

void db_test_add_run(sqlite3 *db, long long result_id, const char *name, const char *status,
		     const char *reason, double duration, int known)
{
	sqlite3_stmt *st;
	int bad = status_bad(status);

	st = db_prepare(db, "INSERT INTO tests (result_id, name, status, reason, duration, runs,"
			" fails, known) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)"
			" ON CONFLICT (result_id, name) DO UPDATE SET runs = runs + 1,"
			" fails = fails + ?6,"
			" reason = CASE WHEN ?6 AND fails = 0 THEN ?4 ELSE reason END,"
			" status = CASE WHEN ?6 AND fails = 0 THEN ?3 ELSE status END,"
			" known = CASE WHEN ?6 AND fails = 0 THEN ?7 WHEN ?6 THEN known AND ?7"
			" ELSE known END");
	DB_BIND(st, 1, DB_COL(result_id), DB_COL(name), DB_COL(status));
	db_bind_text(st, 4, reason && *reason ? reason : NULL);
	if (duration >= 0)
		sqlite3_bind_double(st, 5, duration);
	else
		sqlite3_bind_null(st, 5);
	sqlite3_bind_int(st, 6, bad);
	sqlite3_bind_int(st, 7, bad && known);
	db_done(db, st);
}

char *db_base_known(sqlite3 *db, long long run_id, const char *config)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT r.known FROM results r JOIN commits c"
				      " ON c.id = r.commit_id WHERE c.run_id = ? AND c.position = 0"
				      " AND r.config = ? AND r.known IS NOT NULL ORDER BY r.stage");
	struct strbuf sb = STRBUF_INIT;

	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&sb, "%s%s", sb.len ? "\n" : "", db_column_str(st, 0));
	sqlite3_finalize(st);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

void db_cell_tries(sqlite3 *db, long long commit_id, const char *config, const char *stage,
		   struct cell_tries *out)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id, status, evidence, image_key, confirmed,"
				      " tries, failed_tries FROM results WHERE commit_id = ?"
				      " AND config = ? AND stage = ?");

	memset(out, 0, sizeof(*out));
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(stage));
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(out->id), DB_COL(out->status), DB_COL(out->evidence),
			DB_COL(out->image_key), DB_COL(out->confirmed), DB_COL(out->tries),
			DB_COL(out->failed_tries));
	}
	sqlite3_finalize(st);
}

void cell_tries_release(struct cell_tries *c)
{
	free(c->status);
	free(c->evidence);
	free(c->image_key);
	free(c->confirmed);
	memset(c, 0, sizeof(*c));
}

int db_cell_failed(sqlite3 *db, long long commit_id, const char *config)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM results WHERE commit_id = ? AND"
				      " config = ? AND status IN ('fail', 'timeout') LIMIT 1");
	int failed;

	sqlite3_bind_int64(st, 1, commit_id);
	db_bind_text(st, 2, config);
	failed = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return failed;
}

void db_commit_boots(sqlite3 *db, long long run_id, const char *sha, int *tries, int *failed)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT COALESCE(MAX(CASE WHEN r.stage = 'boot'"
				      " THEN r.tries END), 0), COALESCE(SUM(r.failed_tries), 0)"
				      " FROM results r JOIN commits c ON c.id = r.commit_id"
				      " WHERE c.run_id = ? AND c.sha = ? AND r.stage IN"
				      " ('boot', 'test')");

	*tries = *failed = 0;
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, sha);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*tries = sqlite3_column_int(st, 0);
		*failed = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
}

char *db_commit_sha(sqlite3 *db, long long commit_id)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT sha FROM commits WHERE id = ?");
	char *sha = NULL;

	sqlite3_bind_int64(st, 1, commit_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		sha = db_column_dup(st, 0);
	sqlite3_finalize(st);
	return sha;
}

void db_result_set_confirmed(sqlite3 *db, long long result_id, const char *confirmed)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE results SET confirmed = ? WHERE id = ?");

	db_bind_text(st, 1, confirmed);
	sqlite3_bind_int64(st, 2, result_id);
	db_done(db, st);
}

void db_run_extra_boots(sqlite3 *db, long long run_id, struct extra_boots *out)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT COALESCE(t.why, 'repeat'), COUNT(*) FROM tries t"
				      " JOIN results r ON r.id = t.result_id JOIN commits c"
				      " ON c.id = r.commit_id WHERE c.run_id = ? AND r.stage = 'boot'"
				      " AND (t.why IN ('repeat', 'soak', 'confirm')"
				      " OR (t.why IS NULL AND t.try > 1)) GROUP BY 1");

	memset(out, 0, sizeof(*out));
	sqlite3_bind_int64(st, 1, run_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *why = db_column_str(st, 0);
		int n = sqlite3_column_int(st, 1);

		if (!strcmp(why, "soak"))
			out->soak += n;
		else if (!strcmp(why, "confirm"))
			out->confirm += n;
		else
			out->repeat += n;
	}
	sqlite3_finalize(st);
}
