/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-schema.h - the versioned schema (db-schema.c).
 */
#ifndef BISECT_DB_SCHEMA_H
#define BISECT_DB_SCHEMA_H

#include <sqlite3.h>

/* The newest schema version this bisectable knows, and the one of db. */
int db_known_version(void);
int db_version(sqlite3 *db);
/*
 * 0 if table has no such column: a database opened read-only is not
 * upgraded, so a reader of a newer column asks first.
 */
int db_has_column(sqlite3 *db, const char *table, const char *column);
/* Bring db (at version) up to the schema, migrations first; dies on errors. */
void db_schema_upgrade(sqlite3 *db, const char *path, int version);

#endif
