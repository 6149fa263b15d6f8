// SPDX-License-Identifier: GPL-2.0
/*
 * results-remote.c - the shared results store (see results-remote.h): a
 * configuration's cells fetched into the database, and published, as
 * documents by jansson with their logs compressed by zlib, over the
 * connection of results-store.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <hiredis/hiredis.h>
#include <jansson.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "db/db.h"
#include "db/db-tries.h"
#include "db/db-results.h"
#include "db/db-run.h"
#include "step/results-remote.h"
#include "lib/util.h"

/* No log of ours is near this; a bigger one is refused rather than allocated. */
#define MAX_LOG_BYTES		(512UL << 20)

/* What the store holds for one cell: its document and its log. */
struct fetched {
	json_t *doc;
	char *log;
	size_t log_len;
};

static void fetched_free(struct fetched *f)
{
	json_decref(f->doc);
	free(f->log);
	memset(f, 0, sizeof(*f));
}

static const char *doc_str(json_t *doc, const char *name)
{
	return json_string_value(json_object_get(doc, name));
}

static double doc_num(json_t *doc, const char *name, double fallback)
{
	json_t *v = json_object_get(doc, name);

	return json_is_number(v) ? json_number_value(v) : fallback;
}

/* The log blob back to its bytes; 0 if it is not a log of ours. */
static int inflate_log(const char *blob, size_t len, size_t bytes, struct fetched *f)
{
	uLongf out_len = bytes;

	if (bytes > MAX_LOG_BYTES)
		return 0;
	f->log = xmalloc(bytes + 1);
	if (uncompress((Bytef *)f->log, &out_len, (const Bytef *)blob, len) != Z_OK ||
	    out_len != bytes) {
		free(f->log);
		f->log = NULL;
		return 0;
	}
	f->log_len = out_len;
	return 1;
}

/*
 * 1 with the cell in f if the store holds it as an outcome of the commit
 * (pass, fail or timeout); 0 if not, or if the store is gone.
 */
static int fetch_cell(const struct remote_cell *cell, const char *key, const char *stage,
		      struct fetched *f)
{
	char *name = results_store_key("cell", key, stage);
	redisReply *r = results_store_command(cell, "GET %s", name);
	const char *status;
	json_t *log_bytes;

	memset(f, 0, sizeof(*f));
	free(name);
	if (!r)
		return 0;
	if (r->type == REDIS_REPLY_STRING)
		f->doc = json_loadb(r->str, r->len, 0, NULL);
	freeReplyObject(r);
	status = doc_str(f->doc, "status");
	if (!status || (strcmp(status, "pass") && strcmp(status, "fail") &&
			strcmp(status, "timeout")) || !doc_str(f->doc, "host") ||
	    strcmp(doc_str(f->doc, "stage") ? doc_str(f->doc, "stage") : "", stage)) {
		fetched_free(f);
		return 0;
	}
	log_bytes = json_object_get(f->doc, "log_bytes");
	if (!json_is_integer(log_bytes))
		return 1;
	name = results_store_key("log", key, stage);
	r = results_store_command(cell, "GET %s", name);
	free(name);
	if (!r) {
		fetched_free(f);
		return 0;
	}
	if (r->type == REDIS_REPLY_STRING)
		inflate_log(r->str, r->len, json_integer_value(log_bytes), f);
	freeReplyObject(r);
	return 1;
}

