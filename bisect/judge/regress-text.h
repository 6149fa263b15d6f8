/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regress-text.h - the pieces of the lines 'first-bad --metric' and
 * 'regressions' both print, formatted into a strbuf (the commands print).
 * Text from the database comes out through term_escape() (lib/escape.h).
 */
#ifndef BISECT_REGRESS_TEXT_H
#define BISECT_REGRESS_TEXT_H

#include "judge/regress.h"
#include "lib/util.h"

/* "up: pipe_rtt_ns", the start of a line about a series. */
void perf_series_text(struct strbuf *out, const struct perf_series *s);

/* "lower is better", "higher is better", "neither way is better". */
void perf_direction_text(struct strbuf *out, const struct perf_series *s);

/* "against their parent" or "against the base". */
const char *perf_against_words(enum perf_against against);

/*
 * One line for a move of s (no newline):
 *   up: pipe_rtt_ns regressed at 4/11 28e4482 "subject": 6378.53 -> 7365.08 ns
 *       (+15.5%, lower is better)
 * a reference that is not the previous position is named: "6377.45 (2/11)",
 * "6377.45 (base)"; with_delta adds the difference in the unit: "(+986.55 ns,
 * +15.5%, ...)". A noisy move says why it is not a verdict.
 */
void perf_move_text(struct strbuf *out, const struct perf_series *s, const struct perf_move *m,
		    enum perf_against against, int with_delta);

#endif
