// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - fold another database's runs into this one (see merge.h).
 *
 * The other database is copied first (SQLite's backup API, from a
 * read-only connection) and the copy brought to this schema by db_open(),
 * so that an older database merges like a current one and the file given
 * is never written. The copy is attached as 'o'; temporary tables map its
 * ids to ours, and every row is carried over by SQL in one transaction.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-row.h"
#include "db/merge.h"
#include "lib/layout.h"
#include "lib/util.h"

static void exec_sql(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("merge: %s (in: %.60s...)", err, sql);
}

/* Run a fixed statement; the rows it changed. */
static int changed(sqlite3 *db, const char *sql)
{
	exec_sql(db, sql);
	return sqlite3_changes(db);
}

/*
 * The columns of table that both databases have, but skip: "a, b" and,
 * with prefix, "p.a, p.b". Another bisectable's extra columns (a newer
 * helper's) come along; ours that the other lacks keep their defaults.
 */
static void common_columns(sqlite3 *db, const char *table, const char *const *skip,
			   const char *prefix, struct strbuf *cols, struct strbuf *prefixed)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT name FROM pragma_table_info(?1, 'main')"
				      " WHERE name IN (SELECT name FROM pragma_table_info(?1, 'o'))"
				      " ORDER BY cid");
	size_t i;

	db_bind_text(st, 1, table);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *name = db_column_str(st, 0);

		for (i = 0; skip[i]; i++)
			if (!strcmp(skip[i], name))
				break;
		if (skip[i])
			continue;
		strbuf_addf(cols, "%s\"%s\"", cols->len ? ", " : "", name);
		strbuf_addf(prefixed, "%s%s.\"%s\"", prefixed->len ? ", " : "", prefix, name);
	}
	sqlite3_finalize(st);
}

/* "a,b" + "b,c" = "a,b,c": the configurations of a run folded into another. */
static char *configs_union(const char *mine, const char *theirs)
{
	struct strbuf out = STRBUF_INIT;
	char *copy = xstrdup(theirs), *name, *save = NULL;

	strbuf_addstr(&out, mine);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		char *with = xasprintf(",%s,", name), *in = xasprintf(",%s,", out.buf);

		if (!strstr(in, with))
			strbuf_addf(&out, "%s%s", out.len ? "," : "", name);
		free(with);
		free(in);
	}
	free(copy);
	return strbuf_detach(&out, NULL);
}

/* Fold o's runs into run into_run: its configurations become the union. */
static int map_into_run(sqlite3 *db, long long into_run, struct merge_stats *stats)
{
	sqlite3_stmt *st, *up;
	char *configs = NULL, *u;

	st = db_prepare(db, "SELECT configs FROM main.runs WHERE id = ?");
	sqlite3_bind_int64(st, 1, into_run);
	if (sqlite3_step(st) == SQLITE_ROW)
		configs = db_column_dup(st, 0);
	sqlite3_finalize(st);
	if (!configs)
		return error("no run %lld to merge into", into_run);
	st = db_prepare(db, "SELECT id, configs FROM o.runs ORDER BY id");
	while (sqlite3_step(st) == SQLITE_ROW) {
		up = db_prepare(db, "INSERT INTO temp.merge_run (old, new) VALUES (?, ?)");
		sqlite3_bind_int64(up, 1, sqlite3_column_int64(st, 0));
		sqlite3_bind_int64(up, 2, into_run);
		db_done(db, up);
		stats->run_id = into_run;
		u = configs_union(configs, db_column_str(st, 1));
		free(configs);
		configs = u;
		stats->runs++;
	}
	sqlite3_finalize(st);
	up = db_prepare(db, "UPDATE main.runs SET configs = ? WHERE id = ?");
	db_bind_text(up, 1, configs);
	sqlite3_bind_int64(up, 2, into_run);
	db_done(db, up);
	free(configs);
	return 0;
}

/*
 * Each run of o to ours with the same identity (runs.uuid), or a new one.
 * A run of a database from before identities (legacy: its copy's were
 * made up by the upgrade, anew at each merge) or without one is matched by
 * (host, started_at, series, base_sha), as merge did then.
 */
