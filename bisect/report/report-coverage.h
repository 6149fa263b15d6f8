/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-coverage.h - how much of the series' changed lines a verdict
 * covers, in the words every output uses: the figures and sentences are
 * judge/coverage-text.h's, as 'bisectable first-bad' prints them; the
 * report words nothing again. Nothing of it for a run whose coverage is not
 * known, or for a partial one (run --only: a comparison, never a verdict).
 */
#ifndef BISECT_REPORT_COVERAGE_H
#define BISECT_REPORT_COVERAGE_H

#include "report/report-model.h"

/* Whether the model's coverage may qualify its verdicts (known, a whole run). */
int report_coverage_known(const struct report_model *m);

/* Every configuration's verdict is bisectable (0 without configurations). */
int report_series_bisectable(const struct report_model *m);

/*
 * Configuration cfg's figure, "4 of 6 changed lines compiled"
 * (coverage_config_figure). Returns 0, or -1 with nothing added.
 */
int report_config_coverage(const struct report_model *m, size_t cfg, struct strbuf *out);

/*
 * The series line (coverage_series_text), e.g. "series: bisectable where
 * compiled: 2 changed lines never built (4 of 6 compiled by up,smp; see
 * 'bisectable coverage')". Returns 0, or -1 with nothing added.
 */
int report_series_coverage(const struct report_model *m, struct strbuf *out);

/*
 * The series' answer: "bisectable where compiled" when every configuration
 * is bisectable and some changed line was never compiled (COVERAGE_PARTIAL),
 * "bisectable" when every configuration is bisectable otherwise, NULL when
 * some configuration is not or the run is partial.
 */
const char *report_series_answer(const struct report_model *m);

#endif
