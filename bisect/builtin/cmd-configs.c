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

#include "builtin/builtin.h"
#include "lib/escape.h"
#include "kconfig/guards.h"
#include "kconfig/config-derive.h"
#include "kconfig/dotconfig.h"
#include "judge/coverage.h"
#include "lib/layout.h"
#include "input/series.h"
#include "input/tree.h"
#include "lib/util.h"

/* When the command started: the time it prints is all of it (the import's check included). */
static double configs_start;

struct configs_opts {
	const char *repo;
	const char *tarball;
	const char *with;
	int no_derive;
};

static const struct opt configs_option_list[] = {
	OPT_STRING(0, "repo", struct configs_opts, repo, "REPO", NULL, OPT_FILE,
		   "the symbols guarding the changed lines of BASE..TIP of this repository"),
	OPT_STRING(0, "tarball", struct configs_opts, tarball, "PATH", DEFAULT_TARBALL, OPT_FILE,
		   "the kernel tarball a series is applied to"),
	OPT_STRING(0, "with", struct configs_opts, with, "LIST", "up,smp", OPT_CONFIGS,
		   "the configurations always run, derived ones are added to"),
	OPT_BOOL(0, "no-derive", struct configs_opts, no_derive,
		 "only the guards: no Kconfig run, no derived configuration"),
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

static void print_derivation(const struct derive_series *ds, const char *origin)
{
	const struct derive_result *r = &ds->result;
	size_t i, j, nderived = 0, covered = 0, unreachable = 0;
	struct strbuf text = STRBUF_INIT;

	printf("\narms (the configurations whose .config has it, at the tip's Kconfig):\n");
	for (i = 0; i < r->narms; i++) {
		const struct derived_arm *a = &r->arms[i];
		int n = 0;

		printf("  %-32s %c ", a->symbol, a->value);
		for (j = 0; j < r->nconfigs; j++)
			if (dotconfig_tristate(r->configs[j].dotconfig.buf, a->symbol) == a->value)
				printf("%s%s", n++ ? "," : " ", r->configs[j].name);
		if (a->config < 0) {
			unreachable++;
			printf(" unreachable: %s", a->reason ? a->reason : "?");
		} else {
			covered++;
		}
		printf("\n");
	}
	for (j = 0; j < r->nconfigs; j++) {
		if (!r->configs[j].derived)
			continue;
		if (!nderived++)
			printf("\nderived configurations (each merged over base.config):\n");
		strbuf_reset(&text);
		derive_fragment_text(r, j, origin, &text);
		printf("%s.config:\n", r->configs[j].name);
		for (const char *p = text.buf; *p; ) {
			const char *eol = strchrnul(p, '\n');

			printf("  %.*s\n", (int)(eol - p), p);
			p = *eol ? eol + 1 : eol;
		}
	}
	printf("%zu derived configuration%s; %zu of %zu arms covered, %zu unreachable;"
	       " %u olddefconfig runs\n", nderived, nderived == 1 ? "" : "s", covered, r->narms,
	       unreachable, r->resolved);
	strbuf_release(&text);
}

/* Comma-separated names into list. */
static void split_list(const char *text, struct argv_array *list)
{
	const char *p = text, *comma;

	while (p && *p) {
		comma = strchrnul(p, ',');
		if (comma > p) {
			char *name = xstrndup(p, comma - p);

			argv_push(list, name);
			free(name);
		}
		p = *comma ? comma + 1 : comma;
	}
}

/* What the .configs of the derivation (at the tip) compile of one commit. */
struct estimate {
	struct coverage_commit cc;
	size_t nconfigs;
	const struct coverage_build *const *builds;
};

static int estimate_file(const struct diff_file *f, enum guard_kind kind,
			 const struct guard_file *pre, const struct guard_file *post, void *data)
{
	struct estimate *e = data;

	coverage_judge_file(&e->cc, e->nconfigs, f, kind, pre, post, e->builds, e->builds);
	return 0;
}

/*
 * The coverage the derivation promises, from the guards alone and the
 * .configs Kconfig made at the tip (no build: which files the objects use
 * is not known here, a run's 'bisectable coverage' knows): the given
 * configurations, then all of them.
 */
static void print_estimate(const char *git_dir, const struct derive_series *ds, size_t nfixed)
{
	const struct derive_result *r = &ds->result;
	struct coverage_build *builds = xcalloc(r->nconfigs, sizeof(*builds));
	const struct coverage_build **ptrs = xcalloc(r->nconfigs, sizeof(*ptrs));
	size_t changed = 0, given = 0, all = 0, i;

	for (i = 0; i < r->nconfigs; i++) {
		coverage_build_init(&builds[i], r->configs[i].dotconfig.buf, NULL);
		ptrs[i] = &builds[i];
	}
	for (i = 0; i < ds->ncommits; i++) {
		int pass;

		/* Once with the given configurations, once with all of them. */
		for (pass = 0; pass < 2; pass++) {
			struct estimate e = { .nconfigs = pass ? r->nconfigs : nfixed,
					      .builds = ptrs };
			int failed;

			e.cc.compiled_by = xcalloc(r->nconfigs, sizeof(*e.cc.compiled_by));
			failed = guards_commit_each(git_dir, ds->commits[i].sha, estimate_file, &e);
			if (!failed && pass)
				all += e.cc.compiled;
			else if (!failed)
				given += e.cc.compiled, changed += e.cc.changed;
			coverage_commit_release(&e.cc);
			if (failed)
				goto out;
		}
	}
	printf("coverage at the tip's Kconfig (guards only): %zu of %zu changed lines"
	       " compiled by the given configurations, %zu with the derived ones too\n", given,
	       changed, all);
out:
	for (i = 0; i < r->nconfigs; i++)
		coverage_build_release(&builds[i]);
	free(builds);
	free(ptrs);
}

/* The guards of every commit, the totals, and the derivation. */
static int report_series(const char *git_dir, const struct argv_array *shas,
			 const char *const *subjects, const char *origin,
			 const struct configs_opts *o)
{
	struct derive_series ds;
	struct totals totals = { 0 };
	struct argv_array fixed = ARGV_ARRAY_INIT;
	size_t changed = 0, unguarded = 0, i, j;
	int ret;

	split_list(o->with, &fixed);
	ret = derive_series(git_dir, shas, fixed.argv, fixed.argc, !o->no_derive, &ds);
	for (i = 0; i < ds.ncommits; i++) {
		const struct guard_counts *c = &ds.commits[i].counts;

		print_commit(i + 1, ds.commits[i].sha, subjects[i], c);
		changed += c->changed;
		unguarded += c->unguarded;
		for (j = 0; j < c->n; j++)
			total_add(&totals, &c->v[j], i + 1);
	}
	if (totals.n)
		qsort(totals.v, totals.n, sizeof(*totals.v), compare_totals);
	printf("\nsymbols over the range (commits, lines):\n");
	for (i = 0; i < totals.n; i++)
		printf("  %-32s %3zu %5zu\n", totals.v[i].symbol, totals.v[i].commits,
		       totals.v[i].lines);
	if (ds.derived) {
		print_derivation(&ds, origin);
		print_estimate(git_dir, &ds, fixed.argc);
	}
	if (!ret)
		printf("%zu commit%s, %zu changed lines, %zu guarded by no symbol, %zu symbol%s,"
		       " in %.2f s\n", ds.ncommits, ds.ncommits == 1 ? "" : "s", changed,
		       unguarded, totals.n, totals.n == 1 ? "" : "s", now_seconds() - configs_start);
	for (i = 0; i < totals.n; i++)
		free(totals.v[i].symbol);
	free(totals.v);
	argv_clear(&fixed);
	derive_series_release(&ds);
	return ret ? EXIT_ERROR : 0;
}

static int configs_range(const char *repo, const char *range, const struct configs_opts *o)
{
	struct strbuf base = STRBUF_INIT, tip = STRBUF_INIT, list = STRBUF_INIT;
	struct strbuf subject = STRBUF_INIT;
	struct argv_array shas = ARGV_ARRAY_INIT, subjects = ARGV_ARRAY_INIT;
	const char *dots = strstr(range, ".."), *p;
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

		if (git(repo, &subject, "log", "-1", "--format=%s", sha, NULL)) {
			free(sha);
			goto out;
		}
		argv_push(&shas, sha);
		argv_push(&subjects, subject.buf);
		free(sha);
		p = *eol ? eol + 1 : eol;
	}
	ret = report_series(repo, &shas, subjects.argv, range, o);
out:
	free(span);
	free(b);
	free(t);
	argv_clear(&shas);
	argv_clear(&subjects);
	strbuf_release(&base);
	strbuf_release(&tip);
	strbuf_release(&list);
	strbuf_release(&subject);
	return ret;
}

