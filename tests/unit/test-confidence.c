// SPDX-License-Identifier: GPL-2.0
/*
 * test-confidence.c - judge/confidence.c: the figures the model's comment
 * promises, its edges, and the classes.
 */
#include <math.h>

#include "judge/confidence.h"
#include "tap.h"

static void near(double got, double want, const char *what)
{
	ok(fabs(got - want) < 1e-9, "%s: %.6f (want %.6f)", what, got, want);
}

int main(void)
{
	near(confidence_of(1, 1, 1), 2.0 / 3, "1 of 1 against 1 of 1: 67%");
	near(confidence_of(3, 3, 3), 1 - 0.008, "3 of 3 against 3 of 3: 99.2%");
	near(confidence_of(3, 6, 6), 1 - 1.0 / 64, "3 of 6 against 6 of 6: 98.4%");
	near(confidence_of(1, 10, 10), 1 - pow(1 - 2.0 / 12, 10),
	     "1 of 10 against 10 of 10: 84%, below 3 of 3");
	ok(confidence_of(1, 10, 10) < confidence_of(3, 3, 3), "a rare failure is less sure");
	ok(confidence_of(3, 6, 12) > confidence_of(3, 6, 6), "more parent boots: surer");
	near(confidence_of(2, 2, 0), 0, "no parent boots: nothing says the parent passed");
	near(confidence_of(0, 3, 3), 0, "no failure: no verdict");
	near(confidence_of(5, 3, 3), confidence_of(3, 3, 3), "k over n counts as n");
	is_str(confidence_class(3, 3, 0), "deterministic", "every boot failed");
	is_str(confidence_class(2, 6, 0), "flaky", "some boots failed");
	is_str(confidence_class(3, 3, 1), "inherited", "the parent fails too");
	is_str(confidence_class(1, 1, 0), "unconfirmed", "one boot tells neither");
	is_int(confidence_percent(2.0 / 3), 67, "percent: rounded");
	is_int(confidence_percent(0.9996), 99, "percent: 100 only when sure");
	is_int(confidence_percent(1), 100, "percent: a build's");

	/* The soak and the placing counts (--flake-rate). */
	is_int(flake_soak_boots(0.5), 6, "soak at 1/2: 6 boots (1/64 left, 98%%)");
	is_int(flake_soak_boots(0.25), 14, "soak at 1/4: 14 boots");
	is_int(flake_soak_boots(0), 1, "no target: no soak");
	is_int(flake_soak_boots(1), 1, "a failure in every boot shows in one");
	is_int(flake_place_boots(0.5), 10, "placing at 1/2: 10 boots (99.9%%)");
	is_int(flake_place_boots(0.25), 25, "placing at 1/4: 25 boots");
	ok(flake_caught(0.5, 5) > 0.95 && flake_caught(0.5, 4) < 0.95,
	   "5 boots catch a 1/2 flake at 95%%, 4 do not");
	near(flake_caught(0.5, 5), 1 - 1.0 / 32, "caught: 1 - (1 - P)^n");
	near(flake_caught(0, 5), 0, "caught: a rate of 0 never shows");
	is_int(boots_to_rule_out(0.1, 0.95), 29, "a 10%% flake: 29 boots at 95%%");
	is_int(flake_parent_boots(10, 10, 0.5), 3, "against 10 of 10 failing: 3 passes");
	is_int(flake_parent_boots(1, 2, 0.5), 10, "against 1 of 2: the placing count");
	is_int(flake_parent_boots(3, 6, 0.25), 10, "against 3 of 6 at 1/4: p = 1/2, 10");
	is_int(flake_parent_boots(1, 20, 0.25), 25, "a rare failure: at most the placing count");
	return done_testing();
}
