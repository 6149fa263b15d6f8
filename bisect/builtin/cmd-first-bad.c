// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable first-bad [--db DB] [--run N] [--config C] [--stage S]
 * bisectable first-bad --metric M [--threshold P%] [--against parent|base] ...
 *
 * For each configuration, the first commit whose result is not pass, with
 * stage and evidence, or that the series is bisectable for it (verdict.c).
 * With --metric, the first commit whose value of M moved the wrong way by
 * more than P% instead (regress.c): a performance verdict, apart from the
 * functional one. Exit 0 when every commit passes (no such move), 1 when
 * some commit does not (there is one), 2 on errors; with --min-confidence,
 * a first bad commit less sure than that (confidence.h) is no reason for 1.
 * Exit 3 when every commit passes but only where compiled: some changed
 * lines no configuration compiled (fewer than --require-coverage asks).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "input/arch.h"
#include "db/db.h"
#include "judge/regress.h"
#include "judge/regress-text.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"

struct first_bad_opts {
	long long run;
	const char *config;
	const char *stage;
	const char *metric;
	const char *threshold;
	const char *against;
	const char *min_confidence;
	const char *require_coverage;
	int strict_claims;
};

static const char *const stages[] = { "apply", "build", "boot", "test", NULL };
static const char *const againsts[] = { "parent", "base", NULL };

