// SPDX-License-Identifier: GPL-2.0
/*
 * codediff.c - two codeprints compared (codediff.h). Both symbol tables
 * are sorted by name, so one walk over the two finds what was added,
 * removed or changed (another size or digest). The bug tables are compared
 * entry by entry: the same entries in the same files, differing in their
 * line numbers only, are a line moved (a comment reflowed above a WARN),
 * not a change of code, and are counted by file.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "judge/codediff.h"
#include "lib/util.h"

struct line {
	const char *p;
	size_t len;
};

/* The next line of *s (without its newline); 0 at the end. */
static int next_line(const char **s, struct line *l)
{
	const char *end;

	if (!*s || !**s)
		return 0;
	end = strchrnul(*s, '\n');
	l->p = *s;
	l->len = end - *s;
	*s = *end ? end + 1 : end;
	return 1;
}

/* Field i (from 0) of a tab-separated line, as an allocated string. */
static char *field(const struct line *l, int i)
{
	const char *p = l->p, *end = l->p + l->len, *tab;

	while (i-- > 0) {
		tab = memchr(p, '\t', end - p);
		if (!tab)
			return xstrdup("");
		p = tab + 1;
	}
	tab = memchr(p, '\t', end - p);
	return xstrndup(p, (tab ? tab : end) - p);
}

static int name_cmp(const struct line *a, const struct line *b)
{
	size_t la = strcspn(a->p, "\t\n"), lb = strcspn(b->p, "\t\n");
	int c = memcmp(a->p, b->p, la < lb ? la : lb);

	return c ? c : (la > lb) - (la < lb);
}

static void add_symbol(struct codediff *d, const struct line *l, long long old_size,
		       long long new_size)
{
	struct codediff_symbol *s;
	char *letter = field(l, 1);

	d->symbols = xrealloc(d->symbols, (d->nsymbols + 1) * sizeof(*d->symbols));
	s = &d->symbols[d->nsymbols++];
	s->name = field(l, 0);
	s->letter = *letter ? *letter : '?';
	s->old_size = old_size;
	s->new_size = new_size;
	d->delta += (new_size < 0 ? 0 : new_size) - (old_size < 0 ? 0 : old_size);
	if (old_size < 0)
		d->added++;
	else if (new_size < 0)
		d->removed++;
	else
		d->changed++;
	free(letter);
}

static long long size_of(const struct line *l)
{
	char *f = field(l, 2);
	long long v = atoll(f);

	free(f);
	return v;
}

static void compare_symbols(const char *old, const char *new, struct codediff *d)
{
	struct line a, b;
	int has_a = next_line(&old, &a), has_b = next_line(&new, &b);

	while (has_a || has_b) {
		int c = !has_a ? 1 : !has_b ? -1 : name_cmp(&a, &b);

		if (c < 0) {
			add_symbol(d, &a, size_of(&a), -1);
			has_a = next_line(&old, &a);
		} else if (c > 0) {
			add_symbol(d, &b, -1, size_of(&b));
			has_b = next_line(&new, &b);
		} else {
			if (a.len != b.len || memcmp(a.p, b.p, a.len))
				add_symbol(d, &b, size_of(&a), size_of(&b));
			has_a = next_line(&old, &a);
			has_b = next_line(&new, &b);
		}
	}
}

/* Sections by name whose size or digest differ, or that one side lacks. */
static void compare_sections(const char *old, const char *new, struct codediff *d)
{
	struct line a, b;
	const char *o;

	while (next_line(&new, &b)) {
		int same = 0;

		for (o = old; next_line(&o, &a) && !same;)
			same = a.len == b.len && !memcmp(a.p, b.p, a.len);
		if (!same) {
			d->sections = xrealloc(d->sections, (d->nsections + 1) * sizeof(char *));
			d->sections[d->nsections++] = field(&b, 0);
		}
	}
}

static void count_file(struct codediff *d, const struct line *l)
{
	char *file = field(l, 0);
	size_t i;

	d->line_entries++;
	for (i = 0; i < d->nfiles; i++)
		if (!strcmp(d->files[i].file, file)) {
			d->files[i].entries++;
			free(file);
			return;
		}
	d->files = xrealloc(d->files, (d->nfiles + 1) * sizeof(*d->files));
	d->files[d->nfiles].file = file;
	d->files[d->nfiles++].entries = 1;
}

/* Entry by entry: the same file and flags, another line, is a line moved. */
static void compare_bugs(const char *old, const char *new, struct codediff *d)
{
	struct line a, b;
	int has_a = next_line(&old, &a), has_b = next_line(&new, &b);

	for (; has_a && has_b; has_a = next_line(&old, &a), has_b = next_line(&new, &b)) {
		char *fa, *fb, *ga, *gb;
		int same_place;

		if (a.len == b.len && !memcmp(a.p, b.p, a.len))
			continue;
		fa = field(&a, 0);
		fb = field(&b, 0);
		ga = field(&a, 2);
		gb = field(&b, 2);
		same_place = !strcmp(fa, fb) && !strcmp(ga, gb);
		if (same_place)
			count_file(d, &b);
		else
			d->bug_table_changed = 1;
		free(fa);
		free(fb);
		free(ga);
		free(gb);
	}
	if (has_a || has_b)
		d->bug_table_changed = 1;
}

void codediff_compare(const struct codeprint *old, const struct codeprint *new,
		      struct codediff *d)
{
	memset(d, 0, sizeof(*d));
	d->text[0] = d->text[1] = d->data[0] = d->data[1] = d->bss[0] = d->bss[1] = -1;
	if (new) {
		d->seconds = new->seconds;
		d->build_seconds = new->build_seconds;
	}
	if (!old || !new)
		return;
	d->text[0] = old->text;
	d->text[1] = new->text;
	d->data[0] = old->data;
	d->data[1] = new->data;
	d->bss[0] = old->bss;
	d->bss[1] = new->bss;
	if (old->image_sha && new->image_sha && !strcmp(old->image_sha, new->image_sha)) {
		d->kind = CODEDIFF_IDENTICAL;
		return;
	}
	compare_symbols(old->symbols, new->symbols, d);
	compare_bugs(old->bug_entries, new->bug_entries, d);
	if (!d->nsymbols && !d->bug_table_changed)
		compare_sections(old->sections, new->sections, d);
	d->kind = d->nsymbols || d->bug_table_changed || d->nsections ? CODEDIFF_CHANGED :
		  CODEDIFF_CODE_IDENTICAL;
	d->image_only = d->kind == CODEDIFF_CODE_IDENTICAL && !d->line_entries;
}

void codediff_release(struct codediff *d)
{
	size_t i;

	for (i = 0; i < d->nsymbols; i++)
		free(d->symbols[i].name);
	for (i = 0; i < d->nfiles; i++)
		free(d->files[i].file);
	for (i = 0; i < d->nsections; i++)
		free(d->sections[i]);
	free(d->symbols);
	free(d->files);
	free(d->sections);
	memset(d, 0, sizeof(*d));
}

const char *codediff_kind_name(enum codediff_kind kind)
{
	switch (kind) {
	case CODEDIFF_IDENTICAL:
		return "identical";
	case CODEDIFF_CODE_IDENTICAL:
		return "code identical";
	case CODEDIFF_CHANGED:
		return "changed";
	default:
		return "unknown";
	}
}
