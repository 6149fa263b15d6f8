/* SPDX-License-Identifier: GPL-2.0 */
/*
 * escape.h - the only way data gets into a report: html_escape() for HTML
 * and XML, utf8_sanitize() for JSON strings.
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

#endif
