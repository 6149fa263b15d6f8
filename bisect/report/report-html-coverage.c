// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-coverage.c - the coverage of the HTML report, in the words of
 * judge/coverage-text.h (report-coverage.h): each bisectable verdict's
 * figure and the series line under the verdicts, each commit's lines never
 * compiled folded in its row of the matrix, and the section of the changed
 * lines that no configuration compiled, by file (folded), then commit and
 * guard.
 */
#include <string.h>

#include "judge/coverage.h"
#include "judge/coverage-text.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-coverage.h"
#include "report/report-html-common.h"

void html_verdict_coverage(struct report_out *r, size_t cfg)
{
	struct strbuf figure = STRBUF_INIT;

	if (!report_config_coverage(r->m, cfg, &figure)) {
		strbuf_addstr(&r->buf, "; <span class=\"coverage\">");
		html_escape(&r->buf, figure.buf);
		strbuf_addstr(&r->buf, "</span>");
	}
	strbuf_release(&figure);
}

void html_series_coverage(struct report_out *r)
{
	struct strbuf line = STRBUF_INIT;
	const char *answer = report_series_answer(r->m);

	if (!report_series_coverage(r->m, &line)) {
		strbuf_addf(&r->buf, "<p class=\"series %s\" id=\"series\">",
			    !answer ? "bad" : strcmp(answer, "bisectable") ? "pending" : "ok");
		html_escape(&r->buf, line.buf);
		strbuf_addstr(&r->buf, " <a href=\"#coverage\">(the lines)</a></p>\n");
	}
	strbuf_release(&line);
}

/* The same file, guards and judgement: one group of missed lines. */
static int same_group(const struct coverage_line *a, const struct coverage_line *b)
{
	return a->undecided == b->undecided && !strcmp(a->guard, b->guard) &&
	       !strcmp(a->path, b->path);
}

/* The end of the group of missed line j of cc: the first line after it not in it. */
static size_t group_end(const struct coverage_commit *cc, size_t j)
{
	size_t k;

	for (k = j + 1; k < cc->nmissed && same_group(&cc->missed[j], &cc->missed[k]); k++)
		;
	return k;
}

/* "+10 +11 &minus;3": the lines l[0..n). */
static void html_line_numbers(struct strbuf *o, const struct coverage_line *l, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++)
		strbuf_addf(o, "%s%s%zu", j ? " " : "", l[j].sign == '+' ? "+" : "&minus;",
			    l[j].line);
}

/*
 * The rows of path's missed lines at one commit, a row per guard: in the
 * commit's own table (in_commit) the file, the guards not holding, the
 * lines and what would build them (coverage_line_hint); in the file's
 * table of the section the commit, the guards and the lines.
 */
static void group_rows(struct report_out *r, const struct coverage_commit *cc,
		       const char *path, int in_commit)
{
	struct strbuf *o = &r->buf, hint = STRBUF_INIT;
	size_t j, k;

	for (j = 0; j < cc->nmissed; j = k) {
		const struct coverage_line *l = &cc->missed[j];

		k = group_end(cc, j);
		if (strcmp(l->path, path))
			continue;
		if (in_commit) {
			strbuf_addstr(o, "<tr><td><code>");
			html_escape(o, l->path);
			strbuf_addstr(o, "</code>");
		} else {
			strbuf_addf(o, "<tr><td><a href=\"#commit-%d\">", cc->position);
			html_commit_ref(r, cc->sha, cc->position, "");
			strbuf_addstr(o, "</a>");
		}
		strbuf_addf(o, "</td><td>%s<code>", l->undecided ? "undecided: " : "");
		html_escape(o, l->guard);
		strbuf_addstr(o, "</code></td><td>");
		html_line_numbers(o, l, k - j);
		if (in_commit) {
			strbuf_reset(&hint);
			coverage_line_hint(l, &hint);
			strbuf_addstr(o, "</td><td><code>bisectable run ");
			html_escape(o, hint.buf);
			strbuf_addstr(o, "</code>");
		}
		strbuf_addstr(o, "</td></tr>\n");
	}
	strbuf_release(&hint);
}

/* Whether missed line j of cc is the first of its file there. */
static int commit_file_first(const struct coverage_commit *cc, size_t j)
{
	size_t k;

	for (k = 0; k < j; k++)
		if (!strcmp(cc->missed[k].path, cc->missed[j].path))
			return 0;
	return 1;
}

static const struct coverage_commit *coverage_commit_at(const struct coverage *cov,
							int position)
{
	size_t i;

	for (i = 0; i < cov->ncommits; i++)
		if (cov->commits[i].position == position)
			return &cov->commits[i];
	return NULL;
}

