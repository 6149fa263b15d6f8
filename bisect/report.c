// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - the bisect report of a run, as one self-contained HTML page,
 * as JSON (libjansson), or as JUnit XML.
 *
 * The whole run is loaded first (configurations, commits, one cell per
 * commit x configuration x stage, metrics, verdicts); logs, smoke tests and
 * warnings are read when a cell is written. Every string that came from the
 * database, a log or the user goes through html_escape() (HTML and XML) or
 * utf8_sanitize() (JSON): nothing else writes data into the output.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <libgen.h>
#include <math.h>		/* isfinite() only: no -lm */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "db.h"
#include "escape.h"
#include "kbuild.h"
#include "report.h"
#include "util.h"

#define EXCERPT_LINES	40		/* log lines shown for one cell */
#define LINE_MAX_BYTES	400		/* longer log lines are cut */
#define LOG_READ_MAX	(8 << 20)	/* only the end of bigger logs is read */
#define WARNINGS_MAX	50		/* new warnings listed for one cell */
#define FLUSH_AT	65536

enum stage { STAGE_APPLY, STAGE_BUILD, STAGE_BOOT, STAGE_TEST, NR_STAGES };

static const char *const stage_names[NR_STAGES] = { "apply", "build", "boot", "test" };

enum status { ST_NONE, ST_PASS, ST_FAIL, ST_TIMEOUT, ST_SKIP, NR_STATUSES };

/* name: as stored, and the CSS class; mark: what a cell shows. */
static const struct {
	const char *name;
	const char *mark;
} statuses[NR_STATUSES] = {
	[ST_NONE]	= { "none",	"\xc2\xb7 not run" },		/* · */
	[ST_PASS]	= { "pass",	"\xe2\x9c\x93 pass" },		/* ✓ */
	[ST_FAIL]	= { "fail",	"\xe2\x9c\x97 FAIL" },		/* ✗ */
	[ST_TIMEOUT]	= { "timeout",	"\xe2\x97\xb7 timeout" },	/* ◷ */
	[ST_SKIP]	= { "skip",	"\xe2\x80\x93 skip" },		/* – */
};

/* Shown first, in this order; any other metric follows by name. */
static const char *const known_metrics[] = {
	"text", "data", "bss", "bzimage_bytes", "warnings", "sched_smp_lines",
	"pipe_rtt_ns", "fork_exit_ns",
};

/* Charted along the series when present. */
static const struct {
	const char *name;
	const char *title;
} charts[] = {
	{ "text",		"text size of vmlinux (text)" },
	{ "bzimage_bytes",	"bzImage size (bzimage_bytes)" },
	{ "sched_smp_lines",	"CONFIG_SMP lines in kernel/sched/ (sched_smp_lines)" },
	{ "pipe_rtt_ns",	"pipe round trip (pipe_rtt_ns)" },
	{ "fork_exit_ns",	"fork + exit (fork_exit_ns)" },
};

/* Okabe-Ito colours, told apart without colour vision by the dashes too. */
static const char *const line_colors[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
};
static const char *const line_dashes[] = { "", "7 3", "2 3", "9 3 2 3" };

struct cell {
	long long id;		/* 0: no result recorded */
	enum status status;
	double duration;
	int has_duration;
	char *evidence;
	char *log_path;
	char *reproduce;
	char *cache_key;
	char *recorded_at;
	long long cached_from;	/* 0: not from the cache */
};

struct commit {
	long long id;
	int position;
	char *sha;
	char *tree;
	char *subject;
	char *author;
	char *patch;
	struct cell *cells;		/* [config * NR_STAGES + stage] */
	double *values;			/* [config * nmetrics + metric] */
	unsigned char *has_value;
};

struct verdict {
	int has_results;
	int commits;
	int passed;
	int complete;		/* every commit has its four stages */
	int bad;		/* there is a first bad commit */
	int position;
	enum stage stage;
	enum status status;
	char *sha;
	char *subject;
	char *evidence;
	char *log_path;
};

struct report {
	sqlite3 *db;
	FILE *out;
	int write_error;
	struct strbuf buf;
	struct run_info run;
	char *db_dir;		/* for log paths relative to the database */
	char **configs;
	size_t nconfigs;
	struct verdict *verdicts;
	struct commit *commits;
	size_t ncommits;
	char **metrics;
	size_t nmetrics;
	long base;		/* commit that deltas are taken against, -1: none */
	int last_position;
};

struct excerpt {
	struct strbuf text;	/* selected lines, each ending in '\n' */
	long marked;		/* line of text to highlight, -1: none */
	const char *what;	/* how the lines were chosen */
	int cut;		/* lines were left out between the chosen ones */
};

/* Small helpers */

int report_parse_format(const char *name, enum report_format *fmt)
{
	if (!strcmp(name, "html"))
		*fmt = REPORT_HTML;
	else if (!strcmp(name, "json"))
		*fmt = REPORT_JSON;
	else if (!strcmp(name, "junit") || !strcmp(name, "xml"))
		*fmt = REPORT_JUNIT;
	else
		return -1;
	return 0;
}

const char *report_format_ext(enum report_format fmt)
{
	switch (fmt) {
	case REPORT_JSON:
		return "json";
	case REPORT_JUNIT:
		return "xml";
	default:
		return "html";
	}
}

static enum status parse_status(const char *s)
{
	int i;

	for (i = ST_PASS; i < NR_STATUSES; i++)
		if (!strcmp(s, statuses[i].name))
			return i;
	return ST_FAIL;		/* something unknown is not a pass */
}

static int parse_stage(const char *s)
{
	int i;

	for (i = 0; i < NR_STAGES; i++)
		if (!strcmp(s, stage_names[i]))
			return i;
	return -1;
}

static int is_bad(enum status st)
{
	return st == ST_FAIL || st == ST_TIMEOUT;
}

static const char *short_sha(const char *sha, char buf[13])
{
	if (!sha || !*sha)
		return NULL;
	snprintf(buf, 13, "%.12s", sha);
	return buf;
}

static int empty(const char *s)
{
	return !s || !*s;
}

/* The few numeric helpers needed, so that the binary does not need libm. */
static double dabs(double v)
{
	return v < 0 ? -v : v;
}

static double dmin(double a, double b)
{
	return a < b ? a : b;
}

static double dmax(double a, double b)
{
	return a > b ? a : b;
}

/* Nearest integer of a value below 2^63 in magnitude. */
static long long dround(double v)
{
	return v < 0 ? -(long long)(-v + 0.5) : (long long)(v + 0.5);
}

static double dceil(double v)
{
	long long t = (long long)v;	/* towards zero */

	return (double)t < v ? t + 1 : t;
}

/* An integral value with thousands separators, anything else with 2 decimals. */
static void fmt_number(char *buf, size_t size, double v, int sign)
{
	char digits[32], *o = buf;
	double a = dabs(v);
	size_t n, i;

	if (!isfinite(v)) {
		snprintf(buf, size, "%g", v);
		return;
	}
	if (a >= 1e15 || dabs(a - dround(a)) > 1e-9) {
		snprintf(buf, size, sign ? "%+.2f" : "%.2f", v);
		return;
	}
	n = snprintf(digits, sizeof(digits), "%lld", dround(a));
	if (size < n + n / 3 + 3) {
		snprintf(buf, size, "%.0f", v);
		return;
	}
	if (v < 0 && dround(a))
		*o++ = '-';
	else if (sign && dround(a))
		*o++ = '+';
	else if (sign)
		o += sprintf(o, "\xc2\xb1");	/* ± */
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			*o++ = ',';
		*o++ = digits[i];
	}
	*o = '\0';
}

static void flush_out(struct report *r)
{
	if (r->buf.len && fwrite(r->buf.buf, 1, r->buf.len, r->out) != r->buf.len)
		r->write_error = 1;
	strbuf_reset(&r->buf);
}

static void maybe_flush(struct report *r)
{
	if (r->buf.len >= FLUSH_AT)
		flush_out(r);
}

/* Loading the run */

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

static int load_run(struct report *r, long long id)
{
	return db_load_run(r->db, id, &r->run);
}

static long config_index(struct report *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nconfigs; i++)
		if (!strcmp(r->configs[i], name))
			return i;
	return -1;
}

static void add_config(struct report *r, const char *name, size_t len)
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
	if (config_index(r, copy) >= 0) {
		free(copy);
		return;
	}
	r->configs = xrealloc(r->configs, (r->nconfigs + 1) * sizeof(*r->configs));
	r->configs[r->nconfigs++] = copy;
}

