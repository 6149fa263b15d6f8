// SPDX-License-Identifier: GPL-2.0
/* guards-arch.c - the changed lines of each architecture (guards-arch.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards-arch.h"
#include "lib/util.h"

int arch_claims_init(struct arch_claims *c)
{
	char **names;
	size_t n, i;

	memset(c, 0, sizeof(*c));
	if (arch_names(&names, &n))
		return 0;	/* no configs/arch/: every line is x86_64's */
	c->arches = xcalloc(n ? n : 1, sizeof(*c->arches));
	for (i = 0; i < n; i++) {
		char why[256];

		if (strcmp(names[i], ARCH_DEFAULT) &&
		    !arch_load(names[i], &c->arches[c->narches], why, sizeof(why)))
			c->narches++;
		free(names[i]);
	}
	free(names);
	c->lines = xcalloc(c->narches ? c->narches : 1, sizeof(*c->lines));
	return 0;
}

void arch_claims_init_with(struct arch_claims *c, struct arch_desc *arches, size_t n)
{
	memset(c, 0, sizeof(*c));
	c->arches = xcalloc(n ? n : 1, sizeof(*c->arches));
	memcpy(c->arches, arches, n * sizeof(*arches));
	memset(arches, 0, n * sizeof(*arches));
	c->narches = n;
	c->lines = xcalloc(n ? n : 1, sizeof(*c->lines));
}

static int under(const char *path, const char *dir)
{
	size_t len = dir ? strlen(dir) : 0;

	return len && !strncmp(path, dir, len) && path[len] == '/';
}

static int guarded_by(const struct guard_set *s, const char *symbol)
{
	size_t i;

	for (i = 0; s && symbol && i < s->n; i++)
		if (!strcmp(s->v[i].symbol, symbol))
			return 1;
	return 0;
}

/* The line's guards into l: a complex condition needs both arms. */
static void add_line(struct arch_lines *l, const struct guard_set *s)
{
	size_t i, k;

	l->lines++;
	for (k = 0; s && k < s->n; k++) {
		unsigned mask = s->v[k].complex ? GUARD_ANY : s->v[k].mask;

		for (i = 0; i < l->nsymbols && strcmp(l->symbols[i], s->v[k].symbol); i++)
			;
		if (i == l->nsymbols) {
			l->symbols = xrealloc(l->symbols, (i + 1) * sizeof(*l->symbols));
			l->masks = xrealloc(l->masks, (i + 1) * sizeof(*l->masks));
			l->symbols[i] = xstrdup(s->v[k].symbol);
			l->masks[i] = 0;
			l->nsymbols++;
		}
		l->masks[i] |= mask;
	}
}

static void claim_lines(struct arch_claims *c, const char *path, const size_t *lines, size_t n,
			const struct guard_file *f)
{
	int x86_tree = under(path, "arch/x86");
	size_t i, a;

	for (i = 0; i < n; i++) {
		const struct guard_set *s = f && lines[i] >= 1 && lines[i] <= f->nlines ?
					    &f->lines[lines[i]] : NULL;
		int claimed = 0;

		for (a = 0; a < c->narches; a++)
			if (under(path, c->arches[a].source_dir) ||
			    guarded_by(s, c->arches[a].symbol)) {
				add_line(&c->lines[a], s);
				claimed = 1;
			}
		if (!claimed || x86_tree)
			add_line(&c->own, s);
	}
}

void arch_claims_file(struct arch_claims *c, const struct diff_file *f,
		      const struct guard_file *pre, const struct guard_file *post)
{
	if (f->old_path)
		claim_lines(c, f->old_path, f->del, f->ndel, pre);
	if (f->new_path)
		claim_lines(c, f->new_path, f->add, f->nadd, post);
}

struct count_and_claim {
	struct guard_counts *counts;
	struct arch_claims *claims;
};

static int count_and_claim_file(const struct diff_file *f, enum guard_kind kind,
				const struct guard_file *pre, const struct guard_file *post,
				void *data)
{
	struct count_and_claim *cc = data;

	guards_count_file(f, pre, post, cc->counts);
	arch_claims_file(cc->claims, f, pre, post);
	return 0;
}

int guards_commit_claims(const char *repo, const char *commit, struct guard_counts *counts,
			 struct arch_claims *c)
{
	struct count_and_claim cc = { counts, c };

	if (guards_commit_each(repo, commit, count_and_claim_file, &cc))
		return -1;
	guard_counts_sort(counts);
	return 0;
}

static void arch_lines_release(struct arch_lines *l)
{
	size_t i;

	for (i = 0; i < l->nsymbols; i++)
		free(l->symbols[i]);
	free(l->symbols);
	free(l->masks);
	memset(l, 0, sizeof(*l));
}

void arch_claims_release(struct arch_claims *c)
{
	size_t i;

	arch_lines_release(&c->own);
	for (i = 0; i < c->narches; i++) {
		arch_release(&c->arches[i]);
		arch_lines_release(&c->lines[i]);
	}
	free(c->arches);
	free(c->lines);
	memset(c, 0, sizeof(*c));
}
