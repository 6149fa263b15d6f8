/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-email-text.h - the e-mail's text from data: everything taken from
 * the database or a log goes through mail_text(), one line of printable
 * UTF-8 at most so many bytes, so that a subject or a log line cannot add
 * a header or end the headers early.
 */
#ifndef BISECT_REPORT_EMAIL_TEXT_H
#define BISECT_REPORT_EMAIL_TEXT_H

#include <stddef.h>

#include "lib/util.h"

struct report_model;

#define MAIL_HEADER_MAX	900	/* bytes of a header's value (RFC 5322: lines < 998) */
#define MAIL_LINE_MAX	400	/* bytes of a body line taken from data */

void mail_text_n(struct strbuf *o, const char *s, size_t len, size_t max);
void mail_text(struct strbuf *o, const char *s, size_t max);
/* "PREFIX" and a line of data (mail_text_n), without trailing blanks, and a newline. */
void mail_line(struct strbuf *o, const char *prefix, const char *s, size_t len);
/* The same, a path inside the tree written relative to it. */
void mail_tree_line(struct strbuf *o, const char *tree, const char *prefix,
		    const char *s, size_t len);
/* "[PATCH k/N] subject" of the commit at position k. */
void patch_name(struct strbuf *o, const struct report_model *m, int position);
/* Each line of text, indented. */
void email_lines(struct strbuf *o, const char *text);

#endif
