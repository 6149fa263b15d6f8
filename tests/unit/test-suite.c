// SPDX-License-Identifier: GPL-2.0
/*
 * test-suite.c - the guest suites' declarations (bisect/suite.c): what is
 * read, what is refused, and that the shipped suites are what their
 * programs run (smoke's list is guest/suites/smoke/smoke-tests.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "step/suite.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"

static const char *const smoke_tests[] = {
#define SMOKE_TEST(name) #name,
#include "smoke-tests.h"
#undef SMOKE_TEST
};

/* Parse with stderr silenced: 0 or -1. */
static int parse_quietly(const char *text, struct suite *s)
{
	int saved = stderr_to(NULL), ret = suite_parse("t", text, s);

	stderr_back(saved);
	return ret;
}

/* A declaration suite_parse() refuses, and why. */
struct refused {
	const char *text;
	const char *why;
};

static void check_refused(const struct refused *cases, size_t n)
{
	struct suite s;
	size_t i;

	for (i = 0; i < n; i++) {
		is_int(parse_quietly(cases[i].text, &s), -1, "%s", cases[i].why);
		suite_free(&s);
	}
}

static void test_parse(void)
{
	static const struct refused pieces_and_tests[] = {
		{ "piece-file run\ntest one\n", "piece-file without a build program" },
		{ "build build.sh\npiece-file ../run\ntest one\n", "piece-file with a path" },
		{ "build build.sh\npiece-file .run\ntest one\n", "piece-file of a dot file" },
		{ "test a;reboot\n", "a test name a shell would parse" },
		{ "test a\ntest a\n", "a test twice" },
		{ "test a slow\n", "an unknown profile" },
		{ "test a\nmetric x ns sideways 1% x\n", "a metric without lower or higher" },
	}, the_rest[] = {
		{ "test a\nmetric x ns lower lots x\n", "a bad noise floor" },
		{ "test a\ntimeout 0\n", "a zero timeout" },
		{ "test a\nrun-as-root yes\n", "an unknown directive" },
		{ "describe nothing\n", "a suite without tests" },
	};
	struct suite s;

	is_int(suite_parse("demo", "# a comment\n\ndescribe two tests\ntimeout 30\n"
			   "program /usr/bin/true\nfile run\nbuild build.sh\n"
			   "test one\ntest two full\n"
			   "metric lat_us us lower 10% latency of one\n", &s), 0, "a declaration reads");
	is_str(s.describe, "two tests", "describe");
	is_int(s.timeout, 30, "timeout");
	is_str(s.build, "build.sh", "build");
	is_int((int)s.ntests, 2, "two tests");
	is_int((int)s.tests[0].profiles, SUITE_PROFILE_QUICK | SUITE_PROFILE_FULL,
	       "a test without profiles is in both");
	is_int((int)s.tests[1].profiles, SUITE_PROFILE_FULL, "full only");
	is_int((int)s.nmetrics, 1, "one metric");
	is_str(s.metrics[0].better, "lower", "its direction");
	ok(s.metrics[0].noise_pct == 10.0, "its noise floor");
	is_str(s.metrics[0].text, "latency of one", "its text");
	suite_free(&s);

	is_int(suite_parse("demo", "build build.sh\npiece-file run\npiece-file data.txt\n"
			   "test one\n", &s), 0, "piece-file lines read");
	is_int((int)s.npiece_files, 2, "two files for the piece");
	is_str(s.piece_files[0], "run", "in their order");
	is_str(s.piece_files[1], "data.txt", "the second");
	suite_free(&s);
	check_refused(pieces_and_tests, ARRAY_SIZE(pieces_and_tests));
	is_int(parse_quietly("test a\nmetric x % none 1% a shape\n", &s), 0,
	       "a metric without a direction");
	ok(s.nmetrics == 1 && !s.metrics[0].better, "is stored without one");
	suite_free(&s);
	check_refused(the_rest, ARRAY_SIZE(the_rest));
}

static void test_shipped(void)
{
	struct suite_set set;
	const struct suite *smoke, *s = NULL;
	size_t i;
	int same;

	is_int(suites_load("guest/suites", &set), 0, "the shipped suites read");
	smoke = suites_find(&set, "smoke");
	ok(smoke && suites_find(&set, "rt-tests"), "smoke and rt-tests are there");
	same = smoke && smoke->ntests == ARRAY_SIZE(smoke_tests);
	for (i = 0; same && i < ARRAY_SIZE(smoke_tests); i++)
		same = !strcmp(smoke->tests[i].name, smoke_tests[i]);
	ok(same, "smoke's declaration lists smoke-tests.h's tests, in order");
	ok(suites_find_test(&set, "rt-tests.pi_stress", &s) && s && !strcmp(s->name, "rt-tests"),
	   "SUITE.TEST finds the test and its suite");
	ok(!suites_find_test(&set, "pi_stress", NULL), "a bare name is not SUITE.TEST");
	ok(suites_find_metric(&set, "pipe_rtt_ns") &&
	   !strcmp(suites_find_metric(&set, "pipe_rtt_ns")->better, "lower"),
	   "pipe_rtt_ns is declared, lower is better");
	ok(suites_find_metric(&set, "hackbench_s") != NULL, "hackbench_s is declared");
	ok(smoke && suite_supports_arch(smoke, "riscv64") && suite_supports_arch(smoke, "arm64"),
	   "smoke runs on riscv64 and arm64 (built statically by the cross compiler)");
	s = suites_find(&set, "rt-tests");
	ok(s && suite_supports_arch(s, "x86_64") && !suite_supports_arch(s, "riscv64"),
	   "rt-tests: x86_64 only (Debian's rt-tests of another arch is not installed)");
	suites_free(&set);
}

/* "arch LIST": which architectures a suite runs on; none declared: x86_64 only. */
static void test_arch(void)
{
	static const struct refused arches[] = {
		{ "arch riscv64 riscv64\ntest one\n", "an arch twice" },
		{ "arch ../x\ntest one\n", "a bad architecture name" },
		{ "arch defconfig\ntest one\n", "a kbuild target is none" },
	};
	struct suite s;

	is_int(suite_parse("a", "arch x86_64 riscv64\narch arm64\ntest one\n", &s), 0,
	       "arch lines");
	is_int((int)s.narches, 3, "three architectures");
	ok(suite_supports_arch(&s, "riscv64") && suite_supports_arch(&s, "arm64"),
	   "riscv64 and arm64 supported");
	ok(!suite_supports_arch(&s, "arm"), "arm is not");
	suite_free(&s);
	is_int(suite_parse("a", "test one\n", &s), 0, "no arch line");
	ok(suite_supports_arch(&s, "x86_64") && !suite_supports_arch(&s, "riscv64"),
	   "none declared: x86_64 only");
	suite_free(&s);
	check_refused(arches, ARRAY_SIZE(arches));
}

int main(void)
{
	test_arch();
	test_parse();
	test_shipped();
	return done_testing();
}
