// SPDX-License-Identifier: GPL-2.0
/*
 * report-model.c - load a run for the report, once: the run, its
 * configurations, metric names, commits, one cell per commit x configuration
 * x stage with its smoke tests (and the boots behind it, the known failures
 * it met), warnings (new ones marked) and the verdicts (verdict.c); the
 * metrics and the performance verdicts are report-model-metrics.c's, and
 * report-model-load.c puts the parts in order. See report-model.h.
 */
#define _GNU_SOURCE
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-row.h"
#include "kconfig/dotconfig.h"
#include "lib/layout.h"
#include "judge/partial.h"
#include "report/report-model.h"
#include "input/run-config.h"
#include "lib/util.h"
#include "judge/verdict.h"

const char *const status_names[NR_STATUSES] = {
	[ST_NONE] = "none", [ST_PASS] = "pass", [ST_FAIL] = "fail",
	[ST_TIMEOUT] = "timeout", [ST_SKIP] = "skip", [ST_ERROR] = "error",
};

enum status status_parse(const char *s)
{
	int i;

	for (i = ST_PASS; i < NR_STATUSES; i++)
		if (!strcmp(s, status_names[i]))
			return i;
	return ST_FAIL;		/* something unknown is not a pass */
}

long long report_resolve_run(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *st;
	long long id = 0;

	st = db_prepare(db, "SELECT id FROM runs WHERE id = ?1"
			" OR (?1 = 0 AND id = (SELECT MAX(id) FROM runs))");
	sqlite3_bind_int64(st, 1, run_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

static int load_run(struct report_model *r, sqlite3 *db, long long id)
{
	return db_load_run(db, id, &r->run);
}

long report_config_index(const struct report_model *r, const char *name)
{
	return str_index(r->configs, r->nconfigs, name);
}

static void add_config(struct report_model *r, const char *name, size_t len)
{
	char *copy;

	while (len && (*name == ' ' || *name == '\t')) {
		name++;
		len--;
	}
	while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	if (!len)
		return;
	copy = xmalloc(len + 1);
	memcpy(copy, name, len);
	copy[len] = '\0';
	if (report_config_index(r, copy) >= 0) {
		free(copy);
		return;
	}
	r->configs = xrealloc(r->configs, (r->nconfigs + 1) * sizeof(*r->configs));
	r->configs[r->nconfigs++] = copy;
}

/* runs.configs in its order, then any other that has results or metrics. */
static void load_configs(struct report_model *r, sqlite3 *db)
{
	const char *p = r->run.configs ? r->run.configs : "";
	sqlite3_stmt *st;

	for (;;) {
		const char *comma = strchr(p, ',');

		add_config(r, p, comma ? (size_t)(comma - p) : strlen(p));
		if (!comma)
			break;
		p = comma + 1;
	}
	st = db_prepare(db,
		"SELECT config FROM results WHERE run_id = ?1"
		" UNION SELECT m.config FROM metrics m JOIN commits c ON c.id = m.commit_id"
		" WHERE c.run_id = ?1 ORDER BY 1");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *name = db_column_str(st, 0);

		add_config(r, name, strlen(name));
	}
	sqlite3_finalize(st);
}

long report_commit_index(const struct report_model *r, long long id)
{
	size_t i;

	for (i = 0; i < r->ncommits; i++)
		if (r->commits[i].id == id)
			return i;
	return -1;
}

static void load_commits(struct report_model *r, sqlite3 *db)
{
	size_t alloc = 0;
	sqlite3_stmt *st;

	/* A database opened read-only is not upgraded: before version 6, no mail ids. */
	st = db_prepare(db, db_has_column(db, "commits", "message_id") ?
			"SELECT id, position, sha, tree, subject, author, patch, message_id,"
			" mail_references FROM commits WHERE run_id = ? ORDER BY position" :
			"SELECT id, position, sha, tree, subject, author, patch, NULL, NULL"
			" FROM commits WHERE run_id = ? ORDER BY position");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct commit *c;

		if (r->ncommits == alloc) {
			alloc = alloc ? 2 * alloc : 16;
			r->commits = xrealloc(r->commits, alloc * sizeof(*r->commits));
		}
		c = &r->commits[r->ncommits++];
		memset(c, 0, sizeof(*c));
		DB_READ(st, 0, DB_COL(c->id), DB_COL(c->position), DB_COL(c->sha), DB_COL(c->tree),
			DB_COL(c->subject), DB_COL(c->author), DB_COL(c->patch),
			DB_COL(c->message_id), DB_COL(c->references));
		c->cells = xcalloc(r->nconfigs * NR_STAGES, sizeof(*c->cells));
		c->values = xcalloc(r->nconfigs * r->nmetrics, sizeof(*c->values));
		c->has_value = xcalloc(r->nconfigs * r->nmetrics, 1);
		c->noisy = xcalloc(r->nconfigs * r->nmetrics, 1);
		if (c->position > r->last_position)
			r->last_position = c->position;
	}
	sqlite3_finalize(st);

	/* The base at position 0 if it was recorded, else the first commit. */
	r->base = r->ncommits ? 0 : -1;
}

