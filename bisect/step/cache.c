// SPDX-License-Identifier: GPL-2.0
/*
 * cache.c - result cache keys (SHA-256 from libcrypto) and reuse of results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step/cache.h"
#include "lib/hash.h"
#include "db/db.h"
#include "step/qemu.h"
#include "lib/util.h"

static void add_file(struct strbuf *key, const char *label, const char *path)
{
	char *h = sha256_file(path);

	strbuf_addf(key, "%s %s\n", label, h ? h : "missing");
	free(h);
}

/*
 * The tool's identity: the SHA-256 of this very binary, read once per
 * process. Any rebuild from changed sources (a fixed parser, a changed
 * step, another schema) gives other bytes, so results of the old code are
 * never reused; BISECTABLE_VERSION alone is set by hand and was not enough.
 */
static char *tool_identity_override;

void cache_set_tool_identity(const char *identity)
{
	free(tool_identity_override);
	tool_identity_override = identity ? xstrdup(identity) : NULL;
}

const char *cache_tool_identity(void)
{
	static char *self;

	if (tool_identity_override)
		return tool_identity_override;
	if (!self) {
		self = sha256_file("/proc/self/exe");
		if (!self)
			die("cannot hash /proc/self/exe: the result cache needs the tool's identity");
	}
	return self;
}

/* The compiler's identity, asked once per process. */
static const char *compiler_version(void)
{
	static struct strbuf version = STRBUF_INIT;

	if (!version.len) {
		const char *argv[] = { "gcc", "--version", NULL };

		run_capture(NULL, &version, argv);
		if (!version.len)
			strbuf_addstr(&version, "unknown");
	}
	return version.buf;
}

char *cache_key_build(const char *tree, const char *configs_dir, const char *config)
{
	struct strbuf key = STRBUF_INIT;
	char *path, *h;

	strbuf_addf(&key, "bisectable %s build\ntool %s\ntree %s\n", BISECTABLE_VERSION,
		    cache_tool_identity(), tree);
	path = xasprintf("%s/base.config", configs_dir);
	add_file(&key, "base.config", path);
	free(path);
	path = xasprintf("%s/%s.config", configs_dir, config);
	add_file(&key, "fragment", path);
	free(path);
	strbuf_addf(&key, "compiler %s\n", compiler_version());
	h = sha256_buf(key.buf, key.len);
	strbuf_release(&key);
	return h;
}

static char *guest_key(const char *what, const char *input, const struct boot_job *job)
{
	struct strbuf key = STRBUF_INIT;
	char *h;

	strbuf_addf(&key, "bisectable %s boot\ntool %s\n%s %s\n", BISECTABLE_VERSION,
		    cache_tool_identity(), what, input);
	add_file(&key, "initrd", job->initrd);
	add_file(&key, "expect", job->expect_script);
	strbuf_addf(&key, "tests %s\nprofile %s\ncpus %d\naccel %s\nboot-timeout %d\n"
		    "test-timeout %d\ncmdline %s\n", job->tests, job->profile ? job->profile : "",
		    job->cpus, job->accel, job->boot_timeout, job->test_timeout,
		    QEMU_KERNEL_CMDLINE);
	h = sha256_buf(key.buf, key.len);
	strbuf_release(&key);
	return h;
}

char *cache_key_boot(const char *build_key, const struct boot_job *job)
{
	return guest_key("build", build_key, job);
}

char *cache_key_image(const char *bzimage, const struct boot_job *job)
{
	char *image = sha256_file(bzimage), *h;

	if (!image)
		return NULL;
	h = guest_key("image", image, job);
	free(image);
	return h;
}

/*
 * Only outcomes that belong to the commit are found: never a skip (nothing
 * was verified) nor an error (the machine failed: it is done again).
 * A copy is as good as its origin: its cache_key says what it was looked up by
 * (a boot reused by image key carries this commit's boot key). Return the
 * origin, so that every copy names the result that was really computed.
 */
