/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap-check.h - what the console parser's unit tests share: a log parsed
 * (a literal's NUL bytes included), a test found by name and checked, no
 * kernel error, and the smoke tests' names. Include it after tap.h.
 */
#ifndef TESTS_UNIT_KTAP_CHECK_H
#define TESTS_UNIT_KTAP_CHECK_H

#include <string.h>

#include "step/ktap.h"

/* A log given as a string literal, NUL bytes inside it included. */
#define PARSE_LITERAL(what, literal, res) parse_log(what, literal, sizeof(literal) - 1, res)

static inline void parse_log(const char *what, const char *log, size_t len,
			     struct console_result *res)
{
	is_int(console_parse(log, len, res), 0, "%s: console_parse returns 0", what);
}

static inline const struct ktap_test *find_test(const struct console_result *res,
						 const char *name)
{
	size_t i;

	for (i = 0; i < res->ntests; i++) {
		if (strcmp(res->tests[i].name, name) == 0)
			return &res->tests[i];
	}
	return NULL;
}

/* The status, reason and duration of test @name, which must exist. */
static inline void check_test(const struct console_result *res, const char *name,
			      enum ktap_status status, const char *reason, long long duration_ns)
{
	const struct ktap_test *test = find_test(res, name);

	if (!ok(test, "test %s is listed", name))
		return;
	is_str(ktap_status_name(test->status), ktap_status_name(status), "%s: status", name);
	is_str(test->reason, reason, "%s: reason", name);
	is_int(test->duration_ns, duration_ns, "%s: duration_ns", name);
}

static inline void check_no_kernel_error(const struct console_result *res, const char *what)
{
	is_str(res->kernel_error, "", "%s: no kernel error", what);
	is_int(res->kernel_error_line, 0, "%s: no kernel error line", what);
	is_str(res->kernel_error_test, "", "%s: no kernel error test", what);
}

static const char *const smoke_tests[] __attribute__((unused)) = {
	"nice_share", "wakeup_latency", "migrate_spread", "yield_fairness", "rt_preempt",
	"deadline_admit", "cgroup_weight", "idle_balance", "affinity_pin", "fork_storm",
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NR_SMOKE_TESTS	ARRAY_SIZE(smoke_tests)

#endif