/* runs.configs in its order, then any other that has results or metrics. */
static void load_configs(struct report *r)
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
	st = db_prepare(r->db,
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

static int cmp_metric(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	size_t i, rx = ARRAY_SIZE(known_metrics), ry = ARRAY_SIZE(known_metrics);

	for (i = 0; i < ARRAY_SIZE(known_metrics); i++) {
		if (!strcmp(x, known_metrics[i]))
			rx = i;
		if (!strcmp(y, known_metrics[i]))
			ry = i;
	}
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return strcmp(x, y);
}

static void load_metric_names(struct report *r)
{
	sqlite3_stmt *st;

	st = db_prepare(r->db,
		"SELECT DISTINCT m.name FROM metrics m JOIN commits c ON c.id = m.commit_id"
		" WHERE c.run_id = ? ORDER BY m.name");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		r->metrics = xrealloc(r->metrics, (r->nmetrics + 1) * sizeof(*r->metrics));
		r->metrics[r->nmetrics++] = db_column_dup(st, 0);
	}
	sqlite3_finalize(st);
	if (r->nmetrics)
		qsort(r->metrics, r->nmetrics, sizeof(*r->metrics), cmp_metric);
}

static long metric_index(struct report *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i], name))
			return i;
	return -1;
}

static long commit_index(struct report *r, long long id)
{
	size_t i;

	for (i = 0; i < r->ncommits; i++)
		if (r->commits[i].id == id)
			return i;
	return -1;
}

static void load_commits(struct report *r)
{
	size_t alloc = 0;
	sqlite3_stmt *st;

	st = db_prepare(r->db, "SELECT id, position, sha, tree, subject, author, patch"
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
		c->id = sqlite3_column_int64(st, 0);
		c->position = sqlite3_column_int(st, 1);
		c->sha = db_column_dup(st, 2);
		c->tree = db_column_dup(st, 3);
		c->subject = db_column_dup(st, 4);
		c->author = db_column_dup(st, 5);
		c->patch = db_column_dup(st, 6);
		c->cells = xcalloc(r->nconfigs * NR_STAGES, sizeof(*c->cells));
		c->values = xcalloc(r->nconfigs * r->nmetrics, sizeof(*c->values));
		c->has_value = xcalloc(r->nconfigs * r->nmetrics, 1);
		if (c->position > r->last_position)
			r->last_position = c->position;
	}
	sqlite3_finalize(st);

	/* The base at position 0 if it was recorded, else the first commit. */
	r->base = r->ncommits ? 0 : -1;
}

static void load_results(struct report *r)
{
	sqlite3_stmt *st;

	st = db_prepare(r->db,
		"SELECT id, commit_id, config, stage, status, duration, evidence, log_path,"
		" reproduce, cache_key, cached_from, recorded_at FROM results WHERE run_id = ?");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long ci = commit_index(r, sqlite3_column_int64(st, 1));
		long cfg = config_index(r, db_column_str(st, 2));
		int stage = parse_stage(db_column_str(st, 3));
		struct cell *cell;

		if (ci < 0 || cfg < 0 || stage < 0)
			continue;
		cell = &r->commits[ci].cells[cfg * NR_STAGES + stage];
		cell->id = sqlite3_column_int64(st, 0);
		cell->status = parse_status(db_column_str(st, 4));
		cell->has_duration = sqlite3_column_type(st, 5) != SQLITE_NULL;
		cell->duration = sqlite3_column_double(st, 5);
		cell->evidence = db_column_dup(st, 6);
		cell->log_path = db_column_dup(st, 7);
		cell->reproduce = db_column_dup(st, 8);
		cell->cache_key = db_column_dup(st, 9);
		cell->cached_from = sqlite3_column_int64(st, 10);
		cell->recorded_at = db_column_dup(st, 11);
	}
	sqlite3_finalize(st);
}

static void load_metrics(struct report *r)
{
	sqlite3_stmt *st;

	st = db_prepare(r->db,
		"SELECT m.commit_id, m.config, m.name, m.value FROM metrics m"
		" JOIN commits c ON c.id = m.commit_id WHERE c.run_id = ?");
	sqlite3_bind_int64(st, 1, r->run.id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long ci = commit_index(r, sqlite3_column_int64(st, 0));
		long cfg = config_index(r, db_column_str(st, 1));
		long m = metric_index(r, db_column_str(st, 2));
		size_t k;

		if (ci < 0 || cfg < 0 || m < 0)
			continue;
		k = cfg * r->nmetrics + m;
		r->commits[ci].values[k] = sqlite3_column_double(st, 3);
		r->commits[ci].has_value[k] = 1;
	}
	sqlite3_finalize(st);
}

static void load_verdicts(struct report *r)
{
	sqlite3_stmt *st;
	size_t i, j;

	r->verdicts = xcalloc(r->nconfigs, sizeof(*r->verdicts));
	for (i = 0; i < r->nconfigs; i++) {
		struct verdict *v = &r->verdicts[i];

		st = db_prepare(r->db, "SELECT commits, passed FROM verdict"
				" WHERE run_id = ? AND config = ?");
		sqlite3_bind_int64(st, 1, r->run.id);
		db_bind_text(st, 2, r->configs[i]);
		if (sqlite3_step(st) == SQLITE_ROW) {
			v->has_results = 1;
			v->commits = sqlite3_column_int(st, 0);
			v->passed = sqlite3_column_int(st, 1);
		}
		sqlite3_finalize(st);

		st = db_prepare(r->db, "SELECT position, sha, subject, stage, status, evidence,"
				" log_path FROM first_bad WHERE run_id = ? AND config = ?");
		sqlite3_bind_int64(st, 1, r->run.id);
		db_bind_text(st, 2, r->configs[i]);
		if (sqlite3_step(st) == SQLITE_ROW) {
			int stage = parse_stage(db_column_str(st, 3));

			v->bad = 1;
			v->position = sqlite3_column_int(st, 0);
			v->sha = db_column_dup(st, 1);
			v->subject = db_column_dup(st, 2);
			v->stage = stage < 0 ? STAGE_TEST : stage;
			v->status = parse_status(db_column_str(st, 4));
			v->evidence = db_column_dup(st, 5);
			v->log_path = db_column_dup(st, 6);
		}
		sqlite3_finalize(st);

		v->complete = r->ncommits > 0;
		for (j = 0; j < r->ncommits; j++) {
			const struct cell *cells = r->commits[j].cells + i * NR_STAGES;
			int s;

			if (r->commits[j].position < 1)
				continue;	/* the base */
			for (s = 0; s < NR_STAGES; s++)
				if (!cells[s].id)
					v->complete = 0;
		}
	}
}

static void report_free(struct report *r)
{
	size_t i, j;

	for (i = 0; i < r->ncommits; i++) {
		struct commit *c = &r->commits[i];

		for (j = 0; j < r->nconfigs * NR_STAGES; j++) {
			free(c->cells[j].evidence);
			free(c->cells[j].log_path);
			free(c->cells[j].reproduce);
			free(c->cells[j].cache_key);
			free(c->cells[j].recorded_at);
		}
		free(c->cells);
		free(c->values);
		free(c->has_value);
		free(c->sha);
		free(c->tree);
		free(c->subject);
		free(c->author);
		free(c->patch);
	}
	free(r->commits);
	if (r->verdicts) {
		for (i = 0; i < r->nconfigs; i++) {
			free(r->verdicts[i].sha);
			free(r->verdicts[i].subject);
			free(r->verdicts[i].evidence);
			free(r->verdicts[i].log_path);
		}
	}
	free(r->verdicts);
	for (i = 0; i < r->nconfigs; i++)
		free(r->configs[i]);
	free(r->configs);
	for (i = 0; i < r->nmetrics; i++)
		free(r->metrics[i]);
	free(r->metrics);
	free(r->db_dir);
	run_info_free(&r->run);
	strbuf_release(&r->buf);
}

static int report_load(struct report *r, sqlite3 *db, long long run_id)
{
	const char *file = sqlite3_db_filename(db, "main");
	long long id = report_resolve_run(db, run_id);

	r->db = db;
	if (file && *file) {
		char *copy = xstrdup(file);

		r->db_dir = xstrdup(dirname(copy));
		free(copy);
	}
	if (!id || load_run(r, id) < 0) {
		if (run_id)
			return error("there is no run %lld in the database", run_id);
		return error("there is no run in the database");
	}
	load_configs(r);
	load_metric_names(r);
	load_commits(r);
	load_results(r);
	load_metrics(r);
	load_verdicts(r);
	return 0;
}

/* Logs */

