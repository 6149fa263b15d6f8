/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coverage-text.h - what a verdict says of the changed lines it covers. A
 * verdict is a claim about the lines some configuration compiled
 * (coverage.h counts them): each configuration's line gives its own figure,
 * and the series line says how many lines no configuration compiled, so
 * that "bisectable" is never said of code no compiler saw. Every output
 * format words it with these functions.
 */
#ifndef BISECT_COVERAGE_TEXT_H
#define BISECT_COVERAGE_TEXT_H

#include "judge/coverage.h"
#include "lib/util.h"

/*
 * The changed lines that cannot be called compiled: never compiled,
 * undecided (complex conditions) and those at commits with no build
 * recorded. 0 when everything was compiled.
 */
size_t coverage_uncompiled(const struct coverage *cov);
/* The changed lines a claim is about: the judged ones and the unjudged. */
size_t coverage_total(const struct coverage *cov);

/*
 * Configuration config's figure, "612 of 1038 changed lines compiled".
 * Returns 0, or -1 (nothing added) when the run has no coverage or config
 * is not one of its configurations.
 */
int coverage_config_figure(const struct coverage *cov, const char *config, struct strbuf *out);
/* How many lines config compiled, or -1 as above. */
long coverage_config_compiled(const struct coverage *cov, const char *config);

enum coverage_answer {
	COVERAGE_UNKNOWN,	/* no .config recorded, or no changed line */
	COVERAGE_FULL,		/* every changed line compiled by some configuration */
	COVERAGE_PARTIAL,	/* some were not: "bisectable where compiled" */
};

enum coverage_answer coverage_answer(const struct coverage *cov);

/*
 * The series line, without the newline. bisectable: every configuration's
 * verdict is bisectable. For example
 *   series: bisectable where compiled: 184 changed lines never built
 *   (854 of 1038 compiled by up,smp; see 'bisectable coverage')
 * or "series: bisectable: all 1038 changed lines compiled by up,smp", or
 * "series: coverage not known (...)" when no build's .config was kept (a
 * run verified from a results store) or the commits cannot be read;
 * a series that is not bisectable gets its figures only.
 */
void coverage_series_text(const struct coverage *cov, int bisectable, struct strbuf *out);

/*
 * What would compile line l (bisectable coverage, the report): "--arch
 * arm64" for a line of another architecture (coverage.h, its arch), else
 * "--configs auto".
 */
void coverage_line_hint(const struct coverage_line *l, struct strbuf *out);

/* The share compiled, in [0, 1] (1 for a run with nothing to judge). */
double coverage_share(const struct coverage *cov);

#endif
