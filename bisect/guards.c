// SPDX-License-Identifier: GPL-2.0
/*
 * guards.c: the Kconfig symbols that guard each line of a C file, a Makefile
 * or a Kconfig file, and the changed lines of a commit counted per symbol and
 * arm. Everything but guards_commit() works on text only.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guards.h"
#include "util.h"

/* Guard sets */

void guard_set_add(struct guard_set *s, const char *symbol, size_t len, unsigned mask,
		   int complex)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		struct guard *g = &s->v[i];

		if (strlen(g->symbol) == len && !memcmp(g->symbol, symbol, len)) {
			g->mask &= mask;
			g->complex |= complex;
			return;
		}
	}
	if (s->n == s->alloc) {
		s->alloc = s->alloc ? 2 * s->alloc : 4;
		s->v = xrealloc(s->v, s->alloc * sizeof(*s->v));
	}
	s->v[s->n].symbol = xstrndup(symbol, len);
	s->v[s->n].mask = mask;
	s->v[s->n].complex = complex;
	s->n++;
}

static void guard_set_merge(struct guard_set *to, const struct guard_set *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		guard_set_add(to, from->v[i].symbol, strlen(from->v[i].symbol), from->v[i].mask,
			      from->v[i].complex);
}

/* Every symbol of from, as deciding both arms. */
static void guard_set_merge_any(struct guard_set *to, const struct guard_set *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		guard_set_add(to, from->v[i].symbol, strlen(from->v[i].symbol), GUARD_ANY, 0);
}

void guard_set_release(struct guard_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i].symbol);
	free(s->v);
	s->v = NULL;
	s->n = s->alloc = 0;
}

const char *guard_arm_name(const struct guard *g)
{
	static const char *const names[8] = {
		"never", "y", "m", "y/m", "n", "y/n", "m/n", "y,n",
	};

	if (g->complex)
		return "?";
	return names[g->mask & GUARD_ANY];
}

enum guard_kind guards_kind(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (!strncmp(base, "Kconfig", 7))
		return GUARD_KIND_KCONFIG;
	if (!strncmp(base, "Makefile", 8) || !strncmp(base, "Kbuild", 6) ||
	    (len > 3 && !strcmp(base + len - 3, ".mk")))
		return GUARD_KIND_MAKE;
	if (len > 2 && base[len - 2] == '.' && strchr("chS", base[len - 1]))
		return GUARD_KIND_C;
	return GUARD_KIND_NONE;
}

void guard_file_release(struct guard_file *f)
{
	size_t i;

	if (f->lines)
		for (i = 0; i <= f->nlines; i++)
			guard_set_release(&f->lines[i]);
	free(f->lines);
	f->lines = NULL;
	f->nlines = 0;
}

static size_t count_lines(const char *text)
{
	size_t n = 0;
	const char *p;

	for (p = text; *p; p++)
		if (*p == '\n')
			n++;
	if (p > text && p[-1] != '\n')
		n++;
	return n;
}

static int is_ident(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Conditions: a literal is one symbol and the arms under which it holds */

struct cond {
	struct guard_set lits;	/* the symbols and their arms when the condition holds */
	int single;		/* exactly one simple literal and nothing else: negatable */
};

static void cond_release(struct cond *c)
{
	guard_set_release(&c->lits);
	c->single = 0;
}

/* Add every CONFIG_ symbol of s[0..len) to set with mask and complex. */
static size_t add_symbols(struct guard_set *set, const char *s, size_t len, unsigned mask,
			  int complex)
{
	size_t i = 0, found = 0;

	while (i < len) {
		if (!is_ident(s[i])) {
			i++;
			continue;
		}
		if ((i == 0 || !is_ident(s[i - 1])) && len - i > 7 && !memcmp(s + i, "CONFIG_", 7) &&
		    is_ident(s[i + 7])) {
			size_t start = i + 7, end = start;

			while (end < len && is_ident(s[end]))
				end++;
			if (end - start > 7 && !memcmp(s + end - 7, "_MODULE", 7))
				guard_set_add(set, s + start, end - start - 7, mask & GUARD_M ?
					      mask : GUARD_ANY, complex || mask != GUARD_ANY);
			else
				guard_set_add(set, s + start, end - start, mask, complex);
			found++;
			i = end;
			continue;
		}
		while (i < len && is_ident(s[i]))
			i++;
	}
	return found;
}

static void skip_blanks(const char **p, const char *end)
{
	while (*p < end && isspace((unsigned char)**p))
		(*p)++;
}

static int match_word(const char **p, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - *p) < n || memcmp(*p, word, n) || (*p + n < end && is_ident((*p)[n])))
		return 0;
	*p += n;
	return 1;
}

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
		} else if (add_symbols(&c->lits, term, p - term, GUARD_ANY, 1)) {
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
	add_symbols(&c->lits, s, len, GUARD_ANY, 1);
}

