// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-known.c - what the HTML report shows of repeated boots and
 * known failures: the known failures of each configuration under the
 * verdicts, and a cell's boots, its flaky or confirmed marker and the
 * known failures it met (report-html-common.h). The figures are
 * verdict.c's and the database's; nothing is judged here.
 */
#include <string.h>

#include "judge/known.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-confidence.h"
#include "report/report-html-common.h"

/* One known failure: the configuration, the line, the commit that fixed it. */
static void html_known_item(struct report_out *r, size_t cfg, const char *line)
{
	struct strbuf *o = &r->buf;
	int fixed = known_fixed_at(&r->m->verdicts[cfg], line);
	const struct commit *c = fixed >= 0 ? report_commit_at(r->m, fixed) : NULL;

	strbuf_addstr(o, "<li class=\"known\" data-config=\"");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "\"><b>");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addstr(o, "</b>: <code>");
	html_escape(o, line);
	strbuf_addstr(o, "</code>");
	if (fixed >= 0) {
		strbuf_addf(o, " (fixed by <a href=\"#commit-%d\" title=\"", fixed);
		html_escape(o, c ? c->subject : "");
		strbuf_addf(o, "\">%d/%d</a>)", fixed, r->m->last_position);
	}
	strbuf_addstr(o, "</li>\n");
}

void html_known(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	size_t i, k, n = 0;

	for (i = 0; i < r->m->nconfigs; i++)
		n += r->m->verdicts[i].known.n;
	if (!n)
		return;
	strbuf_addstr(o, "<h3>Known failures (at the base, not counted)</h3>\n<p>What the"
		      " base already fails, the same way at every commit that meets it: a"
		      " commit is not counted bad for them.</p>\n<ul class=\"known\">\n");
	for (i = 0; i < r->m->nconfigs; i++)
		for (k = 0; k < r->m->verdicts[i].known.n; k++)
			html_known_item(r, i, r->m->verdicts[i].known.lines[k]);
	strbuf_addstr(o, "</ul>\n");
}

/* What the marker of a cell's boots means. */
static const char *marker_title(const char *marker)
{
	if (!strcmp(marker, "flaky"))
		return "some of its boots failed, the others passed";
	if (!strcmp(marker, "inherited"))
		return "its parent fails the same way: not this commit's failure";
	if (!strcmp(marker, "deterministic"))
		return "every boot failed, its parent passed every boot";
	return "";
}

void html_cell_marks(struct report_out *r, const struct cell *cell)
{
	struct strbuf *o = &r->buf, boots = STRBUF_INIT;
	struct known_set known = { 0 };
	const char *marker;
	size_t i;

	if (cell_boots(cell, &boots, &marker)) {
		strbuf_addf(o, "<span class=\"tag boots\" title=\"failed %d of %d boots\">",
			    cell->failed_tries, cell->tries);
		html_escape(o, boots.buf);
		strbuf_addstr(o, "</span>");
	}
	if (marker) {
		strbuf_addstr(o, "<span class=\"tag ");
		html_escape(o, marker);
		strbuf_addstr(o, "\" title=\"");
		html_escape(o, marker_title(marker));
		strbuf_addstr(o, "\">");
		html_escape(o, marker);
		strbuf_addstr(o, "</span>");
	}
	known_set_add_text(&known, cell->known);
	if (known.n) {
		strbuf_addstr(o, "<span class=\"tag known\" title=\"known failures met, not"
			      " counted: ");
		for (i = 0; i < known.n; i++) {
			strbuf_addstr(o, i ? "; " : "");
			html_escape(o, known.lines[i]);
		}
		strbuf_addstr(o, "\">known</span>");
	}
	known_set_free(&known);
	strbuf_release(&boots);
}

void html_cell_boots_known(struct report_out *r, const struct cell *cell)
{
	struct strbuf *o = &r->buf;
	struct known_set known = { 0 };
	size_t i;

	if (cell->tries > 1) {
		strbuf_addf(o, "<p><b>Boots:</b> %d of %d failed", cell->failed_tries,
			    cell->tries);
		if (cell->confirmed) {
			strbuf_addstr(o, "; confirmed ");
			html_escape(o, cell->confirmed);
		}
		strbuf_addstr(o, ".</p>");
	}
	known_set_add_text(&known, cell->known);
	for (i = 0; i < known.n; i++) {
		if (!i)
			strbuf_addstr(o, "<p><b>Known failures met</b> (the base's, not"
				      " counted):</p><ul class=\"known\">");
		strbuf_addstr(o, "<li><code>");
		html_escape(o, known.lines[i]);
		strbuf_addstr(o, "</code></li>");
	}
	if (known.n)
		strbuf_addstr(o, "</ul>");
	known_set_free(&known);
}

/* Some result of the run had several boots or met known failures. */
static int any_boots_or_known(const struct report_model *m)
{
	size_t i, j;

	for (i = 0; i < m->ncommits; i++)
		for (j = 0; j < m->nconfigs * NR_STAGES; j++)
			if (m->commits[i].cells[j].tries > 1 || m->commits[i].cells[j].known)
				return 1;
	return 0;
}

void html_matrix_legend_more(struct report_out *r)
{
	if (!any_boots_or_known(r->m))
		return;
	strbuf_addstr(&r->buf, "<p class=\"note\"><span class=\"tag\">2/3</span>: of the"
		      " boots behind a result, those that failed (its status is the worst of"
		      " them); <span class=\"tag\">flaky</span>: some failed, some passed;"
		      " <span class=\"tag\">deterministic</span>, <span class=\"tag\">"
		      "inherited</span>: what booting a failure and its parent again found;"
		      " <span class=\"tag\">known</span>: it met failures its base has too,"
		      " which are not counted against it (the cell opens to them).</p>\n");
}
