// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable regressions [--db DB] [--run N] [--config C] [--threshold P%]
 *			  [--against parent|base]
 *
 * Every metric x configuration of a run that moved the wrong way by more
 * than P% at some commit (regress.h defines it): the commit, both values, the
 * delta and the unit; noisy moves listed apart, never a verdict; the metrics
 * without a direction named. Exit 0 when there is none, 1 when there is
 * one, 2 on errors.
 */
#include <limits.h>
#include <stdio.h>

#include "builtin/builtin.h"
#include "judge/regress.h"
#include "lib/util.h"

struct regressions_opts {
	long long run;
	const char *config;
	const char *threshold;
	const char *against;
};

static const char *const againsts[] = { "parent", "base", NULL };

static const struct opt regressions_option_list[] = {
	OPT_INT(0, "run", struct regressions_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "config", struct regressions_opts, config, "NAME", NULL, OPT_CONFIGS,
		   "only this configuration (default: every one of the run)"),
	OPT_STRING(0, "threshold", struct regressions_opts, threshold, "P%",
		   PERF_DEFAULT_THRESHOLD_ARG, 0, "a move by more than P percent"),
	OPT_CHOICE(0, "against", struct regressions_opts, against, againsts, "parent",
		   "compare each commit with its parent, or with the base (then only the"
		   " first commit past the threshold)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(regressions, struct regressions_opts, regressions_option_list);

int cmd_regressions(struct cmd_ctx *ctx)
{
	const struct regressions_opts *o = ctx->opts;
	enum perf_against against = PERF_AGAINST_PARENT;
	double threshold;

	if (perf_parse_threshold(o->threshold, &threshold))
		return error("--threshold wants a percentage such as 5%% or 0.5%%, not '%s'",
			     o->threshold), EXIT_ERROR;
	perf_against_parse(o->against, &against);
	return perf_regressions(ctx->db, o->run, o->config, threshold, against, stdout);
}
