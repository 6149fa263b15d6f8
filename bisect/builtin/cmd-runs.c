// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable runs [--db DB]: the runs in the database, newest last, with the
 * first bad commit of each configuration and the verdict (verdict.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "lib/util.h"
#include "judge/verdict.h"

int cmd_runs(struct cmd_ctx *ctx)
{
	sqlite3 *db = ctx->db;
	sqlite3_stmt *st;

	st = db_prepare(db,
		"SELECT r.id, r.started_at, r.state, r.base_version, r.configs,"
		" (SELECT COUNT(*) FROM commits c WHERE c.run_id = r.id), r.series"
		" FROM runs r ORDER BY r.id");
	printf("%-4s %-20s %-11s %-9s %-7s %-16s %-24s %-24s %s\n", "run", "started", "state",
	       "base", "commits", "configs", "first bad", "verdict", "series");
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct strbuf first = STRBUF_INIT, verdict = STRBUF_INIT;
		long long id = sqlite3_column_int64(st, 0);
		struct run_verdict rv;
		size_t i;

		if (run_verdict_load(db, id, NULL, NULL, &rv) < 0)
			continue;
		for (i = 0; i < rv.n; i++)
			if (rv.v[i].bad)
				strbuf_addf(&first, "%s%s@%d", first.len ? " " : "", rv.v[i].config,
					    rv.v[i].position);
		verdict_summary(&rv, &verdict);
		printf("%-4lld %-20s %-11s %-9s %-7d %-16s %-24s %-24s %s\n", id,
		       db_column_str(st, 1), db_column_str(st, 2), db_column_str(st, 3),
		       sqlite3_column_int(st, 5), db_column_str(st, 4),
		       first.len ? first.buf : "-", verdict.buf, db_column_str(st, 6));
		strbuf_release(&first);
		strbuf_release(&verdict);
		run_verdict_free(&rv);
	}
	sqlite3_finalize(st);
	return 0;
}
