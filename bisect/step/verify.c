// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - the stages of one commit x configuration (see verify.h): the
 * commit, then per configuration (verify-config.c) apply and cached here,
 * build (verify-build.c), boot and test (verify-boot.c).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db-codeprint.h"
#include "db/db-run.h"
#include "lib/layout.h"
#include "step/progress.h"
#include "step/results-remote.h"
#include "lib/run-parallel.h"
#include "lib/run-command.h"
#include "lib/escape.h"
#include "step/suite-build.h"
#include "step/verify-boot.h"
#include "step/verify-build.h"
#include "step/verify-config.h"
#include "step/verify.h"
#include "lib/util.h"

static char *rev(const char *dir, const char *what)
{
	struct strbuf out = STRBUF_INIT;

	if (git(dir, &out, "rev-parse", "--verify", what, NULL))
		die("git rev-parse %s failed in %s", what, dir);
	return strbuf_detach(&out, NULL);
}

static char *log_format(const char *dir, const char *format)
{
	struct strbuf out = STRBUF_INIT;

	git(dir, &out, "log", "-1", format, "HEAD", NULL);
	return strbuf_detach(&out, NULL);
}

static int position_of_head(const char *dir, const char *base)
{
	struct strbuf count = STRBUF_INIT;
	char *range = xasprintf("%s..HEAD", base), *end;
	long n;

	if (git(dir, &count, "rev-list", "--count", range, NULL))
		die("cannot count %s", range);
	n = strtol(count.buf, &end, 10);
	if (*end || n < 0)
		die("git rev-list --count %s printed '%s'", range, count.buf);
	free(range);
	strbuf_release(&count);
	return (int)n;
}

void verify_commit_init(struct verify_commit *vc, sqlite3 *db, const char *db_path,
			const struct run_info *run, const struct run_config *rc,
			const char *work_dir)
{
	char *message;
	size_t i;

	memset(vc, 0, sizeof(*vc));
	vc->db = db;
	vc->db_path = db_path;
	vc->run = run;
	vc->rc = rc;
	vc->work_dir = work_dir;
	vc->sha = rev(work_dir, "HEAD");
	vc->tree = rev(work_dir, "HEAD^{tree}");
	vc->subject = log_format(work_dir, "--format=%s");
	vc->author = log_format(work_dir, "--format=%an <%ae>");
	vc->position = position_of_head(work_dir, run->base_sha);

	db_begin(db);
	vc->commit_id = db_commit_set(db, run->id, vc->position, vc->sha, vc->tree, vc->subject,
				      vc->author, NULL);
	/* What a claim of no functional change is read from (judge/claims.h). */
	message = log_format(work_dir, "--format=%B");
	db_commit_message_set(db, vc->commit_id, message);
	free(message);
	db_commit(db);
	vc->log_dir = commit_log_dir(db_path, run->id, vc->position, vc->sha);
	vc->metric_values = xcalloc(rc->nmetrics, sizeof(*vc->metric_values));
	for (i = 0; i < rc->nmetrics; i++)
		vc->metric_values[i] = series_metric_count(&rc->metrics[i], work_dir);
}

void verify_commit_release(struct verify_commit *vc)
{
	free(vc->sha);
	free(vc->tree);
	free(vc->subject);
	free(vc->author);
	free(vc->log_dir);
	free(vc->metric_values);
	free(vc->initrd);
}

