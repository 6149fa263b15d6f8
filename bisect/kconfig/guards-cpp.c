// SPDX-License-Identifier: GPL-2.0
/*
 * guards-cpp.c - the C preprocessor scanner of guards.c: the conditions of
 * #if/#ifdef/#ifndef/#elif/#else/#endif and the stack of open conditionals,
 * over logical lines with comments, strings and continuations understood.
 * A module of its own: it is most of the scanning and the only part that
 * knows C; the Makefile scanner (guards-kbuild.c) reuses its stack and its
 * symbol finder through guards-scan.h.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards-cpp.h"
#include "kconfig/guards-scan.h"
#include "lib/util.h"

/* Conditions */

/* Add every CONFIG_ symbol of s[0..len) to set with mask and complex. */

/*
 * A term that is one literal: [!]* then defined(CONFIG_X), defined CONFIG_X,
 * IS_ENABLED/IS_BUILTIN/IS_MODULE(CONFIG_X) or CONFIG_X, with parentheses
 * around it. Returns 1 and the symbol and mask, or 0.
 */
static int parse_literal(const char *s, const char *end, const char **sym, size_t *symlen,
			 unsigned *mask)
{
	int negate = 0, parens = 0, inner = 0;
	unsigned m;
	const char *p = s;

	for (;;) {
		skip_blanks(&p, end);
		if (p < end && *p == '!') {
			negate ^= 1;
			p++;
		} else if (p < end && *p == '(') {
			parens++;
			p++;
		} else {
			break;
		}
	}
	if (match_word(&p, end, "defined"))
		m = GUARD_Y;
	else if (match_word(&p, end, "IS_ENABLED"))
		m = GUARD_ON;
	else if (match_word(&p, end, "IS_BUILTIN"))
		m = GUARD_Y;
	else if (match_word(&p, end, "IS_MODULE"))
		m = GUARD_M;
	else
		m = 0;
	skip_blanks(&p, end);
	if (m && p < end && *p == '(') {
		inner = 1;
		p++;
		skip_blanks(&p, end);
	} else if (m && m != GUARD_Y) {
		return 0;
	}
	if (!m)
		m = GUARD_Y;	/* a bare CONFIG_X: nonzero when y */
	if (end - p <= 7 || memcmp(p, "CONFIG_", 7))
		return 0;
	p += 7;
	*sym = p;
	while (p < end && is_ident(*p))
		p++;
	*symlen = p - *sym;
	if (!*symlen)
		return 0;
	if (*symlen > 7 && !memcmp(p - 7, "_MODULE", 7)) {
		if (m != GUARD_Y)
			return 0;
		*symlen -= 7;
		m = GUARD_M;
	}
	for (parens += inner; parens > 0; parens--) {
		skip_blanks(&p, end);
		if (p == end || *p != ')')
			return 0;
		p++;
	}
	skip_blanks(&p, end);
	if (p != end)
		return 0;
	*mask = negate ? GUARD_ANY & ~m : m;
	return 1;
}

/*
 * Parse a #if/#elif expression: a conjunction of terms at the top level;
 * each term that is a literal gives its symbol an arm, any other term with
 * CONFIG_ symbols makes them complex. A || at the top level makes all complex.
 */
static void parse_cond(const char *s, size_t len, struct cond *c)
{
	const char *end = s + len, *p, *term = s;
	int depth = 0, terms = 0, lits = 0, other = 0;

	memset(c, 0, sizeof(*c));
	for (p = s; p < end; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (!depth && p + 1 < end && p[0] == '|' && p[1] == '|')
			goto complex;
	}
	depth = 0;
	for (p = s; p <= end; p++) {
		const char *sym;
		size_t symlen;
		unsigned mask;

		if (p < end) {
			if (*p == '(')
				depth++;
			else if (*p == ')')
				depth--;
			if (depth || p + 1 >= end || p[0] != '&' || p[1] != '&')
				continue;
		}
		terms++;
		if (parse_literal(term, p, &sym, &symlen, &mask)) {
			guard_set_add(&c->lits, sym, symlen, mask, 0);
			lits++;
		} else if (guards_add_symbols(&c->lits, term, p - term, GUARD_ANY, 1)) {
			other++;
		} else {
			other++;
		}
		term = p + 2;
		p++;
	}
	c->single = terms == 1 && lits == 1 && !other;
	return;
complex:
	guards_add_symbols(&c->lits, s, len, GUARD_ANY, 1);
}

/* What holds when c does not: the flipped arm if c is one literal, else complex. */

/* The stack of open conditionals */

/* The guards of a line inside every open branch (frames [0, upto)). */

/* A new branch with condition c (NULL for #else): c is taken over. */

/* In-line uses: IS_ENABLED(CONFIG_X) and friends outside conditions. */
static void add_inline_uses(struct guard_set *set, const char *s, size_t len)
{
	static const char *const macros[] = {
		"IS_ENABLED", "IS_BUILTIN", "IS_MODULE", "IS_REACHABLE",
	};
	const char *p = s, *end = s + len;

	while (p < end) {
		size_t k;

		if (!is_ident(*p) || (p > s && is_ident(p[-1]))) {
			p++;
			continue;
		}
		for (k = 0; k < ARRAY_SIZE(macros); k++) {
			const char *q = p, *arg;

			if (!match_word(&q, end, macros[k]))
				continue;
			skip_blanks(&q, end);
			if (q == end || *q != '(')
				continue;
			arg = ++q;
			while (q < end && *q != ')')
				q++;
			guards_add_symbols(set, arg, q - arg, GUARD_ANY, 0);
		}
		while (p < end && is_ident(*p))
			p++;
	}
}

