/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict.h - the one definition of a run's verdict per configuration:
 *
 *   commits     the commits of the series (positions 1..N; 0 is the base)
 *   passed      of them, those with a pass at each of the four stages (at
 *               apply and build for a configuration the run only builds:
 *               run_configs.stages is 2)
 *   complete    there are commits, each has a result at every stage, and no
 *               result is an error
 *   errors      results that are 'error' (the machine failed, not the commit:
 *               not verified there; never bad, never cached), base included
 *   first bad   the first result that is fail or timeout, by position (the
 *               base, position 0, included), then apply < build < boot < test;
 *               a skip is not bad (the commit is only not verified there)
 *   bisectable  there are commits, every one passed, the base is not bad,
 *               and there is no error
 *
 *   holes       the ranges of commits that are bad though a later commit is
 *               good again (passes every stage): where 'git bisect' lands on
 *               a broken commit that the tip hides. A hole runs from a bad
 *               commit to the last bad one before the next good commit;
 *               commits in it that are not verified (skip, error, missing)
 *               stay in it, as long as a bad one follows them. Its stage is
 *               the first bad stage of its first commit; the base (position
 *               0) is never part of one. A series broken to the tip has a
 *               first bad commit but no hole.
 *
 * Optionally limited to one stage: then the first bad is looked for at that
 * stage only (passed still counts every stage; holes always look at every
 * stage). The views first_bad and
 * verdict of db/schema.sql say the same for users of sqlite3; the unit test
 * tests/unit/test-verdict.c checks that they agree.
 */
#ifndef BISECT_VERDICT_H
#define BISECT_VERDICT_H

#include <sqlite3.h>

#include "db/db.h"
#include "judge/coverage.h"
#include "judge/known.h"
#include "lib/util.h"

enum stage { STAGE_APPLY, STAGE_BUILD, STAGE_BOOT, STAGE_TEST, NR_STAGES };

extern const char *const stage_names[NR_STAGES];

/* The stage called name, or -1. */
int stage_parse(const char *name);

/* What one commit of a hole did (verdict-text.h words it). */
struct hole_commit {
	int position;
	int bad;		/* 0: not verified (skip, error or no result) */
	enum stage stage;	/* its first bad stage */
	int timeout;		/* that stage timed out (else it failed) */
	int builds;		/* its build passed */
};

/* A range of broken commits that a later commit fixes (see above). */
struct hole {
	int from, to;		/* positions of its first and last bad commit */
	enum stage stage;	/* the first bad stage of commit from */
	int fixed_by;		/* the first later commit that passes every stage */
	struct hole_commit *commits;	/* from..to, each of them */
	int ncommits;
	/*
	 * How sure the fix is, when commit from failed only some of its boots
	 * (flaky): it failed failed_boots of boots, fixed_by passed all of its
	 * fix_boots; a flaky failure the fix only hid passes them with
	 * probability (1 - p)^fix_boots (confidence.h). 1 (and the figures 0)
	 * for a failure every boot had, or a build's.
	 */
	int failed_boots, boots, fix_boots;
	double confidence;
};

/* A known failure of the base that a commit of the series no longer has. */
struct known_fix {
	char *line;		/* "NAME: SIGNATURE" (known.h) */
	int position;		/* the first commit whose boots no longer meet it */
};

struct verdict {
	char *config;
	int has_results;	/* some result of the run is for this config */
	int build_only;		/* verified at apply and build only (run_configs) */
	int commits;
	int passed;
	int complete;
	int bisectable;
	int bad;		/* there is a first bad result; the fields below */
	int base_bad;		/* it is at the base (position 0) */
	int position;
	enum stage stage;
	char *sha;
	char *subject;
	char *status;		/* "fail" or "timeout" */
	char *evidence;
	char *log_path;
	int error_before_bad;	/* an error comes before the first bad result */
	int errors;		/* results with status error; the first of them: */
	int error_position;
	enum stage error_stage;
	char *error_evidence;
	struct hole *holes;	/* by position */
	size_t nholes;
	/*
	 * How sure the first bad is (judge/confidence.h): its boots and those
	 * that failed (0 at apply and build), its parent's boots and passes at
	 * that stage (-1: no parent result), its kind (deterministic, flaky,
	 * inherited; NULL at apply and build) and the confidence in [0, 1].
	 */
	int boots, failed_boots;
	int parent_boots, parent_passes;
	const char *kind;
	double confidence;
	/*
	 * The odds of a pass (judge/confidence.h, the soak): the tip's boots
	 * and passes at test (0: it was not booted), the rate the run aimed at
	 * (--flake-rate; 0: no soak, the odds then said for 1/2) and the
	 * probability that a failure in that rate of boots would have shown.
	 */
	int tip_boots, tip_passes;
	double flake_rate, flake_caught;
	struct known_set known;	/* the configuration's known failures (its base's) */
	struct known_fix *fixed;	/* known failures a commit fixed, by position */
	size_t nfixed;
};

struct run_verdict {
	struct run_info run;
	const char *stage;	/* the stage looked at, NULL: all */
	double min_confidence;	/* a first bad below it does not count for the exit */
	struct verdict *v;	/* one per configuration */
	size_t n;
	/*
	 * The changed lines the run's configurations compiled (coverage.h),
	 * when they are known and every stage is asked for; NULL otherwise.
	 */
	const struct coverage *coverage;
	int series_line;	/* every configuration asked for: the series line too */
};

/* The verdict of one configuration of a run (by id); verdict_free releases it. */
int verdict_load(sqlite3 *db, long long run_id, const char *config, const char *stage,
		 struct verdict *v);
void verdict_free(struct verdict *v);

/*
 * "tip passed 6 of 6 boots: a failure in 50% or more of boots would have
 * shown with 98% probability"; nothing for a configuration never booted.
 */
void verdict_odds_text(const struct verdict *v, struct strbuf *out);

/* The flake rate and odds of a loaded verdict, from its run's options (runs.options). */
void verdict_set_odds(struct verdict *v, const char *options);

/* The rate the odds are said for: --flake-rate, or 1/2 for a run without a soak. */
double verdict_odds_rate(double flake_rate);

/*
 * Load the verdicts of a run (0: the latest) for the comma-separated configs
 * (NULL: those of runs.configs), limited to stage unless it is NULL. Returns
 * 0, or -1 after printing an error if there is no such run.
 */
int run_verdict_load(sqlite3 *db, long long run_id, const char *configs, const char *stage,
		     struct run_verdict *rv);
void run_verdict_free(struct run_verdict *rv);

/*
 * The exit status of 'first-bad' for the verdicts: 0 if every configuration
 * is bisectable (with a stage: has no bad commit there), else EXIT_BAD. A
 * configuration whose only fault is a first bad commit with a confidence
 * under rv->min_confidence does not count.
 */
int verdict_exit(const struct run_verdict *rv);

/* What a hole's stage means for a commit: "does not build", ... */
const char *hole_what(enum stage stage);

#endif