/* The end of a regular file (at most LOG_READ_MAX bytes, from a line start). */
static int read_log(struct report *r, const char *path, struct strbuf *sb)
{
	struct stat st;
	int fd = -1;

	if (empty(path))
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0 && path[0] != '/' && r->db_dir) {
		char *alt = xasprintf("%s/%s", r->db_dir, path);

		fd = open(alt, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		free(alt);
	}
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	if (st.st_size > LOG_READ_MAX && lseek(fd, st.st_size - LOG_READ_MAX, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	if (strbuf_read_fd(sb, fd) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	if (st.st_size > LOG_READ_MAX) {
		char *nl = memchr(sb->buf, '\n', sb->len);

		if (nl) {
			size_t skip = nl + 1 - sb->buf;

			memmove(sb->buf, sb->buf + skip, sb->len - skip + 1);
			sb->len -= skip;
		}
	}
	return 0;
}

static size_t split_lines(const char *buf, size_t len, struct kbuild_line **out)
{
	size_t n = 0, alloc = 0;
	const char *p = buf, *end = buf + len;
	struct kbuild_line *lines = NULL;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			lines = xrealloc(lines, alloc * sizeof(*lines));
		}
		lines[n].s = p;
		lines[n].len = l && p[l - 1] == '\r' ? l - 1 : l;
		n++;
		p = nl ? nl + 1 : end;
	}
	*out = lines;
	return n;
}

/* One log line into the excerpt: no terminal escapes, at most LINE_MAX_BYTES. */
static void excerpt_add(struct excerpt *ex, const struct kbuild_line *l)
{
	const char *p = l->s, *end = l->s + l->len;
	size_t start = ex->text.len;

	while (p < end) {
		if (*p == '\x1b' && p + 1 < end && p[1] == '[') {
			p += 2;
			while (p < end && !(*p >= 0x40 && *p <= 0x7e))
				p++;
			if (p < end)
				p++;
			continue;
		}
		strbuf_add(&ex->text, p, 1);
		p++;
	}
	if (ex->text.len - start > LINE_MAX_BYTES) {
		size_t cut = start + LINE_MAX_BYTES;

		while (cut > start && (ex->text.buf[cut] & 0xc0) == 0x80)
			cut--;		/* not inside a UTF-8 sequence */
		ex->text.len = cut;
		strbuf_addstr(&ex->text, " \xe2\x80\xa6");	/* … */
	}
	strbuf_addstr(&ex->text, "\n");
}

/*
 * The part of a log that tells why a cell is not pass: for a build, its last
 * error and warning lines; for a boot or test, the console around the
 * evidence line; else (or if that finds nothing) the last lines.
 */
static int log_excerpt(struct report *r, const struct cell *cell, enum stage stage,
		       struct excerpt *ex)
{
	struct strbuf file = STRBUF_INIT;
	struct kbuild_line *lines = NULL;
	size_t n, i, from = 0, to;
	long hit = -1;

	memset(ex, 0, sizeof(*ex));
	strbuf_init(&ex->text);
	ex->marked = -1;
	if (read_log(r, cell->log_path, &file) < 0) {
		strbuf_release(&file);
		return -1;
	}
	n = split_lines(file.buf, file.len, &lines);

	if (stage == STAGE_BUILD) {
		size_t *picked = xmalloc(EXCERPT_LINES * sizeof(*picked));
		size_t npicked = 0, k;

		for (i = n; i-- > 0 && npicked < EXCERPT_LINES; )
			if (kbuild_line_wanted(lines, i))
				picked[npicked++] = i;
		for (k = npicked; k-- > 0; ) {
			if (k + 1 < npicked && picked[k] != picked[k + 1] + 1)
				ex->cut = 1;
			if (!empty(cell->evidence) && ex->marked < 0 &&
			    kbuild_line_contains(&lines[picked[k]], cell->evidence, 0))
				ex->marked = npicked - 1 - k;
			excerpt_add(ex, &lines[picked[k]]);
		}
		free(picked);
		if (npicked) {
			ex->what = "its last error and warning lines";
			goto out;
		}
	} else if (stage != STAGE_APPLY && !empty(cell->evidence)) {
		char *needle = xstrdup(cell->evidence);
		size_t len = strlen(needle);

		while (len && (needle[len - 1] == '\n' || needle[len - 1] == '\r'))
			needle[--len] = '\0';
		for (i = 0; i < n && hit < 0 && len; i++)
			if (kbuild_line_contains(&lines[i], needle, 0))
				hit = i;
		free(needle);
		if (hit >= 0) {
			from = hit > EXCERPT_LINES / 2 ? hit - EXCERPT_LINES / 2 : 0;
			to = from + EXCERPT_LINES < n ? from + EXCERPT_LINES : n;
			for (i = from; i < to; i++)
				excerpt_add(ex, &lines[i]);
			ex->marked = hit - from;
			ex->what = "the console around the evidence line";
			goto out;
		}
	}
	from = n > EXCERPT_LINES ? n - EXCERPT_LINES : 0;
	for (i = from; i < n; i++) {
		if (!empty(cell->evidence) && ex->marked < 0 &&
		    kbuild_line_contains(&lines[i], cell->evidence, 0))
			ex->marked = i - from;
		excerpt_add(ex, &lines[i]);
	}
	ex->what = "its last lines";
out:
	free(lines);
	strbuf_release(&file);
	strbuf_grow(&ex->text, 0);
	return 0;
}

static void excerpt_release(struct excerpt *ex)
{
	strbuf_release(&ex->text);
}

/* The commit before ci in the series (previous position), or -1. */
static long parent_of(long ci)
{
	return ci > 0 ? ci - 1 : -1;
}

/* HTML */

static const char html_style[] =
	":root{color-scheme:light}\n"
	"body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",\"DejaVu Sans\",sans-serif;"
	"margin:1.5em;color:#1b1b1b;background:#fff}\n"
	"h1{font-size:1.5em;margin:0 0 .6em}\n"
	"h2{font-size:1.2em;margin:1.8em 0 .6em;border-bottom:1px solid #ccc}\n"
	"h3{font-size:1.05em;margin:1.2em 0 .4em}\n"
	"table{border-collapse:collapse}\n"
	"th,td{border:1px solid #d0d0d0;padding:3px 7px;vertical-align:top;text-align:left}\n"
	"th{background:#f1f3f5;font-weight:600}\n"
	"table.info th{width:10em}\n"
	"code,pre{font-family:\"DejaVu Sans Mono\",Menlo,Consolas,monospace;font-size:90%}\n"
	"pre{margin:.3em 0;white-space:pre-wrap;word-break:break-all}\n"
	".note{color:#555;font-size:90%}\n"
	".pass{background:#e2f3e0;color:#135c1b}\n"
	".fail{background:#fbdcdc;color:#8c0b0b;font-weight:700}\n"
	".timeout{background:#fde6c8;color:#7a4000;font-weight:700}\n"
	".skip{background:#ececec;color:#555}\n"
	".none{background:#fff;color:#999}\n"
	".ok{color:#135c1b;font-weight:700}\n"
	".bad{color:#8c0b0b;font-weight:700}\n"
	".pending{color:#7a4000;font-weight:700}\n"
	"table.matrix th.grp,table.matrix td.grp{border-left:3px solid #777}\n"
	"table.matrix td.cell{white-space:nowrap}\n"
	"table.matrix td.subj{min-width:16em;max-width:34em}\n"
	".author{display:block;color:#666;font-size:85%}\n"
	"table.matrix tr.base td{background:#f7f7f7}\n"
	"td.first-bad{outline:3px solid #c00;outline-offset:-3px}\n"
	".tag{display:inline-block;font-size:75%;font-weight:400;border:1px solid currentColor;"
	"border-radius:3px;padding:0 3px;margin-left:4px;vertical-align:1px}\n"
	".tag.first{background:#c00;color:#fff;border-color:#c00}\n"
	"summary{cursor:pointer}\n"
	".detail{width:44em;max-width:85vw;white-space:normal;font-weight:400;color:#1b1b1b;"
	"background:#fff;border:1px solid #bbb;padding:.4em .6em;margin:.3em 0}\n"
	".detail p{margin:.3em 0}\n"
	".detail ul{margin:.2em 0;padding-left:1.4em}\n"
	"pre.log{max-height:26em;overflow:auto;background:#f8f8f8;border:1px solid #ddd;"
	"padding:4px 6px;font-size:80%}\n"
	"pre.log mark{background:#ffe066;font-weight:700}\n"
	"td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
	".delta{display:block;font-size:78%;color:#555}\n"
	".delta.worse{color:#a31515}\n"
	".delta.better{color:#13700f}\n"
	".charts{display:flex;flex-wrap:wrap;gap:1em}\n"
	".charts svg{border:1px solid #ddd;background:#fff}\n"
	"footer{margin-top:2.5em;color:#666;font-size:85%}\n";

static void html_commit_ref(struct report *r, const char *sha, int position, const char *subject)
{
	struct strbuf *o = &r->buf;
	char buf[13];

	strbuf_addf(o, "%d/%d ", position, r->last_position);
	if (short_sha(sha, buf)) {
		strbuf_addstr(o, "<code>");
		html_escape(o, buf);
		strbuf_addstr(o, "</code> ");
	}
	html_escape(o, subject);
}

static void html_info_row(struct report *r, const char *label, const char *value)
{
	struct strbuf *o = &r->buf;

	strbuf_addf(o, "<tr><th>%s</th><td>", label);
	if (empty(value))
		strbuf_addstr(o, "\xe2\x80\x94");	/* — */
	else
		html_escape(o, value);
	strbuf_addstr(o, "</td></tr>\n");
}

static void html_header(struct report *r)
{
	struct strbuf *o = &r->buf;
	struct run_info *run = &r->run;
	char buf[13];

	strbuf_addstr(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
		      " style-src 'unsafe-inline'\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		      "<meta name=\"generator\" content=\"bisectable ");
	html_escape(o, BISECTABLE_VERSION);
	strbuf_addf(o, "\">\n<title>bisectable run %lld: ", run->id);
	html_escape(o, run->series);
	strbuf_addf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", html_style);

	strbuf_addf(o, "<header>\n<h1>Bisect report: run %lld</h1>\n"
		    "<table class=\"info\" id=\"run\">\n", run->id);
	strbuf_addstr(o, "<tr><th>Series</th><td>");
	html_escape(o, run->series);
	if (!empty(run->series_kind)) {
		strbuf_addstr(o, " <span class=\"note\">(");
		html_escape(o, run->series_kind);
		strbuf_addstr(o, ")</span>");
	}
	strbuf_addstr(o, "</td></tr>\n");
	if (!empty(run->repo))
		html_info_row(r, "Repository", run->repo);
	strbuf_addstr(o, "<tr><th>Base</th><td>");
	html_escape(o, run->base_version);
	if (short_sha(run->base_sha, buf)) {
		strbuf_addstr(o, " <code title=\"");
		html_escape(o, run->base_sha);
		strbuf_addstr(o, "\">");
		html_escape(o, buf);
		strbuf_addstr(o, "</code>");
	}
	strbuf_addstr(o, "</td></tr>\n<tr><th>Tip</th><td>");
	if (short_sha(run->tip_sha, buf)) {
		strbuf_addstr(o, "<code title=\"");
		html_escape(o, run->tip_sha);
		strbuf_addstr(o, "\">");
		html_escape(o, buf);
		strbuf_addstr(o, "</code>");
	} else {
		strbuf_addstr(o, "\xe2\x80\x94");
	}
	strbuf_addf(o, " <span class=\"note\">(%zu commit%s)</span></td></tr>\n", r->ncommits,
		    r->ncommits == 1 ? "" : "s");
	html_info_row(r, "Started", run->started_at);
	html_info_row(r, "Ended", run->ended_at);
	strbuf_addstr(o, "<tr><th>State</th><td>");
	html_escape(o, run->state);
	if (run->state && !strcmp(run->state, "running"))
		strbuf_addstr(o, " <span class=\"note\">(results so far)</span>");
	strbuf_addstr(o, "</td></tr>\n");
	html_info_row(r, "Configurations", run->configs);
	html_info_row(r, "Options", run->options);
	html_info_row(r, "Host", r->run.host);
	html_info_row(r, "Tool version", r->run.tool_version);
	strbuf_addstr(o, "</table>\n</header>\n");
}

static void html_verdicts(struct report *r)
{
	struct strbuf *o = &r->buf;
	size_t i;

	strbuf_addstr(o, "<section id=\"verdicts\">\n<h2>Verdict</h2>\n<table class=\"verdicts\">\n"
		      "<tr><th>Configuration</th><th>Verdict</th><th>Stage</th><th>Evidence</th>"
		      "<th>Commits passing every stage</th></tr>\n");
	for (i = 0; i < r->nconfigs; i++) {
		struct verdict *v = &r->verdicts[i];

		strbuf_addstr(o, "<tr class=\"verdict\" data-config=\"");
		html_escape(o, r->configs[i]);
		strbuf_addstr(o, "\"><th>");
		html_escape(o, r->configs[i]);
		strbuf_addstr(o, "</th><td>");
		if (v->bad) {
			strbuf_addstr(o, "<span class=\"bad\">\xe2\x9c\x97 first bad:</span> "
				      "<a href=\"#first-bad-");
			html_escape(o, r->configs[i]);
			strbuf_addstr(o, "\">");
			html_commit_ref(r, v->sha, v->position, v->subject);
			strbuf_addf(o, "</a></td><td class=\"%s\">%s %s</td><td>",
				    statuses[v->status].name, stage_names[v->stage],
				    statuses[v->status].mark);
			if (!empty(v->evidence)) {
				strbuf_addstr(o, "<code>");
				html_escape(o, v->evidence);
				strbuf_addstr(o, "</code>");
			}
			strbuf_addstr(o, "</td>");
		} else if (!v->has_results) {
			strbuf_addstr(o, "<span class=\"pending\">no results</span></td>"
				      "<td></td><td></td>");
		} else if (v->complete) {
			strbuf_addstr(o, "<span class=\"ok\">\xe2\x9c\x93 bisectable</span></td>"
				      "<td></td><td>every commit passes every stage</td>");
		} else {
			strbuf_addstr(o, "<span class=\"pending\">no failure so far</span></td>"
				      "<td></td><td>not every commit has all four stages yet</td>");
		}
		strbuf_addf(o, "<td class=\"num\">%d of %d</td></tr>\n", v->passed, v->commits);
	}
	strbuf_addstr(o, "</table>\n</section>\n");
}

static void html_tests(struct report *r, const struct cell *cell)
{
	struct strbuf *o = &r->buf;
	sqlite3_stmt *st;
	int total = 0, passed = 0, listed = 0;

	st = db_prepare(r->db, "SELECT name, status, reason FROM tests WHERE result_id = ?"
			" ORDER BY id");
	sqlite3_bind_int64(st, 1, cell->id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *status = db_column_str(st, 1);

		total++;
		if (!strcmp(status, "pass")) {
			passed++;
			continue;
		}
		if (!listed++)
			strbuf_addstr(o, "<p><b>Smoke tests not passing:</b></p>"
				      "<ul class=\"tests\">");
		strbuf_addstr(o, "<li><code>");
		html_escape(o, db_column_str(st, 0));
		strbuf_addstr(o, "</code> ");
		html_escape(o, status);
		if (sqlite3_column_type(st, 2) != SQLITE_NULL) {
			strbuf_addstr(o, ": ");
			html_escape(o, db_column_str(st, 2));
		}
		strbuf_addstr(o, "</li>");
	}
	sqlite3_finalize(st);
	if (listed)
		strbuf_addstr(o, "</ul>");
	if (total)
		strbuf_addf(o, "<p class=\"note\">%d of %d smoke tests passed.</p>", passed, total);
}

/*
 * The warnings of a commit x config that were not there at the previous
 * commit (all of them if there is none): each row object, message.
 */
static sqlite3_stmt *new_warnings(struct report *r, long ci, size_t cfg)
{
	long parent = parent_of(ci);
	sqlite3_stmt *st;

	st = db_prepare(r->db,
		"SELECT w.object, w.message FROM warnings w WHERE w.commit_id = ?1"
		" AND w.config = ?3 AND NOT EXISTS (SELECT 1 FROM warnings p"
		" WHERE p.commit_id = ?2 AND p.config = ?3 AND p.message = w.message)"
		" ORDER BY w.id");
	sqlite3_bind_int64(st, 1, r->commits[ci].id);
	sqlite3_bind_int64(st, 2, parent >= 0 ? r->commits[parent].id : 0);
	db_bind_text(st, 3, r->configs[cfg]);
	return st;
}

static int count_new_warnings(struct report *r, long ci, size_t cfg)
{
	sqlite3_stmt *st = new_warnings(r, ci, cfg);
	int n = 0;

	while (sqlite3_step(st) == SQLITE_ROW)
		n++;
	sqlite3_finalize(st);
	return n;
}

static void html_warnings(struct report *r, long ci, size_t cfg)
{
	struct strbuf *o = &r->buf;
	sqlite3_stmt *st = new_warnings(r, ci, cfg);
	long parent = parent_of(ci);
	int n = 0;

	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == 0) {
			if (parent >= 0)
				strbuf_addf(o, "<p><b>New warnings</b> (not at %d):</p>"
					    "<ul class=\"warnings\">", r->commits[parent].position);
			else
				strbuf_addstr(o, "<p><b>Warnings</b> (no earlier commit to compare"
					      " with):</p><ul class=\"warnings\">");
		}
		if (n++ >= WARNINGS_MAX)
			continue;
		strbuf_addstr(o, "<li><code>");
		html_escape(o, db_column_str(st, 1));
		strbuf_addstr(o, "</code>");
		if (*db_column_str(st, 0)) {
			strbuf_addstr(o, " <span class=\"note\">(");
			html_escape(o, db_column_str(st, 0));
			strbuf_addstr(o, ")</span>");
		}
		strbuf_addstr(o, "</li>");
	}
	sqlite3_finalize(st);
	if (n > WARNINGS_MAX)
		strbuf_addf(o, "<li>and %d more</li>", n - WARNINGS_MAX);
	if (n)
		strbuf_addstr(o, "</ul>");
}

