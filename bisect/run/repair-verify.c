// SPDX-License-Identifier: GPL-2.0
/*
 * repair-verify.c - candidates verified by runs of the same database
 * (repair-verify.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/repair-verify.h"
#include "db/db-judge.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "lib/run-command.h"
#include "lib/util.h"

int repair_verifier_init(struct repair_verifier *v, sqlite3 *db, const char *db_path,
			 const struct run_info *run, const char *scratch)
{
	v->db = db;
	v->self = self_exe_path();
	v->db_path = abspath(db_path);
	v->run = run;
	v->scratch = scratch;
	if (run_config_from_json(run->options, &v->rc))
		return error("run %lld: its options do not read", run->id);
	return 0;
}

void repair_verifier_free(struct repair_verifier *v)
{
	if (!v->self)
		return;
	free(v->self);
	free(v->db_path);
	run_config_free(&v->rc);
	memset(v, 0, sizeof(*v));
}

static void push_list(struct argv_array *argv, const char *opt, char **list, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? "," : "", list[i]);
	argv_pushl(argv, opt, sb.buf, NULL);
	strbuf_release(&sb);
}

/* The original run's options as 'run' takes them. */
static void push_options(struct argv_array *argv, const struct run_config *rc)
{
	push_list(argv, "--suites", rc->suites, rc->nsuites);
	push_list(argv, "--tests", rc->tests, rc->ntests);
	if (rc->profile)
		argv_pushl(argv, "--profile", rc->profile, NULL);
	if (rc->accel)
		argv_pushl(argv, "--accel", rc->accel, NULL);
	argv_pushf(argv, "--jobs=%d", rc->jobs);
	argv_pushf(argv, "--boot-timeout=%d", rc->boot_timeout);
	argv_pushf(argv, "--test-timeout=%d", rc->test_timeout);
	argv_pushf(argv, "--retries=%d", rc->retries);
	argv_pushf(argv, "--repeat=%d", rc->repeat);
	argv_pushf(argv, "--confirm=%d", rc->confirm);
	argv_pushf(argv, "--flake-rate=%g", rc->flake_rate);
	if (rc->rtc)
		argv_pushl(argv, "--rtc", rc->rtc, NULL);
	if (rc->cpu)
		argv_pushl(argv, "--cpu", rc->cpu, NULL);
	argv_push(argv, rc->ccache ? "--ccache" : "--no-ccache");
	if (!rc->use_cache)
		argv_push(argv, "--no-cache");
	if (!rc->parallel)
		argv_push(argv, "--no-parallel");
	if (!rc->sandbox)
		argv_push(argv, "--no-sandbox");
}

/* The last lines of a log, for why a run failed. */
static void log_tail(struct strbuf *why, const char *path)
{
	struct strbuf log = STRBUF_INIT;
	const char *p;
	int lines = 0;

	if (strbuf_read_file(&log, path) < 0 || !log.len)
		goto out;
	strbuf_trim(&log);
	for (p = log.buf + log.len; p > log.buf && lines < 3; p--)
		if (p[-1] == '\n')
			lines++;
	strbuf_addf(why, ":\n%s", p == log.buf ? p : p + 1);
out:
	strbuf_release(&log);
}

/* A run of s up to the commit tip on configs: its id, or 0 with why. */
static long long verify_run(struct repair_verifier *v, const struct repair_series *s,
			    const char *tip, const char *configs, int base, struct strbuf *why)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *log = xasprintf("%s/run-%d.log", v->scratch, ++v->runs);
	struct child c = { 0 };
	struct run_info info;
	long long id = 0;
	int rc;

	argv_pushl(&argv, v->self, "run", "--db", v->db_path, "--configs", configs,
		   "--repo", s->git_dir, NULL);
	push_options(&argv, &v->rc);
	if (!base)
		argv_push(&argv, "--no-base");
	argv_pushf(&argv, "%s..%s", s->base, tip);
	printf("    verifying on %s: a run of %.12s..%.12s\n", configs, s->base, tip);
	fflush(stdout);
	c.argv = argv.argv;
	c.out_path = log;
	c.die_with_parent = 1;
	rc = run_child(&c);
	if ((rc == 0 || rc == EXIT_BAD) && !db_load_run(v->db, 0, &info)) {
		if (info.id != v->run->id)
			id = info.id;
		run_info_free(&info);
	}
	if (!id) {
		strbuf_addf(why, "the run that verifies it failed (exit %d)", rc);
		log_tail(why, log);
	}
	argv_clear(&argv);
	free(log);
	return id;
}

