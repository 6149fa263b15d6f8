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
#include "lib/util.h"

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
	version = db_version(db);
	if (version > db_known_version())
		die("%s has schema version %d; this bisectable knows up to %d: upgrade it",
		    path, version, db_known_version());
	db_schema_upgrade(db, path, version);
	return db;
}

/* Read a database only in a format this bisectable knows. */
static sqlite3 *check_version(sqlite3 *db, const char *path)
{
	int version = db_version(db);

	if (version > db_known_version())
		die("%s has schema version %d; this bisectable knows up to %d: upgrade it",
		    path, version, db_known_version());
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