long long cache_lookup(sqlite3 *db, const char *column, const char *key, const char *stage)
{
	sqlite3_stmt *st;
	char *sql;
	long long id = 0;

	if (!key)
		return 0;
	/* column is one of two names of ours, never data. */
	sql = xasprintf("SELECT COALESCE(o.id, r.id) FROM results r LEFT JOIN results o"
			" ON o.id = r.cached_from WHERE r.%s = ? AND r.stage = ?"
			" AND r.status NOT IN ('skip', 'error') ORDER BY r.cached_from IS NOT NULL, r.id DESC"
			" LIMIT 1", strcmp(column, "image_key") ? "cache_key" : "image_key");
	st = db_prepare(db, sql);
	free(sql);
	db_bind_text(st, 1, key);
	db_bind_text(st, 2, stage);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

long long cache_copy(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		     long long origin, const char *key)
{
	sqlite3_stmt *st;
	long long id, origin_commit = 0;
	char *stage = NULL;
	int is_build;

	st = db_prepare(db, "SELECT stage, commit_id, config = ? FROM results WHERE id = ?");
	db_bind_text(st, 1, config);
	sqlite3_bind_int64(st, 2, origin);
	if (sqlite3_step(st) == SQLITE_ROW) {
		stage = db_column_dup(st, 0);
		origin_commit = sqlite3_column_int64(st, 1);
		/* The same commit verified again (an exec after a dropped pick): keep it. */
		if (origin_commit == commit_id && sqlite3_column_int(st, 2)) {
			sqlite3_finalize(st);
			free(stage);
			return origin;
		}
	}
	sqlite3_finalize(st);
	if (!stage)
		die("cached result %lld vanished", origin);
	is_build = !strcmp(stage, "build");

	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ? AND config = ? AND stage = ?");
	sqlite3_bind_int64(st, 1, commit_id);
	db_bind_text(st, 2, config);
	db_bind_text(st, 3, stage);
	db_done(db, st);
	st = db_prepare(db, "INSERT INTO results (run_id, commit_id, config, stage, status,"
			" duration, evidence, log_path, reproduce, cache_key, image_key, cached_from)"
			" SELECT ?, ?, ?, stage, status, duration, evidence, log_path, reproduce,"
			" COALESCE(?, cache_key), image_key, id FROM results WHERE id = ?");
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int64(st, 2, commit_id);
	db_bind_text(st, 3, config);
	db_bind_text(st, 4, key);
	sqlite3_bind_int64(st, 5, origin);
	db_done(db, st);
	id = sqlite3_last_insert_rowid(db);

	st = db_prepare(db, "INSERT INTO tests (result_id, name, status, reason, duration)"
			" SELECT ?, name, status, reason, duration FROM tests WHERE result_id = ?");
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, origin);
	db_done(db, st);

	/*
	 * The figures of that stage only: the series' own belong to this commit.
	 * The origin's config may differ in name only if fragments were equal.
	 */
	st = db_prepare(db, "INSERT OR REPLACE INTO metrics (commit_id, config, source, name,"
			" value, unit, better, noise_pct, spread_pct, noisy) SELECT ?1, ?2, m.source,"
			" m.name, m.value, m.unit, m.better, m.noise_pct, m.spread_pct, m.noisy"
			" FROM metrics m JOIN"
			" results r ON r.id = ?4 WHERE m.commit_id = ?3 AND m.config = r.config"
			" AND m.source = ?5");
	sqlite3_bind_int64(st, 1, commit_id);
	db_bind_text(st, 2, config);
	sqlite3_bind_int64(st, 3, origin_commit);
	sqlite3_bind_int64(st, 4, origin);
	db_bind_text(st, 5, is_build ? "build" : "guest");
	db_done(db, st);

	if (is_build) {
		db_warnings_clear(db, commit_id, config);
		st = db_prepare(db, "INSERT INTO warnings (commit_id, config, object, message)"
				" SELECT ?1, ?2, w.object, w.message FROM warnings w JOIN results r"
				" ON r.id = ?4 WHERE w.commit_id = ?3 AND w.config = r.config");
		sqlite3_bind_int64(st, 1, commit_id);
		db_bind_text(st, 2, config);
		sqlite3_bind_int64(st, 3, origin_commit);
		sqlite3_bind_int64(st, 4, origin);
		db_done(db, st);
		/* Its .config and compiled files: the same tree, the same fragments. */
		st = db_prepare(db, "INSERT OR REPLACE INTO kconfigs (result_id, dotconfig, compiled)"
				" SELECT ?, dotconfig, compiled FROM kconfigs WHERE result_id = ?");
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, origin);
		db_done(db, st);
	}
	free(stage);
	return id;
}

static int result_passed(sqlite3 *db, long long id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT status = 'pass' FROM results WHERE id = ?");
	int passed;

	sqlite3_bind_int64(q, 1, id);
	passed = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return passed;
}

int cache_find_boot(sqlite3 *db, const char *column, const char *key, struct cache_hit *hit)
{
	hit->boot = cache_lookup(db, column, key, "boot");
	hit->test = cache_lookup(db, column, key, "test");
	return hit->boot && hit->test;
}

enum cache_plan cache_plan(sqlite3 *db, const char *build_key, const char *boot_key,
			   struct cache_hit *hit)
{
	memset(hit, 0, sizeof(*hit));
	hit->build = cache_lookup(db, "cache_key", build_key, "build");
	if (!hit->build)
		return CACHE_MISS;
	if (!result_passed(db, hit->build))
		return CACHE_BUILD_FAILED;
	if (cache_find_boot(db, "cache_key", boot_key, hit))
		return CACHE_HIT;
	memset(hit, 0, sizeof(*hit));
	return CACHE_MISS;
}

enum cache_plan cache_plan_build(sqlite3 *db, const char *build_key, struct cache_hit *hit)
{
	memset(hit, 0, sizeof(*hit));
	hit->build = cache_lookup(db, "cache_key", build_key, "build");
	if (!hit->build)
		return CACHE_MISS;
	return result_passed(db, hit->build) ? CACHE_HIT : CACHE_BUILD_FAILED;
}

int cache_reuse(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		const struct cache_hit *hit, const char *boot_key)
{
	long long ids[3] = { 0 };
	int bad = 0, i;

	db_begin(db);
	if (hit->build)
		ids[0] = cache_copy(db, run_id, commit_id, config, hit->build, NULL);
	if (hit->boot)
		ids[1] = cache_copy(db, run_id, commit_id, config, hit->boot, boot_key);
	if (hit->test)
		ids[2] = cache_copy(db, run_id, commit_id, config, hit->test, boot_key);
	db_commit(db);
	for (i = 0; i < 3; i++)
		if (ids[i] && !result_passed(db, ids[i]))
			bad = 1;
	return bad;
}

void cache_describe(sqlite3 *db, long long origin, struct strbuf *out)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT r.status, r.run_id, c.position FROM results r"
				     " JOIN commits c ON c.id = r.commit_id WHERE r.id = ?");

	sqlite3_bind_int64(q, 1, origin);
	if (sqlite3_step(q) == SQLITE_ROW)
		strbuf_addf(out, "%s: cached from run %lld commit %d", db_column_str(q, 0),
			    (long long)sqlite3_column_int64(q, 1), sqlite3_column_int(q, 2));
	sqlite3_finalize(q);
}
