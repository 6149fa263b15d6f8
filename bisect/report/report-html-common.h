/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-html-common.h - what every part of the HTML report writes alike;
 * internal to the report.
 */
#ifndef BISECT_REPORT_HTML_COMMON_H
#define BISECT_REPORT_HTML_COMMON_H

#include "report/report-model.h"

/*
 * BEFORE and a commit's sha as <code> (its 12 hex shown, the whole sha its
 * title), escaped: 1; nothing and 0 when SHA is not one.
 */
int html_sha(struct strbuf *o, const char *before, const char *sha);

/* "3/11 <code>sha</code> subject", escaped. */
void html_commit_ref(struct report_out *r, const char *sha, int position,
		     const char *subject);

/*
 * The coverage section (report-html-coverage.c): its totals, then each file's
 * missed lines folded in a <details>. Nothing when none was recorded.
 */
void html_coverage(struct report_out *r);
/*
 * report-html-coverage.c too: "; 4 of 6 changed lines compiled" in the
 * verdict of configuration cfg, the series line under the verdicts, and in
 * a commit's row its lines never compiled, by file and guard, each group
 * with what would build it, folded; each nothing when coverage is not known.
 */
void html_verdict_coverage(struct report_out *r, size_t cfg);
void html_series_coverage(struct report_out *r);
void html_commit_coverage(struct report_out *r, int position);
/*
 * report-html-codediff.c: in a build cell, the commit's machine code against
 * its parent's in that configuration as a tag, its symbols on demand; in a
 * commit's row, the finding of a broken no-change claim. Nothing unknown.
 */
void html_codediff_cell(struct report_out *r, int position, const char *config);
void html_codediff_commit(struct report_out *r, int position);

/*
 * report-html-known.c: the known failures of every configuration (under
 * the verdicts; nothing without any), a cell's markers (its failed boots
 * "2/3" when it had more than one, flaky or what confirming found, known),
 * and in its details its boots and the known failures it met.
 */
void html_known(struct report_out *r);
void html_cell_marks(struct report_out *r, const struct cell *cell);
void html_cell_boots_known(struct report_out *r, const struct cell *cell);
/* What those markers mean, under the matrix's legend, when some cell has one. */
void html_matrix_legend_more(struct report_out *r);
/*
 * report-html-compare.c: the banner of a partial run (run --only; nothing
 * for a whole one), and the base -> tip section (nothing without figures).
 */
void html_partial(struct report_out *r);
void html_compare(struct report_out *r);

#endif
