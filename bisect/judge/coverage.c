// SPDX-License-Identifier: GPL-2.0
/*
 * coverage.c - which changed lines of a run no configuration compiled (see
 * coverage.h). The judging is pure (a guard set against a .config's values);
 * coverage_load() reads the builds' rows and the commits' diffs with git.
 */
#define _GNU_SOURCE
#include <dirent.h>
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

/* Compiled files */

struct path_list {
	char **v;
	size_t n, alloc;
};

static void path_list_add(struct path_list *l, const char *s, size_t len)
{
	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 1024;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	l->v[l->n++] = xstrndup(s, len);
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int source_file(const char *s, size_t len)
{
	return len > 2 && s[len - 2] == '.' && (s[len - 1] == 'c' || s[len - 1] == 'h' ||
						s[len - 1] == 'S');
}

/*
 * A path of the tree as fixdep spells it, "kernel/sched/../../io_uring/x.h",
 * added as the tree names it, "io_uring/x.h"; nothing if it leaves the tree.
 */
static void add_tree_path(struct path_list *out, const char *s, size_t len)
{
	struct strbuf norm = STRBUF_INIT;
	const char *end = s + len;

	while (s < end) {
		const char *slash = memchr(s, '/', end - s), *next;
		size_t n;

		next = slash ? slash : end;
		n = next - s;
		if (n == 2 && !memcmp(s, "..", 2)) {
			char *up;

			if (!norm.len) {
				strbuf_release(&norm);
				return;
			}
			up = strrchr(norm.buf, '/');
			norm.len = up ? (size_t)(up - norm.buf) : 0;
			norm.buf[norm.len] = '\0';
		} else if (n && !(n == 1 && *s == '.')) {
			if (norm.len)
				strbuf_add(&norm, "/", 1);
			strbuf_add(&norm, s, n);
		}
		s = next + (next < end);
	}
	if (norm.len)
		path_list_add(out, norm.buf, norm.len);
	strbuf_release(&norm);
}

/* Where the build and the tree are, as .cmd files may name them. */
struct cmd_dirs {
	const char *src;	/* the tree, as given */
	size_t srclen;
	char *real_out;		/* both without symlinks, as getcwd() names them */
	char *real_src;
};

/*
 * A relative path of a .cmd file is relative to the build directory, where
 * the compiler ran: with CCACHE_BASEDIR, ccache hands gcc the tree's files
 * as "../../../work/linux-source/kernel/sched/core.c". If it is in the tree,
 * add it as the tree names it.
 */
static void add_relative_path(struct path_list *out, const struct cmd_dirs *dirs,
			      const char *s, size_t len)
{
	struct path_list abs = { 0 };
	char *joined;
	size_t n;

	if (!dirs->real_out || !dirs->real_src)
		return;
	/* Resolved from the root, so that ".." cannot leave it. */
	joined = xasprintf("%s/%.*s", dirs->real_out + 1, (int)len, s);
	add_tree_path(&abs, joined, strlen(joined));
	n = strlen(dirs->real_src + 1);
	if (abs.n && !strncmp(abs.v[0], dirs->real_src + 1, n) && abs.v[0][n] == '/')
		add_tree_path(out, abs.v[0] + n + 1, strlen(abs.v[0] + n + 1));
	if (abs.n)
		free(abs.v[0]);
	free(abs.v);
	free(joined);
}

/*
 * The files of one .cmd file: the object's source ("source_<object> :=
 * /src/kernel/sched/core.c") and its dependency lines ("  /src/kernel/sched/rt.c \"
 * under "deps_<object> := \"); fixdep writes the tree's files with the
 * absolute source prefix in an O= build, or relative to the build directory
 * when ccache rewrote them ($(wildcard ...) lines are options, not files;
 * generated and system headers are not the tree's).
 */
static void cmd_file_deps(const char *text, const struct cmd_dirs *dirs, struct path_list *out)
{
	const char *src = dirs->src, *p = text;
	size_t srclen = dirs->srclen;

	while (*p) {
		const char *eol = strchrnul(p, '\n'), *s = p, *e, *assign;

		if (!strncmp(p, "source_", 7) && (assign = memmem(p, eol - p, " := ", 4)))
			s = assign + 4;
		else if (*p == ' ' || *p == '\t')
			while (s < eol && (*s == ' ' || *s == '\t'))
				s++;
		else
			s = eol;
		e = eol;
		while (e > s && (e[-1] == '\\' || e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (!source_file(s, e - s) || memchr(s, ' ', e - s))
			;
		else if ((size_t)(e - s) > srclen + 1 && !memcmp(s, src, srclen) &&
			 s[srclen] == '/')
			add_tree_path(out, s + srclen + 1, e - (s + srclen + 1));
		else if (*s != '/' && *s != '$')
			add_relative_path(out, dirs, s, e - s);
		p = *eol ? eol + 1 : eol;
	}
}

/*
 * The objects the build linked, from its thin archives (ar t): vmlinux.a
 * has every object built into vmlinux, the lib.a ones what the link takes
 * from lib-y. Empty if there is no vmlinux.a (not a kernel build directory
 * this knows; then every .o.cmd counts).
 */
static void linked_objects(const char *out, struct path_list *linked)
{
	static const char *const archives[] = {
		"vmlinux.a", "lib/lib.a", "arch/x86/lib/lib.a",
	};
	struct strbuf list = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(archives); i++) {
		char *path = xasprintf("%s/%s", out, archives[i]);
		const char *argv[] = { "ar", "t", archives[i], NULL };
		const char *p;

		/* ar names a thin archive's members relative to where it runs */
		if (file_exists(path) && !run_capture(out, &list, argv))
			for (p = list.buf; *p; ) {
				const char *eol = strchrnul(p, '\n');

				if (eol > p)
					path_list_add(linked, p, eol - p);
				p = *eol ? eol + 1 : eol;
			}
		free(path);
		if (!i && !linked->n)
			break;
	}
	if (linked->n)
		qsort(linked->v, linked->n, sizeof(*linked->v), compare_strings);
	strbuf_release(&list);
}

/*
 * Whether the object of rel/.NAME.o.cmd is part of this build. A .o.cmd
 * outlives its object's last build: a commit or an earlier run that stops
 * building kernel/smp.o leaves kernel/.smp.o.cmd behind, and its files would
 * count as compiled. So beside a built-in.a (a directory whose objects go to
 * vmlinux) an object counts only if an archive lists it; elsewhere (the boot
 * code, the realmode blob, scripts and tools) it does. The vDSO's objects sit
 * beside a built-in.a in no archive: they do not count.
 */
static int object_linked(const char *out, const char *rel, const char *name, size_t len,
			 const struct path_list *linked)
{
	char *object, *builtin;
	const char *key;
	int ret;

	if (!linked->n)
		return 1;
	/* ".smp.o.cmd" -> "smp.o" */
	object = xasprintf("%s%s%.*s", rel, *rel ? "/" : "", (int)(len - 5), name + 1);
	key = object;
	ret = bsearch(&key, linked->v, linked->n, sizeof(*linked->v), compare_strings) != NULL;
	if (!ret) {
		builtin = xasprintf("%s/%s%sbuilt-in.a", out, rel, *rel ? "/" : "");
		ret = !file_exists(builtin);
		free(builtin);
	}
	free(object);
	return ret;
}

static int walk_cmd_files(const char *out, const char *rel, const struct cmd_dirs *dirs,
			  const struct path_list *linked, struct path_list *files)
{
	char *dir = *rel ? xasprintf("%s/%s", out, rel) : xstrdup(out);
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strbuf text = STRBUF_INIT;

	if (!d) {
		free(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR) {
			char *sub = xasprintf("%s%s%s", rel, *rel ? "/" : "", de->d_name);

			walk_cmd_files(out, sub, dirs, linked, files);
			free(sub);
		} else if (de->d_name[0] == '.' && len > 7 &&
			   !strcmp(de->d_name + len - 6, ".o.cmd") &&
			   (de->d_type == DT_REG || de->d_type == DT_UNKNOWN) &&
			   object_linked(out, rel, de->d_name, len, linked)) {
			strbuf_reset(&text);
			if (strbuf_read_file(&text, path) >= 0)
				cmd_file_deps(text.buf, dirs, files);
		}
		free(path);
	}
	closedir(d);
	strbuf_release(&text);
	free(dir);
	return 0;
}

int coverage_compiled_files(const char *out, const char *src, struct strbuf *files)
{
	struct path_list l = { 0 }, linked = { 0 };
	struct cmd_dirs dirs = { .src = src, .srclen = strlen(src) };
	size_t i;
	int ret;

	while (dirs.srclen > 1 && src[dirs.srclen - 1] == '/')
		dirs.srclen--;
	dirs.real_out = realpath(out, NULL);
	dirs.real_src = realpath(src, NULL);
	linked_objects(out, &linked);
	ret = walk_cmd_files(out, "", &dirs, &linked, &l);
	free(dirs.real_out);
	free(dirs.real_src);
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), compare_strings);
	for (i = 0; i < l.n; i++)
		if (!i || strcmp(l.v[i], l.v[i - 1]))
			strbuf_addf(files, "%s\n", l.v[i]);
	for (i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	for (i = 0; i < linked.n; i++)
		free(linked.v[i]);
	free(linked.v);
	return ret;
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
	struct path_list l = { 0 };
	const char *p = compiled;

	memset(b, 0, sizeof(*b));
	dotconfig_parse(dotconfig, &b->values);
	if (!compiled)
		return;
	while (*p) {
		const char *eol = strchrnul(p, '\n');

		if (eol > p)
			path_list_add(&l, p, eol - p);
		p = *eol ? eol + 1 : eol;
	}
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), compare_strings);
	b->files = l.v ? l.v : xcalloc(1, sizeof(*b->files));
	b->nfiles = l.n;
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

	memset(cov, 0, sizeof(*cov));
	if (db_load_run(db, run_id, &run))
		return run_id ? error("no run %lld", run_id) : error("no run in the database");
	cov->run_id = run.id;
	split_configs(run.configs, cov);
	cov->compiled_by = xcalloc(cov->nconfigs + 1, sizeof(*cov->compiled_by));
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
	for (i = 0; i < cov->nconfigs; i++)
		free(cov->configs[i]);
	free(cov->configs);
	free(cov->compiled_by);
	memset(cov, 0, sizeof(*cov));
}

void coverage_summary(const struct coverage *cov, struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "%zu of %zu changed line%s compiled by at least one configuration (",
		    cov->compiled, cov->changed, cov->changed == 1 ? "" : "s");
	for (i = 0; i < cov->nconfigs; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", cov->configs[i]);
	strbuf_addstr(out, ")");
}
