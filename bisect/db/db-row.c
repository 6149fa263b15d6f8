// SPDX-License-Identifier: GPL-2.0
/*
 * db-row.c - statement parameters bound, and rows read, from a list of
 * typed lvalues (db-row.h).
 */
#include "db/db-row.h"
#include "lib/util.h"

void db_bind_cols(sqlite3_stmt *st, int first, const struct db_col *cols, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int idx = first + (int)i;
		const char *s;
		long long id;

		switch (cols[i].type) {
		case DB_INT:
			sqlite3_bind_int(st, idx, *(const int *)cols[i].at);
			break;
		case DB_LONG:
			sqlite3_bind_int64(st, idx, *(const long *)cols[i].at);
			break;
		case DB_INT64:
			sqlite3_bind_int64(st, idx, *(const long long *)cols[i].at);
			break;
		case DB_DOUBLE:
			sqlite3_bind_double(st, idx, *(const double *)cols[i].at);
			break;
		case DB_TEXT:
		case DB_CONST_TEXT:
			s = *(const char *const *)cols[i].at;
			if (s)
				sqlite3_bind_text(st, idx, s, -1, SQLITE_TRANSIENT);
			else
				sqlite3_bind_null(st, idx);
			break;
		case DB_ROW_ID:
			id = *(const long long *)cols[i].at;
			if (id)
				sqlite3_bind_int64(st, idx, id);
			else
				sqlite3_bind_null(st, idx);
			break;
		}
	}
}

void db_read_cols(sqlite3_stmt *st, int first, const struct db_col *cols, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int col = first + (int)i;
		const unsigned char *s;

		switch (cols[i].type) {
		case DB_INT:
			*(int *)cols[i].at = sqlite3_column_int(st, col);
			break;
		case DB_LONG:
			*(long *)cols[i].at = (long)sqlite3_column_int64(st, col);
			break;
		case DB_INT64:
		case DB_ROW_ID:
			*(long long *)cols[i].at = sqlite3_column_int64(st, col);
			break;
		case DB_DOUBLE:
			*(double *)cols[i].at = sqlite3_column_double(st, col);
			break;
		case DB_TEXT:
			s = sqlite3_column_text(st, col);
			*(char **)cols[i].at = s ? xstrdup((const char *)s) : NULL;
			break;
		case DB_CONST_TEXT:
			/* The text would not outlive the next step: no caller may ask for it. */
			die("BUG: a row read into a const char * (column %d)", col);
		}
	}
}
