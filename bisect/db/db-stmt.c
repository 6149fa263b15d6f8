// SPDX-License-Identifier: GPL-2.0
/*
 * db-stmt.c - statements and transactions: prepared only, a step that dies
 * with SQLite's message (after a rollback), text bound and read.
 */
#include "db/db-stmt.h"
#include "lib/util.h"

sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		die("database: %s (in: %.60s...)", sqlite3_errmsg(db), sql);
	return st;
}

static void exec_fixed(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("database: %s: %s", sql, err);
}

void db_begin(sqlite3 *db)
{
	exec_fixed(db, "BEGIN IMMEDIATE");
}

void db_commit(sqlite3 *db)
{
	exec_fixed(db, "COMMIT");
}

void db_rollback(sqlite3 *db)
{
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

void db_done(sqlite3 *db, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		const char *msg = sqlite3_errmsg(db);

		db_rollback(db);
		die("database: %s", msg);
	}
	sqlite3_finalize(st);
}

void db_bind_text(sqlite3_stmt *st, int idx, const char *s)
{
	if (s)
		sqlite3_bind_text(st, idx, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, idx);
}

char *db_column_dup(sqlite3_stmt *st, int col)
{
	const unsigned char *s = sqlite3_column_text(st, col);

	return s ? xstrdup((const char *)s) : NULL;
}

const char *db_column_str(sqlite3_stmt *st, int col)
{
	const unsigned char *s = sqlite3_column_text(st, col);

	return s ? (const char *)s : "";
}
