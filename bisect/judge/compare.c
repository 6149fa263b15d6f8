// SPDX-License-Identifier: GPL-2.0
/* compare.c - the two ends of a run side by side (see compare.h). */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-judge.h"
#include "db/db-run.h"
#include "input/run-config.h"
#include "judge/compare.h"
#include "judge/regress.h"
#include "lib/escape.h"
#include "lib/util.h"

/* How the build went, not what it built: no figure of the kernel. */
static int bookkeeping(const char *name)
{
	return !strcmp(name, "rebuilt_objects") || !strcmp(name, "restored_mtimes") ||
	       !strncmp(name, "ccache_", 7) || !strncmp(name, "distcc_", 7);
}

/* The sizes, in the cover letter's order, before every other figure. */
static const char *const sizes[] = { "text", "data", "bss", "bzimage_bytes" };

static int size_rank(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		if (!strcmp(sizes[i], name))
			return (int)i;
	return (int)ARRAY_SIZE(sizes);
}

/* The figure of metric in config at the two positions; 0 if neither end has it. */
static int load_figure(sqlite3 *db, const struct comparison *c, const char *config,
		       const char *metric, struct compare_figure *f)
{
	struct db_metric_cells cells;
	struct perf_direction dir;
	const char *unit = NULL;
	size_t i;

	memset(f, 0, sizeof(*f));
	db_metric_cells_load(db, c->run_id, config, metric, &cells);
	for (i = 0; i < cells.n; i++) {
		const struct db_metric_cell *cell = &cells.c[i];

		if (!cell->has_value)
			continue;
		if (cell->position == c->from) {
			f->has_from = 1;
			f->from = cell->value;
		}
		if (cell->position == c->to) {
			f->has_to = 1;
			f->to = cell->value;
		}
		if (cell->unit && !unit)
			f->unit = xstrdup(unit = cell->unit);
	}
	db_metric_cells_free(&cells);
	if (!f->unit) {
		perf_direction_default(NULL, metric, &dir);
		f->unit = dir.unit ? xstrdup(dir.unit) : NULL;
	}
	f->name = xstrdup(metric);
	if (f->has_from || f->has_to)
		return 1;
	free(f->name);
	free(f->unit);
	return 0;
}

static void load_config(sqlite3 *db, struct comparison *c, const char *config, char **names,
			size_t nnames)
{
	struct compare_config *cc;
	int rank;
	size_t i;

	c->configs = xrealloc(c->configs, (c->n + 1) * sizeof(*c->configs));
	cc = &c->configs[c->n++];
	memset(cc, 0, sizeof(*cc));
	cc->config = xstrdup(config);
	/* The sizes first, by their rank; then the others as the run lists them. */
	for (rank = 0; rank <= (int)ARRAY_SIZE(sizes); rank++) {
		for (i = 0; i < nnames; i++) {
			struct compare_figure f;

			if (size_rank(names[i]) != rank || bookkeeping(names[i]) ||
			    !load_figure(db, c, config, names[i], &f))
				continue;
			cc->figures = xrealloc(cc->figures, (cc->n + 1) * sizeof(*cc->figures));
			cc->figures[cc->n++] = f;
		}
	}
}

/*
 * The figures the series declares (the run's options) beside the measured
 * ones of the same configuration; one not measured is added after them.
 * A declaration for a configuration the run does not have is left out.
 */
static void attach_declared(struct comparison *c, const char *options)
{
	struct run_config rc;
	size_t i, j, k;

	if (!options)
		return;
	/* Runs of old or test options without a document have nothing declared. */
	if (run_config_from_json(options, &rc)) {
		run_config_free(&rc);
		return;
	}
	for (i = 0; i < rc.ndeclared; i++) {
		const struct series_declared *d = &rc.declared[i];
		struct compare_figure *f = NULL;

		for (j = 0; j < c->n && strcmp(c->configs[j].config, d->config); j++)
			;
		if (j == c->n)
			continue;
		for (k = 0; k < c->configs[j].n; k++)
			if (!strcmp(c->configs[j].figures[k].name, d->figure))
				f = &c->configs[j].figures[k];
		if (!f) {
			struct compare_config *cc = &c->configs[j];

			cc->figures = xrealloc(cc->figures, (cc->n + 1) * sizeof(*cc->figures));
			f = &cc->figures[cc->n++];
			memset(f, 0, sizeof(*f));
			f->name = xstrdup(d->figure);
			f->unit = d->unit[0] ? xstrdup(d->unit) : NULL;
		}
		f->declared = 1;
		f->declared_from = d->from;
		f->declared_to = d->to;
	}
	run_config_free(&rc);
}

