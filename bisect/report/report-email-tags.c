// SPDX-License-Identifier: GPL-2.0
/*
 * report-email-tags.c - the trailers to copy and regzbot's line (see
 * report-email-tags.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "input/series-mail.h"
#include "judge/verdict.h"
#include "report/report-email-headers.h"
#include "report/report-email-tags.h"
#include "report/report-email-text.h"

#define LORE	"https://lore.kernel.org/r/"

void email_tags(struct report_out *r, long cfg)
{
	struct strbuf *o = &r->buf, id = STRBUF_INIT;
	struct series_mail sm;
	int threaded;

	if (cfg < 0)
		return;
	threaded = email_thread(r->m, &sm);
	strbuf_addstr(o, "If you fix it in a patch of its own (not in a new version of this one),"
		      "\nplease add these tags to it:\n| Reported-by: ");
	mail_text(o, email_from(), 500);
	strbuf_addstr(o, "\n");
	if (threaded) {
		/* The link of this mail once it is on the list: lore.kernel.org/r/<id>/ */
		email_message_id(&id, r->m);
		strbuf_addf(o, "| Closes: " LORE "%.*s/\n", (int)id.len - 2, id.buf + 1);
	}
	strbuf_addstr(o, "\n");
	strbuf_release(&id);
	series_mail_free(&sm);
}

/* The first bad commit of v, when what broke there stays broken to the tip. */
static int broken_to_tip(const struct verdict *v)
{
	size_t k;

	if (!v->bad || v->base_bad)
		return 0;
	for (k = 0; k < v->nholes; k++)
		if (v->holes[k].from <= v->position && v->position <= v->holes[k].to)
			return 0;
	return 1;
}

/* A commit's sha as regzbot takes it: hex digits only, its first 12. */
static int regzbot_sha(const char *sha)
{
	size_t i;

	for (i = 0; sha && i < 12; i++)
		if (!isxdigit((unsigned char)sha[i]))
			return 0;
	return sha != NULL;
}

void email_regzbot(struct report_out *r)
{
	const struct report_model *m = r->m;
	const struct commit *best = NULL, *c;
	size_t cfg, i;

	for (cfg = 0; cfg < m->nconfigs; cfg++) {
		c = broken_to_tip(&m->verdicts[cfg]) ?
			report_commit_at(m, m->verdicts[cfg].position) : NULL;
		if (c && regzbot_sha(c->sha) && (!best || c->position < best->position))
			best = c;
		for (i = 0; i < m->perf[cfg].nmoves; i++) {
			if (m->perf[cfg].moves[i].noisy)
				continue;
			c = &m->commits[m->perf[cfg].moves[i].commit];
			if (regzbot_sha(c->sha) && (!best || c->position < best->position))
				best = c;
		}
	}
	if (!best)
		return;
	strbuf_addstr(&r->buf, "For regzbot, the Linux kernel's regression tracker (the first"
		      " commit that\nregressed against the base):\n\n");
	strbuf_addf(&r->buf, "#regzbot introduced: %.12s\n\n", best->sha);
}
