// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-metrics.c - the HTML report's figures: the performance
 * regressions (regress.h: a marked value with its change, never a red cell)
 * and each configuration's metrics per commit with their deltas.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "judge/regress.h"
#include "report/report-html-common.h"
#include "report/report-html-metrics.h"
#include "report/report-model.h"
#include "report/report-numbers.h"
#include "lib/util.h"

/* "ns, lower is better", "bytes, lower is better", "no direction". */
static void html_direction(struct report_out *r, const struct perf_direction *d)
{
	struct strbuf *o = &r->buf;

	if (!empty(d->unit)) {
		html_escape(o, d->unit);
		strbuf_addstr(o, ", ");
	}
	if (d->better == PERF_UNDECLARED)
		strbuf_addstr(o, "no direction");
	else
		strbuf_addf(o, "%s is better", perf_better_name(d->better));
}

/* "+15.5%", "+15.52%", or "from 0": the move's size. */
static void html_move_pct(struct report_out *r, const struct report_move *mv)
{
	char num[48];

	if (!mv->has_pct) {
		strbuf_addstr(&r->buf, "from 0");
		return;
	}
	fmt_pct(num, sizeof(num), mv->pct);
	strbuf_addstr(&r->buf, num);
}

/* The mark of a value that moved past the threshold: a regression, or noisy. */
static void html_move_tag(struct report_out *r, size_t cfg, const struct report_move *mv)
{
	const struct perf_direction *d = &r->m->directions[cfg * r->m->nmetrics + mv->metric];
	struct strbuf *o = &r->buf;

	if (mv->noisy)
		strbuf_addf(o, " <span class=\"tag noisy\" title=\"moved past %g%% against its"
			    " parent, but its boot's samples spread more than its noise floor:"
			    " never a verdict\">noisy ", r->m->threshold);
	else
		strbuf_addf(o, " <span class=\"tag perf\" title=\"performance regression: past"
			    " %g%% against the parent commit, ", r->m->threshold);
	if (!mv->noisy) {
		html_direction(r, d);
		strbuf_addf(o, "\">%s ", mv->delta > 0 ? "\xe2\x96\xb2" : "\xe2\x96\xbc");
	}
	html_move_pct(r, mv);
	strbuf_addstr(o, "</span>");
}

static void html_move_legend(struct report_out *r)
{
	strbuf_addf(&r->buf, "<span class=\"tag perf\">\xe2\x96\xb2 +15.5%%</span> marks a"
		    " performance regression: a move the wrong way by more than %g%% against"
		    " the parent commit (see Performance above); <span class=\"tag noisy\">"
		    "noisy</span>, a value whose boot's samples spread more than its noise"
		    " floor, never a verdict.", r->m->threshold);
}

/* One row of the performance table: where, both values, the change. */
static void html_perf_row(struct report_out *r, size_t cfg, const struct report_move *mv)
{
	const struct commit *c = &r->m->commits[mv->commit], *p = &r->m->commits[mv->ref];
	size_t k = cfg * r->m->nmetrics + mv->metric;
	const struct perf_direction *d = &r->m->directions[k];
	struct strbuf *o = &r->buf;
	char a[48], b[48];

	strbuf_addf(o, "<tr class=\"%s\" data-config=\"", mv->noisy ? "noisy" :
		    "perf-regression");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "\" data-metric=\"");
	html_escape(o, r->m->metrics[mv->metric]);
	strbuf_addstr(o, "\"><th>");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "</th><td><code>");
	html_escape(o, r->m->metrics[mv->metric]);
	strbuf_addf(o, "</code></td><td><a href=\"#commit-%d\">", c->position);
	html_commit_ref(r, c->sha, c->position, c->subject);
	fmt_metric(a, sizeof(a), p->values[k], report_metric_decimals(r->m, mv->metric), 0);
	fmt_metric(b, sizeof(b), c->values[k], report_metric_decimals(r->m, mv->metric), 0);
	strbuf_addf(o, "</a></td><td class=\"num\">%s", a);
	if (p->position != c->position - 1)
		strbuf_addf(o, " <span class=\"note\">(at %d)</span>", p->position);
	strbuf_addf(o, " \xe2\x86\x92 %s", b);
	if (!empty(d->unit)) {
		strbuf_addstr(o, " ");
		html_escape(o, d->unit);
	}
	strbuf_addstr(o, "</td><td class=\"num\">");
	html_move_tag(r, cfg, mv);
	strbuf_addstr(o, "</td><td>");
	html_direction(r, d);
	strbuf_addstr(o, "</td></tr>\n");
}