static void map_runs(sqlite3 *db, int legacy, struct merge_stats *stats)
{
	static const char *const skip[] = { "id", NULL };
	struct strbuf cols = STRBUF_INIT, ocols = STRBUF_INIT, sql = STRBUF_INIT;
	sqlite3_stmt *st, *q;

	common_columns(db, "runs", skip, "r", &cols, &ocols);
	strbuf_addf(&sql, "INSERT INTO main.runs (%s) SELECT %s FROM o.runs r WHERE r.id = ?",
		    cols.buf, ocols.buf);
	st = db_prepare(db, "SELECT o.id, COALESCE((SELECT m.id FROM main.runs m"
			" WHERE m.uuid = o.uuid), CASE WHEN ?1 OR o.uuid IS NULL THEN"
			" (SELECT m.id FROM main.runs m WHERE m.host IS o.host"
			" AND m.started_at IS o.started_at AND m.series IS o.series"
			" AND m.base_sha IS o.base_sha ORDER BY m.id LIMIT 1) END)"
			" FROM o.runs o ORDER BY o.id");
	sqlite3_bind_int(st, 1, legacy);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long long old = sqlite3_column_int64(st, 0), new = sqlite3_column_int64(st, 1);

		if (!new) {
			q = db_prepare(db, sql.buf);
			sqlite3_bind_int64(q, 1, old);
			db_done(db, q);
			new = sqlite3_last_insert_rowid(db);
			stats->new_runs++;
		}
		q = db_prepare(db, "INSERT INTO temp.merge_run (old, new) VALUES (?, ?)");
		sqlite3_bind_int64(q, 1, old);
		sqlite3_bind_int64(q, 2, new);
		db_done(db, q);
		stats->run_id = new;
		stats->runs++;
	}
	sqlite3_finalize(st);
	/*
	 * A run merged while it was still running there (it is recorded with
	 * its host, and only its own host marks it interrupted) takes how it
	 * ended from a later merge.
	 */
	exec_sql(db, "UPDATE main.runs SET (state, ended_at) = (SELECT o.state, o.ended_at"
		 " FROM o.runs o JOIN temp.merge_run m ON m.old = o.id WHERE m.new = runs.id"
		 " AND o.state != 'running' ORDER BY o.id LIMIT 1) WHERE state = 'running'"
		 " AND id IN (SELECT m.new FROM temp.merge_run m JOIN o.runs o ON o.id = m.old"
		 " WHERE o.state != 'running' AND o.host IS runs.host)");
	/* A run that came without an identity gets one here. */
	exec_sql(db, "UPDATE main.runs SET uuid = lower(hex(randomblob(16))) WHERE uuid IS NULL");
	strbuf_release(&cols);
	strbuf_release(&ocols);
	strbuf_release(&sql);
}

/* A commit at the same position of a mapped run with another tree: not the same series. */
static int check_trees(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT c.position, c.tree, x.tree FROM o.commits c"
				      " JOIN temp.merge_run m ON m.old = c.run_id JOIN main.commits x"
				      " ON x.run_id = m.new AND x.position = c.position"
				      " WHERE c.tree IS NOT NULL AND x.tree IS NOT NULL"
				      " AND c.tree != x.tree LIMIT 1");
	int ret = 0;

	if (sqlite3_step(st) == SQLITE_ROW)
		ret = error("commit %d has tree %.12s there and %.12s here: not the same series",
			    sqlite3_column_int(st, 0), db_column_str(st, 1), db_column_str(st, 2));
	sqlite3_finalize(st);
	return ret;
}

/*
 * Copy the rows of o's table that join (how: " JOIN temp.merge_... m ON
 * m.old = x.<key> ..." over o.table x) to ours, key set to m.new, id new;
 * what we have (by the table's unique key) stays. Adds the count to *added.
 */
