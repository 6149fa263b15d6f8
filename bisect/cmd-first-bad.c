// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable first-bad [--db DB] [--run N] [--config C] [--stage S]
 *
 * For each configuration, the first commit whose result is not pass, with
 * stage and evidence, or that the series is bisectable for it (verdict.c).
 * Exit 0 when every commit passes, 1 when some commit does not, 2 on errors.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "db.h"
#include "util.h"
#include "verdict.h"

struct first_bad_opts {
	long long run;
	const char *config;
	const char *stage;
};

static const char *const stages[] = { "apply", "build", "boot", "test", NULL };

static const struct opt first_bad_option_list[] = {
	OPT_INT(0, "run", struct first_bad_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "config", struct first_bad_opts, config, "NAME", NULL, OPT_CONFIGS,
		   "only this configuration (default: every one of the run)"),
	OPT_CHOICE(0, "stage", struct first_bad_opts, stage, stages, NULL,
		   "only look at this stage"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(first_bad, struct first_bad_opts, first_bad_option_list);

int cmd_first_bad(struct cmd_ctx *ctx)
{
	const struct first_bad_opts *o = ctx->opts;

	return verdict_report(ctx->db, o->run, o->config, o->stage, stdout);
}
