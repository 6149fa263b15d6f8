// SPDX-License-Identifier: GPL-2.0
/*
 * ktap-text.c - the text primitives of the console parser (ktap-text.h):
 * blanks, tokens, words and numbers within [p, end), the junk a line may
 * start with (NUL bytes, terminal escapes, a printk timestamp), and text
 * copied out printable.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "step/ktap-text.h"

#define NUMBER_TOKEN_MAX	64

bool ktap_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

bool ktap_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

bool ktap_is_word_char(char c)
{
	return ktap_is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

char ktap_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

const char *ktap_skip_blanks(const char *p, const char *end)
{
	while (p < end && ktap_is_blank(*p))
		p++;
	return p;
}

const char *ktap_skip_token(const char *p, const char *end)
{
	while (p < end && !ktap_is_blank(*p))
		p++;
	return p;
}

const char *ktap_trim_end(const char *start, const char *end)
{
	while (end > start && ktap_is_blank(end[-1]))
		end--;
	return end;
}

/* If @p starts with @word followed by a blank or the end, the text after it. */
const char *ktap_match_word(const char *p, const char *end, const char *word)
{
	size_t len = strlen(word);

	if ((size_t)(end - p) < len || memcmp(p, word, len) != 0)
		return NULL;
	p += len;
	if (p < end && !ktap_is_blank(*p))
		return NULL;
	return p;
}

bool ktap_starts_with(const char *p, const char *end, const char *prefix)
{
	size_t len = strlen(prefix);

	return (size_t)(end - p) >= len && memcmp(p, prefix, len) == 0;
}

bool ktap_starts_with_nocase(const char *p, const char *end, const char *prefix)
{
	for (; *prefix; prefix++, p++) {
		if (p >= end || ktap_lower(*p) != *prefix)
			return false;
	}
	return true;
}

/* Copy text out as printable ASCII, truncated to fit. Tabs become spaces. */
void ktap_copy_printable(char *dst, size_t size, const char *src, const char *end)
{
	size_t n = 0;

	while (src < end && n + 1 < size) {
		unsigned char c = (unsigned char)*src++;

		if (c == '\t')
			c = ' ';
		dst[n++] = (c >= 0x20 && c <= 0x7e) ? (char)c : '?';
	}
	dst[n] = '\0';
}

/*
 * Serial consoles put NUL bytes and terminal escapes (a shell's bracketed
 * paste switch, colour resets) before a line's real text.
 */
const char *ktap_skip_leading_junk(const char *p, const char *end)
{
	while (p < end) {
		if (ktap_is_blank(*p) || *p == '\0') {
			p++;
			continue;
		}
		if (*p != '\033')
			break;
		p++;
		if (p < end && *p == '[') {
			/* CSI: parameter and intermediate bytes, then one final byte */
			p++;
			while (p < end && (unsigned char)*p >= 0x20 && (unsigned char)*p <= 0x3f)
				p++;
			if (p < end && (unsigned char)*p >= 0x40 && (unsigned char)*p <= 0x7e)
				p++;
		} else if (p < end) {
			p++;
		}
	}
	return p;
}

/* "[    0.329606] ", and the "[    T1] " that CONFIG_PRINTK_CALLER adds. */
const char *ktap_skip_printk_prefix(const char *p, const char *end)
{
	const char *q, *digits;

	if (p >= end || *p != '[')
		return p;
	q = ktap_skip_blanks(p + 1, end);
	digits = q;
	while (q < end && ktap_is_digit(*q))
		q++;
	if (q == digits)
		return p;
	if (q < end && *q == '.') {
		q++;
		while (q < end && ktap_is_digit(*q))
			q++;
	}
	if (q >= end || *q != ']')
		return p;
	p = ++q;

	if (q < end && *q == '[') {
		q = ktap_skip_blanks(q + 1, end);
		if (q < end && (*q == 'T' || *q == 'C')) {
			digits = ++q;
			while (q < end && ktap_is_digit(*q))
				q++;
			if (q > digits && q < end && *q == ']')
				p = q + 1;
		}
	}
	return ktap_skip_blanks(p, end);
}

/* A decimal number that fills the token at @p; the text after it, or NULL. */
const char *ktap_parse_count(const char *p, const char *end, long long *value)
{
	long long v = 0;
	const char *start = p;

	for (; p < end && ktap_is_digit(*p); p++) {
		if (v > (LLONG_MAX - (*p - '0')) / 10)
			return NULL;
		v = v * 10 + (*p - '0');
	}
	if (p == start || (p < end && !ktap_is_blank(*p)))
		return NULL;
	*value = v;
	return p;
}

bool ktap_parse_double(const char *p, const char *end, double *value)
{
	char token[NUMBER_TOKEN_MAX];
	size_t len = (size_t)(end - p);
	char *rest;
	double v;

	if (len == 0 || len >= sizeof(token))
		return false;
	memcpy(token, p, len);
	token[len] = '\0';
	errno = 0;
	v = strtod(token, &rest);
	/* A metric must be a finite number; "nan" or "1e999" is a broken test. */
	if (*rest != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	*value = v;
	return true;
}
