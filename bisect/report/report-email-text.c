// SPDX-License-Identifier: GPL-2.0
/*
 * report-email-text.c - everything the e-mail takes from the database or a
 * log, as one line of printable UTF-8 (see report-email-text.h).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-email-text.h"
#include "report/report-model.h"

/*
 * Append s as one line of printable UTF-8, at most max bytes: invalid bytes
 * become U+FFFD (utf8_sanitize), every control character (tab, CR and LF
 * included, and C1 controls and the Unicode line and paragraph separators)
 * a space; cut at a character boundary.
 */
void mail_text_n(struct strbuf *o, const char *s, size_t len, size_t max)
{
	struct strbuf clean = STRBUF_INIT;
	size_t i, start = o->len;

	if (!s)
		return;
	utf8_sanitize(&clean, s, len);
	for (i = 0; i < clean.len; ) {
		unsigned char c = clean.buf[i];
		size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;

		if (o->len - start + n > max)
			break;
		if (c < 0x20 || c == 0x7f) {
			strbuf_addstr(o, " ");
		} else if (n == 2 && c == 0xc2 && (unsigned char)clean.buf[i + 1] < 0xa0) {
			strbuf_addstr(o, " ");	/* U+0080..U+009F */
		} else if (n == 3 && c == 0xe2 && (unsigned char)clean.buf[i + 1] == 0x80 &&
			   ((unsigned char)clean.buf[i + 2] == 0xa8 ||
			    (unsigned char)clean.buf[i + 2] == 0xa9)) {
			strbuf_addstr(o, " ");	/* U+2028, U+2029 */
		} else {
			strbuf_add(o, clean.buf + i, n);
		}
		i += n;
	}
	strbuf_release(&clean);
}

/* A body line of data: mail_text_n, without trailing blanks (a console's CRs). */
void mail_line(struct strbuf *o, const char *prefix, const char *s, size_t len)
{
	strbuf_addstr(o, prefix);
	mail_text_n(o, s, len, MAIL_LINE_MAX);
	while (o->len && o->buf[o->len - 1] == ' ')
		o->len--;
	o->buf[o->len] = '\0';
	strbuf_addstr(o, "\n");
}

/*
 * The length of the work tree's path at s (with the '/' after it), or 0.
 * Behind ccache's remote storage (CCACHE_BASEDIR) the compiler names the
 * tree relative to the build directory, "../../../work/linux-source/kernel/
 * ...": "../" repeated, then a tail of the tree's absolute path.
 */
static size_t tree_prefix_len(const char *s, size_t len, const char *tree)
{
	size_t tlen = strlen(tree), up = 0, i, tail;

	if (tlen && tlen < len && !memcmp(s, tree, tlen) && s[tlen] == '/')
		return tlen + 1;
	while (up + 3 <= len && !memcmp(s + up, "../", 3))
		up += 3;
	if (!up)
		return 0;
	for (i = 0; i < tlen; i++) {	/* the longest tail first */
		if (tree[i] != '/')
			continue;
		tail = tlen - i - 1;
		if (tail && up + tail < len && !memcmp(s + up, tree + i + 1, tail) &&
		    s[up + tail] == '/')
			return up + tail + 1;
	}
	return 0;
}

/*
 * A build log line with the work tree's path taken out of it: the reader's
 * tree is elsewhere, and "kernel/sched/core.c:12:3" is what they look up.
 * The tree is tried as recorded and as its real path (what a relative path
 * was computed from).
 */
void mail_tree_line(struct strbuf *o, const char *tree, const char *prefix,
			   const char *s, size_t len)
{
	struct strbuf line = STRBUF_INIT;
	char *real = tree ? realpath(tree, NULL) : NULL;
	size_t i, n;

	for (i = 0; i < len; i++) {
		n = tree ? tree_prefix_len(s + i, len - i, tree) : 0;
		if (!n && real)
			n = tree_prefix_len(s + i, len - i, real);
		if (n) {
			i += n - 1;
			continue;
		}
		strbuf_add(&line, s + i, 1);
	}
	mail_line(o, prefix, line.buf, line.len);
	strbuf_release(&line);
	free(real);
}

void mail_text(struct strbuf *o, const char *s, size_t max)
{
	if (s)
		mail_text_n(o, s, strlen(s), max);
}

/* "[PATCH k/N] subject" of the commit at position k. */
void patch_name(struct strbuf *o, const struct report_model *m, int position)
{
	const struct commit *c = report_commit_at(m, position);

	strbuf_addf(o, "[PATCH %d/%d] ", position, m->last_position);
	mail_text(o, c ? c->subject : "", MAIL_HEADER_MAX);
}

/* A fragment's lines, indented. */
void email_lines(struct strbuf *o, const char *text)
{
	const char *p, *end;

	for (p = text; *p; p = end + 1) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		strbuf_addstr(o, "        ");
		mail_text_n(o, p, end - p, MAIL_LINE_MAX);
		strbuf_addstr(o, "\n");
		if (!*end)
			break;
	}
}
