// SPDX-License-Identifier: GPL-2.0
/*
 * test-db.c - the database layer (db/db.c): the first_bad and verdict
 * views, replacing a cell, an amended commit, and schema upgrades from
 * before versions, from version 2 and from version 4; a newer database is
 * refused. Run from the top of the repository (db/schema.sql is read).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-codeprint.h"
#include "judge/verdict.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static void test_db_views(void)
{
	static const struct count_check views[] = {
		{ "SELECT COUNT(*) FROM first_bad", 1, "one configuration has a first bad" },
		{ "SELECT position FROM first_bad WHERE config = 'up'", 2,
		  "first_bad: up at commit 2" },
		{ "SELECT stage = 'build' FROM first_bad WHERE config = 'up'", 1,
		  "first_bad: at the build stage, not the skipped ones after it" },
		{ "SELECT bisectable = 'yes' FROM verdict WHERE config = 'smp'", 1,
		  "verdict: smp is bisectable" },
		{ "SELECT passed FROM verdict WHERE config = 'up'", 2,
		  "verdict: 2 of 3 up commits pass" },
	};
	char path[] = "/tmp/bisectable-db.XXXXXX";
	static const char *const stages[] = { "apply", "build", "boot", "test" };
	sqlite3 *db;
	long long id, c[3];
	int i, s;

	db = scratch_db(path);
	id = scratch_run(db, "up,smp", "");
	for (i = 0; i < 3; i++) {
		char sha[16];

		snprintf(sha, sizeof(sha), "%07d", i + 1);
		c[i] = db_commit_set(db, id, i + 1, sha, NULL, "subject", NULL, NULL);
		for (s = 0; s < 4; s++) {
			/* up: commit 2 fails to build, its boot/test are skipped */
			int bad = i == 1 && s >= 1;
			struct result_row up = { .config = "up", .stage = stages[s],
				.status = bad ? (s == 1 ? "fail" : "skip") : "pass",
				.evidence = bad && s == 1 ? "error: x" : NULL };
			struct result_row smp = { .config = "smp", .stage = stages[s],
						  .status = "pass" };

			db_result_set(db, id, c[i], &up);
			db_result_set(db, id, c[i], &smp);
		}
	}
	is_counts(db, views);
	/* Re-recording a cell replaces it. */
	{
		struct result_row fixed = { .config = "up", .stage = "build", .status = "pass" };

		db_result_set(db, id, c[1], &fixed);
	}
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2 AND config = 'up'"),
	       4, "a cell is replaced, not duplicated");
	/* An amended commit (new sha at a position) drops its old results. */
	db_commit_set(db, id, 2, "amended", NULL, "subject v2", NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2"), 0,
	       "amending a commit drops its old results");
	db_close(db);
	unlink(path);
	{
		char *wal = xasprintf("%s-wal", path), *shm = xasprintf("%s-shm", path);

		unlink(wal);
		unlink(shm);
		free(wal);
		free(shm);
	}
}

/* Makes the folder DIR ("/tmp/NAME.XXXXXX", filled in): 0, or -1 and a failed test. */
static int scratch_dir(char *dir)
{
	if (mkdtemp(dir))
		return 0;
	ok(0, "mkdtemp");
	return -1;
}

/*
 * The folder DIR and today's db/schema.sql in SQL, for a test to turn into
 * an older version's schema: 0, or -1 and a failed test.
 */
static int scratch_schema(char *dir, struct strbuf *sql)
{
	if (mkdtemp(dir) && strbuf_read_file(sql, "db/schema.sql") >= 0)
		return 0;
	ok(0, "mkdtemp and db/schema.sql (run from the top of the tree)");
	return -1;
}

/*
 * An older bisectable's database, made by SQLite alone and left open: the
 * file NAME in DIR (its path in *PATH), made by SCHEMA (or none) and SQL.
 */
static sqlite3 *old_db(const char *dir, const char *name, const char *schema, const char *sql,
		       char **path)
{
	sqlite3 *db;

	*path = xasprintf("%s/%s", dir, name);
	sqlite3_open(*path, &db);
	if (schema)
		sqlite3_exec(db, schema, NULL, NULL, NULL);
	sqlite3_exec(db, sql, NULL, NULL, NULL);
	return db;
}

