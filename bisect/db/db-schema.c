// SPDX-License-Identifier: GPL-2.0
/*
 * db-schema.c - the versioned schema (db/schema.sql, embedded): the
 * migrations that bring an older database up to it, then the schema itself.
 */
#include <stdio.h>
#include <string.h>

#include "db/db-schema.h"
#include "db/db-stmt.h"
#include "lib/util.h"

static const char schema_sql[] =
#include "db/schema.inc"
;

/*
 * The schema's version (PRAGMA user_version). 0: a database from before
 * versions (the first releases); 1: results.image_key; 2: metrics.source,
 * runs.options holds the run configuration as JSON (run-config.h), and the
 * views agree with verdict.c (a skip is not bad; verdict.complete); 3:
 * results.status 'error' (an infrastructure failure, never cached) and
 * verdict.errors; 4: metrics.unit, better, noise_pct, spread_pct, noisy
 * (performance verdicts); 5: table kconfigs (a build's .config and the files
 * it compiled, for coverage); 6: commits.message_id and mail_references (the
 * patch mail's thread, for a reply to it); 7: runs.kind, 'series' or
 * 'bisect' (a run made by 'bisectable bisect' or 'step --bisect-run'); 8: results.origin (a verdict taken
 * from the shared results store), runs.results_remote and
 * results_remote_lost; 9: run_configs (derived configurations, and those
 * built only), which the verdict view reads; 10: runs.uuid, a run's random
 * identity (merge matches runs by it); 11: results.tries, failed_tries,
 * confirmed and known, tests.runs, fails and known, table tries (repeated
 * and confirming boots, known failures at the base); 12: run_configs.spec
 * and changes (a configuration not named by a configs/ name, and what
 * base.config and olddefconfig changed in its start); 13: tries.rtc and
 * why (the clock each boot was given, and whether it was the first boot,
 * a repeat, a soak or a confirming one); 14: commits.message and table
 * codeprints (what each build's machine code is, for codediff).
 */
#define SCHEMA_VERSION	14
#define STR_(x)		#x
#define STR(x)		STR_(x)

/* 0 if table has no such column (or no such table). */
int db_has_column(sqlite3 *db, const char *table, const char *column)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?");
	int found;

	db_bind_text(st, 1, table);
	db_bind_text(st, 2, column);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return found;
}


static void exec_or_die(sqlite3 *db, const char *path, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("cannot upgrade the schema of %s: %s", path, err);
}

/*
 * Version 3's results table, as db/schema.sql creates it. SQLite cannot
 * change a CHECK, so an older table is copied into this one, ids and all
 * (cached_from and tests.result_id refer to them).
 */
static const char results_v3[] =
	"CREATE TABLE results_v3 ("
	" id INTEGER PRIMARY KEY,"
	" run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	" commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,"
	" config TEXT NOT NULL,"
	" stage TEXT NOT NULL CHECK (stage IN ('apply', 'build', 'boot', 'test')),"
	" status TEXT NOT NULL CHECK (status IN ('pass', 'fail', 'timeout', 'skip', 'error')),"
	" duration REAL, evidence TEXT, log_path TEXT, reproduce TEXT, cache_key TEXT,"
	" image_key TEXT,"
	" cached_from INTEGER REFERENCES results(id) ON DELETE SET NULL,"
	" recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
	" UNIQUE (commit_id, config, stage))";

/* The columns of the old results table that version 3 has, comma-separated. */
static void results_columns(sqlite3 *db, struct strbuf *cols)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT o.name FROM pragma_table_info('results') o"
				      " JOIN pragma_table_info('results_v3') n USING (name)"
				      " ORDER BY o.cid");

	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(cols, "%s%s", cols->len ? ", " : "", db_column_str(st, 0));
	sqlite3_finalize(st);
}

static int results_allow_error(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM sqlite_master WHERE type = 'table'"
				      " AND name = 'results' AND sql LIKE '%''error''%'");
	int yes = sqlite3_step(st) == SQLITE_ROW;

	sqlite3_finalize(st);
	return yes;
}

/*
 * Rebuild results with version 3's CHECK, in one transaction, with foreign
 * keys off (they cannot be switched inside one) so that dropping the old
 * table cascades to nothing; the references are checked before the commit.
 */
