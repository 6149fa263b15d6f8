/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sql-file.h - the unit tests' way to build a fixture database: run a file
 * of SQL (db/schema.sql, tests/browser/make-fixture-db.sql) on a connection.
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

#endif
