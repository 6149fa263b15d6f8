/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-confidence.h - how sure a first bad commit is, and the known
 * failures of a configuration, in the words every output uses. The
 * figures are verdict.c's (judge/confidence.h is the model): the report
 * words them and judges nothing again.
 */
#ifndef BISECT_REPORT_CONFIDENCE_H
#define BISECT_REPORT_CONFIDENCE_H

#include "report/report-model.h"

/*
 * The first bad result of configuration cfg (NULL: none, or the base is
 * bad): the cell the verdict is about.
 */
const struct cell *first_bad_cell(const struct report_model *m, size_t cfg);

/*
 * The boots behind the first bad result of cfg at boot or test, in
 * verdict_boots_text()'s words (first-bad's):
 *   failed 2 of 3 boots (flaky), parent passed 3 of 3; confidence 94%
 * Returns 0 and adds nothing when there is no such verdict: none, the base
 * is bad, or the first bad is at apply or build (confidence 100%).
 */
int confidence_text(const struct report_model *m, size_t cfg, struct strbuf *out);

/* The position of the first commit that no longer met known failure line of v, or -1. */
int known_fixed_at(const struct verdict *v, const char *line);

/*
 * The failed boots of a result that had more than one: "2/3", and its
 * marker: the confirmed kind, else "flaky" for some but not all failing,
 * else NULL. Returns 0 (nothing added) for a result of one boot.
 */
int cell_boots(const struct cell *cell, struct strbuf *out, const char **marker);

#endif
