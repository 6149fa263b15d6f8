// SPDX-License-Identifier: GPL-2.0
/*
 * regress.c - performance regressions: which way each metric should go, the
 * walk along a series of values (see regress.h for the definition), and what
 * 'first-bad --metric' and 'regressions' find, as data (regress-text.c and
 * the commands word it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-judge.h"
#include "judge/regress.h"
#include "input/run-config.h"
#include "lib/util.h"

/*
 * The metrics bisectable records itself, which it stores without a unit
 * (db_metric_set): what they count and which way is better. A metric that is
 * not here, or here without a direction, is never a verdict unless its rows
 * or its series say otherwise.
 */
static const struct perf_builtin {
	const char *name;
	const char *unit;
	enum perf_better better;
} builtin[] = {
	/* Sizes of vmlinux and bzImage: the cover letter's own cost of the series. */
	{ "text",		"bytes",	PERF_LOWER },
	{ "data",		"bytes",	PERF_LOWER },
	{ "bss",		"bytes",	PERF_LOWER },
	{ "bzimage_bytes",	"bytes",	PERF_LOWER },
	/* Every compiler warning of the whole build; a new one is a step back. */
	{ "warnings",		"warnings",	PERF_LOWER },
	/*
	 * Guest time under -icount shift=0,sleep=off counts instructions, so
	 * these repeat from boot to boot: a cost the commit added.
	 */
	{ "pipe_rtt_ns",	"ns",		PERF_LOWER },
	{ "fork_exit_ns",	"ns",		PERF_LOWER },
	/*
	 * The share of yields that let the other task run: the smoke test's
	 * pass condition (at least 25%), a shape of the schedule rather than a
	 * cost; neither way is better.
	 */
	{ "yield_handoff_pct",	"%",		PERF_UNDECLARED },
	/*
	 * nice 0 / nice 19 CPU time: right when it is near the weight ratio,
	 * not when it is larger or smaller.
	 */
	{ "nice_ratio",		"ratio",	PERF_UNDECLARED },
	/*
	 * How much of the kernel a commit's build recompiled, and how many
	 * mtimes were given back: they follow the diff and the state of the
	 * build directory (a cached result recompiles nothing), not the commit.
	 */
	{ "rebuilt_objects",	"objects",	PERF_UNDECLARED },
	{ "restored_mtimes",	"files",	PERF_UNDECLARED },
	/*
	 * No build or boot time here: results.duration is wall time on a
	 * shared host (load, ccache, the result cache), not a figure of the
	 * commit.
	 */
};

enum perf_better perf_better_parse(const char *s)
{
	if (s && !strcmp(s, "lower"))
		return PERF_LOWER;
	if (s && !strcmp(s, "higher"))
		return PERF_HIGHER;
	return PERF_UNDECLARED;
}

const char *perf_better_name(enum perf_better b)
{
	return b == PERF_LOWER ? "lower" : b == PERF_HIGHER ? "higher" : NULL;
}

int perf_against_parse(const char *s, enum perf_against *against)
{
	if (s && !strcmp(s, "parent"))
		*against = PERF_AGAINST_PARENT;
	else if (s && !strcmp(s, "base"))
		*against = PERF_AGAINST_BASE;
	else
		return -1;
	return 0;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Digit by digit rather than strtod: strtod also takes "inf", "1e3", "0x5",
 * blanks and a sign, and its decimal point follows the locale.
 */
int perf_parse_threshold(const char *s, double *pct)
{
	double v = 0, scale = 1;
	int whole = 0, frac = 0;

	if (!s)
		return -1;
	for (; is_digit(*s); s++, whole++)
		v = v * 10 + (*s - '0');
	if (*s == '.') {
		for (s++; is_digit(*s); s++, frac++) {
			scale /= 10;
			v += (*s - '0') * scale;
		}
		if (!frac)
			return -1;	/* "5." */
	}
	if (*s == '%')
		s++;
	/* Past 10^6 percent a threshold means nothing; more digits are a typo. */
	if (*s || !whole || whole > 6 || frac > 6)
		return -1;
	*pct = v;
	return 0;
}

void perf_format_threshold(char *buf, size_t size, double pct)
{
	snprintf(buf, size, "%g%%", pct);
}

void perf_direction_default(const struct run_config *rc, const char *metric,
			    struct perf_direction *d)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	for (i = 0; rc && i < rc->nmetrics; i++) {
		const struct series_metric *m = &rc->metrics[i];

		if (strcmp(m->name, metric) || !m->unit[0])
			continue;
		d->unit = m->unit;
		d->better = perf_better_parse(m->better);
		d->from = "series";
		return;
	}
	for (i = 0; i < ARRAY_SIZE(builtin); i++) {
		if (strcmp(builtin[i].name, metric))
			continue;
		d->unit = builtin[i].unit;
		d->better = builtin[i].better;
		d->from = "built-in";
		return;
	}
}

/*
 * A tolerance of one part in 10^9 of the limit (threshold x |reference|),
 * so that a threshold read from text and a value that moved by exactly that
 * much (6377.45 * 1.05 against 6377.45 at "5%") compare as equal, not past
 * it, whatever the rounding of their binary forms.
 */