/* What holds when c does not: the flipped arm if c is one literal, else complex. */
static void cond_negate_into(const struct cond *c, struct guard_set *to)
{
	size_t i;

	for (i = 0; i < c->lits.n; i++) {
		const struct guard *g = &c->lits.v[i];

		if (c->single)
			guard_set_add(to, g->symbol, strlen(g->symbol), GUARD_ANY & ~g->mask, 0);
		else
			guard_set_add(to, g->symbol, strlen(g->symbol), GUARD_ANY, 1);
	}
}

/* The stack of open conditionals */

struct frame {
	struct guard_set cur;		/* the arms under which the current branch is taken */
	struct guard_set not_before;	/* the negations of the branches before it */
	struct guard_set all;		/* every symbol of the group's conditions */
	struct cond last;		/* the condition of the current branch */
};

struct stack {
	struct frame *v;
	size_t n, alloc;
};

static void stack_push(struct stack *st)
{
	if (st->n == st->alloc) {
		st->alloc = st->alloc ? 2 * st->alloc : 8;
		st->v = xrealloc(st->v, st->alloc * sizeof(*st->v));
	}
	memset(&st->v[st->n], 0, sizeof(st->v[st->n]));
	st->n++;
}

static void frame_release(struct frame *f)
{
	guard_set_release(&f->cur);
	guard_set_release(&f->not_before);
	guard_set_release(&f->all);
	cond_release(&f->last);
}

static void stack_pop(struct stack *st)
{
	if (!st->n)
		return;	/* an unbalanced #endif: ignored */
	frame_release(&st->v[--st->n]);
}

static void stack_release(struct stack *st)
{
	while (st->n)
		stack_pop(st);
	free(st->v);
}

/* The guards of a line inside every open branch (frames [0, upto)). */
static void stack_guards(const struct stack *st, size_t upto, struct guard_set *out)
{
	size_t i;

	for (i = 0; i < upto && i < st->n; i++)
		guard_set_merge(out, &st->v[i].cur);
}

/* A new branch with condition c (NULL for #else): c is taken over. */
static void frame_branch(struct frame *f, struct cond *c, int first)
{
	if (!first)
		cond_negate_into(&f->last, &f->not_before);
	cond_release(&f->last);
	guard_set_release(&f->cur);
	guard_set_merge(&f->cur, &f->not_before);
	if (c) {
		guard_set_merge(&f->cur, &c->lits);
		guard_set_merge_any(&f->all, &c->lits);
		f->last = *c;
		memset(c, 0, sizeof(*c));
	}
}

enum directive { D_NONE, D_IF, D_ELIF, D_ELSE, D_ENDIF };

/*
 * Apply one conditional directive to the stack and give the lines it spans
 * their guards: the enclosing branches, and the group's symbols as deciding
 * both arms (the directive line is where the symbol matters).
 */
static void apply_directive(struct stack *st, enum directive d, struct cond *c,
			    struct guard_set *line)
{
	if (d == D_IF) {
		stack_push(st);
		frame_branch(&st->v[st->n - 1], c, 1);
	} else if (st->n && (d == D_ELIF || d == D_ELSE)) {
		frame_branch(&st->v[st->n - 1], d == D_ELIF ? c : NULL, 0);
	}
	if (st->n && d != D_NONE) {
		stack_guards(st, st->n - 1, line);
		guard_set_merge_any(line, &st->v[st->n - 1].all);
	}
	if (d == D_ENDIF)
		stack_pop(st);
}

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
			add_symbols(set, arg, q - arg, GUARD_ANY, 0);
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

static void scan_c(const char *text, struct guard_file *out)
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
			apply_directive(&st, d, &c, &set);
			cond_release(&c);
		} else if (d != D_NONE) {
			apply_directive(&st, d, NULL, &set);
		} else {
			stack_guards(&st, st.n, &set);
		}
		add_inline_uses(&set, logical.buf, logical.len);
		for (i = 0; i < n && line <= out->nlines; i++, line++)
			guard_set_merge(&out->lines[line], &set);
		guard_set_release(&set);
	}
	stack_release(&st);
	strbuf_release(&logical);
}

