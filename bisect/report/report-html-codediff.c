// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-codediff.c - the machine code in the HTML report
 * (report-html-common.h): each build cell says whether the commit's image
 * is identical to its parent's, its code identical (and what was
 * normalised), or changed, the symbols that changed folded under it; a
 * commit whose message claims no change and whose code changed is tagged.
 */
#include "judge/codediff-text.h"
#include "lib/escape.h"
#include "report/report-html-common.h"

static const char *short_kind(enum codediff_kind kind)
{
	switch (kind) {
	case CODEDIFF_IDENTICAL:
		return "same image";
	case CODEDIFF_CODE_IDENTICAL:
		return "same code";
	default:
		return "code changed";
	}
}

void html_codediff_cell(struct report_out *r, int position, const char *config)
{
	const struct codediff *d = codediff_run_cell(&r->m->codediff, position, config);
	struct strbuf *o = &r->buf, text = STRBUF_INIT;
	size_t i;

	if (!d || d->kind == CODEDIFF_UNKNOWN)
		return;
	codediff_describe(d, &text);
	strbuf_addstr(o, "<details class=\"codediff\"><summary><span class=\"tag\" title=\"");
	html_escape(o, text.buf);
	strbuf_addf(o, "\">%s</span></summary><div class=\"detail\"><p>", short_kind(d->kind));
	html_escape(o, text.buf);
	strbuf_addstr(o, "</p>");
	if (d->nsymbols) {
		strbuf_addstr(o, "<table><tr><th>symbol</th><th>old</th><th>new</th>"
			      "<th>delta</th></tr>");
		for (i = 0; i < d->nsymbols; i++) {
			const struct codediff_symbol *s = &d->symbols[i];
			long long delta = (s->new_size < 0 ? 0 : s->new_size) -
					  (s->old_size < 0 ? 0 : s->old_size);

			strbuf_addstr(o, "<tr><td><code>");
			html_escape(o, s->name);
			strbuf_addstr(o, "</code></td>");
			if (s->old_size < 0)
				strbuf_addstr(o, "<td class=\"num\">-</td>");
			else
				strbuf_addf(o, "<td class=\"num\">%lld</td>", s->old_size);
			if (s->new_size < 0)
				strbuf_addstr(o, "<td class=\"num\">-</td>");
			else
				strbuf_addf(o, "<td class=\"num\">%lld</td>", s->new_size);
			strbuf_addf(o, "<td class=\"num\">%+lld</td></tr>", delta);
		}
		strbuf_addstr(o, "</table>");
	}
	strbuf_addstr(o, "</div></details>");
	strbuf_release(&text);
}

void html_codediff_commit(struct report_out *r, int position)
{
	const struct codediff_finding *f = codediff_run_finding(&r->m->codediff, position);
	struct strbuf text = STRBUF_INIT;

	if (!f)
		return;
	codediff_finding_describe(f, r->m->codediff.ncommits, &text);
	strbuf_addstr(&r->buf, " <span class=\"tag claim\" title=\"");
	html_escape(&r->buf, text.buf);
	strbuf_addstr(&r->buf, "\">no-change claim broken</span>");
	strbuf_release(&text);
}
