// SPDX-License-Identifier: GPL-2.0
/*
 * dotconfig.c - the one reader of a .config text (see dotconfig.h). Every
 * reading goes through read_line(), so a table, a single look-up and the
 * filter of assignment lines agree on what a line says.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/dotconfig.h"

struct assignment {
	const char *name, *value;
	size_t name_len, value_len;
	int not_set;		/* "# CONFIG_X is not set" */
};

static size_t name_span(const char *p, const char *eol)
{
	const char *q = p;

	while (q < eol && (isalnum((unsigned char)*q) || *q == '_'))
		q++;
	return q - p;
}

/* What the line [p, eol) assigns; 0 if it is a comment (or not a line Kconfig reads). */
static int read_line(const char *p, const char *eol, struct assignment *a)
{
	/* Kconfig drops a CR before the newline; blanks after a value mean nothing either. */
	while (eol > p && (eol[-1] == '\r' || eol[-1] == ' ' || eol[-1] == '\t'))
		eol--;
	if (eol - p > 7 && !strncmp(p, "CONFIG_", 7)) {
		a->name = p + 7;
		a->name_len = name_span(a->name, eol);
		if (!a->name_len || a->name + a->name_len == eol || a->name[a->name_len] != '=')
			return 0;
		a->value = a->name + a->name_len + 1;
		a->value_len = eol - a->value;
		a->not_set = 0;
		return 1;
	}
	if (eol - p > 9 && !strncmp(p, "# CONFIG_", 9)) {
		a->name = p + 9;
		a->name_len = name_span(a->name, eol);
		if (!a->name_len || (size_t)(eol - a->name - a->name_len) < 11 ||
		    strncmp(a->name + a->name_len, " is not set", 11))
			return 0;
		a->value = "n";
		a->value_len = 1;
		a->not_set = 1;
		return 1;
	}
	return 0;
}

/* Call fn for each assignment of text, in order, until it returns nonzero. */
static int for_each_assignment(const char *text,
			       int (*fn)(const struct assignment *a, const char *line,
					 const char *eol, void *data),
			       void *data)
{
	const char *p, *eol;
	int ret;

	for (p = text; p && *p; p = *eol ? eol + 1 : eol) {
		struct assignment a;

		eol = strchrnul(p, '\n');
		if (read_line(p, eol, &a) && (ret = fn(&a, p, eol, data)))
			return ret;
	}
	return 0;
}

/* The table */

static int add_entry(const struct assignment *a, const char *line, const char *eol, void *data)
{
	struct dotconfig *dc = data;

	if (dc->n == dc->alloc) {
		dc->alloc = dc->alloc ? 2 * dc->alloc : 256;
		dc->v = xrealloc(dc->v, dc->alloc * sizeof(*dc->v));
	}
	dc->v[dc->n].name = xstrndup(a->name, a->name_len);
	dc->v[dc->n].value = xstrndup(a->value, a->value_len);
	dc->n++;
	return 0;
}

/* By name, then by place in the text. */
static int compare_indices(const void *a, const void *b, void *data)
{
	const struct dotconfig *dc = data;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(dc->v[i].name, dc->v[j].name);

	return c ? c : (i > j) - (i < j);
}

void dotconfig_parse(const char *text, struct dotconfig *dc)
{
	size_t i;

	memset(dc, 0, sizeof(*dc));
	for_each_assignment(text, add_entry, dc);
	if (!dc->n)
		return;
	dc->by_name = xcalloc(dc->n, sizeof(*dc->by_name));
	for (i = 0; i < dc->n; i++)
		dc->by_name[i] = i;
	qsort_r(dc->by_name, dc->n, sizeof(*dc->by_name), compare_indices, dc);
	/* Of a name assigned twice, keep the last in the text: Kconfig's reading. */
	for (i = 0; i < dc->n; i++) {
		if (i + 1 < dc->n &&
		    !strcmp(dc->v[dc->by_name[i]].name, dc->v[dc->by_name[i + 1]].name))
			continue;
		dc->by_name[dc->nby_name++] = dc->by_name[i];
	}
}

void dotconfig_release(struct dotconfig *dc)
{
	size_t i;

	for (i = 0; i < dc->n; i++) {
		free(dc->v[i].name);
		free(dc->v[i].value);
	}
	free(dc->v);
	free(dc->by_name);
	memset(dc, 0, sizeof(*dc));
}

const char *dotconfig_get(const struct dotconfig *dc, const char *name)
{
	size_t lo = 0, hi = dc->nby_name;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct dotconfig_entry *e = &dc->v[dc->by_name[mid]];
		int c = strcmp(name, e->name);

		if (!c)
			return e->value;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Values */

char dotconfig_tristate_of(const char *value)
{
	if (!value)
		return 'n';
	if ((*value == 'y' || *value == 'm' || *value == 'n') && !value[1])
		return *value;
	return 'v';
}

char *dotconfig_unquote(const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	if (!value || *value != '"')
		return NULL;
	/* Kconfig writes a string with '"' and '\\' escaped by a backslash. */
	for (p = value + 1; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
			p++;
		strbuf_add(&sb, p, 1);
	}
	if (*p != '"') {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* One look-up */

struct lookup {
	const char *name;
	size_t name_len;
	int found;
	struct assignment last;		/* of name, so far */
};

static int match_name(const struct assignment *a, const char *line, const char *eol, void *data)
{
	struct lookup *l = data;

	if (a->name_len == l->name_len && !strncmp(a->name, l->name, a->name_len)) {
		l->last = *a;
		l->found = 1;
	}
	return 0;
}

char *dotconfig_value(const char *text, const char *name)
{
	struct lookup l = { .name = name, .name_len = strlen(name) };

	for_each_assignment(text, match_name, &l);
	return l.found ? xstrndup(l.last.value, l.last.value_len) : NULL;
}

char dotconfig_tristate(const char *text, const char *name)
{
	char *value = dotconfig_value(text, name);
	char c = dotconfig_tristate_of(value);

	free(value);
	return c;
}

char *dotconfig_string(const char *text, const char *name)
{
	char *value = dotconfig_value(text, name);
	char *s = dotconfig_unquote(value);

	free(value);
	return s;
}

/* Lines */

static int add_line(const struct assignment *a, const char *line, const char *eol, void *data)
{
	struct strbuf *out = data;

	if (!a->not_set) {
		strbuf_add(out, line, eol - line);
		strbuf_add(out, "\n", 1);
	}
	return 0;
}

void dotconfig_assignment_lines(const char *text, struct strbuf *out)
{
	for_each_assignment(text, add_line, out);
}
