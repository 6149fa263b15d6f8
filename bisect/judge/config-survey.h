/* SPDX-License-Identifier: GPL-2.0 */
/*
 * config-survey.h - what 'bisectable configs' finds over a range of commits
 * without building anything: the Kconfig symbols guarding each commit's
 * changed lines (guards.h) and their totals over the range, the derived
 * configurations (config-derive.h), and the coverage the derivation
 * promises from the guards alone.
 */
#ifndef BISECT_CONFIG_SURVEY_H
#define BISECT_CONFIG_SURVEY_H

#include <stddef.h>

#include "kconfig/config-derive-series.h"
#include "lib/util.h"

/* Over the range: lines and commits per symbol. */
struct symbol_total {
	char *symbol;
	size_t lines, commits;
	unsigned seen_in;	/* the last commit (1-based) that counted it */
};

struct config_survey {
	struct derive_series ds;
	size_t nfixed;			/* the given configurations, first in ds.result */
	struct symbol_total *totals;	/* most commits first, then most lines, then by name */
	size_t ntotals, alloc;
	size_t changed, unguarded;	/* changed lines over the range, those guarded by none */
	/*
	 * With a derivation, the changed lines compiled at the tip's Kconfig
	 * (guards only) by the given configurations and by all of them;
	 * estimated is 0 if git failed on a commit.
	 */
	int estimated;
	size_t estimate_changed, estimate_given, estimate_all;
};

/*
 * Survey the commits shas of git_dir with the configurations with
 * (comma-separated names of configs/NAME.config) given, derived ones added
 * if derive. Returns 0, or -1 if the guards or the derivation failed (an
 * error was printed): out holds what was found until then.
 */
int config_survey(const char *git_dir, const struct argv_array *shas, const char *with,
		  int derive, struct config_survey *out);
void config_survey_release(struct config_survey *s);

#endif
