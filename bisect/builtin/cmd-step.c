// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable step [--db DB] --run N [--base]
 * bisectable step --bisect-run [--run N | --config LIST ...] [--stage S]
 *
 * Run by 'git rebase --exec' at every commit of the series: for each
 * configuration of the run, build HEAD, boot it, run the suites' tests, and
 * record every stage. Keep-going runs always exit 0 so the rebase visits
 * every commit; stop-on-failure runs exit 1 on a failure so git stops there.
 *
 * With --bisect-run it is a step of 'git bisect run' (bisect.h): the same
 * work, recorded in a run of kind 'bisect', answered 0 good, 1 bad, 125
 * skip or 128 abort; never 2, which git would take for bad.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "run/bisect.h"
#include "builtin/builtin.h"
#include "db/db.h"
#include "run/run.h"
#include "input/run-config.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "step/step-run.h"
#include "step/verify.h"

struct step_opts {
	long long run;
	int base;
	int bisect_run;
	const char *stage;
	const char *configs;
	const char *suites;
	const char *tests;
	int no_cache;
	int repeat;
};

static const char *const bisect_stages[] = { "build", "boot", "test", NULL };

static const struct opt step_option_list[] = {
	OPT_INT(0, "run", struct step_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (required, but with --bisect-run)"),
	OPT_BOOL(0, "base", struct step_opts, base, "HEAD is the base (position 0)"),
	OPT_BOOL(0, "bisect-run", struct step_opts, bisect_run,
		 "a step of git bisect run: exit 0 good, 1 bad, 125 skip, 128 abort"),
	OPT_CHOICE(0, "stage", struct step_opts, stage, bisect_stages, NULL,
		   "with --bisect-run: bad is a failure of this stage (default: any);"
		   " an earlier one's is a skip"),
	OPT_STRING(0, "config", struct step_opts, configs, "LIST", "up,smp", OPT_CONFIGS,
		   "with --bisect-run and no --run: the configurations, comma-separated"),
	OPT_STRING(0, "configs", struct step_opts, configs, "LIST", NULL,
		   OPT_CONFIGS | OPT_HIDDEN, "the same as --config"),
	OPT_STRING(0, "suites", struct step_opts, suites, "LIST", RUN_CONFIG_SUITES, 0,
		   "with --bisect-run and no --run: the guest suites, comma-separated"),
	OPT_STRING(0, "tests", struct step_opts, tests, "LIST", "all", 0,
		   "with --bisect-run and no --run: only these tests (SUITE.TEST)"),
	OPT_BOOL(0, "no-cache", struct step_opts, no_cache,
		 "with --bisect-run: build and boot even if a result is known"),
	OPT_INT(0, "repeat", struct step_opts, repeat, "N", 1, 100, 1,
		"with --bisect-run: boot N times (bad if one boot fails)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(step, struct step_opts, step_option_list);

/*
 * step --bisect-run: verify HEAD as a commit of a bisect run (--run N, the
 * one 'bisectable bisect' made, or the user's own git bisect's), then
 * answer git bisect run from the recorded results. die() aborts (128).
 */
static int bisect_step(const struct step_opts *o, const char *db_path)
{
	struct bisect_settings bs = { .configs = o->configs, .suites = o->suites,
				      .tests = o->tests, .retries = -1 };
	struct strbuf top = STRBUF_INIT, why = STRBUF_INIT;
	struct verify_commit vc;
	struct run_info run = { 0 };
	struct run_config rc;
	long long run_id = o->run;
	int answer;
	sqlite3 *db;

	die_status = BISECT_ABORT;
	step_catch_signals();
	if (o->base)
		die("--base is a step of 'bisectable run', not of git bisect");
	if (step_watch_run())
		return BISECT_ABORT;
	if (git(NULL, &top, "rev-parse", "--show-toplevel", NULL))
		die("step --bisect-run runs in the work tree git bisect checked out");
	db = db_open(db_path);
	if (!run_id) {
		if (bisect_make_config(&rc, &bs) || run_check_tools(rc.sandbox))
			die("cannot verify this commit");
		run_id = bisect_user_run(db, top.buf, &rc);
		run_config_free(&rc);
		if (!run_id)
			die("no run to record this step in");
	}
	step_load_run(db, db_path, run_id, &run, &rc);
	if (o->no_cache)
		rc.use_cache = 0;
	if (o->repeat > rc.repeat)
		rc.repeat = o->repeat;

	verify_commit_init(&vc, db, db_path, &run, &rc, top.buf);
	verify_print_progress(&vc, 0);
	verify_configs(&vc);
	answer = bisect_judge(vc.db, vc.commit_id, &rc, bisect_stage_index(o->stage), &why);
	fprintf(stderr, "bisect: %.12s is %s: %s\n", vc.sha, bisect_answer_name(answer), why.buf);

	db_close(vc.db);
	verify_commit_release(&vc);
	run_config_free(&rc);
	run_info_free(&run);
	strbuf_release(&top);
	strbuf_release(&why);
	return answer;
}

int cmd_step(struct cmd_ctx *ctx)
{
	const struct step_opts *o = ctx->opts;
	const char *db_path = ctx->db_path;
	long long run_id = o->run;
	struct verify_commit vc;
	struct run_info run = { 0 };
	struct run_config rc;
	int at_base = o->base, stop, last = 0;
	char cwd[4096];
	sqlite3 *db;

	if (o->bisect_run)
		return bisect_step(o, db_path);
	if (o->stage || o->no_cache)
		return error("--stage and --no-cache go with --bisect-run"), EXIT_ERROR;
	if (!run_id)
		return error("step needs --run N (it is run by 'bisectable run')"), EXIT_ERROR;
	step_catch_signals();
	if (step_watch_run())
		return EXIT_ERROR;

	db = db_open(db_path);
	step_load_run(db, db_path, run_id, &run, &rc);
	/* Not in the run's record (run-config.h): 'run' passes it down in the environment. */
	rc.ccache_remote = getenv("BISECTABLE_CCACHE_REMOTE") && *getenv("BISECTABLE_CCACHE_REMOTE") ?
			   xstrdup(getenv("BISECTABLE_CCACHE_REMOTE")) : NULL;
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd failed");

	verify_commit_init(&vc, db, db_path, &run, &rc, cwd);
	verify_print_progress(&vc, at_base);
	if (verify_position_wanted(&vc))
		verify_configs(&vc);
	if (!at_base)
		last = step_is_last_pick(cwd);
	if (last > 0)
		step_finish_run(vc.db, run.id, vc.position, vc.sha);
	stop = vc.failed && rc.mode == RUN_STOP_ON_FAILURE;

	db_close(vc.db);
	verify_commit_release(&vc);
	run_config_free(&rc);
	run_info_free(&run);
	return last < 0 ? EXIT_ERROR : stop ? EXIT_BAD : 0;
}
