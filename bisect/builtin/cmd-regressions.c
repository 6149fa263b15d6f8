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
#include "judge/regress-text.h"
#include "lib/escape.h"
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

/* The moves of every series that are (noisy) or are not noisy, a line each. */
static void moves_text(struct strbuf *out, const struct perf_run *r, int noisy)
{
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		const struct perf_judged *s = &r->series[i];

		for (j = 0; j < s->scan.nmoves; j++) {
			if (!s->scan.moves[j].noisy != !noisy)
				continue;
			perf_move_text(out, &s->series, &s->scan.moves[j], r->against, 1);
			strbuf_addstr(out, "\n");
		}
	}
}

/* "3 regressions past 5% (4 of 6 metric x configuration series judged)". */
static void summary_text(struct strbuf *out, const struct perf_run *r, const char *thr)
{
	if (r->regressions)
		strbuf_addf(out, "%zu regression%s", r->regressions,
			    r->regressions == 1 ? "" : "s");
	else
		strbuf_addstr(out, "no regression");
	strbuf_addf(out, " past %s (%zu of %zu metric x configuration series judged", thr,
		    r->judged, r->n);
	if (r->noisy)
		strbuf_addf(out, "; %zu noisy move%s", r->noisy, r->noisy == 1 ? "" : "s");
	strbuf_addstr(out, ")\n");
}

static void regressions_text(struct strbuf *out, const struct perf_run *r)
{
	char thr[32];
	size_t i;

	perf_format_threshold(thr, sizeof(thr), r->threshold);
	strbuf_addf(out, "run %lld: moves past %s the wrong way, commits %s\n", r->run_id, thr,
		    perf_against_words(r->against));
	moves_text(out, r, 0);
	if (r->noisy) {
		strbuf_addstr(out, "noisy (never a verdict):\n");
		moves_text(out, r, 1);
	}
	for (i = 0; i < r->n; i++) {
		if (!r->series[i].scan.why_none)
			continue;
		perf_series_text(out, &r->series[i].series);
		strbuf_addf(out, ": nothing compared: %s\n", r->series[i].scan.why_none);
	}
	if (r->nundeclared) {
		strbuf_addstr(out, "not judged (no direction):");
		for (i = 0; i < r->nundeclared; i++) {
			strbuf_addstr(out, i ? ", " : " ");
			term_escape(out, r->undeclared[i]);
		}
		strbuf_addstr(out, "\n");
	}
	summary_text(out, r, thr);
}

int cmd_regressions(struct cmd_ctx *ctx)
{
	const struct regressions_opts *o = ctx->opts;
	enum perf_against against = PERF_AGAINST_PARENT;
	struct strbuf lines = STRBUF_INIT;
	struct perf_run r;
	double threshold;
	int ret;

	if (perf_parse_threshold(o->threshold, &threshold))
		return error("--threshold wants a percentage such as 5%% or 0.5%%, not '%s'",
			     o->threshold), EXIT_ERROR;
	perf_against_parse(o->against, &against);
	if (perf_regressions(ctx->db, o->run, o->config, threshold, against, &r) < 0)
		return EXIT_ERROR;
	regressions_text(&lines, &r);
	fputs(lines.buf, stdout);
	ret = r.regressions ? EXIT_BAD : 0;
	strbuf_release(&lines);
	perf_run_free(&r);
	return ret;
}
