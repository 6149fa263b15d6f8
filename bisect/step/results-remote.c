// SPDX-License-Identifier: GPL-2.0
/*
 * results-remote.c - the shared results store (see results-remote.h), on
 * Redis through hiredis; logs compressed with zlib; documents by jansson.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <hiredis/hiredis.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#include <zlib.h>

#include "db/db.h"
#include "db/db-tries.h"
#include "db/db-results.h"
#include "db/db-run.h"
#include "step/results-remote.h"
#include "lib/util.h"

#define KEY_PREFIX		"bisectable:1"
/*
 * A store that does not answer within these is given up: the run goes on.
 * The command's is a deadline for the whole exchange, not for each read.
 */
#define CONNECT_TIMEOUT_MS	2000
#define COMMAND_TIMEOUT_MS	5000
/* No log of ours is near this; a bigger one is refused rather than allocated. */
#define MAX_LOG_BYTES		(512UL << 20)

static redisContext *conn;
static int given_up;

/* A store's URL, taken apart. */
struct store_url {
	char *host;
	int port;
	int dbnum;
	char *user;		/* NULL: Redis's default user */
	char *password;		/* NULL: no AUTH */
};

static void store_url_free(struct store_url *u);

const char *results_remote_url(void)
{
	const char *url = getenv(RESULTS_REMOTE_ENV);

	return url && *url ? url : NULL;
}

