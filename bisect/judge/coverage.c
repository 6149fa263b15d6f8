// SPDX-License-Identifier: GPL-2.0
/*
 * coverage.c - which changed lines of a run no configuration compiled (see
 * coverage.h). The judging is pure (a guard set against a .config's values);
 * coverage_load() reads the builds' rows and the commits' diffs with git.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/coverage.h"
#include "db/db.h"
#include "db/db-coverage.h"
#include "lib/run-command.h"

/* .config values */

unsigned coverage_arm(const struct dotconfig *values, const char *symbol)
{
	switch (dotconfig_tristate_of(dotconfig_get(values, symbol))) {
	case 'm':
		return GUARD_M;
	case 'n':
		return GUARD_N;
	default:
		return GUARD_Y;
	}
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Judging */

enum line_judgement coverage_judge(const struct guard_set *s, const struct dotconfig *values)
{
	int undecided = 0;
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct guard *g = &s->v[i];

		if (g->complex) {
			undecided = 1;
			continue;
		}
		if (!(g->mask & coverage_arm(values, g->symbol)))
			return LINE_NOT_COMPILED;
	}
	return undecided ? LINE_UNDECIDED : LINE_COMPILED;
}

void coverage_build_init(struct coverage_build *b, const char *dotconfig, const char *compiled)
{
	struct argv_array l = ARGV_ARRAY_INIT;
	const char *p = compiled;

	memset(b, 0, sizeof(*b));
	dotconfig_parse(dotconfig, &b->values);
	if (!compiled)
		return;
	while (*p) {
		const char *eol = strchrnul(p, '\n');

		if (eol > p) {
			char *path = xstrndup(p, eol - p);

			argv_push(&l, path);
			free(path);
		}
		p = *eol ? eol + 1 : eol;
	}
	if (l.argc)
		qsort(l.argv, l.argc, sizeof(*l.argv), compare_strings);
	b->files = l.argv ? (char **)l.argv : xcalloc(1, sizeof(*b->files));
	b->nfiles = l.argc;
}

void coverage_build_release(struct coverage_build *b)
{
	size_t i;

	dotconfig_release(&b->values);
	for (i = 0; i < b->nfiles; i++)
		free(b->files[i]);
	free(b->files);
	memset(b, 0, sizeof(*b));
}

int coverage_build_has_file(const struct coverage_build *b, const char *path)
{
	size_t len = b->arch_dir ? strlen(b->arch_dir) : 0;

	if (len && !strncmp(path, "arch/", 5) &&
	    (strncmp(path, b->arch_dir, len) || path[len] != '/'))
		return 0;
	if (!b->files)
		return 1;
	return b->nfiles && bsearch(&path, b->files, b->nfiles, sizeof(*b->files),
				    compare_strings) != NULL;
}

static void add_missed(struct coverage_commit *cc, const char *path, size_t line, char sign,
		       const struct guard_set *s, int file_built, int undecided)
{
	struct strbuf guard = STRBUF_INIT;
	struct coverage_line *l;

	guard_set_format(s, &guard);
	if (!file_built)
		strbuf_addstr(&guard, guard.len ? " (file not built)" : "(file not built)");
	else if (!guard.len)
		strbuf_addstr(&guard, "(no guard)");
	if (cc->nmissed == cc->alloc) {
		cc->alloc = cc->alloc ? 2 * cc->alloc : 16;
		cc->missed = xrealloc(cc->missed, cc->alloc * sizeof(*cc->missed));
	}
	l = &cc->missed[cc->nmissed++];
	l->path = xstrdup(path);
	l->line = line;
	l->sign = sign;
	l->guard = strbuf_detach(&guard, NULL);
	l->undecided = undecided;
	l->arch = NULL;
}

static const struct guard_set no_guards;

static void judge_lines(struct coverage_commit *cc, size_t nconfigs, const char *path,
			enum guard_kind kind, const size_t *lines, size_t n, char sign,
			const struct guard_file *gf, const struct coverage_build *const *builds)
{
	size_t i, c;

	for (i = 0; i < n; i++) {
		const struct guard_set *s = gf && lines[i] >= 1 && lines[i] <= gf->nlines ?
					    &gf->lines[lines[i]] : &no_guards;
		int compiled = 0, undecided = 0, file_built = 0, any = 0;

		for (c = 0; c < nconfigs; c++) {
			enum line_judgement j;
			int has_file;

			if (!builds[c])
				continue;
			any = 1;
			/* Makefiles are read by make, not compiled: their guards alone say */
			has_file = kind != GUARD_KIND_C || coverage_build_has_file(builds[c], path);
			file_built |= has_file;
			j = coverage_judge(s, &builds[c]->values);
			if (j == LINE_COMPILED && has_file) {
				compiled = 1;
				cc->compiled_by[c]++;
			} else if (j == LINE_UNDECIDED && has_file) {
				undecided = 1;
			}
		}
		if (!any)
			continue;
		cc->changed++;
		if (compiled) {
			cc->compiled++;
			continue;
		}
		if (undecided)
			cc->undecided++;
		add_missed(cc, path, lines[i], sign, s, file_built, undecided);
	}
}

