/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-stmt.h - statements and transactions (db-stmt.c).
 */
#ifndef BISECT_DB_STMT_H
#define BISECT_DB_STMT_H

#include <sqlite3.h>

sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql);
void db_begin(sqlite3 *db);
void db_commit(sqlite3 *db);
void db_rollback(sqlite3 *db);
/* Step a statement that returns no rows, then finalize it; dies on error. */
void db_done(sqlite3 *db, sqlite3_stmt *st);
/* Bind a C string or NULL. */
void db_bind_text(sqlite3_stmt *st, int idx, const char *s);
/* Column as an allocated string (NULL for SQL NULL). */
char *db_column_dup(sqlite3_stmt *st, int col);
/* Column as a string, "" for SQL NULL; valid until the next step. */
const char *db_column_str(sqlite3_stmt *st, int col);

#endif
