/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regress.h - the one definition of a performance regression, used by
 * 'first-bad --metric', 'regressions' and every report format.
 *
 * For one run, configuration and metric, the commits are walked in position
 * order (0 is the base) and each value is compared with a reference:
 *
 *   against the parent  the nearest earlier commit whose value is usable:
 *                       the previous position, or before it when that one
 *                       has no value (or a noisy one); none: not compared
 *   against the base    the value at position 0; none (or noisy): nothing
 *                       is compared
 *
 * The move is value - reference, in percent of |reference|. It is a
 * regression when it goes the wrong way (up where lower is better, down
 * where higher is better) by strictly more than the threshold; a move of
 * exactly the threshold is not past it. A move the wrong way from a
 * reference of 0 has no percent and is past every threshold (0 -> 3
 * warnings). Never a regression:
 *
 *   - a metric without a direction: its rows declare none (metrics.unit
 *     NULL), its series' metrics file says nothing ('unit' line) and
 *     bisectable's own table (regress.c) does not know it;
 *   - a noisy value (metrics.noisy: the samples of its boot spread more than
 *     the declared noise floor): its move is listed apart, and it is no
 *     later commit's reference either;
 *   - a move in the right direction, however large.
 *
 * 'first-bad --metric' names the first regression per configuration,
 * 'regressions' every one of a run (against the base: the first commit past
 * the threshold only, since every later commit stays past it too).
 */
#ifndef BISECT_REGRESS_H
#define BISECT_REGRESS_H

#include <stddef.h>
#include <sqlite3.h>

#include "input/run-config.h"

/*
 * The default threshold of 'regressions', 'first-bad --metric' and the
 * report: the cover letter's own figure for the UP pipe round trip is ~+5%,
 * and on the shipped port the deterministic figures of a TCG boot with
 * icount (pipe_rtt_ns, fork_exit_ns) move by at most 0.21% at every commit
 * but PATCH 20, which moves them by +15.5% and +1.55% on up: 5% is far above
 * what the other commits do and still catches the cost the series is about.
 */
#define PERF_DEFAULT_THRESHOLD		5.0
#define PERF_DEFAULT_THRESHOLD_ARG	"5%"

enum perf_better { PERF_UNDECLARED, PERF_LOWER, PERF_HIGHER };
enum perf_against { PERF_AGAINST_PARENT, PERF_AGAINST_BASE };

/* "lower" / "higher" / anything else; the name, or NULL for undeclared. */
enum perf_better perf_better_parse(const char *s);
const char *perf_better_name(enum perf_better b);
/* "parent" or "base"; returns 0, or -1 for anything else. */
int perf_against_parse(const char *s, enum perf_against *against);

/*
 * A threshold in percent: "5%", "5", "0.5%": decimal digits, an optional
 * fraction, an optional '%', nothing else (no sign, exponent, blank, hex,
 * inf or nan). Returns 0, or -1 if s is not one.
 */
int perf_parse_threshold(const char *s, double *pct);
/* "5%", "0.5%": the shortest form that reads back the same. */
void perf_format_threshold(char *buf, size_t size, double pct);

/* Which way a metric should go, and where that was said. */
struct perf_direction {
	const char *unit;	/* NULL: none */
	enum perf_better better;
	const char *from;	/* "database", "series", "built-in", or NULL: nowhere */
};

/*
 * The direction of a metric whose rows declare none (metrics.unit NULL):
 * the series' metrics file (rc, may be NULL), else bisectable's own table of
 * the metrics it records itself. The strings point into rc or the table.
 */
void perf_direction_default(const struct run_config *rc, const char *metric,
			    struct perf_direction *d);

/* One commit's value of one metric in one configuration. */
struct perf_point {
	int position;
	double value;
	int noisy;		/* never a verdict, never a reference */
	double spread_pct;	/* of the boot's samples, -1: not recorded */
	double noise_pct;	/* the declared noise floor, -1: none */
	char *sha;		/* owned by a perf_series; NULL in bare scans */
	char *subject;
};

