// SPDX-License-Identifier: GPL-2.0
/*
 * confirm.c - repeated and confirming boots (see confirm.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-tries.h"
#include "judge/confidence.h"
#include "judge/known.h"
#include "lib/escape.h"
#include "lib/layout.h"
#include "lib/util.h"
#include "step/confirm.h"

static int status_bad(const char *status)
{
	return status && (!strcmp(status, "fail") || !strcmp(status, "timeout"));
}

void boot_record_tests(sqlite3 *db, long long result_id, const struct boot_outcome *bo)
{
	size_t i;

	for (i = 0; i < bo->console.ntests; i++) {
		const struct ktap_test *t = &bo->console.tests[i];

		db_test_add_run(db, result_id, t->name, ktap_status_name(t->status), t->reason,
				t->duration_ns >= 0 ? t->duration_ns / 1e9 : -1,
				boot_test_known(bo, t));
	}
}

void keep_try_log(const char *log, int try)
{
	char *kept = xasprintf("%s.try%d", log, try);

	if (rename(log, kept) < 0 && errno != ENOENT)
		warning("cannot keep %s as %s: %s", log, kept, strerror(errno));
	free(kept);
}

void boot_with_retries(const struct boot_job *job, int retries, const char *config,
		       struct boot_outcome *bo)
{
	int tries, all_timed_out = 1;

	for (tries = 1;; tries++) {
		qemu_boot(job, bo);
		all_timed_out &= bo->timed_out;
		if (!boot_retry_wanted(bo) || tries > retries)
			break;
		fprintf(stderr, "  %-8s boot %s%s%s, test %s%s%s: trying again (try %d of %d)\n",
			term_str(config), bo->boot_status, bo->boot_evidence[0] ? ": " : "",
			term_str(bo->boot_evidence), bo->test_status,
			bo->test_evidence[0] ? ": " : "", term_str(bo->test_evidence), tries + 1,
			retries + 1);
		keep_try_log(job->log_path, tries);
		boot_outcome_free(bo);
	}
	boot_settle(bo, tries, all_timed_out);
}

void boot_clock_text(const char *rtc, int shift, char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	if (rtc && !shift) {
		snprintf(buf, len, "%s", rtc);
		return;
	}
	/*
	 * Each later boot a day and an hour (and some seconds) on: a flake
	 * tied to the date or the hour meets another one in every boot.
	 */
	t += (time_t)shift * (86400 + 3607);
	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(buf, len, "%s", "");
}

/* Count one more boot in the cell's boot and test results. */
static void count_boot(const struct reboot *rb, long long commit_id,
		       const struct boot_outcome *bo, const char *log, const char *rtc,
		       const char *why)
{
	char *known = known_set_text(&bo->known_met);
	struct try_row boot = { bo->boot_status, bo->boot_evidence, log, bo->duration, rtc, why };
	struct try_row test = { bo->test_status, bo->test_evidence, log, bo->duration, rtc, why };
	long long id;

	db_begin(rb->db);
	db_result_add_try(rb->db, commit_id, rb->config, "boot", &boot, known);
	id = db_result_add_try(rb->db, commit_id, rb->config, "test", &test, known);
	if (id)
		boot_record_tests(rb->db, id, bo);
	db_commit(rb->db);
	free(known);
}

/* The commit's boots in this configuration, and how many failed (boot or test); -1: none. */
static int commit_boots(const struct reboot *rb, long long commit_id, int *failed)
{
	struct cell_tries b, t;
	int n;

	db_cell_tries(rb->db, commit_id, rb->config, "boot", &b);
	db_cell_tries(rb->db, commit_id, rb->config, "test", &t);
	n = b.id ? b.tries : -1;
	*failed = b.failed_tries + t.failed_tries;
	cell_tries_release(&b);
	cell_tries_release(&t);
	return n;
}

/* Whether the boot just counted (failed_before failures before it) tells stop to stop. */
static int reboot_decided(enum reboot_stop stop, int failed_before, int failed_now)
{
	if (stop == REBOOT_TO_FAIL)
		return failed_now > failed_before;
	if (stop == REBOOT_TO_PASS)
		return failed_now == failed_before;
	return 0;
}

