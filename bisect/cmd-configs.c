// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable configs: the configurations a run can verify, one per line:
 * the names of configs/NAME.config (but base.config, which every one of them
 * is merged over), each with the first sentence of the fragment's leading
 * comment, if it has one.
 *
 * bisectable configs --repo R BASE..TIP: per commit of the range, the Kconfig
 * symbols that guard its changed lines (guards.c), with the number of lines
 * per symbol and arm; the repository is only read, nothing is built.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "escape.h"
#include "guards.h"
#include "layout.h"
#include "util.h"

struct configs_opts {
	const char *repo;
};

static const struct opt configs_option_list[] = {
	OPT_STRING(0, "repo", struct configs_opts, repo, "REPO", NULL, OPT_FILE,
		   "the symbols guarding the changed lines of BASE..TIP of this repository"),
	OPT_END(),
};

DEFINE_CMD_OPTIONS(configs, struct configs_opts, configs_option_list);

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The first sentence of the leading '#' comment of a fragment ("" if none). */
static void describe(const char *path, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	const char *line, *end, *stop;

	if (strbuf_read_file(&text, path))
		return;
	for (line = text.buf; *line == '#'; line = end + 1) {
		end = strchrnul(line, '\n');
		line++;
		while (*line == ' ' || *line == '\t')
			line++;
		if (out->len && line < end)
			strbuf_add(out, " ", 1);
		strbuf_add(out, line, end - line);
		if (!*end)
			break;
	}
	/* Up to the first ". " (or the end of the comment). */
	stop = strstr(out->buf, ". ");
	if (stop) {
		out->len = stop - out->buf + 1;
		out->buf[out->len] = '\0';
	}
	strbuf_release(&text);
}

/* A name of the range as rev-parse reads it, never as an option. */
static int resolve(const char *repo, const char *name, struct strbuf *sha)
{
	char *spec;
	int ret;

	if (!*name || *name == '-')
		return error("'%s' is not a revision", name);
	spec = xasprintf("%s^{commit}", name);
	ret = git_quiet(repo, sha, "rev-parse", "--verify", "-q", spec, NULL);
	free(spec);
	return ret ? error("cannot resolve %s in %s", name, repo) : 0;
}

/* Over the range: lines and commits per symbol. */
struct symbol_total {
	char *symbol;
	size_t lines, commits;
	unsigned seen_in;	/* the last commit (1-based) that counted it */
};

struct totals {
	struct symbol_total *v;
	size_t n, alloc;
};

static void total_add(struct totals *t, const struct guard_count *c, unsigned commit)
{
	size_t i;

	for (i = 0; i < t->n && strcmp(t->v[i].symbol, c->g.symbol); i++)
		;
	if (i == t->n) {
		if (t->n == t->alloc) {
			t->alloc = t->alloc ? 2 * t->alloc : 16;
			t->v = xrealloc(t->v, t->alloc * sizeof(*t->v));
		}
		memset(&t->v[i], 0, sizeof(t->v[i]));
		t->v[i].symbol = xstrdup(c->g.symbol);
		t->n++;
	}
	t->v[i].lines += c->lines;
	if (t->v[i].seen_in != commit) {
		t->v[i].seen_in = commit;
		t->v[i].commits++;
	}
}

static int compare_totals(const void *a, const void *b)
{
	const struct symbol_total *x = a, *y = b;

	if (x->commits != y->commits)
		return x->commits < y->commits ? 1 : -1;
	if (x->lines != y->lines)
		return x->lines < y->lines ? 1 : -1;
	return strcmp(x->symbol, y->symbol);
}

static void print_commit(unsigned pos, const char *sha, const char *subject,
			 const struct guard_counts *c)
{
	struct strbuf safe = STRBUF_INIT;
	size_t i;

	utf8_sanitize(&safe, subject, strlen(subject));
	printf("%u %.12s %s\n", pos, sha, safe.buf);
	printf("  %zu changed line%s in %zu file%s of C, Makefiles and Kconfig, %zu guarded by no symbol\n",
	       c->changed, c->changed == 1 ? "" : "s", c->files, c->files == 1 ? "" : "s",
	       c->unguarded);
	for (i = 0; i < c->n; i++)
		printf("  %-32s %-5s %5zu\n", c->v[i].g.symbol, guard_arm_name(&c->v[i].g),
		       c->v[i].lines);
	strbuf_release(&safe);
}

