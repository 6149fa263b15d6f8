/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap-result.h - what the console parser (ktap.h) finds: the tests, found
 * again by name, their status and reason, the figures, the kernel's first
 * failure; and the builder that ktap.c fills them with (ktap-result.c).
 */
#ifndef BISECT_KTAP_RESULT_H
#define BISECT_KTAP_RESULT_H

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

void console_result_init(struct console_result *res);
void console_result_free(struct console_result *res);

const char *ktap_status_name(enum ktap_status status);
/* The tests that are not subtests of another. */
size_t ktap_count_top(const struct console_result *res);

/*
 * A result as it is filled: its arrays' capacities and an index of the
 * tests by name (open addressing, at most half full).
 */
struct ktap_builder {
	struct console_result *res;
	size_t tests_cap;
	size_t metrics_cap;
	size_t *slots;			/* name hash index: test index + 1, 0 = free */
	size_t nslots;			/* a power of two, or 0 */
};

/* The test named by the text [p, end) (stored printable), added if new; -1: no memory. */
int ktap_builder_test(struct ktap_builder *b, const char *p, const char *end, size_t *index);
/* A figure named by [name, name_end); -1: no memory. */
int ktap_builder_metric(struct ktap_builder *b, const char *name, const char *name_end,
			double value);
/* The index; the result itself is the caller's. */
void ktap_builder_free(struct ktap_builder *b);

#endif
