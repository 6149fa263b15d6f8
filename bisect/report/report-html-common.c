// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-common.c - what every part of the HTML report writes alike:
 * a commit's sha, a reference to a commit.
 */
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-html-common.h"

int html_sha(struct strbuf *o, const char *before, const char *sha)
{
	char buf[13];

	if (!short_sha(sha, buf))
		return 0;
	strbuf_addf(o, "%s<code title=\"", before);
	html_escape(o, sha);
	strbuf_addstr(o, "\">");
	html_escape(o, buf);
	strbuf_addstr(o, "</code>");
	return 1;
}

void html_commit_ref(struct report_out *r, const char *sha, int position,
			    const char *subject)
{
	struct strbuf *o = &r->buf;
	char buf[13];

	strbuf_addf(o, "%d/%d ", position, r->m->last_position);
	if (short_sha(sha, buf)) {
		strbuf_addstr(o, "<code>");
		html_escape(o, buf);
		strbuf_addstr(o, "</code> ");
	}
	html_escape(o, subject);
}
