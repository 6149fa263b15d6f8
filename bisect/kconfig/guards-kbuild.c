// SPDX-License-Identifier: GPL-2.0
/*
 * guards-kbuild.c - the Makefile/Kbuild and Kconfig scanners of guards.c.
 * Kbuild decides what is compiled with obj-$(CONFIG_X) and ifdef/ifeq, and
 * Kconfig with its config blocks, not with the preprocessor: their own
 * syntax, kept apart from the C scanner (guards-cpp.c), whose stack of
 * conditionals a Makefile's ifdef/else/endif reuse (guards-scan.h).
 */
#define _GNU_SOURCE
#include <string.h>

#include "kconfig/guards-kbuild.h"
#include "kconfig/guards-scan.h"
#include "lib/util.h"

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
		guards_add_symbols(&c->lits, s, len, GUARD_ANY, 1);
	}
}

void guards_scan_make(const char *text, struct guard_file *out)
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
				guards_apply_directive(&st, D_ELSE, NULL, &set);
				handled = 1;
			}
		}
		for (k = 0; !handled && k < ARRAY_SIZE(conds); k++) {
			struct cond c;

			if (!match_word(&p, end, conds[k]))
				continue;
			make_cond(conds[k], p, end - p, &c);
			guards_apply_directive(&st, is_else ? D_ELIF : D_IF, &c, &set);
			cond_release(&c);
			handled = 1;
		}
		if (!handled && match_word(&p, end, "endif")) {
			guards_apply_directive(&st, D_ENDIF, NULL, &set);
			handled = 1;
		}
		if (!handled) {
			const char *q = strstr(logical.buf, "-$(CONFIG_");

			guards_stack_guards(&st, st.n, &set);
			/* obj-$(CONFIG_X) += ...: built when X is y or m */
			if (q) {
				const char *sym = q + 10, *e = sym;

				while (e < end && is_ident(*e))
					e++;
				if (e > sym && e < end && *e == ')')
					guard_set_add(&set, sym, e - sym, GUARD_ON, 0);
			}
			guards_add_symbols(&set, logical.buf, logical.len, GUARD_ANY, 0);
		}
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

/* Kconfig files: a line belongs to the config (or menuconfig) block above it. */
void guards_scan_kconfig(const char *text, struct guard_file *out)
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