/* Makefiles and Kbuild files */

/* One logical line: joined at backslash-newline, the comment cut. */
static size_t make_logical_line(const char **pos, struct strbuf *out)
{
	const char *p = *pos;
	size_t lines = 1;
	int comment = 0;

	strbuf_reset(out);
	while (*p && *p != '\n') {
		if (p[0] == '\\' && p[1] == '\n') {
			p += 2;
			lines++;
			if (!comment)
				strbuf_add(out, " ", 1);
			continue;
		}
		if (*p == '#' && (p == *pos || p[-1] != '\\'))
			comment = 1;
		if (!comment)
			strbuf_add(out, p, 1);
		p++;
	}
	if (*p == '\n')
		p++;
	*pos = p;
	return lines;
}

/*
 * ifdef CONFIG_X (set: y or m), ifndef; ifeq ($(CONFIG_X),y|m|) and ifneq.
 * Anything else with symbols in it is complex.
 */
static void make_cond(const char *kw, const char *s, size_t len, struct cond *c)
{
	const char *end = s + len, *p = s, *sym;
	unsigned mask = 0;
	size_t symlen = 0;
	int neg = !strcmp(kw, "ifndef") || !strcmp(kw, "ifneq");

	memset(c, 0, sizeof(*c));
	skip_blanks(&p, end);
	if (!strcmp(kw, "ifdef") || !strcmp(kw, "ifndef")) {
		if (end - p > 7 && !memcmp(p, "CONFIG_", 7)) {
			sym = p + 7;
			for (p = sym; p < end && is_ident(*p); p++)
				;
			symlen = p - sym;
			skip_blanks(&p, end);
			if (symlen && p == end)
				mask = GUARD_ON;
		}
	} else if (end - p > 10 && !memcmp(p, "($(CONFIG_", 10)) {
		sym = p + 10;
		for (p = sym; p < end && is_ident(*p); p++)
			;
		symlen = p - sym;
		if (symlen && end - p >= 3 && !memcmp(p, "),", 2)) {
			p += 2;
			skip_blanks(&p, end);
			if (end - p >= 2 && p[0] == 'y' && p[1] == ')')
				mask = GUARD_Y, p += 2;
			else if (end - p >= 2 && p[0] == 'm' && p[1] == ')')
				mask = GUARD_M, p += 2;
			else if (p[0] == ')')
				mask = GUARD_N, p++;
			skip_blanks(&p, end);
			if (p != end)
				mask = 0;
		}
	}
	if (mask) {
		guard_set_add(&c->lits, sym, symlen, neg ? GUARD_ANY & ~mask : mask, 0);
		c->single = 1;
	} else {
		add_symbols(&c->lits, s, len, GUARD_ANY, 1);
	}
}

static void scan_make(const char *text, struct guard_file *out)
{
	static const char *const conds[] = { "ifdef", "ifndef", "ifeq", "ifneq" };
	struct strbuf logical = STRBUF_INIT;
	struct stack st = { 0 };
	const char *pos = text;
	size_t line = 1;

	while (*pos && line <= out->nlines) {
		struct guard_set set = { 0 };
		const char *p, *end;
		size_t n, i, k;
		int handled = 0, is_else = 0;

		n = make_logical_line(&pos, &logical);
		p = logical.buf;
		end = p + logical.len;
		skip_blanks(&p, end);
		if (match_word(&p, end, "else")) {
			is_else = 1;
			skip_blanks(&p, end);
			if (p == end) {
				apply_directive(&st, D_ELSE, NULL, &set);
				handled = 1;
			}
		}
		for (k = 0; !handled && k < ARRAY_SIZE(conds); k++) {
			struct cond c;

			if (!match_word(&p, end, conds[k]))
				continue;
			make_cond(conds[k], p, end - p, &c);
			apply_directive(&st, is_else ? D_ELIF : D_IF, &c, &set);
			cond_release(&c);
			handled = 1;
		}
		if (!handled && match_word(&p, end, "endif")) {
			apply_directive(&st, D_ENDIF, NULL, &set);
			handled = 1;
		}
		if (!handled) {
			const char *q = strstr(logical.buf, "-$(CONFIG_");

			stack_guards(&st, st.n, &set);
			/* obj-$(CONFIG_X) += ...: built when X is y or m */
			if (q) {
				const char *sym = q + 10, *e = sym;

				while (e < end && is_ident(*e))
					e++;
				if (e > sym && e < end && *e == ')')
					guard_set_add(&set, sym, e - sym, GUARD_ON, 0);
			}
			add_symbols(&set, logical.buf, logical.len, GUARD_ANY, 0);
		}
		for (i = 0; i < n && line <= out->nlines; i++, line++)
			guard_set_merge(&out->lines[line], &set);
		guard_set_release(&set);
	}
	stack_release(&st);
	strbuf_release(&logical);
}

