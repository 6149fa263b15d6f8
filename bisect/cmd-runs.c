// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable runs [--db DB]: the runs in the database, newest last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "db.h"
#include "util.h"

int cmd_runs(struct cmd_ctx *ctx)
{
	sqlite3 *db = ctx->db;
	sqlite3_stmt *st;

	st = db_prepare(db,
		"SELECT r.id, r.started_at, r.state, r.base_version, r.configs,"
		" (SELECT COUNT(*) FROM commits c WHERE c.run_id = r.id),"
		" (SELECT group_concat(f.config || '@' || f.position, ' ') FROM first_bad f"
		"  WHERE f.run_id = r.id), r.series"
		" FROM runs r ORDER BY r.id");
	printf("%-4s %-20s %-11s %-9s %-7s %-16s %-24s %s\n", "run", "started", "state", "base",
	       "commits", "configs", "first bad", "series");
	while (sqlite3_step(st) == SQLITE_ROW)
		printf("%-4lld %-20s %-11s %-9s %-7d %-16s %-24s %s\n",
		       (long long)sqlite3_column_int64(st, 0), db_column_str(st, 1),
		       db_column_str(st, 2), db_column_str(st, 3), sqlite3_column_int(st, 5),
		       db_column_str(st, 4), *db_column_str(st, 6) ? db_column_str(st, 6) : "-",
		       db_column_str(st, 7));
	sqlite3_finalize(st);
	return 0;
}