static void migrate_results_v3(sqlite3 *db, const char *path)
{
	struct strbuf sql = STRBUF_INIT, cols = STRBUF_INIT;
	sqlite3_stmt *st;

	exec_or_die(db, path, "PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE");
	/* Another process may have done it while we waited for the lock. */
	if (!results_allow_error(db)) {
		exec_or_die(db, path, "DROP VIEW IF EXISTS verdict; DROP VIEW IF EXISTS first_bad");
		exec_or_die(db, path, results_v3);
		results_columns(db, &cols);
		strbuf_addf(&sql, "INSERT INTO results_v3 (%s) SELECT %s FROM results;"
			    " DROP TABLE results; ALTER TABLE results_v3 RENAME TO results",
			    cols.buf, cols.buf);
		exec_or_die(db, path, sql.buf);
		st = db_prepare(db, "PRAGMA foreign_key_check");
		if (sqlite3_step(st) == SQLITE_ROW)
			die("cannot upgrade the schema of %s: table %s has a dangling reference",
			    path, db_column_str(st, 0));
		sqlite3_finalize(st);
	}
	exec_or_die(db, path, "COMMIT; PRAGMA foreign_keys = ON");
	strbuf_release(&sql);
	strbuf_release(&cols);
}

/* Bring an older database's tables up to the columns schema.sql creates. */
static void migrate(sqlite3 *db, const char *path, int version)
{
	if (!db_has_column(db, "results", "id"))
		return;		/* a new database: schema.sql creates it whole */
	if (version < 1 && !db_has_column(db, "results", "image_key"))
		exec_or_die(db, path, "ALTER TABLE results ADD COLUMN image_key TEXT");
	/* first_bad counted a skip as bad and verdict had no complete column. */
	if (version < 2)
		exec_or_die(db, path, "DROP VIEW IF EXISTS verdict; DROP VIEW IF EXISTS first_bad");
	if (version < 2 && !db_has_column(db, "metrics", "source")) {
		/* Which stage made a metric, for the result cache's copies. */
		exec_or_die(db, path, "ALTER TABLE metrics ADD COLUMN source TEXT NOT NULL"
			    " DEFAULT 'guest' CHECK (source IN ('build', 'guest', 'series'));"
			    " UPDATE metrics SET source = 'build' WHERE name IN ('text', 'data',"
			    " 'bss', 'bzimage_bytes', 'warnings', 'rebuilt_objects',"
			    " 'restored_mtimes');"
			    " UPDATE metrics SET source = 'series' WHERE name = 'sched_smp_lines'");
	}
	/* results.status 'error'; the verdict view counts errors. */
	if (version < 3) {
		exec_or_die(db, path, "DROP VIEW IF EXISTS verdict; DROP VIEW IF EXISTS first_bad");
		migrate_results_v3(db, path);
	}
	/* The verdict view counts the stages each configuration is verified at. */
	if (version < 9)
		exec_or_die(db, path, "DROP VIEW IF EXISTS verdict");
	if (version < 4 && !db_has_column(db, "metrics", "unit"))
		exec_or_die(db, path, "ALTER TABLE metrics ADD COLUMN unit TEXT;"
			    " ALTER TABLE metrics ADD COLUMN better TEXT"
			    " CHECK (better IN ('lower', 'higher'));"
			    " ALTER TABLE metrics ADD COLUMN noise_pct REAL;"
			    " ALTER TABLE metrics ADD COLUMN spread_pct REAL;"
			    " ALTER TABLE metrics ADD COLUMN noisy INTEGER NOT NULL DEFAULT 0");
	/* The Message-ID and thread of each patch mail: 'report --format email' replies. */
	if (version < 6 && db_has_column(db, "commits", "id") &&
	    !db_has_column(db, "commits", "message_id"))
		exec_or_die(db, path, "ALTER TABLE commits ADD COLUMN message_id TEXT;"
			    " ALTER TABLE commits ADD COLUMN mail_references TEXT");
	/* The shared results store: where a verdict came from, what the run used. */
	if (version < 8) {
		if (!db_has_column(db, "results", "origin"))
			exec_or_die(db, path, "ALTER TABLE results ADD COLUMN origin TEXT");
		if (db_has_column(db, "runs", "id") &&
		    !db_has_column(db, "runs", "results_remote"))
			exec_or_die(db, path, "ALTER TABLE runs ADD COLUMN results_remote TEXT;"
				    " ALTER TABLE runs ADD COLUMN results_remote_lost TEXT");
	}
	/* A run's identity; an old run gets a random one too (ALTER takes no random default). */
	if (version < 10 && db_has_column(db, "runs", "id")) {
		if (!db_has_column(db, "runs", "uuid"))
			exec_or_die(db, path, "ALTER TABLE runs ADD COLUMN uuid TEXT");
		exec_or_die(db, path, "UPDATE runs SET uuid = lower(hex(randomblob(16)))"
			    " WHERE uuid IS NULL");
	}
	/* Repeated boots and known failures; table tries comes from schema.sql. */
	if (version < 11 && !db_has_column(db, "results", "tries"))
		exec_or_die(db, path, "ALTER TABLE results ADD COLUMN tries INTEGER NOT NULL"
			    " DEFAULT 1; ALTER TABLE results ADD COLUMN failed_tries INTEGER"
			    " NOT NULL DEFAULT 0; ALTER TABLE results ADD COLUMN confirmed TEXT"
			    " CHECK (confirmed IN ('deterministic', 'flaky', 'inherited'));"
			    " ALTER TABLE results ADD COLUMN known TEXT; UPDATE results SET"
			    " failed_tries = 1 WHERE status IN ('fail', 'timeout')");
	if (version < 11 && db_has_column(db, "tests", "id") &&
	    !db_has_column(db, "tests", "runs"))
		exec_or_die(db, path, "ALTER TABLE tests ADD COLUMN runs INTEGER NOT NULL"
			    " DEFAULT 1; ALTER TABLE tests ADD COLUMN fails INTEGER NOT NULL"
			    " DEFAULT 0; ALTER TABLE tests ADD COLUMN known INTEGER NOT NULL"
			    " DEFAULT 0; UPDATE tests SET fails = 1 WHERE status IN ('fail',"
			    " 'timeout')");
}

