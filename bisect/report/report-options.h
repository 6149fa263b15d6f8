/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-options.h - a run's options as the HTML report shows them.
 */
#ifndef BISECT_REPORT_OPTIONS_H
#define BISECT_REPORT_OPTIONS_H

#include <sys/types.h>

/*
 * The run's options (runs.options) that differ from 'bisectable run's
 * defaults, as label and value rows, plus the jobs, tests and metrics it
 * ran with. Returns how many rows (*rows allocated), or -1 if the document
 * cannot be read (a run from before JSON options).
 */
struct report_option {
	const char *label;
	char *value;
};
ssize_t report_options_changed(const char *json, struct report_option **rows);
void report_options_free(struct report_option *rows, size_t n);

#endif