static const struct opt first_bad_option_list[] = {
	OPT_INT(0, "run", struct first_bad_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "config", struct first_bad_opts, config, "NAME", NULL, OPT_CONFIGS,
		   "only this configuration (default: every one of the run)"),
	OPT_CHOICE(0, "stage", struct first_bad_opts, stage, stages, NULL,
		   "only look at this stage"),
	OPT_STRING(0, "metric", struct first_bad_opts, metric, "NAME", NULL, 0,
		   "the first commit that made this metric worse (a performance verdict)"),
	OPT_STRING(0, "threshold", struct first_bad_opts, threshold, "P%", NULL, 0,
		   "with --metric: a move by more than P percent (default: "
		   PERF_DEFAULT_THRESHOLD_ARG ")"),
	OPT_CHOICE(0, "against", struct first_bad_opts, against, againsts, NULL,
		   "with --metric: compare each commit with its parent or the base"
		   " (default: parent)"),
	OPT_STRING(0, "min-confidence", struct first_bad_opts, min_confidence, "P%", NULL, 0,
		   "exit 1 only for a first bad commit this sure, or more (default: 0%)"),
	OPT_STRING(0, "require-coverage", struct first_bad_opts, require_coverage, "P%", NULL, 0,
		   "exit 3 for a series bisectable where compiled only when it compiled less"
		   " than P percent of its changed lines (default: 100%)"),
	OPT_BOOL(0, "strict-claims", struct first_bad_opts, strict_claims,
		 "exit 1 for a commit that claims no change and whose code changed"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(first_bad, struct first_bad_opts, first_bad_option_list);

/* Why s is never judged: "up: nice_ratio: no direction (...): never a verdict". */
static void undeclared_text(struct strbuf *out, const struct perf_series *s)
{
	perf_series_text(out, s);
	strbuf_addstr(out, ": no direction (");
	if (s->dir.from)
		strbuf_addf(out, "%s: neither lower nor higher is better", term_str(s->dir.from));
	else
		strbuf_addstr(out, "nothing says whether lower or higher is better");
	strbuf_addstr(out, "): never a verdict\n");
}

/* Why there is no regression: "up: pipe_rtt_ns: no move past 5% (...)". */
static void no_move_text(struct strbuf *out, const struct perf_run *r,
			 const struct perf_judged *j)
{
	const char *against = perf_against_words(r->against);
	char thr[32];

	perf_series_text(out, &j->series);
	if (j->scan.why_none) {
		strbuf_addf(out, ": nothing compared %s: %s\n", against, j->scan.why_none);
		return;
	}
	perf_format_threshold(thr, sizeof(thr), r->threshold);
	strbuf_addf(out, ": no move past %s (%d/%d commits compared %s, ", thr,
		    j->scan.compared, j->series.commits, against);
	perf_direction_text(out, &j->series);
	if (j->scan.noisy)
		strbuf_addf(out, "; %d noisy value%s not judged", j->scan.noisy,
			    j->scan.noisy == 1 ? "" : "s");
	strbuf_addstr(out, ")\n");
}

/* The line(s) of one configuration for --metric. */
static void metric_text(struct strbuf *out, const struct perf_run *r,
			const struct perf_judged *j)
{
	size_t i;

	if (!j->series.npoints) {
		perf_series_text(out, &j->series);
		strbuf_addf(out, ": not recorded in run %lld\n", r->run_id);
		return;
	}
	if (j->series.dir.better == PERF_UNDECLARED) {
		undeclared_text(out, &j->series);
		return;
	}
	/* Noisy moves before the first regression: said, never the answer. */
	for (i = 0; i < j->scan.nmoves; i++) {
		perf_move_text(out, &j->series, &j->scan.moves[i], r->against, 0);
		strbuf_addstr(out, "\n");
	}
	if (!j->scan.nregressions)
		no_move_text(out, r, j);
}

/* The performance verdict: the first regression of a metric per configuration. */
static int first_bad_metric(sqlite3 *db, const struct first_bad_opts *o, double threshold,
			    enum perf_against against)
{
	struct strbuf lines = STRBUF_INIT;
	struct perf_run r;
	size_t i;
	int ret;

	if (perf_first_bad(db, o->run, o->config, o->metric, threshold, against, &r) < 0)
		return EXIT_ERROR;
	for (i = 0; i < r.n; i++)
		metric_text(&lines, &r, &r.series[i]);
	fputs(lines.buf, stdout);
	ret = r.regressions ? EXIT_BAD : 0;
	strbuf_release(&lines);
	perf_run_free(&r);
	return ret;
}

/* The functional verdict: a line per configuration (verdict-text.h). */
static int first_bad(sqlite3 *db, const struct first_bad_opts *o)
{
	struct strbuf lines = STRBUF_INIT;
	struct verdict_ask ask = { .stage = o->stage };
	double min = 0, require = 100;
	char *configs;
	int ret;

	if (o->min_confidence && (perf_parse_threshold(o->min_confidence, &min) || min > 100))
		return error("--min-confidence wants a percentage from 0%% to 100%%, not '%s'",
			     o->min_confidence), EXIT_ERROR;
	if (o->require_coverage &&
	    (perf_parse_threshold(o->require_coverage, &require) || require > 100))
		return error("--require-coverage wants a percentage from 0%% to 100%%, not '%s'",
			     o->require_coverage), EXIT_ERROR;
	/* Results are keyed by the configuration's key: defconfig:up's is defconfig+up. */
	configs = arch_spec_keys(o->config);
	ask.configs = configs;
	ask.min_confidence = min / 100;
	ask.require_coverage = require / 100;
	ask.strict_claims = o->strict_claims;
	ret = verdict_report(db, o->run, &ask, &lines);
	free(configs);

	fputs(lines.buf, stdout);
	strbuf_release(&lines);
	return ret;
}

int cmd_first_bad(struct cmd_ctx *ctx)
{
	const struct first_bad_opts *o = ctx->opts;
	enum perf_against against = PERF_AGAINST_PARENT;
	double threshold = PERF_DEFAULT_THRESHOLD;

	if (!o->metric) {
		if (o->threshold || o->against)
			return error("--threshold and --against go with --metric"), EXIT_ERROR;
		return first_bad(ctx->db, o);
	}
	if (o->stage)
		return error("--stage looks at results, --metric at a figure: not both"),
		       EXIT_ERROR;
	if (o->threshold && perf_parse_threshold(o->threshold, &threshold))
		return error("--threshold wants a percentage such as 5%% or 0.5%%, not '%s'",
			     o->threshold), EXIT_ERROR;
	if (o->against)
		perf_against_parse(o->against, &against);
	return first_bad_metric(ctx->db, o, threshold, against);
}
