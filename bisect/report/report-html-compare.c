// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-compare.c - the HTML report's base -> tip section (the
 * model's comparison, compare.h: each configuration's sizes and figures at
 * both ends), and the banner of a partial run (run --only), which is a
 * comparison and never a bisectability verdict.
 */
#include <string.h>

#include "judge/compare.h"
#include "judge/partial.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-html-common.h"

void html_partial(struct report_out *r)
{
	struct strbuf line = STRBUF_INIT;

	if (!r->m->partial)
		return;
	partial_header(r->m->partial, &line);
	/* Without its newline. */
	line.buf[--line.len] = '\0';
	strbuf_addstr(&r->buf, "<section id=\"partial\">\n<p class=\"partial\"><strong>");
	html_escape(&r->buf, line.buf);
	strbuf_addstr(&r->buf, "</strong>: the verdicts below count the positions not"
		      " verified as missing.</p>\n</section>\n");
	strbuf_release(&line);
}

void html_compare(struct report_out *r)
{
	const struct comparison *c = &r->m->compare;
	struct strbuf line = STRBUF_INIT;
	size_t i, j, figures = 0;

	for (i = 0; i < c->n; i++)
		figures += c->configs[i].n;
	if (!figures)
		return;
	strbuf_addf(&r->buf, "<section id=\"compare\">\n<h2>Base &rarr; tip</h2>\n<p>Position %d"
		    " against position %d (<code>bisectable compare</code>).</p>\n<pre>",
		    c->from, c->to);
	for (i = 0; i < c->n; i++) {
		for (j = 0; j < c->configs[i].n; j++) {
			strbuf_reset(&line);
			compare_line(&line, c->configs[i].config, &c->configs[i].figures[j]);
			html_escape(&r->buf, line.buf);
		}
	}
	strbuf_addstr(&r->buf, "</pre>\n</section>\n");
	strbuf_release(&line);
}
