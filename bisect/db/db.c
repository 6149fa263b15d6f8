// SPDX-License-Identifier: GPL-2.0
/*
 * db.c - SQLite access. Prepared statements only; WAL so that readers
 * (report, first-bad) never block the step that records results; a busy
 * timeout because the rebase's step processes and the user's queries share
 * one file.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-row.h"
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
 * a repeat, a soak or a confirming one).
 */
#define SCHEMA_VERSION	13
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

int db_known_version(void)
{
	return SCHEMA_VERSION;
}

static int schema_version(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "PRAGMA user_version");
	int v = 0;

	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

int db_check_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		return error("cannot use database %s: %s", path, strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		return error("database %s is not a regular file", path);
	return 0;
}

sqlite3 *db_open(const char *path)
{
	sqlite3 *db;
	char *err = NULL;
	int rc, version;

	if (db_check_file(path))
		exit(die_status);
	rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK)
		die("cannot open database %s: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
	sqlite3_busy_timeout(db, 30000);
	if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;", NULL, NULL,
			 &err) != SQLITE_OK)
		die("cannot use database %s: %s", path, err);
	if (access(path, W_OK) < 0)
		die("database %s is not writable: %s", path, strerror(errno));
	version = schema_version(db);
	if (version > SCHEMA_VERSION)
		die("%s has schema version %d; this bisectable knows up to %d: upgrade it",
		    path, version, SCHEMA_VERSION);
	migrate(db, path, version);
	migrate_v12(db, path, version);
	migrate_v13(db, path, version);
	if (sqlite3_exec(db, schema_sql, NULL, NULL, &err) != SQLITE_OK)
		die("cannot create the schema in %s: %s", path, err);
	if (version < SCHEMA_VERSION)
		exec_or_die(db, path, "PRAGMA user_version = " STR(SCHEMA_VERSION));
	return db;
}

int db_version(sqlite3 *db)
{
	return schema_version(db);
}

/* Read a database only in a format this bisectable knows. */
static sqlite3 *check_version(sqlite3 *db, const char *path)
{
	int version = schema_version(db);

	if (version > SCHEMA_VERSION)
		die("%s has schema version %d; this bisectable knows up to %d: upgrade it",
		    path, version, SCHEMA_VERSION);
	return db;
}

char *db_immutable_uri(const char *path)
{
	struct strbuf uri = STRBUF_INIT;
	const unsigned char *p;

	strbuf_addstr(&uri, "file:");
	for (p = (const unsigned char *)path; *p; p++) {
		if (*p == '%' || *p == '?' || *p == '#' || *p <= ' ' || *p >= 0x7f)
			strbuf_addf(&uri, "%%%02X", *p);
		else
			strbuf_add(&uri, p, 1);
	}
	strbuf_addstr(&uri, "?immutable=1");
	return strbuf_detach(&uri, NULL);
}

/* 0 if the runs table can be read. */
static int readable(sqlite3 *db)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, "SELECT id FROM runs LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_finalize(st);
	return 0;
}

sqlite3 *db_open_readonly(const char *path)
{
	sqlite3 *db;
	char *uri;
	int rc;

	if (db_check_file(path))
		exit(die_status);
	/* Not created, not migrated, no schema applied: only read. */
	rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_busy_timeout(db, 30000);
		if (!readable(db))
			return check_version(db, path);
	}
	/*
	 * A WAL database in a place we cannot write (a read-only mount, a
	 * copy mailed to a reviewer) cannot make its -shm file: nothing writes
	 * there either, so read it as immutable.
	 */
	sqlite3_close(db);
	uri = db_immutable_uri(path);
	rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	free(uri);
	if (rc != SQLITE_OK)
		die("cannot open database %s: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
	/* A file that is not a database, or one without our tables, says so here. */
	if (readable(db))
		die("cannot read database %s: %s", path, sqlite3_errmsg(db));
	return check_version(db, path);
}

char *db_log_file(const char *db_dir, const char *path)
{
	char *logs, *root, *joined, *real;
	size_t n;

	if (!db_dir || !*db_dir || !path || !*path)
		return NULL;
	logs = xasprintf("%s/logs", db_dir);
	root = realpath(logs, NULL);
	free(logs);
	if (!root)
		return NULL;
	joined = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", db_dir, path);
	real = realpath(joined, NULL);
	free(joined);
	n = strlen(root);
	if (real && (strncmp(real, root, n) || real[n] != '/')) {
		free(real);
		real = NULL;
	}
	free(root);
	return real;
}

char *db_own_log(sqlite3 *db, const char *path)
{
	const char *db_file = sqlite3_db_filename(db, "main");
	char *dir, *slash, *file;
	struct stat st;

	if (!db_file || !*db_file)
		return NULL;
	dir = xstrdup(db_file);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	file = db_log_file(slash ? (*dir ? dir : "/") : ".", path);
	free(dir);
	if (file && (stat(file, &st) || !S_ISREG(st.st_mode))) {
		free(file);
		file = NULL;
	}
	return file;
}