static void html_excerpt_lines(struct report *r, const struct excerpt *ex)
{
	struct strbuf *o = &r->buf;
	const char *p = ex->text.buf, *end = p + ex->text.len;
	long i = 0;

	strbuf_addstr(o, "<pre class=\"log\">");
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (i == ex->marked)
			strbuf_addstr(o, "<mark>");
		html_escape_n(o, p, len);
		if (i == ex->marked)
			strbuf_addstr(o, "</mark>");
		strbuf_addstr(o, "\n");
		p = nl ? nl + 1 : end;
		i++;
	}
	strbuf_addstr(o, "</pre>");
}

static void html_cell_details(struct report *r, long ci, size_t cfg, enum stage stage,
			      const struct cell *cell)
{
	struct strbuf *o = &r->buf;
	struct excerpt ex;

	strbuf_addstr(o, "<div class=\"detail\">");
	if (!empty(cell->evidence)) {
		strbuf_addstr(o, "<p><b>Evidence:</b> <code class=\"evidence\">");
		html_escape(o, cell->evidence);
		strbuf_addstr(o, "</code></p>");
	}
	if (cell->has_duration || !empty(cell->recorded_at)) {
		strbuf_addstr(o, "<p class=\"note\">");
		if (cell->has_duration)
			strbuf_addf(o, "%.1f s. ", cell->duration);
		if (!empty(cell->recorded_at)) {
			strbuf_addstr(o, "Recorded ");
			html_escape(o, cell->recorded_at);
			strbuf_addstr(o, ".");
		}
		if (cell->cached_from)
			strbuf_addf(o, " Reused from the cache (result %lld).", cell->cached_from);
		strbuf_addstr(o, "</p>");
	}
	if (!empty(cell->log_path)) {
		if (log_excerpt(r, cell, stage, &ex) == 0) {
			strbuf_addstr(o, "<p><b>Log</b> <code>");
			html_escape(o, cell->log_path);
			strbuf_addf(o, "</code>, %s%s:</p>", ex.what,
				    ex.cut ? " (others left out)" : "");
			html_excerpt_lines(r, &ex);
			excerpt_release(&ex);
		} else {
			strbuf_addstr(o, "<p><b>Log</b> <code>");
			html_escape(o, cell->log_path);
			strbuf_addstr(o, "</code> (not readable where this report was made)</p>");
		}
	}
	html_tests(r, cell);
	if (stage == STAGE_BUILD)
		html_warnings(r, ci, cfg);
	if (!empty(cell->reproduce)) {
		strbuf_addstr(o, "<p><b>Reproduce:</b></p><pre><code class=\"reproduce\">");
		html_escape(o, cell->reproduce);
		strbuf_addstr(o, "</code></pre>");
	}
	strbuf_addstr(o, "</div>");
}