/* A series directory or mbox: committed as objects onto the imported base, no work tree. */
static int configs_series(const char *path, const struct configs_opts *o)
{
	struct series s = { 0 };
	struct kernel_base kb = { 0 };
	struct argv_array shas = ARGV_ARRAY_INIT, subjects = ARGV_ARRAY_INIT;
	char *failed = NULL;
	size_t i, n;
	int ret = EXIT_ERROR;

	if (series_load(path, &s))
		return EXIT_ERROR;
	if (tree_import(o->tarball, &kb))
		goto out;
	n = series_commit_objects(kb.git_dir, kb.sha, &s, &shas, &failed);
	if (n < s.npatches) {
		error("patch %zu (%s) does not apply to %s: %s", n + 1, s.patches[n].path,
		      kb.version, failed ? failed : "?");
		goto out;
	}
	for (i = 0; i < s.npatches; i++)
		argv_push(&subjects, s.patches[i].subject);
	ret = report_series(kb.git_dir, &shas, subjects.argv, path, o);
out:
	free(failed);
	argv_clear(&shas);
	argv_clear(&subjects);
	kernel_base_free(&kb);
	series_free(&s);
	return ret;
}

int cmd_configs(struct cmd_ctx *ctx)
{
	configs_start = now_seconds();
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
		return configs_range(o->repo, ctx->argv[0], o);
	}
	if (ctx->argc) {
		free(dir_path);
		if (strstr(ctx->argv[0], "..") && !file_exists(ctx->argv[0])) {
			error("%s looks like a range: give --repo", ctx->argv[0]);
			return EXIT_ERROR;
		}
		return configs_series(ctx->argv[0], o);
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