void coverage_judge_file(struct coverage_commit *cc, size_t nconfigs, const struct diff_file *f,
			 enum guard_kind kind, const struct guard_file *pre,
			 const struct guard_file *post,
			 const struct coverage_build *const *old_builds,
			 const struct coverage_build *const *new_builds)
{
	if (kind == GUARD_KIND_KCONFIG) {
		cc->kconfig += f->ndel + f->nadd;
		return;
	}
	if (kind == GUARD_KIND_NONE)
		return;
	if (f->old_path)
		judge_lines(cc, nconfigs, f->old_path, kind, f->del, f->ndel, '-', pre,
			    old_builds);
	if (f->new_path)
		judge_lines(cc, nconfigs, f->new_path, kind, f->add, f->nadd, '+', post,
			    new_builds);
}

static int compare_missed(const void *a, const void *b)
{
	const struct coverage_line *x = a, *y = b;
	int r;

	if (x->undecided != y->undecided)
		return x->undecided - y->undecided;
	r = strcmp(x->guard, y->guard);
	if (!r)
		r = strcmp(x->path, y->path);
	if (!r && x->line != y->line)
		r = x->line < y->line ? -1 : 1;
	if (!r)
		r = x->sign - y->sign;
	return r;
}

void coverage_commit_sort(struct coverage_commit *cc)
{
	if (cc->nmissed)
		qsort(cc->missed, cc->nmissed, sizeof(*cc->missed), compare_missed);
}

void coverage_commit_release(struct coverage_commit *cc)
{
	size_t i;

	for (i = 0; i < cc->nmissed; i++) {
		free(cc->missed[i].path);
		free(cc->missed[i].guard);
		free(cc->missed[i].arch);
	}
	free(cc->missed);
	free(cc->compiled_by);
	free(cc->sha);
	free(cc->subject);
	memset(cc, 0, sizeof(*cc));
}

/* A run */

/* The builds of every configuration at one position (NULL where none is recorded). */
static void load_builds(sqlite3 *db, const struct coverage *cov, int position,
			struct coverage_build **builds)
{
	size_t c;

	for (c = 0; c < cov->nconfigs; c++) {
		char *dotconfig, *compiled;

		builds[c] = NULL;
		if (db_coverage_build(db, cov->run_id, position, cov->configs[c], &dotconfig,
				      &compiled))
			continue;
		builds[c] = xmalloc(sizeof(**builds));
		coverage_build_init(builds[c], dotconfig, compiled);
		builds[c]->arch_dir = cov->arch_dirs[c];
		free(dotconfig);
		free(compiled);
	}
}

static void free_builds(struct coverage_build **builds, size_t n)
{
	size_t c;

	for (c = 0; c < n; c++) {
		if (builds[c])
			coverage_build_release(builds[c]);
		free(builds[c]);
		builds[c] = NULL;
	}
}

struct judge_ctx {
	struct coverage_commit *cc;
	size_t nconfigs;
	const struct coverage_build *const *old_builds, *const *new_builds;
};

static int judge_one_file(const struct diff_file *f, enum guard_kind kind,
			  const struct guard_file *pre, const struct guard_file *post, void *data)
{
	struct judge_ctx *j = data;

	coverage_judge_file(j->cc, j->nconfigs, f, kind, pre, post, j->old_builds, j->new_builds);
	return 0;
}

static void split_configs(const char *list, struct coverage *cov)
{
	const char *p = list;

	while (*p) {
		const char *end = strchrnul(p, ',');

		if (end > p) {
			cov->configs = xrealloc(cov->configs,
						(cov->nconfigs + 1) * sizeof(*cov->configs));
			cov->configs[cov->nconfigs++] = xstrndup(p, end - p);
		}
		p = *end ? end + 1 : end;
	}
}

/*
 * Judge one commit: its added lines by its own builds, its removed ones by
 * the parent's; where the parent has no build of a configuration, by the
 * commit's .config alone (the files the parent compiled are not known).
 */
static int judge_commit(const struct coverage *cov, const char *work_dir,
			struct coverage_commit *cc, struct coverage_build **prev,
			struct coverage_build **cur)
{
	const struct coverage_build **old = xcalloc(cov->nconfigs, sizeof(*old));
	struct coverage_build *guards_only = xcalloc(cov->nconfigs, sizeof(*guards_only));
	struct judge_ctx j = { .cc = cc, .nconfigs = cov->nconfigs };
	size_t c;
	int ret;

