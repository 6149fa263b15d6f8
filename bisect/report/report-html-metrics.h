/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-html-metrics.h - the figures of the HTML report (report-html.c):
 * the performance section and the metrics tables; internal to the report.
 */
#ifndef BISECT_REPORT_HTML_METRICS_H
#define BISECT_REPORT_HTML_METRICS_H

#include "report/report-model.h"

/* The performance section: the moves regress.h calls regressions, and the noisy ones. */
void html_performance(struct report_out *r);

/* Each configuration's metrics per commit, with deltas to the parent and the base. */
void html_metrics(struct report_out *r);

#endif
