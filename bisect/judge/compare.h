/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare.h - the two ends of a run side by side (bisectable compare, the
 * report's section): for every configuration, each figure the run stored
 * at one position and at another (the base and the tip by default), the
 * sizes first (vmlinux's text, data and bss, the bzImage's bytes), then
 * every other metric, build, series and guest, as db_metric_names orders
 * them. Build bookkeeping (objects rebuilt, mtimes, ccache and distcc
 * counts) is not a figure of the kernel and is left out.
 *
 *   up: text 1,234,567 -> 1,238,000 (+0.28%)
 *   up: pipe_rtt_ns 2,550 -> 2,687 ns (+5.37%)
 *   smp: bss 40,960 -> (not measured)
 *
 * A figure the series declares (series-metrics.h, declare) follows its
 * measurement, or stands alone where the run did not measure it:
 *
 *   defconfig+up: text 28,800,000 -> 28,880,000 (+0.28%); declared 28,816,070 -> 28,904,324 (+0.31%)
 */
#ifndef BISECT_COMPARE_H
#define BISECT_COMPARE_H

#include <stddef.h>
#include <sqlite3.h>

#include "lib/util.h"

struct compare_figure {
	char *name;
	char *unit;		/* NULL: none declared */
	int has_from, has_to;
	double from, to;
	/* The series declares both ends (its metrics file's declare lines) */
	int declared;
	double declared_from, declared_to;
};

struct compare_config {
	char *config;
	struct compare_figure *figures;
	size_t n;
};

struct comparison {
	long long run_id;
	int from, to;		/* positions */
	int commits;		/* the tip's position */
	struct compare_config *configs;
	size_t n;
};

/*
 * Load run_id's (0: the latest) figures at positions from and to (-1: the
 * base, the tip) for every configuration of the run. 0, or -1 after an error.
 */
int compare_load(sqlite3 *db, long long run_id, int from, int to, struct comparison *out);
void compare_free(struct comparison *c);

/*
 * The change from one end to the other in percent of the first: 1 and
 * *pct, or 0 when it has none (an end not measured, or from 0 to another
 * value). Every format prints this one.
 */
int compare_change(const struct compare_figure *f, double *pct);
/* A number as the comparison prints it: an integer with thousands commas, else %.6g. */
void compare_number(struct strbuf *out, double value);
/*
 * One line: "up: text 1,234,567 -> 1,238,000 (+0.28%)\n" (unit after the
 * second value), and "; declared FROM -> TO (+X%)" before the newline when
 * the series declares the figure.
 */
void compare_line(struct strbuf *out, const char *config, const struct compare_figure *f);
/* "run 3: 0/11 -> 11/11" and a line per figure, or "up: no figures" per configuration. */
void compare_text(const struct comparison *c, struct strbuf *out);

#endif
