// SPDX-License-Identifier: GPL-2.0
/*
 * cache.c - result cache keys (SHA-256 from libcrypto) and reuse of results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step/cache.h"
#include "input/arch.h"
#include "lib/hash.h"
#include "db/db.h"
#include "db/db-cache.h"
#include "step/kbuild-job.h"
#include "step/qemu.h"
#include "lib/run-command.h"
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

/* The cross compiler's identity: the first line of its --version, asked once per prefix. */
static const char *cross_compiler_version(const char *prefix)
{
	static char *asked_prefix;
	static struct strbuf version = STRBUF_INIT;

	if (!asked_prefix || strcmp(asked_prefix, prefix)) {
		char *gcc = xasprintf("%sgcc", prefix);
		const char *argv[] = { gcc, "--version", NULL };

		free(asked_prefix);
		asked_prefix = xstrdup(prefix);
		strbuf_reset(&version);
		run_capture(NULL, &version, argv);
		version.len = strcspn(version.buf ? version.buf : "", "\n");
		if (version.buf)
			version.buf[version.len] = '\0';
		if (!version.len)
			strbuf_addstr(&version, "missing");
		free(gcc);
	}
	return version.buf;
}

char *cache_key_build(const char *tree, const char *configs_dir, const char *config,
		      const struct kbuild_job *job)
{
	struct strbuf key = STRBUF_INIT;
	char *path, *h;

	strbuf_addf(&key, "bisectable %s build\ntool %s\ntree %s\n", BISECTABLE_VERSION,
		    cache_tool_identity(), tree);
	path = xasprintf("%s/base.config", configs_dir);
	add_file(&key, "base.config", path);
	free(path);
	if (job && (job->start_target || job->start_file)) {
		/* Only for a start of its own: the keys of configs/ names stay those of before. */
		if (job->fragment)
			add_file(&key, "fragment", job->fragment);
		else
			strbuf_addstr(&key, "fragment none\n");
		if (job->start_target)
			strbuf_addf(&key, "start %s\n", job->start_target);
		if (job->start_file)
			add_file(&key, "start-file", job->start_file);
	} else {
		path = xasprintf("%s/%s.config", configs_dir, config);
		add_file(&key, "fragment", path);
		free(path);
	}
	strbuf_addf(&key, "compiler %s\n", compiler_version());
	/* Only for another architecture: x86_64 keys stay those of before. */
	if (job && job->arch)
		strbuf_addf(&key, "arch %s\ncross-compiler %s\n", job->arch->name,
			    cross_compiler_version(job->arch->cross_compile));
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
	/* Only when given: the keys of boots without them stay those of before. */
	if (job->arch) {
		char *cmdline = qemu_cmdline(job);

		strbuf_addf(&key, "arch %s\nqemu %s\narch-cmdline %s\n", job->arch->name,
			    job->arch->qemu, cmdline);
		free(cmdline);
	}
	if (job->rtc)
		strbuf_addf(&key, "rtc %s\n", job->rtc);
	if (job->cpu)
		strbuf_addf(&key, "cpu %s\n", job->cpu);
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

static int boot_min_tries = 1, boot_pass_only;

void cache_set_boot_policy(int min_tries, int pass_only)
{
	boot_min_tries = min_tries;
	boot_pass_only = pass_only;
}

long long cache_lookup(sqlite3 *db, const char *column, const char *key, const char *stage)
{
	int boot = strcmp(stage, "build") != 0;

	return key ? db_cache_find(db, column, key, stage, boot ? boot_min_tries : 1,
				   boot && boot_pass_only) : 0;
}

long long cache_copy(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		     long long origin, const char *key)
{
	struct db_cache_origin from;
	long long id;
	int is_build;

	if (db_cache_origin(db, origin, config, &from))
		die("cached result %lld vanished", origin);
	/* The same commit verified again (an exec after a dropped pick): keep it. */
	if (from.commit_id == commit_id && from.same_config) {
		free(from.stage);
		return origin;
	}
	is_build = !strcmp(from.stage, "build");
	id = db_cache_copy_result(db, run_id, commit_id, config, from.stage, origin, key);
	db_cache_copy_tests(db, id, origin);
	/* The figures of that stage only: the series' own belong to this commit. */
	db_cache_copy_metrics(db, commit_id, config, from.commit_id, origin,
			      is_build ? "build" : "guest");
	if (is_build) {
		db_warnings_clear(db, commit_id, config);
		db_cache_copy_warnings(db, commit_id, config, from.commit_id, origin);
		/* Its .config and compiled files: the same tree, the same fragments. */
		db_cache_copy_kconfig(db, id, origin);
	}
	free(from.stage);
	return id;
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
	if (!db_result_passed(db, hit->build))
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
	return db_result_passed(db, hit->build) ? CACHE_HIT : CACHE_BUILD_FAILED;
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
		if (ids[i] && !db_result_passed(db, ids[i]))
			bad = 1;
	return bad;
}

void cache_describe(sqlite3 *db, long long origin, struct strbuf *out)
{
	long long run_id;
	char *status;
	int position;

	if (db_cache_describe(db, origin, &status, &run_id, &position))
		return;
	strbuf_addf(out, "%s: cached from run %lld commit %d", status, run_id, position);
	free(status);
}
