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
