// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-check.c - a run's options checked before it starts
 * (run/run-check.c): configurations against configs/, tests and suites
 * against the guest's declarations, the profile. Run from the top of the
 * repository (configs/ and guest/suites/ are read).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/run-config.h"
#include "run/run-check.h"
#include "lib/util.h"
#include "tap.h"

/* Validate rc with stderr silenced: 0 or -1. */
static int validate_quietly(const struct run_config *rc)
{
	int saved = dup(2), null = open("/dev/null", 1), ret;

	fflush(stderr);
	dup2(null, 2);
	ret = run_config_validate(rc, "configs");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	return ret;
}

static int configs_valid(const char *configs, const char *tests)
{
	struct run_config rc;
	int ret;

	run_config_init(&rc);
	run_config_set_configs(&rc, configs);
	run_config_set_tests(&rc, tests);
	ret = validate_quietly(&rc);
	run_config_free(&rc);
	return ret;
}

static void test_validate(void)
{
	is_int(configs_valid("up,smp", "all"), 0, "the defaults are valid");
	is_int(configs_valid("", "all"), -1, "no configuration is refused");
	is_int(configs_valid(",", "all"), -1, "',' is refused");
	is_int(configs_valid("up,up", "all"), -1, "a configuration twice is refused (one O= dir)");
	is_int(configs_valid("../up", "all"), -1, "a path is not a configuration name");
	is_int(configs_valid("nosuch", "all"), -1, "an unknown fragment is refused");
	is_int(configs_valid("up", ""), -1, "an empty test list is refused");
	is_int(configs_valid("up", "nosuch"), -1, "an unknown test is refused");
	is_int(configs_valid("up", "x no-cache=1"), -1, "a test name cannot smuggle options");
	is_int(configs_valid("up", "pipe_pingpong,pipe_pingpong"), -1, "a test twice is refused");
	is_int(configs_valid("up", "pipe_pingpong,affinity"), 0, "known tests are accepted");
	is_int(configs_valid("up", "smoke.affinity,rt-tests.pi_stress"), 0,
	       "SUITE.TEST names are accepted");
	is_int(configs_valid("up", "rt-tests.nosuch"), -1, "a test the suite lacks is refused");
	is_int(configs_valid("up", "nosuite.affinity"), -1, "an unknown suite's test is refused");
	is_int(configs_valid("up", "affinity,smoke.affinity"), -1,
	       "a test named twice, once with its suite, is refused");
	{
		struct run_config rc;

		run_config_init(&rc);
		run_config_set_suites(&rc, "nosuch");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "an unknown suite is refused");
		run_config_set_suites(&rc, "smoke,smoke");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "a suite twice is refused");
		free(rc.profile);
		rc.profile = xstrdup("slow");
		run_config_set_suites(&rc, "smoke");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "an unknown profile is refused");
		run_config_free(&rc);
	}
}

int main(void)
{
	test_validate();
	return done_testing();
}