/*
 * Schema 11's boots and known failures, or what a database from before it
 * means (a read-only open does not upgrade it): one boot, nothing known.
 */
static const char results_sql_v11[] =
	"SELECT id, commit_id, config, stage, status, duration, evidence, log_path,"
	" reproduce, cache_key, cached_from, recorded_at, tries, failed_tries, confirmed,"
	" known FROM results WHERE run_id = ?";
static const char results_sql_v10[] =
	"SELECT id, commit_id, config, stage, status, duration, evidence, log_path,"
	" reproduce, cache_key, cached_from, recorded_at, 1,"
	" status IN ('fail', 'timeout'), NULL, NULL FROM results WHERE run_id = ?";

static void load_results(struct report_model *r, sqlite3 *db)
{
	sqlite3_stmt *st;

	st = db_prepare(db, db_has_column(db, "results", "tries") ? results_sql_v11 :
			results_sql_v10);
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long ci = report_commit_index(r, sqlite3_column_int64(st, 1));
		long cfg = report_config_index(r, db_column_str(st, 2));
		int stage = stage_parse(db_column_str(st, 3));
		struct cell *cell;

		if (ci < 0 || cfg < 0 || stage < 0)
			continue;
		cell = &r->commits[ci].cells[cfg * NR_STAGES + stage];
		cell->id = sqlite3_column_int64(st, 0);
		cell->status = status_parse(db_column_str(st, 4));
		cell->has_duration = sqlite3_column_type(st, 5) != SQLITE_NULL;
		DB_READ(st, 5, DB_COL(cell->duration), DB_COL(cell->evidence),
			DB_COL(cell->log_path), DB_COL(cell->reproduce), DB_COL(cell->cache_key),
			DB_COL(cell->cached_from), DB_COL(cell->recorded_at), DB_COL(cell->tries),
			DB_COL(cell->failed_tries), DB_COL(cell->confirmed));
		cell->known = sqlite3_column_type(st, 15) == SQLITE_NULL ||
			      !*db_column_str(st, 15) ? NULL : db_column_dup(st, 15);
	}
	sqlite3_finalize(st);
}

/*
 * The fragment of each configuration, configs/NAME.config of the project as
 * it is now (the database does not keep it); a name that is not a plain
 * file name has none.
 */
static void load_fragments(struct report_model *r)
{
	size_t i;

	r->fragments = xcalloc(r->nconfigs + 1, sizeof(*r->fragments));
	for (i = 0; i <= r->nconfigs; i++) {
		const char *name = i < r->nconfigs ? r->configs[i] : "base";
		struct strbuf sb = STRBUF_INIT;
		char *rel, *path;

		if (!*name || *name == '.' || strchr(name, '/'))
			continue;
		rel = xasprintf("configs/%s.config", name);
		path = project_path(rel);
		if (strbuf_read_file(&sb, path) == 0 && i < r->nconfigs)
			r->fragments[i] = strbuf_detach(&sb, NULL);
		else if (sb.len)
			r->base_fragment = strbuf_detach(&sb, NULL);
		strbuf_release(&sb);
		free(path);
		free(rel);
	}
}

/*
 * For each configuration, sql (bound to the run's id and the configuration's
 * name) and, when it gives a row, fn with it. Nothing when table.column is
 * not in the database (one from before that schema version).
 */
