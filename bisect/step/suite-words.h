/* SPDX-License-Identifier: GPL-2.0 */
/*
 * suite-words.h - a run's tests as expect-scripts/boot-test.exp takes them.
 */
#ifndef BISECT_SUITE_WORDS_H
#define BISECT_SUITE_WORDS_H

#include "input/run-config.h"

/*
 * "SUITE.TEST:SECONDS ..." (allocated): the seconds are the suite's own
 * timeout, else the run's --test-timeout.
 */
char *suite_tests_words(const struct run_config *rc);
/*
 * The same for a guest of architecture arch: only the tests of suites
 * that declare it (step/suite.h: "arch" lines; none, x86_64 only).
 */
char *suite_tests_words_arch(const struct run_config *rc, const char *arch);

#endif