void verify_print_progress(struct verify_commit *vc, int at_base)
{
	struct db_run_progress p;
	long elapsed;
	int bisect;

	if (!db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	elapsed = p.elapsed;
	bisect = p.bisect;
	/* git bisect picks the commits: no end to count to, so no time left. */
	if (bisect) {
		fprintf(stderr, "[%d/%d, bisect] %.12s %s (bisect %ldm%02lds)\n", vc->position,
			vc->total, vc->sha, term_str(vc->subject), elapsed / 60, elapsed % 60);
		return;
	}
	fprintf(stderr, "[%d/%d%s] %.12s %s (run %ldm%02lds", vc->position, vc->total,
		at_base ? ", the base" : "", vc->sha, term_str(vc->subject), elapsed / 60, elapsed % 60);
	/* The base's cold build would skew the estimate: count from commit 2 on. */
	if (vc->position >= 2 && vc->total > vc->position) {
		long left = elapsed * (vc->total - vc->position + 1) / vc->position;

		fprintf(stderr, ", about %ldm left", (left + 59) / 60);
	}
	fprintf(stderr, ")\n");
}

/* Stage apply: the commit is there; the series' figures are counted in its tree. */
static void stage_apply(struct config_step *cs)
{
	const struct run_config *rc = cs->vc->rc;
	size_t i;

	db_begin(cs->vc->db);
	config_step_record(cs, "apply", "pass", 0, NULL, NULL, NULL, NULL);
	for (i = 0; i < rc->nmetrics; i++)
		if (cs->vc->metric_values[i] >= 0)
			config_step_metric(cs, "series", rc->metrics[i].name, cs->vc->metric_values[i]);
	db_commit(cs->vc->db);
}

/* This configuration's cells, as the shared results store wants them. */
static void remote_cell(struct config_step *cs, struct remote_cell *cell)
{
	*cell = (struct remote_cell){
		.db = cs->vc->db, .run_id = cs->vc->run->id, .commit_id = cs->vc->commit_id,
		.config = cs->config, .build_key = cs->build_key, .boot_key = cs->boot_key,
		.build_log = cs->build_log, .console_log = cs->console,
	};
}

/* The shared results store (results-remote.h): 1 if it answered. */
static int stage_remote(struct config_step *cs)
{
	struct strbuf say = STRBUF_INIT;
	struct remote_cell cell;
	int bad = 0, found;

	if (!results_remote_url())
		return 0;
	remote_cell(cs, &cell);
	found = results_remote_fetch(&cell, &bad, &say);
	if (bad)
		cs->vc->failed = 1;
	fputs(say.buf, stderr);
	strbuf_release(&say);
	return found;
}

/* Stage cached: 1 if the cache (this database's, else the shared store) answered. */
static int stage_cached(struct config_step *cs)
{
	struct cache_hit hit;

	if (!cs->vc->rc->use_cache)
		return 0;
	if (run_config_build_only(cs->vc->rc, cs->config)) {
		if (cache_plan_build(cs->vc->db, cs->build_key, &hit) == CACHE_MISS)
			return 0;
		config_step_reuse(cs, &hit);
		return 1;
	}
	switch (cache_plan(cs->vc->db, cs->build_key, cs->boot_key, &hit)) {
	case CACHE_MISS:
		return stage_remote(cs);
	case CACHE_BUILD_FAILED:
		config_step_reuse(cs, &hit);
		db_begin(cs->vc->db);
		config_step_not_booted(cs, "not run: build failed");
		db_commit(cs->vc->db);
		return 1;
	case CACHE_HIT:
		config_step_reuse(cs, &hit);
		return 1;
	}
	return 0;
}

void verify_config(struct verify_commit *vc, const char *config)
{
	struct config_step cs;

	config_step_init(&cs, vc, config);
	stage_apply(&cs);
	/* A derived configuration costs build time only, unless --boot auto. */
	if (!stage_cached(&cs) && verify_stage_build(&cs) && !run_config_build_only(vc->rc, config))
		verify_stage_boot(&cs);
	if (results_remote_url()) {
		struct remote_cell cell;

		remote_cell(&cs, &cell);
		results_remote_publish(&cell);
	}
	config_step_release(&cs);
}

struct config_job {
	struct verify_commit *vc;
	const char *config;
};

/* A child of verify_parallel: one configuration, with its own connection. */
static int verify_child(void *data)
{
	struct config_job *cj = data;
	struct verify_commit *vc = cj->vc;

	vc->db = db_open(vc->db_path);
	vc->failed = 0;
	verify_config(vc, cj->config);
	results_remote_close();
	db_close(vc->db);
	return vc->failed ? EXIT_BAD : 0;
}

/*
 * One process per configuration: while one builds, another boots (QEMU's TCG
 * with icount runs on one CPU), so the CPUs stay busy. Each child has its
 * own database connection; SQLite connections do not survive a fork.
 */
static void verify_parallel(struct verify_commit *vc)
{
	/* On a terminal the children's lines go through us, above the live lines. */
	int live = isatty(STDERR_FILENO);
	struct progress progress;
	struct run_parallel_opts opts = { .capture = live, .ctx = &progress };
	size_t n = vc->rc->nconfigs, i;
	struct config_job *cjs = xcalloc(n, sizeof(*cjs));
	struct run_job *jobs = xcalloc(n, sizeof(*jobs));
	int ret;

	for (i = 0; i < n; i++) {
		cjs[i] = (struct config_job){ vc, vc->rc->configs[i] };
		jobs[i] = (struct run_job){ .name = cjs[i].config, .fn = verify_child,
					    .data = &cjs[i] };
	}
	if (live) {
		opts.on_line = progress_on_line;
		opts.on_tick = progress_on_tick;
		progress_begin(&progress, vc->db_path, vc->run->id, vc->commit_id, vc->position,
			       vc->total);
	}
	db_close(vc->db);
	ret = run_parallel(jobs, n, &opts);
	if (live)
		progress_end(&progress);
	if (ret < 0)
		die("cannot verify the configurations in parallel");
	for (i = 0; i < n; i++) {
		if (jobs[i].status == EXIT_BAD || jobs[i].status >= 128 || jobs[i].status < 0)
			vc->failed = 1;
		if (jobs[i].status == EXIT_ERROR)
			die("verifying a configuration failed");
	}
	free(jobs);
	free(cjs);
	vc->db = db_open(vc->db_path);
}

int verify_position_wanted(struct verify_commit *vc)
{
	struct db_run_progress p;

	if (!vc->rc->only)
		return 1;
	if (!db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	if (run_config_only_wanted(vc->rc, vc->position, vc->total))
		return 1;
	fprintf(stderr, "  not verified: the run verifies positions %s only (--only)\n",
		term_str(vc->rc->only));
	return 0;
}

void verify_configs(struct verify_commit *vc)
{
	size_t i;

	/* Once for all configurations: the pieces it needs are built before they fork. */
	free(vc->initrd);
	vc->initrd = suites_initrd(vc->rc, vc->work_dir, vc->run->base_sha, vc->initrd_error,
				   sizeof(vc->initrd_error));
	/* One configuration runs here, unless a terminal wants the live line. */
	if ((vc->rc->nconfigs == 1 && !isatty(STDERR_FILENO)) || !vc->rc->parallel) {
		for (i = 0; i < vc->rc->nconfigs; i++)
			verify_config(vc, vc->rc->configs[i]);
		return;
	}
	verify_parallel(vc);
}