int compare_load(sqlite3 *db, long long run_id, int from, int to, struct comparison *out)
{
	struct db_run_progress p;
	struct run_info run;
	char **names = NULL, *configs, *save = NULL, *config;
	size_t nnames;

	memset(out, 0, sizeof(*out));
	if (db_load_run(db, run_id, &run))
		return error("no run %lld", run_id);
	out->run_id = run.id;
	out->commits = db_run_progress(db, run.id, &p) ? 0 : p.total;
	out->from = from < 0 ? 0 : from;
	out->to = to < 0 ? out->commits : to;
	if (out->from > out->commits || out->to > out->commits) {
		run_info_free(&run);
		return error("run %lld has positions 0 to %d", out->run_id, out->commits);
	}
	nnames = db_metric_names(db, run.id, &names);
	configs = xstrdup(run.configs ? run.configs : "");
	for (config = strtok_r(configs, ",", &save); config; config = strtok_r(NULL, ",", &save))
		load_config(db, out, config, names, nnames);
	free(configs);
	attach_declared(out, run.options);
	db_strings_free(names, nnames);
	run_info_free(&run);
	return 0;
}

void compare_free(struct comparison *c)
{
	size_t i, j;

	for (i = 0; i < c->n; i++) {
		for (j = 0; j < c->configs[i].n; j++) {
			free(c->configs[i].figures[j].name);
			free(c->configs[i].figures[j].unit);
		}
		free(c->configs[i].figures);
		free(c->configs[i].config);
	}
	free(c->configs);
	memset(c, 0, sizeof(*c));
}

void compare_number(struct strbuf *out, double value)
{
	char digits[32];
	size_t len, i;

	if (value != floor(value) || fabs(value) >= 1e15) {
		strbuf_addf(out, "%.6g", value);
		return;
	}
	len = (size_t)snprintf(digits, sizeof(digits), "%.0f", fabs(value));
	if (value < 0)
		strbuf_addstr(out, "-");
	for (i = 0; i < len; i++) {
		if (i && (len - i) % 3 == 0)
			strbuf_addstr(out, ",");
		strbuf_add(out, &digits[i], 1);
	}
}

int compare_change(const struct compare_figure *f, double *pct)
{
	if (!f->has_from || !f->has_to || (f->from == 0 && f->to != 0))
		return 0;
	*pct = f->from == 0 ? 0 : (f->to - f->from) / fabs(f->from) * 100;
	return 1;
}

/* "FROM -> TO UNIT (+X%)": the two ends of f and their change. */
static void compare_ends(struct strbuf *out, const struct compare_figure *f, int unit)
{
	double pct;

	if (f->has_from)
		compare_number(out, f->from);
	else
		strbuf_addstr(out, "(not measured)");
	strbuf_addstr(out, " -> ");
	if (!f->has_to) {
		strbuf_addstr(out, "(not measured)");
		return;
	}
	compare_number(out, f->to);
	if (unit)
		strbuf_addf(out, " %s", term_str(f->unit));
	if (compare_change(f, &pct))
		strbuf_addf(out, " (%+.2f%%)", pct);
	else if (f->has_from)
		strbuf_addstr(out, " (from 0)");
}

void compare_line(struct strbuf *out, const char *config, const struct compare_figure *f)
{
	/* bytes go without saying; a count named after its unit too. */
	int unit = f->unit && strcmp(f->unit, "bytes") && strcmp(f->unit, f->name);

	strbuf_addf(out, "%s: %s ", term_str(config), term_str(f->name));
	compare_ends(out, f, unit);
	if (f->declared) {
		struct compare_figure d = *f;

		d.has_from = d.has_to = 1;
		d.from = f->declared_from;
		d.to = f->declared_to;
		strbuf_addstr(out, "; declared ");
		compare_ends(out, &d, unit);
	}
	strbuf_addstr(out, "\n");
}

void compare_text(const struct comparison *c, struct strbuf *out)
{
	size_t i, j;

	strbuf_addf(out, "run %lld: %d/%d -> %d/%d\n", c->run_id, c->from, c->commits, c->to,
		    c->commits);
	for (i = 0; i < c->n; i++) {
		if (!c->configs[i].n)
			strbuf_addf(out, "%s: no figures\n", term_str(c->configs[i].config));
		for (j = 0; j < c->configs[i].n; j++)
			compare_line(out, c->configs[i].config, &c->configs[i].figures[j]);
	}
}