/* Kconfig files: a line belongs to the config (or menuconfig) block above it. */
static void scan_kconfig(const char *text, struct guard_file *out)
{
	static const char *const enders[] = {
		"menu", "endmenu", "choice", "endchoice", "if", "endif", "source", "rsource",
		"osource", "orsource", "comment", "mainmenu",
	};
	const char *pos = text, *sym = NULL;
	size_t line, symlen = 0, help_indent = 0;
	int in_help = 0;

	for (line = 1; *pos && line <= out->nlines; line++) {
		const char *eol = strchrnul(pos, '\n'), *p = pos;
		size_t indent = 0, k;

		while (p < eol && (*p == ' ' || *p == '\t'))
			indent += *p++ == '\t' ? 8 - indent % 8 : 1;
		if (in_help && p < eol) {
			if (!help_indent)
				help_indent = indent;
			if (indent < help_indent)
				in_help = 0;
		}
		if (!in_help && p < eol) {
			const char *q = p;

			if (match_word(&q, eol, "config") || match_word(&q, eol, "menuconfig")) {
				skip_blanks(&q, eol);
				sym = q;
				while (q < eol && is_ident(*q))
					q++;
				symlen = q - sym;
				if (!symlen)
					sym = NULL;
			} else if (match_word(&q, eol, "help") || match_word(&q, eol, "---help---")) {
				in_help = 1;
				help_indent = 0;
			} else {
				for (k = 0; k < ARRAY_SIZE(enders); k++) {
					q = p;
					if (match_word(&q, eol, enders[k]))
						sym = NULL;
				}
			}
		}
		if (sym)
			guard_set_add(&out->lines[line], sym, symlen, GUARD_ANY, 0);
		pos = *eol ? eol + 1 : eol;
	}
}

void guards_scan_file(const char *text, enum guard_kind kind, struct guard_file *out)
{
	out->nlines = count_lines(text);
	out->lines = xcalloc(out->nlines + 1, sizeof(*out->lines));
	if (kind == GUARD_KIND_C)
		scan_c(text, out);
	else if (kind == GUARD_KIND_MAKE)
		scan_make(text, out);
	else if (kind == GUARD_KIND_KCONFIG)
		scan_kconfig(text, out);
}

/* Diffs */

static void push_line(size_t **v, size_t *n, size_t *alloc, size_t line)
{
	if (*n == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 16;
		*v = xrealloc(*v, *alloc * sizeof(**v));
	}
	(*v)[(*n)++] = line;
}

/* A decimal number at *p (capped, never overflowing): 0, or -1 if there is none. */
static int parse_num(const char **p, size_t *val)
{
	const char *s = *p;
	size_t v = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		if (v < (size_t)1 << 40)
			v = v * 10 + (size_t)(*s - '0');
		s++;
	}
	*p = s;
	*val = v;
	return 0;
}

/* "-a[,b] +c[,d] @@" */
static int parse_hunk(const char *s, size_t *a, size_t *b, size_t *c, size_t *d)
{
	if (*s++ != '-' || parse_num(&s, a))
		return -1;
	*b = 1;
	if (*s == ',' && (s++, parse_num(&s, b)))
		return -1;
	if (*s++ != ' ' || *s++ != '+' || parse_num(&s, c))
		return -1;
	*d = 1;
	if (*s == ',' && (s++, parse_num(&s, d)))
		return -1;
	return strncmp(s, " @@", 3) ? -1 : 0;
}