static void per_config_row(struct report_model *r, sqlite3 *db, const char *table,
			   const char *column, const char *sql,
			   void (*fn)(struct report_model *r, size_t cfg, sqlite3_stmt *row))
{
	sqlite3_stmt *st;
	size_t i;

	if (!db_has_column(db, table, column))
		return;
	st = db_prepare(db, sql);
	for (i = 0; i < r->nconfigs; i++) {
		sqlite3_bind_int64(st, 1, r->run.id);
		db_bind_text(st, 2, r->configs[i]);
		if (sqlite3_step(st) == SQLITE_ROW)
			fn(r, i, st);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
}

static void take_run_fragment(struct report_model *r, size_t cfg, sqlite3_stmt *row)
{
	free(r->fragments[cfg]);
	r->fragments[cfg] = db_column_dup(row, 0);
	r->derived[cfg] = 1;
}

static void take_compiler(struct report_model *r, size_t cfg, sqlite3_stmt *row)
{
	const char *dotconfig = (const char *)sqlite3_column_text(row, 0);

	r->compilers[cfg] = dotconfig_string(dotconfig, "CC_VERSION_TEXT");
	/* auto-N may be a 32-bit build (64BIT guards a changed line) */
	r->arches[cfg] = dotconfig_tristate(dotconfig, "X86_32") == 'y' ? "i386" : "x86_64";
}

/*
 * A configuration the run derived (run --configs auto) has no file in
 * configs/: its fragment is the one the run wrote, kept in run_configs.
 * The compiler of each configuration as Kconfig saw it (CONFIG_CC_VERSION_TEXT
 * of the .config kept for coverage), and the architecture, from its latest
 * build in the run that kept one: what a reader needs to reproduce a
 * compiler's error.
 */
static void load_run_configs(struct report_model *r, sqlite3 *db)
{
	r->derived = xcalloc(r->nconfigs + 1, sizeof(*r->derived));
	r->compilers = xcalloc(r->nconfigs + 1, sizeof(*r->compilers));
	r->arches = xcalloc(r->nconfigs + 1, sizeof(*r->arches));
	per_config_row(r, db, "run_configs", "fragment",
		       "SELECT fragment FROM run_configs WHERE run_id = ? AND config = ?"
		       " AND origin = 'derived' AND fragment IS NOT NULL", take_run_fragment);
	per_config_row(r, db, "kconfigs", "dotconfig",
		       "SELECT k.dotconfig FROM kconfigs k"
		       " JOIN results r ON r.id = k.result_id JOIN commits c ON c.id = r.commit_id"
		       " WHERE c.run_id = ? AND r.config = ? ORDER BY c.position DESC LIMIT 1",
		       take_compiler);
}

/* The verdict of each configuration, as verdict.c defines it. */
static void load_verdicts(struct report_model *r, sqlite3 *db)
{
	size_t i;

	r->verdicts = xcalloc(r->nconfigs, sizeof(*r->verdicts));
	for (i = 0; i < r->nconfigs; i++) {
		verdict_load(db, r->run.id, r->configs[i], NULL, &r->verdicts[i]);
		verdict_set_odds(&r->verdicts[i], r->run.options);
	}
}

static struct cell *cell_of_result(struct report_model *r, long long result_id)
{
	size_t i, j;

	for (i = 0; i < r->ncommits; i++)
		for (j = 0; j < r->nconfigs * NR_STAGES; j++)
			if (r->commits[i].cells[j].id == result_id)
				return &r->commits[i].cells[j];
	return NULL;
}

/* The smoke tests of every result, in the order they were recorded. */
static const char tests_sql_v11[] =
	"SELECT t.result_id, t.name, t.status, t.reason, t.duration, t.runs, t.fails, t.known"
	" FROM tests t JOIN results r ON r.id = t.result_id WHERE r.run_id = ?"
	" ORDER BY t.result_id, t.id";
static const char tests_sql_v10[] =
	"SELECT t.result_id, t.name, t.status, t.reason, t.duration, 1,"
	" t.status IN ('fail', 'timeout'), 0"
	" FROM tests t JOIN results r ON r.id = t.result_id WHERE r.run_id = ?"
	" ORDER BY t.result_id, t.id";

static void load_tests(struct report_model *r, sqlite3 *db)
{
	struct cell *cell = NULL;
	sqlite3_stmt *st;

	st = db_prepare(db, db_has_column(db, "tests", "runs") ? tests_sql_v11 : tests_sql_v10);
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long long id = sqlite3_column_int64(st, 0);
		struct report_test *t;

		if (!cell || cell->id != id)
			cell = cell_of_result(r, id);
		if (!cell)
			continue;
		cell->tests = xrealloc(cell->tests, (cell->ntests + 1) * sizeof(*cell->tests));
		t = &cell->tests[cell->ntests++];
		t->name = xstrdup(db_column_str(st, 1));
		t->status = xstrdup(db_column_str(st, 2));
		t->reason = db_column_dup(st, 3);
		t->has_duration = sqlite3_column_type(st, 4) != SQLITE_NULL;
		DB_READ(st, 4, DB_COL(t->duration), DB_COL(t->runs), DB_COL(t->fails));
		t->known = sqlite3_column_int(st, 7) != 0;
	}
	sqlite3_finalize(st);
}

