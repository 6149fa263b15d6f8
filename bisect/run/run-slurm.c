// SPDX-License-Identifier: GPL-2.0
/*
 * run-slurm.c - a run as one Slurm job per configuration (see run-slurm.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-results.h"
#include "db/db-run.h"
#include "db/merge.h"
#include "run/run-slurm.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "judge/verdict-text.h"

/* Seconds between two looks at the queue. */
#define POLL_SECONDS	2

/*
 * The batch script of every job: a fixed text, its data only in argv
 * (job.sh RC-FILE WORK-TAG COMMAND...). The exit status goes to RC-FILE; a
 * job that never writes it was killed, cancelled or lost with its node.
 */
static const char job_script[] =
	"#!/bin/sh\n"
	"# One configuration of a bisectable run on Slurm (bisect/run-slurm.c):\n"
	"# job.sh RC-FILE WORK-TAG COMMAND...; COMMAND's exit status goes to RC-FILE.\n"
	"rc_file=$1\n"
	"BISECTABLE_WORK_TAG=$2\n"
	"export BISECTABLE_WORK_TAG\n"
	"shift 2\n"
	"\"$@\"\n"
	"rc=$?\n"
	"echo \"$rc\" > \"$rc_file.tmp\" && mv \"$rc_file.tmp\" \"$rc_file\"\n"
	"exit \"$rc\"\n";

struct slurm_job {
	const char *config;
	char *id;		/* Slurm's job id, NULL if not submitted */
	char *db;		/* its database */
	char *out;		/* its stdout and stderr */
	char *rc_file;
	int rc;			/* its exit status; -1: none (it failed) */
	int done;
};

/* <db dir>/slurm/<UTC stamp>-<pid>, created; where every node must see it. */
static char *slurm_dir(const char *db_path)
{
	char *db = abspath(db_path), *slash = strrchr(db, '/'), *dir;
	char stamp[32];
	time_t now = time(NULL);

	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&now));
	*slash = '\0';
	dir = xasprintf("%s/slurm/%s-%d", *db ? db : "", stamp, (int)getpid());
	free(db);
	if (mkdir_p(dir) < 0)
		die("cannot create %s: %s", dir, strerror(errno));
	return dir;
}

static int submit(const struct slurm_run *s, const char *dir, const char *script,
		  const char *stamp, struct slurm_job *job)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf out = STRBUF_INIT;
	char *self = self_exe_path(), *cwd = abspath(".");
	size_t i;
	int ret = 0;

	/* The environment: PATH, BISECTABLE_CACHE and the stores' URLs (cmd-run.c). */
	argv_pushl(&argv, "sbatch", "--parsable", "--export=ALL", NULL);
	argv_pushf(&argv, "--job-name=bisectable-%s", job->config);
	argv_pushf(&argv, "--output=%s", job->out);
	argv_pushf(&argv, "--chdir=%s", cwd);
	if (s->partition)
		argv_pushf(&argv, "--partition=%s", s->partition);
	argv_push(&argv, script);
	argv_push(&argv, job->rc_file);
	argv_pushf(&argv, "slurm-%s-%s", stamp, job->config);
	/* The configuration as it was named: its key alone names no start or path. */
	argv_pushl(&argv, self, "run", "--db", job->db, "--configs",
		   run_config_spec(s->rc, job->config), NULL);
	if (run_config_build_only(s->rc, job->config))
		argv_pushl(&argv, "--build-only", run_config_spec(s->rc, job->config), NULL);
	for (i = 0; s->job_args[i]; i++)
		argv_push(&argv, s->job_args[i]);
	if (run_capture(dir, &out, argv.argv) || !out.len) {
		ret = error("sbatch did not take the job of %s (see above)", job->config);
	} else {
		/* --parsable: "ID" or "ID;CLUSTER". */
		out.buf[strcspn(out.buf, ";\n")] = '\0';
		job->id = xstrdup(out.buf);
		fprintf(stderr, "slurm: job %s verifies %s (its log: %s)\n", job->id, job->config,
			job->out);
	}
	argv_clear(&argv);
	strbuf_release(&out);
	free(self);
	free(cwd);
	return ret;
}

