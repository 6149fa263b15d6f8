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

int boots_to_rule_out(double rate, double level)
{
	int n = 1;

	if (rate <= 0 || rate > 1 || level <= 0 || level >= 1)
		return 1;
	/* The least n with (1 - rate)^n <= 1 - level, with room for rounding. */
	while (n < 1000 && pow(1 - rate, n) > (1 - level) * (1 + 1e-9))
		n++;
	return n;
}

double flake_caught(double rate, int n)
{
	if (rate <= 0 || n < 1)
		return 0;
	return 1 - pow(1 - (rate > 1 ? 1 : rate), n);
}

int flake_soak_boots(double rate)
{
	return boots_to_rule_out(rate, FLAKE_SOAK_LEVEL);
}

int flake_place_boots(double rate)
{
	return boots_to_rule_out(rate, FLAKE_PLACE_LEVEL);
}

int flake_parent_boots(int k, int n, double rate)
{
	int most = flake_place_boots(rate), m;

	if (n < 1 || k < 1)
		return most;
	if (k > n)
		k = n;
	m = boots_to_rule_out((k + 1.0) / (n + 2.0), FLAKE_PLACE_LEVEL);
	if (m > most)
		m = most;
	return m < FLAKE_MIN_PARENT ? FLAKE_MIN_PARENT : m;
}