	for (c = 0; c < cov->nconfigs; c++) {
		cc->judged |= cur[c] != NULL;
		if (prev[c]) {
			old[c] = prev[c];
		} else if (cur[c]) {
			guards_only[c].values = cur[c]->values;
			old[c] = &guards_only[c];
		}
	}
	j.old_builds = old;
	j.new_builds = (const struct coverage_build *const *)cur;
	ret = guards_commit_each(work_dir, cc->sha, judge_one_file, &j);
	coverage_commit_sort(cc);
	free(old);
	free(guards_only);
	return ret;
}

/* Add a judged commit's counts to the run's totals. */
static void add_totals(struct coverage *cov, const struct coverage_commit *cc)
{
	size_t c;

	if (!cc->judged) {
		cov->unjudged += cc->changed;
		return;
	}
	cov->changed += cc->changed;
	cov->compiled += cc->compiled;
	cov->undecided += cc->undecided;
	cov->never += cc->changed - cc->compiled - cc->undecided;
	cov->kconfig += cc->kconfig;
	for (c = 0; c < cov->nconfigs; c++)
		cov->compiled_by[c] += cc->compiled_by[c];
}

/* Judge every applied commit of the run, each against its parent's builds. */
static int judge_commits(sqlite3 *db, const char *work_dir, struct coverage *cov)
{
	struct coverage_build **prev = xcalloc(cov->nconfigs + 1, sizeof(*prev));
	struct coverage_build **cur = xcalloc(cov->nconfigs + 1, sizeof(*cur));
	struct db_coverage_commit *rows;
	size_t i, nrows = db_coverage_commits(db, cov->run_id, &rows);
	int ret = 0, last = -1;

	for (i = 0; i < nrows && !ret; i++) {
		struct coverage_commit *cc;
		int position = rows[i].position;

		cov->commits = xrealloc(cov->commits, (cov->ncommits + 1) * sizeof(*cov->commits));
		cc = &cov->commits[cov->ncommits++];
		memset(cc, 0, sizeof(*cc));
		cc->position = position;
		cc->sha = rows[i].sha;
		cc->subject = rows[i].subject;
		rows[i].sha = rows[i].subject = NULL;
		cc->compiled_by = xcalloc(cov->nconfigs + 1, sizeof(*cc->compiled_by));
		if (last != position - 1) {
			free_builds(prev, cov->nconfigs);
			load_builds(db, cov, position - 1, prev);
		}
		load_builds(db, cov, position, cur);
		if (judge_commit(cov, work_dir, cc, prev, cur)) {
			ret = -1;
			break;
		}
		add_totals(cov, cc);
		free_builds(prev, cov->nconfigs);
		memcpy(prev, cur, cov->nconfigs * sizeof(*cur));
		memset(cur, 0, cov->nconfigs * sizeof(*cur));
		last = position;
	}
	db_coverage_commits_free(rows, nrows);
	free_builds(prev, cov->nconfigs);
	free_builds(cur, cov->nconfigs);
	free(prev);
	free(cur);
	return ret;
}

int coverage_load(sqlite3 *db, long long run_id, struct coverage *cov)
{
	struct run_info run;
	int ret = 0;
	size_t i;

	memset(cov, 0, sizeof(*cov));
	if (db_load_run(db, run_id, &run))
		return run_id ? error("no run %lld", run_id) : error("no run in the database");
	cov->run_id = run.id;
	split_configs(run.configs, cov);
	cov->compiled_by = xcalloc(cov->nconfigs + 1, sizeof(*cov->compiled_by));
	cov->arch_dirs = xcalloc(cov->nconfigs + 1, sizeof(*cov->arch_dirs));
	for (i = 0; i < cov->nconfigs; i++)
		cov->arch_dirs[i] = coverage_arch_dir(cov->configs[i]);
	/* A database from before version 5 opened read-only has no such table. */
	if (db_has_column(db, "kconfigs", "dotconfig")) {
		cov->recorded = db_coverage_recorded(db, cov->run_id);
		cov->commits_total = db_coverage_commits_total(db, cov->run_id);
		if (cov->recorded)
			ret = judge_commits(db, run.work_dir, cov);
		if (!ret)
			coverage_name_arches(cov);
	}
	run_info_free(&run);
	return ret;
}

void coverage_release(struct coverage *cov)
{
	size_t i;

	for (i = 0; i < cov->ncommits; i++)
		coverage_commit_release(&cov->commits[i]);
	free(cov->commits);
	for (i = 0; i < cov->nconfigs; i++) {
		free(cov->configs[i]);
		free(cov->arch_dirs ? cov->arch_dirs[i] : NULL);
	}
	free(cov->configs);
	free(cov->arch_dirs);
	free(cov->compiled_by);
	memset(cov, 0, sizeof(*cov));
}