static int cell_bad(const struct db_result_cell *c)
{
	return c->status && (!strcmp(c->status, "fail") || !strcmp(c->status, "timeout") ||
			     !strcmp(c->status, "error"));
}

/* Every commit from..to of the run passed on config: 1, else 0 with why. */
static int range_passed(struct repair_verifier *v, long long id, const char *config,
			int from, int to, int commits, struct strbuf *why)
{
	struct db_result_cells cells;
	int position, ok = 1;
	size_t i;

	db_result_cells_load(v->db, id, config, &cells);
	for (position = from; position <= to && ok; position++) {
		int passes = 0;

		for (i = 0; i < cells.n && ok; i++) {
			const struct db_result_cell *c = &cells.c[i];

			if (c->position != position)
				continue;
			passes += c->status && !strcmp(c->status, "pass");
			if (cell_bad(c))
				ok = 0, strbuf_addf(why, "%s: %d/%d %s at %s: %s (run %lld)",
						    config, position, commits, c->status,
						    c->stage, c->evidence ? c->evidence : "",
						    id);
		}
		if (ok && !passes)
			ok = 0, strbuf_addf(why, "%s: %d/%d has no result (run %lld)", config,
					    position, commits, id);
	}
	db_result_cells_free(&cells);
	return ok;
}

int repair_verify_range(struct repair_verifier *v, const struct repair_series *s,
			const struct argv_array *configs, int from, int to, struct strbuf *why)
{
	struct strbuf list = STRBUF_INIT;
	long long id;
	size_t i;
	int ok = 1;

	for (i = 0; i < configs->argc; i++)
		strbuf_addf(&list, "%s%s", i ? "," : "", configs->argv[i]);
	/* Nothing after the fix changed: the run stops there. */
	id = verify_run(v, s, s->v[to - 1].sha, list.buf, 0, why);
	for (i = 0; id && i < configs->argc && ok; i++)
		ok = range_passed(v, id, configs->argv[i], from, to, (int)s->n, why);
	strbuf_release(&list);
	if (!id)
		return -1;
	return ok;
}

/* The configurations 'run' can be given again: not those derived from a diff. */
static char *given_configs(const struct run_config *rc)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < rc->nconfigs; i++)
		if (!rc->derive || !run_config_build_only(rc, rc->configs[i]))
			strbuf_addf(&sb, "%s%s", sb.len ? "," : "", rc->configs[i]);
	return strbuf_detach(&sb, NULL);
}

int repair_verify_all(struct repair_verifier *v, const struct repair_series *s,
		      size_t holes_left, struct strbuf *why)
{
	char *configs = given_configs(&v->rc);
	struct run_verdict rv;
	long long id = verify_run(v, s, repair_tip(s), configs, v->rc.verify_base, why);
	size_t i, j, holes = 0;

	free(configs);
	if (!id)
		return -1;
	if (run_verdict_load(v->db, id, NULL, NULL, &rv))
		return strbuf_addf(why, "run %lld has no verdict", id), -1;
	for (i = 0; i < rv.n; i++)
		for (j = 0; j < rv.v[i].nholes; j++) {
			strbuf_addf(why, "%s%s: hole ", holes++ ? "; " : "", rv.v[i].config);
			hole_text(&rv.v[i].holes[j], rv.v[i].commits, NULL, NULL, why);
		}
	run_verdict_free(&rv);
	if (holes > holes_left)
		return 0;
	printf("repair: run %lld verified the rewritten series end to end: ", id);
	if (holes)
		printf("only the holes it could not close are left (%s)\n", why->buf);
	else
		printf("no hole on any configuration\n");
	return 1;
}
