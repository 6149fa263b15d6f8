/* SPDX-License-Identifier: GPL-2.0 */
/*
 * confidence.h - how sure a first bad verdict is, and what kind it is.
 *
 * The model. A commit that fails at boot or test failed k of its n boots;
 * its parent passed all m of its own. The verdict "this commit broke it"
 * is wrong if the parent is just as broken and its m passes were luck.
 * With p the commit's failure rate, a parent as broken passes all m boots
 * with probability (1 - p)^m (syzbot's argument for booting a revision
 * many times); the confidence is the rest:
 *
 *	confidence = 1 - (1 - p)^m,   p = (k + 1) / (n + 2)
 *
 * p is estimated from k of n with Laplace's rule of succession, so that
 * one failing boot is not taken for a failure rate of 1: 1 of 1 against 1
 * of 1 gives p = 2/3 and 67%; 3 of 3 against 3 of 3 (the default
 * --confirm 3) 99.2%; 3 of 6 against 6 of 6 (p = 1/2) 98.4%.
 *
 * Apply and build: git's and the compiler's verdicts repeat, 100%. A
 * parent that failed some boots too: the failure is inherited, the commit
 * is not the first bad one (0%). A commit with no parent result (the first
 * of a range verified without its base): only its own boots count, m = 0.
 *
 * The class: deterministic (k = n), flaky (0 < k < n), inherited (the
 * parent failed too); unconfirmed for a single boot, which tells neither.
 *
 * The soak (--flake-rate P, Documentation/confidence.md). A failure that
 * shows in a fraction P or more of a commit's boots passes n boots with
 * probability at most (1 - P)^n, so n passing boots rule it out at level L
 * once (1 - P)^n <= 1 - L:
 *
 *	n = ceil(ln(1 - L) / ln(1 - P))
 *
 * The tip and the base are booted until they have n boots at L = 98% (6
 * for P = 1/2, 14 for 1/4), or until one fails: above the 95% a default run promises,
 * and the flakes of a series often start before its tip, whose single
 * boots add to the odds. Placing a failure asks for more, L =
 * 99.9% (10 for P = 1/2), since it is paid only when something failed: a
 * failing commit is booted until one boot passes (flaky) or all of those
 * failed (deterministic); a commit after a flaky one until one fails or
 * all passed (a fix); a parent until one fails or it has the passes that
 * rule out, at 99.9%, the commit's own rate p = (k + 1) / (n + 2), at
 * least FLAKE_MIN_PARENT and at most the placing count.
 */
#ifndef BISECT_CONFIDENCE_H
#define BISECT_CONFIDENCE_H

/* The confidence in [0, 1] of k of n failing boots against a parent's m passes. */
double confidence_of(int k, int n, int parent_passes);

/* The confidence in whole percent: rounded, but 100 only when it is 1 (a build's). */
int confidence_percent(double confidence);

/* "deterministic", "flaky" or "inherited" for k of n, the parent failing some. */
const char *confidence_class(int k, int n, int parent_failed);

/* The levels of the soak and of placing a failure (see above). */
#define FLAKE_SOAK_LEVEL	0.98
#define FLAKE_PLACE_LEVEL	0.999
#define FLAKE_MIN_PARENT	3

/* The fewest boots whose passes rule out a failure rate of rate at level; 1 for rate 0. */
int boots_to_rule_out(double rate, double level);

/* The probability that a failure in rate of the boots or more shows in n boots. */
double flake_caught(double rate, int n);

/* Boots of the tip and of the base for --flake-rate rate (1: no soak). */
int flake_soak_boots(double rate);

/* Boots that place a failure for --flake-rate rate: a commit's most. */
int flake_place_boots(double rate);

/* The passes a parent needs against a commit that failed k of its n boots. */
int flake_parent_boots(int k, int n, double rate);

#endif