static void html_cell(struct report *r, long ci, size_t cfg, enum stage stage)
{
	struct strbuf *o = &r->buf;
	struct commit *c = &r->commits[ci];
	const struct cell *cell = &c->cells[cfg * NR_STAGES + stage];
	struct verdict *v = &r->verdicts[cfg];
	int first = v->bad && v->position == c->position && v->stage == stage;
	int nwarn = 0;

	strbuf_addf(o, "<td class=\"cell %s%s%s\"", statuses[cell->status].name,
		    stage == STAGE_APPLY ? " grp" : "", first ? " first-bad" : "");
	if (first) {
		strbuf_addstr(o, " id=\"first-bad-");
		html_escape(o, r->configs[cfg]);
		strbuf_addstr(o, "\"");
	}
	strbuf_addstr(o, " data-config=\"");
	html_escape(o, r->configs[cfg]);
	strbuf_addf(o, "\" data-stage=\"%s\" data-position=\"%d\">", stage_names[stage],
		    c->position);

	if (cell->id && cell->status != ST_PASS) {
		strbuf_addf(o, "<details><summary>%s", statuses[cell->status].mark);
		if (first)
			strbuf_addstr(o, "<span class=\"tag first\">first bad</span>");
		if (cell->cached_from)
			strbuf_addstr(o, "<span class=\"tag cached\">cached</span>");
		strbuf_addstr(o, "</summary>");
		html_cell_details(r, ci, cfg, stage, cell);
		strbuf_addstr(o, "</details>");
	} else {
		strbuf_addstr(o, statuses[cell->status].mark);
		if (cell->cached_from)
			strbuf_addf(o, "<span class=\"tag cached\" title=\"reused from result"
				    " %lld\">cached</span>", cell->cached_from);
		if (cell->id && stage == STAGE_BUILD && parent_of(ci) >= 0)
			nwarn = count_new_warnings(r, ci, cfg);
		if (nwarn) {
			strbuf_addf(o, "<details class=\"warn\"><summary>\xe2\x9a\xa0 %d new"
				    " warning%s</summary><div class=\"detail\">", nwarn,
				    nwarn == 1 ? "" : "s");
			html_warnings(r, ci, cfg);
			strbuf_addstr(o, "</div></details>");
		}
	}
	strbuf_addstr(o, "</td>");
}

static void html_matrix(struct report *r)
{
	struct strbuf *o = &r->buf;
	size_t i, cfg;
	int s;

	strbuf_addstr(o, "<section id=\"matrix\">\n<h2>Matrix</h2>\n<p class=\"note\">"
		      "<span class=\"pass\">\xe2\x9c\x93 pass</span> "
		      "<span class=\"fail\">\xe2\x9c\x97 FAIL</span> "
		      "<span class=\"timeout\">\xe2\x97\xb7 timeout</span> "
		      "<span class=\"skip\">\xe2\x80\x93 skip</span> "
		      "<span class=\"none\">\xc2\xb7 not run</span>. "
		      "A cell that is not pass opens to show its evidence, log, smoke tests,"
		      " new warnings and the command that reproduces it. <span class=\"tag\">"
		      "cached</span>: the result was reused from an identical earlier build."
		      " The first bad cell of each configuration is framed.</p>\n"
		      "<table class=\"matrix\">\n<thead>\n<tr><th rowspan=\"2\">#</th>"
		      "<th rowspan=\"2\">commit</th><th rowspan=\"2\">subject and author</th>");
	for (cfg = 0; cfg < r->nconfigs; cfg++) {
		strbuf_addstr(o, "<th colspan=\"4\" class=\"grp\">");
		html_escape(o, r->configs[cfg]);
		strbuf_addstr(o, "</th>");
	}
	strbuf_addstr(o, "</tr>\n<tr>");
	for (cfg = 0; cfg < r->nconfigs; cfg++)
		for (s = 0; s < NR_STAGES; s++)
			strbuf_addf(o, "<th%s>%s</th>", s ? "" : " class=\"grp\"", stage_names[s]);
	strbuf_addstr(o, "</tr>\n</thead>\n<tbody>\n");

	for (i = 0; i < r->ncommits; i++) {
		struct commit *c = &r->commits[i];
		char buf[13];

		strbuf_addf(o, "<tr id=\"commit-%d\"%s><td class=\"num\">%d</td><td>",
			    c->position, c->position ? "" : " class=\"base\"", c->position);
		if (short_sha(c->sha, buf)) {
			strbuf_addstr(o, "<code title=\"");
			html_escape(o, c->sha);
			strbuf_addstr(o, "\">");
			html_escape(o, buf);
			strbuf_addstr(o, "</code>");
		} else {
			strbuf_addstr(o, "<span class=\"note\">not applied</span>");
		}
		strbuf_addstr(o, "</td><td class=\"subj\">");
		if (!c->position)
			strbuf_addstr(o, "<span class=\"tag\">base</span> ");
		html_escape(o, c->subject);
		if (!empty(c->author)) {
			strbuf_addstr(o, "<span class=\"author\">");
			html_escape(o, c->author);
			strbuf_addstr(o, "</span>");
		}
		strbuf_addstr(o, "</td>");
		for (cfg = 0; cfg < r->nconfigs; cfg++)
			for (s = 0; s < NR_STAGES; s++)
				html_cell(r, i, cfg, s);
		strbuf_addstr(o, "</tr>\n");
		maybe_flush(r);
	}
	strbuf_addstr(o, "</tbody>\n</table>\n</section>\n");
}

static int lower_is_better(const char *metric)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_metrics); i++)
		if (!strcmp(metric, known_metrics[i]))
			return 1;
	return 0;
}

