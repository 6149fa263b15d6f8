// SPDX-License-Identifier: GPL-2.0
/*
 * db-judge.c - the statements behind the verdicts, the regressions, 'runs'
 * and 'show' (db-judge.h): rows out, no judging, no wording.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-judge.h"
#include "lib/util.h"

/* One more element at the end of array (of n, counted), zeroed: its address. */
#define GROW_ONE(array, n)						\
	((array) = xrealloc((array), ((n) + 1) * sizeof(*(array))),	\
	 memset(&(array)[n], 0, sizeof(*(array))), &(array)[(n)++])

/* A column as an allocated string, "" for SQL NULL. */
static char *column_str_dup(sqlite3_stmt *st, int col)
{
	return xstrdup(db_column_str(st, col));
}

static double column_or(sqlite3_stmt *st, int col, double none)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? none : sqlite3_column_double(st, col);
}

void db_result_cells_load(sqlite3 *db, long long run_id, const char *config,
			  struct db_result_cells *out)
{
	/*
	 * A database from before version 11, opened read-only (never
	 * migrated): one boot each, a bad one failed, nothing confirmed or known.
	 */
	static const char v11[] = "r.tries, r.failed_tries, r.confirmed, r.known";
	static const char v10[] = "1, r.status IN ('fail', 'timeout'), NULL, NULL";
	sqlite3_stmt *st;
	char *sql;

	memset(out, 0, sizeof(*out));
	sql = xasprintf("SELECT c.position, c.sha, c.subject, r.stage, r.status, r.evidence,"
			" r.log_path, %s FROM commits c LEFT JOIN results r ON r.commit_id = c.id"
			" AND r.config = ?2 WHERE c.run_id = ?1 ORDER BY c.position",
			db_has_column(db, "results", "tries") ? v11 : v10);
	st = db_prepare(db, sql);
	free(sql);
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_result_cell *c;

		c = GROW_ONE(out->c, out->n);
		DB_READ(st, 0, DB_COL(c->position), DB_COL(c->sha), DB_COL(c->subject),
			DB_COL(c->stage), DB_COL(c->status), DB_COL(c->evidence),
			DB_COL(c->log_path), DB_COL(c->tries), DB_COL(c->failed_tries),
			DB_COL(c->confirmed), DB_COL(c->known));
	}
	sqlite3_finalize(st);
}

void db_result_cells_free(struct db_result_cells *cells)
{
	size_t i;

	for (i = 0; i < cells->n; i++) {
		struct db_result_cell *c = &cells->c[i];

		free(c->sha);
		free(c->subject);
		free(c->stage);
		free(c->status);
		free(c->evidence);
		free(c->log_path);
		free(c->confirmed);
		free(c->known);
	}
	free(cells->c);
	memset(cells, 0, sizeof(*cells));
}

int db_config_stages(sqlite3 *db, long long run_id, const char *config)
{
	sqlite3_stmt *st;
	int stages = 0;

	if (!db_has_column(db, "run_configs", "stages"))
		return 0;
	st = db_prepare(db, "SELECT stages FROM run_configs WHERE run_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	if (sqlite3_step(st) == SQLITE_ROW)
		stages = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return stages;
}

/*
 * Schema 4's columns, or what a database from before them means: nothing
 * declared, nothing noisy (a read-only open does not upgrade it).
 */
static const char metric_cells_sql_v4[] =
	"SELECT c.position, c.sha, c.subject, m.value, m.unit, m.better, m.noisy,"
	" m.spread_pct, m.noise_pct"
	" FROM commits c LEFT JOIN metrics m ON m.commit_id = c.id AND m.config = ?2"
	" AND m.name = ?3 WHERE c.run_id = ?1 ORDER BY c.position";
static const char metric_cells_sql_v3[] =
	"SELECT c.position, c.sha, c.subject, m.value, NULL, NULL, 0, NULL, NULL"
	" FROM commits c LEFT JOIN metrics m ON m.commit_id = c.id AND m.config = ?2"
	" AND m.name = ?3 WHERE c.run_id = ?1 ORDER BY c.position";

void db_metric_cells_load(sqlite3 *db, long long run_id, const char *config,
			  const char *metric, struct db_metric_cells *out)
{
	sqlite3_stmt *st;

	memset(out, 0, sizeof(*out));
	st = db_prepare(db, db_has_column(db, "metrics", "noisy") ? metric_cells_sql_v4 :
			metric_cells_sql_v3);
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(config), DB_COL(metric));
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_metric_cell *c;

		c = GROW_ONE(out->c, out->n);
		DB_READ(st, 0, DB_COL(c->position), DB_COL(c->sha), DB_COL(c->subject));
		c->has_value = sqlite3_column_type(st, 3) != SQLITE_NULL;
		if (!c->has_value)
			continue;
		DB_READ(st, 3, DB_COL(c->value), DB_COL(c->unit), DB_COL(c->better),
			DB_COL(c->noisy));
		c->spread_pct = column_or(st, 7, -1);
		c->noise_pct = column_or(st, 8, -1);
	}
	sqlite3_finalize(st);
}