void reboot_until(const struct reboot *rb, long long commit_id, int position,
		  const char *kernel, int until, enum reboot_stop stop, const char *why)
{
	char *sha = db_commit_sha(rb->db, commit_id);
	char *dir = commit_log_dir(rb->db_path, rb->run_id, position, sha ? sha : "");
	struct boot_job job = *rb->bjob;
	int attempts, have, failed, failed_after;

	/* A boot the machine spoilt (error) is not counted: bounded all the same. */
	for (attempts = 0; attempts < 2 * until; attempts++) {
		struct boot_outcome bo;
		char rtc[32];
		char *log;

		have = commit_boots(rb, commit_id, &failed);
		if (have < 0 || have >= until)
			break;
		log = xasprintf("%s/%s-console.boot%d.log", dir, rb->config, have + 1);
		boot_clock_text(rb->bjob->rtc, rb->bjob->rtc ? 0 : have, rtc, sizeof(rtc));
		job.kernel = kernel;
		job.log_path = log;
		job.rtc = rtc;
		boot_with_retries(&job, rb->retries, rb->config, &bo);
		if (rb->base_known) {
			boot_failure_lines(&bo, job.cpus, rb->base_known);
			if (rb->base_known->n)
				boot_judge_again(&job, &bo);
		}
		fprintf(stderr, "  %-8s boot %d of %d at commit %d (%s, clock %s): boot %s, test %s%s%s\n",
			term_str(rb->config), have + 1, until, position, why, rtc, bo.boot_status,
			bo.test_status, status_bad(bo.test_status) ? ": " : "",
			status_bad(bo.test_status) ? term_str(bo.test_evidence) : "");
		if (strcmp(bo.boot_status, "error") && strcmp(bo.test_status, "error"))
			count_boot(rb, commit_id, &bo, log, rtc, why);
		boot_outcome_free(&bo);
		free(log);
		if (commit_boots(rb, commit_id, &failed_after) > have &&
		    reboot_decided(stop, failed, failed_after))
			break;
	}
	free(dir);
	free(sha);
}

void soak_cell(const struct reboot *rb, long long commit_id, int position, const char *kernel)
{
	int n = flake_soak_boots(rb->flake_rate), failed;

	if (rb->flake_rate <= 0 || commit_boots(rb, commit_id, &failed) < 1 || failed)
		return;
	fprintf(stderr, "  %-8s soak of the %s: up to %d boots, to catch a failure in %.0f%% of"
		" boots or more\n", term_str(rb->config), position ? "tip" : "base", n,
		100 * rb->flake_rate);
	reboot_until(rb, commit_id, position, kernel, n, REBOOT_TO_FAIL, "soak");
}

/* A cell's boot and test results, and whether some boot of it failed. */
struct cell {
	struct cell_tries boot, test;
	int failed;		/* boots that failed at boot or at test */
};

static void cell_load(const struct reboot *rb, long long commit_id, struct cell *c)
{
	db_cell_tries(rb->db, commit_id, rb->config, "boot", &c->boot);
	db_cell_tries(rb->db, commit_id, rb->config, "test", &c->test);
	c->failed = c->boot.failed_tries + c->test.failed_tries;
}

static void cell_release(struct cell *c)
{
	cell_tries_release(&c->boot);
	cell_tries_release(&c->test);
}

/* The result a failure of the cell is recorded at: boot if it failed there, else test. */
static const struct cell_tries *failing_stage(const struct cell *c)
{
	return c->boot.failed_tries ? &c->boot : &c->test;
}

/* The first failing commit of the walk: deterministic or flaky. */
static void classify(const struct reboot *rb, const struct cell *c, int position,
		     const struct cell *parent)
{
	const struct cell_tries *at = failing_stage(c);
	const char *what = at->failed_tries >= at->tries ? "deterministic" : "flaky";

	db_result_set_confirmed(rb->db, at->id, what);
	fprintf(stderr, "  %-8s confirmed at commit %d: %s failed %d of %d boots (%s)",
		term_str(rb->config), position, at == &c->boot ? "boot" : "test", at->failed_tries,
		at->tries, what);
	if (parent && parent->boot.id)
		fprintf(stderr, ", parent passed %d of %d\n", parent->boot.tries,
			parent->boot.tries);
	else
		fprintf(stderr, "\n");
}

/* The boots a failing commit gets: --confirm N, or those that place a flake. */
static int failing_boots(const struct reboot *rb)
{
	return rb->n ? rb->n : flake_place_boots(rb->flake_rate);
}

/* The boots the parent of a commit that failed k of n gets (see confidence.h). */
static int parent_boots(const struct reboot *rb, const struct cell *c)
{
	const struct cell_tries *at = failing_stage(c);

	return rb->n ? rb->n : flake_parent_boots(at->failed_tries, at->tries, rb->flake_rate);
}

/* With fixed counts every boot is spent; else a reboot stops once it has decided. */
static enum reboot_stop stop_rule(const struct reboot *rb, enum reboot_stop automatic)
{
	return rb->n ? REBOOT_ALL : automatic;
}

