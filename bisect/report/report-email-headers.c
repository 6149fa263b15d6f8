// SPDX-License-Identifier: GPL-2.0
/*
 * report-email-headers.c - the e-mail's headers: From, Date, Message-ID,
 * a Subject that says what broke (and how many regressions), and the
 * thread of the first bad patch's mail (see report-email-headers.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/series.h"
#include "lib/util.h"
#include "report/report-email-headers.h"
#include "report/report-email-text.h"

#define REFS_MAX	20	/* message ids kept in References */
/* RFC 5322 2.1.1: a line SHOULD be at most 78 characters, MUST be at most 998. */
#define FOLD_AT		78
#define LINE_MUST	998

/*
 * "Name: <id> <id>...\n", within RFC 5322's limits: a header that fits one
 * line of LINE_MUST stays one line (as it always was); a longer one is
 * folded (a line break and a space) between two ids, before column FOLD_AT
 * where an id allows (a msg-id holds no whitespace, so it cannot be folded
 * inside). An id too long for a line of its own is no id a mailer keeps:
 * dropped. Nothing when no id is left.
 */
static void ids_header(struct strbuf *o, const char *name, const char *ids)
{
	size_t col = strlen(name) + 1, start = o->len, len;
	size_t fold_at = ids && col + 1 + strlen(ids) > LINE_MUST ? FOLD_AT : LINE_MUST;
	const char *p = ids;
	int n = 0;

	strbuf_addf(o, "%s:", name);
	while (p && *p) {
		len = strcspn(p, " ");
		if (len && 1 + len <= LINE_MUST) {
			if (col + 1 + len > (n ? fold_at : LINE_MUST)) {
				strbuf_addstr(o, "\n");
				col = 0;
			}
			strbuf_addf(o, " %.*s", (int)len, p);
			col += 1 + len;
			n++;
		}
		p += len;
		p += strspn(p, " ");
	}
	if (n)
		strbuf_addstr(o, "\n");
	else
		o->buf[o->len = start] = '\0';
}

/* The In-Reply-To and References of a reply to c, when its mail had ids. */
static void thread_headers(struct strbuf *o, const struct commit *c, int to_parent)
{
	char *id = c ? mail_msg_ids(c->message_id, 1) : NULL;
	char *refs = c ? mail_msg_ids(c->references, REFS_MAX) : NULL;
	char *all, *parent;

	if (to_parent) {
		/* Not about this patch: a reply to what it replies to (the cover letter). */
		parent = refs ? strrchr(refs, '<') : NULL;
		ids_header(o, "In-Reply-To", parent ? parent : id);
		ids_header(o, "References", refs ? refs : id);
	} else if (id) {
		all = xasprintf("%s%s%s", refs ? refs : "", refs ? " " : "", id);
		free(refs);
		refs = mail_msg_ids(all, REFS_MAX);
		free(all);
		ids_header(o, "In-Reply-To", id);
		ids_header(o, "References", refs);
	}
	free(id);
	free(refs);
}

static const char *mail_from;

void report_email_set_from(const char *from)
{
	mail_from = from;
}

/* A stored "YYYY-MM-DDTHH:MM:SSZ" as seconds since the epoch; 0: none or not one. */
static time_t utc_time(const char *iso)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	if (!iso || sscanf(iso, "%4d-%2d-%2dT%2d:%2d:%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
			   &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 6)
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return timegm(&tm);
}

/*
 * From:, Date: (RFC 5322 3.3, of the run's end, or now while it runs) and a
 * Message-ID made of the run: <bisectable.run-ID.TIME@host>, the same for
 * every rendering of the same run. Header text is one line, of at most 998.
 */
static void origin_headers(struct strbuf *o, const struct report_model *m)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t end = utc_time(m->run.ended_at), id_time = end ? end : utc_time(m->run.started_at);
	const char *host = m->run.host;
	struct tm tm;
	size_t i;

	strbuf_addstr(o, "From: ");
	mail_text(o, mail_from ? mail_from : "bisectable <bisectable@localhost>", 500);
	if (!end)
		end = time(NULL);
	gmtime_r(&end, &tm);
	strbuf_addf(o, "\nDate: %s, %d %s %04d %02d:%02d:%02d +0000\n", days[tm.tm_wday],
		    tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
	strbuf_addf(o, "Message-ID: <bisectable.run-%lld.%lld@", m->run.id,
		    (long long)(id_time ? id_time : end));
	/* The host as a dot-atom: a '.' only after a letter or digit, else '-'. */
	if (!host || !isalnum((unsigned char)*host))
		host = "localhost";
	for (i = 0; host[i] && i < 200; i++)
		strbuf_addf(o, "%c", isalnum((unsigned char)host[i]) ||
			     (host[i] == '.' && host[i + 1] && isalnum((unsigned char)host[i - 1])) ?
			     host[i] : '-');
	strbuf_addstr(o, ">\n");
}

/* The performance regressions of every configuration (noisy moves are none). */
size_t email_count_regressions(const struct report_model *m)
{
	size_t cfg, n = 0;

	for (cfg = 0; cfg < m->nconfigs; cfg++)
		n += m->perf[cfg].nregressions;
	return n;
}

void email_headers(struct report_out *r, long cfg)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	const char *slash;
	size_t i;
	int bisectable = m->nconfigs > 0, base_bad = 0;

	strbuf_addstr(o, "Subject: ");
	if (cfg >= 0) {
		strbuf_addstr(o, "Re: ");
		patch_name(o, m, m->verdicts[cfg].position);
	} else {
		slash = m->run.series ? strrchr(m->run.series, '/') : NULL;
		strbuf_addstr(o, "bisectable: ");
		mail_text(o, slash && slash[1] ? slash + 1 : m->run.series, 200);
		for (i = 0; i < m->nconfigs; i++) {
			bisectable &= m->verdicts[i].bisectable;
			base_bad |= m->verdicts[i].base_bad;
		}
		strbuf_addstr(o, base_bad ? ": the base itself is bad (" :
			      bisectable ? ": every commit passes (" : ": incomplete (");
		for (i = 0; i < m->nconfigs; i++) {
			strbuf_addstr(o, i ? ", " : "");
			mail_text(o, m->configs[i], 100);
		}
		strbuf_addstr(o, ")");
		/* "every commit passes" must not read as "nothing to see". */
		if (email_count_regressions(m))
			strbuf_addf(o, ", %zu performance regression%s", email_count_regressions(m),
				    email_count_regressions(m) == 1 ? "" : "s");
	}
	strbuf_addstr(o, "\n");
	if (cfg >= 0)
		thread_headers(o, report_commit_at(m, m->verdicts[cfg].position), 0);
	else
		thread_headers(o, report_commit_at(m, 1), 1);
	origin_headers(o, m);
	strbuf_addf(o, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
		    "Content-Transfer-Encoding: 8bit\nX-Bisectable-Run: %lld\n\n", m->run.id);
}
