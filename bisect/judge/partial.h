/* SPDX-License-Identifier: GPL-2.0 */
/*
 * partial.h - a run that verified some positions only (run --only): a
 * comparison of those commits, never a bisectability verdict. In words:
 *   partial run: positions 0,11 only; not a bisectability verdict
 *   up: 0/11 pass; 11/11 fails at test: evidence
 */
#ifndef BISECT_PARTIAL_H
#define BISECT_PARTIAL_H

#include <stddef.h>
#include <sqlite3.h>

#include "db/db-judge.h"
#include "judge/verdict.h"
#include "lib/util.h"

/*
 * The positions a run verified, comma-separated ("0,11"; allocated), if it
 * was partial (its options' "only", its tip at position commits), else NULL.
 */
char *partial_positions(const char *options, int commits);
/* "partial run: positions 0,11 only; not a bisectability verdict\n" */
void partial_header(const char *positions, struct strbuf *out);
/*
 * One configuration's line from its results (by position, as
 * db_result_cells_load gives them): each listed position passes, fails or
 * times out at its first bad stage, had an error, or was not verified.
 * Returns 1 if one is not a pass.
 */
int partial_config_text(const char *config, const struct db_result_cells *cells,
			const char *positions, int commits, struct strbuf *out);
/* The header and a line per configuration of rv; returns 0, or EXIT_BAD if one is not a pass. */
int partial_text(sqlite3 *db, const struct run_verdict *rv, const char *positions,
		 struct strbuf *out);

#endif