/* PATH opened as bisectable opens it, checked to be at the current version (WHAT). */
static sqlite3 *upgraded(const char *path, const char *what)
{
	sqlite3 *db = db_open(path);

	is_int(count(db, "PRAGMA user_version"), db_known_version(), "%s", what);
	return db;
}

/* A database from before schema versions gets metrics.source and version 2. */
static void test_schema_upgrade(void)
{
	char dir[] = "/tmp/bisectable-schema.XXXXXX";
	char *path;
	sqlite3 *db;
	pid_t pid;
	int status = 0;

	if (scratch_dir(dir) < 0)
		return;
	db = old_db(dir, "old.db", NULL, "CREATE TABLE results (id INTEGER PRIMARY KEY, cache_key TEXT,"
		     " stage TEXT);"
		     "CREATE TABLE metrics (id INTEGER PRIMARY KEY, commit_id INTEGER NOT NULL,"
		     " config TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,"
		     " UNIQUE (commit_id, config, name));"
		     "INSERT INTO metrics (commit_id, config, name, value) VALUES"
		     " (1, 'up', 'text', 1), (1, 'up', 'pipe_rtt_ns', 2),"
		     " (1, 'up', 'sched_smp_lines', 3);", &path);
	sqlite3_close(db);
	db = upgraded(path, "an old database is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('kconfigs') WHERE name IN"
		     " ('result_id', 'dotconfig', 'compiled')"), 3,
	       "it gains table kconfigs (a build's .config and compiled files)");
	ok(count(db, "SELECT COUNT(*) FROM pragma_table_info('metrics') WHERE name IN ('unit', 'better', 'noise_pct', 'spread_pct', 'noisy')") == 5,
	   "its metrics gain unit, better, noise_pct, spread_pct, noisy");
	is_int(count(db, "SELECT COUNT(*) FROM metrics WHERE (name = 'text' AND source = 'build')"
		     " OR (name = 'pipe_rtt_ns' AND source = 'guest') OR (name = 'sched_smp_lines'"
		     " AND source = 'series')"), 3, "its metrics get the stage that made them");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('results') WHERE"
		     " name = 'image_key'"), 1, "and results.image_key");
	sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL);
	db_close(db);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", 1);

		dup2(null, 2);
		db_open(path);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	/* The exit code is die()'s, or LeakSanitizer's at that exit. */
	ok(WIFEXITED(status) && WEXITSTATUS(status) != 0,
	   "a database from a newer bisectable is refused");
	sqlite3_open(path, &db);
	is_int(count(db, "PRAGMA user_version"), 99, "and left as it was");
	sqlite3_close(db);
	free(path);
	remove_tree(dir);
}

/*
 * Version 4 -> 6: commits gain message_id and mail_references, rows kept.
 * The version 4 database is today's schema without those two columns.
 */
static void test_schema_v6(void)
{
	static const char columns[] = "message_id TEXT,\n\tmail_references TEXT,";
	char dir[] = "/tmp/bisectable-schema6.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *at;
	sqlite3 *db;

	if (scratch_schema(dir, &sql) < 0)
		return;
	at = strstr(sql.buf, columns);
	ok(at != NULL, "schema.sql has the version 6 columns");
	if (at)
		memset(at, ' ', strlen(columns));
	db = old_db(dir, "v4.db", sql.buf, "PRAGMA user_version = 4;"
		     "INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version,"
		     " base_sha, tip_sha, configs, options, started_at, ended_at, state,"
		     " tool_version, host) VALUES (1, 's', 'mbox', NULL, '/w', '6.12', 'b', NULL,"
		     " 'up', '{}', 't', NULL, 'done', '0.1', 'h');"
		     "INSERT INTO commits (id, run_id, position, sha, subject) VALUES"
		     " (1, 1, 1, 'a', 'one');", &path);
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('commits') WHERE name ="
		     " 'message_id'"), 0, "a version 4 database has no commits.message_id");
	sqlite3_close(db);
	db = upgraded(path, "it is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('commits') WHERE name IN"
		     " ('message_id', 'mail_references')"), 2,
	       "its commits gain message_id and mail_references");
	db_commit_mail(db, 1, "<1.2@x>", "<0.2@x>");
	is_int(count(db, "SELECT COUNT(*) FROM commits WHERE subject = 'one' AND"
		     " message_id = '<1.2@x>' AND mail_references = '<0.2@x>'"), 1,
	       "the commit is kept and takes its mail's ids");
	db_close(db);
	strbuf_release(&sql);
	free(path);
	remove_tree(dir);
}

