// SPDX-License-Identifier: GPL-2.0
/*
 * report-model-metrics.c - the report model's figures: the metric names in
 * the order they are shown, their values per commit and configuration, and
 * the performance verdicts, taken from regress.c's perf_regressions (the
 * report judges nothing itself). Called by report_model_load()
 * (report-model-load.c).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "input/run-config.h"
#include "judge/regress.h"
#include "lib/util.h"
#include "report/report-model.h"

/*
 * Shown first, in this order: the build's figures, then the series' own (as
 * its metrics file declares them), then the guest's; any other by name.
 */
static const char *const known_metrics[] = {
	"text", "data", "bss", "bzimage_bytes", "warnings", "pipe_rtt_ns", "fork_exit_ns",
};

int report_known_metric(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_metrics); i++)
		if (!strcmp(name, known_metrics[i]))
			return i;
	return -1;
}

struct metric_name {
	char *name;
	int source;		/* 0 build, 1 series, 2 guest */
};

static int cmp_metric(const void *a, const void *b)
{
	const struct metric_name *x = a, *y = b;
	int rx = report_known_metric(x->name), ry = report_known_metric(y->name);

	if (x->source != y->source)
		return x->source < y->source ? -1 : 1;
	if (rx < 0)
		rx = INT_MAX;
	if (ry < 0)
		ry = INT_MAX;
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The series' description of one of its metrics, or NULL. */
static char *series_title(const struct run_config *rc, const char *name)
{
	size_t i;

	for (i = 0; i < rc->nmetrics; i++)
		if (!strcmp(rc->metrics[i].name, name) && rc->metrics[i].description)
			return xasprintf("%s (%s)", rc->metrics[i].description, name);
	return NULL;
}

void report_load_metric_names(struct report_model *r, sqlite3 *db)
{
	struct metric_name *names = NULL;
	struct run_config rc;
	sqlite3_stmt *st;
	size_t i, n = 0;

	st = db_prepare(db,
		"SELECT m.name, MIN(CASE m.source WHEN 'build' THEN 0 WHEN 'series' THEN 1"
		" ELSE 2 END) FROM metrics m JOIN commits c ON c.id = m.commit_id"
		" WHERE c.run_id = ? GROUP BY m.name ORDER BY m.name");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n].name = db_column_dup(st, 0);
		names[n++].source = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
	if (n)
		qsort(names, n, sizeof(*names), cmp_metric);
	/* A run from before run configurations were JSON describes none. */
	if (run_config_from_json(r->run.options ? r->run.options : "", &rc))
		run_config_free(&rc), run_config_init(&rc);
	r->metrics = xcalloc(n, sizeof(*r->metrics));
	r->metric_series = xcalloc(n, sizeof(*r->metric_series));
	r->metric_titles = xcalloc(n, sizeof(*r->metric_titles));
	for (i = 0; i < n; i++) {
		r->metrics[i] = names[i].name;
		r->metric_series[i] = names[i].source == 1;
		if (r->metric_series[i])
			r->metric_titles[i] = series_title(&rc, names[i].name);
	}
	r->nmetrics = n;
	run_config_free(&rc);
	free(names);
}

long report_metric_index(const struct report_model *r, const char *name)
{
	return str_index(r->metrics, r->nmetrics, name);
}

/*
 * Schema 4's noisy flag, or what a database from before it means (a
 * read-only open does not upgrade it): nothing noisy.
 */
static const char metrics_sql_v4[] =
	"SELECT m.commit_id, m.config, m.name, m.value, m.noisy"
	" FROM metrics m JOIN commits c ON c.id = m.commit_id WHERE c.run_id = ?";
static const char metrics_sql_v3[] =
	"SELECT m.commit_id, m.config, m.name, m.value, 0"
	" FROM metrics m JOIN commits c ON c.id = m.commit_id WHERE c.run_id = ?";

/* The values, for the tables and charts; what they mean is report_load_perf's. */
void report_load_metrics(struct report_model *r, sqlite3 *db)
{
	sqlite3_stmt *st;

	st = db_prepare(db, db_has_column(db, "metrics", "noisy") ? metrics_sql_v4 :
			metrics_sql_v3);
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long ci = report_commit_index(r, sqlite3_column_int64(st, 0));
		long cfg = report_config_index(r, db_column_str(st, 1));
		long m = report_metric_index(r, db_column_str(st, 2));
		size_t k;

		if (ci < 0 || cfg < 0 || m < 0)
			continue;
		k = cfg * r->nmetrics + m;
		r->commits[ci].values[k] = sqlite3_column_double(st, 3);
		r->commits[ci].has_value[k] = 1;
		r->commits[ci].noisy[k] = sqlite3_column_int(st, 4) != 0;
	}
	sqlite3_finalize(st);
}

