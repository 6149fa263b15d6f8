// SPDX-License-Identifier: GPL-2.0
/* config-survey.c - the guards and derivation of a range (see config-survey.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "judge/config-survey.h"
#include "judge/coverage.h"

static void total_add(struct config_survey *s, const struct guard_count *c, unsigned commit)
{
	size_t i;

	for (i = 0; i < s->ntotals && strcmp(s->totals[i].symbol, c->g.symbol); i++)
		;
	if (i == s->ntotals) {
		if (s->ntotals == s->alloc) {
			s->alloc = s->alloc ? 2 * s->alloc : 16;
			s->totals = xrealloc(s->totals, s->alloc * sizeof(*s->totals));
		}
		memset(&s->totals[i], 0, sizeof(s->totals[i]));
		s->totals[i].symbol = xstrdup(c->g.symbol);
		s->ntotals++;
	}
	s->totals[i].lines += c->lines;
	if (s->totals[i].seen_in != commit) {
		s->totals[i].seen_in = commit;
		s->totals[i].commits++;
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
static void estimate(const char *git_dir, struct config_survey *s)
{
	const struct derive_result *r = &s->ds.result;
	struct coverage_build *builds = xcalloc(r->nconfigs, sizeof(*builds));
	const struct coverage_build **ptrs = xcalloc(r->nconfigs, sizeof(*ptrs));
	size_t i;

	for (i = 0; i < r->nconfigs; i++) {
		coverage_build_init(&builds[i], r->configs[i].dotconfig.buf, NULL);
		ptrs[i] = &builds[i];
	}
	for (i = 0; i < s->ds.ncommits; i++) {
		int pass;

		/* Once with the given configurations, once with all of them. */
		for (pass = 0; pass < 2; pass++) {
			struct estimate e = { .nconfigs = pass ? r->nconfigs : s->nfixed,
					      .builds = ptrs };
			int failed;

			e.cc.compiled_by = xcalloc(r->nconfigs, sizeof(*e.cc.compiled_by));
			failed = guards_commit_each(git_dir, s->ds.commits[i].sha, estimate_file,
						    &e);
			if (!failed && pass) {
				s->estimate_all += e.cc.compiled;
			} else if (!failed) {
				s->estimate_given += e.cc.compiled;
				s->estimate_changed += e.cc.changed;
			}
			coverage_commit_release(&e.cc);
			if (failed)
				goto out;
		}
	}
	s->estimated = 1;
out:
	for (i = 0; i < r->nconfigs; i++)
		coverage_build_release(&builds[i]);
	free(builds);
	free(ptrs);
}

int config_survey(const char *git_dir, const struct argv_array *shas, const char *with,
		  int derive, struct config_survey *out)
{
	struct argv_array fixed = ARGV_ARRAY_INIT;
	size_t i, j;
	int ret;

	memset(out, 0, sizeof(*out));
	split_list(with, &fixed);
	out->nfixed = fixed.argc;
	ret = derive_series(git_dir, shas, fixed.argv, fixed.argc, derive, &out->ds);
	argv_clear(&fixed);
	for (i = 0; i < out->ds.ncommits; i++) {
		const struct guard_counts *c = &out->ds.commits[i].counts;

		out->changed += c->changed;
		out->unguarded += c->unguarded;
		for (j = 0; j < c->n; j++)
			total_add(out, &c->v[j], i + 1);
	}
	if (out->ntotals)
		qsort(out->totals, out->ntotals, sizeof(*out->totals), compare_totals);
	if (out->ds.derived)
		estimate(git_dir, out);
	return ret;
}

void config_survey_release(struct config_survey *s)
{
	size_t i;

	for (i = 0; i < s->ntotals; i++)
		free(s->totals[i].symbol);
	free(s->totals);
	derive_series_release(&s->ds);
	memset(s, 0, sizeof(*s));
}
