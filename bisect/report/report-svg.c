// SPDX-License-Identifier: GPL-2.0
/*
 * report-svg.c - the line charts of the HTML report: one inline SVG per
 * charted metric, a polyline per configuration of its change against its
 * own base value in percent, each point with its value as a tooltip.
 */
#include <math.h>		/* isfinite() only: no -lm */
#include <stdio.h>
#include <string.h>

#include "lib/escape.h"
#include "report/report-model.h"
#include "report/report-numbers.h"
#include "lib/util.h"

/* Charted along the series when present: these, and every metric the series declares. */
static const struct chart {
	const char *name;
	const char *title;
} build_charts[] = {
	{ "text",		"text size of vmlinux (text)" },
	{ "bzimage_bytes",	"bzImage size (bzimage_bytes)" },
}, guest_charts[] = {
	{ "pipe_rtt_ns",	"pipe round trip (pipe_rtt_ns)" },
	{ "fork_exit_ns",	"fork + exit (fork_exit_ns)" },
};

/* Okabe-Ito colours, told apart without colour vision by the dashes too. */
static const char *const line_colors[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
};
static const char *const line_dashes[] = { "", "7 3", "2 3", "9 3 2 3" };

static void svg_text(struct report_out *r, double x, double y, const char *anchor,
		     const char *extra, const char *text)
{
	struct strbuf *o = &r->buf;

	strbuf_addf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
	html_escape(o, text);
	strbuf_addstr(o, "</text>\n");
}

/*
 * The value a configuration's line in a chart is measured against: that of
 * the base if it was measured, else of the first commit that has one.
 */
static int chart_ref(struct report_out *r, long m, size_t cfg, double *ref)
{
	size_t i, k = cfg * r->m->nmetrics + m;

	for (i = 0; i < r->m->ncommits; i++) {
		if (r->m->commits[i].has_value[k]) {
			*ref = r->m->commits[i].values[k];
			return *ref != 0;
		}
	}
	return 0;
}

static double pct(double v, double ref)
{
	return (v - ref) / dabs(ref) * 100;
}