struct perf_move {
	size_t at;		/* index of the point that moved */
	size_t ref;		/* index of the point it is compared with */
	double delta;		/* value - reference */
	double pct;		/* delta in percent of |reference|, if has_pct */
	int has_pct;		/* 0: the reference is 0 */
	int noisy;		/* the value is noisy: listed, never a verdict */
};

struct perf_scan {
	struct perf_move *moves;	/* regressions and noisy moves past the threshold */
	size_t nmoves;
	size_t nregressions;	/* of them, those that are not noisy */
	int compared;		/* values (position > 0, not noisy) with a reference */
	int noisy;		/* noisy values, whether they moved or not */
	const char *why_none;	/* against the base: why nothing was compared, or NULL */
};

/*
 * Is value past threshold the wrong way from ref? Sets *pct and *has_pct
 * (whether or not it is).
 */
int perf_past(double value, double ref, enum perf_better better, double threshold,
	      double *pct, int *has_pct);

/*
 * Walk points (ordered by position) as the definition above says. With
 * first_only the walk stops at the first regression (noisy moves before it
 * are kept). A metric without a direction gives no move. Free with
 * perf_scan_free.
 */
void perf_scan_points(const struct perf_point *points, size_t n, enum perf_better better,
		      double threshold, enum perf_against against, int first_only,
		      struct perf_scan *out);
void perf_scan_free(struct perf_scan *s);

/* One metric of one configuration of a run, as stored. */
struct perf_series {
	char *config;
	char *metric;
	struct perf_direction dir;	/* strings owned by unit_buf or static/rc */
	char *unit_buf;
	struct perf_point *points;	/* commits with a value, by position */
	size_t npoints;
	int commits;			/* the series' commits (the base not counted) */
};

/*
 * Load a metric of a configuration of a run (an existing id). rc is the
 * run's configuration (for the series' own declarations), or NULL.
 */
void perf_series_load(sqlite3 *db, long long run_id, const struct run_config *rc,
		      const char *config, const char *metric, struct perf_series *s);
void perf_series_free(struct perf_series *s);

/* One metric of one configuration, and the walk along it. */
struct perf_judged {
	struct perf_series series;
	struct perf_scan scan;		/* empty: no value, or no direction */
};

/* What 'first-bad --metric' or 'regressions' found in a run. */
struct perf_run {
	long long run_id;
	double threshold;
	enum perf_against against;
	/*
	 * first-bad: one per configuration asked, in order, with or without
	 * values; regressions: each configuration x metric that has values,
	 * by configuration, then metric (the build's, the series', the
	 * guest's).
	 */
	struct perf_judged *series;
	size_t n;
	char **undeclared;	/* regressions: metrics without a direction, each once */
	size_t nundeclared;
	size_t judged;		/* series with values and a direction */
	size_t regressions;	/* moves that are a verdict */
	size_t noisy;		/* noisy moves (never a verdict) */
};

/*
 * 'bisectable first-bad --metric M': for each configuration (configs
 * comma-separated, NULL: the run's) M's first regression, the noisy moves
 * before it, or why there is none. Returns 0, or -1 (after an error
 * message) when there is no such run or the run has no metric M at all.
 */
int perf_first_bad(sqlite3 *db, long long run_id, const char *configs, const char *metric,
		   double threshold, enum perf_against against, struct perf_run *r);

/*
 * 'bisectable regressions': every regression and noisy move of every metric
 * x configuration of a run, and the metrics never judged. Returns 0, or -1
 * (after an error message) when there is no such run.
 */
int perf_regressions(sqlite3 *db, long long run_id, const char *configs, double threshold,
		     enum perf_against against, struct perf_run *r);
void perf_run_free(struct perf_run *r);

/*
 * The series of r for config and metric, or NULL when r has none (for
 * 'regressions': no value there). The reports take their performance
 * verdicts from here (report/report-model.c), so that every output names
 * the same regressions.
 */
const struct perf_judged *perf_run_find(const struct perf_run *r, const char *config,
					const char *metric);

#endif
