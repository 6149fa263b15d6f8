/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-kcidb-codediff.h - a KCIDB test per build that has a codediff
 * (judge/codediff-run.h): its machine code against its parent's.
 */
#ifndef BISECT_REPORT_KCIDB_CODEDIFF_H
#define BISECT_REPORT_KCIDB_CODEDIFF_H

#include <jansson.h>

#include "report/report-model.h"

/*
 * Append to tests the test "codediff" of commit c in configuration cfg
 * under build_id, when that cell is classified: PASS, or FAIL when the
 * commit claims no change and its code changed ("no-change claim broken").
 */
void kcidb_codediff_test(const struct report_model *m, const struct commit *c, size_t cfg,
			 const char *build_id, json_t *tests);

#endif
