// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-options.c - a run's options as the report's table shows them
 * (report/report-options.c): what differs from the defaults, one row each;
 * the guest's clock and CPU model only when the run pinned them.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "report/report-options.h"
#include "lib/util.h"
#include "tap.h"

/* The value of the row labelled label, or NULL. */
static const char *row(const struct report_option *rows, ssize_t n, const char *label)
{
	ssize_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].label, label))
			return rows[i].value;
	return NULL;
}

static void test_guest_rows(void)
{
	struct report_option *rows;
	struct run_config rc;
	char *json;
	ssize_t n;

	run_config_init(&rc);
	json = run_config_to_json(&rc);
	n = report_options_changed(json, &rows);
	ok(n >= 0 && !row(rows, n, "Guest clock") && !row(rows, n, "CPU model"),
	   "the defaults: no row for the clock or the CPU model");
	report_options_free(rows, n < 0 ? 0 : n);
	free(json);

	run_config_set_guest(&rc, "2026-01-01T00:00:00", "max");
	json = run_config_to_json(&rc);
	n = report_options_changed(json, &rows);
	is_str(row(rows, n, "Guest clock"), "2026-01-01T00:00:00", "a pinned clock");
	is_str(row(rows, n, "CPU model"), "max", "a CPU model");
	report_options_free(rows, n < 0 ? 0 : n);
	free(json);
	run_config_free(&rc);
}

int main(void)
{
	test_guest_rows();
	return done_testing();
}
