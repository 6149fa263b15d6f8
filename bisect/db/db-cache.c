// SPDX-License-Identifier: GPL-2.0
/*
 * db-cache.c - the result cache's statements (see db-cache.h); what to copy
 * and when is step/cache.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-cache.h"
#include "lib/util.h"

/*
 * Only outcomes that belong to the commit are found: never a skip (nothing
 * was verified) nor an error (the machine failed: it is done again).
 * A copy is as good as its origin: its cache_key says what it was looked up by
 * (a boot reused by image key carries this commit's boot key). Return the
 * origin, so that every copy names the result that was really computed.
 */
long long db_cache_find(sqlite3 *db, const char *column, const char *key, const char *stage,
		       int min_tries, int pass_only)
{
	sqlite3_stmt *st;
	char *sql;
	long long id = 0;

	/* column is one of two names of ours, never data. */
	sql = xasprintf("SELECT COALESCE(o.id, r.id) FROM results r LEFT JOIN results o"
			" ON o.id = r.cached_from WHERE r.%s = ? AND r.stage = ?"
			" AND r.status NOT IN ('skip', 'error') AND r.known IS NULL"
			" AND (r.failed_tries = 0 OR r.failed_tries >= r.tries)"
			" AND r.tries >= ? AND (? = 0 OR r.status = 'pass')"
			" ORDER BY r.cached_from IS NOT NULL, r.id DESC LIMIT 1",
			strcmp(column, "image_key") ? "cache_key" : "image_key");
	st = db_prepare(db, sql);
	free(sql);
	DB_BIND(st, 1, DB_COL(key), DB_COL(stage), DB_COL(min_tries), DB_COL(pass_only));
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

int db_cache_origin(sqlite3 *db, long long origin, const char *config,
		    struct db_cache_origin *out)
{
	sqlite3_stmt *st;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	st = db_prepare(db, "SELECT stage, commit_id, config = ? FROM results WHERE id = ?");
	db_bind_text(st, 1, config);
	sqlite3_bind_int64(st, 2, origin);
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(out->stage), DB_COL(out->commit_id),
			DB_COL(out->same_config));
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}

long long db_cache_copy_result(sqlite3 *db, long long run_id, long long commit_id,
			       const char *config, const char *stage, long long origin,
			       const char *key)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ? AND config = ? AND stage = ?");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(stage));
	db_done(db, st);
	st = db_prepare(db, "INSERT INTO results (run_id, commit_id, config, stage, status,"
			" duration, evidence, log_path, reproduce, cache_key, image_key, cached_from,"
			" tries, failed_tries, confirmed, known)"
			" SELECT ?, ?, ?, stage, status, duration, evidence, log_path, reproduce,"
			" COALESCE(?, cache_key), image_key, id, tries, failed_tries, confirmed, known"
			" FROM results WHERE id = ?");
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(commit_id), DB_COL(config), DB_COL(key),
		DB_COL(origin));
	db_done(db, st);
	return sqlite3_last_insert_rowid(db);
}

void db_cache_copy_tests(sqlite3 *db, long long id, long long origin)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT INTO tests (result_id, name, status, reason, duration,"
			" runs, fails, known) SELECT ?, name, status, reason, duration, runs, fails,"
			" known FROM tests WHERE result_id = ?");
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, origin);
	db_done(db, st);
}

/* The origin's config may differ in name only if fragments were equal. */
void db_cache_copy_metrics(sqlite3 *db, long long commit_id, const char *config,
			   long long origin_commit, long long origin, const char *source)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO metrics (commit_id, config, source, name,"
			" value, unit, better, noise_pct, spread_pct, noisy) SELECT ?1, ?2, m.source,"
			" m.name, m.value, m.unit, m.better, m.noise_pct, m.spread_pct, m.noisy"
			" FROM metrics m JOIN"
			" results r ON r.id = ?4 WHERE m.commit_id = ?3 AND m.config = r.config"
			" AND m.source = ?5");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(origin_commit), DB_COL(origin),
		DB_COL(source));
	db_done(db, st);
}

void db_cache_copy_warnings(sqlite3 *db, long long commit_id, const char *config,
			    long long origin_commit, long long origin)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT INTO warnings (commit_id, config, object, message)"
			" SELECT ?1, ?2, w.object, w.message FROM warnings w JOIN results r"
			" ON r.id = ?4 WHERE w.commit_id = ?3 AND w.config = r.config");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(origin_commit), DB_COL(origin));
	db_done(db, st);
}

void db_cache_copy_kconfig(sqlite3 *db, long long id, long long origin)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO kconfigs (result_id, dotconfig, compiled)"
			" SELECT ?, dotconfig, compiled FROM kconfigs WHERE result_id = ?");
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, origin);
	db_done(db, st);
}

int db_result_passed(sqlite3 *db, long long id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT status = 'pass' FROM results WHERE id = ?");
	int passed;

	sqlite3_bind_int64(q, 1, id);
	passed = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return passed;
}

int db_cache_describe(sqlite3 *db, long long id, char **status, long long *run_id,
		      int *position)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT r.status, r.run_id, c.position FROM results r"
				     " JOIN commits c ON c.id = r.commit_id WHERE r.id = ?");
	int ret = -1;

	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		*status = xstrdup(db_column_str(q, 0));
		*run_id = sqlite3_column_int64(q, 1);
		*position = sqlite3_column_int(q, 2);
		ret = 0;
	}
	sqlite3_finalize(q);
	return ret;
}
