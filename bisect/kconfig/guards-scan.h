/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guards-scan.h - what the scanners of guards.c share, not part of guards.h:
 * the C preprocessor scanner (guards-cpp.c) and the Makefile/Kbuild and
 * Kconfig scanners (guards-kbuild.c) read text with the same few helpers,
 * and a Makefile's ifdef/ifeq/else/endif go through the same stack of
 * conditionals as #if/#elif/#else/#endif, so that both give a line its
 * guards alike (guards-scan.c). guards_scan_file() (guards.c) picks the
 * scanner.
 */
#ifndef BISECT_GUARDS_SCAN_H
#define BISECT_GUARDS_SCAN_H

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "kconfig/guard-set.h"

/* Reading text */

static inline int is_ident(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static inline void skip_blanks(const char **p, const char *end)
{
	while (*p < end && isspace((unsigned char)**p))
		(*p)++;
}

static inline int match_word(const char **p, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - *p) < n || memcmp(*p, word, n) || (*p + n < end && is_ident((*p)[n])))
		return 0;
	*p += n;
	return 1;
}

/* Conditions: a literal is one symbol and the arms under which it holds */

struct cond {
	struct guard_set lits;	/* the symbols and their arms when the condition holds */
	int single;		/* exactly one simple literal and nothing else: negatable */
};

static inline void cond_release(struct cond *c)
{
	guard_set_release(&c->lits);
	c->single = 0;
}

size_t guards_add_symbols(struct guard_set *set, const char *s, size_t len,
			  unsigned mask, int complex);

/* The stack of open conditionals (guards-scan.c) */

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

enum directive { D_NONE, D_IF, D_ELIF, D_ELSE, D_ENDIF };

void guards_stack_release(struct stack *st);
void guards_stack_guards(const struct stack *st, size_t upto, struct guard_set *out);
void guards_apply_directive(struct stack *st, enum directive d, struct cond *c,
			    struct guard_set *line);

#endif
