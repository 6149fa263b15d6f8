// SPDX-License-Identifier: GPL-2.0
/*
 * report-numbers.c - the figures of a report, one format per unit: a
 * metric's values with the same decimals everywhere, a change in percent.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/util.h"
#include "report/report-model.h"
#include "report/report-numbers.h"

/*
 * The decimals every value of metric is shown with, in every table, delta
 * and chart: 2 when any value of it (any commit, any configuration) is not
 * integral, else 0. A column never mixes "152,087" with "152394.80".
 */
int report_metric_decimals(const struct report_model *m, size_t metric)
{
	size_t i, cfg;

	for (i = 0; i < m->ncommits; i++)
		for (cfg = 0; cfg < m->nconfigs; cfg++) {
			size_t k = cfg * m->nmetrics + metric;
			double v = m->commits[i].values[k];

			if (m->commits[i].has_value[k] && isfinite(v) &&
			    dabs(v - dround(v)) > 1e-9)
				return 2;
		}
	return 0;
}

void fmt_metric(char *buf, size_t size, double v, int decimals, int sign)
{
	char frac[16] = "";
	double a = dabs(v);
	long long whole;

	if (!isfinite(v) || a >= 1e15) {
		snprintf(buf, size, sign ? "%+.*f" : "%.*f", decimals, v);
		return;
	}
	if (decimals) {
		long long scaled = dround(a * 100);

		whole = scaled / 100;
		snprintf(frac, sizeof(frac), ".%02lld", scaled % 100);
	} else {
		whole = dround(a);
	}
	fmt_number(buf, size, (double)whole, 0);
	if (strlen(buf) + strlen(frac) + 2 > size)
		return;
	if (whole || *frac) {
		int neg = v < 0 && (whole || strcmp(frac, ".00"));

		if (neg || (sign && (whole || strcmp(frac, ".00")))) {
			memmove(buf + 1, buf, strlen(buf) + 1);
			buf[0] = neg ? '-' : '+';
		}
	}
	strcat(buf, frac);
}

void fmt_pct(char *buf, size_t size, double p)
{
	double a = dabs(p);

	snprintf(buf, size, a >= 10 ? "%+.1f%%" : a >= 0.1 ? "%+.2f%%" : "%+.3f%%", p);
}
