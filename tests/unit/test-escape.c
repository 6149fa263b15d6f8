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

	is_str_free(escaped_n("a\0<b", 4), "a\xef\xbf\xbd&lt;b",
		    "html_escape_n: a NUL byte in a log is replaced");

	html_escape(&sb, NULL);
	is_int(sb.len, 0, "html_escape(NULL) appends nothing");
	utf8_sanitize(&sb, "<a>\xe9", 4);
	is_str(sb.buf, "<a>\xef\xbf\xbd", "utf8_sanitize replaces but does not escape");
	strbuf_release(&sb);
}

static void check_term(const char *in, const char *want, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	term_escape(&sb, in);
	is_str(sb.buf, want, "term_escape: %s", what);
	strbuf_release(&sb);
}

/* Text from a commit, a log or a database, printed on a terminal. */
static void test_term_escape(void)
{
	const char *slot[TERM_STR_SLOTS + 1];
	int i;

	check_term("fix: a \\ b \"c\" <d>", "fix: a \\ b \"c\" <d>",
		   "text without control characters is byte for byte");
	check_term("r\xc3\xa9sum\xc3\xa9 \xe2\x9c\x93", "r\xc3\xa9sum\xc3\xa9 \xe2\x9c\x93",
		   "UTF-8 stays");
	check_term("a\tb", "a\tb", "tab stays");
	check_term("\033]0;owned\007\033[2J\033[H", "\\033]0;owned\\a\\033[2J\\033[H",
		   "a window title and a clear screen are written out");
	check_term("one\ntwo\r", "one\\ntwo\\r", "newline and carriage return by letter");
	check_term("\x01\x7f", "\\001\\177", "other C0 controls and DEL in octal");
	check_term("x\xc2\x9b" "2J", "x\\302\\2332J", "a C1 CSI (U+009B) in octal, per byte");
	check_term("\x9b\xff", "\\233\xff", "a lone 0x9b (8-bit CSI) in octal");
	check_term("Gr\xe9" "ce", "Gr\xe9" "ce", "other bytes that are no UTF-8 stay (Latin-1)");
	check_term("", "", "empty");
	check_term(NULL, "", "NULL appends nothing");
	is_str(term_str(NULL), "", "term_str(NULL) is empty");
	for (i = 0; i <= TERM_STR_SLOTS; i++)
		slot[i] = term_str(i ? "b\033" : "a\033");
	is_str(slot[1], "b\\033", "term_str: a slot holds its text for later calls");
	ok(slot[0] == slot[TERM_STR_SLOTS], "and is reused after TERM_STR_SLOTS calls");
}

static void test_utf8_truncate(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "ab\xc3\xa9");	/* "abé" */
	utf8_truncate(&sb, 3);
	is_str(sb.buf, "ab", "utf8_truncate never cuts a character in two");
	utf8_truncate(&sb, 8);
	is_str(sb.buf, "ab", "and leaves what is short enough");
	strbuf_release(&sb);
}

int main(void)
{
	test_escape();
	test_term_escape();
	test_utf8_truncate();
	return done_testing();
}
