/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-check.h - what 'run' and 'bisect' settle before a run starts: the
 * tests, read from the guest's suites, and a check of all the options
 * against the configuration fragments, the suites and the metrics.
 */
#ifndef BISECT_RUN_CHECK_H
#define BISECT_RUN_CHECK_H

#include "input/run-config.h"

/*
 * The tests: "all" is every test of rc->suites in rc->profile (so set those
 * first); else a comma-separated list of SUITE.TEST, or TEST of the first
 * chosen suite that has it. Reads the suites' declarations.
 */
void run_config_set_tests(struct run_config *rc, const char *list);

/*
 * Check everything a run would otherwise find out too late: at least one
 * configuration, each a fragment of configs_dir and none twice (two makes
 * in one build directory), at least one test, each one the guest knows,
 * the accelerator, positive timeouts and jobs, and the metrics. Prints
 * every problem; returns 0 or -1.
 */
int run_config_validate(const struct run_config *rc, const char *configs_dir);
/*
 * In a run of several architectures (--arch A,B), a configuration one of
 * them cannot have (arm64 has no UP kernel) is left out for that one and
 * said, rather than refusing the whole cross product; with one
 * architecture run_config_validate refuses it.
 */
void run_config_drop_impossible(struct run_config *rc, const char *configs_dir);

#endif