/* "Δp +512 (+0.003%)" against the parent, or "Δb ..." against the base. */
static void html_delta(struct report *r, int parent, double v, double ref, int judge)
{
	const char *label = parent ? "\xce\x94p" : "\xce\x94" "b";
	const char *title = parent ? "against the parent commit" : "against the base";
	struct strbuf *o = &r->buf;
	char num[48];
	double d = v - ref;
	const char *cls = "";

	if (judge && d > 0)
		cls = " worse";
	else if (judge && d < 0)
		cls = " better";
	fmt_number(num, sizeof(num), d, 1);
	strbuf_addf(o, "<span class=\"delta%s\" title=\"%s\">%s %s", cls, title, label, num);
	if (ref != 0 && d != 0) {
		double p = d / dabs(ref) * 100;

		strbuf_addf(o, dabs(p) >= 0.1 ? " (%+.2f%%)" : " (%+.3f%%)", p);
	}
	strbuf_addstr(o, "</span>");
}

static void html_metric_table(struct report *r, size_t cfg)
{
	struct strbuf *o = &r->buf;
	size_t i, m;

	strbuf_addstr(o, "<h3>Metrics: ");
	html_escape(o, r->configs[cfg]);
	strbuf_addstr(o, "</h3>\n<table class=\"metrics\" data-config=\"");
	html_escape(o, r->configs[cfg]);
	strbuf_addstr(o, "\">\n<tr><th>#</th><th>commit</th>");
	for (m = 0; m < r->nmetrics; m++) {
		strbuf_addstr(o, "<th>");
		html_escape(o, r->metrics[m]);
		strbuf_addstr(o, "</th>");
	}
	strbuf_addstr(o, "</tr>\n");
	for (i = 0; i < r->ncommits; i++) {
		struct commit *c = &r->commits[i];
		long parent = parent_of(i);
		struct commit *p = parent >= 0 ? &r->commits[parent] : NULL;
		struct commit *b = r->base >= 0 && r->base != (long)i && r->base != parent ?
				   &r->commits[r->base] : NULL;
		char buf[13];

		strbuf_addf(o, "<tr><td class=\"num\">%d</td><td><code>", c->position);
		html_escape(o, short_sha(c->sha, buf));
		strbuf_addstr(o, "</code></td>");
		for (m = 0; m < r->nmetrics; m++) {
			size_t k = cfg * r->nmetrics + m;
			int judge = lower_is_better(r->metrics[m]);
			char num[48];

			if (!c->has_value[k]) {
				strbuf_addstr(o, "<td class=\"num none\">\xe2\x80\x93</td>");
				continue;
			}
			fmt_number(num, sizeof(num), c->values[k], 0);
			strbuf_addf(o, "<td class=\"num\">%s", num);
			if (p && p->has_value[k])
				html_delta(r, 1, c->values[k], p->values[k], judge);
			if (b && b->has_value[k])
				html_delta(r, 0, c->values[k], b->values[k], judge);
			strbuf_addstr(o, "</td>");
		}
		strbuf_addstr(o, "</tr>\n");
		maybe_flush(r);
	}
	strbuf_addstr(o, "</table>\n");
}

static void svg_text(struct report *r, double x, double y, const char *anchor, const char *extra,
		     const char *text)
{
	struct strbuf *o = &r->buf;

	strbuf_addf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
	html_escape(o, text);
	strbuf_addstr(o, "</text>\n");
}

/*
 * The value a configuration's line in a chart is measured against: that of
 * the base if it was measured, else of the first commit that has one.
 */
static int chart_ref(struct report *r, long m, size_t cfg, double *ref)
{
	size_t i, k = cfg * r->nmetrics + m;

	for (i = 0; i < r->ncommits; i++) {
		if (r->commits[i].has_value[k]) {
			*ref = r->commits[i].values[k];
			return *ref != 0;
		}
	}
	return 0;
}

static double pct(double v, double ref)
{
	return (v - ref) / dabs(ref) * 100;
}

/* A round step for about four grid lines over range: 1, 2 or 5 times a power of 10. */
static double nice_step(double range, int *decimals)
{
	double raw = range / 4, mag = 1, n, step, s;

	while (mag * 10 <= raw)
		mag *= 10;
	while (mag > raw)
		mag /= 10;
	n = raw / mag;
	step = (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * mag;
	for (*decimals = 0, s = step; s < 1 - 1e-9 && *decimals < 12; s *= 10)
		++*decimals;
	return step;
}

/*
 * One line chart of a metric along the series: a polyline per configuration
 * of its change against its own base value, in percent, so that sizes of
 * different configurations share one scale. Each point tells its value.
 */
static void html_chart(struct report *r, long m, const char *title)
{
	const double W = 560, H = 270, L = 74, R = 16, T = 42, B = 44;
	struct strbuf *o = &r->buf;
	double lo = 0, hi = 0, pw = W - L - R, ph = H - T - B, ref, ystep, yt;
	int pmin, pmax, step, t, lines = 0, decimals;
	size_t i, cfg;
	char num[48], label[64];

	if (!r->ncommits)
		return;
	for (cfg = 0; cfg < r->nconfigs; cfg++) {
		if (!chart_ref(r, m, cfg, &ref))
			continue;
		lines++;
		for (i = 0; i < r->ncommits; i++) {
			size_t k = cfg * r->nmetrics + m;

			if (r->commits[i].has_value[k]) {
				lo = dmin(lo, pct(r->commits[i].values[k], ref));
				hi = dmax(hi, pct(r->commits[i].values[k], ref));
			}
		}
	}
	if (!lines)
		return;
	if (hi - lo < 1e-9) {
		lo -= 0.5;
		hi += 0.5;
	} else {
		double pad = (hi - lo) * 0.08;

		lo -= pad;
		hi += pad;
	}
	pmin = r->commits[0].position;
	pmax = r->commits[r->ncommits - 1].position;

#define X(pos) (pmax > pmin ? L + ((pos) - pmin) * pw / (pmax - pmin) : L + pw / 2)
#define Y(val) (T + (hi - (val)) * ph / (hi - lo))
	strbuf_addf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%.0f\""
		    " height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" data-metric=\"",
		    W, H, W, H);
	html_escape(o, r->metrics[m]);
	strbuf_addstr(o, "\">\n<title>");
	html_escape(o, title);
	strbuf_addstr(o, ": change against the base (%)</title>\n");
	svg_text(r, L, 16, "start", " font-weight=\"bold\" font-size=\"13\"", title);

	/* y grid and labels, the zero line darker */
	ystep = nice_step(hi - lo, &decimals);
	for (yt = dceil(lo / ystep) * ystep; yt <= hi + ystep * 1e-6; yt += ystep) {
		double y = Y(yt);

		if (dabs(yt) < ystep * 1e-6)
			yt = 0;
		strbuf_addf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
			    " stroke=\"%s\"/>\n", L, y, L + pw, y, yt == 0 ? "#999" : "#e4e4e4");
		snprintf(num, sizeof(num), "%+.*f%%", decimals, yt);
		svg_text(r, L - 6, y + 4, "end", " font-size=\"11\"", yt == 0 ? "0%" : num);
	}
	snprintf(label, sizeof(label), " font-size=\"11\" transform=\"rotate(-90 14 %.1f)\"",
		 T + ph / 2);
	svg_text(r, 14, T + ph / 2, "middle", label, "change against the base");

	/* x axis: commit positions */
	strbuf_addf(o, "<path d=\"M%.1f %.1fV%.1fH%.1f\" fill=\"none\" stroke=\"#888\"/>\n",
		    L, T, T + ph, L + pw);
	step = (pmax - pmin) / 20 + 1;
	for (t = pmin; t <= pmax; t += step) {
		double x = X(t);

		strbuf_addf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
			    " stroke=\"#888\"/>\n", x, T + ph, x, T + ph + 4);
		snprintf(num, sizeof(num), "%d", t);
		svg_text(r, x, T + ph + 16, "middle", " font-size=\"11\"", num);
	}
	svg_text(r, L + pw / 2, H - 6, "middle", " font-size=\"11\"", "commit position");

	for (cfg = 0; cfg < r->nconfigs; cfg++) {
		const char *color = line_colors[cfg % ARRAY_SIZE(line_colors)];
		const char *dash = line_dashes[cfg % ARRAY_SIZE(line_dashes)];
		size_t k = cfg * r->nmetrics + m;
		char style[96];
		double lx = W - R - (r->nconfigs - cfg) * 90.0;
		int drawing = 0;

		if (!chart_ref(r, m, cfg, &ref))
			continue;
		snprintf(style, sizeof(style), "stroke=\"%s\" stroke-width=\"2\"%s%s%s", color,
			 *dash ? " stroke-dasharray=\"" : "", dash, *dash ? "\"" : "");
		for (i = 0; i < r->ncommits; i++) {
			if (!r->commits[i].has_value[k]) {
				if (drawing)
					strbuf_addstr(o, "\"/>\n");
				drawing = 0;
				continue;
			}
			if (!drawing)
				strbuf_addf(o, "<polyline fill=\"none\" %s points=\"", style);
			strbuf_addf(o, "%s%.1f,%.1f", drawing ? " " : "", X(r->commits[i].position),
				    Y(pct(r->commits[i].values[k], ref)));
			drawing = 1;
		}
		if (drawing)
			strbuf_addstr(o, "\"/>\n");
		for (i = 0; i < r->ncommits; i++) {
			double v = r->commits[i].values[k];

			if (!r->commits[i].has_value[k])
				continue;
			fmt_number(num, sizeof(num), v, 0);
			strbuf_addf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\">"
				    "<title>", X(r->commits[i].position), Y(pct(v, ref)), color);
			html_escape(o, r->configs[cfg]);
			strbuf_addf(o, " at %d: %s (%+.3f%%)</title></circle>\n",
				    r->commits[i].position, num, pct(v, ref));
		}
		/* legend */
		strbuf_addf(o, "<line x1=\"%.1f\" y1=\"30\" x2=\"%.1f\" y2=\"30\" %s/>\n",
			    lx, lx + 22, style);
		svg_text(r, lx + 26, 34, "start", " font-size=\"11\"", r->configs[cfg]);
	}
	strbuf_addstr(o, "</svg>\n");
