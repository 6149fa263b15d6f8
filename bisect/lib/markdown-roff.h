/* SPDX-License-Identifier: GPL-2.0 */
/*
 * markdown-roff.h - Markdown as roff (man(7) macros).
 */
#ifndef BISECT_MARKDOWN_ROFF_H
#define BISECT_MARKDOWN_ROFF_H

#include <stdio.h>

/* Text for roff: backslashes and a leading dot or quote escaped, '-' as \-. */
void roff_text(const char *s, FILE *out);
/*
 * The subset of Markdown the pages are written in (headings, paragraphs,
 * emphasis, code spans and blocks, links, lists, tables) as roff. sections:
 * "## X" is .SH X, "### X" .SS X; else both are a bold line (inside the .SS
 * of a command in bisectable(1)).
 */
void markdown_roff(const char *md, int sections, FILE *out);

#endif