/*
 * Version 9 -> 10: runs gain uuid, a random identity, old runs one each.
 * The version 9 database is today's schema without the column and its index.
 */
static void test_schema_v10(void)
{
	static const char kind[] = "CHECK (kind IN ('series', 'bisect'))";
	static const char index[] = "CREATE UNIQUE INDEX IF NOT EXISTS runs_by_uuid";
	char dir[] = "/tmp/bisectable-schema10.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *at, *end;
	sqlite3 *db;

	if (scratch_schema(dir, &sql) < 0)
		return;
	at = strstr(sql.buf, kind);
	end = at ? strstr(at, "\n);") : NULL;
	ok(at && end, "schema.sql has runs.uuid after runs.kind");
	if (at && end)
		memset(at + strlen(kind), ' ', end - at - strlen(kind));
	at = strstr(sql.buf, index);
	if (at)
		memset(at, ' ', strcspn(at, ";") + 1);
	db = old_db(dir, "v9.db", sql.buf, "PRAGMA user_version = 9;"
		     "INSERT INTO runs (series, series_kind, work_dir, base_version, base_sha,"
		     " configs, options, started_at, tool_version, host) VALUES"
		     " ('s', 'mbox', '/w', '6.12', 'b', 'up', '{}', 't', '0.1', 'h'),"
		     " ('s', 'mbox', '/w', '6.12', 'b', 'smp', '{}', 't', '0.1', 'h');", &path);
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('runs') WHERE name = 'uuid'"),
	       0, "a version 9 database has no runs.uuid");
	sqlite3_close(db);
	db = upgraded(path, "it is brought to the current version");
	is_int(count(db, "SELECT COUNT(DISTINCT uuid) FROM runs WHERE length(uuid) = 32"), 2,
	       "each of its runs gets an identity of its own, 128 random bits");
	is_int(count(db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'runs_by_uuid'"), 1,
	       "one identity is one run (a unique index)");
	db_close(db);
	strbuf_release(&sql);
	free(path);
	remove_tree(dir);
}

/*
 * A version 10 database opened read-only is never migrated: the verdict
 * still reads it, one boot a result (first-bad and report on an old file).
 */
static void test_schema_v11_readonly(void)
{
	char dir[] = "/tmp/bisectable-schema11.XXXXXX";
	struct verdict v;
	char *path;
	sqlite3 *db;

	if (scratch_dir(dir) < 0)
		return;
	db = old_db(dir, "v10.db", NULL, "CREATE TABLE runs (id INTEGER PRIMARY KEY);"
		     "CREATE TABLE commits (id INTEGER PRIMARY KEY, run_id INTEGER,"
		     " position INTEGER, sha TEXT, subject TEXT);"
		     "CREATE TABLE results (id INTEGER PRIMARY KEY, run_id INTEGER, commit_id"
		     " INTEGER, config TEXT, stage TEXT, status TEXT, evidence TEXT, log_path TEXT);"
		     "INSERT INTO commits VALUES (1, 1, 0, 'a', 'base'), (2, 1, 1, 'b', 'one');"
		     "INSERT INTO results (run_id, commit_id, config, stage, status) VALUES"
		     " (1, 1, 'up', 'boot', 'pass'), (1, 1, 'up', 'test', 'pass'),"
		     " (1, 2, 'up', 'boot', 'pass'), (1, 2, 'up', 'test', 'fail');"
		     "PRAGMA user_version = 10;", &path);
	sqlite3_close(db);
	db = db_open_readonly(path);
	verdict_load(db, 1, "up", NULL, &v);
	ok(v.bad && v.position == 1 && v.boots == 1 && v.failed_boots == 1 &&
	   v.parent_boots == 1 && v.confidence > 0.66 && v.confidence < 0.67,
	   "the verdict of a version 10 file read-only: 1 of 1 against 1 of 1 (%d of %d, %.2f)",
	   v.failed_boots, v.boots, v.confidence);
	verdict_free(&v);
	db_close(db);
	free(path);
	remove_tree(dir);
}

