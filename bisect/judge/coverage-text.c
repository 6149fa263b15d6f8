// SPDX-License-Identifier: GPL-2.0
/*
 * coverage-text.c - the coverage figures of a verdict (coverage-text.h).
 */
#include <string.h>

#include "judge/coverage-text.h"

size_t coverage_uncompiled(const struct coverage *cov)
{
	return cov->changed - cov->compiled + cov->unjudged;
}

size_t coverage_total(const struct coverage *cov)
{
	return cov->changed + cov->unjudged;
}

static long config_index(const struct coverage *cov, const char *config)
{
	size_t i;

	if (!cov->recorded || !config)
		return -1;
	for (i = 0; i < cov->nconfigs; i++)
		if (!strcmp(cov->configs[i], config))
			return i;
	return -1;
}

long coverage_config_compiled(const struct coverage *cov, const char *config)
{
	long i = config_index(cov, config);

	return i < 0 ? -1 : (long)cov->compiled_by[i];
}

int coverage_config_figure(const struct coverage *cov, const char *config, struct strbuf *out)
{
	long compiled = coverage_config_compiled(cov, config);
	size_t total = coverage_total(cov);

	if (compiled < 0 || !total)
		return -1;
	strbuf_addf(out, "%ld of %zu changed line%s compiled", compiled, total,
		    total == 1 ? "" : "s");
	return 0;
}

enum coverage_answer coverage_answer(const struct coverage *cov)
{
	if (!cov->recorded || !coverage_total(cov))
		return COVERAGE_UNKNOWN;
	return coverage_uncompiled(cov) ? COVERAGE_PARTIAL : COVERAGE_FULL;
}

static void config_list(const struct coverage *cov, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < cov->nconfigs; i++)
		strbuf_addf(out, "%s%s", i ? "," : "", cov->configs[i]);
}

/* "184 changed lines never built, 3 undecided (complex conditions)" */
static void missing_lines(const struct coverage *cov, struct strbuf *out)
{
	size_t never = cov->never + cov->unjudged;

	if (never)
		strbuf_addf(out, "%zu changed line%s never built", never, never == 1 ? "" : "s");
	if (cov->undecided)
		strbuf_addf(out, "%s%zu undecided (complex conditions)", never ? ", " : "",
			    cov->undecided);
}

void coverage_series_text(const struct coverage *cov, int bisectable, struct strbuf *out)
{
	enum coverage_answer a = coverage_answer(cov);
	size_t total = coverage_total(cov);

	if (a == COVERAGE_UNKNOWN) {
		strbuf_addstr(out, cov->recorded ? "series: no changed line of C or Makefiles"
			      : "series: coverage not known (see 'bisectable coverage')");
		return;
	}
	if (a == COVERAGE_FULL) {
		strbuf_addf(out, "series: %sall %zu changed line%s compiled by ",
			    bisectable ? "bisectable: " : "", total, total == 1 ? "" : "s");
		config_list(cov, out);
		return;
	}
	if (bisectable) {
		strbuf_addstr(out, "series: bisectable where compiled: ");
		missing_lines(cov, out);
		strbuf_addf(out, " (%zu of %zu compiled by ", cov->compiled, total);
		config_list(cov, out);
		strbuf_addstr(out, "; see 'bisectable coverage')");
		return;
	}
	strbuf_addf(out, "series: %zu of %zu changed lines compiled by ", cov->compiled, total);
	config_list(cov, out);
	strbuf_addstr(out, "; ");
	missing_lines(cov, out);
	strbuf_addstr(out, " (see 'bisectable coverage')");
}

void coverage_line_hint(const struct coverage_line *l, struct strbuf *out)
{
	if (l->arch)
		strbuf_addf(out, "--arch %s", l->arch);
	else
		strbuf_addstr(out, "--configs auto");
}

double coverage_share(const struct coverage *cov)
{
	size_t total = coverage_total(cov);

	return total ? (double)cov->compiled / total : 1.0;
}

void coverage_summary(const struct coverage *cov, struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "%zu of %zu changed line%s compiled by at least one configuration (",
		    cov->compiled, cov->changed, cov->changed == 1 ? "" : "s");
	for (i = 0; i < cov->nconfigs; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", cov->configs[i]);
	strbuf_addstr(out, ")");
}