/* A configuration's own start and what changed in it; an older database has neither. */
static void migrate_v12(sqlite3 *db, const char *path, int version)
{
	if (version < 12 && db_has_column(db, "run_configs", "config") &&
	    !db_has_column(db, "run_configs", "changes"))
		exec_or_die(db, path, "ALTER TABLE run_configs ADD COLUMN spec TEXT;"
			    " ALTER TABLE run_configs ADD COLUMN changes TEXT");
}

/* What each boot was given and why; older tries have neither. */
static void migrate_v13(sqlite3 *db, const char *path, int version)
{
	if (version < 13 && db_has_column(db, "tries", "try") && !db_has_column(db, "tries", "why"))
		exec_or_die(db, path, "ALTER TABLE tries ADD COLUMN rtc TEXT;"
			    " ALTER TABLE tries ADD COLUMN why TEXT CHECK (why IN ('first',"
			    " 'repeat', 'soak', 'confirm'))");
}

/* The commit message a claim is read from; table codeprints comes from schema.sql. */
static void migrate_v14(sqlite3 *db, const char *path, int version)
{
	if (version < 14 && db_has_column(db, "commits", "id") &&
	    !db_has_column(db, "commits", "message"))
		exec_or_die(db, path, "ALTER TABLE commits ADD COLUMN message TEXT");
}

int db_known_version(void)
{
	return SCHEMA_VERSION;
}

int db_version(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "PRAGMA user_version");
	int v = 0;

	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

void db_schema_upgrade(sqlite3 *db, const char *path, int version)
{
	char *err = NULL;

	migrate(db, path, version);
	migrate_v12(db, path, version);
	migrate_v13(db, path, version);
	migrate_v14(db, path, version);
	if (sqlite3_exec(db, schema_sql, NULL, NULL, &err) != SQLITE_OK)
		die("cannot create the schema in %s: %s", path, err);
	if (version < SCHEMA_VERSION)
		exec_or_die(db, path, "PRAGMA user_version = " STR(SCHEMA_VERSION));
}
