// SPDX-License-Identifier: GPL-2.0
/* db-step.c - the step's statements about a whole run (see db-step.h). */
#include <string.h>

#include "db/db.h"
#include "db/db-step.h"

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
		out->total = sqlite3_column_int(q, 0);
		out->elapsed = sqlite3_column_int64(q, 1);
		out->bisect = sqlite3_column_int(q, 2);
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
