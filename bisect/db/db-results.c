// SPDX-License-Identifier: GPL-2.0
/*
 * db-results.c - reading a cell's rows back: see db-results.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-results.h"
#include "lib/util.h"

static double column_double(sqlite3_stmt *q, int col)
{
	return sqlite3_column_type(q, col) == SQLITE_NULL ? NAN : sqlite3_column_double(q, col);
}

int db_last_result(sqlite3 *db, long long commit_id, const char *config, char **stage,
		   char **status)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT stage, status FROM results WHERE"
				     " commit_id = ? AND config = ? ORDER BY id DESC LIMIT 1");
	int found;

	sqlite3_bind_int64(q, 1, commit_id);
	db_bind_text(q, 2, config);
	found = sqlite3_step(q) == SQLITE_ROW;
	if (found) {
		*stage = xstrdup(db_column_str(q, 0));
		*status = xstrdup(db_column_str(q, 1));
	}
	sqlite3_finalize(q);
	return found;
}

double db_seconds_spent(sqlite3 *db, long long run_id, const char *config, int upto)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT COALESCE(SUM(r.duration), 0) FROM results r"
				     " JOIN commits c ON c.id = r.commit_id WHERE r.run_id = ?"
				     " AND r.config = ? AND c.position BETWEEN 1 AND ?"
				     " AND r.cached_from IS NULL");
	double spent = 0;

	DB_BIND(q, 1, DB_COL(run_id), DB_COL(config), DB_COL(upto));
	if (sqlite3_step(q) == SQLITE_ROW)
		spent = sqlite3_column_double(q, 0);
	sqlite3_finalize(q);
	return spent;
}

int db_count_cached_builds(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT COUNT(DISTINCT commit_id) FROM results"
				     " WHERE run_id = ? AND stage = 'build'"
				     " AND cached_from IS NOT NULL");
	int n = 0;

	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return n;
}

void result_recs_release(struct result_recs *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		struct result_rec *x = &r->v[i];

		free(x->subject);
		free(x->config);
		free(x->stage);
		free(x->status);
		free(x->evidence);
		free(x->log_path);
		free(x->reproduce);
		free(x->cache_key);
		free(x->image_key);
		free(x->recorded_at);
	}
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

/*
 * Read the rows of q into out; its columns are named by fields, one letter
 * each (see the callers): the statements differ in what they select.
 */
static void read_results(sqlite3_stmt *q, const char *fields, struct result_recs *out)
{
	out->v = NULL;
	out->n = 0;
	while (sqlite3_step(q) == SQLITE_ROW) {
		struct result_rec *x;
		int col;

		out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
		x = &out->v[out->n++];
		memset(x, 0, sizeof(*x));
		x->duration = NAN;
		for (col = 0; fields[col]; col++) {
			switch (fields[col]) {
			case 'i': x->id = sqlite3_column_int64(q, col); break;
			case 'p': x->position = sqlite3_column_int(q, col); break;
			case 'j': x->subject = db_column_dup(q, col); break;
			case 'c': x->config = db_column_dup(q, col); break;
			case 's': x->stage = db_column_dup(q, col); break;
			case 't': x->status = db_column_dup(q, col); break;
			case 'e': x->evidence = db_column_dup(q, col); break;
			case 'l': x->log_path = db_column_dup(q, col); break;
			case 'r': x->reproduce = db_column_dup(q, col); break;
			case 'k': x->cache_key = db_column_dup(q, col); break;
			case 'm': x->image_key = db_column_dup(q, col); break;
			case 'a': x->recorded_at = db_column_dup(q, col); break;
			case 'd': x->duration = column_double(q, col); break;
			}
		}
	}
	sqlite3_finalize(q);
}

void db_cell_results(sqlite3 *db, long long commit_id, const char *config,
		     struct result_recs *out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT stage, status, evidence FROM results"
				     " WHERE commit_id = ? AND config = ?");

	sqlite3_bind_int64(q, 1, commit_id);
	db_bind_text(q, 2, config);
	read_results(q, "ste", out);
}

void db_cell_publishable(sqlite3 *db, long long commit_id, const char *config,
			 struct result_recs *out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, stage, status, duration, evidence, log_path,"
				     " reproduce, cache_key, image_key, recorded_at FROM results"
				     " WHERE commit_id = ? AND config = ?"
				     " AND stage IN ('build', 'boot', 'test')"
				     " AND status IN ('pass', 'fail', 'timeout') AND origin IS NULL"
				     " AND cache_key IS NOT NULL AND known IS NULL"
				     " AND (failed_tries = 0 OR failed_tries >= tries) ORDER BY id");

	sqlite3_bind_int64(q, 1, commit_id);
	db_bind_text(q, 2, config);
	read_results(q, "istdelrkma", out);
}

