/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap-text.h - the console parser's text primitives (ktap-text.c): each
 * reads the bytes [p, end) of one line and never past end.
 */
#ifndef BISECT_KTAP_TEXT_H
#define BISECT_KTAP_TEXT_H

#include <stdbool.h>
#include <stddef.h>

bool ktap_is_blank(char c);
bool ktap_is_digit(char c);
bool ktap_is_word_char(char c);
char ktap_lower(char c);
const char *ktap_skip_blanks(const char *p, const char *end);
const char *ktap_skip_token(const char *p, const char *end);
const char *ktap_trim_end(const char *start, const char *end);
/* If @p starts with @word followed by a blank or the end, the text after it. */
const char *ktap_match_word(const char *p, const char *end, const char *word);
bool ktap_starts_with(const char *p, const char *end, const char *prefix);
bool ktap_starts_with_nocase(const char *p, const char *end, const char *prefix);
/* Copy text out as printable ASCII, truncated to fit. Tabs become spaces. */
void ktap_copy_printable(char *dst, size_t size, const char *src, const char *end);
/*
 * Serial consoles put NUL bytes and terminal escapes (a shell's bracketed
 * paste switch, colour resets) before a line's real text.
 */
const char *ktap_skip_leading_junk(const char *p, const char *end);
/* "[    0.329606] ", and the "[    T1] " that CONFIG_PRINTK_CALLER adds. */
const char *ktap_skip_printk_prefix(const char *p, const char *end);
/* A decimal number that fills the token at @p; the text after it, or NULL. */
const char *ktap_parse_count(const char *p, const char *end, long long *value);
bool ktap_parse_double(const char *p, const char *end, double *value);

#endif
