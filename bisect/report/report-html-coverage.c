// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-coverage.c - the coverage of the HTML report: the section of
 * the changed lines that no configuration compiled, by file (folded), then
 * commit and guard.
 */
#include <string.h>

#include "judge/coverage.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-html-common.h"

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

/* The missed lines of path at one commit: a row per guard. */
static void coverage_file_rows(struct report_out *r, const struct coverage_commit *cc,
			       const char *path)
{
	struct strbuf *o = &r->buf;
	size_t j, k;

	for (j = 0; j < cc->nmissed; j = k) {
		const struct coverage_line *l = &cc->missed[j];

		for (k = j + 1; k < cc->nmissed && cc->missed[k].undecided == l->undecided &&
		     !strcmp(cc->missed[k].guard, l->guard) &&
		     !strcmp(cc->missed[k].path, l->path); k++)
			;
		if (strcmp(l->path, path))
			continue;
		strbuf_addf(o, "<tr><td><a href=\"#commit-%d\">", cc->position);
		html_commit_ref(r, cc->sha, cc->position, "");
		strbuf_addf(o, "</a></td><td>%s<code>", l->undecided ? "undecided: " : "");
		html_escape(o, l->guard);
		strbuf_addstr(o, "</code></td><td>");
		for (; j < k; j++)
			strbuf_addf(o, "%s%s%zu", &cc->missed[j] != l ? " " : "",
				    cc->missed[j].sign == '+' ? "+" : "&minus;",
				    cc->missed[j].line);
		strbuf_addstr(o, "</td></tr>\n");
	}
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
		coverage_file_rows(r, &cov->commits[i], path);
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