void db_metric_cells_free(struct db_metric_cells *cells)
{
	size_t i;

	for (i = 0; i < cells->n; i++) {
		free(cells->c[i].sha);
		free(cells->c[i].subject);
		free(cells->c[i].unit);
		free(cells->c[i].better);
	}
	free(cells->c);
	memset(cells, 0, sizeof(*cells));
}

size_t db_metric_names(sqlite3 *db, long long run_id, char ***names)
{
	sqlite3_stmt *st;
	size_t n = 0;

	*names = NULL;
	st = db_prepare(db,
		"SELECT m.name FROM metrics m JOIN commits c ON c.id = m.commit_id"
		" WHERE c.run_id = ? GROUP BY m.name ORDER BY MIN(CASE m.source"
		" WHEN 'build' THEN 0 WHEN 'series' THEN 1 ELSE 2 END), m.name");
	sqlite3_bind_int64(st, 1, run_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		*names = xrealloc(*names, (n + 1) * sizeof(**names));
		(*names)[n++] = db_column_dup(st, 0);
	}
	sqlite3_finalize(st);
	return n;
}

void db_strings_free(char **list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

int db_run_has_metric(sqlite3 *db, long long run_id, const char *metric)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM metrics m JOIN commits c"
				      " ON c.id = m.commit_id WHERE c.run_id = ? AND m.name = ?"
				      " LIMIT 1");
	int found;

	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, metric);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return found;
}

size_t db_run_rows_load(sqlite3 *db, struct db_run_row **rows)
{
	sqlite3_stmt *st;
	size_t n = 0;

	*rows = NULL;
	st = db_prepare(db,
		"SELECT r.id, r.started_at, r.state, r.base_version, r.configs,"
		" (SELECT COUNT(*) FROM commits c WHERE c.run_id = r.id), r.series"
		" FROM runs r ORDER BY r.id");
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_run_row *r;

		r = GROW_ONE(*rows, n);
		r->id = sqlite3_column_int64(st, 0);
		r->started_at = column_str_dup(st, 1);
		r->state = column_str_dup(st, 2);
		r->base_version = column_str_dup(st, 3);
		r->configs = column_str_dup(st, 4);
		r->commits = sqlite3_column_int(st, 5);
		r->series = column_str_dup(st, 6);
	}
	sqlite3_finalize(st);
	return n;
}

void db_run_rows_free(struct db_run_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(rows[i].started_at);
		free(rows[i].state);
		free(rows[i].base_version);
		free(rows[i].configs);
		free(rows[i].series);
	}
	free(rows);
}

long long db_commit_find(sqlite3 *db, long long run_id, const char *which, int is_position)
{
	long long commit_id = 0;
	sqlite3_stmt *st;

	st = db_prepare(db, "SELECT id FROM commits WHERE (?1 = 0 OR run_id = ?1) AND"
			" ((?3 AND position = CAST(?2 AS INTEGER)) OR"
			"  (NOT ?3 AND substr(sha, 1, length(?2)) = lower(?2)))"
			" AND (?1 <> 0 OR run_id = (SELECT MAX(run_id) FROM commits x WHERE"
			"  (?3 AND x.position = CAST(?2 AS INTEGER)) OR"
			"  (NOT ?3 AND substr(x.sha, 1, length(?2)) = lower(?2))))"
			" ORDER BY run_id DESC, position");
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(which), DB_COL(is_position));
	if (sqlite3_step(st) == SQLITE_ROW)
		commit_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return commit_id;
}

