// SPDX-License-Identifier: GPL-2.0
/*
 * regress-text.c - a performance regression in words (regress-text.h):
 * formatting into a strbuf, shared by 'first-bad --metric' and
 * 'regressions', no database, no output stream.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "judge/regress.h"
#include "judge/regress-text.h"
#include "lib/escape.h"
#include "lib/util.h"

/* A value as stored: integers without decimals, others as short as exact. */
static void value_text(struct strbuf *out, double v)
{
	strbuf_addf(out, "%.15g", v);
}

/* Two decimals below 10%, so that a move just past 5% does not read as 5.0%. */
static void pct_text(struct strbuf *out, double pct)
{
	double a = fabs(pct);

	strbuf_addf(out, a >= 10 ? "%+.1f%%" : a >= 0.01 ? "%+.2f%%" : a >= 0.0001 ?
		    "%+.4f%%" : "%+.2g%%", pct);
}

/* The decimals of v as value_text writes it (at most 6). */
static int decimals(double v)
{
	char buf[40], *dot;
	int n;

	snprintf(buf, sizeof(buf), "%.15g", v);
	dot = strchr(buf, '.');
	if (!dot || strchr(buf, 'e'))
		return 0;
	n = strlen(dot + 1);
	return n > 6 ? 6 : n;
}

/* A difference with the decimals of its values: +172.65, not +172.649999999994. */
static void delta_text(struct strbuf *out, double delta, double a, double b)
{
	int da = decimals(a), db = decimals(b);

	strbuf_addf(out, "%+.*f", da > db ? da : db, delta);
}

static void unit_text(struct strbuf *out, const struct perf_series *s)
{
	if (s->dir.unit && *s->dir.unit && strcmp(s->dir.unit, "%")) {
		strbuf_addstr(out, " ");
		term_escape(out, s->dir.unit);
	} else if (s->dir.unit && !strcmp(s->dir.unit, "%")) {
		strbuf_addstr(out, "%");
	}
}

void perf_direction_text(struct strbuf *out, const struct perf_series *s)
{
	const char *b = perf_better_name(s->dir.better);

	strbuf_addf(out, "%s is better", b ? b : "neither way");
}

const char *perf_against_words(enum perf_against against)
{
	return against == PERF_AGAINST_BASE ? "against the base" : "against their parent";
}

void perf_series_text(struct strbuf *out, const struct perf_series *s)
{
	term_escape(out, s->config);
	strbuf_addstr(out, ": ");
	term_escape(out, s->metric);
}

/* "6377.45 (base) -> 7365.08 ns": the reference named unless it is the parent. */
static void values_text(struct strbuf *out, const struct perf_series *s,
			const struct perf_point *at, const struct perf_point *ref,
			enum perf_against against)
{
	value_text(out, ref->value);
	if (ref->position == 0 && (against == PERF_AGAINST_BASE || at->position != 1))
		strbuf_addstr(out, " (base)");
	else if (ref->position != at->position - 1)
		strbuf_addf(out, " (%d/%d)", ref->position, s->commits);
	strbuf_addstr(out, " -> ");
	value_text(out, at->value);
	unit_text(out, s);
}

void perf_move_text(struct strbuf *out, const struct perf_series *s, const struct perf_move *m,
		    enum perf_against against, int with_delta)
{
	const struct perf_point *at = &s->points[m->at], *ref = &s->points[m->ref];

	perf_series_text(out, s);
	strbuf_addf(out, " %s %d/%d", m->noisy ? "is noisy at" : "regressed at", at->position,
		    s->commits);
	if (at->sha)
		strbuf_addf(out, " %.7s", term_str(at->sha));
	if (at->subject) {
		strbuf_addstr(out, " \"");
		term_escape(out, at->subject);
		strbuf_addstr(out, "\"");
	}
	strbuf_addstr(out, ": ");
	values_text(out, s, at, ref, against);
	strbuf_addstr(out, " (");
	if (with_delta) {
		delta_text(out, m->delta, at->value, ref->value);
		unit_text(out, s);
		strbuf_addstr(out, ", ");
	}
	if (m->has_pct)
		pct_text(out, m->pct);
	else
		strbuf_addstr(out, "from 0");
	strbuf_addstr(out, ", ");
	perf_direction_text(out, s);
	strbuf_addstr(out, ")");
	if (!m->noisy)
		return;
	strbuf_addstr(out, ": not a verdict, its boot's samples spread");
	if (at->spread_pct >= 0 && at->noise_pct >= 0)
		strbuf_addf(out, " %.3g%% > noise floor %.3g%%", at->spread_pct, at->noise_pct);
	else
		strbuf_addstr(out, " more than its noise floor");
}
