/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sql-file.h - the unit tests' way to build a fixture database: run a file
 * of SQL (db/schema.sql, tests/browser/make-fixture-db.sql) on a connection,
 * or have a database in memory made of the schema and such a file.
 * Tests run from the top of the tree, where these paths are.
 */
#ifndef TESTS_UNIT_SQL_FILE_H
#define TESTS_UNIT_SQL_FILE_H

#include <sqlite3.h>

#include "lib/util.h"

static inline void exec_file(sqlite3 *db, const char *path)
{
	struct strbuf sql = STRBUF_INIT;
	char *err = NULL;

	if (strbuf_read_file(&sql, path) < 0)
		die("cannot read %s (run the test from the top of the tree)", path);
	if (sqlite3_exec(db, sql.buf, NULL, NULL, &err) != SQLITE_OK)
		die("%s: %s", path, err);
	strbuf_release(&sql);
}

/* A database in memory: today's schema, then the SQL in SQL_FILE (NULL: none). */
static inline sqlite3 *memory_db(const char *sql_file)
{
	sqlite3 *db;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK)
		die("cannot open an in-memory database");
	exec_file(db, "db/schema.sql");
	if (sql_file)
		exec_file(db, sql_file);
	return db;
}

#endif