void db_close(sqlite3 *db)
{
	sqlite3_close(db);
}

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

long long db_insert_run(sqlite3 *db, const struct run_info *run)
{
	char host[256] = "unknown";
	const char *version = BISECTABLE_VERSION, *host_name = host;
	sqlite3_stmt *st;
	char *now = now_iso8601();
	long long id;

	gethostname(host, sizeof(host) - 1);
	st = db_prepare(db,
		"INSERT INTO runs (series, series_kind, repo, work_dir, base_version, base_sha,"
		" tip_sha, configs, options, started_at, state, tool_version, host, kind, uuid)"
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, COALESCE(?, 'series'),"
		" lower(hex(randomblob(16))))");
	DB_BIND(st, 1, DB_COL(run->series), DB_COL(run->series_kind), DB_COL(run->repo),
		DB_COL(run->work_dir), DB_COL(run->base_version), DB_COL(run->base_sha),
		DB_COL(run->tip_sha), DB_COL(run->configs), DB_COL(run->options), DB_COL(now),
		DB_COL(version), DB_COL(host_name), DB_COL(run->kind));
	db_done(db, st);
	id = sqlite3_last_insert_rowid(db);
	free(now);
	return id;
}

void db_run_set_options(sqlite3 *db, long long run_id, const char *configs, const char *options)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE runs SET configs = ?, options = ? WHERE id = ?");

	DB_BIND(st, 1, DB_COL(configs), DB_COL(options), DB_COL(run_id));
	db_done(db, st);
}

void db_run_config_put(sqlite3 *db, long long run_id, const char *config, int derived,
		       int stages, const char *fragment, const char *covers)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT OR REPLACE INTO run_configs (run_id, config, origin, stages, fragment,"
		" covers) VALUES (?, ?, ?, ?, ?, ?)");

	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	db_bind_text(st, 3, derived ? "derived" : "given");
	DB_BIND(st, 4, DB_COL(stages), DB_COL(fragment), DB_COL(covers));
	db_done(db, st);
}

void db_run_config_changes(sqlite3 *db, long long run_id, const char *config, const char *spec,
			   const char *changes)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT INTO run_configs (run_id, config, spec, changes) VALUES (?1, ?2, ?3, ?4)"
		" ON CONFLICT (run_id, config) DO UPDATE SET spec = ?3,"
		" changes = coalesce(changes, ?4)");

	DB_BIND(st, 1, DB_COL(run_id), DB_COL(config), DB_COL(spec), DB_COL(changes));
	db_done(db, st);
}

char *db_run_config_changes_get(sqlite3 *db, long long run_id, const char *config)
{
	sqlite3_stmt *st;
	char *changes = NULL;

	if (!db_has_column(db, "run_configs", "changes"))
		return NULL;
	st = db_prepare(db, "SELECT changes FROM run_configs WHERE run_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		changes = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return changes;
}

int db_load_run(sqlite3 *db, long long id, struct run_info *run)
{
	sqlite3_stmt *st;
	int ret = -1;

	memset(run, 0, sizeof(*run));
	st = db_prepare(db,
		"SELECT id, series, series_kind, repo, work_dir, base_version, base_sha, tip_sha,"
		" configs, options, started_at, ended_at, state, tool_version, host FROM runs"
		" WHERE id = ?1 OR (?1 = 0 AND id = (SELECT MAX(id) FROM runs))");
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(run->id), DB_COL(run->series), DB_COL(run->series_kind),
			DB_COL(run->repo), DB_COL(run->work_dir), DB_COL(run->base_version),
			DB_COL(run->base_sha), DB_COL(run->tip_sha), DB_COL(run->configs),
			DB_COL(run->options), DB_COL(run->started_at), DB_COL(run->ended_at),
			DB_COL(run->state), DB_COL(run->tool_version), DB_COL(run->host));
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}

void db_finish_run(sqlite3 *db, long long id, const char *state, const char *tip_sha)
{
	sqlite3_stmt *st;
	char *now = now_iso8601();

	st = db_prepare(db, "UPDATE runs SET state = ?, ended_at = ?, tip_sha = COALESCE(?, tip_sha)"
			" WHERE id = ?");
	DB_BIND(st, 1, DB_COL(state), DB_COL(now), DB_COL(tip_sha), DB_COL(id));
	db_done(db, st);
	free(now);
}

int db_run_has_builds(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM results WHERE run_id = ?"
				      " AND stage = 'build' AND status IN ('pass', 'fail') LIMIT 1");
	int yes;

	sqlite3_bind_int64(st, 1, run_id);
	yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}

void run_info_free(struct run_info *run)
{
	free(run->series);
	free(run->series_kind);
	free(run->repo);
	free(run->work_dir);
	free(run->base_version);
	free(run->base_sha);
	free(run->tip_sha);
	free(run->configs);
	free(run->options);
	free(run->started_at);
	free(run->ended_at);
	free(run->state);
	free(run->tool_version);
	free(run->host);
	free(run->kind);
	memset(run, 0, sizeof(*run));
}

