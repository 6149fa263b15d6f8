// SPDX-License-Identifier: GPL-2.0
/*
 * report-html-common.c - what every part of the HTML report writes alike:
 * a reference to a commit.
 */
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-html-common.h"

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