/*
 * Version 11 -> 12: run_configs gains spec and changes (a configuration not
 * named by configs/, and what base.config and olddefconfig changed in it);
 * its rows stay. Read-only, a version 11 file has neither and says none.
 * The version 11 database is today's schema without the two columns.
 */
static void test_schema_v12(void)
{
	static const char covers[] = "covers TEXT,";
	char dir[] = "/tmp/bisectable-schema12.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *at, *end, *changes;
	sqlite3 *db;

	if (scratch_schema(dir, &sql) < 0)
		return;
	at = strstr(sql.buf, covers);
	end = at ? strstr(at, "PRIMARY KEY (run_id, config)") : NULL;
	ok(at && end, "schema.sql has run_configs.spec and changes after covers");
	if (at && end)
		memset(at + strlen(covers), ' ', end - at - strlen(covers));
	db = old_db(dir, "v11.db", sql.buf, "PRAGMA user_version = 11;"
		     "INSERT INTO runs (series, series_kind, work_dir, base_version, base_sha,"
		     " configs, options, started_at, tool_version, host) VALUES"
		     " ('s', 'mbox', '/w', '6.12', 'b', 'up', '{}', 't', '0.1', 'h');"
		     "INSERT INTO run_configs (run_id, config, origin, stages) VALUES"
		     " (1, 'auto-1', 'derived', 2);", &path);
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('run_configs') WHERE name"
		     " IN ('spec', 'changes')"), 0, "a version 11 database has neither column");
	sqlite3_close(db);
	db = db_open_readonly(path);
	ok(!db_run_config_changes_get(db, 1, "auto-1"), "read-only, it has no changes to say");
	db_close(db);
	db = upgraded(path, "it is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM run_configs WHERE config = 'auto-1' AND stages = 2"),
	       1, "its rows stay");
	db_run_config_changes(db, 1, "defconfig+up", "defconfig:up", "CONFIG_A=y (was not set)\n");
	db_run_config_changes(db, 1, "defconfig+up", "defconfig:up", "later\n");
	changes = db_run_config_changes_get(db, 1, "defconfig+up");
	is_str(changes, "CONFIG_A=y (was not set)\n", "the first changes said stay");
	free(changes);
	is_int(count(db, "SELECT COUNT(*) FROM run_configs WHERE spec = 'defconfig:up'"
		     " AND stages = 4"), 1, "with the name as given, verified at 4 stages");
	db_close(db);
	strbuf_release(&sql);
	free(path);
	remove_tree(dir);
}

/*
 * Version 13 -> 14: commits gain message, the table codeprints is made; a
 * version 13 file opened read-only has neither and says there is nothing.
 * The version 13 database is today's schema without the two.
 */