/*
 * The warnings of each commit x configuration, each marked fresh if its
 * message was not among those of the previous commit (all are at the first).
 */
static void load_warnings(struct report_model *r, sqlite3 *db)
{
	sqlite3_stmt *st;
	size_t i, cfg;

	st = db_prepare(db,
		"SELECT w.object, w.message, NOT EXISTS (SELECT 1 FROM warnings p"
		" WHERE p.commit_id = ?2 AND p.config = ?3 AND p.message = w.message)"
		" FROM warnings w WHERE w.commit_id = ?1 AND w.config = ?3 ORDER BY w.id");
	for (i = 0; i < r->ncommits; i++) {
		long parent = parent_of(i);

		r->commits[i].warnings = xcalloc(r->nconfigs, sizeof(*r->commits[i].warnings));
		for (cfg = 0; cfg < r->nconfigs; cfg++) {
			struct report_warnings *ws = &r->commits[i].warnings[cfg];

			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, r->commits[i].id);
			sqlite3_bind_int64(st, 2, parent >= 0 ? r->commits[parent].id : 0);
			db_bind_text(st, 3, r->configs[cfg]);
			while (sqlite3_step(st) == SQLITE_ROW) {
				struct report_warning *w;

				ws->w = xrealloc(ws->w, (ws->n + 1) * sizeof(*ws->w));
				w = &ws->w[ws->n++];
				w->object = xstrdup(db_column_str(st, 0));
				w->message = xstrdup(db_column_str(st, 1));
				w->fresh = sqlite3_column_int(st, 2);
				ws->nfresh += w->fresh;
			}
		}
	}
	sqlite3_finalize(st);
}
static void cell_free(struct cell *cell)
{
	size_t i;

	for (i = 0; i < cell->ntests; i++) {
		free(cell->tests[i].name);
		free(cell->tests[i].status);
		free(cell->tests[i].reason);
	}
	free(cell->tests);
	free(cell->evidence);
	free(cell->log_path);
	free(cell->reproduce);
	free(cell->cache_key);
	free(cell->recorded_at);
	free(cell->confirmed);
	free(cell->known);
}

static void warnings_free(struct report_warnings *ws)
{
	size_t i;

	for (i = 0; i < ws->n; i++) {
		free(ws->w[i].object);
		free(ws->w[i].message);
	}
	free(ws->w);
}

