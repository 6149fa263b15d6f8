// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable bisect --repo REPO GOOD BAD [--config LIST] [--stage S] [options]
 *
 * Find the first bad commit between GOOD and BAD of the user's repository
 * with git bisect run in a private clone (bisect.h): each step builds,
 * boots and tests one commit, recorded as a run of kind 'bisect'. Exit 0
 * with a confirmed first bad commit, 1 without one, 2 on errors.
 */
#include <stdio.h>
#include <stdlib.h>

#include "run/bisect.h"
#include "builtin/builtin.h"

struct bisect_opts {
	const char *repo;
	const char *configs;
	const char *stage;
	const char *suites;
	const char *tests;
	int retries;
	const char *rtc;
	const char *cpu;
	int boot_timeout;
	int no_cache;
	int no_sandbox;
	int confirm;
};

static const char *const stages[] = { "build", "boot", "test", NULL };

static const struct opt bisect_option_list[] = {
	OPT_STRING(0, "repo", struct bisect_opts, repo, "REPO", NULL, OPT_FILE,
		   "the repository (only read: the bisection runs in a clone of its own)"),
	OPT_STRING(0, "config", struct bisect_opts, configs, "LIST", "up,smp", OPT_CONFIGS,
		   "configurations, comma-separated: bad on any of them is bad"),
	OPT_STRING(0, "configs", struct bisect_opts, configs, "LIST", NULL,
		   OPT_CONFIGS | OPT_HIDDEN, "the same as --config"),
	OPT_CHOICE(0, "stage", struct bisect_opts, stage, stages, NULL,
		   "the breakage looked for is at this stage (default: any); a commit that"
		   " fails before it is skipped"),
	OPT_STRING(0, "suites", struct bisect_opts, suites, "LIST", RUN_CONFIG_SUITES, 0,
		   "guest suites to run, comma-separated"),
	OPT_STRING(0, "tests", struct bisect_opts, tests, "LIST", "all", 0,
		   "only these tests, comma-separated: SUITE.TEST, or TEST of a chosen suite"),
	OPT_INT(0, "retries", struct bisect_opts, retries, "N", 0, 5, 1,
		"tries again after an error of the machine or a timeout (0: never)"),
	OPT_GUEST_VARIATION(struct bisect_opts),
	OPT_INT(0, "boot-timeout", struct bisect_opts, boot_timeout, "S", 1, 86400, 120,
		"seconds to the guest's shell"),
	OPT_BOOL(0, "no-cache", struct bisect_opts, no_cache,
		 "build and boot every step even if a result is known"),
	OPT_INT(0, "confirm", struct bisect_opts, confirm, "N", 1, 100, 3,
		"boots the answer and its parent N times each, without the cache"),
	OPT_BOOL(0, "no-sandbox", struct bisect_opts, no_sandbox,
		 "run the Makefiles without bubblewrap"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(bisect, struct bisect_opts, bisect_option_list);

int cmd_bisect(struct cmd_ctx *ctx)
{
	const struct bisect_opts *o = ctx->opts;
	struct bisect_settings s = {
		.configs = o->configs, .suites = o->suites, .tests = o->tests,
		.no_cache = o->no_cache, .retries = o->retries, .boot_timeout = o->boot_timeout,
		.no_sandbox = o->no_sandbox, .rtc = o->rtc, .cpu = o->cpu,
	};
	struct bisect_target t = { .repo = o->repo, .good = ctx->argv[0], .bad = ctx->argv[1],
				   .stage = o->stage, .confirm = o->confirm };
	struct run_config rc;
	int ret = EXIT_ERROR;

	if (!o->repo)
		return error("give the repository: bisect --repo REPO GOOD BAD"), EXIT_ERROR;
	if (!bisect_make_config(&rc, &s))
		ret = bisect_run(ctx->db, ctx->db_path, &t, &rc);
	run_config_free(&rc);
	return ret;
}