/*
 * The performance verdicts, apart from the functional ones: each commit
 * whose metric moved the wrong way past the threshold against its parent
 * (regress.h), then the noisy moves, then the metrics that are never judged.
 */
void html_performance(struct report_out *r)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf, undeclared = STRBUF_INIT;
	size_t cfg, i, regressions = 0, noisy = 0;
	int pass;

	for (cfg = 0; cfg < m->nconfigs; cfg++) {
		regressions += m->perf[cfg].nregressions;
		noisy += m->perf[cfg].nmoves - m->perf[cfg].nregressions;
	}
	strbuf_addf(o, "<section id=\"performance\">\n<h2>Performance</h2>\n<p class=\"note\">"
		    "A performance regression is a commit whose metric moved the wrong way (up"
		    " where lower is better, down where higher is better) by more than %g%%"
		    " against its parent commit (the nearest earlier one with a value). It is"
		    " not a failure: the verdict above does not count it. A noisy value and a"
		    " metric without a direction are never one (<code>bisectable regressions"
		    "</code>, <code>first-bad --metric</code>).</p>\n", m->threshold);
	if (!regressions)
		strbuf_addf(o, "<p class=\"perf-none\">No metric moved the wrong way by more"
			    " than %g%%.</p>\n", m->threshold);
	for (pass = 0; pass < 2; pass++) {
		if (pass ? !noisy : !regressions)
			continue;
		strbuf_addf(o, "%s<div class=\"scroll\">\n<table class=\"perf\" id=\"%s\">\n"
			    "<tr><th>Configuration</th>"
			    "<th>Metric</th><th>Commit</th><th>Parent \xe2\x86\x92 commit</th>"
			    "<th>Change</th><th>Direction</th></tr>\n",
			    pass ? "<h3>Noisy values (never a verdict)</h3>\n" : "",
			    pass ? "perf-noisy" : "perf-regressions");
		for (cfg = 0; cfg < m->nconfigs; cfg++)
			for (i = 0; i < m->perf[cfg].nmoves; i++)
				if (m->perf[cfg].moves[i].noisy == pass)
					html_perf_row(r, cfg, &m->perf[cfg].moves[i]);
		strbuf_addstr(o, "</table>\n</div>\n");
	}
	for (i = 0; i < m->nmetrics; i++) {
		for (cfg = 0; cfg < m->nconfigs; cfg++)
			if (m->directions[cfg * m->nmetrics + i].better != PERF_UNDECLARED)
				break;
		if (cfg < m->nconfigs)
			continue;
		strbuf_addstr(&undeclared, undeclared.len ? ", <code>" : "<code>");
		html_escape(&undeclared, m->metrics[i]);
		strbuf_addstr(&undeclared, "</code>");
	}
	if (undeclared.len)
		strbuf_addf(o, "<p class=\"note\">Not judged (no direction): %s.</p>\n",
			    undeclared.buf);
	strbuf_addstr(o, "</section>\n");
	strbuf_release(&undeclared);
}

/*
 * "Δp +512 (+0.003%)" against the parent, or "Δb ..." against the base,
 * green or red by the metric's direction (none: neither).
 */
static void html_delta(struct report_out *r, int parent, double v, double ref,
		       enum perf_better better, int decimals)
{
	const char *label = parent ? "\xce\x94p" : "\xce\x94" "b";
	const char *title = parent ? "against the parent commit" : "against the base";
	struct strbuf *o = &r->buf;
	char num[48];
	double d = v - ref;
	const char *cls = "";

	if (better != PERF_UNDECLARED && d != 0)
		cls = (d > 0) == (better == PERF_LOWER) ? " worse" : " better";
	fmt_metric(num, sizeof(num), d, decimals, 1);
	strbuf_addf(o, "<span class=\"delta%s\" title=\"%s\">%s %s", cls, title, label, num);
	if (ref != 0 && d != 0) {
		fmt_pct(num, sizeof(num), d / dabs(ref) * 100);
		strbuf_addf(o, " (%s)", num);
	}
	strbuf_addstr(o, "</span>");
}