#define PERF_EPSILON	1e-9

int perf_past(double value, double ref, enum perf_better better, double threshold,
	      double *pct, int *has_pct)
{
	double delta = value - ref, limit;
	int wrong;

	*has_pct = ref != 0;
	*pct = *has_pct ? delta / fabs(ref) * 100 : 0;
	wrong = better == PERF_LOWER ? delta > 0 : better == PERF_HIGHER ? delta < 0 : 0;
	if (!wrong)
		return 0;
	if (!*has_pct)
		return 1;	/* anything the wrong way from 0 */
	/* |delta| * 100 > threshold * |ref|, without dividing by a small ref. */
	limit = threshold * fabs(ref);
	return fabs(delta) * 100 > limit + PERF_EPSILON * (limit > 1 ? limit : 1);
}

static void add_move(struct perf_scan *s, size_t at, size_t ref, const struct perf_point *p,
		     double pct, int has_pct)
{
	struct perf_move *m;

	s->moves = xrealloc(s->moves, (s->nmoves + 1) * sizeof(*s->moves));
	m = &s->moves[s->nmoves++];
	m->at = at;
	m->ref = ref;
	m->delta = p[at].value - p[ref].value;
	m->pct = pct;
	m->has_pct = has_pct;
	m->noisy = p[at].noisy;
	if (!m->noisy)
		s->nregressions++;
}

void perf_scan_points(const struct perf_point *p, size_t n, enum perf_better better,
		      double threshold, enum perf_against against, int first_only,
		      struct perf_scan *out)
{
	long ref = -1;		/* the reference so far: a point that is not noisy */
	size_t i;

	memset(out, 0, sizeof(*out));
	if (against == PERF_AGAINST_BASE) {
		if (!n || p[0].position != 0)
			out->why_none = "the base (position 0) has no value";
		else if (p[0].noisy)
			out->why_none = "the base's value is noisy";
		else
			ref = 0;
	}
	for (i = 0; i < n; i++) {
		double pct;
		int has_pct, past;

		if (p[i].noisy)
			out->noisy++;
		if (p[i].position <= 0) {
			/* The base: never a move itself, the first reference of both walks. */
			if (against == PERF_AGAINST_PARENT && !p[i].noisy)
				ref = i;
			continue;
		}
		if (ref < 0) {
			/* Nothing earlier to compare with: this one becomes the reference. */
			if (against == PERF_AGAINST_PARENT && !p[i].noisy)
				ref = i;
			continue;
		}
		if (!p[i].noisy)
			out->compared++;
		/*
		 * A move within the figure's declared noise floor is noise, not
		 * a regression, whatever threshold was asked for.
		 */
		past = perf_past(p[i].value, p[ref].value, better,
				 p[i].noise_pct > threshold ? p[i].noise_pct : threshold, &pct,
				 &has_pct);
		if (past) {
			add_move(out, i, ref, p, pct, has_pct);
			/* Against the base, the later commits stay past it: one is the answer. */
			if (!p[i].noisy && (first_only || against == PERF_AGAINST_BASE))
				break;
		}
		if (against == PERF_AGAINST_PARENT && !p[i].noisy)
			ref = i;
	}
}

void perf_scan_free(struct perf_scan *s)
{
	free(s->moves);
	memset(s, 0, sizeof(*s));
}

void perf_series_free(struct perf_series *s)
{
	size_t i;

	for (i = 0; i < s->npoints; i++) {
		free(s->points[i].sha);
		free(s->points[i].subject);
	}
	free(s->points);
	free(s->config);
	free(s->metric);
	free(s->unit_buf);
	memset(s, 0, sizeof(*s));
}

void perf_series_load(sqlite3 *db, long long run_id, const struct run_config *rc,
		      const char *config, const char *metric, struct perf_series *s)
{
	struct db_metric_cells cells;
	int declared = 0;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->config = xstrdup(config);
	s->metric = xstrdup(metric);
	db_metric_cells_load(db, run_id, config, metric, &cells);
	for (i = 0; i < cells.n; i++) {
		struct db_metric_cell *c = &cells.c[i];
		struct perf_point *p;

		if (c->position > 0)
			s->commits++;
		if (!c->has_value)
			continue;
		s->points = xrealloc(s->points, (s->npoints + 1) * sizeof(*s->points));
		p = &s->points[s->npoints++];
		p->position = c->position;
		p->sha = c->sha;
		p->subject = c->subject;
		c->sha = c->subject = NULL;
		p->value = c->value;
		p->noisy = c->noisy;
		p->spread_pct = c->spread_pct;
		p->noise_pct = c->noise_pct;
		/*
		 * A declaration stored with the values wins; the latest one if
		 * a resumed run recorded them with two versions of a suite.
		 */
		if (c->unit) {
			free(s->unit_buf);
			s->unit_buf = c->unit;
			c->unit = NULL;
			s->dir.unit = s->unit_buf;
			s->dir.better = perf_better_parse(c->better);
			s->dir.from = "database";
			declared = 1;
		}
	}
	db_metric_cells_free(&cells);
	if (!declared)
		perf_direction_default(rc, metric, &s->dir);
}

