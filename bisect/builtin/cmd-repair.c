// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable repair [--db DB] [--run N] [-o DIR | --branch NAME] [--max-candidates K]
 *
 * Close each bisection hole of a run by rewriting its series while the tip
 * tree stays byte-identical (run/repair.h): move hunks of the fixing commit
 * into the first bad one, move the fixing commit before it, or squash it
 * in; verify each candidate; write the rewrite out. Exit 0 when every hole
 * closed, 1 when some could not be without changing the tip, 2 on errors.
 */
#include <limits.h>

#include "builtin/builtin.h"
#include "run/repair.h"
#include "lib/util.h"

struct repair_cmd_opts {
	long long run;
	const char *output;
	const char *branch;
	long long max_candidates;
};

static const struct opt repair_option_list[] = {
	OPT_INT(0, "run", struct repair_cmd_opts, run, "N", 1, LLONG_MAX, 0,
		"the run whose holes to close (default: the latest)"),
	OPT_STRING('o', "output", struct repair_cmd_opts, output, "DIR", NULL, OPT_FILE,
		   "write the repaired series here as a quilt directory (series file and"
		   " numbered patches)"),
	OPT_STRING(0, "branch", struct repair_cmd_opts, branch, "NAME", NULL, 0,
		   "for a --repo run: also a new branch NAME of your repository (never"
		   " over an existing one)"),
	OPT_INT(0, "max-candidates", struct repair_cmd_opts, max_candidates, "K", 1, 64,
		REPAIR_DEFAULT_CANDIDATES, "candidates verified per hole, at most"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(repair, struct repair_cmd_opts, repair_option_list);

int cmd_repair(struct cmd_ctx *ctx)
{
	const struct repair_cmd_opts *o = ctx->opts;
	struct repair_opts ro = {
		.run = o->run,
		.out_dir = o->output,
		.branch = o->branch,
		.max_candidates = (int)o->max_candidates,
		.db_path = ctx->db_path,
	};

	return repair_run(ctx->db, &ro);
}