/* C files */

/*
 * One logical line from *pos: physical lines joined at backslash-newline,
 * comments replaced by a blank, string and character literals kept (their
 * content blanked, so that no "#if" or IS_ENABLED inside them counts).
 * *in_comment carries a block comment over lines. Returns the number of
 * physical lines taken; *starts_code says whether the logical line's first
 * non-blank character was outside a comment.
 */
static size_t c_logical_line(const char **pos, int *in_comment, struct strbuf *out,
			     int *first_hash)
{
	const char *p = *pos;
	size_t lines = 1;
	char quote = 0;
	int seen = 0;

	strbuf_reset(out);
	*first_hash = 0;
	while (*p && *p != '\n') {
		if (p[0] == '\\' && p[1] == '\n') {
			p += 2;
			lines++;
			continue;
		}
		if (*in_comment) {
			if (p[0] == '*' && p[1] == '/') {
				*in_comment = 0;
				p += 2;
				strbuf_add(out, " ", 1);
			} else {
				p++;
			}
			continue;
		}
		if (quote) {
			if (*p == '\\' && p[1] && p[1] != '\n')
				p += 2;
			else if (*p++ == quote)
				quote = 0, strbuf_add(out, p - 1, 1);
			continue;
		}
		if (p[0] == '/' && p[1] == '*') {
			*in_comment = 1;
			p += 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			/* to the end of the logical line (a backslash continues it) */
			while (*p && *p != '\n') {
				if (p[0] == '\\' && p[1] == '\n') {
					p++;
					lines++;
				}
				p++;
			}
			break;
		}
		if (!seen && !isspace((unsigned char)*p)) {
			seen = 1;
			*first_hash = *p == '#';
		}
		if (*p == '"' || *p == '\'')
			quote = *p;
		strbuf_add(out, p, 1);
		p++;
	}
	if (*p == '\n')
		p++;
	*pos = p;
	return lines;
}

static enum directive c_directive(const char *s, const char **rest)
{
	const char *p = s, *end = s + strlen(s);

	skip_blanks(&p, end);
	if (p == end || *p != '#')
		return D_NONE;
	p++;
	skip_blanks(&p, end);
	*rest = p;
	if (match_word(&p, end, "ifdef") || match_word(&p, end, "ifndef") ||
	    match_word(&p, end, "if")) {
		*rest = p;
		return D_IF;
	}
	if (match_word(&p, end, "elif") || match_word(&p, end, "elifdef") ||
	    match_word(&p, end, "elifndef")) {
		*rest = p;
		return D_ELIF;
	}
	if (match_word(&p, end, "else"))
		return D_ELSE;
	if (match_word(&p, end, "endif"))
		return D_ENDIF;
	return D_NONE;
}

static void c_directive_cond(const char *line, const char *rest, struct cond *c)
{
	const char *p = line, *end = line + strlen(line);
	struct strbuf e = STRBUF_INIT;
	int neg = 0, def = 0;

	/* #ifdef X and #ifndef X are defined(X) and !defined(X) */
	skip_blanks(&p, end);
	p++;
	skip_blanks(&p, end);
	if (match_word(&p, end, "ifdef") || match_word(&p, end, "elifdef"))
		def = 1;
	else if (match_word(&p, end, "ifndef") || match_word(&p, end, "elifndef"))
		def = neg = 1;
	if (def)
		strbuf_addf(&e, "%sdefined(", neg ? "!" : "");
	strbuf_addstr(&e, rest);
	strbuf_trim(&e);
	if (def)
		strbuf_add(&e, ")", 1);
	parse_cond(e.buf, e.len, c);
	strbuf_release(&e);
}

void guards_scan_c(const char *text, struct guard_file *out)
{
	struct strbuf logical = STRBUF_INIT;
	struct stack st = { 0 };
	const char *pos = text;
	int in_comment = 0;
	size_t line = 1;

	while (*pos && line <= out->nlines) {
		struct guard_set set = { 0 };
		const char *rest = NULL;
		enum directive d = D_NONE;
		int hash;
		size_t n, i;
		int was_in_comment = in_comment;

		n = c_logical_line(&pos, &in_comment, &logical, &hash);
		if (hash && !was_in_comment)
			d = c_directive(logical.buf, &rest);
		if (d == D_IF || d == D_ELIF) {
			struct cond c;

			c_directive_cond(logical.buf, rest, &c);
			guards_apply_directive(&st, d, &c, &set);
			cond_release(&c);
		} else if (d != D_NONE) {
			guards_apply_directive(&st, d, NULL, &set);
		} else {
			guards_stack_guards(&st, st.n, &set);
		}
		add_inline_uses(&set, logical.buf, logical.len);
		/* The last physical line takes the set itself: no copy. */
		for (i = 0; i < n && line <= out->nlines; i++, line++)
			if (i + 1 < n || out->lines[line].n)
				guard_set_merge(&out->lines[line], &set);
			else
				guard_set_move(&out->lines[line], &set);
		guard_set_release(&set);
	}
	guards_stack_release(&st);
	strbuf_release(&logical);
}
