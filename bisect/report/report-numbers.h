/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-numbers.h - the figures of a report, one format per unit.
 */
#ifndef BISECT_REPORT_NUMBERS_H
#define BISECT_REPORT_NUMBERS_H

#include <stddef.h>

#include "report/report-model.h"

/*
 * One format per unit: a metric's values with the
 * decimals report_metric_decimals() gives it (0 or 2) and thousands
 * separators, "+" too when sign; a change in percent, "+15.5%", "+2.04%",
 * "+0.003%".
 */
int report_metric_decimals(const struct report_model *m, size_t metric);
void fmt_metric(char *buf, size_t size, double v, int decimals, int sign);
void fmt_pct(char *buf, size_t size, double p);

#endif
