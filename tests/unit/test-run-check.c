// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-check.c - a run's options checked before it starts
 * (run/run-check.c): configurations against configs/, tests and suites
 * against the guest's declarations, the profile, the guest's clock and CPU
 * model. Run from the top of the
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
#include "quiet.h"
#include "tap.h"

/* Validate rc with stderr silenced: 0 or -1. */
static int validate_quietly(const struct run_config *rc)
{
	int saved = stderr_to(NULL), ret = run_config_validate(rc, "configs");

	stderr_back(saved);
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

static int guest_valid(const char *rtc, const char *cpu)
{
	struct run_config rc;
	int ret;

	run_config_init(&rc);
	run_config_set_tests(&rc, "all");
	rc.rtc = rtc ? xstrdup(rtc) : NULL;
	rc.cpu = cpu ? xstrdup(cpu) : NULL;
	ret = validate_quietly(&rc);
	run_config_free(&rc);
	return ret;
}

/* --rtc and --cpu reach QEMU's argv: only strict dates and plain model names pass. */
static void test_guest_variation(void)
{
	static const char *const good_dates[] = {
		"2026-01-01", "2026-01-01T00:00:00", "2024-02-29T23:59:59", "1970-01-01",
		"2069-12-31T23:59:59",
	};
	static const char *const bad_dates[] = {
		"", "host", "utc", "localtime", "2026-13-01", "2026-00-10", "2026-01-00",
		"2026-02-30", "2025-02-29", "2100-02-29", "2026-04-31", "2026-01-01T24:00:00",
		"2026-01-01T00:60:00", "2026-01-01T00:00:60", "2026-01-01 00:00:00",
		"2026-01-01T00:00", "2026-1-1", "26-01-01", "2026-01-01T00:00:00Z",
		"2026-01-01T00:00:00+01:00", "2026-01-01,clock=host", "+2026-01-01",
		"1969-12-31", "2070-01-01", "2026-01-0a", " 2026-01-01",
	};
	static const char *const good_cpus[] = {
		"qemu64", "max", "qemu64,+rdrand", "Skylake-Client-v4", "max,rdrand=off", "a.b_c",
	};
	static const char *const bad_cpus[] = {
		"", "max -S", "max;reboot", "max\n", "a/b", "$(id)", "max'", "m\xc3\xa4x",
	};
	size_t i;

	is_int(guest_valid(NULL, NULL), 0, "neither given: valid");
	for (i = 0; i < ARRAY_SIZE(good_dates); i++)
		is_int(guest_valid(good_dates[i], NULL), 0, "--rtc %s is accepted", good_dates[i]);
	for (i = 0; i < ARRAY_SIZE(bad_dates); i++)
		is_int(guest_valid(bad_dates[i], NULL), -1, "--rtc '%s' is refused", bad_dates[i]);
	for (i = 0; i < ARRAY_SIZE(good_cpus); i++)
		is_int(guest_valid(NULL, good_cpus[i]), 0, "--cpu %s is accepted", good_cpus[i]);
	for (i = 0; i < ARRAY_SIZE(bad_cpus); i++)
		is_int(guest_valid(NULL, bad_cpus[i]), -1,
		       "--cpu of bad_cpus[%zu] (a blank, a shell or control character) is refused", i);
	{
		char *longest = xcalloc(1, 130);

		memset(longest, 'a', 129);
		is_int(guest_valid(NULL, longest), -1, "a model of 129 characters is refused");
		free(longest);
	}
}

int main(void)
{
	test_validate();
	test_guest_variation();
	return done_testing();
}
