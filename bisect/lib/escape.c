// SPDX-License-Identifier: GPL-2.0
/*
 * escape.c - text from the database, a log or the user, made safe for the
 * report: valid UTF-8 always, and escaped for HTML and XML; and for the
 * terminal: control characters written out (see escape.h).
 */
#include <string.h>

#include "lib/escape.h"
#include "lib/util.h"

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

/* Length of the valid UTF-8 sequence at s (its code point in *cp), 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t len, unsigned int *cp)
{
	unsigned int c = s[0], min;
	size_t n, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		c &= 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Characters that are not allowed (XML 1.0) or not wanted (HTML) in a page. */
static int unwanted(unsigned int cp)
{
	if (cp < 0x20)
		return cp != '\t' && cp != '\n' && cp != '\r';
	return (cp >= 0x7f && cp <= 0x9f) || cp == 0xfffe || cp == 0xffff;
}

static void add_text(struct strbuf *out, const char *s, size_t len, int escape)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len, *run = p;

	strbuf_grow(out, len);
	while (p < end) {
		const char *rep = NULL;
		unsigned int cp = 0;
		size_t n = utf8_seq(p, end - p, &cp);

		if (!n) {
			rep = replacement;
			n = 1;
		} else if (unwanted(cp)) {
			rep = replacement;
		} else if (escape) {
			switch (cp) {
			case '&': rep = "&amp;"; break;
			case '<': rep = "&lt;"; break;
			case '>': rep = "&gt;"; break;
			case '"': rep = "&quot;"; break;
			case '\'': rep = "&#39;"; break;
			}
		}
		if (rep) {
			strbuf_add(out, run, p - run);
			strbuf_addstr(out, rep);
			p += n;
			run = p;
		} else {
			p += n;
		}
	}
	strbuf_add(out, run, p - run);
}

void html_escape_n(struct strbuf *out, const char *s, size_t len)
{
	if (s)
		add_text(out, s, len, 1);
}

void html_escape(struct strbuf *out, const char *s)
{
	if (s)
		add_text(out, s, strlen(s), 1);
}

void utf8_sanitize(struct strbuf *out, const char *s, size_t len)
{
	if (s)
		add_text(out, s, len, 0);
}

void utf8_truncate(struct strbuf *sb, size_t max)
{
	if (sb->len <= max)
		return;
	sb->len = max;
	while (sb->len && ((unsigned char)sb->buf[sb->len] & 0xc0) == 0x80)
		sb->len--;
	sb->buf[sb->len] = '\0';
}

/* A C0 or C1 control character or DEL: what a terminal may act on. */
static int term_control(unsigned int cp)
{
	return (cp < 0x20 && cp != '\t') || (cp >= 0x7f && cp <= 0x9f);
}

/* One control character (n = 1) or UTF-8 sequence, or an invalid byte (n = 1). */
static void add_term_seq(struct strbuf *out, const unsigned char *p, size_t n)
{
	size_t i;

	/* \a \b \t \n \v \f \r are 7 to 13; tab never gets here. */
	if (n == 1 && *p >= '\a' && *p <= '\r') {
		strbuf_addf(out, "\\%c", "abtnvfr"[*p - '\a']);
		return;
	}
	for (i = 0; i < n; i++)
		strbuf_addf(out, "\\%03o", p[i]);
}

void term_escape(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run, *end;

	if (!s)
		return;
	end = p + strlen(s);
	run = p;
	while (p < end) {
		unsigned int cp = 0;
		size_t n = utf8_seq(p, end - p, &cp);

		/* A byte that is no UTF-8 is a C1 control to an 8-bit terminal if 0x80-0x9f. */
		if (n ? !term_control(cp) : !term_control(*p)) {
			p += n ? n : 1;
			continue;
		}
		strbuf_add(out, run, p - run);
		add_term_seq(out, p, n ? n : 1);
		p += n ? n : 1;
		run = p;
	}
	strbuf_add(out, run, p - run);
}

const char *term_str(const char *s)
{
	static __thread struct strbuf slots[TERM_STR_SLOTS];
	static __thread unsigned int next;
	struct strbuf *sb = &slots[next++ % TERM_STR_SLOTS];

	if (!sb->buf)
		strbuf_init(sb);
	strbuf_reset(sb);
	term_escape(sb, s);
	return sb->buf;
}
