/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap-lines.h - the serial console cut into the lines the console parser
 * (ktap.c) reads: CR/LF mixes, a final line the log cut short, and a test's
 * line that a kernel message was spliced into, rejoined. Only ktap.c uses it.
 */
#ifndef BISECT_KTAP_LINES_H
#define BISECT_KTAP_LINES_H

#include <stdbool.h>
#include <stddef.h>

/* What is carried from one line to the next; zero it before the first. */
struct ktap_lines {
	char *carry;			/* a test's text cut by a kernel message */
	size_t carry_len;
	char *joined;			/* the carry and the next line */
	size_t joined_cap;
};

/*
 * Called with each line [p, end), its terminator left off and a carry joined
 * in front; @whole is false for a final line that the log cut off before its
 * end. Returns 0, or nonzero to stop.
 */
typedef int (*ktap_line_fn)(void *data, const char *p, const char *end, bool whole);

/* Every line of [buf, buf + len) to @fn: 0, or @fn's nonzero or -1 (no memory). */
int ktap_lines_split(struct ktap_lines *lines, const char *buf, size_t len,
		     ktap_line_fn fn, void *data);

/*
 * In a line that starts at @line: where a kernel message spliced into it
 * begins, after @p, before @end. NULL if there is none, or if the text before
 * it is longer than a test's line, so not to be rejoined.
 */
const char *ktap_lines_find_splice(const char *line, const char *p, const char *end);

/*
 * From @fn: keep [p, end), the start of the line it was given, to be joined
 * to the next line. 0, or -1 on allocation failure.
 */
int ktap_lines_carry(struct ktap_lines *lines, const char *p, const char *end);

void ktap_lines_free(struct ktap_lines *lines);

#endif