/* A round step for about four grid lines over range: 1, 2 or 5 times a power of 10. */
static double nice_step(double range, int *decimals)
{
	double raw = range / 4, mag = 1, n, step, s;

	while (mag * 10 <= raw)
		mag *= 10;
	while (mag > raw)
		mag /= 10;
	n = raw / mag;
	step = (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * mag;
	for (*decimals = 0, s = step; s < 1 - 1e-9 && *decimals < 12; s *= 10)
		++*decimals;
	return step;
}

/* Where a chart's plot area is, and the ranges it shows. */
struct plot {
	double W, R, L, T, pw, ph;	/* width, right and left margin, top, plot size */
	double lo, hi;			/* the percentages at the bottom and the top */
	int pmin, pmax;			/* the commit positions at the left and right */
};

static double plot_x(const struct plot *p, int pos)
{
	return p->pmax > p->pmin ? p->L + (pos - p->pmin) * p->pw / (p->pmax - p->pmin) :
	       p->L + p->pw / 2;
}

static double plot_y(const struct plot *p, double val)
{
	return p->T + (p->hi - val) * p->ph / (p->hi - p->lo);
}

/* The polyline of one configuration in a chart, its points and its legend entry. */
/*
 * Where a metric has no value at some commits, a thin dotted segment joins
 * the values on either side, so the line goes on and the gap shows as one.
 */
static void svg_gaps(struct report_out *r, const struct plot *p, size_t k, double ref,
		     const char *color)
{
	struct strbuf *o = &r->buf;
	long last = -1;
	size_t i;

	for (i = 0; i < r->m->ncommits; i++) {
		const struct commit *c = &r->m->commits[i], *b;

		if (!c->has_value[k])
			continue;
		b = last >= 0 ? &r->m->commits[last] : NULL;
		if (b && (size_t)last + 1 < i)
			strbuf_addf(o, "<line class=\"gap\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\""
				    " y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\""
				    " stroke-dasharray=\"1 4\" stroke-linecap=\"round\"><title>no"
				    " value at %d%s%.0d</title></line>\n",
				    plot_x(p, b->position), plot_y(p, pct(b->values[k], ref)),
				    plot_x(p, c->position), plot_y(p, pct(c->values[k], ref)), color,
				    r->m->commits[last + 1].position, (size_t)last + 2 < i ? ".." : "",
				    (size_t)last + 2 < i ? r->m->commits[i - 1].position : 0);
		last = i;
	}
}

static void svg_line(struct report_out *r, const struct plot *p, long m, size_t cfg)
{
	struct strbuf *o = &r->buf;
	const char *color = line_colors[cfg % ARRAY_SIZE(line_colors)];
	const char *dash = line_dashes[cfg % ARRAY_SIZE(line_dashes)];
	size_t k = cfg * r->m->nmetrics + m;
	char style[96];
	double lx = p->W - p->R - (r->m->nconfigs - cfg) * 90.0;
	int drawing = 0;
	char num[48], change[32];
	double ref;
	size_t i;

	if (!chart_ref(r, m, cfg, &ref))
		return;
	snprintf(style, sizeof(style), "stroke=\"%s\" stroke-width=\"2\"%s%s%s", color,
		 *dash ? " stroke-dasharray=\"" : "", dash, *dash ? "\"" : "");
	for (i = 0; i < r->m->ncommits; i++) {
		if (!r->m->commits[i].has_value[k]) {
			if (drawing)
				strbuf_addstr(o, "\"/>\n");
			drawing = 0;
			continue;
		}
		if (!drawing)
			strbuf_addf(o, "<polyline fill=\"none\" %s points=\"", style);
		strbuf_addf(o, "%s%.1f,%.1f", drawing ? " " : "",
			    plot_x(p, r->m->commits[i].position),
			    plot_y(p, pct(r->m->commits[i].values[k], ref)));
		drawing = 1;
	}
	if (drawing)
		strbuf_addstr(o, "\"/>\n");
	svg_gaps(r, p, k, ref, color);
	for (i = 0; i < r->m->ncommits; i++) {
		double v = r->m->commits[i].values[k];

		if (!r->m->commits[i].has_value[k])
			continue;
		fmt_metric(num, sizeof(num), v, report_metric_decimals(r->m, m), 0);
		fmt_pct(change, sizeof(change), pct(v, ref));
		strbuf_addf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\">"
			    "<title>", plot_x(p, r->m->commits[i].position), plot_y(p, pct(v, ref)),
			    color);
		html_escape(o, r->m->configs[cfg]);
		strbuf_addf(o, " at %d: %s (%s)</title></circle>\n",
			    r->m->commits[i].position, num, change);
	}
	/* legend */
	strbuf_addf(o, "<line x1=\"%.1f\" y1=\"30\" x2=\"%.1f\" y2=\"30\" %s/>\n",
		    lx, lx + 22, style);
	svg_text(r, lx + 26, 34, "start", " font-size=\"11\"", r->m->configs[cfg]);
}

/* The percentages a chart shows, padded: 0 if no configuration has a line. */
static int chart_range(struct report_out *r, long m, double *plo, double *phi)
{
	double lo = 0, hi = 0, ref;
	size_t i, cfg;
	int lines = 0;

	for (cfg = 0; cfg < r->m->nconfigs; cfg++) {
		if (!chart_ref(r, m, cfg, &ref))
			continue;
		lines++;
		for (i = 0; i < r->m->ncommits; i++) {
			size_t k = cfg * r->m->nmetrics + m;

			if (r->m->commits[i].has_value[k]) {
				lo = dmin(lo, pct(r->m->commits[i].values[k], ref));
				hi = dmax(hi, pct(r->m->commits[i].values[k], ref));
			}
		}
	}
	if (!lines)
		return 0;
	if (hi - lo < 1e-9) {
		lo -= 0.5;
		hi += 0.5;
	} else {
		double pad = (hi - lo) * 0.08;

		lo -= pad;
		hi += pad;
	}
	*plo = lo;
	*phi = hi;
	return 1;
}

/*
 * One line chart of a metric along the series: a polyline per configuration
 * of its change against its own base value, in percent, so that sizes of
 * different configurations share one scale. Each point tells its value.
 */
