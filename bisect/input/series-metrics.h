/* SPDX-License-Identifier: GPL-2.0 */
/*
 * series-metrics.h - the figures a series declares for every commit, read
 * from its metrics file, and counted in a commit's tree. A run holds them
 * in its options (run-config.h), so they are stored with the run.
 */
#ifndef BISECT_SERIES_METRICS_H
#define BISECT_SERIES_METRICS_H

#include <stddef.h>

#include "lib/util.h"

/* Where the metrics go: a run configuration's arrays and their counts. */
struct series_metrics {
	struct series_metric **v;
	size_t *n;
	struct series_declared **declared;	/* NULL: declare lines checked, not kept */
	size_t *ndeclared;
};

/*
 * A figure the series declares at its two ends, as its cover letter gives
 * it ("text 28,816,070 -> 28,904,324 on x86-defconfig+!CONFIG_SMP"):
 * bisectable compare and the reports print it beside the measurement of
 * the same figure in the same configuration.
 */
struct series_declared {
	char *config;			/* a configuration's stored name (defconfig+up) */
	char *figure;			/* a metric's name (text, pipe_rtt_ns) */
	double from, to;
	char unit[16];			/* "" when the line gives none */
};

void series_declared_free(struct series_declared *d);

/*
 * A figure a series declares for every commit (its metrics file): the
 * number of lines 'git grep ARGS' prints in the commit's tree. Only
 * pattern options are accepted (see series_metric_check), so a series
 * cannot make git run a program.
 */
struct series_metric {
	char *name;
	char *description;		/* for the report; may be NULL */
	struct argv_array grep;		/* the arguments after 'git grep' */
	/*
	 * Its 'unit' line: what it counts and which way is better (perf.h),
	 * "" and NULL when the file says nothing. Held in place, not
	 * allocated: a unit is a short word, and the structure is copied and
	 * freed as it always was.
	 */
	char unit[16];
	const char *better;		/* "lower" or "higher" (static strings), NULL */
};

void series_metric_free(struct series_metric *m);

/*
 * A series' metrics file: '#' comments, blank lines, and
 *   metric NAME git-grep ARGS...	(words split on blanks)
 *   describe NAME TEXT...		(a description for the report)
 *   unit NAME UNIT lower|higher	(what it counts, which way is better:
 *					 without it, never a performance verdict)
 *   declare CONFIG FIGURE FROM TO [UNIT]	(a figure at the base and at the
 *					 tip as the series claims it; CONFIG
 *					 as --configs names it, defconfig:up
 *					 or defconfig+up)
 * describe and unit come after their metric line; a unit once per metric.
 * Appends to ms (run_config_metrics(rc)). Returns 0, or -1 after printing file:line: why.
 */
int series_metrics_load(struct series_metrics *ms, const char *path);

/*
 * Whether m is safe to run: a name of [a-z0-9_]+ and git grep options that
 * only select lines, with at least one -e PATTERN. 0, or -1 with the
 * reason in why.
 */
int series_metric_check(const struct series_metric *m, char *why, size_t len);

/* The metric's value in the work tree dir (a line count), or -1 if git failed. */
long series_metric_count(const struct series_metric *m, const char *dir);

#endif