void report_model_free(struct report_model *r)
{
	size_t i, j;

	free(r->partial);
	compare_free(&r->compare);
	for (i = 0; i < r->ncommits; i++) {
		struct commit *c = &r->commits[i];

		for (j = 0; j < r->nconfigs * NR_STAGES; j++)
			cell_free(&c->cells[j]);
		for (j = 0; c->warnings && j < r->nconfigs; j++)
			warnings_free(&c->warnings[j]);
		free(c->warnings);
		free(c->cells);
		free(c->values);
		free(c->has_value);
		free(c->noisy);
		free(c->sha);
		free(c->tree);
		free(c->subject);
		free(c->author);
		free(c->patch);
		free(c->message_id);
		free(c->references);
	}
	free(r->commits);
	for (i = 0; r->verdicts && i < r->nconfigs; i++)
		verdict_free(&r->verdicts[i]);
	free(r->verdicts);
	for (i = 0; r->fragments && i < r->nconfigs; i++)
		free(r->fragments[i]);
	free(r->fragments);
	free(r->base_fragment);
	for (i = 0; r->compilers && i < r->nconfigs; i++)
		free(r->compilers[i]);
	free(r->compilers);
	free(r->derived);
	free(r->arches);
	for (i = 0; i < r->nconfigs; i++)
		free(r->configs[i]);
	free(r->configs);
	for (i = 0; r->perf && i < r->nconfigs; i++)
		free(r->perf[i].moves);
	free(r->perf);
	for (i = 0; r->units && i < r->nconfigs * r->nmetrics; i++)
		free(r->units[i]);
	free(r->units);
	free(r->directions);
	for (i = 0; i < r->nmetrics; i++) {
		free(r->metrics[i]);
		free(r->metric_titles[i]);
	}
	free(r->metrics);
	free(r->metric_titles);
	free(r->metric_series);
	free(r->db_dir);
	run_info_free(&r->run);
	coverage_release(&r->coverage);
	codediff_run_release(&r->codediff);
}

int report_model_open(struct report_model *r, sqlite3 *db, long long run_id)
{
	const char *file = sqlite3_db_filename(db, "main");
	long long id = report_resolve_run(db, run_id);

	memset(r, 0, sizeof(*r));
	r->base = -1;
	if (file && *file) {
		char *copy = xstrdup(file);

		r->db_dir = xstrdup(dirname(copy));
		free(copy);
	}
	if (!id || load_run(r, db, id) < 0) {
		if (run_id)
			return error("there is no run %lld in the database", run_id);
		return error("there is no run in the database");
	}
	load_configs(r, db);
	return 0;
}

void report_model_load_cells(struct report_model *r, sqlite3 *db)
{
	load_commits(r, db);
	load_results(r, db);
}

void report_model_load_rest(struct report_model *r, sqlite3 *db)
{
	load_tests(r, db);
	load_warnings(r, db);
	load_verdicts(r, db);
	load_fragments(r);
	load_run_configs(r, db);
	r->partial = partial_positions(r->run.options, r->last_position);
	if (compare_load(db, r->run.id, -1, -1, &r->compare))
		compare_free(&r->compare);
	codediff_run_load(db, r->run.id, &r->codediff);
	/* The report goes on without it (a work tree gone, say): coverage_load said why. */
	if (coverage_load(db, r->run.id, &r->coverage)) {
		coverage_release(&r->coverage);
		warning("the report has no coverage section");
	}
}

const struct commit *report_commit_at(const struct report_model *m, int position)
{
	size_t i;

	for (i = 0; i < m->ncommits; i++)
		if (m->commits[i].position == position)
			return &m->commits[i];
	return NULL;
}

static const char *log_url_base;

void report_set_log_url_base(const char *base)
{
	log_url_base = base;
}

/* base, a '/', then path percent-encoded but for its slashes. */
static char *url_of(const char *base, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(base);
	const unsigned char *p;

	while (n && base[n - 1] == '/')
		n--;
	strbuf_add(&sb, base, n);
	strbuf_addstr(&sb, "/");
	for (p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
			strbuf_add(&sb, p, 1);
		else
			strbuf_addf(&sb, "%%%02X", *p);
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * None without a base: a file:// URL names a file on this machine that
 * nobody who receives the report can open (and KCIDB's log_url is optional).
 */
char *report_log_url(const struct report_model *m, const char *path)
{
	char *logs, *root, *real, *url = NULL;

	if (!log_url_base || !*log_url_base || !m->db_dir)
		return NULL;
	real = db_log_file(m->db_dir, path);
	logs = xasprintf("%s/logs", m->db_dir);
	root = realpath(logs, NULL);
	if (real && root && !strncmp(real, root, strlen(root))) {
		char *rel = xasprintf("logs%s", real + strlen(root));

		url = url_of(log_url_base, rel);
		free(rel);
	}
	free(logs);
	free(root);
	free(real);
	return url;
}
