/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bisect.h - finding the first bad commit of a range with git bisect run,
 * each step one bisectable step: build, boot and test HEAD on the run's
 * configurations, recorded like any run's commit (a run of kind 'bisect'),
 * with the same result cache, and answered with the exit status git bisect
 * run understands:
 *
 *   0    good   every stage up to the one looked for passed
 *   1    bad    the stage looked for failed (any stage, when none is given)
 *   125  skip   the commit cannot be judged: an earlier stage failed (a
 *               build failure while bisecting a boot failure), a stage was
 *               not run, or the machine failed ('error', after retries)
 *   128  abort  bisectable itself failed (nothing recorded, a bad database)
 *
 * 'bisectable bisect' drives it all in a private clone of the user's
 * repository; 'bisectable step --bisect-run' is the step alone, for a user's
 * own 'git bisect run'.
 */
#ifndef BISECT_BISECT_H
#define BISECT_BISECT_H

#include <sqlite3.h>

#include "input/run-config.h"
#include "lib/util.h"

#define BISECT_GOOD	0
#define BISECT_BAD	1
#define BISECT_SKIP	125
#define BISECT_ABORT	128

/* apply, build, boot, test: the stages in the order they run. */
#define BISECT_NSTAGES	4

/* 0..3 for apply, build, boot, test; -1 for anything else. */
int bisect_stage_index(const char *stage);
/* "good", "bad", "skip" or "abort". */
const char *bisect_answer_name(int code);

/*
 * The answer for one configuration of a commit. status[i] is the recorded
 * status of stage i (NULL: nothing recorded); wanted is the stage looked
 * for, or -1 for any. *deciding (may be NULL) is set to the stage that
 * decided a bad, skip or abort answer, -1 for good.
 */
int bisect_exit_code(const char *const status[BISECT_NSTAGES], int wanted, int *deciding);
/* Two configurations' answers as one: abort, then bad, then skip, then good. */
int bisect_exit_combine(int a, int b);

/*
 * The answer for commit_id from its results on every configuration of rc;
 * why gets "CONFIG STAGE STATUS: EVIDENCE" of the deciding result.
 */
int bisect_judge(sqlite3 *db, long long commit_id, const struct run_config *rc, int wanted,
		 struct strbuf *why);

/* What a bisection verifies: the configurations, suites and tests of a run. */
struct bisect_settings {
	const char *configs;		/* comma-separated */
	const char *suites;		/* NULL: RUN_CONFIG_SUITES */
	const char *tests;		/* NULL: "all" */
	int no_cache;
	int retries;			/* -1: the default */
	const char *rtc;		/* NULL: the host's clock */
	const char *cpu;		/* NULL: QEMU's default model */
	int boot_timeout;		/* 0: the default */
	int no_sandbox;
};
/* A validated run configuration from s; 0 or -1 (messages printed). */
int bisect_make_config(struct run_config *rc, const struct bisect_settings *s);

/*
 * step --bisect-run without --run: the run of kind 'bisect' that records
 * the user's own 'git bisect run' in work_dir (the same bisection: its
 * first good commit is still a good one, the same configuration), made at
 * its first step. Returns the run's id, or 0 after an error.
 */
long long bisect_user_run(sqlite3 *db, const char *work_dir, const struct run_config *rc);

struct bisect_target {
	const char *repo;		/* the user's repository: only read */
	const char *good, *bad;
	const char *stage;		/* "build", "boot", "test", or NULL: any */
	int confirm;			/* boots of the answer and its parent (--confirm) */
};

/*
 * 'bisectable bisect': git bisect start/run in a private clone of t->repo,
 * the step of every commit recorded in a run of kind 'bisect', the first
 * bad commit confirmed by testing it and its parent again without the
 * cache, then the answer on stdout. Returns 0 (a confirmed first bad
 * commit), EXIT_BAD (no confirmed answer: flaky, only skipped commits
 * left, nothing bad), EXIT_ERROR, or 128+signal.
 */
int bisect_run(sqlite3 *db, const char *db_path, const struct bisect_target *t,
	       struct run_config *rc);

#endif
