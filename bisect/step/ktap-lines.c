// SPDX-License-Identifier: GPL-2.0
/*
 * ktap-lines.c - cut a captured serial console into the lines the console
 * parser (ktap.c) reads (see ktap-lines.h). How the serial port cuts and
 * interleaves lines is kept here, apart from what the lines say.
 *
 * The log is split into lines on \n, \r\n, \r\r\n or a lone \r. A final line
 * without a terminator may have been cut anywhere: it is handed on as cut.
 *
 * A kernel message written between two writes of a test to the tty ends
 * the test's text inside a line (see ktap.c). The parser, which knows what
 * text is the test's, asks where such a message begins
 * (ktap_lines_find_splice) and keeps the test's text before it
 * (ktap_lines_carry); the next line is handed on joined to that text.
 */
#include "step/ktap-lines.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Longer than any line a test writes: a longer fragment is not rejoined. */
#define SPLICE_MAX		4096

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Where a kernel message begins inside [p, end), after its first character:
 * a timestamp as printk writes it, "[%5lu.%06lu]". NULL if there is none.
 * The width and the six decimals keep a test's own "[1.5]" from matching.
 */
static const char *find_spliced_printk(const char *p, const char *end)
{
	const char *s, *q, *digits;

	for (s = p + 1; s < end; s++) {
		if (*s != '[')
			continue;
		q = s + 1;
		while (q < end && *q == ' ')
			q++;
		digits = q;
		while (q < end && is_digit(*q))
			q++;
		if (q == digits || q - (s + 1) < 5 || q >= end || *q != '.')
			continue;
		digits = ++q;
		while (q < end && is_digit(*q))
			q++;
		if (q - digits == 6 && q < end && *q == ']')
			return s;
	}
	return NULL;
}

const char *ktap_lines_find_splice(const char *line, const char *p, const char *end)
{
	const char *spliced = find_spliced_printk(p, end);

	if (spliced && spliced - line > SPLICE_MAX)
		return NULL;
	return spliced;
}

/* Keep [p, end) to be joined to the next line; 0, or -1 on allocation failure. */
int ktap_lines_carry(struct ktap_lines *lines, const char *p, const char *end)
{
	size_t len = (size_t)(end - p);
	char *carry;

	carry = realloc(lines->carry, len ? len : 1);
	if (!carry)
		return -1;
	/* @p may point into lines->joined, never into lines->carry. */
	memcpy(carry, p, len);
	lines->carry = carry;
	lines->carry_len = len;
	return 0;
}

/* A line of the log, joined to what a kernel message cut from the one before. */
static int feed_line(struct ktap_lines *lines, const char *p, const char *end, bool whole,
		     ktap_line_fn fn, void *data)
{
	size_t len = (size_t)(end - p), total;
	char *joined;

	if (!lines->carry_len)
		return fn(data, p, end, whole);
	total = lines->carry_len + len;
	if (total > lines->joined_cap) {
		joined = realloc(lines->joined, total);
		if (!joined)
			return -1;
		lines->joined = joined;
		lines->joined_cap = total;
	}
	memcpy(lines->joined, lines->carry, lines->carry_len);
	memcpy(lines->joined + lines->carry_len, p, len);
	lines->carry_len = 0;
	return fn(data, lines->joined, lines->joined + total, whole);
}

int ktap_lines_split(struct ktap_lines *lines, const char *buf, size_t len,
		     ktap_line_fn fn, void *data)
{
	const char *p = buf, *end = buf + len;
	int ret;

	while (p < end) {
		const char *eol = p;
		size_t terminator = 1;

		while (eol < end && *eol != '\n' && *eol != '\r')
			eol++;
		if (eol == end) {
			ret = feed_line(lines, p, eol, false, fn, data);
			if (ret)
				return ret;
			break;
		}
		if (*eol == '\r' && eol + 1 < end && eol[1] == '\n')
			terminator = 2;
		else if (*eol == '\r' && eol + 2 < end && eol[1] == '\r' && eol[2] == '\n')
			terminator = 3;
		ret = feed_line(lines, p, eol, true, fn, data);
		if (ret)
			return ret;
		p = eol + terminator;
	}
	/* A log that ends inside a cut line: what was cut may be cut short. */
	if (lines->carry_len)
		return feed_line(lines, end, end, false, fn, data);
	return 0;
}

void ktap_lines_free(struct ktap_lines *lines)
{
	free(lines->carry);
	free(lines->joined);
}