static void copy_rows(sqlite3 *db, const char *table, const char *key, const char *how,
		      int *added)
{
	const char *const skip[] = { "id", key, NULL };
	struct strbuf cols = STRBUF_INIT, ocols = STRBUF_INIT, sql = STRBUF_INIT;

	common_columns(db, table, skip, "x", &cols, &ocols);
	strbuf_addf(&sql, "INSERT OR IGNORE INTO main.%s (%s, %s) SELECT m.new, %s FROM o.%s x%s",
		    table, key, cols.buf, ocols.buf, table, how);
	*added += changed(db, sql.buf);
	strbuf_release(&cols);
	strbuf_release(&ocols);
	strbuf_release(&sql);
}

/*
 * Each boot of a result comes with it, but not its log path: only a
 * result's own log is copied into our logs/ (copy_logs).
 */
static void copy_tries(sqlite3 *db)
{
	exec_sql(db, "INSERT OR IGNORE INTO main.tries (result_id, try, status, evidence,"
		 " duration, rtc, why) SELECT m.new, x.try, x.status, x.evidence, x.duration,"
		 " x.rtc, CASE WHEN x.why IN ('first', 'repeat', 'soak', 'confirm') THEN x.why"
		 " END FROM o.tries x"
		 " JOIN temp.merge_result m ON m.old = x.result_id WHERE m.fresh"
		 " ORDER BY x.result_id, x.try");
}

