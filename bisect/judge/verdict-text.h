/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict-text.h - a run's verdicts in words, for the caller to print.
 */
#ifndef BISECT_VERDICT_TEXT_H
#define BISECT_VERDICT_TEXT_H

#include <sqlite3.h>

#include "judge/verdict.h"
#include "lib/util.h"

/*
 * One line per configuration, as 'bisectable first-bad' prints them:
 *   up: first bad 2/4 1a2b3c4 "subject" at build: fail: evidence
 *   up: the base 1a2b3c4 itself is bad at boot: timeout: evidence
 *   up: bisectable (4/4 commits pass; 12 of 14 changed lines compiled)
 *   up: incomplete: 2/4 commits verified and passing (run running)
 *   up: incomplete: 3/4 commits verified and passing (run done; 1 error:
 *       2/4 build: make killed by signal 9)
 * (a first bad after an error says so: "... (not verified before it: an
 * error: 1/4 build: evidence)")
 *   up: no bad commit at stage test (4/4 commits pass every stage)
 * each followed by its holes when no stage is asked for:
 *   up: hole: 3/11..5/11 does not build (fixed by 6/11)
 *   up: hole: 2/4 does not build; 3/4 builds, test timeout (fixed by 4/4)
 * (hole_text below), and at the end the series line when rv->coverage is
 * set (coverage_series_text):
 *   series: bisectable where compiled: 2 changed lines never built (12 of
 *   14 compiled by up,smp; see 'bisectable coverage')
 */
void verdict_text(const struct run_verdict *rv, struct strbuf *out);

/*
 * What one commit of a hole did: "does not apply", "does not build",
 * "build timeout", "builds, does not boot", "builds, boot timeout",
 * "builds, fails its tests", "builds, test timeout" ("builds, " only when
 * its build passed), "not verified" (skip, error or no result).
 */
const char *hole_commit_what(const struct hole_commit *c);

/* Adds a reference to commit position of commits ("2/4" in text) to out. */
typedef void hole_ref_fn(struct strbuf *out, int position, int commits, void *data);

/*
 * A hole in the words of every output, consecutive commits that did the
 * same thing as one range:
 *   2/4 does not build; 3/4 builds, test timeout (fixed by 4/4)
 *   3/11..5/11 does not build (fixed by 6/11)
 *   2/3 builds, fails its tests (fixed by 3/3; flaky before it: 2 of 6 boots
 *     failed, the fix passed 6 of 6; confidence 94%)
 * ref writes each commit reference (NULL: "2/4"); the words themselves
 * need no escaping in HTML.
 */
void hole_text(const struct hole *h, int commits, hole_ref_fn *ref, void *data,
	       struct strbuf *out);

/*
 * How sure a first bad at boot or test is, in the words of every output
 * (judge/confidence.h): "failed 2 of 3 boots (flaky), parent passed 3 of 3;
 * confidence 94%". Returns 0 and adds nothing for none, a bad base, or a
 * first bad at apply or build (confidence 100%: their verdicts repeat).
 */
int verdict_boots_text(const struct verdict *v, struct strbuf *out);

/* What is asked of a run's verdict (first-bad's options). */
struct verdict_ask {
	const char *configs;	/* comma-separated result keys, NULL: the run's */
	const char *stage;	/* NULL: every stage */
	double min_confidence;	/* in [0, 1]: a first bad less sure does not count */
	/*
	 * In [0, 1]: the share of changed lines that must be compiled for a
	 * series bisectable where compiled to exit 0; below it the exit is
	 * EXIT_UNCOVERED. Negative: coverage does not change the exit.
	 */
	double require_coverage;
	/*
	 * A commit that claims no change and whose code changed (codediff-run.h)
	 * is a finding, a line after the verdicts; with strict_claims also a
	 * reason to exit EXIT_BAD.
	 */
	int strict_claims;
};

/*
 * Load the verdicts of a run (run_verdict_load) and add their lines to out,
 * with the series line (coverage-text.h) when every configuration at every
 * stage is asked for. Returns verdict_exit() (a first bad under
 * min_confidence does not count), else EXIT_UNCOVERED as ask says, or
 * EXIT_ERROR if there is no such run.
 */
int verdict_report(sqlite3 *db, long long run_id, const struct verdict_ask *ask,
		   struct strbuf *out);

#endif
