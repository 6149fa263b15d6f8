// SPDX-License-Identifier: GPL-2.0
/*
 * codediff-run.c - a run's commits each against its parent (codediff-run.h):
 * one codeprint per (position, configuration) read once and compared with
 * the one before it, then the claims of no change checked against them.
 * The comparison only reads what the builds recorded: no build, no tree.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db-codeprint.h"
#include "judge/claims.h"
#include "judge/codediff-run.h"
#include "lib/util.h"

static void add_unique(char ***v, size_t *n, const char *s)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*v)[i], s))
			return;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

/* One configuration down the run: each position against the one before. */
static void load_config(sqlite3 *db, long long run_id, const char *config,
			struct codediff_run *r)
{
	struct codeprint prev, cur;
	int has_prev = !db_codeprint_get(db, run_id, 0, config, &prev), has_cur, pos;

	for (pos = 1; pos <= r->ncommits; pos++) {
		struct codediff_cell *c;

		has_cur = !db_codeprint_get(db, run_id, pos, config, &cur);
		r->cells = xrealloc(r->cells, (r->ncells + 1) * sizeof(*r->cells));
		c = &r->cells[r->ncells++];
		c->position = pos;
		c->config = xstrdup(config);
		codediff_compare(has_prev ? &prev : NULL, has_cur ? &cur : NULL, &c->diff);
		if (has_prev)
			codeprint_release(&prev);
		prev = cur;
		has_prev = has_cur;
	}
	if (has_prev)
		codeprint_release(&prev);
}

void codediff_cell_load(sqlite3 *db, long long run_id, int position, const char *config,
			struct codediff *d)
{
	codediff_between(db, run_id, position - 1, position, config, d);
}

void codediff_between(sqlite3 *db, long long run_id, int from, int to, const char *config,
		      struct codediff *d)
{
	struct codeprint old, new;
	int has_old = !db_codeprint_get(db, run_id, from, config, &old);
	int has_new = !db_codeprint_get(db, run_id, to, config, &new);

	codediff_compare(has_old ? &old : NULL, has_new ? &new : NULL, d);
	if (has_old)
		codeprint_release(&old);
	if (has_new)
		codeprint_release(&new);
}

static void find_broken_claims(sqlite3 *db, long long run_id, struct codediff_run *r)
{
	int pos;
	size_t i, k;

	for (pos = 1; pos <= r->ncommits; pos++) {
		struct codediff_finding f = { .position = pos, .claim = r->claims[pos] };

		if (!f.claim)
			continue;
		for (i = 0; i < r->ncells; i++) {
			const struct codediff_cell *c = &r->cells[i];

			if (c->position != pos || c->diff.kind != CODEDIFF_CHANGED)
				continue;
			add_unique(&f.configs, &f.nconfigs, c->config);
			for (k = 0; k < c->diff.nsymbols; k++)
				add_unique(&f.symbols, &f.nsymbols, c->diff.symbols[k].name);
			for (k = 0; k < c->diff.nsections; k++)
				add_unique(&f.symbols, &f.nsymbols, c->diff.sections[k]);
		}
		if (!f.nconfigs)
			continue;
		db_commit_brief(db, run_id, pos, &f.sha, &f.subject);
		r->findings = xrealloc(r->findings, (r->nfindings + 1) * sizeof(*r->findings));
		r->findings[r->nfindings++] = f;
	}
}

void codediff_run_load(sqlite3 *db, long long run_id, struct codediff_run *out)
{
	size_t nconfigs, i;
	char **configs;
	int pos;

	memset(out, 0, sizeof(*out));
	out->ncommits = db_count_positions(db, run_id);
	out->claims = xcalloc(out->ncommits + 1, sizeof(*out->claims));
	for (pos = 1; pos <= out->ncommits; pos++) {
		char *msg = db_commit_message(db, run_id, pos);
		const char *claim = claims_no_change(msg);

		out->claims[pos] = claim ? xstrdup(claim) : NULL;
		free(msg);
	}
	configs = db_build_configs(db, run_id, &nconfigs);
	for (i = 0; i < nconfigs; i++) {
		load_config(db, run_id, configs[i], out);
		free(configs[i]);
	}
	free(configs);
	find_broken_claims(db, run_id, out);
}

void codediff_run_release(struct codediff_run *r)
{
	size_t i, k;
	int pos;

	for (i = 0; i < r->ncells; i++) {
		free(r->cells[i].config);
		codediff_release(&r->cells[i].diff);
	}
	for (i = 0; i < r->nfindings; i++) {
		struct codediff_finding *f = &r->findings[i];

		for (k = 0; k < f->nconfigs; k++)
			free(f->configs[k]);
		for (k = 0; k < f->nsymbols; k++)
			free(f->symbols[k]);
		free(f->configs);
		free(f->symbols);
		free(f->sha);
		free(f->subject);
	}
	for (pos = 0; r->claims && pos <= r->ncommits; pos++)
		free(r->claims[pos]);
	free(r->claims);
	free(r->cells);
	free(r->findings);
	memset(r, 0, sizeof(*r));
}

const struct codediff *codediff_run_cell(const struct codediff_run *r, int position,
					 const char *config)
{
	size_t i;

	for (i = 0; i < r->ncells; i++)
		if (r->cells[i].position == position && !strcmp(r->cells[i].config, config))
			return &r->cells[i].diff;
	return NULL;
}

const struct codediff_finding *codediff_run_finding(const struct codediff_run *r, int position)
{
	size_t i;

	for (i = 0; i < r->nfindings; i++)
		if (r->findings[i].position == position)
			return &r->findings[i];
	return NULL;
}
