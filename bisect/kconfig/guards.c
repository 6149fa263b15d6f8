// SPDX-License-Identifier: GPL-2.0
/*
 * guards.c: the Kconfig symbols that guard each line of a C file, a Makefile
 * or a Kconfig file, and the changed lines of a commit counted per symbol and
 * arm. Everything but guards_commit() works on text only. The scanners
 * are modules of their own, guards-cpp.c for C and guards-kbuild.c for
 * Makefiles, Kbuild and Kconfig files, over guards-scan.c and guard-set.c:
 * guards_scan_file()
 * picks one.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards-cpp.h"
#include "kconfig/guards-kbuild.h"
#include "kconfig/guards.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* Guard sets */

/* Every symbol of from, as deciding both arms. */

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

void guards_scan_file(const char *text, enum guard_kind kind, struct guard_file *out)
{
	out->nlines = count_lines(text);
	out->lines = xcalloc(out->nlines + 1, sizeof(*out->lines));
	if (kind == GUARD_KIND_C)
		guards_scan_c(text, out);
	else if (kind == GUARD_KIND_MAKE)
		guards_scan_make(text, out);
	else if (kind == GUARD_KIND_KCONFIG)
		guards_scan_kconfig(text, out);
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