/* The ids of our jobs that Slurm still has; -1 if it cannot be asked. */
static int queued(struct strbuf *ids)
{
	const char *argv[] = { "squeue", "--me", "--noheader", "--format=%i", NULL };

	strbuf_reset(ids);
	return run_capture(NULL, ids, argv) ? -1 : 0;
}

static int in_list(const char *list, const char *id)
{
	size_t n = strlen(id);
	const char *p;

	for (p = list; (p = strstr(p, id)); p += n)
		if ((p == list || p[-1] == '\n') && (!p[n] || p[n] == '\n'))
			return 1;
	return 0;
}

static void read_rc(struct slurm_job *job)
{
	struct strbuf text = STRBUF_INIT;

	job->rc = -1;
	if (!strbuf_read_file(&text, job->rc_file)) {
		strbuf_trim(&text);
		if (parse_int(text.buf, 0, 255, &job->rc))
			job->rc = -1;
	}
	strbuf_release(&text);
}

static void cancel(struct slurm_job *job)
{
	const char *argv[] = { "scancel", job->id, NULL };

	run_capture(NULL, NULL, argv);
}

/* Wait for every job to end, at most s->timeout seconds; then cancel the rest. */
static void wait_jobs(const struct slurm_run *s, struct slurm_job *jobs, size_t n)
{
	struct strbuf ids = STRBUF_INIT;
	double end = now_seconds() + s->timeout;
	size_t i, left;
	int unasked = 0;

	for (;;) {
		int asked = !queued(&ids);

		for (i = left = 0; i < n; i++) {
			struct slurm_job *job = &jobs[i];

			if (job->done)
				continue;
			/* Its status written, or gone from the queue without one. */
			if (file_exists(job->rc_file) || (asked && !in_list(ids.buf, job->id))) {
				job->done = 1;
				read_rc(job);
				if (job->rc < 0 && file_exists(job->rc_file) == 0)
					fprintf(stderr, "slurm: job %s (%s) ended without an exit"
						" status (killed, cancelled or lost)\n", job->id,
						job->config);
				else
					fprintf(stderr, "slurm: job %s (%s) ended: exit %d\n",
						job->id, job->config, job->rc);
				continue;
			}
			left++;
		}
		if (!left)
			break;
		/* A controller that stops answering for long is a timeout too. */
		unasked = asked ? 0 : unasked + 1;
		if (now_seconds() >= end || unasked * POLL_SECONDS > 600) {
			for (i = 0; i < n; i++) {
				if (jobs[i].done)
					continue;
				error("slurm: job %s (%s) did not end in %d s: cancelled",
				      jobs[i].id, jobs[i].config, s->timeout);
				cancel(&jobs[i]);
				jobs[i].done = 1;
				jobs[i].rc = -1;
			}
			break;
		}
		sleep(POLL_SECONDS);
	}
	strbuf_release(&ids);
}

/*
 * A failed job's configuration: every cell it did not record is an error
 * that names the job, so the configuration is neither bisectable nor
 * complete. What it did record stays.
 */
static int record_failed(sqlite3 *db, long long run_id, const struct slurm_job *job)
{
	static const char *const stages[] = { "apply", "build", "boot", "test" };
	size_t i;
	int added = 0;
	char *why;

	if (!job->id)
		why = xstrdup("its Slurm job could not be submitted");
	else if (job->rc < 0)
		why = xasprintf("Slurm job %s failed (no exit status: killed, cancelled or lost);"
				" see %s", job->id, job->out);
	else
		why = xasprintf("Slurm job %s failed (exit %d); see %s", job->id, job->rc,
				job->out);
	db_begin(db);
	for (i = 0; i < ARRAY_SIZE(stages); i++)
		added += db_fill_errors(db, run_id, job->config, stages[i], why, job->out);
	db_commit(db);
	error("%s: %s", job->config, why);
	free(why);
	return added;
}

