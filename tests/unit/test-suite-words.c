// SPDX-License-Identifier: GPL-2.0
/*
 * test-suite-words.c - a run's tests as the boot script takes them
 * (step/suite-words.c): each with its suite's own timeout, else (a suite
 * that declares none, or none known) the run's --test-timeout. Run from
 * the top of the tree (guest/suites/ is read).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "run/run-check.h"
#include "step/suite-words.h"
#include "lib/util.h"
#include "tap.h"

static void test_words(void)
{
	struct run_config rc;
	char *words;

	run_config_init(&rc);
	run_config_set_tests(&rc, "all");
	words = suite_tests_words(&rc);
	ok(!strncmp(words, "smoke.fork_exec_wait:60 ", 24) &&
	   strstr(words, " rt-tests.hackbench:120 "),
	   "all: the default suites' tests, each with its suite's timeout");
	is_int(strstr(words, "rt-tests.signaltest") != NULL, 1, "rt-tests is a default suite");
	free(words);

	rc.test_timeout = 7;
	words = suite_tests_words(&rc);
	ok(!strncmp(words, "smoke.fork_exec_wait:60 ", 24) &&
	   strstr(words, " rt-tests.hackbench:120 "),
	   "a suite's own timeout wins over --test-timeout (every shipped suite has one)");
	free(words);

	run_config_set_tests(&rc, "smoke.affinity,nosuite.x");
	is_str_free(suite_tests_words(&rc), "smoke.affinity:60 nosuite.x:7",
		    "a test of no known suite: the run's --test-timeout");

	run_config_list_clear(&rc.tests, &rc.ntests);
	is_str_free(suite_tests_words(&rc), "", "no test: an empty line");
	run_config_free(&rc);
}

/* Another architecture's guest runs the tests of the suites that declare it only. */
static void test_words_arch(void)
{
	struct run_config rc;
	char *words;

	run_config_init(&rc);
	run_config_set_tests(&rc, "all");
	words = suite_tests_words_arch(&rc, "riscv64");
	ok(!strncmp(words, "smoke.fork_exec_wait:60 ", 24), "riscv64: smoke's tests: %.40s", words);
	ok(!strstr(words, "rt-tests."), "not rt-tests', which is x86_64's only");
	free(words);
	words = suite_tests_words_arch(&rc, "x86_64");
	ok(strstr(words, " rt-tests.hackbench:120 ") != NULL, "x86_64: rt-tests' too");
	free(words);
	run_config_set_tests(&rc, "rt-tests.hackbench,smoke.affinity");
	is_str_free(suite_tests_words_arch(&rc, "arm64"), "smoke.affinity:60",
		    "no blank left where a test was dropped");
	run_config_free(&rc);
}

int main(void)
{
	test_words_arch();
	test_words();
	return done_testing();
}
