// SPDX-License-Identifier: GPL-2.0
/*
 * report-coverage.c - the coverage of a report's verdicts in judge/
 * coverage-text.h's words (report-coverage.h).
 */
#include "judge/coverage-text.h"
#include "report/report-coverage.h"

int report_coverage_known(const struct report_model *m)
{
	return m->coverage.recorded && !m->partial;
}

int report_series_bisectable(const struct report_model *m)
{
	size_t i;

	for (i = 0; i < m->nconfigs; i++)
		if (!m->verdicts[i].bisectable)
			return 0;
	return m->nconfigs > 0;
}

int report_config_coverage(const struct report_model *m, size_t cfg, struct strbuf *out)
{
	if (!report_coverage_known(m) || cfg >= m->nconfigs)
		return -1;
	return coverage_config_figure(&m->coverage, m->configs[cfg], out);
}

int report_series_coverage(const struct report_model *m, struct strbuf *out)
{
	if (!report_coverage_known(m))
		return -1;
	coverage_series_text(&m->coverage, report_series_bisectable(m), out);
	return 0;
}

const char *report_series_answer(const struct report_model *m)
{
	if (m->partial || !report_series_bisectable(m))
		return NULL;
	if (report_coverage_known(m) && coverage_answer(&m->coverage) == COVERAGE_PARTIAL)
		return "bisectable where compiled";
	return "bisectable";
}
