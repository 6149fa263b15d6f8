// SPDX-License-Identifier: GPL-2.0
/*
 * db-run.c - the queries of a run's life: see db-run.h.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-run.h"
#include "lib/util.h"

size_t db_runs_running(sqlite3 *db, struct run_ref **out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, work_dir FROM runs WHERE state = 'running'"
				     " AND work_dir IS NOT NULL ORDER BY id");
	struct run_ref *v = NULL;
	size_t n = 0;

	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].id = sqlite3_column_int64(q, 0);
		v[n].work_dir = db_column_dup(q, 1);
		v[n].base_sha = NULL;
		n++;
	}
	sqlite3_finalize(q);
	*out = v;
	return n;
}

void run_refs_free(struct run_ref *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].work_dir);
		free(v[i].base_sha);
	}
	free(v);
}

size_t db_bisect_runs(sqlite3 *db, const char *work_dir, const char *options,
		      struct run_ref **out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, base_sha FROM runs WHERE kind = 'bisect'"
				     " AND work_dir = ? AND options = ? ORDER BY id DESC");
	struct run_ref *v = NULL;
	size_t n = 0;

	db_bind_text(q, 1, work_dir);
	db_bind_text(q, 2, options);
	while (sqlite3_step(q) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].id = sqlite3_column_int64(q, 0);
		v[n].work_dir = NULL;
		v[n].base_sha = xstrdup(db_column_str(q, 1));
		n++;
	}
	sqlite3_finalize(q);
	*out = v;
	return n;
}

int db_file_has_run(const char *path)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int yes = 0;

	if (!file_exists(path))
		return 0;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "SELECT 1 FROM runs", -1, &st, NULL) == SQLITE_OK) {
		yes = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return yes;
}

char *db_last_state_in(sqlite3 *db, const char *work_dir)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT state FROM runs WHERE work_dir = ?"
				     " ORDER BY id DESC LIMIT 1");
	char *state = NULL;

	db_bind_text(q, 1, work_dir);
	if (sqlite3_step(q) == SQLITE_ROW)
		state = db_column_dup(q, 0);
	sqlite3_finalize(q);
	return state;
}

long long db_resume_candidate(sqlite3 *db, long long id, char **state, char **kind)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, state, kind FROM runs WHERE (?1 = 0 AND"
				     " state IN ('interrupted', 'failed') AND kind = 'series')"
				     " OR id = ?1 ORDER BY id DESC LIMIT 1");
	long long found = 0;

	*state = *kind = NULL;
	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		found = sqlite3_column_int64(q, 0);
		*state = xstrdup(db_column_str(q, 1));
		*kind = xstrdup(db_column_str(q, 2));
	}
	sqlite3_finalize(q);
	return found;
}

int db_count_commits(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT COUNT(*) FROM commits WHERE run_id = ?"
				     " AND position > 0 AND sha IS NOT NULL");
	int n = 0;

	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return n;
}

void db_run_reopen(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q = db_prepare(db, "UPDATE runs SET state = 'running', ended_at = NULL"
				     " WHERE id = ?");

	sqlite3_bind_int64(q, 1, run_id);
	db_done(db, q);
}

int db_run_lose_store(sqlite3 *db, long long run_id, const char *note)
{
	sqlite3_stmt *q = db_prepare(db, "UPDATE runs SET results_remote_lost = ? WHERE id = ?"
				     " AND results_remote_lost IS NULL");

	db_bind_text(q, 1, note);
	sqlite3_bind_int64(q, 2, run_id);
	db_done(db, q);
	return sqlite3_changes(db) > 0;
}

int db_run_store_lost(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT results_remote_lost IS NOT NULL FROM runs"
				     " WHERE id = ?");
	int lost;

	sqlite3_bind_int64(q, 1, run_id);
	lost = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return lost;
}

int db_run_progress(sqlite3 *db, long long run_id, struct db_run_progress *out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT (SELECT COUNT(*) FROM commits WHERE"
				     " run_id = ?1 AND position > 0), strftime('%s', 'now') -"
				     " strftime('%s', started_at), kind = 'bisect'"
				     " FROM runs WHERE id = ?1");
	int ret = -1;

	memset(out, 0, sizeof(*out));
	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		DB_READ(q, 0, DB_COL(out->total), DB_COL(out->elapsed), DB_COL(out->bisect));
		ret = 0;
	}
	sqlite3_finalize(q);
	return ret;
}

void db_commits_drop_after(sqlite3 *db, long long run_id, int position)
{
	sqlite3_stmt *q = db_prepare(db, "DELETE FROM commits WHERE run_id = ?"
				     " AND position > ? AND sha IS NOT NULL");

	sqlite3_bind_int64(q, 1, run_id);
	sqlite3_bind_int(q, 2, position);
	db_done(db, q);
}

void db_run_set_results_remote(sqlite3 *db, long long run_id, const char *url)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "UPDATE runs SET results_remote = ?, results_remote_lost = NULL"
			" WHERE id = ?");
	db_bind_text(st, 1, url);
	sqlite3_bind_int64(st, 2, run_id);
	db_done(db, st);
}