static void merge_rows(sqlite3 *db, struct merge_stats *stats)
{
	static const char *const commit_skip[] = { "id", "run_id", NULL };
	static const char *const result_skip[] = { "id", "run_id", "commit_id", "cached_from",
						   NULL };
	struct strbuf cols = STRBUF_INIT, ocols = STRBUF_INIT, sql = STRBUF_INIT;
	int codeprints = 0;
	/* A result of o and ours at the same (commit, config, stage). */
	static const char same_result[] =
		" FROM o.results r JOIN temp.merge_commit mc ON mc.old = r.commit_id"
		" JOIN main.results y ON y.commit_id = mc.new AND y.config = r.config"
		" AND y.stage = r.stage";

	common_columns(db, "commits", commit_skip, "c", &cols, &ocols);
	strbuf_addf(&sql, "INSERT OR IGNORE INTO main.commits (run_id, %s) SELECT m.new, %s"
		    " FROM o.commits c JOIN temp.merge_run m ON m.old = c.run_id"
		    " WHERE NOT EXISTS (SELECT 1 FROM main.commits x WHERE x.run_id = m.new"
		    " AND x.position = c.position) ORDER BY c.id", cols.buf, ocols.buf);
	stats->new_commits += changed(db, sql.buf);
	exec_sql(db, "INSERT OR IGNORE INTO temp.merge_commit (old, new) SELECT c.id, x.id"
		 " FROM o.commits c JOIN temp.merge_run m ON m.old = c.run_id"
		 " JOIN main.commits x ON x.run_id = m.new AND x.position = c.position");

	/* Results we have are kept; the others are added, then every one is mapped. */
	strbuf_reset(&sql);
	strbuf_addf(&sql, "INSERT OR IGNORE INTO temp.merge_result (old, new, fresh)"
		    " SELECT r.id, y.id, 0%s", same_result);
	exec_sql(db, sql.buf);
	strbuf_reset(&cols);
	strbuf_reset(&ocols);
	common_columns(db, "results", result_skip, "r", &cols, &ocols);
	strbuf_reset(&sql);
	strbuf_addf(&sql, "INSERT OR IGNORE INTO main.results (run_id, commit_id, %s)"
		    " SELECT x.run_id, x.id, %s FROM o.results r"
		    " JOIN temp.merge_commit mc ON mc.old = r.commit_id"
		    " JOIN main.commits x ON x.id = mc.new WHERE r.id NOT IN"
		    " (SELECT old FROM temp.merge_result) ORDER BY r.id", cols.buf, ocols.buf);
	stats->new_results += changed(db, sql.buf);
	strbuf_reset(&sql);
	strbuf_addf(&sql, "INSERT OR IGNORE INTO temp.merge_result (old, new, fresh)"
		    " SELECT r.id, y.id, 1%s", same_result);
	exec_sql(db, sql.buf);
	/* A copy names its origin by our id (NULL if the origin did not come along). */
	exec_sql(db, "UPDATE main.results SET cached_from = (SELECT m2.new FROM"
		 " temp.merge_result m JOIN o.results r ON r.id = m.old"
		 " JOIN temp.merge_result m2 ON m2.old = r.cached_from"
		 " WHERE m.new = results.id AND m.fresh LIMIT 1)"
		 " WHERE id IN (SELECT new FROM temp.merge_result WHERE fresh)");

	copy_rows(db, "tests", "result_id", " JOIN temp.merge_result m ON m.old = x.result_id"
		  " WHERE m.fresh ORDER BY x.id", &stats->new_tests);
	copy_tries(db);
	/* A build's .config and its compiled files (coverage, the compiler), with the build. */
	copy_rows(db, "kconfigs", "result_id", " JOIN temp.merge_result m ON m.old = x.result_id"
		  " WHERE m.fresh", &stats->new_kconfigs);
	/* What its machine code is (codediff), with the build too. */
	copy_rows(db, "codeprints", "result_id", " JOIN temp.merge_result m ON m.old = x.result_id"
		  " WHERE m.fresh", &codeprints);
	copy_rows(db, "metrics", "commit_id", " JOIN temp.merge_commit m ON m.old = x.commit_id"
		  " ORDER BY x.id", &stats->new_metrics);
	/*
	 * How each configuration was verified (derived ones at apply and build
	 * only, their fragments): without it a merged derived configuration
	 * would lack its boot and test, and be called incomplete.
	 */
	copy_rows(db, "run_configs", "run_id", " JOIN temp.merge_run m ON m.old = x.run_id"
		  " ORDER BY x.run_id, x.config", &stats->new_run_configs);

	/* Warnings have no key of their own: a (commit, config) we lack gets o's whole set. */
	exec_sql(db, "INSERT INTO temp.merge_warn (commit_id, config) SELECT DISTINCT mc.new,"
		 " w.config FROM o.warnings w JOIN temp.merge_commit mc ON mc.old = w.commit_id"
		 " WHERE NOT EXISTS (SELECT 1 FROM main.warnings x WHERE x.commit_id = mc.new"
		 " AND x.config = w.config)");
	stats->new_warnings += changed(db, "INSERT INTO main.warnings (commit_id, config, object,"
		" message) SELECT mc.new, w.config, w.object, w.message FROM o.warnings w"
		" JOIN temp.merge_commit mc ON mc.old = w.commit_id JOIN temp.merge_warn k"
		" ON k.commit_id = mc.new AND k.config = w.config ORDER BY w.id");
	strbuf_release(&cols);
	strbuf_release(&ocols);
	strbuf_release(&sql);
}

struct log_ref {
	long long result, run;
	int position;
	char *sha, *path;
};

/*
 * Copy the regular file at src to dest, a new file (never one of ours
 * replaced, never through a symlink), a block at a time: a log may be
 * large, and src a FIFO that would block. 0, or -1 with dest not made.
 */
static int copy_regular(const char *src, const char *dest)
{
	int in = open(src, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), out = -1, ret = -1;
	char buf[65536];
	struct stat st;
	ssize_t n = 0;

	if (in < 0 || fstat(in, &st) < 0 || !S_ISREG(st.st_mode))
		goto out;
	out = open(dest, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (out < 0)
		goto out;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write_all(out, buf, n))
			break;
	ret = n == 0 ? 0 : -1;
	if (close(out) < 0)
		ret = -1;
	if (ret)
		unlink(dest);
out:
	if (in >= 0)
		close(in);
	return ret;
}

/*
 * Copy one log of the other database into ours; its path here, or NULL.
 * Under its own name, or (one of ours has it: folding into a run) prefixed
 * with the result's id here.
 */
