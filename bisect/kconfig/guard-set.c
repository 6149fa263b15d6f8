// SPDX-License-Identifier: GPL-2.0
/*
 * guard-set.c - sets of (Kconfig symbol, arms) and a file's guards per
 * line: the values every scanner of guards-cpp.c and guards-kbuild.c fills
 * and guards.c counts.
 */
#include <stdlib.h>
#include <string.h>

#include "kconfig/guard-set.h"
#include "lib/util.h"

/* Sets up to this size are searched in order; bigger ones get an index. */
#define GUARD_SET_INDEX_FROM	16

static size_t symbol_hash(const char *symbol, size_t len)
{
	size_t h = 5381, i;

	for (i = 0; i < len; i++)
		h = h * 33 + (unsigned char)symbol[i];
	return h;
}

static int same_symbol(const struct guard *g, const char *symbol, size_t len)
{
	return !strncmp(g->symbol, symbol, len) && !g->symbol[len];
}

/* The slot of symbol in the index: its entry's, or the empty one it would take. */
static size_t *index_slot(const struct guard_set *s, const char *symbol, size_t len)
{
	size_t mask = s->nslots - 1, i = symbol_hash(symbol, len) & mask;

	while (s->slots[i] && !same_symbol(&s->v[s->slots[i] - 1], symbol, len))
		i = (i + 1) & mask;
	return &s->slots[i];
}

/* The index made, or made bigger, for every entry of v (at most half full). */
static void index_grow(struct guard_set *s)
{
	size_t i;

	free(s->slots);
	s->nslots = s->nslots ? 2 * s->nslots : 4 * GUARD_SET_INDEX_FROM;
	s->slots = xcalloc(s->nslots, sizeof(*s->slots));
	for (i = 0; i < s->n; i++) {
		size_t *slot = index_slot(s, s->v[i].symbol, strlen(s->v[i].symbol));

		if (!*slot)	/* the first of two alike, as a search in order finds */
			*slot = i + 1;
	}
}

static struct guard *guard_set_find(const struct guard_set *s, const char *symbol, size_t len)
{
	size_t i;

	if (s->slots) {
		size_t at = *index_slot(s, symbol, len);

		return at ? &s->v[at - 1] : NULL;
	}
	for (i = 0; i < s->n; i++)
		if (same_symbol(&s->v[i], symbol, len))
			return &s->v[i];
	return NULL;
}

void guard_set_add(struct guard_set *s, const char *symbol, size_t len, unsigned mask,
		   int complex)
{
	struct guard *g = memchr(symbol, '\0', len) ? NULL : guard_set_find(s, symbol, len);

	if (g) {
		g->mask &= mask;
		g->complex |= complex;
		return;
	}
	if (s->n >= GUARD_SET_MAX)
		return;
	if (s->n == s->alloc) {
		s->alloc = s->alloc ? 2 * s->alloc : 4;
		s->v = xrealloc(s->v, s->alloc * sizeof(*s->v));
	}
	s->v[s->n].symbol = xstrndup(symbol, len);
	s->v[s->n].mask = mask;
	s->v[s->n].complex = complex;
	s->n++;
	if (s->slots && 2 * s->n <= s->nslots) {
		size_t *slot = index_slot(s, s->v[s->n - 1].symbol, strlen(s->v[s->n - 1].symbol));

		if (!*slot)
			*slot = s->n;
	} else if (s->n >= GUARD_SET_INDEX_FROM)
		index_grow(s);
}

void guard_set_move(struct guard_set *to, struct guard_set *from)
{
	guard_set_release(to);
	*to = *from;
	memset(from, 0, sizeof(*from));
}

void guard_set_merge(struct guard_set *to, const struct guard_set *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		guard_set_add(to, from->v[i].symbol, strlen(from->v[i].symbol), from->v[i].mask,
			      from->v[i].complex);
}

void guard_set_merge_any(struct guard_set *to, const struct guard_set *from)
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
	free(s->slots);
	s->v = NULL;
	s->slots = NULL;
	s->n = s->alloc = s->nslots = 0;
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
