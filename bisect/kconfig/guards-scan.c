// SPDX-License-Identifier: GPL-2.0
/*
 * guards-scan.c - what the C scanner (guards-cpp.c) and the Makefile scanner
 * (guards-kbuild.c) share: the CONFIG_ symbol finder and the stack of open
 * conditionals, through which #if/#elif/#else/#endif and ifdef/ifeq/else/endif
 * give a line its guards alike.
 */
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards-scan.h"
#include "lib/util.h"

size_t guards_add_symbols(struct guard_set *set, const char *s, size_t len,
			  unsigned mask, int complex)
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

void guards_stack_release(struct stack *st)
{
	while (st->n)
		stack_pop(st);
	free(st->v);
}

/*
 * Frames deeper than GUARD_SET_MAX are not read: each has a symbol or more,
 * the set is full before them, and a line costs the same at any depth.
 */
void guards_stack_guards(const struct stack *st, size_t upto, struct guard_set *out)
{
	size_t i;

	for (i = 0; i < upto && i < st->n && i < GUARD_SET_MAX; i++)
		guard_set_merge(out, &st->v[i].cur);
}

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

/*
 * Apply one conditional directive to the stack and give the lines it spans
 * their guards: the enclosing branches, and the group's symbols as deciding
 * both arms (the directive line is where the symbol matters).
 */
void guards_apply_directive(struct stack *st, enum directive d, struct cond *c,
			    struct guard_set *line)
{
	if (d == D_IF) {
		stack_push(st);
		frame_branch(&st->v[st->n - 1], c, 1);
	} else if (st->n && (d == D_ELIF || d == D_ELSE)) {
		frame_branch(&st->v[st->n - 1], d == D_ELIF ? c : NULL, 0);
	}
	if (st->n && d != D_NONE) {
		guards_stack_guards(st, st->n - 1, line);
		guard_set_merge_any(line, &st->v[st->n - 1].all);
	}
	if (d == D_ENDIF)
		stack_pop(st);
}