static void html_metric_table(struct report_out *r, size_t cfg)
{
	struct strbuf *o = &r->buf;
	int *decimals = xcalloc(r->m->nmetrics, sizeof(*decimals));
	size_t i, m;

	for (m = 0; m < r->m->nmetrics; m++)
		decimals[m] = report_metric_decimals(r->m, m);
	strbuf_addstr(o, "<h3>Metrics: ");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "</h3>\n<div class=\"scroll\">\n<table class=\"metrics\" data-config=\"");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "\">\n<tr><th>#</th><th>commit</th>");
	for (m = 0; m < r->m->nmetrics; m++) {
		strbuf_addstr(o, "<th>");
		html_escape(o, r->m->metrics[m]);
		strbuf_addstr(o, "</th>");
	}
	strbuf_addstr(o, "</tr>\n<tr class=\"units\"><th></th><th></th>");
	for (m = 0; m < r->m->nmetrics; m++) {
		strbuf_addstr(o, "<th>");
		html_direction(r, &r->m->directions[cfg * r->m->nmetrics + m]);
		strbuf_addstr(o, "</th>");
	}
	strbuf_addstr(o, "</tr>\n");
	for (i = 0; i < r->m->ncommits; i++) {
		struct commit *c = &r->m->commits[i];
		long parent = parent_of(i);
		struct commit *p = parent >= 0 ? &r->m->commits[parent] : NULL;
		long base = r->m->base;
		struct commit *b = base >= 0 && base != (long)i && base != parent ?
				   &r->m->commits[base] : NULL;
		char buf[13];

		strbuf_addf(o, "<tr><td class=\"num\">%d</td><td><code>", c->position);
		html_escape(o, short_sha(c->sha, buf));
		strbuf_addstr(o, "</code></td>");
		for (m = 0; m < r->m->nmetrics; m++) {
			size_t k = cfg * r->m->nmetrics + m;
			enum perf_better better = r->m->directions[k].better;
			const struct report_move *mv = report_move_at(r->m, cfg, m, i);
			char num[48];

			if (!c->has_value[k]) {
				strbuf_addstr(o, "<td class=\"num none\">\xe2\x80\x93</td>");
				continue;
			}
			fmt_metric(num, sizeof(num), c->values[k], decimals[m], 0);
			strbuf_addf(o, "<td class=\"num%s\">%s", mv && !mv->noisy ?
				    " perf-regression" : c->noisy[k] ? " noisy" : "", num);
			if (mv)
				html_move_tag(r, cfg, mv);
			else if (c->noisy[k])
				strbuf_addstr(o, " <span class=\"tag noisy\" title=\"its boot's"
					      " samples spread more than its noise floor: never a"
					      " verdict\">noisy</span>");
			if (p && p->has_value[k])
				html_delta(r, 1, c->values[k], p->values[k], better, decimals[m]);
			if (b && b->has_value[k])
				html_delta(r, 0, c->values[k], b->values[k], better, decimals[m]);
			strbuf_addstr(o, "</td>");
		}
		strbuf_addstr(o, "</tr>\n");
		report_maybe_flush(r);
	}
	strbuf_addstr(o, "</table>\n</div>\n");
	free(decimals);
}

void html_metrics(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	size_t i;

	strbuf_addstr(o, "<section id=\"metrics\">\n<h2>Metrics</h2>\n");
	if (!r->m->nmetrics) {
		strbuf_addstr(o, "<p class=\"note\">No metrics were recorded.</p>\n</section>\n");
		return;
	}
	if (svg_charts(r))
		strbuf_addstr(o, "<p class=\"note\">Each line is one configuration's change"
			      " against its own base value (position 0, or its first measured"
			      " commit), in percent; a point's tooltip tells its value. A dotted"
			      " segment crosses commits without that metric.</p>\n");
	strbuf_addstr(o, "<p class=\"note\">Under each value: \xce\x94p, the change against the"
		      " parent commit (the previous position); \xce\x94" "b, against the base (");
	if (r->m->base >= 0 && r->m->commits[r->m->base].position == 0)
		strbuf_addstr(o, "position 0");
	else
		strbuf_addstr(o, "the first commit, as the base itself was not measured");
	strbuf_addstr(o, "), shown where it differs from the parent. Green is a change for"
		      " the better and red one for the worse, by the direction under each"
		      " metric's name; a metric without one is neither. ");
	html_move_legend(r);
	strbuf_addstr(o, "</p>\n");
	for (i = 0; i < r->m->nconfigs; i++)
		html_metric_table(r, i);
	strbuf_addstr(o, "</section>\n");
}