static int configs_range(const char *repo, const char *range)
{
	struct strbuf base = STRBUF_INIT, tip = STRBUF_INIT, list = STRBUF_INIT;
	struct strbuf subject = STRBUF_INIT;
	struct totals totals = { 0 };
	const char *dots = strstr(range, ".."), *p;
	double start = now_seconds();
	size_t changed = 0, unguarded = 0, i;
	unsigned pos = 0;
	char *b, *t, *span;
	int ret = EXIT_ERROR;

	if (!dots) {
		error("with --repo, give a range BASE..TIP");
		return EXIT_ERROR;
	}
	b = xstrndup(range, dots - range);
	t = xstrdup(dots[2] ? dots + 2 : "HEAD");
	span = NULL;
	if (resolve(repo, b, &base) || resolve(repo, t, &tip))
		goto out;
	span = xasprintf("%s..%s", base.buf, tip.buf);
	if (git(repo, &list, "rev-list", "--reverse", "--topo-order", span, NULL))
		goto out;
	if (!list.len) {
		error("%s holds no commit", range);
		goto out;
	}
	for (p = list.buf; *p; ) {
		const char *eol = strchrnul(p, '\n');
		char *sha = xstrndup(p, eol - p);
		struct guard_counts c = { 0 };

		pos++;
		if (guards_commit(repo, sha, &c) ||
		    git(repo, &subject, "log", "-1", "--format=%s", sha, NULL)) {
			guard_counts_release(&c);
			free(sha);
			goto out;
		}
		print_commit(pos, sha, subject.buf, &c);
		changed += c.changed;
		unguarded += c.unguarded;
		for (i = 0; i < c.n; i++)
			total_add(&totals, &c.v[i], pos);
		guard_counts_release(&c);
		free(sha);
		p = *eol ? eol + 1 : eol;
	}
	if (totals.n)
		qsort(totals.v, totals.n, sizeof(*totals.v), compare_totals);
	printf("\nsymbols over the range (commits, lines):\n");
	for (i = 0; i < totals.n; i++)
		printf("  %-32s %3zu %5zu\n", totals.v[i].symbol, totals.v[i].commits,
		       totals.v[i].lines);
	printf("%u commit%s, %zu changed lines, %zu guarded by no symbol, %zu symbol%s, in %.2f s\n",
	       pos, pos == 1 ? "" : "s", changed, unguarded, totals.n, totals.n == 1 ? "" : "s",
	       now_seconds() - start);
	ret = 0;
out:
	for (i = 0; i < totals.n; i++)
		free(totals.v[i].symbol);
	free(totals.v);
	free(span);
	free(b);
	free(t);
	strbuf_release(&base);
	strbuf_release(&tip);
	strbuf_release(&list);
	strbuf_release(&subject);
	return ret;
}

int cmd_configs(struct cmd_ctx *ctx)
{
	const struct configs_opts *o = ctx->opts;
	char *dir_path = project_path("configs");
	struct argv_array names = ARGV_ARRAY_INIT;
	struct dirent *de;
	size_t i, len;
	DIR *dir;

	if (o->repo && !ctx->argc) {
		free(dir_path);
		error("with --repo, give a range BASE..TIP");
		return EXIT_ERROR;
	}
	if (o->repo) {
		free(dir_path);
		return configs_range(o->repo, ctx->argv[0]);
	}
	if (ctx->argc) {
		free(dir_path);
		if (strstr(ctx->argv[0], "..") && !file_exists(ctx->argv[0]))
			error("%s looks like a range: give --repo", ctx->argv[0]);
		else
			error("%s: not yet: a series must be applied first; use --repo R BASE..TIP "
			      "on a repository where it is applied", ctx->argv[0]);
		return EXIT_ERROR;
	}
	dir = opendir(dir_path);
	if (!dir) {
		error("cannot read %s: %s", dir_path, strerror(errno));
		free(dir_path);
		return EXIT_ERROR;
	}
	while ((de = readdir(dir)) != NULL) {
		len = strlen(de->d_name);
		if (len > 7 && !strcmp(de->d_name + len - 7, ".config") && de->d_name[0] != '.' &&
		    strcmp(de->d_name, "base.config")) {
			char *name = xstrndup(de->d_name, len - 7);

			argv_push(&names, name);
			free(name);
		}
	}
	closedir(dir);
	if (names.argc)
		qsort(names.argv, names.argc, sizeof(*names.argv), compare_names);
	for (i = 0; i < names.argc; i++) {
		struct strbuf desc = STRBUF_INIT;
		char *path = xasprintf("%s/%s.config", dir_path, names.argv[i]);

		describe(path, &desc);
		if (desc.len)
			printf("%-10s %s\n", names.argv[i], desc.buf);
		else
			printf("%s\n", names.argv[i]);
		strbuf_release(&desc);
		free(path);
	}
	argv_clear(&names);
	free(dir_path);
	return 0;
}
