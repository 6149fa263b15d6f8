// SPDX-License-Identifier: GPL-2.0
/*
 * db-row.c: a row bound from typed lvalues and read back into them, SQL
 * NULL both ways (a NULL string, a row id of 0), text copied out.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db-row.h"
#include "tap.h"

struct row {
	int n;
	long long big;
	double ratio;
	char *text;
	const char *name;
	long long parent;
};

int main(void)
{
	struct row in = { .n = -7, .big = 1LL << 40, .ratio = 0.25, .text = "a 'quoted' text",
			  .name = NULL, .parent = 0 };
	struct row out = { 0 };
	struct row again = { .parent = 42 };
	sqlite3_stmt *st;
	sqlite3 *db;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
	    sqlite3_exec(db, "CREATE TABLE t (n INTEGER, big INTEGER, ratio REAL, text TEXT,"
			 " name TEXT, parent INTEGER)", NULL, NULL, NULL) != SQLITE_OK)
		return 1;
	sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", -1, &st, NULL);
	DB_BIND(st, 1, DB_COL(in.n), DB_COL(in.big), DB_COL(in.ratio), DB_COL(in.text),
		DB_COL(in.name), DB_ID(in.parent));
	is_int(sqlite3_step(st), SQLITE_DONE, "the row is inserted");
	sqlite3_finalize(st);

	sqlite3_prepare_v2(db, "SELECT name IS NULL, parent IS NULL, n, big, ratio, text, parent"
			   " FROM t", -1, &st, NULL);
	is_int(sqlite3_step(st), SQLITE_ROW, "the row is there");
	is_int(sqlite3_column_int(st, 0), 1, "a NULL string binds as SQL NULL");
	is_int(sqlite3_column_int(st, 1), 1, "a row id of 0 binds as SQL NULL");
	out.parent = 99;
	DB_READ(st, 2, DB_COL(out.n), DB_COL(out.big), DB_COL(out.ratio), DB_COL(out.text),
		DB_ID(out.parent));
	is_int(out.n, -7, "an int reads back");
	is_int(out.big, 1LL << 40, "a long long reads back whole");
	ok(out.ratio == 0.25, "a double reads back");
	is_str(out.text, "a 'quoted' text", "text reads back");
	ok(out.text != in.text, "as a copy of its own");
	is_int(out.parent, 0, "a NULL row id reads as 0");
	sqlite3_finalize(st);

	sqlite3_prepare_v2(db, "SELECT name FROM t", -1, &st, NULL);
	sqlite3_step(st);
	again.text = "not yet";
	DB_READ(st, 0, DB_COL(again.text));
	ok(again.text == NULL, "SQL NULL reads as a NULL string");
	sqlite3_finalize(st);

	free(out.text);
	sqlite3_close(db);
	return done_testing();
}