/* Fold the jobs' databases into one run of s->db; its id, or 0 if none holds a run. */
static long long merge_jobs(const struct slurm_run *s, struct slurm_job *jobs, size_t n)
{
	long long run_id = 0;
	char *configs, *options;
	size_t i;

	for (i = 0; i < n; i++) {
		struct merge_stats ms;

		if (!db_file_has_run(jobs[i].db)) {
			jobs[i].rc = jobs[i].rc == 0 || jobs[i].rc == EXIT_BAD ? -1 : jobs[i].rc;
			continue;
		}
		if (merge_database(s->db, jobs[i].db, run_id, &ms)) {
			jobs[i].rc = -1;
			continue;
		}
		run_id = ms.run_id;
	}
	if (!run_id)
		return 0;
	for (i = 0; i < n; i++)
		if (jobs[i].rc != 0 && jobs[i].rc != EXIT_BAD)
			record_failed(s->db, run_id, &jobs[i]);
	/*
	 * The run is every configuration asked for, in the order given; its
	 * options too (the first job's name only its own configuration, and
	 * 'step' and the report read them).
	 */
	configs = run_config_configs_list(s->rc);
	options = run_config_to_json(s->rc);
	db_run_set_options(s->db, run_id, configs, options);
	db_finish_run(s->db, run_id, "done", NULL);
	free(options);
	free(configs);
	return run_id;
}

int run_slurm(const struct slurm_run *s)
{
	const char *argv[] = { "sh", "-c", "command -v sbatch >/dev/null && "
			       "command -v squeue >/dev/null", NULL };
	struct child probe = { .argv = argv };
	size_t n = s->rc->nconfigs, i;
	struct slurm_job *jobs;
	char *dir, *script, *stamp;
	long long run_id;
	int ret;

	if (run_child(&probe))
		return error("sbatch or squeue not found: install Debian's slurm-client"), EXIT_ERROR;
	dir = slurm_dir(s->db_path);
	stamp = xstrdup(strrchr(dir, '/') + 1);
	script = xasprintf("%s/job.sh", dir);
	if (write_file(script, job_script, strlen(job_script)) < 0 || chmod(script, 0755) < 0)
		die("cannot write %s: %s", script, strerror(errno));
	jobs = xcalloc(n, sizeof(*jobs));
	for (i = 0; i < n; i++) {
		struct slurm_job *job = &jobs[i];

		job->config = s->rc->configs[i];
		job->db = xasprintf("%s/%s.db", dir, job->config);
		job->out = xasprintf("%s/%s.out", dir, job->config);
		job->rc_file = xasprintf("%s/%s.rc", dir, job->config);
		if (submit(s, dir, script, stamp, job)) {
			job->done = 1;
			job->rc = -1;
		}
	}
	wait_jobs(s, jobs, n);
	run_id = merge_jobs(s, jobs, n);
	if (!run_id) {
		ret = error("no Slurm job recorded a run: see the logs in %s", dir);
		ret = EXIT_ERROR;
	} else {
		struct verdict_ask ask = { .require_coverage = -1,
					   .strict_claims = s->strict_claims };
		struct strbuf verdicts = STRBUF_INIT;

		info("run %lld: the configurations' jobs merged into %s (jobs' files: %s)", run_id,
		     s->db_path, dir);
		ret = verdict_report(s->db, run_id, &ask, &verdicts);
		fputs(verdicts.buf, stdout);
		strbuf_release(&verdicts);
	}
	for (i = 0; i < n; i++) {
		free(jobs[i].id);
		free(jobs[i].db);
		free(jobs[i].out);
		free(jobs[i].rc_file);
	}
	free(jobs);
	free(script);
	free(stamp);
	free(dir);
	return ret;
}
