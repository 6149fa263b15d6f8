/* SPDX-License-Identifier: GPL-2.0 */
/*
 * escape.h - the only way data gets into a report: html_escape() for HTML
 * and XML, utf8_sanitize() for JSON strings; and onto a terminal:
 * term_escape() for every text that came from a commit, a log or a database.
 */
#ifndef BISECT_ESCAPE_H
#define BISECT_ESCAPE_H

#include <stddef.h>

#include "lib/util.h"

/*
 * Append s with & < > " ' escaped, so it is safe as HTML (or XML) text and in
 * a double- or single-quoted attribute. Invalid UTF-8 sequences and control
 * characters other than tab, newline and carriage return become U+FFFD, so
 * the output is always valid UTF-8 and valid XML 1.0 character data.
 * NULL appends nothing.
 */
void html_escape(struct strbuf *out, const char *s);
void html_escape_n(struct strbuf *out, const char *s, size_t len);

/* Append s with the same replacements as html_escape, but no escaping. */
void utf8_sanitize(struct strbuf *out, const char *s, size_t len);
/* Cut valid UTF-8 in sb to at most max bytes, never inside a character. */
void utf8_truncate(struct strbuf *sb, size_t max);

/*
 * Append s as it may be printed on a terminal (stdout or stderr, tty or
 * not): a subject, evidence, a reason or a name read from a database can
 * hold escape sequences that set the window title or clear the screen.
 * Control characters are written in C notation, as git quotes paths: \a \b
 * \f \n \r \v by their letter, every other one (ESC, DEL, a C1 control
 * such as U+009B CSI, and a lone byte 0x80-0x9f that is no UTF-8, which an
 * 8-bit terminal takes for a C1 control) as backslash and three octal
 * digits per byte ("\033", "\302\233", "\233"). Tab, UTF-8 text and other
 * bytes stay as they are (a Latin-1 name prints as before); so does a
 * backslash, so a text without control characters prints byte for byte
 * (this is for eyes, not a quoting to undo). NULL appends nothing.
 */
void term_escape(struct strbuf *out, const char *s);
/*
 * term_escape(s) for a printf argument: the text lives in one of
 * TERM_STR_SLOTS buffers of this thread, until that many later calls.
 * NULL gives "".
 */
#define TERM_STR_SLOTS 16
const char *term_str(const char *s);

#endif