static void test_schema_v14(void)
{
	char dir[] = "/tmp/bisectable-schema14.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	struct codeprint cp = { .image_sha = "ab", .symbols = "f\tT\t4\t0123456789abcdef\n",
				.sections = ".rodata\t8\tfedcba9876543210\n", .nsymbols = 1 };
	struct codeprint got;
	char *path, *at, *end, *msg;
	sqlite3 *db;

	if (!mkdtemp(dir) || strbuf_read_file(&sql, "db/schema.sql") < 0) {
		ok(0, "mkdtemp and db/schema.sql (run from the top of the tree)");
		return;
	}
	at = strstr(sql.buf, "\tmessage TEXT,");
	ok(at != NULL, "schema.sql has commits.message");
	if (at)
		memset(at, ' ', strlen("\tmessage TEXT,"));
	at = strstr(sql.buf, "CREATE TABLE IF NOT EXISTS codeprints");
	end = at ? strstr(at, ");") : NULL;
	ok(at && end, "schema.sql has the table codeprints");
	if (at && end)
		memset(at, ' ', end + 2 - at);
	path = xasprintf("%s/v13.db", dir);
	sqlite3_open(path, &db);
	sqlite3_exec(db, sql.buf, NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA user_version = 13;"
		     "INSERT INTO runs (series, series_kind, work_dir, base_version, base_sha,"
		     " configs, options, started_at, tool_version, host) VALUES"
		     " ('s', 'mbox', '/w', '6.12', 'b', 'up', '{}', 't', '0.1', 'h');"
		     "INSERT INTO commits (id, run_id, position, sha, subject) VALUES"
		     " (1, 1, 1, 'a', 'one');"
		     "INSERT INTO results (id, run_id, commit_id, config, stage, status) VALUES"
		     " (1, 1, 1, 'up', 'build', 'pass');", NULL, NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'codeprints'"), 0,
	       "a version 13 database has no codeprints");
	sqlite3_close(db);
	db = db_open_readonly(path);
	ok(!db_commit_message(db, 1, 1), "read-only, it has no commit message to say");
	is_int(db_codeprint_get(db, 1, 1, "up", &got), -1, "nor a codeprint");
	db_close(db);
	db = db_open(path);
	is_int(count(db, "PRAGMA user_version"), db_known_version(),
	       "it is brought to the current version");
	db_commit_message_set(db, 1, "one\n\nNo functional change.\n");
	msg = db_commit_message(db, 1, 1);
	is_str(msg, "one\n\nNo functional change.\n", "its commit takes its message");
	free(msg);
	db_codeprint_put(db, 1, &cp);
	is_int(db_codeprint_get(db, 1, 1, "up", &got), 0, "a codeprint is kept for the build");
	is_str(got.symbols, cp.symbols, "its symbol table inflates to what was put");
	is_str(got.sections, cp.sections, "with its sections");
	ok(!got.bug_entries, "and no bug table");
	codeprint_release(&got);
	db_close(db);
	strbuf_release(&sql);
	free(path);
	remove_tree(dir);
}

/*
 * Version 2 -> 3: results is rebuilt for status 'error', every row and id
 * kept (cached_from and tests.result_id refer to them), the references live.
 * The version 2 database is today's schema with version 2's CHECK.
 */
static void test_schema_v3(void)
{
	char dir[] = "/tmp/bisectable-schema3.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *check;
	sqlite3 *db;

	if (scratch_schema(dir, &sql) < 0)
		return;
	check = strstr(sql.buf, "'skip', 'error')");
	if (check)
		memcpy(check + 6, ")         ", 10);	/* version 2 knew no error */
	db = old_db(dir, "v2.db", sql.buf, "PRAGMA user_version = 2;"
		     "INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version,"
		     " base_sha, tip_sha, configs, options, started_at, ended_at, state,"
		     " tool_version, host) VALUES (1, 's', 'patches', NULL, '/w', '6.12', 'b',"
		     " NULL, 'up', '{}', 't', NULL, 'done', '0.1', 'h');"
		     "INSERT INTO commits (id, run_id, position, sha, subject) VALUES"
		     " (1, 1, 1, 'a', 'one'), (2, 1, 2, 'b', 'two');"
		     "INSERT INTO results (id, run_id, commit_id, config, stage, status, evidence,"
		     " cache_key, image_key, cached_from) VALUES"
		     " (7, 1, 1, 'up', 'test', 'fail', 'x: boom', 'K', 'I', NULL),"
		     " (42, 1, 2, 'up', 'test', 'fail', 'x: boom', 'K2', 'I', 7);"
		     "INSERT INTO tests (result_id, name, status) VALUES (7, 'x', 'fail'),"
		     " (42, 'x', 'fail');", &path);
	is_int(count(db, "SELECT COUNT(*) FROM results"), 2, "a version 2 database with results");
	ok(sqlite3_exec(db, "INSERT INTO results (run_id, commit_id, config, stage, status)"
			" VALUES (1, 1, 'up', 'build', 'error')", NULL, NULL, NULL) != SQLITE_OK,
	   "whose CHECK refuses status 'error'");
	sqlite3_close(db);

	db = upgraded(path, "is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE (id = 7 AND cached_from IS NULL"
		     " AND evidence = 'x: boom' AND image_key = 'I') OR (id = 42 AND"
		     " cached_from = 7 AND cache_key = 'K2')"), 2, "keeping every row and id");
	is_int(count(db, "SELECT COUNT(*) FROM tests t JOIN results r ON r.id = t.result_id"),
	       2, "the tests still belong to their results");
	ok(sqlite3_exec(db, "INSERT INTO results (run_id, commit_id, config, stage, status)"
			" VALUES (1, 1, 'up', 'build', 'error')", NULL, NULL, NULL) == SQLITE_OK,
	   "status 'error' is accepted");
	is_int(count(db, "SELECT COUNT(*) FROM verdict WHERE errors = 1 AND complete = 'no'"), 1,
	       "the verdict view counts it");
	sqlite3_exec(db, "DELETE FROM results WHERE id = 7", NULL, NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM tests") * 10 +
	       count(db, "SELECT COUNT(*) FROM results WHERE id = 42 AND cached_from IS NULL"),
	       11, "foreign keys still act (tests cascade, cached_from is set NULL)");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_foreign_key_check"), 0,
	       "no dangling reference");
	is_int(count(db, "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('results_v3',"
		     " 'results_by_key', 'results_by_image')"), 2,
	       "no table left over, the indexes are back");
	db_close(db);
	free(path);
	strbuf_release(&sql);
	remove_tree(dir);
}