/* Boot the parent of position up to until boots from its kept image; 0 if it could not. */
static int reboot_parent(const struct reboot *rb, long long parent_id, int parent_position,
			 const struct cell *parent, int until)
{
	char *kernel;
	int ret = 1;

	if (parent->boot.tries >= until)
		return 1;
	kernel = parent->boot.image_key ? image_path(parent->boot.image_key) : NULL;
	if (!kernel || !file_exists(kernel)) {
		fprintf(stderr, "  %-8s the image of commit %d is not kept: not confirmed there\n",
			term_str(rb->config), parent_position);
		ret = 0;
	} else {
		reboot_until(rb, parent_id, parent_position, kernel, until,
			     stop_rule(rb, REBOOT_TO_FAIL), "confirm");
	}
	free(kernel);
	return ret;
}

/*
 * A first failure at position: boot it and its parent (N times, or until
 * each has decided); while the parent fails too, the failure is inherited,
 * and the walk goes back.
 */
static void confirm_walk(const struct reboot *rb, long long commit_id, int position,
			 const char *kernel)
{
	long long cur_id = commit_id;
	int cur = position;

	reboot_until(rb, commit_id, position, kernel, failing_boots(rb),
		     stop_rule(rb, REBOOT_TO_PASS), "confirm");
	while (cur > 0) {
		long long parent_id = db_commit_id(rb->db, rb->run_id, cur - 1);
		struct cell c, p;

		cell_load(rb, cur_id, &c);
		cell_load(rb, parent_id, &p);
		if (!p.boot.id ||
		    (!p.failed && !reboot_parent(rb, parent_id, cur - 1, &p, parent_boots(rb, &c)))) {
			classify(rb, &c, cur, NULL);
			cell_release(&c);
			cell_release(&p);
			break;
		}
		cell_release(&p);
		cell_load(rb, parent_id, &p);
		if (!p.failed) {
			classify(rb, &c, cur, &p);
			cell_release(&c);
			cell_release(&p);
			break;
		}
		db_result_set_confirmed(rb->db, failing_stage(&c)->id, "inherited");
		fprintf(stderr, "  %-8s the parent of commit %d fails too: inherited\n",
			term_str(rb->config), cur);
		cell_release(&c);
		cell_release(&p);
		cur--;
		cur_id = parent_id;
	}
}

/* A parent that failed some of its boots and passed others. */
static int cell_flaky(const struct cell *c)
{
	const struct cell_tries *at = failing_stage(c);

	return c->failed && at->failed_tries < at->tries;
}

void confirm_cell(const struct reboot *rb, long long commit_id, int position)
{
	long long parent_id;
	struct cell c, p;
	char *kernel;

	if ((rb->n < 2 && !(rb->n == 0 && rb->flake_rate > 0)) || position < 1)
		return;
	parent_id = db_commit_id(rb->db, rb->run_id, position - 1);
	cell_load(rb, commit_id, &c);
	cell_load(rb, parent_id, &p);
	kernel = c.boot.image_key ? image_path(c.boot.image_key) : NULL;
	if (kernel && file_exists(kernel) && p.boot.id) {
		if (c.failed && !p.failed) {
			confirm_walk(rb, commit_id, position, kernel);
		} else if (!c.failed && cell_flaky(&p)) {
			/* A fix only once its passes rule the flake out, as a placing would. */
			reboot_until(rb, commit_id, position, kernel, failing_boots(rb),
				     stop_rule(rb, REBOOT_TO_FAIL), "confirm");
			cell_release(&c);
			cell_load(rb, commit_id, &c);
			if (c.failed)
				db_result_set_confirmed(rb->db, failing_stage(&c)->id, "inherited");
		}
	}
	free(kernel);
	cell_release(&c);
	cell_release(&p);
}

char *image_path(const char *image_key)
{
	char *cache = cache_dir(), *path;

	path = xasprintf("%s/images/%s", cache, image_key);
	free(cache);
	return path;
}

void image_keep(const char *kernel, const char *image_key)
{
	char *path = image_path(image_key), *dir, *tmp;
	struct strbuf bytes = STRBUF_INIT;

	if (file_exists(path) || strbuf_read_file(&bytes, kernel) < 0)
		goto out;
	dir = xstrdup(path);
	*strrchr(dir, '/') = '\0';
	mkdir_p(dir);
	free(dir);
	tmp = xasprintf("%s.%d.tmp", path, (int)getpid());
	if (write_file(tmp, bytes.buf, bytes.len) || rename(tmp, path) < 0) {
		warning("cannot keep the image %s as %s", kernel, path);
		unlink(tmp);
	}
	free(tmp);
out:
	strbuf_release(&bytes);
	free(path);
}