/* The configurations to look at: configs, or those of the run. */
static void split_configs(const char *configs, const struct run_info *run, char ***list,
			  size_t *n)
{
	char *copy = xstrdup(configs ? configs : run->configs ? run->configs : "");
	char *c, *save = NULL;

	*list = NULL;
	*n = 0;
	for (c = strtok_r(copy, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		*list = xrealloc(*list, (*n + 1) * sizeof(**list));
		(*list)[(*n)++] = xstrdup(c);
	}
	free(copy);
}

/*
 * R made empty to judge RUN_ID's moves past THRESHOLD AGAINST its reference;
 * the run and its configuration (for the series' declarations) loaded.
 */
static int start_run(sqlite3 *db, long long run_id, double threshold, enum perf_against against,
		     struct perf_run *r, struct run_info *run, struct run_config *rc)
{
	memset(r, 0, sizeof(*r));
	r->threshold = threshold;
	r->against = against;
	if (db_load_run(db, run_id, run))
		return error(run_id ? "no run %lld in the database" :
			     "no runs in the database%.0lld", run_id);
	r->run_id = run->id;
	/* A run from before run configurations were JSON declares nothing. */
	if (run_config_from_json(run->options ? run->options : "", rc)) {
		run_config_free(rc);
		run_config_init(rc);
	}
	return 0;
}

/* A list of names, each once: the metrics that are never judged. */
static void add_name(char ***list, size_t *n, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*list)[i], name))
			return;
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = xstrdup(name);
}

/*
 * Load metric of config into the next series of r and walk it. For
 * first_bad the walk stops at the first regression and a configuration
 * without a value is kept (to say so); for 'regressions' it is left out,
 * and the metric of a series without a direction is named in r->undeclared.
 */
static void judge_series(sqlite3 *db, const struct run_config *rc, const char *config,
			 const char *metric, int first_bad, struct perf_run *r)
{
	struct perf_judged *j = &r->series[r->n];

	perf_series_load(db, r->run_id, rc, config, metric, &j->series);
	if (!j->series.npoints && !first_bad) {
		perf_series_free(&j->series);
		return;
	}
	r->n++;
	if (!j->series.npoints)
		return;
	if (j->series.dir.better == PERF_UNDECLARED) {
		if (!first_bad)
			add_name(&r->undeclared, &r->nundeclared, metric);
		return;
	}
	r->judged++;
	perf_scan_points(j->series.points, j->series.npoints, j->series.dir.better,
			 r->threshold, r->against, first_bad, &j->scan);
	r->regressions += j->scan.nregressions;
	r->noisy += j->scan.nmoves - j->scan.nregressions;
}

int perf_first_bad(sqlite3 *db, long long run_id, const char *configs, const char *metric,
		   double threshold, enum perf_against against, struct perf_run *r)
{
	struct run_info run;
	struct run_config rc;
	char **list;
	size_t n, i;
	int ret = 0;

	if (start_run(db, run_id, threshold, against, r, &run, &rc))
		return -1;
	/* A name that is nowhere is a typo, not a metric that never moved. */
	if (!db_run_has_metric(db, run.id, metric)) {
		ret = error("run %lld recorded no metric '%s' (bisectable regressions lists"
			    " those that moved)", run.id, metric);
		goto free_run;
	}
	split_configs(configs, &run, &list, &n);
	r->series = xcalloc(n + 1, sizeof(*r->series));
	for (i = 0; i < n; i++)
		judge_series(db, &rc, list[i], metric, 1, r);
	db_strings_free(list, n);
free_run:
	run_config_free(&rc);
	run_info_free(&run);
	return ret;
}

int perf_regressions(sqlite3 *db, long long run_id, const char *configs, double threshold,
		     enum perf_against against, struct perf_run *r)
{
	char **list, **names;
	size_t nconfigs, nnames, i, j;
	struct run_info run;
	struct run_config rc;

	if (start_run(db, run_id, threshold, against, r, &run, &rc))
		return -1;
	split_configs(configs, &run, &list, &nconfigs);
	nnames = db_metric_names(db, run.id, &names);
	r->series = xcalloc(nconfigs * nnames + 1, sizeof(*r->series));
	for (i = 0; i < nconfigs; i++)
		for (j = 0; j < nnames; j++)
			judge_series(db, &rc, list[i], names[j], 0, r);
	db_strings_free(names, nnames);
	db_strings_free(list, nconfigs);
	run_config_free(&rc);
	run_info_free(&run);
	return 0;
}

void perf_run_free(struct perf_run *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		perf_scan_free(&r->series[i].scan);
		perf_series_free(&r->series[i].series);
	}
	free(r->series);
	db_strings_free(r->undeclared, r->nundeclared);
	memset(r, 0, sizeof(*r));
}

const struct perf_judged *perf_run_find(const struct perf_run *r, const char *config,
					const char *metric)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->series[i].series.config, config) &&
		    !strcmp(r->series[i].series.metric, metric))
			return &r->series[i];
	return NULL;
}
