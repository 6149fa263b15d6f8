// SPDX-License-Identifier: GPL-2.0
/*
 * regress.c - performance regressions: which way each metric should go, the
 * walk along a series of values (see regress.h for the definition), and the
 * lines 'first-bad --metric' and 'regressions' print.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
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

/*
 * Schema 4's columns, or what a database from before them means: nothing
 * declared, nothing noisy (a read-only open does not upgrade it).
 */
static const char series_sql_v4[] =
	"SELECT c.position, c.sha, c.subject, m.value, m.unit, m.better, m.noisy,"
	" m.spread_pct, m.noise_pct"
	" FROM commits c LEFT JOIN metrics m ON m.commit_id = c.id AND m.config = ?2"
	" AND m.name = ?3 WHERE c.run_id = ?1 ORDER BY c.position";
static const char series_sql_v3[] =
	"SELECT c.position, c.sha, c.subject, m.value, NULL, NULL, 0, NULL, NULL"
	" FROM commits c LEFT JOIN metrics m ON m.commit_id = c.id AND m.config = ?2"
	" AND m.name = ?3 WHERE c.run_id = ?1 ORDER BY c.position";

static double column_or(sqlite3_stmt *st, int col, double none)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? none : sqlite3_column_double(st, col);
}

void perf_series_load(sqlite3 *db, long long run_id, const struct run_config *rc,
		      const char *config, const char *metric, struct perf_series *s)
{
	int declared = 0;
	sqlite3_stmt *st;

	memset(s, 0, sizeof(*s));
	s->config = xstrdup(config);
	s->metric = xstrdup(metric);
	st = db_prepare(db, db_has_column(db, "metrics", "noisy") ? series_sql_v4 :
			series_sql_v3);
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	db_bind_text(st, 3, metric);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct perf_point *p;

		if (sqlite3_column_int(st, 0) > 0)
			s->commits++;
		if (sqlite3_column_type(st, 3) == SQLITE_NULL)
			continue;
		s->points = xrealloc(s->points, (s->npoints + 1) * sizeof(*s->points));
		p = &s->points[s->npoints++];
		p->position = sqlite3_column_int(st, 0);
		p->sha = db_column_dup(st, 1);
		p->subject = db_column_dup(st, 2);
		p->value = sqlite3_column_double(st, 3);
		p->noisy = sqlite3_column_int(st, 6);
		p->spread_pct = column_or(st, 7, -1);
		p->noise_pct = column_or(st, 8, -1);
		/*
		 * A declaration stored with the values wins; the latest one if
		 * a resumed run recorded them with two versions of a suite.
		 */
		if (sqlite3_column_type(st, 4) != SQLITE_NULL) {
			free(s->unit_buf);
			s->unit_buf = db_column_dup(st, 4);
			s->dir.unit = s->unit_buf;
			s->dir.better = perf_better_parse(db_column_str(st, 5));
			s->dir.from = "database";
			declared = 1;
		}
	}
	sqlite3_finalize(st);
	if (!declared)
		perf_direction_default(rc, metric, &s->dir);
}