/* One %XX-escaped URL part, allocated; NULL if an escape is broken or a NUL. */
static char *url_decode(const char *p, size_t n)
{
	char *out = xmalloc(n + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned int byte;

		if (p[i] != '%') {
			*o++ = p[i];
			continue;
		}
		if (i + 2 >= n)
			goto bad;
		if (!isxdigit((unsigned char)p[i + 1]) || !isxdigit((unsigned char)p[i + 2]) ||
		    sscanf(p + i + 1, "%2x", &byte) != 1 || !byte)
			goto bad;
		*o++ = (char)byte;
		i += 2;
	}
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/*
 * redis://[[USER:]PASSWORD@]HOST[:PORT][/DB], the form of ccache's remote
 * storage (one URL can serve both), into its parts; all allocated, user
 * and password NULL when not given.
 */
static int parse_url(const char *url, struct store_url *u)
{
	const char *p, *colon, *slash, *end, *at;
	char *port_text;
	int bad;

	memset(u, 0, sizeof(*u));
	u->port = 6379;
	if (strncmp(url, "redis://", 8))
		return -1;
	p = url + 8;
	end = p + strlen(p);
	slash = strchr(p, '/');
	if (slash)
		end = slash;
	at = memrchr(p, '@', end - p);
	if (at) {
		const char *sep = memchr(p, ':', at - p);

		u->password = sep ? url_decode(sep + 1, at - sep - 1) : url_decode(p, at - p);
		if (sep)
			u->user = url_decode(p, sep - p);
		if (!u->password || (sep && !u->user) || !*u->password)
			goto bad;
		p = at + 1;
	}
	colon = memchr(p, ':', end - p);
	if ((colon ? colon : end) == p)
		goto bad;
	if (colon) {
		port_text = xstrndup(colon + 1, end - colon - 1);
		bad = parse_int(port_text, 1, 65535, &u->port);
		free(port_text);
		if (bad)
			goto bad;
	}
	if (slash && slash[1] && parse_int(slash + 1, 0, 1024, &u->dbnum))
		goto bad;
	u->host = xstrndup(p, (colon ? colon : end) - p);
	return 0;
bad:
	store_url_free(u);
	return -1;
}

static void store_url_free(struct store_url *u)
{
	free(u->host);
	free(u->user);
	if (u->password)
		explicit_bzero(u->password, strlen(u->password));
	free(u->password);
	memset(u, 0, sizeof(*u));
}

int results_remote_check_url(const char *url)
{
	struct store_url u;

	if (parse_url(url, &u)) {
		char *shown = url_public(url);

		error("results store '%s': give redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]", shown);
		free(shown);
		return -1;
	}
	store_url_free(&u);
	return 0;
}

static void drop_connection(void)
{
	if (conn)
		redisFree(conn);
	conn = NULL;
}

void results_remote_close(void)
{
	drop_connection();
}

/*
 * The store is gone for the rest of this run: every later step and every
 * configuration's process sees runs.results_remote_lost and does not try
 * again; the one that set it says so.
 */
static void give_up(const struct remote_cell *cell, const char *why)
{
	char *shown = url_public(results_remote_url());
	char *note = xasprintf("%s: %s", shown, why);

	given_up = 1;
	drop_connection();
	if (db_run_lose_store(cell->db, cell->run_id, note))
		warning("results store %s: the run goes on without it (cells are verified"
			" here and not published)", note);
	free(note);
	free(shown);
}

static int lost_before(const struct remote_cell *cell)
{
	return db_run_store_lost(cell->db, cell->run_id);
}

static redisReply *command(const struct remote_cell *cell, const char *fmt, ...);

/* The connection of this process, made on first use; NULL: no store. */
static redisContext *connection(const struct remote_cell *cell)
{
	struct timeval connect_tv = { CONNECT_TIMEOUT_MS / 1000, CONNECT_TIMEOUT_MS % 1000 * 1000 };
	struct timeval command_tv = { COMMAND_TIMEOUT_MS / 1000, COMMAND_TIMEOUT_MS % 1000 * 1000 };
	const char *url = results_remote_url();
	struct store_url u;

	if (!url || given_up)
		return NULL;
	if (conn)
		return conn;
	if (lost_before(cell)) {
		given_up = 1;
		return NULL;
	}
	if (parse_url(url, &u)) {
		give_up(cell, "not a redis://[[USER:]PASSWORD@]HOST[:PORT][/DB] URL");
		return NULL;
	}
	conn = redisConnectWithTimeout(u.host, u.port, connect_tv);
	if (!conn || conn->err) {
		char *why = xasprintf("cannot connect: %s", conn ? conn->errstr : "out of memory");

		give_up(cell, why);
		free(why);
		goto out;
	}
	if (redisSetTimeout(conn, command_tv) != REDIS_OK) {
		give_up(cell, "cannot set a command timeout");
		goto out;
	}
	/* Binary-safe arguments (%s of hiredis): a password is never parsed. */
	if (u.password) {
		redisReply *r = u.user ? command(cell, "AUTH %s %s", u.user, u.password) :
				command(cell, "AUTH %s", u.password);

		if (!r)
			goto out;
		freeReplyObject(r);
	}
	if (u.dbnum) {
		redisReply *r = command(cell, "SELECT %d", u.dbnum);

		if (r)
			freeReplyObject(r);
	}
out:
	store_url_free(&u);
	return conn;
}

/* 0 when fd is ready for events before deadline (now_seconds()), else -1. */
static int wait_ready(int fd, short events, double deadline)
{
	struct pollfd p = { .fd = fd, .events = events };

	for (;;) {
		int ms = (int)((deadline - now_seconds()) * 1000) + 1, n;

		if (deadline <= now_seconds())
			return -1;
		n = poll(&p, 1, ms);
		if (n > 0)
			return 0;
		if (n == 0 || errno != EINTR)
			return -1;
	}
}

/*
 * The reply of the command appended to conn, all of it before the
 * deadline: a store that trickles a byte at a time never gets a read
 * timeout (SO_RCVTIMEO is per read), so each read waits only for what
 * is left of the command's time. NULL with *late set when it ran out.
 */
static redisReply *reply_within(double deadline, int *late)
{
	void *reply = NULL;
	int done = 0;

	*late = 0;
	while (!done) {
		double left = deadline - now_seconds();
		struct timeval tv = { (time_t)left, (suseconds_t)((left - (time_t)left) * 1e6) };

		/* A blocking write of a big SET may take what is left, no more. */
		if (left <= 0 || wait_ready(conn->fd, POLLOUT, deadline) ||
		    redisSetTimeout(conn, tv) != REDIS_OK)
			goto late;
		if (redisBufferWrite(conn, &done) != REDIS_OK)
			return NULL;
	}
	for (;;) {
		if (redisGetReplyFromReader(conn, &reply) != REDIS_OK)
			return NULL;
		if (reply)
			return reply;
		if (wait_ready(conn->fd, POLLIN, deadline))
			goto late;
		if (redisBufferRead(conn) != REDIS_OK)
			return NULL;
	}
late:
	*late = 1;
	return NULL;
}

/* A reply, or NULL after giving the store up (no answer, an error reply). */
static redisReply *command(const struct remote_cell *cell, const char *fmt, ...)
{
	redisReply *r = NULL;
	va_list ap;
	int late = 0, appended;

	if (!conn)
		return NULL;
	va_start(ap, fmt);
	appended = redisvAppendCommand(conn, fmt, ap);
	va_end(ap);
	if (appended == REDIS_OK)
		r = reply_within(now_seconds() + COMMAND_TIMEOUT_MS / 1000.0, &late);
	if (!r || r->type == REDIS_REPLY_ERROR) {
		char *why = r ? xasprintf("%s", r->str) :
			late || (conn->err == REDIS_ERR_IO &&
				 (errno == EAGAIN || errno == EWOULDBLOCK)) ?
			xasprintf("no answer within %d s", COMMAND_TIMEOUT_MS / 1000) :
			xasprintf("%s", conn->errstr[0] ? conn->errstr : "no answer");

		if (r)
			freeReplyObject(r);
		give_up(cell, why);
		free(why);
		return NULL;
	}
	return r;
}

static char *cell_key(const char *what, const char *key, const char *stage)
{
	return xasprintf(KEY_PREFIX ":%s:%s:%s", what, key, stage);
}

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
	char *name = cell_key("cell", key, stage);
	redisReply *r = command(cell, "GET %s", name);
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
	name = cell_key("log", key, stage);
	r = command(cell, "GET %s", name);
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

	if (!cell->build_key || !connection(cell) || !fetch_cell(cell, cell->build_key, "build",
								  &build))
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
		name = cell_key("log", key, stage);
		r = command(cell, "SET %s %b", name, (const char *)z, (size_t)zlen);
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

	if (!connection(cell))
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
		o->name = cell_key("cell", o->key, o->stage);
		o->log_path = strcmp(o->stage, "test") && row->log_path ?
			      xstrdup(row->log_path) : NULL;
		o->doc = cell_doc(cell, row, host);
	}
	result_recs_release(&rows);
	for (i = 0; i < n; i++) {
		struct outgoing *o = &out[i];
		redisReply *r = conn ? command(cell, "EXISTS %s", o->name) : NULL;
		int known = r && r->type == REDIS_REPLY_INTEGER && r->integer > 0;
		char *text;

		if (r)
			freeReplyObject(r);
		if (r && !known) {
			if (o->log_path)
				publish_log(cell, o->key, o->stage, o->log_path, o->doc);
			text = json_dumps(o->doc, JSON_COMPACT);
			/* The document last: one that is there has its log. */
			r = conn ? command(cell, "SET %s %s NX", o->name, text) : NULL;
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