int db_commit_row_load(sqlite3 *db, long long commit_id, struct db_commit_row *c)
{
	sqlite3_stmt *st;
	int ret = -1;

	memset(c, 0, sizeof(*c));
	st = db_prepare(db, "SELECT c.run_id, c.position, c.sha, c.subject, c.author,"
			" (SELECT COUNT(*) FROM commits x WHERE x.run_id = c.run_id"
			"  AND x.position > 0)"
			" FROM commits c WHERE c.id = ?");
	sqlite3_bind_int64(st, 1, commit_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		c->run_id = sqlite3_column_int64(st, 0);
		c->position = sqlite3_column_int(st, 1);
		c->sha = column_str_dup(st, 2);
		c->subject = column_str_dup(st, 3);
		c->author = column_str_dup(st, 4);
		c->commits = sqlite3_column_int(st, 5);
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}

void db_commit_row_free(struct db_commit_row *c)
{
	free(c->sha);
	free(c->subject);
	free(c->author);
	memset(c, 0, sizeof(*c));
}

static void tests_load(sqlite3 *db, long long result_id, struct db_commit_result *r)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT name, status, reason FROM tests"
				      " WHERE result_id = ? ORDER BY id");

	sqlite3_bind_int64(st, 1, result_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_test_row *t;

		t = GROW_ONE(r->tests, r->ntests);
		t->name = column_str_dup(st, 0);
		t->status = column_str_dup(st, 1);
		t->reason = column_str_dup(st, 2);
	}
	sqlite3_finalize(st);
}

size_t db_commit_results_load(sqlite3 *db, long long commit_id,
			      struct db_commit_result **results)
{
	sqlite3_stmt *st;
	size_t n = 0;

	*results = NULL;
	st = db_prepare(db, "SELECT id, config, stage, status, duration, evidence, log_path,"
			" reproduce FROM results WHERE commit_id = ? ORDER BY config,"
			" CASE stage WHEN 'apply' THEN 0 WHEN 'build' THEN 1 WHEN 'boot' THEN 2"
			" ELSE 3 END");
	sqlite3_bind_int64(st, 1, commit_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_commit_result *r;

		r = GROW_ONE(*results, n);
		r->config = column_str_dup(st, 1);
		r->stage = column_str_dup(st, 2);
		r->status = column_str_dup(st, 3);
		r->duration = sqlite3_column_double(st, 4);
		r->evidence = column_str_dup(st, 5);
		r->log_path = column_str_dup(st, 6);
		r->reproduce = column_str_dup(st, 7);
		tests_load(db, sqlite3_column_int64(st, 0), r);
	}
	sqlite3_finalize(st);
	return n;
}

void db_commit_results_free(struct db_commit_result *results, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct db_commit_result *r = &results[i];

		for (j = 0; j < r->ntests; j++) {
			free(r->tests[j].name);
			free(r->tests[j].status);
			free(r->tests[j].reason);
		}
		free(r->tests);
		free(r->config);
		free(r->stage);
		free(r->status);
		free(r->evidence);
		free(r->log_path);
		free(r->reproduce);
	}
	free(results);
}

size_t db_commit_metrics_load(sqlite3 *db, long long commit_id, struct db_metric_value **values)
{
	sqlite3_stmt *st;
	size_t n = 0;

	*values = NULL;
	st = db_prepare(db, "SELECT config, name, value FROM metrics WHERE commit_id = ?"
			" ORDER BY config, name");
	sqlite3_bind_int64(st, 1, commit_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct db_metric_value *v;

		v = GROW_ONE(*values, n);
		v->config = column_str_dup(st, 0);
		v->name = column_str_dup(st, 1);
		v->value = sqlite3_column_double(st, 2);
	}
	sqlite3_finalize(st);
	return n;
}

void db_commit_metrics_free(struct db_metric_value *values, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(values[i].config);
		free(values[i].name);
	}
	free(values);
}
