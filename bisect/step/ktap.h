/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap.h - parse a captured serial console: the guest's ready marker, the
 * KTAP output of the smoke tests, the markers the expect script logs, and
 * kernel failure lines (panic, BUG, Oops, WARNING, Call Trace).
 *
 * Console protocol (guest/init, guest/smoke.c, expect-scripts/boot-test.exp):
 *   BISECTABLE-READY cpus=N ...       guest /init reached its shell
 *   BISECTABLE-TEST-BEGIN SUITE.TEST  logged by expect before starting it
 *   KTAP version 1 / 1..1 / ok 1 TEST [# SKIP reason] / not ok 1 TEST [# reason]
 *       (under SUITE.TEST, "ok 1 TEST" at the left margin is its result and
 *       indented results are its subtests, stored as SUITE.TEST.SUB)
 *   # metric NAME VALUE               a figure; repeated lines are samples
 *   # duration_ns VALUE               guest time the current test took
 *   BISECTABLE-END RC                 the shell echoes the test's exit code
 *   BISECTABLE-TEST-TIMEOUT NAME      logged by expect: NAME stopped answering
 *   BISECTABLE-BOOT-TIMEOUT           logged by expect: no ready marker in time
 *   BISECTABLE-SHUTDOWN-OK            logged by expect: the guest powered off
 */
#ifndef BISECT_KTAP_H
#define BISECT_KTAP_H

#include <stddef.h>

enum ktap_status {
	KTAP_PASS,
	KTAP_FAIL,
	KTAP_SKIP,
	KTAP_TIMEOUT,	/* expect logged a TEST-TIMEOUT for it */
	KTAP_MISSING,	/* begun, but no result line (crash, panic, truncated log) */
};

#define KTAP_NAME_MAX	64
#define KTAP_TEXT_MAX	256

struct ktap_test {
	char name[KTAP_NAME_MAX];
	enum ktap_status status;
	char reason[KTAP_TEXT_MAX];	/* "# reason" of not ok / SKIP, or evidence */
	long long duration_ns;		/* from "# duration_ns", -1 if absent */
	int nested;			/* a subtest: SUITE.TEST.SUB, from indented KTAP */
};

struct ktap_metric {
	char name[KTAP_NAME_MAX];
	double value;
};

struct console_result {
	int ready;			/* ready marker seen */
	int cpus;			/* cpus= of the ready marker, -1 if absent */
	int boot_timeout;		/* BISECTABLE-BOOT-TIMEOUT seen */
	int shutdown_ok;		/* BISECTABLE-SHUTDOWN-OK seen */
	/* First kernel failure line, trimmed of the printk timestamp; "" if none. */
	char kernel_error[KTAP_TEXT_MAX];
	int kernel_error_line;		/* 1-based line number in the log, 0 if none */
	int kernel_error_before_ready;	/* it happened during boot */
	char kernel_error_test[KTAP_NAME_MAX]; /* test running when it happened, or "" */
	struct ktap_test *tests;	/* in the order they were begun or reported */
	size_t ntests;
	struct ktap_metric *metrics;
	size_t nmetrics;
};

/*
 * Parse a whole console log. Robust against CR/LF mixes, kernel messages
 * interleaved with test output, truncated lines and non-UTF-8 bytes (text
 * copied out is made printable ASCII). Returns 0, or -1 on allocation failure.
 */
int console_parse(const char *buf, size_t len, struct console_result *res);
int console_parse_file(const char *path, struct console_result *res);
void console_result_free(struct console_result *res);

const char *ktap_status_name(enum ktap_status status);
/* The tests that are not subtests of another. */
size_t ktap_count_top(const struct console_result *res);

#endif