/* The log taken from the store, where this machine keeps it; 0 if written. */
static int write_log(const char *path, const struct fetched *f)
{
	if (!path || !f->log)
		return -1;
	if (write_file(path, f->log, f->log_len) < 0) {
		warning("cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static long long record_cell(const struct remote_cell *cell, const char *stage,
			     const char *key, const struct fetched *f, const char *log_path)
{
	json_t *doc = f->doc, *v;
	struct result_row row = {
		.config = cell->config, .stage = stage, .status = doc_str(doc, "status"),
		.duration = doc_num(doc, "duration", 0), .evidence = doc_str(doc, "evidence"),
		.log_path = log_path, .reproduce = doc_str(doc, "reproduce"), .cache_key = key,
		.image_key = doc_str(doc, "image_key"),
	};
	long long id;
	size_t i;

	id = db_result_set(cell->db, cell->run_id, cell->commit_id, &row);
	db_result_set_origin(cell->db, id, doc_str(doc, "host"));
	json_array_foreach(json_object_get(doc, "tests"), i, v)
		if (doc_str(v, "name") && doc_str(v, "status"))
			db_test_add_run(cell->db, id, doc_str(v, "name"), doc_str(v, "status"),
					doc_str(v, "reason"), doc_num(v, "duration", -1), 0);
	json_array_foreach(json_object_get(doc, "metrics"), i, v) {
		struct metric_sample m = {
			.name = doc_str(v, "name"), .value = doc_num(v, "value", 0),
			.unit = doc_str(v, "unit"), .better = doc_str(v, "better"),
			.noise_pct = doc_num(v, "noise_pct", -1),
			.spread_pct = doc_num(v, "spread_pct", -1),
		};

		if (m.name && doc_str(v, "source"))
			db_metric_put(cell->db, cell->commit_id, cell->config,
				      doc_str(v, "source"), &m);
	}
	if (!strcmp(stage, "build")) {
		db_warnings_clear(cell->db, cell->commit_id, cell->config);
		json_array_foreach(json_object_get(doc, "warnings"), i, v)
			if (doc_str(v, "object") && doc_str(v, "message"))
				db_warning_add(cell->db, cell->commit_id, cell->config,
					       doc_str(v, "object"), doc_str(v, "message"));
	}
	return id;
}

static void record_skip(const struct remote_cell *cell, const char *stage, const char *why)
{
	struct result_row row = { .config = cell->config, .stage = stage, .status = "skip",
				  .evidence = why };

	db_result_set(cell->db, cell->run_id, cell->commit_id, &row);
}

static void describe(struct strbuf *say, const char *config, const char *stage,
		     const struct fetched *f)
{
	strbuf_addf(say, "  %-8s %s %s: from the results store (verified on %s)\n", config,
		    stage, doc_str(f->doc, "status"), doc_str(f->doc, "host"));
}

int results_remote_fetch(const struct remote_cell *cell, int *bad, struct strbuf *say)
{
	struct fetched build, boot = { 0 }, test = { 0 };
	int build_passed, found = 0;
	char *log_path = NULL;

	if (!cell->build_key || !results_store_connect(cell) ||
	    !fetch_cell(cell, cell->build_key, "build", &build))
		return 0;
	build_passed = !strcmp(doc_str(build.doc, "status"), "pass");
	if (build_passed && (!cell->boot_key ||
			     !fetch_cell(cell, cell->boot_key, "boot", &boot) ||
			     !fetch_cell(cell, cell->boot_key, "test", &test)))
		goto out;
	db_begin(cell->db);
	record_cell(cell, "build", cell->build_key, &build,
		    write_log(cell->build_log, &build) ? NULL : cell->build_log);
	describe(say, cell->config, "build", &build);
	if (!build_passed) {
		record_skip(cell, "boot", "not run: build failed");
		record_skip(cell, "test", "not run: build failed");
		*bad = 1;
	} else {
		/* Boot and test share the console, kept with the boot. */
		if (!write_log(cell->console_log, &boot))
			log_path = xstrdup(cell->console_log);
		record_cell(cell, "boot", cell->boot_key, &boot, log_path);
		record_cell(cell, "test", cell->boot_key, &test, log_path);
		describe(say, cell->config, "boot", &boot);
		describe(say, cell->config, "test", &test);
		if (strcmp(doc_str(boot.doc, "status"), "pass") ||
		    strcmp(doc_str(test.doc, "status"), "pass"))
			*bad = 1;
	}
	db_commit(cell->db);
	found = 1;
out:
	free(log_path);
	fetched_free(&build);
	fetched_free(&boot);
	fetched_free(&test);
	return found;
}

static const char *text_or_empty(const char *s)
{
	return s ? s : "";
}

/* The tests of a result, as the document keeps them. */
static json_t *cell_doc_tests(const struct remote_cell *cell, long long result_id)
{
	json_t *tests = json_array();
	struct test_rec *v;
	size_t n = db_result_tests(cell->db, result_id, &v), i;

	for (i = 0; i < n; i++) {
		json_t *t = json_pack("{s:s, s:s}", "name", text_or_empty(v[i].name), "status",
				      text_or_empty(v[i].status));

		if (v[i].reason)
			json_object_set_new(t, "reason", json_string(v[i].reason));
		if (!isnan(v[i].duration))
			json_object_set_new(t, "duration", json_real(v[i].duration));
		json_array_append_new(tests, t);
	}
	test_recs_free(v, n);
	return tests;
}

/* A build carries the build's figures, a boot the guest's; the series' are not ours. */
static json_t *cell_doc_metrics(const struct remote_cell *cell, const char *stage)
{
	json_t *metrics = json_array();
	struct metric_rec *v;
	size_t n, i;

	n = db_cell_metrics(cell->db, cell->commit_id, cell->config,
			    !strcmp(stage, "build") ? "build" :
			    !strcmp(stage, "boot") ? "guest" : "none", &v);
	for (i = 0; i < n; i++) {
		json_t *m = json_pack("{s:s, s:f, s:s}", "name", text_or_empty(v[i].name),
				      "value", v[i].value, "source", text_or_empty(v[i].source));

		if (v[i].unit)
			json_object_set_new(m, "unit", json_string(v[i].unit));
		if (v[i].better)
			json_object_set_new(m, "better", json_string(v[i].better));
		if (!isnan(v[i].noise_pct))
			json_object_set_new(m, "noise_pct", json_real(v[i].noise_pct));
		if (!isnan(v[i].spread_pct))
			json_object_set_new(m, "spread_pct", json_real(v[i].spread_pct));
		json_array_append_new(metrics, m);
	}
	metric_recs_free(v, n);
	return metrics;
}

static json_t *cell_doc_warnings(const struct remote_cell *cell)
{
	json_t *warnings = json_array();
	struct warning_rec *v;
	size_t n = db_cell_warnings(cell->db, cell->commit_id, cell->config, &v), i;

	for (i = 0; i < n; i++)
		json_array_append_new(warnings, json_pack("{s:s, s:s}", "object", v[i].object,
							  "message", v[i].message));
	warning_recs_free(v, n);
	return warnings;
}

/* A cell's document: its outcome, tests, figures (and a build's warnings). */
static json_t *cell_doc(const struct remote_cell *cell, const struct result_rec *row,
			const char *host)
{
	const char *stage = text_or_empty(row->stage);
	json_t *doc = json_object();

	json_object_set_new(doc, "format", json_string("bisectable-cell"));
	json_object_set_new(doc, "stage", json_string(stage));
	json_object_set_new(doc, "status", json_string(text_or_empty(row->status)));
	json_object_set_new(doc, "duration", json_real(isnan(row->duration) ? 0 : row->duration));
	if (row->evidence)
		json_object_set_new(doc, "evidence", json_string(row->evidence));
	if (row->reproduce)
		json_object_set_new(doc, "reproduce", json_string(row->reproduce));
	if (row->image_key)
		json_object_set_new(doc, "image_key", json_string(row->image_key));
	json_object_set_new(doc, "host", json_string(host));
	json_object_set_new(doc, "recorded_at", json_string(text_or_empty(row->recorded_at)));
	json_object_set_new(doc, "tests", cell_doc_tests(cell, row->id));
	json_object_set_new(doc, "metrics", cell_doc_metrics(cell, stage));
	if (!strcmp(stage, "build"))
		json_object_set_new(doc, "warnings", cell_doc_warnings(cell));
	return doc;
}

/* Put the log (zlib) under its key; its size goes to the document. 0 if stored. */
static int publish_log(const struct remote_cell *cell, const char *key, const char *stage,
		       const char *path, json_t *doc)
{
	struct strbuf log = STRBUF_INIT;
	char *file = NULL;
	uLongf zlen;
	Bytef *z;
	char *name;
	redisReply *r;
	int ret = -1;

	if (!path || !(file = db_own_log(cell->db, path)) ||
	    strbuf_read_file(&log, file) < 0 || log.len > MAX_LOG_BYTES)
		goto out;
	zlen = compressBound(log.len);
	z = xmalloc(zlen);
	if (compress2(z, &zlen, (const Bytef *)log.buf, log.len, 6) == Z_OK) {
		name = results_store_key("log", key, stage);
		r = results_store_command(cell, "SET %s %b", name, (const char *)z, (size_t)zlen);
		free(name);
		if (r) {
			freeReplyObject(r);
			json_object_set_new(doc, "log_bytes", json_integer(log.len));
			ret = 0;
		}
	}
	free(z);
out:
	free(file);
	strbuf_release(&log);
	return ret;
}

/* One cell to publish, read from the database before the store is asked. */
struct outgoing {
	char *name;
	char *key;
	char *stage;
	char *log_path;		/* NULL: no log of its own (a test shares the boot's) */
	json_t *doc;
};

void results_remote_publish(const struct remote_cell *cell)
{
	char host[256] = "unknown";
	struct outgoing *out;
	struct result_recs rows;
	size_t n, i;

	if (!results_store_connect(cell))
		return;
	gethostname(host, sizeof(host) - 1);
	/*
	 * What was verified here, or answered by this machine's cache; not the
	 * store's own. Read whole first: no read transaction stays open while
	 * the store is asked (giving it up writes to the run).
	 */
	db_cell_publishable(cell->db, cell->commit_id, cell->config, &rows);
	n = rows.n;
	out = xcalloc(n ? n : 1, sizeof(*out));
	for (i = 0; i < n; i++) {
		struct result_rec *row = &rows.v[i];
		struct outgoing *o = &out[i];

		o->stage = xstrdup(text_or_empty(row->stage));
		o->key = xstrdup(text_or_empty(row->cache_key));
		o->name = results_store_key("cell", o->key, o->stage);
		o->log_path = strcmp(o->stage, "test") && row->log_path ?
			      xstrdup(row->log_path) : NULL;
		o->doc = cell_doc(cell, row, host);
	}
	result_recs_release(&rows);
	for (i = 0; i < n; i++) {
		struct outgoing *o = &out[i];
		/* NULL once the store is given up: no connection is made again. */
		redisReply *r = results_store_command(cell, "EXISTS %s", o->name);
		int known = r && r->type == REDIS_REPLY_INTEGER && r->integer > 0;
		char *text;

		if (r)
			freeReplyObject(r);
		if (r && !known) {
			if (o->log_path)
				publish_log(cell, o->key, o->stage, o->log_path, o->doc);
			text = json_dumps(o->doc, JSON_COMPACT);
			/* The document last: one that is there has its log. */
			r = results_store_command(cell, "SET %s %s NX", o->name, text);
			if (r)
				freeReplyObject(r);
			free(text);
		}
		free(o->name);
		free(o->key);
		free(o->stage);
		free(o->log_path);
		json_decref(o->doc);
	}
	free(out);
}