#undef X
#undef Y
}

static void html_metrics(struct report *r)
{
	struct strbuf *o = &r->buf;
	size_t i;
	int charted = 0;

	strbuf_addstr(o, "<section id=\"metrics\">\n<h2>Metrics</h2>\n");
	if (!r->nmetrics) {
		strbuf_addstr(o, "<p class=\"note\">No metrics were recorded.</p>\n</section>\n");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(charts); i++) {
		long m = metric_index(r, charts[i].name);

		if (m < 0)
			continue;
		if (!charted++)
			strbuf_addstr(o, "<div class=\"charts\">\n");
		html_chart(r, m, charts[i].title);
	}
	if (charted)
		strbuf_addstr(o, "</div>\n<p class=\"note\">Each line is one configuration's change"
			      " against its own base value (position 0, or its first measured"
			      " commit), in percent; a point's tooltip tells its value. A gap is a"
			      " commit without that metric.</p>\n");
	strbuf_addstr(o, "<p class=\"note\">Under each value: \xce\x94p, the change against the"
		      " parent commit (the previous position); \xce\x94" "b, against the base (");
	if (r->base >= 0 && r->commits[r->base].position == 0)
		strbuf_addstr(o, "position 0");
	else
		strbuf_addstr(o, "the first commit, as the base itself was not measured");
	strbuf_addstr(o, "), shown where it differs from the parent. Green is a decrease and"
		      " red an increase of a metric where lower is better (sizes, warnings,"
		      " CONFIG_SMP lines, latencies).</p>\n");
	for (i = 0; i < r->nconfigs; i++)
		html_metric_table(r, i);
	strbuf_addstr(o, "</section>\n");
}

static void html_report(struct report *r)
{
	char *now = now_iso8601();

	html_header(r);
	html_verdicts(r);
	maybe_flush(r);
	html_matrix(r);
	html_metrics(r);
	strbuf_addstr(&r->buf, "<footer>Generated by bisectable ");
	html_escape(&r->buf, BISECTABLE_VERSION);
	strbuf_addstr(&r->buf, " at ");
	html_escape(&r->buf, now);
	strbuf_addstr(&r->buf, ".</footer>\n</body>\n</html>\n");
	free(now);
}

/* JSON */

static json_t *jstr(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	if (!s)
		return json_null();
	utf8_sanitize(&sb, s, strlen(s));
	j = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return j ? j : json_null();
}

static json_t *jnum(double v)
{
	if (!isfinite(v))
		return json_null();
	if (dabs(v) < 9007199254740992.0 && v == (double)(long long)v)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static void jset(json_t *obj, const char *key, json_t *value)
{
	json_object_set_new(obj, key, value ? value : json_null());
}

/* A key that came from the database (a configuration or metric name). */
static void jset_data(json_t *obj, const char *key, json_t *value)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_sanitize(&sb, key, strlen(key));
	jset(obj, sb.buf, value);
	strbuf_release(&sb);
}

static json_t *json_tests(struct report *r, long long result_id)
{
	json_t *arr = json_array();
	sqlite3_stmt *st;

	st = db_prepare(r->db, "SELECT name, status, reason, duration FROM tests"
			" WHERE result_id = ? ORDER BY id");
	sqlite3_bind_int64(st, 1, result_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		json_t *t = json_object();

		jset(t, "name", jstr(db_column_str(st, 0)));
		jset(t, "status", jstr(db_column_str(st, 1)));
		jset(t, "reason", sqlite3_column_type(st, 2) == SQLITE_NULL ? json_null() :
		     jstr(db_column_str(st, 2)));
		jset(t, "duration", sqlite3_column_type(st, 3) == SQLITE_NULL ? json_null() :
		     jnum(sqlite3_column_double(st, 3)));
		json_array_append_new(arr, t);
	}
	sqlite3_finalize(st);
	return arr;
}

static json_t *json_warnings(struct report *r, long ci, size_t cfg)
{
	long parent = parent_of(ci);
	json_t *arr = json_array();
	sqlite3_stmt *st;

	st = db_prepare(r->db,
		"SELECT w.object, w.message, NOT EXISTS (SELECT 1 FROM warnings p"
		" WHERE p.commit_id = ?2 AND p.config = ?3 AND p.message = w.message)"
		" FROM warnings w WHERE w.commit_id = ?1 AND w.config = ?3 ORDER BY w.id");
	sqlite3_bind_int64(st, 1, r->commits[ci].id);
	sqlite3_bind_int64(st, 2, parent >= 0 ? r->commits[parent].id : 0);
	db_bind_text(st, 3, r->configs[cfg]);
	while (sqlite3_step(st) == SQLITE_ROW) {
		json_t *w = json_object();

		jset(w, "object", jstr(db_column_str(st, 0)));
		jset(w, "message", jstr(db_column_str(st, 1)));
		jset(w, "new", json_boolean(parent >= 0 && sqlite3_column_int(st, 2)));
		json_array_append_new(arr, w);
	}
	sqlite3_finalize(st);
	return arr;
}

static json_t *json_commit(struct report *r, long ci)
{
	struct commit *c = &r->commits[ci];
	json_t *jc = json_object(), *results = json_object(), *metrics = json_object();
	json_t *warnings = json_object();
	size_t cfg, m;
	int s;

	jset(jc, "position", json_integer(c->position));
	jset(jc, "sha", jstr(c->sha));
	jset(jc, "tree", jstr(c->tree));
	jset(jc, "subject", jstr(c->subject));
	jset(jc, "author", jstr(c->author));
	jset(jc, "patch", jstr(c->patch));
	for (cfg = 0; cfg < r->nconfigs; cfg++) {
		json_t *stages = json_object(), *values = json_object();

		for (s = 0; s < NR_STAGES; s++) {
			const struct cell *cell = &c->cells[cfg * NR_STAGES + s];
			json_t *jr;

			if (!cell->id)
				continue;
			jr = json_object();
			jset(jr, "status", json_string(statuses[cell->status].name));
			jset(jr, "duration", cell->has_duration ? jnum(cell->duration) :
			     json_null());
			jset(jr, "evidence", jstr(cell->evidence));
			jset(jr, "log_path", jstr(cell->log_path));
			jset(jr, "reproduce", jstr(cell->reproduce));
			jset(jr, "cache_key", jstr(cell->cache_key));
			jset(jr, "cached_from", cell->cached_from ?
			     json_integer(cell->cached_from) : json_null());
			jset(jr, "recorded_at", jstr(cell->recorded_at));
			jset(jr, "tests", json_tests(r, cell->id));
			jset(stages, stage_names[s], jr);
		}
		for (m = 0; m < r->nmetrics; m++) {
			size_t k = cfg * r->nmetrics + m;

			if (c->has_value[k])
				jset_data(values, r->metrics[m], jnum(c->values[k]));
		}
		jset_data(results, r->configs[cfg], stages);
		jset_data(metrics, r->configs[cfg], values);
		jset_data(warnings, r->configs[cfg], json_warnings(r, ci, cfg));
	}
	jset(jc, "results", results);
	jset(jc, "metrics", metrics);
	jset(jc, "warnings", warnings);
	return jc;
}