/* Text from the database on a terminal: no control characters. */
static void put_clean(FILE *out, const char *s)
{
	for (; s && *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

/* A value as stored: integers without decimals, others as short as exact. */
static void put_value(FILE *out, double v)
{
	fprintf(out, "%.15g", v);
}

/* Two decimals below 10%, so that a move just past 5% does not read as 5.0%. */
static void put_pct(FILE *out, double pct)
{
	double a = fabs(pct);

	fprintf(out, a >= 10 ? "%+.1f%%" : a >= 0.01 ? "%+.2f%%" : a >= 0.0001 ?
		"%+.4f%%" : "%+.2g%%", pct);
}

/* The decimals of v as put_value prints it (at most 6). */
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
static void put_delta(FILE *out, double delta, double a, double b)
{
	int da = decimals(a), db = decimals(b);

	fprintf(out, "%+.*f", da > db ? da : db, delta);
}

static void put_unit(FILE *out, const struct perf_series *s)
{
	if (s->dir.unit && *s->dir.unit && strcmp(s->dir.unit, "%")) {
		fputc(' ', out);
		put_clean(out, s->dir.unit);
	} else if (s->dir.unit && !strcmp(s->dir.unit, "%")) {
		fputc('%', out);
	}
}

static void put_direction(FILE *out, const struct perf_series *s)
{
	const char *b = perf_better_name(s->dir.better);

	fprintf(out, "%s is better", b ? b : "neither way");
}

void perf_print_move(FILE *out, const struct perf_series *s, const struct perf_move *m,
		     enum perf_against against, int with_delta)
{
	const struct perf_point *at = &s->points[m->at], *ref = &s->points[m->ref];

	put_clean(out, s->config);
	fputs(": ", out);
	put_clean(out, s->metric);
	fprintf(out, " %s %d/%d", m->noisy ? "is noisy at" : "regressed at", at->position,
		s->commits);
	if (at->sha)
		fprintf(out, " %.7s", at->sha);
	if (at->subject) {
		fputs(" \"", out);
		put_clean(out, at->subject);
		fputc('"', out);
	}
	fputs(": ", out);
	put_value(out, ref->value);
	if (ref->position == 0 && (against == PERF_AGAINST_BASE || at->position != 1))
		fputs(" (base)", out);
	else if (ref->position != at->position - 1)
		fprintf(out, " (%d/%d)", ref->position, s->commits);
	fputs(" -> ", out);
	put_value(out, at->value);
	put_unit(out, s);
	fputs(" (", out);
	if (with_delta) {
		put_delta(out, m->delta, at->value, ref->value);
		put_unit(out, s);
		fputs(", ", out);
	}
	if (m->has_pct)
		put_pct(out, m->pct);
	else
		fputs("from 0", out);
	fputs(", ", out);
	put_direction(out, s);
	fputc(')', out);
	if (m->noisy) {
		fputs(": not a verdict, its boot's samples spread", out);
		if (at->spread_pct >= 0 && at->noise_pct >= 0)
			fprintf(out, " %.3g%% > noise floor %.3g%%", at->spread_pct,
				at->noise_pct);
		else
			fputs(" more than its noise floor", out);
	}
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

static void free_strings(char **list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

/* The metric names of a run, the build's first, then the series', then the guest's. */
static void metric_names(sqlite3 *db, long long run_id, char ***names, size_t *n)
{
	sqlite3_stmt *st;

	*names = NULL;
	*n = 0;
	st = db_prepare(db,
		"SELECT m.name FROM metrics m JOIN commits c ON c.id = m.commit_id"
		" WHERE c.run_id = ? GROUP BY m.name ORDER BY MIN(CASE m.source"
		" WHEN 'build' THEN 0 WHEN 'series' THEN 1 ELSE 2 END), m.name");
	sqlite3_bind_int64(st, 1, run_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		*names = xrealloc(*names, (*n + 1) * sizeof(**names));
		(*names)[(*n)++] = db_column_dup(st, 0);
	}
	sqlite3_finalize(st);
}

/* Whether the run recorded metric at all (in any configuration). */
static int run_has_metric(sqlite3 *db, long long run_id, const char *metric)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM metrics m JOIN commits c"
				      " ON c.id = m.commit_id WHERE c.run_id = ? AND m.name = ?"
				      " LIMIT 1");
	int found;

	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, metric);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return found;
}

/* The run and its configuration (for the series' declarations). */
static int load_run(sqlite3 *db, long long run_id, struct run_info *run,
		    struct run_config *rc)
{
	if (db_load_run(db, run_id, run))
		return error(run_id ? "no run %lld in the database" :
			     "no runs in the database%.0lld", run_id);
	/* A run from before run configurations were JSON declares nothing. */
	if (run_config_from_json(run->options ? run->options : "", rc)) {
		run_config_free(rc);
		run_config_init(rc);
	}
	return 0;
}

static const char *against_words(enum perf_against against)
{
	return against == PERF_AGAINST_BASE ? "against the base" : "against their parent";
}

/* "up: pipe_rtt_ns", the start of a line about a series that has no move. */
static void put_series(FILE *out, const struct perf_series *s)
{
	put_clean(out, s->config);
	fputs(": ", out);
	put_clean(out, s->metric);
}

/* Why s is never judged, after put_series: ": no direction (...)". */
static void put_undeclared(FILE *out, const struct perf_series *s)
{
	fputs(": no direction (", out);
	if (s->dir.from)
		fprintf(out, "%s: neither lower nor higher is better", s->dir.from);
	else
		fputs("nothing says whether lower or higher is better", out);
	fputs("): never a verdict", out);
}

/* After put_series: why there is no regression. */
static void put_no_move(FILE *out, const struct perf_series *s, const struct perf_scan *sc,
			const char *thr, enum perf_against against)
{
	if (sc->why_none) {
		fprintf(out, ": nothing compared %s: %s", against_words(against), sc->why_none);
		return;
	}
	fprintf(out, ": no move past %s (%d/%d commits compared %s, ", thr, sc->compared,
		s->commits, against_words(against));
	put_direction(out, s);
	if (sc->noisy)
		fprintf(out, "; %d noisy value%s not judged", sc->noisy, sc->noisy == 1 ? "" : "s");
	fputc(')', out);
}

int perf_first_bad(sqlite3 *db, long long run_id, const char *configs, const char *metric,
		   double threshold, enum perf_against against, FILE *out)
{
	struct run_info run;
	struct run_config rc;
	char **list, thr[32];
	size_t n, i, j;
	int ret = 0;

	if (load_run(db, run_id, &run, &rc))
		return EXIT_ERROR;
	/* A name that is nowhere is a typo, not a metric that never moved. */
	if (!run_has_metric(db, run.id, metric)) {
		error("run %lld recorded no metric '%s' (bisectable regressions lists those"
		      " that moved)", run.id, metric);
		ret = EXIT_ERROR;
		goto free_run;
	}
	perf_format_threshold(thr, sizeof(thr), threshold);
	split_configs(configs, &run, &list, &n);
	for (i = 0; i < n; i++) {
		struct perf_series s;
		struct perf_scan sc;

		perf_series_load(db, run.id, &rc, list[i], metric, &s);
		if (!s.npoints) {
			put_series(out, &s);
			fprintf(out, ": not recorded in run %lld\n", run.id);
			perf_series_free(&s);
			continue;
		}
		if (s.dir.better == PERF_UNDECLARED) {
			put_series(out, &s);
			put_undeclared(out, &s);
			fputc('\n', out);
			perf_series_free(&s);
			continue;
		}
		perf_scan_points(s.points, s.npoints, s.dir.better, threshold, against, 1, &sc);
		/* Noisy moves before the first regression: said, never the answer. */
		for (j = 0; j < sc.nmoves; j++) {
			perf_print_move(out, &s, &sc.moves[j], against, 0);
			fputc('\n', out);
		}
		if (sc.nregressions) {
			ret = EXIT_BAD;
		} else {
			put_series(out, &s);
			put_no_move(out, &s, &sc, thr, against);
			fputc('\n', out);
		}
		perf_scan_free(&sc);
		perf_series_free(&s);
	}
	free_strings(list, n);
free_run:
	run_config_free(&rc);
	run_info_free(&run);
	return ret;
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

int perf_regressions(sqlite3 *db, long long run_id, const char *configs, double threshold,
		     enum perf_against against, FILE *out)
{
	struct perf_series *all = NULL;
	struct perf_scan *scans = NULL;
	char **list, **names, **undeclared = NULL, thr[32];
	size_t nconfigs, nnames, nundeclared = 0, nseries = 0, i, j;
	size_t regressions = 0, noisy = 0, judged = 0;
	struct run_info run;
	struct run_config rc;

	if (load_run(db, run_id, &run, &rc))
		return EXIT_ERROR;
	perf_format_threshold(thr, sizeof(thr), threshold);
	split_configs(configs, &run, &list, &nconfigs);
	metric_names(db, run.id, &names, &nnames);
	all = xcalloc(nconfigs * nnames + 1, sizeof(*all));
	scans = xcalloc(nconfigs * nnames + 1, sizeof(*scans));
	for (i = 0; i < nconfigs; i++) {
		for (j = 0; j < nnames; j++) {
			struct perf_series *s = &all[nseries];
			struct perf_scan *sc = &scans[nseries];

			perf_series_load(db, run.id, &rc, list[i], names[j], s);
			if (!s->npoints) {
				perf_series_free(s);
				continue;
			}
			nseries++;
			if (s->dir.better == PERF_UNDECLARED) {
				add_name(&undeclared, &nundeclared, names[j]);
				continue;
			}
			judged++;
			perf_scan_points(s->points, s->npoints, s->dir.better, threshold,
					 against, 0, sc);
			regressions += sc->nregressions;
			noisy += sc->nmoves - sc->nregressions;
		}
	}

	fprintf(out, "run %lld: moves past %s the wrong way, commits %s\n", run.id, thr,
		against_words(against));
	for (i = 0; i < nseries; i++)
		for (j = 0; j < scans[i].nmoves; j++) {
			if (scans[i].moves[j].noisy)
				continue;
			perf_print_move(out, &all[i], &scans[i].moves[j], against, 1);
			fputc('\n', out);
		}
	if (noisy) {
		fputs("noisy (never a verdict):\n", out);
		for (i = 0; i < nseries; i++)
			for (j = 0; j < scans[i].nmoves; j++) {
				if (!scans[i].moves[j].noisy)
					continue;
				perf_print_move(out, &all[i], &scans[i].moves[j], against, 1);
				fputc('\n', out);
			}
	}
	for (i = 0; i < nseries; i++)
		if (scans[i].why_none) {
			put_series(out, &all[i]);
			fprintf(out, ": nothing compared: %s\n", scans[i].why_none);
		}
	if (nundeclared) {
		fputs("not judged (no direction):", out);
		for (i = 0; i < nundeclared; i++) {
			fputs(i ? ", " : " ", out);
			put_clean(out, undeclared[i]);
		}
		fputc('\n', out);
	}
	if (regressions)
		fprintf(out, "%zu regression%s", regressions, regressions == 1 ? "" : "s");
	else
		fprintf(out, "no regression");
	fprintf(out, " past %s (%zu of %zu metric x configuration series judged", thr, judged,
		nseries);
	if (noisy)
		fprintf(out, "; %zu noisy move%s", noisy, noisy == 1 ? "" : "s");
	fputs(")\n", out);

	for (i = 0; i < nseries; i++) {
		perf_scan_free(&scans[i]);
		perf_series_free(&all[i]);
	}
	free(scans);
	free(all);
	free_strings(undeclared, nundeclared);
	free_strings(names, nnames);
	free_strings(list, nconfigs);
	run_config_free(&rc);
	run_info_free(&run);
	return regressions ? EXIT_BAD : 0;
}