/* "a/path" after "--- " or "+++ ": the path, NULL for /dev/null, "" if quoted. */
static char *diff_path(const char *s, size_t len, char prefix)
{
	if (len == 9 && !memcmp(s, "/dev/null", 9))
		return NULL;
	if (len < 2 || s[0] != prefix || s[1] != '/')
		return xstrdup("");
	/* git diff-tree ends a path with a tab only when it has blanks in it */
	if (memchr(s, '\t', len))
		len = (const char *)memchr(s, '\t', len) - s;
	return xstrndup(s + 2, len - 2);
}

int guards_parse_diff(const char *text, struct diff_files *out)
{
	const char *p = text;
	struct diff_file *f = NULL;
	size_t old_line = 0, new_line = 0, old_left = 0, new_left = 0;
	int any = 0;

	while (*p) {
		const char *eol = strchrnul(p, '\n');
		size_t len = eol - p;

		if (f && (old_left || new_left)) {
			if (*p == '-' && old_left) {
				push_line(&f->del, &f->ndel, &f->del_alloc, old_line++);
				old_left--;
			} else if (*p == '+' && new_left) {
				push_line(&f->add, &f->nadd, &f->add_alloc, new_line++);
				new_left--;
			} else if (*p == ' ' && old_left && new_left) {
				old_line++, new_line++;
				old_left--, new_left--;
			} else if (*p != '\\') {
				old_left = new_left = 0;	/* a short hunk: resync */
				continue;
			}
		} else if (!strncmp(p, "diff --git ", 11)) {
			if (out->n == out->alloc) {
				out->alloc = out->alloc ? 2 * out->alloc : 8;
				out->v = xrealloc(out->v, out->alloc * sizeof(*out->v));
			}
			f = &out->v[out->n++];
			memset(f, 0, sizeof(*f));
			any = 1;
		} else if (f && !strncmp(p, "--- ", 4)) {
			free(f->old_path);
			f->old_path = diff_path(p + 4, len - 4, 'a');
		} else if (f && !strncmp(p, "+++ ", 4)) {
			free(f->new_path);
			f->new_path = diff_path(p + 4, len - 4, 'b');
		} else if (f && !strncmp(p, "@@ ", 3)) {
			size_t a, b, c, d;

			if (!parse_hunk(p + 3, &a, &b, &c, &d)) {
				old_line = a, old_left = b;
				new_line = c, new_left = d;
			}
		}
		p = *eol ? eol + 1 : eol;
	}
	return any || !*text ? 0 : -1;
}

void diff_files_release(struct diff_files *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].old_path);
		free(d->v[i].new_path);
		free(d->v[i].del);
		free(d->v[i].add);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}

/* Counting */

static void count_guard(struct guard_counts *c, const struct guard *g)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		struct guard *h = &c->v[i].g;

		if (!strcmp(h->symbol, g->symbol) && h->mask == g->mask &&
		    h->complex == g->complex) {
			c->v[i].lines++;
			return;
		}
	}
	if (c->n == c->alloc) {
		c->alloc = c->alloc ? 2 * c->alloc : 16;
		c->v = xrealloc(c->v, c->alloc * sizeof(*c->v));
	}
	c->v[c->n].g = *g;
	c->v[c->n].g.symbol = xstrdup(g->symbol);
	c->v[c->n].lines = 1;
	c->n++;
}

static void count_lines_of(const size_t *lines, size_t n, const struct guard_file *f,
			   struct guard_counts *c)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		const struct guard_set *s = f && lines[i] >= 1 && lines[i] <= f->nlines ?
					    &f->lines[lines[i]] : NULL;

		c->changed++;
		if (!s || !s->n) {
			c->unguarded++;
			continue;
		}
		for (k = 0; k < s->n; k++)
			count_guard(c, &s->v[k]);
	}
}

void guards_count_file(const struct diff_file *f, const struct guard_file *pre,
		       const struct guard_file *post, struct guard_counts *c)
{
	c->files++;
	count_lines_of(f->del, f->ndel, pre, c);
	count_lines_of(f->add, f->nadd, post, c);
}

static int compare_counts(const void *a, const void *b)
{
	const struct guard_count *x = a, *y = b;
	int r = strcmp(x->g.symbol, y->g.symbol);

	if (r)
		return r;
	if (x->g.complex != y->g.complex)
		return x->g.complex - y->g.complex;
	return (int)x->g.mask - (int)y->g.mask;
}

void guard_counts_sort(struct guard_counts *c)
{
	if (c->n)
		qsort(c->v, c->n, sizeof(*c->v), compare_counts);
}

