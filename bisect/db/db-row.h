/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-row.h - one way to bind a statement's parameters and to read a row:
 * a list of C lvalues whose types say what each column is. A new column is
 * one more DB_COL() where the columns are listed:
 *
 *	DB_READ(st, 0, DB_COL(run->id), DB_COL(run->series), DB_COL(run->host));
 *	DB_BIND(st, 1, DB_COL(run_id), DB_COL(row->config), DB_ID(row->cached_from));
 *
 * int, long, long long and double bind and read as SQLite integers and reals;
 * char * and const char * bind as text, NULL as SQL NULL; a char * is read
 * as an allocated copy (NULL for SQL NULL), which the caller frees. DB_ID()
 * is a row id: 0 binds as NULL. A type DB_COL() does not know, or a value
 * that is not an lvalue (a string literal, a call), is a build error
 * (_Generic), never a silent conversion.
 */
#ifndef BISECT_DB_ROW_H
#define BISECT_DB_ROW_H

#include <stddef.h>
#include <sqlite3.h>

enum db_type {
	DB_INT,
	DB_LONG,
	DB_INT64,
	DB_DOUBLE,
	DB_TEXT,		/* char *: bound, or read as an allocated copy */
	DB_CONST_TEXT,		/* const char *: bound only */
	DB_ROW_ID,		/* long long: bound as NULL when 0, read as 0 for NULL */
};

struct db_col {
	enum db_type type;
	void *at;		/* the lvalue; only read when binding */
};

/* By the lvalue's address, so that an array (a string literal) is refused too. */
#define DB_COL(v) ((struct db_col){ _Generic(&(v),					\
		int *: DB_INT, const int *: DB_INT,					\
		long *: DB_LONG, const long *: DB_LONG,				\
		long long *: DB_INT64, const long long *: DB_INT64,			\
		double *: DB_DOUBLE, const double *: DB_DOUBLE,				\
		char **: DB_TEXT, char *const *: DB_CONST_TEXT,				\
		const char **: DB_CONST_TEXT, const char *const *: DB_CONST_TEXT),	\
		(void *)&(v) })
#define DB_ID(v) ((struct db_col){ _Generic(&(v), long long *: DB_ROW_ID,		\
		const long long *: DB_ROW_ID), (void *)&(v) })

/* Bind cols to the parameters first, first + 1, ... (SQLite counts from 1). */
void db_bind_cols(sqlite3_stmt *st, int first, const struct db_col *cols, size_t n);
/* Read the columns first, first + 1, ... (from 0) of the current row into cols. */
void db_read_cols(sqlite3_stmt *st, int first, const struct db_col *cols, size_t n);

#define DB_BIND(st, first, ...) do {						\
	const struct db_col db_cols_[] = { __VA_ARGS__ };			\
	db_bind_cols((st), (first), db_cols_, sizeof(db_cols_) / sizeof(db_cols_[0]));	\
} while (0)
#define DB_READ(st, first, ...) do {						\
	const struct db_col db_cols_[] = { __VA_ARGS__ };			\
	db_read_cols((st), (first), db_cols_, sizeof(db_cols_) / sizeof(db_cols_[0]));	\
} while (0)

#endif
