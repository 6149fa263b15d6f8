// SPDX-License-Identifier: GPL-2.0
/* db-coverage.c - what coverage reads of a run (see db-coverage.h). */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/db-coverage.h"
#include "lib/util.h"

int db_coverage_recorded(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q;
	int recorded;

	q = db_prepare(db, "SELECT EXISTS (SELECT 1 FROM kconfigs k JOIN results r"
		       " ON k.result_id IN (r.id, r.cached_from) WHERE r.run_id = ?)");
	sqlite3_bind_int64(q, 1, run_id);
	recorded = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return recorded;
}

int db_coverage_commits_total(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q;
	int total = 0;

	q = db_prepare(db, "SELECT COUNT(*) FROM commits WHERE run_id = ? AND position > 0");
	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW)
		total = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return total;
}

size_t db_coverage_commits(sqlite3 *db, long long run_id, struct db_coverage_commit **out)
{
	sqlite3_stmt *q;
	size_t n = 0;

	*out = NULL;
	q = db_prepare(db, "SELECT position, sha, subject FROM commits WHERE run_id = ?"
		       " AND position > 0 AND sha IS NOT NULL ORDER BY position");
	sqlite3_bind_int64(q, 1, run_id);
	while (sqlite3_step(q) == SQLITE_ROW) {
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n].position = sqlite3_column_int(q, 0);
		(*out)[n].sha = db_column_dup(q, 1);
		(*out)[n].subject = db_column_dup(q, 2);
		n++;
	}
	sqlite3_finalize(q);
	return n;
}

void db_coverage_commits_free(struct db_coverage_commit *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].sha);
		free(v[i].subject);
	}
	free(v);
}

int db_coverage_build(sqlite3 *db, long long run_id, int position, const char *config,
		      char **dotconfig, char **compiled)
{
	sqlite3_stmt *q = db_prepare(db,
		"SELECT COALESCE(k.dotconfig, o.dotconfig),"
		" CASE WHEN k.dotconfig IS NOT NULL THEN k.compiled ELSE o.compiled END"
		" FROM results r JOIN commits c ON c.id = r.commit_id"
		" LEFT JOIN kconfigs k ON k.result_id = r.id"
		" LEFT JOIN kconfigs o ON o.result_id = r.cached_from"
		" WHERE c.run_id = ? AND c.position = ? AND r.config = ? AND r.stage = 'build'");
	int ret = -1;

	*dotconfig = *compiled = NULL;
	DB_BIND(q, 1, DB_COL(run_id), DB_COL(position), DB_COL(config));
	if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL) {
		*dotconfig = db_column_dup(q, 0);
		*compiled = db_column_dup(q, 1);
		ret = 0;
	}
	sqlite3_finalize(q);
	return ret;
}
