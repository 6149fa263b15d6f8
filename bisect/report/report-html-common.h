/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-html-common.h - what every part of the HTML report writes alike;
 * internal to the report.
 */
#ifndef BISECT_REPORT_HTML_COMMON_H
#define BISECT_REPORT_HTML_COMMON_H

#include "report/report-model.h"

/* "3/11 <code>sha</code> subject", escaped. */
void html_commit_ref(struct report_out *r, const char *sha, int position,
		     const char *subject);

/*
 * The coverage section (report-html.c): its totals, then each file's
 * missed lines folded in a <details>. Nothing when none was recorded.
 */
void html_coverage(struct report_out *r);

#endif
