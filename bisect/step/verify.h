/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify.h - the work at one commit of a run, for each of its
 * configurations, as explicit stages:
 *
 *   apply       the commit exists (git am / the range put it there);
 *               the series' declared metrics are counted in its tree
 *   cached      the result cache already holds this build (and boot)
 *   build       kbuild.c configures and builds bzImage
 *   boot+test   qemu.c boots it under expect and runs the smoke tests,
 *               unless a byte-identical image was booted already
 *
 * Every stage's outcome is recorded in one transaction. One process per
 * configuration runs them (run-parallel), so a build and a boot overlap.
 */
#ifndef BISECT_VERIFY_H
#define BISECT_VERIFY_H

#include "step/verify-commit.h"

/*
 * Identify HEAD of work_dir as a commit of the run and record it; count the
 * series' metrics there. Dies if HEAD cannot be read.
 */
void verify_commit_init(struct verify_commit *vc, sqlite3 *db, const char *db_path,
			const struct run_info *run, const struct run_config *rc,
			const char *work_dir);
void verify_commit_release(struct verify_commit *vc);

/* "[3/11] sha subject (run 4m10s, about 9m left)" on stderr. */
void verify_print_progress(struct verify_commit *vc, int at_base);

/* Whether the run verifies this commit (--only); says so when it does not. */
int verify_position_wanted(struct verify_commit *vc);
/* Verify every configuration of the run (in parallel where the run says so). */
void verify_configs(struct verify_commit *vc);
/* Verify one configuration; sets vc->failed if a stage did not pass. */
void verify_config(struct verify_commit *vc, const char *config);

#endif