static json_t *json_report(struct report *r)
{
	struct run_info *run = &r->run;
	json_t *root = json_object(), *jrun = json_object(), *configs = json_array();
	json_t *verdicts = json_array(), *commits = json_array(), *names = json_array();
	size_t i;

	jset(root, "format", json_string("bisectable-report"));
	jset(root, "format_version", json_integer(1));
	jset(root, "generator", jstr("bisectable " BISECTABLE_VERSION));

	jset(jrun, "id", json_integer(run->id));
	jset(jrun, "series", jstr(run->series));
	jset(jrun, "series_kind", jstr(run->series_kind));
	jset(jrun, "repo", jstr(run->repo));
	jset(jrun, "work_dir", jstr(run->work_dir));
	jset(jrun, "base_version", jstr(run->base_version));
	jset(jrun, "base_sha", jstr(run->base_sha));
	jset(jrun, "tip_sha", jstr(run->tip_sha));
	jset(jrun, "configs", jstr(run->configs));
	jset(jrun, "options", jstr(run->options));
	jset(jrun, "started_at", jstr(run->started_at));
	jset(jrun, "ended_at", jstr(run->ended_at));
	jset(jrun, "state", jstr(run->state));
	jset(jrun, "tool_version", jstr(r->run.tool_version));
	jset(jrun, "host", jstr(r->run.host));
	jset(root, "run", jrun);

	for (i = 0; i < r->nconfigs; i++) {
		struct verdict *v = &r->verdicts[i];
		json_t *jv = json_object(), *fb = json_null();

		json_array_append_new(configs, jstr(r->configs[i]));
		jset(jv, "config", jstr(r->configs[i]));
		jset(jv, "commits", json_integer(v->commits));
		jset(jv, "passed", json_integer(v->passed));
		jset(jv, "complete", json_boolean(v->complete));
		jset(jv, "bisectable", json_boolean(v->has_results && v->complete && !v->bad));
		if (v->bad) {
			fb = json_object();
			jset(fb, "position", json_integer(v->position));
			jset(fb, "sha", jstr(v->sha));
			jset(fb, "subject", jstr(v->subject));
			jset(fb, "stage", json_string(stage_names[v->stage]));
			jset(fb, "status", json_string(statuses[v->status].name));
			jset(fb, "evidence", jstr(v->evidence));
			jset(fb, "log_path", jstr(v->log_path));
		}
		jset(jv, "first_bad", fb);
		json_array_append_new(verdicts, jv);
	}
	jset(root, "configs", configs);
	jset(root, "verdicts", verdicts);

	for (i = 0; i < r->nmetrics; i++)
		json_array_append_new(names, jstr(r->metrics[i]));
	jset(root, "metric_names", names);
	for (i = 0; i < r->ncommits; i++)
		json_array_append_new(commits, json_commit(r, i));
	jset(root, "commits", commits);
	return root;
}

/* JUnit */

static void junit_testcase(struct report *r, long ci, size_t cfg, enum stage stage)
{
	struct strbuf *o = &r->buf;
	struct commit *c = &r->commits[ci];
	const struct cell *cell = &c->cells[cfg * NR_STAGES + stage];
	char buf[13];
	const char *sha = short_sha(c->sha, buf);

	strbuf_addstr(o, "    <testcase classname=\"");
	html_escape(o, r->configs[cfg]);
	strbuf_addf(o, "\" name=\"%02d ", c->position);
	html_escape(o, sha ? sha : "-");
	strbuf_addf(o, " %s: ", stage_names[stage]);
	html_escape(o, c->subject);
	strbuf_addstr(o, "\"");
	if (cell->has_duration)
		strbuf_addf(o, " time=\"%.3f\"", cell->duration);
	strbuf_addstr(o, ">\n");

	if (!cell->id) {
		strbuf_addstr(o, "      <skipped message=\"not run\"/>\n");
	} else if (cell->status == ST_SKIP) {
		strbuf_addstr(o, "      <skipped message=\"");
		html_escape(o, empty(cell->evidence) ? "skipped" : cell->evidence);
		strbuf_addstr(o, "\"/>\n");
	} else if (is_bad(cell->status)) {
		struct excerpt ex;

		strbuf_addstr(o, "      <failure message=\"");
		html_escape(o, empty(cell->evidence) ? statuses[cell->status].name :
			    cell->evidence);
		strbuf_addf(o, "\" type=\"%s\">", statuses[cell->status].name);
		if (!empty(cell->evidence)) {
			html_escape(o, cell->evidence);
			strbuf_addstr(o, "\n");
		}
		if (!empty(cell->log_path)) {
			strbuf_addstr(o, "log: ");
			html_escape(o, cell->log_path);
			strbuf_addstr(o, "\n");
			if (log_excerpt(r, cell, stage, &ex) == 0) {
				html_escape_n(o, ex.text.buf, ex.text.len);
				excerpt_release(&ex);
			}
		}
		if (!empty(cell->reproduce)) {
			strbuf_addstr(o, "reproduce: ");
			html_escape(o, cell->reproduce);
			strbuf_addstr(o, "\n");
		}
		strbuf_addstr(o, "</failure>\n");
	}
	if (cell->cached_from)
		strbuf_addf(o, "      <system-out>reused from the cache (result %lld)"
			    "</system-out>\n", cell->cached_from);
	strbuf_addstr(o, "    </testcase>\n");
}

static void junit_report(struct report *r)
{
	struct strbuf *o = &r->buf;
	int tests = 0, failures = 0, skipped = 0;
	double secs = 0;
	size_t i, cfg;
	int s;

	for (i = 0; i < r->ncommits; i++)
		for (cfg = 0; cfg < r->nconfigs; cfg++)
			for (s = 0; s < NR_STAGES; s++) {
				const struct cell *cell = &r->commits[i].cells[cfg * NR_STAGES + s];

				tests++;
				failures += cell->id && is_bad(cell->status);
				skipped += !cell->id || cell->status == ST_SKIP;
				secs += cell->has_duration ? cell->duration : 0;
			}
	strbuf_addf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<testsuites name=\"bisectable run %lld: ", r->run.id);
	html_escape(o, r->run.series);
	strbuf_addf(o, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\""
		    " time=\"%.3f\">\n", tests, failures, skipped, secs);

	for (cfg = 0; cfg < r->nconfigs; cfg++) {
		tests = failures = skipped = 0;
		secs = 0;
		for (i = 0; i < r->ncommits; i++)
			for (s = 0; s < NR_STAGES; s++) {
				const struct cell *cell = &r->commits[i].cells[cfg * NR_STAGES + s];

				tests++;
				failures += cell->id && is_bad(cell->status);
				skipped += !cell->id || cell->status == ST_SKIP;
				secs += cell->has_duration ? cell->duration : 0;
			}
		strbuf_addstr(o, "  <testsuite name=\"");
		html_escape(o, r->configs[cfg]);
		strbuf_addf(o, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\""
			    " time=\"%.3f\">\n    <properties>\n", tests, failures, skipped, secs);
		strbuf_addstr(o, "      <property name=\"series\" value=\"");
		html_escape(o, r->run.series);
		strbuf_addstr(o, "\"/>\n      <property name=\"base_version\" value=\"");
		html_escape(o, r->run.base_version);
		strbuf_addstr(o, "\"/>\n      <property name=\"verdict\" value=\"");
		if (r->verdicts[cfg].bad)
			strbuf_addf(o, "first bad %d", r->verdicts[cfg].position);
		else if (r->verdicts[cfg].has_results && r->verdicts[cfg].complete)
			strbuf_addstr(o, "bisectable");
		else
			strbuf_addstr(o, "incomplete");
		strbuf_addstr(o, "\"/>\n    </properties>\n");
		for (i = 0; i < r->ncommits; i++) {
			for (s = 0; s < NR_STAGES; s++)
				junit_testcase(r, i, cfg, s);
			maybe_flush(r);
		}
		strbuf_addstr(o, "  </testsuite>\n");
	}
	strbuf_addstr(o, "</testsuites>\n");
}

int report_write(sqlite3 *db, long long run_id, enum report_format fmt, FILE *out)
{
	struct report r;
	int ret = 0;

	memset(&r, 0, sizeof(r));
	strbuf_init(&r.buf);
	r.out = out;
	r.base = -1;
	if (report_load(&r, db, run_id) < 0) {
		report_free(&r);
		return -1;
	}
	switch (fmt) {
	case REPORT_JSON: {
		json_t *root = json_report(&r);

		if (json_dumpf(root, out, JSON_INDENT(2)) < 0 || fputc('\n', out) == EOF)
			r.write_error = 1;
		json_decref(root);
		break;
	}
	case REPORT_JUNIT:
		junit_report(&r);
		break;
	default:
		html_report(&r);
		break;
	}
	flush_out(&r);
	if (fflush(out) == EOF || ferror(out))
		r.write_error = 1;
	if (r.write_error)
		ret = error("cannot write the report: %s", strerror(errno));
	report_free(&r);
	return ret;
}
