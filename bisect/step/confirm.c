// SPDX-License-Identifier: GPL-2.0
/*
 * confirm.c - repeated and confirming boots (see confirm.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-tries.h"
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

/* Count one more boot in the cell's boot and test results. */
static void count_boot(const struct reboot *rb, long long commit_id,
		       const struct boot_outcome *bo, const char *log)
{
	char *known = known_set_text(&bo->known_met);
	struct try_row boot = { bo->boot_status, bo->boot_evidence, log, bo->duration };
	struct try_row test = { bo->test_status, bo->test_evidence, log, bo->duration };
	long long id;

	db_begin(rb->db);
	db_result_add_try(rb->db, commit_id, rb->config, "boot", &boot, known);
	id = db_result_add_try(rb->db, commit_id, rb->config, "test", &test, known);
	if (id)
		boot_record_tests(rb->db, id, bo);
	db_commit(rb->db);
	free(known);
}

static int cell_boots(const struct reboot *rb, long long commit_id)
{
	struct cell_tries c;
	int n;

	db_cell_tries(rb->db, commit_id, rb->config, "boot", &c);
	n = c.id ? c.tries : -1;
	cell_tries_release(&c);
	return n;
}

void reboot_until(const struct reboot *rb, long long commit_id, int position,
		  const char *kernel, int until)
{
	char *sha = db_commit_sha(rb->db, commit_id);
	char *dir = commit_log_dir(rb->db_path, rb->run_id, position, sha ? sha : "");
	struct boot_job job = *rb->bjob;
	int attempts, have;

	/* A boot the machine spoilt (error) is not counted: bounded all the same. */
	for (attempts = 0; attempts < 2 * until; attempts++) {
		struct boot_outcome bo;
		char *log;

		have = cell_boots(rb, commit_id);
		if (have < 0 || have >= until)
			break;
		log = xasprintf("%s/%s-console.boot%d.log", dir, rb->config, have + 1);
		job.kernel = kernel;
		job.log_path = log;
		boot_with_retries(&job, rb->retries, rb->config, &bo);
		fprintf(stderr, "  %-8s boot %d of %d at commit %d: boot %s, test %s%s%s\n",
			term_str(rb->config), have + 1, until, position, bo.boot_status,
			bo.test_status, status_bad(bo.test_status) ? ": " : "",
			status_bad(bo.test_status) ? term_str(bo.test_evidence) : "");
		if (strcmp(bo.boot_status, "error") && strcmp(bo.test_status, "error"))
			count_boot(rb, commit_id, &bo, log);
		boot_outcome_free(&bo);
		free(log);
	}
	free(dir);
	free(sha);
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

/* Boot the parent of position up to rb->n from its kept image; 0 if it could not. */
static int reboot_parent(const struct reboot *rb, long long parent_id, int parent_position,
			 const struct cell *parent)
{
	char *kernel;
	int ret = 1;

	if (parent->boot.tries >= rb->n)
		return 1;
	kernel = parent->boot.image_key ? image_path(parent->boot.image_key) : NULL;
	if (!kernel || !file_exists(kernel)) {
		fprintf(stderr, "  %-8s the image of commit %d is not kept: not confirmed there\n",
			term_str(rb->config), parent_position);
		ret = 0;
	} else {
		reboot_until(rb, parent_id, parent_position, kernel, rb->n);
	}
	free(kernel);
	return ret;
}

/*
 * A first failure at position: boot it and its parent N times; while the
 * parent fails too, the failure is inherited, and the walk goes back.
 */
static void confirm_walk(const struct reboot *rb, long long commit_id, int position,
			 const char *kernel)
{
	long long cur_id = commit_id;
	int cur = position;

	reboot_until(rb, commit_id, position, kernel, rb->n);
	while (cur > 0) {
		long long parent_id = db_commit_id(rb->db, rb->run_id, cur - 1);
		struct cell c, p;

		cell_load(rb, cur_id, &c);
		cell_load(rb, parent_id, &p);
		if (!p.boot.id || (!p.failed && !reboot_parent(rb, parent_id, cur - 1, &p))) {
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

	if (rb->n < 2 || position < 1)
		return;
	parent_id = db_commit_id(rb->db, rb->run_id, position - 1);
	cell_load(rb, commit_id, &c);
	cell_load(rb, parent_id, &p);
	kernel = c.boot.image_key ? image_path(c.boot.image_key) : NULL;
	if (kernel && file_exists(kernel) && p.boot.id) {
		if (c.failed && !p.failed) {
			confirm_walk(rb, commit_id, position, kernel);
		} else if (!c.failed && cell_flaky(&p)) {
			reboot_until(rb, commit_id, position, kernel, rb->n);
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
