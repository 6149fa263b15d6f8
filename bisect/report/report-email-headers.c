// SPDX-License-Identifier: GPL-2.0
/*
 * report-email-headers.c - the e-mail's headers: From, To and Cc (the
 * series' author and Cc list, or report --to/--cc), Date, Message-ID, a
 * Subject that says what broke (and how many regressions), and the thread
 * of the series' mails: under its cover letter, or its first patch (see
 * report-email-headers.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/series.h"
#include "input/series-mail.h"
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

static const char *mail_from, *mail_to, *mail_cc;

void report_email_set_from(const char *from)
{
	mail_from = from;
}

void report_email_set_addresses(const char *to, const char *cc)
{
	mail_to = to;
	mail_cc = cc;
}

const char *email_from(void)
{
	return mail_from ? mail_from : "bisectable <bisectable@localhost>";
}

int email_thread(const struct report_model *m, struct series_mail *sm)
{
	const struct commit *c;
	char *id, *refs;

	if (!series_mail_from_options(m->run.options, sm) && sm->thread)
		return 1;
	/* A run recorded before the "mail" member: its first patch's ids. */
	c = report_commit_at(m, 1);
	id = c ? mail_msg_ids(c->message_id, 1) : NULL;
	refs = c ? mail_msg_ids(c->references, 0) : NULL;
	series_mail_thread_of(sm, id, refs, m->last_position);
	free(id);
	free(refs);
	return sm->thread != NULL;
}

int email_mbox_has_cover(const struct report_model *m)
{
	struct series_mail sm;
	/* A subject is kept for a cover letter that was in the mbox only. */
	int cover = !series_mail_from_options(m->run.options, &sm) && sm.subject &&
		    m->run.series_kind && !strcmp(m->run.series_kind, "mbox");

	series_mail_free(&sm);
	return cover;
}

/* In-Reply-To the thread's mail, References its own, then it. */
static void thread_headers(struct strbuf *o, const struct series_mail *sm)
{
	char *all, *refs;

	if (!sm->thread)
		return;
	all = xasprintf("%s%s%s", sm->references ? sm->references : "",
			sm->references ? " " : "", sm->thread);
	refs = mail_msg_ids(all, REFS_MAX);
	ids_header(o, "In-Reply-To", sm->thread);
	ids_header(o, "References", refs);
	free(all);
	free(refs);
}

/*
 * "Name: a, b, ...\n" of the addresses, each one printable line of its own
 * (series-mail.c dropped those with a control character), folded after a
 * comma before column FOLD_AT. Nothing without addresses.
 */
static void addresses_header(struct strbuf *o, const char *name, char *const *list, size_t n)
{
	size_t i, col = strlen(name) + 1, len;
	struct strbuf one = STRBUF_INIT;

	if (!n)
		return;
	strbuf_addf(o, "%s:", name);
	for (i = 0; i < n; i++) {
		strbuf_reset(&one);
		mail_text(&one, list[i], 300);
		len = one.len + (i + 1 < n);
		if (i && col + 1 + len > FOLD_AT) {
			strbuf_addstr(o, "\n");
			col = 0;
		}
		strbuf_addf(o, " %s%s", one.buf, i + 1 < n ? "," : "");
		col += 1 + len;
	}
	strbuf_addstr(o, "\n");
	strbuf_release(&one);
}

/* To: the series' author, Cc: its Cc list; or what 'report --to/--cc' said. */
static void address_headers(struct strbuf *o, const struct series_mail *sm)
{
	struct series_mail given = { 0 };
	char *author = sm->author;

	if (mail_to) {
		series_mail_add_cc(&given, mail_to);
		addresses_header(o, "To", given.cc, given.ncc);
		series_mail_free(&given);
	} else if (author) {
		addresses_header(o, "To", &author, 1);
	}
	if (mail_cc) {
		series_mail_add_cc(&given, mail_cc);
		addresses_header(o, "Cc", given.cc, given.ncc);
		series_mail_free(&given);
	} else {
		addresses_header(o, "Cc", sm->cc, sm->ncc);
	}
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

void email_message_id(struct strbuf *o, const struct report_model *m)
{
	time_t end = utc_time(m->run.ended_at), id_time = end ? end : utc_time(m->run.started_at);
	const char *host = m->run.host;
	size_t i;

	strbuf_addf(o, "<bisectable.run-%lld.%lld@", m->run.id,
		    (long long)(id_time ? id_time : time(NULL)));
	/* The host as a dot-atom: a '.' only after a letter or digit, else '-'. */
	if (!host || !isalnum((unsigned char)*host))
		host = "localhost";
	for (i = 0; host[i] && i < 200; i++)
		strbuf_addf(o, "%c", isalnum((unsigned char)host[i]) ||
			     (host[i] == '.' && host[i + 1] && isalnum((unsigned char)host[i - 1])) ?
			     host[i] : '-');
	strbuf_addstr(o, ">");
}

/*
 * Date: (RFC 5322 3.3, of the run's end, or now while it runs) and a
 * Message-ID made of the run: <bisectable.run-ID.TIME@host>, the same for
 * every rendering of the same run. Header text is one line, of at most 998.
 */
static void origin_headers(struct strbuf *o, const struct report_model *m)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t end = utc_time(m->run.ended_at);
	struct tm tm;

	if (!end)
		end = time(NULL);
	gmtime_r(&end, &tm);
	strbuf_addf(o, "Date: %s, %d %s %04d %02d:%02d:%02d +0000\n", days[tm.tm_wday],
		    tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		    tm.tm_sec);
	strbuf_addstr(o, "Message-ID: ");
	email_message_id(o, m);
	strbuf_addstr(o, "\n");
}

/* The performance regressions of every configuration (noisy moves are none). */
size_t email_count_regressions(const struct report_model *m)
{
	size_t cfg, n = 0;

	for (cfg = 0; cfg < m->nconfigs; cfg++)
		n += m->perf[cfg].nregressions;
	return n;
}

/* "bisectable: NAME: every commit passes (up, smp)": a mail of its own. */
static void summary_subject(struct strbuf *o, const struct report_model *m)
{
	const char *slash = m->run.series ? strrchr(m->run.series, '/') : NULL;
	int bisectable = m->nconfigs > 0, base_bad = 0;
	size_t i;

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

void email_headers(struct report_out *r, long cfg)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	struct series_mail sm;
	int threaded = email_thread(m, &sm);

	/*
	 * In the series' thread: a reply to its cover letter (its subject when
	 * it is known), else named after the first bad patch, or the first.
	 */
	strbuf_addstr(o, "Subject: ");
	if (threaded && sm.subject) {
		strbuf_addstr(o, "Re: ");
		mail_text(o, sm.subject, MAIL_HEADER_MAX);
	} else if (cfg >= 0 || threaded) {
		strbuf_addstr(o, "Re: ");
		patch_name(o, m, cfg >= 0 ? m->verdicts[cfg].position : 1);
	} else {
		summary_subject(o, m);
	}
	strbuf_addstr(o, "\n");
	thread_headers(o, &sm);
	strbuf_addstr(o, "From: ");
	mail_text(o, email_from(), 500);
	strbuf_addstr(o, "\n");
	address_headers(o, &sm);
	origin_headers(o, m);
	strbuf_addf(o, "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
		    "Content-Transfer-Encoding: 8bit\nX-Bisectable-Run: %lld\n\n", m->run.id);
	series_mail_free(&sm);
}