/* The index of the commit at position, or -1. */
static long position_index(const struct report_model *r, int position)
{
	size_t i;

	for (i = 0; i < r->ncommits; i++)
		if (r->commits[i].position == position)
			return i;
	return -1;
}

/* The moves regress.c found along metric m of configuration cfg, as the model's. */
static void take_moves(struct report_model *r, size_t cfg, size_t m,
		       const struct perf_judged *j)
{
	struct report_perf *rp = &r->perf[cfg];
	size_t i;

	for (i = 0; i < j->scan.nmoves; i++) {
		const struct perf_move *pm = &j->scan.moves[i];
		long ci = position_index(r, j->series.points[pm->at].position);
		long ref = position_index(r, j->series.points[pm->ref].position);
		struct report_move *mv;

		if (ci < 0 || ref < 0)
			continue;	/* not possible: both are commits of the run */
		rp->moves = xrealloc(rp->moves, (rp->nmoves + 1) * sizeof(*mv));
		mv = &rp->moves[rp->nmoves++];
		mv->metric = m;
		mv->commit = ci;
		mv->ref = ref;
		mv->delta = pm->delta;
		mv->pct = pm->pct;
		mv->has_pct = pm->has_pct;
		mv->noisy = pm->noisy;
		rp->nregressions += !mv->noisy;
	}
}

/* The configurations of the report, comma-separated, for perf_regressions. */
static char *configs_list(const struct report_model *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < r->nconfigs; i++)
		strbuf_addf(&sb, "%s%s", i ? "," : "", r->configs[i]);
	return strbuf_detach(&sb, NULL);
}

/*
 * The performance verdicts of each configuration are those of 'bisectable
 * regressions' (regress.c: directions, noise floors, noisy values, the
 * threshold), each commit against its parent at the default threshold: the
 * report judges nothing itself. A metric without values in a configuration
 * still gets the direction it would be judged by (the series' or
 * bisectable's own).
 */
void report_load_perf(struct report_model *r, sqlite3 *db)
{
	char *configs = configs_list(r);
	struct run_config rc;
	struct perf_run pr;
	size_t cfg, m;

	r->threshold = PERF_DEFAULT_THRESHOLD;
	r->perf = xcalloc(r->nconfigs + 1, sizeof(*r->perf));
	r->directions = xcalloc(r->nconfigs * r->nmetrics + 1, sizeof(*r->directions));
	r->units = xcalloc(r->nconfigs * r->nmetrics + 1, sizeof(*r->units));
	if (perf_regressions(db, r->run.id, configs, r->threshold, PERF_AGAINST_PARENT, &pr))
		memset(&pr, 0, sizeof(pr));	/* not possible: the run was loaded */
	if (run_config_from_json(r->run.options ? r->run.options : "", &rc))
		run_config_free(&rc), run_config_init(&rc);
	for (m = 0; m < r->nmetrics; m++)
		for (cfg = 0; cfg < r->nconfigs; cfg++) {
			const struct perf_judged *j = perf_run_find(&pr, r->configs[cfg],
								    r->metrics[m]);
			size_t k = cfg * r->nmetrics + m;

			if (j)
				r->directions[k] = j->series.dir;
			else
				perf_direction_default(&rc, r->metrics[m], &r->directions[k]);
			/* The unit lives in pr or rc, freed below: keep a copy. */
			if (r->directions[k].unit) {
				r->units[k] = xstrdup(r->directions[k].unit);
				r->directions[k].unit = r->units[k];
			}
			if (j)
				take_moves(r, cfg, m, j);
		}
	run_config_free(&rc);
	perf_run_free(&pr);
	free(configs);
}

const struct report_move *report_move_at(const struct report_model *r, size_t cfg,
					 size_t metric, long ci)
{
	const struct report_perf *rp = &r->perf[cfg];
	size_t i;

	for (i = 0; i < rp->nmoves; i++)
		if (rp->moves[i].metric == metric && rp->moves[i].commit == ci)
			return &rp->moves[i];
	return NULL;
}