static void svg_chart(struct report_out *r, long m, const char *title)
{
	const double W = 560, H = 270, L = 74, R = 16, T = 42, B = 44;
	struct strbuf *o = &r->buf;
	double lo = 0, hi = 0, pw = W - L - R, ph = H - T - B, ystep, yt;
	int pmin, pmax, step, t, decimals;
	char num[48], label[64];
	size_t cfg;
	struct plot p;

	if (!r->m->ncommits)
		return;
	if (!chart_range(r, m, &lo, &hi))
		return;
	pmin = r->m->commits[0].position;
	pmax = r->m->commits[r->m->ncommits - 1].position;

	p = (struct plot){ .W = W, .R = R, .L = L, .T = T, .pw = pw, .ph = ph, .lo = lo, .hi = hi,
			   .pmin = pmin, .pmax = pmax };
#define X(pos) plot_x(&p, pos)
#define Y(val) plot_y(&p, val)
	/* The title is HTML above the chart: it wraps where a long one would be cut. */
	strbuf_addstr(o, "<figure class=\"chart\"><figcaption>");
	html_escape(o, title);
	strbuf_addstr(o, "</figcaption>\n");
	strbuf_addf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%.0f\""
		    " height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" data-metric=\"",
		    W, H, W, H);
	html_escape(o, r->m->metrics[m]);
	strbuf_addstr(o, "\">\n<title>");
	html_escape(o, title);
	strbuf_addstr(o, ": change against the base (%)</title>\n");

	/* y grid and labels, the zero line darker */
	ystep = nice_step(hi - lo, &decimals);
	for (yt = dceil(lo / ystep) * ystep; yt <= hi + ystep * 1e-6; yt += ystep) {
		double y = Y(yt);

		if (dabs(yt) < ystep * 1e-6)
			yt = 0;
		strbuf_addf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
			    " stroke=\"%s\"/>\n", L, y, L + pw, y, yt == 0 ? "#999" : "#e4e4e4");
		snprintf(num, sizeof(num), "%+.*f%%", decimals, yt);
		svg_text(r, L - 6, y + 4, "end", " font-size=\"11\"", yt == 0 ? "0%" : num);
	}
	snprintf(label, sizeof(label), " font-size=\"11\" transform=\"rotate(-90 14 %.1f)\"",
		 T + ph / 2);
	svg_text(r, 14, T + ph / 2, "middle", label, "change against the base");

	/* x axis: commit positions */
	strbuf_addf(o, "<path d=\"M%.1f %.1fV%.1fH%.1f\" fill=\"none\" stroke=\"#888\"/>\n",
		    L, T, T + ph, L + pw);
	step = (pmax - pmin) / 20 + 1;
	for (t = pmin; t <= pmax; t += step) {
		double x = X(t);

		strbuf_addf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
			    " stroke=\"#888\"/>\n", x, T + ph, x, T + ph + 4);
		snprintf(num, sizeof(num), "%d", t);
		svg_text(r, x, T + ph + 16, "middle", " font-size=\"11\"", num);
	}
	svg_text(r, L + pw / 2, H - 6, "middle", " font-size=\"11\"", "commit position");

	for (cfg = 0; cfg < r->m->nconfigs; cfg++)
		svg_line(r, &p, m, cfg);
	strbuf_addstr(o, "</svg>\n</figure>\n");
#undef X
#undef Y
}

static void chart_once(struct report_out *r, long m, const char *title, int *charted)
{
	if (m < 0)
		return;
	if (!(*charted)++)
		strbuf_addstr(&r->buf, "<div class=\"charts\">\n");
	svg_chart(r, m, title ? title : r->m->metrics[m]);
}

int svg_charts(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	int charted = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(build_charts); i++)
		chart_once(r, report_metric_index(r->m, build_charts[i].name),
			   build_charts[i].title, &charted);
	for (i = 0; i < r->m->nmetrics; i++)
		if (r->m->metric_series[i])
			chart_once(r, (long)i, r->m->metric_titles[i], &charted);
	for (i = 0; i < ARRAY_SIZE(guest_charts); i++)
		chart_once(r, report_metric_index(r->m, guest_charts[i].name),
			   guest_charts[i].title, &charted);
	if (charted)
		strbuf_addstr(o, "</div>\n");
	return charted;
}