void html_commit_coverage(struct report_out *r, int position)
{
	const struct coverage_commit *cc = coverage_commit_at(&r->m->coverage, position);
	struct strbuf *o = &r->buf;
	size_t j, undecided = 0;

	if (!r->m->coverage.recorded || !cc || (cc->judged && !cc->nmissed))
		return;
	for (j = 0; j < cc->nmissed; j++)
		undecided += cc->missed[j].undecided != 0;
	strbuf_addstr(o, "<details class=\"cov-commit\"><summary>");
	if (!cc->judged)
		strbuf_addf(o, "%zu changed line%s not judged (no build recorded)", cc->changed,
			    cc->changed == 1 ? "" : "s");
	else
		strbuf_addf(o, "%zu changed line%s never compiled", cc->nmissed - undecided,
			    cc->nmissed - undecided == 1 ? "" : "s");
	if (undecided)
		strbuf_addf(o, ", %zu undecided", undecided);
	strbuf_addstr(o, "</summary><div class=\"detail\">");
	if (cc->nmissed)
		strbuf_addstr(o, "<table class=\"coverage\"><tr><th>File</th><th>Guards not"
			      " holding</th><th>Lines</th><th>To build them</th></tr>\n");
	for (j = 0; j < cc->nmissed; j++)
		if (commit_file_first(cc, j))
			group_rows(r, cc, cc->missed[j].path, 1);
	if (cc->nmissed)
		strbuf_addstr(o, "</table>");
	strbuf_addstr(o, "</div></details>");
}

/* Whether the missed line j of commit ci is the first one of its file. */
static int coverage_file_first(const struct coverage *cov, size_t ci, size_t j)
{
	const char *path = cov->commits[ci].missed[j].path;
	size_t i, k;

	for (i = 0; i <= ci; i++)
		for (k = 0; k < (i == ci ? j : cov->commits[i].nmissed); k++)
			if (!strcmp(cov->commits[i].missed[k].path, path))
				return 0;
	return 1;
}

/* How many lines of path were never compiled, and undecided, from commit first on. */
static void coverage_file_count(const struct coverage *cov, size_t first, const char *path,
				size_t *never, size_t *undecided)
{
	size_t i, j;

	*never = *undecided = 0;
	for (i = first; i < cov->ncommits; i++)
		for (j = 0; j < cov->commits[i].nmissed; j++)
			if (!strcmp(cov->commits[i].missed[j].path, path))
				++*(cov->commits[i].missed[j].undecided ? undecided : never);
}

/*
 * One file's missed lines, folded: its summary tells how many lines were
 * never compiled or undecided, the rows (commit, guard, lines) open below.
 */
static void coverage_file(struct report_out *r, size_t first, const char *path)
{
	const struct coverage *cov = &r->m->coverage;
	struct strbuf *o = &r->buf;
	size_t i, never, undecided;

	coverage_file_count(cov, first, path, &never, &undecided);
	strbuf_addstr(o, "<details class=\"cov-file\"><summary><code>");
	html_escape(o, path);
	strbuf_addf(o, "</code>: %zu line%s never compiled", never, never == 1 ? "" : "s");
	if (undecided)
		strbuf_addf(o, ", %zu undecided", undecided);
	strbuf_addstr(o, "</summary>\n<div class=\"scroll\">\n<table class=\"coverage\">\n"
		      "<tr><th>Commit</th><th>Guards not holding</th><th>Lines</th></tr>\n");
	for (i = first; i < cov->ncommits; i++)
		group_rows(r, &cov->commits[i], path, 0);
	strbuf_addstr(o, "</table>\n</div>\n</details>\n");
}

/*
 * The changed lines that no configuration compiled, by file (folded), then
 * commit and guard: a typo there is one no build of the run would have
 * caught. It comes after the matrix: the totals are what a reader needs
 * first.
 */
void html_coverage(struct report_out *r)
{
	const struct coverage *cov = &r->m->coverage;
	struct strbuf *o = &r->buf, line = STRBUF_INIT;
	size_t i, j;

	if (!cov->recorded)
		return;
	coverage_summary(cov, &line);
	strbuf_addstr(o, "<section id=\"coverage\">\n<h2>Coverage</h2>\n<p>");
	html_escape(o, line.buf);
	strbuf_addstr(o, ":");
	for (i = 0; i < cov->nconfigs; i++) {
		strbuf_addstr(o, i ? ", " : " ");
		html_escape(o, cov->configs[i]);
		strbuf_addf(o, " %zu", cov->compiled_by[i]);
	}
	strbuf_addf(o, ". %zu never compiled, %zu undecided (complex conditions).</p>\n"
		    "<p class=\"note\">A changed line is compiled by a configuration when every"
		    " Kconfig symbol guarding it (#if, #ifdef, obj-$(CONFIG_...)) has a value"
		    " its .config gives it and, for C files, when some object of that build"
		    " depends on its file. Added lines (+) are judged at their commit, removed"
		    " ones (&minus;) at the parent. Kconfig lines are not compiled code and are"
		    " not counted (%zu here).</p>\n", cov->never, cov->undecided, cov->kconfig);
	strbuf_release(&line);
	for (i = 0; i < cov->ncommits; i++)
		for (j = 0; j < cov->commits[i].nmissed; j++)
			if (coverage_file_first(cov, i, j))
				coverage_file(r, i, cov->commits[i].missed[j].path);
	strbuf_addstr(o, "</section>\n");
}