static char *copy_log(const char *db_path, const char *other_dir, const struct log_ref *l)
{
	char *real = db_log_file(other_dir, l->path), *dir, *dest, *name;

	if (!real)
		return NULL;
	name = strrchr(real, '/') + 1;
	dir = commit_log_dir(db_path, l->run, l->position, l->sha);
	dest = xasprintf("%s/%s", dir, name);
	if (copy_regular(real, dest)) {
		free(dest);
		dest = xasprintf("%s/r%lld-%s", dir, l->result, name);
		if (copy_regular(real, dest)) {
			free(dest);
			dest = NULL;
		}
	}
	free(dir);
	free(real);
	return dest;
}

/*
 * A log path of the other database is data of another machine: the log it
 * names is copied into our logs if it lies in the other database's own
 * logs (db_log_file()), else the path is dropped. No path of another
 * machine is kept, nor any file outside its logs read.
 */
static void copy_logs(sqlite3 *db, const char *other)
{
	const char *db_path = sqlite3_db_filename(db, "main");
	char *abs = abspath(other), *slash = strrchr(abs, '/');
	sqlite3_stmt *st = db_prepare(db, "SELECT r.id, r.run_id, c.position, c.sha, r.log_path"
				      " FROM main.results r JOIN main.commits c ON c.id = r.commit_id"
				      " WHERE r.log_path IS NOT NULL AND r.id IN"
				      " (SELECT new FROM temp.merge_result WHERE fresh)");
	struct log_ref *v = NULL;
	size_t n = 0, i;

	*slash = '\0';
	while (sqlite3_step(st) == SQLITE_ROW) {
		v = xrealloc(v, (n + 1) * sizeof(*v));
		DB_READ(st, 0, DB_COL(v[n].result), DB_COL(v[n].run), DB_COL(v[n].position),
			DB_COL(v[n].sha), DB_COL(v[n].path));
		n++;
	}
	sqlite3_finalize(st);
	for (i = 0; i < n; i++) {
		char *here = db_path && *db_path ? copy_log(db_path, *abs ? abs : "/", &v[i]) : NULL;

		st = db_prepare(db, "UPDATE main.results SET log_path = ? WHERE id = ?");
		db_bind_text(st, 1, here);
		sqlite3_bind_int64(st, 2, v[i].result);
		db_done(db, st);
		free(here);
		free(v[i].sha);
		free(v[i].path);
	}
	free(v);
	free(abs);
}

/*
 * The temporary copy being merged. A failure past its making dies (a
 * corrupt page met by the merge's SQL, a lock that times out): at that
 * exit it is removed too, so that no full copy of another machine's
 * database is left in $TMPDIR.
 */
static char *pending_copy;

static void unlink_copy(const char *copy)
{
	static const char *const sides[] = { "", "-wal", "-shm", "-journal", NULL };
	size_t i;

	for (i = 0; sides[i]; i++) {
		char *side = xasprintf("%s%s", copy, sides[i]);

		unlink(side);
		free(side);
	}
}

static void remove_pending_copy(void)
{
	if (pending_copy)
		unlink_copy(pending_copy);
}

static void remove_copy(char *copy)
{
	unlink_copy(copy);
	if (pending_copy == copy)
		pending_copy = NULL;
	free(copy);
}

/*
 * The other database, read only: read-only first, else (a WAL database in
 * a directory we cannot write, which cannot make its -shm) as immutable,
 * the way db_open_readonly() reads one. NULL with a message.
 */