void guard_counts_release(struct guard_counts *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->v[i].g.symbol);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* With git */

/* The content of rev:path, untrimmed; -1 if git cannot show it. */
static int read_blob(const char *repo, const char *rev, const char *path, struct strbuf *out)
{
	char *spec = xasprintf("%s:%s", rev, path);
	const char *argv[] = { "git", "-C", repo, "cat-file", "blob", spec, NULL };
	struct child c = { .argv = argv, .capture = out, .quiet = 1 };
	int ret;

	strbuf_reset(out);
	ret = run_child(&c);
	free(spec);
	return ret ? -1 : 0;
}

static int scan_blob(const char *repo, const char *rev, const char *path,
		     enum guard_kind kind, struct guard_file *f)
{
	struct strbuf text = STRBUF_INIT;

	if (read_blob(repo, rev, path, &text)) {
		strbuf_release(&text);
		return error("cannot read %s of %.12s", path, rev);
	}
	guards_scan_file(text.buf, kind, f);
	strbuf_release(&text);
	return 0;
}

static int count_file(const struct diff_file *f, enum guard_kind kind,
		      const struct guard_file *pre, const struct guard_file *post, void *data)
{
	guards_count_file(f, pre, post, data);
	return 0;
}

int guards_commit(const char *repo, const char *commit, struct guard_counts *c)
{
	if (guards_commit_each(repo, commit, count_file, c))
		return -1;
	guard_counts_sort(c);
	return 0;
}

/* Per line (coverage.c) */

void guard_set_format(const struct guard_set *s, struct strbuf *out)
{
	size_t i, start = out->len;

	for (i = 0; i < s->n; i++) {
		const struct guard *g = &s->v[i];

		if (!g->complex && g->mask == GUARD_ANY)
			continue;	/* compiled either way: it decides nothing */
		strbuf_addf(out, "%s%s=%s", out->len > start ? " " : "", g->symbol,
			    guard_arm_name(g));
	}
}

int guards_commit_each(const char *repo, const char *commit, guards_file_fn fn, void *data)
{
	struct strbuf diff = STRBUF_INIT, parent = STRBUF_INIT, sha = STRBUF_INIT;
	struct diff_files files = { 0 };
	char *spec = xasprintf("%s^{commit}", commit), *parent_rev = NULL;
	size_t i;
	int ret = -1, has_parent;

	if (*commit == '-' || git_quiet(repo, &sha, "rev-parse", "--verify", "-q", spec, NULL)) {
		error("%s is not a commit of %s", commit, repo);
		goto out;
	}
	commit = sha.buf;
	parent_rev = xasprintf("%s^", commit);
	has_parent = !git_quiet(repo, &parent, "rev-parse", "--verify", "-q", parent_rev, NULL);
	if (git(repo, &diff, "-c", "core.quotePath=false", "diff-tree", "-p", "-U0",
		"--no-color", "--no-ext-diff", "--no-renames", "--src-prefix=a/",
		"--dst-prefix=b/", "-r", has_parent ? parent.buf : "--root", commit, NULL))
		goto out;
	strbuf_add(&diff, "\n", 1);
	if (guards_parse_diff(diff.buf, &files)) {
		error("cannot read the diff of %.12s", commit);
		goto out;
	}
	ret = 0;
	for (i = 0; i < files.n && !ret; i++) {
		const struct diff_file *f = &files.v[i];
		const char *path = f->new_path ? f->new_path : f->old_path;
		struct guard_file pre = { 0 }, post = { 0 };
		enum guard_kind kind;

		if (!path)
			continue;
		if (!*path || (f->old_path && !*f->old_path)) {
			warning("%.12s: a path git had to quote is not scanned", commit);
			continue;
		}
		kind = guards_kind(path);
		if (kind == GUARD_KIND_NONE)
			continue;
		if ((f->ndel && has_parent && f->old_path &&
		     scan_blob(repo, parent.buf, f->old_path, kind, &pre)) ||
		    (f->nadd && f->new_path && scan_blob(repo, commit, f->new_path, kind, &post)))
			ret = -1;
		else
			ret = fn(f, kind, &pre, &post, data);
		guard_file_release(&pre);
		guard_file_release(&post);
	}
out:
	diff_files_release(&files);
	strbuf_release(&diff);
	strbuf_release(&parent);
	strbuf_release(&sha);
	free(parent_rev);
	free(spec);
	return ret;
}