void db_failing_results(sqlite3 *db, long long run_id, const char *sha, const char *stage,
			struct result_recs *out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT c.position, c.subject, r.config, r.stage,"
		" r.status, r.evidence, r.log_path FROM results r JOIN commits c"
		" ON c.id = r.commit_id WHERE c.run_id = ? AND c.sha = ?"
		" AND r.status IN ('fail', 'timeout') AND (?3 IS NULL OR r.stage = ?3)"
		" ORDER BY r.config, CASE r.stage WHEN 'apply' THEN 0 WHEN 'build' THEN 1"
		" WHEN 'boot' THEN 2 ELSE 3 END");

	DB_BIND(q, 1, DB_COL(run_id), DB_COL(sha), DB_COL(stage));
	read_results(q, "pjcstel", out);
}

void db_result_set_origin(sqlite3 *db, long long result_id, const char *host)
{
	sqlite3_stmt *q = db_prepare(db, "UPDATE results SET origin = ? WHERE id = ?");

	db_bind_text(q, 1, host);
	sqlite3_bind_int64(q, 2, result_id);
	db_done(db, q);
}

int db_fill_errors(sqlite3 *db, long long run_id, const char *config, const char *stage,
		   const char *why, const char *log_path)
{
	sqlite3_stmt *q = db_prepare(db, "INSERT INTO results (run_id, commit_id, config, stage,"
				     " status, evidence, log_path) SELECT c.run_id, c.id, ?, ?,"
				     " 'error', ?, ? FROM commits c WHERE c.run_id = ? AND NOT"
				     " EXISTS (SELECT 1 FROM results r WHERE r.commit_id = c.id"
				     " AND r.config = ? AND r.stage = ?)");

	DB_BIND(q, 1, DB_COL(config), DB_COL(stage), DB_COL(why), DB_COL(log_path), DB_COL(run_id),
		DB_COL(config), DB_COL(stage));
	db_done(db, q);
	return sqlite3_changes(db);
}

size_t db_result_tests(sqlite3 *db, long long result_id, struct test_rec **out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT name, status, reason, duration FROM tests"
				     " WHERE result_id = ? ORDER BY id");
	struct test_rec *v = NULL;
	size_t n = 0;

	sqlite3_bind_int64(q, 1, result_id);
	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		DB_READ(q, 0, DB_COL(v[n].name), DB_COL(v[n].status), DB_COL(v[n].reason));
		v[n].duration = column_double(q, 3);
		n++;
	}
	sqlite3_finalize(q);
	*out = v;
	return n;
}

void test_recs_free(struct test_rec *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].status);
		free(v[i].reason);
	}
	free(v);
}

size_t db_cell_metrics(sqlite3 *db, long long commit_id, const char *config,
		       const char *source, struct metric_rec **out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT name, value, source, unit, better, noise_pct,"
				     " spread_pct FROM metrics WHERE commit_id = ? AND config = ?"
				     " AND source = ? ORDER BY name");
	struct metric_rec *v = NULL;
	size_t n = 0;

	DB_BIND(q, 1, DB_COL(commit_id), DB_COL(config), DB_COL(source));
	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		DB_READ(q, 0, DB_COL(v[n].name), DB_COL(v[n].value), DB_COL(v[n].source),
			DB_COL(v[n].unit), DB_COL(v[n].better));
		v[n].noise_pct = column_double(q, 5);
		v[n].spread_pct = column_double(q, 6);
		n++;
	}
	sqlite3_finalize(q);
	*out = v;
	return n;
}

void metric_recs_free(struct metric_rec *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].source);
		free(v[i].unit);
		free(v[i].better);
	}
	free(v);
}

size_t db_cell_warnings(sqlite3 *db, long long commit_id, const char *config,
			struct warning_rec **out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT object, message FROM warnings WHERE"
				     " commit_id = ? AND config = ? ORDER BY id");
	struct warning_rec *v = NULL;
	size_t n = 0;

	sqlite3_bind_int64(q, 1, commit_id);
	db_bind_text(q, 2, config);
	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].object = xstrdup(db_column_str(q, 0));
		v[n].message = xstrdup(db_column_str(q, 1));
		n++;
	}
	sqlite3_finalize(q);
	*out = v;
	return n;
}

void warning_recs_free(struct warning_rec *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].object);
		free(v[i].message);
	}
	free(v);
}
