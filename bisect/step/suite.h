/* SPDX-License-Identifier: GPL-2.0 */
/*
 * suite.h - the guest's test suites, as guest/suites/NAME/suite declares
 * them (guest/suites/README): which tests a suite has and in which
 * profiles, how long one may take, and the unit, direction and noise floor
 * of the figures it reports. The driver knows no suite by name.
 */
#ifndef BISECT_SUITE_H
#define BISECT_SUITE_H

#include <stddef.h>

#define SUITE_PROFILE_QUICK	1u
#define SUITE_PROFILE_FULL	2u

struct suite_metric {
	char *name;
	char *unit;
	char *better;		/* "lower", "higher", or NULL: no direction */
	double noise_pct;	/* the declared noise floor */
	char *text;
};

struct suite_test {
	char *name;
	unsigned int profiles;	/* SUITE_PROFILE_* */
};

struct suite {
	char *name;
	char *describe;
	int timeout;		/* seconds per test; 0: the run's --test-timeout */
	char *build;		/* a host program run once per base tree, or NULL */
	/*
	 * Files of the suite's directory that go into the build's piece
	 * ("piece-file NAME"), not into the base image every boot loads.
	 */
	char **piece_files;
	size_t npiece_files;
	struct suite_test *tests;
	size_t ntests;
	struct suite_metric *metrics;
	size_t nmetrics;
	/*
	 * The architectures it runs on ("arch x86_64 riscv64 ...", repeatable;
	 * input/arch.h names). None declared: x86_64 only, as every suite was.
	 */
	char **arches;
	size_t narches;
};

struct suite_set {
	struct suite *suites;
	size_t n;
};

/*
 * Parse one declaration (the text of guest/suites/NAME/suite). Returns 0,
 * or -1 after printing "NAME:LINE: why" for each problem.
 */
int suite_parse(const char *name, const char *text, struct suite *s);
void suite_free(struct suite *s);
/* Whether s runs on architecture arch (its "arch" lines; none: x86_64 only). */
int suite_supports_arch(const struct suite *s, const char *arch);
/* Every suite of dir (guest/suites), sorted by name; 0 or -1 with a message. */
int suites_load(const char *dir, struct suite_set *set);
/* The project's suites (project_path("guest/suites")), loaded once, or die. */
const struct suite_set *suites_default(void);
void suites_free(struct suite_set *set);

/* Profile names: "quick", "full"; 0 for an unknown one. */
unsigned int suite_profile(const char *name);
const struct suite *suites_find(const struct suite_set *set, const char *name);
/* The suite and test of "SUITE.TEST", or NULL. */
const struct suite_test *suites_find_test(const struct suite_set *set, const char *full,
					  const struct suite **suite);
/* The declaration of a figure, by its name, in any suite; NULL if none. */
const struct suite_metric *suites_find_metric(const struct suite_set *set, const char *name);

#endif
