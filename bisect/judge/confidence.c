// SPDX-License-Identifier: GPL-2.0
/*
 * confidence.c - the confidence of a first bad verdict (confidence.h).
 */
#include <math.h>

#include "judge/confidence.h"

double confidence_of(int k, int n, int parent_passes)
{
	double p;

	if (n < 1 || k < 1 || parent_passes < 0)
		return 0;
	if (k > n)
		k = n;
	p = (k + 1.0) / (n + 2.0);
	return 1 - pow(1 - p, parent_passes);
}

int confidence_percent(double confidence)
{
	int pct = (int)lround(confidence * 100);

	return pct == 100 && confidence < 1 ? 99 : pct;
}

const char *confidence_class(int k, int n, int parent_failed)
{
	if (parent_failed)
		return "inherited";
	if (n < 2)
		return "unconfirmed";
	return k >= n ? "deterministic" : "flaky";
}
