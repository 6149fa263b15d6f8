// SPDX-License-Identifier: GPL-2.0
/*
 * test-escape.c - lib/escape.c: HTML escaping of hostile text, invalid
 * UTF-8 and control characters replaced, a NUL byte in a log.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "lib/util.h"
#include "tap.h"

static char *escaped(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	char *ret;

	html_escape(&sb, s);
	ret = xstrdup(sb.buf);
	strbuf_release(&sb);
	return ret;
}

static char *escaped_n(const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	char *ret;

	html_escape_n(&sb, s, len);
	ret = xstrdup(sb.buf);
	strbuf_release(&sb);
	return ret;
}

static void check_escape(const char *in, const char *want, const char *what)
{
	char *got = escaped(in);

	is_str(got, want, "html_escape: %s", what);
	free(got);
}

static void test_escape(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *got;

	check_escape("plain text", "plain text", "plain text is unchanged");
	check_escape("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;",
		     "tags");
	check_escape("\"><img src=x onerror=alert(1)>",
		     "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;", "attribute break-out");
	check_escape("a & b 'c'", "a &amp; b &#39;c&#39;", "ampersand and single quotes");
	check_escape("&amp;", "&amp;amp;", "an entity is escaped again, not kept");
	check_escape("caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x90\xa7",
		     "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x90\xa7",
		     "valid UTF-8 (2, 3 and 4 bytes) is kept");
	check_escape("caf\xe9!", "caf\xef\xbf\xbd!", "a Latin-1 byte becomes U+FFFD");
	check_escape("\xff\xfe<", "\xef\xbf\xbd\xef\xbf\xbd&lt;", "invalid bytes, then escaping");
	check_escape("\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd", "an overlong '/' is not let through");
	check_escape("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd",
		     "a UTF-16 surrogate is not valid UTF-8");
	check_escape("\xe2\x9c", "\xef\xbf\xbd\xef\xbf\xbd", "a truncated sequence");
	check_escape("a\tb\nc\r", "a\tb\nc\r", "tab, newline and CR are kept");
	check_escape("\x1b[1mX\x07\x7f", "\xef\xbf\xbd[1mX\xef\xbf\xbd\xef\xbf\xbd",
		     "control characters are replaced (invalid in XML 1.0)");

	got = escaped_n("a\0<b", 4);
	is_str(got, "a\xef\xbf\xbd&lt;b", "html_escape_n: a NUL byte in a log is replaced");
	free(got);

	html_escape(&sb, NULL);
	is_int(sb.len, 0, "html_escape(NULL) appends nothing");
	utf8_sanitize(&sb, "<a>\xe9", 4);
	is_str(sb.buf, "<a>\xef\xbf\xbd", "utf8_sanitize replaces but does not escape");
	strbuf_release(&sb);
}

int main(void)
{
	test_escape();
	return done_testing();
}