static sqlite3 *open_other(const char *path)
{
	static const char probe[] = "SELECT id, host, started_at FROM runs LIMIT 1";
	sqlite3 *src = NULL;
	sqlite3_stmt *st;
	char *uri;

	if (sqlite3_open_v2(path, &src, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(src, probe, -1, &st, NULL) == SQLITE_OK)
		goto ok;
	sqlite3_close(src);
	uri = db_immutable_uri(path);
	src = NULL;
	if (sqlite3_open_v2(uri, &src, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) ==
	    SQLITE_OK && sqlite3_prepare_v2(src, probe, -1, &st, NULL) == SQLITE_OK) {
		free(uri);
		goto ok;
	}
	free(uri);
	error("%s is not a bisectable database: %s", path,
	      src ? sqlite3_errmsg(src) : "out of memory");
	sqlite3_close(src);
	return NULL;
ok:
	sqlite3_finalize(st);
	sqlite3_busy_timeout(src, 30000);
	return src;
}

/*
 * A copy of the database at path, at our schema version, in a temporary
 * file (allocated name); NULL with a message if it is not one we can read.
 */
static char *upgraded_copy(const char *path, int *version)
{
	const char *tmpdir = getenv("TMPDIR");
	sqlite3 *src, *dst = NULL;
	sqlite3_backup *b;
	static int registered;
	char *copy = NULL;
	int fd;

	if (!file_exists(path)) {
		error("%s: no such database", path);
		return NULL;
	}
	if (db_check_file(path))
		return NULL;
	src = open_other(path);
	if (!src)
		return NULL;
	*version = db_version(src);
	if (*version > db_known_version()) {
		error("%s has schema version %d; this bisectable knows up to %d: upgrade it",
		      path, *version, db_known_version());
		goto out;
	}
	copy = xasprintf("%s/bisectable-merge-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	fd = mkstemp(copy);
	if (fd < 0)
		die("cannot make a temporary file %s", copy);
	close(fd);
	if (!registered++)
		atexit(remove_pending_copy);
	pending_copy = copy;
	if (sqlite3_open(copy, &dst) != SQLITE_OK)
		die("cannot open %s", copy);
	b = sqlite3_backup_init(dst, "main", src, "main");
	if (!b || sqlite3_backup_step(b, -1) != SQLITE_DONE) {
		error("cannot read %s: %s", path, sqlite3_errmsg(dst));
		sqlite3_backup_finish(b);
		sqlite3_close(dst);
		remove_copy(copy);
		copy = NULL;
		goto out;
	}
	sqlite3_backup_finish(b);
	sqlite3_close(dst);
	db_close(db_open(copy));	/* brought to our schema */
out:
	sqlite3_close(src);
	return copy;
}

int merge_database(sqlite3 *db, const char *path, long long into_run, struct merge_stats *stats)
{
	sqlite3_stmt *st;
	int ret = 0, version = 0;
	char *copy = upgraded_copy(path, &version);

	memset(stats, 0, sizeof(*stats));
	if (!copy)
		return -1;
	st = db_prepare(db, "ATTACH DATABASE ? AS o");
	db_bind_text(st, 1, copy);
	db_done(db, st);
	exec_sql(db, "CREATE TEMP TABLE IF NOT EXISTS merge_run (old INTEGER PRIMARY KEY,"
		 " new INTEGER NOT NULL);"
		 " CREATE TEMP TABLE IF NOT EXISTS merge_commit (old INTEGER PRIMARY KEY,"
		 " new INTEGER NOT NULL);"
		 " CREATE TEMP TABLE IF NOT EXISTS merge_result (old INTEGER PRIMARY KEY,"
		 " new INTEGER NOT NULL, fresh INTEGER NOT NULL);"
		 " CREATE TEMP TABLE IF NOT EXISTS merge_warn (commit_id INTEGER, config TEXT)");
	db_begin(db);
	exec_sql(db, "DELETE FROM temp.merge_run; DELETE FROM temp.merge_commit;"
		 " DELETE FROM temp.merge_result; DELETE FROM temp.merge_warn");
	if (into_run)
		ret = map_into_run(db, into_run, stats);
	else
		map_runs(db, version < DB_VERSION_RUN_UUID, stats);
	if (!ret && into_run)
		ret = check_trees(db);
	if (!ret) {
		merge_rows(db, stats);
		copy_logs(db, path);
		db_commit(db);
	} else {
		db_rollback(db);
		memset(stats, 0, sizeof(*stats));
	}
	exec_sql(db, "DETACH DATABASE o");
	remove_copy(copy);
	return ret;
}