long long db_commit_id(sqlite3 *db, long long run_id, int position)
{
	sqlite3_stmt *st;
	long long id = 0;

	st = db_prepare(db, "SELECT id FROM commits WHERE run_id = ? AND position = ?");
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int(st, 2, position);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/*
 * Record the commit at a position. A different sha at a known position is an
 * amended commit (the fix-up workflow): its old results no longer apply.
 */
long long db_commit_set(sqlite3 *db, long long run_id, int position, const char *sha,
			const char *tree, const char *subject, const char *author,
			const char *patch)
{
	long long id = db_commit_id(db, run_id, position);
	sqlite3_stmt *st;

	if (!id) {
		st = db_prepare(db, "INSERT INTO commits (run_id, position, sha, tree, subject,"
				" author, patch) VALUES (?, ?, ?, ?, ?, ?, ?)");
		DB_BIND(st, 1, DB_COL(run_id), DB_COL(position), DB_COL(sha), DB_COL(tree),
			DB_COL(subject), DB_COL(author), DB_COL(patch));
		db_done(db, st);
		return sqlite3_last_insert_rowid(db);
	}
	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ?1 AND EXISTS"
			" (SELECT 1 FROM commits WHERE id = ?1 AND sha IS NOT ?2)");
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, sha);
	db_done(db, st);
	st = db_prepare(db, "UPDATE commits SET sha = ?, tree = ?, subject = COALESCE(?, subject),"
			" author = COALESCE(?, author), patch = COALESCE(?, patch) WHERE id = ?");
	DB_BIND(st, 1, DB_COL(sha), DB_COL(tree), DB_COL(subject), DB_COL(author), DB_COL(patch),
		DB_COL(id));
	db_done(db, st);
	return id;
}

void db_commit_mail(sqlite3 *db, long long commit_id, const char *message_id,
		    const char *references)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE commits SET message_id = ?,"
				      " mail_references = ? WHERE id = ?");

	DB_BIND(st, 1, DB_COL(message_id), DB_COL(references), DB_COL(commit_id));
	db_done(db, st);
}

long long db_result_set(sqlite3 *db, long long run_id, long long commit_id,
			const struct result_row *row)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ? AND config = ? AND stage = ?");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(row->config), DB_COL(row->stage));
	db_done(db, st);

	st = db_prepare(db, "INSERT INTO results (run_id, commit_id, config, stage, status,"
			" duration, evidence, log_path, reproduce, cache_key, image_key, cached_from,"
			" known, failed_tries) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?13,"
			" ?5 IN ('fail', 'timeout'))");
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(commit_id), DB_COL(row->config), DB_COL(row->stage),
		DB_COL(row->status), DB_COL(row->duration), DB_COL(row->evidence),
		DB_COL(row->log_path), DB_COL(row->reproduce), DB_COL(row->cache_key),
		DB_COL(row->image_key));
	if (row->cached_from)
		sqlite3_bind_int64(st, 12, row->cached_from);
	else
		sqlite3_bind_null(st, 12);
	db_bind_text(st, 13, row->known);
	db_done(db, st);
	return sqlite3_last_insert_rowid(db);
}

void db_metric_put(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const struct metric_sample *m)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO metrics (commit_id, config, source, name,"
			" value, unit, better, noise_pct, spread_pct, noisy)"
			" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(source), DB_COL(m->name),
		DB_COL(m->value), DB_COL(m->unit), DB_COL(m->better));
	if (m->noise_pct >= 0)
		sqlite3_bind_double(st, 8, m->noise_pct);
	if (m->spread_pct >= 0)
		sqlite3_bind_double(st, 9, m->spread_pct);
	sqlite3_bind_int(st, 10, m->noise_pct >= 0 && m->spread_pct > m->noise_pct);
	db_done(db, st);
}

void db_metric_set(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const char *name, double value)
{
	/* Undeclared: no unit, no direction, no noise floor, one sample. */
	struct metric_sample m = { .name = name, .value = value, .noise_pct = -1,
				   .spread_pct = -1 };

	db_metric_put(db, commit_id, config, source, &m);
}

void db_warnings_clear(sqlite3 *db, long long commit_id, const char *config)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "DELETE FROM warnings WHERE commit_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, commit_id);
	db_bind_text(st, 2, config);
	db_done(db, st);
}

void db_warning_add(sqlite3 *db, long long commit_id, const char *config, const char *object,
		    const char *message)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT INTO warnings (commit_id, config, object, message)"
			" VALUES (?, ?, ?, ?)");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(object), DB_COL(message));
	db_done(db, st);
}

void db_kconfig_set(sqlite3 *db, long long result_id, const char *dotconfig,
		    const char *compiled)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO kconfigs (result_id, dotconfig, compiled)"
			" VALUES (?, ?, ?)");
	DB_BIND(st, 1, DB_COL(result_id), DB_COL(dotconfig), DB_COL(compiled));
	db_done(db, st);
}
