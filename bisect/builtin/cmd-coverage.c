// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable coverage [--db DB] [--run N]
 *
 * Per commit of a run, the changed lines that no configuration of the run
 * compiled (coverage.c), grouped by the guards that did not hold and by
 * file; then how many changed lines at least one configuration compiled,
 * and each configuration's own figure. Exit 0 when every changed line was
 * compiled somewhere (or is left undecided by a complex condition), 1 when
 * some line never was, 2 on errors.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "judge/coverage.h"
#include "judge/coverage-text.h"
#include "lib/escape.h"
#include "lib/util.h"

struct coverage_opts {
	long long run;
};

static const struct opt coverage_option_list[] = {
	OPT_INT(0, "run", struct coverage_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(coverage, struct coverage_opts, coverage_option_list);

static int same_group(const struct coverage_line *a, const struct coverage_line *b)
{
	return a->undecided == b->undecided && !strcmp(a->guard, b->guard) &&
	       !strcmp(a->path, b->path) && !a->arch == !b->arch &&
	       (!a->arch || !strcmp(a->arch, b->arch));
}

/* "  RT_GROUP_SCHED=y  kernel/sched/rt.c:+123 +124 -130", one line per guard and file. */
static void print_commit(const struct coverage *cov, const struct coverage_commit *cc)
{
	struct strbuf safe = STRBUF_INIT;
	size_t i = 0, j;

	utf8_sanitize(&safe, cc->subject, strlen(cc->subject));
	printf("%d/%zu %.12s %s\n", cc->position, cov->commits_total, cc->sha, safe.buf);
	if (!cc->judged)
		printf("  not judged: no configuration's build is recorded at this commit\n");
	while (i < cc->nmissed) {
		const struct coverage_line *l = &cc->missed[i];

		strbuf_reset(&safe);
		utf8_sanitize(&safe, l->path, strlen(l->path));
		printf("  %s%s  %s:", l->undecided ? "undecided: " : "", l->guard, safe.buf);
		for (j = i; j < cc->nmissed && same_group(l, &cc->missed[j]); j++)
			printf("%s%c%zu", j > i ? " " : "", cc->missed[j].sign, cc->missed[j].line);
		/* Never counted as covered: name the architecture that would build it. */
		if (l->arch) {
			struct strbuf hint = STRBUF_INIT;

			coverage_line_hint(l, &hint);
			printf("  (another architecture's: %s)", hint.buf);
			strbuf_release(&hint);
		}
		printf("\n");
		i = j;
	}
	strbuf_release(&safe);
}

/*
 * Why a run has no .config to judge: a running run whose builds have not
 * finished yet, a run none of whose builds finished, or one recorded by a
 * bisectable from before it kept them.
 */
static void no_configs(sqlite3 *db, long long run_id)
{
	struct run_info run;
	int running = !db_load_run(db, run_id, &run) && run.state &&
		      !strcmp(run.state, "running");

	if (running && !db_run_has_builds(db, run_id))
		error("run %lld is still running and no build of it has finished yet:"
		      " nothing to judge yet", run_id);
	else if (!db_run_has_builds(db, run_id))
		error("run %lld has no build recorded: nothing to judge", run_id);
	else
		error("run %lld has no build's .config recorded (bisectable keeps them since"
		      " schema version 5): nothing to judge", run_id);
	run_info_free(&run);
}

int cmd_coverage(struct cmd_ctx *ctx)
{
	const struct coverage_opts *o = ctx->opts;
	struct strbuf line = STRBUF_INIT;
	struct coverage cov;
	size_t i;
	int ret;

	if (coverage_load(ctx->db, o->run, &cov)) {
		coverage_release(&cov);
		return EXIT_ERROR;
	}
	if (!cov.recorded) {
		no_configs(ctx->db, cov.run_id);
		coverage_release(&cov);
		return EXIT_ERROR;
	}
	for (i = 0; i < cov.ncommits; i++)
		if (cov.commits[i].nmissed || !cov.commits[i].judged)
			print_commit(&cov, &cov.commits[i]);
	coverage_summary(&cov, &line);
	printf("%s%s\n", cov.ncommits && cov.never + cov.undecided + cov.unjudged ? "\n" : "",
	       line.buf);
	for (i = 0; i < cov.nconfigs; i++)
		printf("  %-10s %zu of %zu\n", cov.configs[i], cov.compiled_by[i], cov.changed);
	printf("  %zu never compiled, %zu undecided (complex conditions, evaluated as far as"
	       " they go)\n", cov.never, cov.undecided);
	if (cov.kconfig)
		printf("  %zu changed Kconfig line%s not counted: not compiled code\n", cov.kconfig,
		       cov.kconfig == 1 ? "" : "s");
	if (cov.unjudged)
		printf("  %zu changed line%s not judged: no build recorded at their commit\n",
		       cov.unjudged, cov.unjudged == 1 ? "" : "s");
	ret = cov.never ? EXIT_BAD : 0;
	strbuf_release(&line);
	coverage_release(&cov);
	return ret;
}
