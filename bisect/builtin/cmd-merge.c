// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable merge [--db DB] [--into-run N] OTHER.db...
 *
 * Fold the runs verified elsewhere (another machine, a Slurm job) into this
 * database, by what identifies them (merge.h): merging twice adds nothing.
 */
#include <limits.h>
#include <stdio.h>

#include "builtin/builtin.h"
#include "db/merge.h"
#include "lib/util.h"

struct merge_opts {
	long long into_run;
};

static const struct opt merge_option_list[] = {
	OPT_INT(0, "into-run", struct merge_opts, into_run, "N", 1, LLONG_MAX, 0,
		"fold every run of the other databases into run N of this one (one run,"
		" verified in parts)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(merge, struct merge_opts, merge_option_list);

int cmd_merge(struct cmd_ctx *ctx)
{
	const struct merge_opts *o = ctx->opts;
	int i, ret = 0;

	for (i = 0; i < ctx->argc; i++) {
		struct merge_stats s;

		if (merge_database(ctx->db, ctx->argv[i], o->into_run, &s)) {
			ret = EXIT_ERROR;
			continue;
		}
		printf("%s: %d run%s (%d new), %d commits, %d results, %d tests, %d metrics,"
		       " %d warnings, %d .configs, %d run configurations added\n", ctx->argv[i],
		       s.runs, s.runs == 1 ? "" : "s", s.new_runs, s.new_commits, s.new_results,
		       s.new_tests, s.new_metrics, s.new_warnings, s.new_kconfigs,
		       s.new_run_configs);
	}
	return ret;
}
