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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "lib/escape.h"
#include "kconfig/guards.h"
#include "kconfig/config-derive-series.h"
#include "kconfig/fragments.h"
#include "input/commits.h"
#include "judge/arch-cover.h"
#include "judge/config-survey.h"
#include "judge/derive-text.h"
#include "lib/layout.h"
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
	struct strbuf text = STRBUF_INIT;

	derive_text(&ds->result, origin, &text);
	fputs(text.buf, stdout);
	strbuf_release(&text);
}

/* The architectures other than x86_64 the series touches: nothing when none. */
static void print_arches(const char *git_dir, const struct argv_array *shas,
			 const struct config_survey *s, const char *origin)
{
	struct argv_array symbols = ARGV_ARRAY_INIT, arches = ARGV_ARRAY_INIT;
	struct strbuf text = STRBUF_INIT;
	size_t i;

	for (i = 0; i < s->ntotals; i++)
		argv_push(&symbols, s->totals[i].symbol);
	if (!arch_cover(git_dir, shas, symbols.argv, symbols.argc, &arches) && arches.argc) {
		printf("architectures the series touches besides x86_64 (run --arch):\n");
		for (i = 0; i < arches.argc; i++)
			printf("  %s\n", arches.argv[i]);
	}
	/* Each one's own derivation (config-derive.h: struct derive_arch). */
	for (i = 0; i < s->ds.narches; i++)
		derive_arch_text(&s->ds.arches[i], origin, &text);
	fputs(text.buf, stdout);
	strbuf_release(&text);
	argv_clear(&symbols);
	argv_clear(&arches);
}

/* The guards of every commit, the totals, and the derivation. */
static int report_series(const char *git_dir, const struct argv_array *shas,
			 const char *const *subjects, const char *origin,
			 const struct configs_opts *o)
{
	struct config_survey s;
	const struct derive_series *ds = &s.ds;
	size_t i;
	int ret;

	ret = config_survey(git_dir, shas, o->with, !o->no_derive, &s);
	for (i = 0; i < ds->ncommits; i++)
		print_commit(i + 1, ds->commits[i].sha, subjects[i], &ds->commits[i].counts);
	printf("\nsymbols over the range (commits, lines):\n");
	for (i = 0; i < s.ntotals; i++)
		printf("  %-32s %3zu %5zu\n", s.totals[i].symbol, s.totals[i].commits,
		       s.totals[i].lines);
	if (ds->derived) {
		print_derivation(ds, origin);
		if (s.estimated)
			printf("coverage at the tip's Kconfig (guards only): %zu of %zu changed"
			       " lines compiled by the given configurations, %zu with the derived"
			       " ones too\n", s.estimate_given, s.estimate_changed, s.estimate_all);
	}
	if (!ret)
		print_arches(git_dir, shas, &s, origin);
	if (!ret)
		printf("%zu commit%s, %zu changed lines, %zu guarded by no symbol, %zu symbol%s,"
		       " in %.2f s\n", ds->ncommits, ds->ncommits == 1 ? "" : "s", s.changed,
		       s.unguarded, s.ntotals, s.ntotals == 1 ? "" : "s",
		       now_seconds() - configs_start);
	config_survey_release(&s);
	return ret ? EXIT_ERROR : 0;
}

/* The commits of BASE..TIP of repo. */
static int configs_range(const char *repo, const char *range, const struct configs_opts *o)
{
	struct argv_array shas = ARGV_ARRAY_INIT, subjects = ARGV_ARRAY_INIT;
	int ret = EXIT_ERROR;

	if (!commits_of_range(repo, range, &shas, &subjects))
		ret = report_series(repo, &shas, subjects.argv, range, o);
	argv_clear(&shas);
	argv_clear(&subjects);
	return ret;
}

/* A series directory or mbox: committed as objects onto the imported base, no work tree. */
static int configs_series(const char *path, const struct configs_opts *o)
{
	struct kernel_base kb = { 0 };
	struct argv_array shas = ARGV_ARRAY_INIT, subjects = ARGV_ARRAY_INIT;
	int ret = EXIT_ERROR;

	if (!commits_of_series(path, o->tarball, &kb, &shas, &subjects))
		ret = report_series(kb.git_dir, &shas, subjects.argv, path, o);
	argv_clear(&shas);
	argv_clear(&subjects);
	kernel_base_free(&kb);
	return ret;
}

int cmd_configs(struct cmd_ctx *ctx)
{
	configs_start = now_seconds();
	const struct configs_opts *o = ctx->opts;
	char *dir_path = project_path("configs");
	struct argv_array names = ARGV_ARRAY_INIT;
	size_t i;

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
	if (fragments_list(dir_path, &names)) {
		free(dir_path);
		return EXIT_ERROR;
	}
	for (i = 0; i < names.argc; i++) {
		struct strbuf desc = STRBUF_INIT;
		char *path = xasprintf("%s/%s.config", dir_path, names.argv[i]);

		fragment_describe(path, &desc);
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
