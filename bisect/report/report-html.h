/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-html.h - the parts of the HTML report (report-html.c) that live in
 * files of their own; internal to the report.
 */
#ifndef BISECT_REPORT_HTML_H
#define BISECT_REPORT_HTML_H

#include "report/report-model.h"

/* "3/11 <code>sha</code> subject", escaped. */
void html_commit_ref(struct report_out *r, const char *sha, int position,
		     const char *subject);

/* The performance section: the moves perf.h calls regressions, and the noisy ones. */
void html_performance(struct report_out *r);

/* Each configuration's metrics per commit, with deltas to the parent and the base. */
void html_metrics(struct report_out *r);

#endif