/* Only a regular file (or a path that names nothing yet) is a database to open. */
static void test_check_file(void)
{
	char dir[] = "/tmp/bisectable-dbfile.XXXXXX";
	char *fifo, *file, *none;

	if (scratch_dir(dir) < 0)
		return;
	fifo = xasprintf("%s/fifo", dir);
	file = xasprintf("%s/file.db", dir);
	none = xasprintf("%s/none.db", dir);
	if (mkfifo(fifo, 0600) < 0)
		perror("mkfifo");
	write_file(file, "", 0);
	fflush(stderr);
	is_int(db_check_file(file), 0, "a regular file may be opened");
	is_int(db_check_file(none), 0, "so may a new path");
	ok(db_check_file(fifo) < 0, "a FIFO may not (it would block)");
	ok(db_check_file("/dev/null") < 0, "nor a device (it would get a -journal)");
	ok(db_check_file(dir) < 0, "nor a directory");
	free(fifo);
	free(file);
	free(none);
	remove_tree(dir);
}

/*
 * What the results store may send of a result's log: a regular file in
 * the database's own logs/, never a path another machine's rows name.
 */
static void test_own_log(void)
{
	char dir[] = "/tmp/bisectable-ownlog.XXXXXX";
	char *path, *logs, *mine, *fifo, *link, *got;
	sqlite3 *db;

	if (scratch_dir(dir) < 0)
		return;
	path = xasprintf("%s/a.db", dir);
	logs = xasprintf("%s/logs/run-1", dir);
	mkdir_p(logs);
	mine = xasprintf("%s/build.log", logs);
	write_file(mine, "log\n", 4);
	fifo = xasprintf("%s/fifo.log", logs);
	if (mkfifo(fifo, 0600) < 0)
		perror("mkfifo");
	link = xasprintf("%s/passwd.log", logs);
	if (symlink("/etc/passwd", link) < 0)
		perror("symlink");
	db = db_open(path);
	got = db_own_log(db, mine);
	ok(got && !strcmp(got, mine), "its own log, by absolute path");
	free(got);
	got = db_own_log(db, "logs/run-1/build.log");
	ok(got && !strcmp(got, mine), "and relative to the database");
	free(got);
	ok(!db_own_log(db, "/etc/passwd"), "not a file outside its logs");
	ok(!db_own_log(db, "logs/../../../../etc/passwd"), "nor one reached by ..");
	ok(!db_own_log(db, link), "nor one reached by a link in its logs");
	ok(!db_own_log(db, fifo), "nor a FIFO in its logs (it would block)");
	db_close(db);
	free(path);
	free(logs);
	free(mine);
	free(fifo);
	free(link);
	remove_tree(dir);
}

int main(void)
{
	test_check_file();
	test_own_log();
	test_db_views();
	test_schema_upgrade();
	test_schema_v3();
	test_schema_v6();
	test_schema_v10();
	test_schema_v11_readonly();
	test_schema_v12();
	test_schema_v14();
	return done_testing();
}
