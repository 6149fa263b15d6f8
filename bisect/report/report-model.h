/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-model.h - a run as the report renderers see it, loaded once from
 * SQLite by report_model_load() (report-model-load.c); the renderers
 * (report-html.c, report-svg.c, report-json.c, report-junit.c) read only
 * this, never the database. Also what they share: the output buffer, log
 * excerpts (report-log.c) and a few formatting helpers (report.c).
 */
#ifndef BISECT_REPORT_MODEL_H
#define BISECT_REPORT_MODEL_H

#include <stdio.h>
#include <sys/types.h>
#include <sqlite3.h>

#include "judge/codediff-run.h"
#include "judge/compare.h"
#include "judge/coverage.h"
#include "db/db.h"
#include "judge/regress.h"
#include "lib/util.h"
#include "judge/verdict.h"

/* ST_ERROR: the machine failed there, not the commit: not verified, not bad. */
enum status { ST_NONE, ST_PASS, ST_FAIL, ST_TIMEOUT, ST_SKIP, ST_ERROR, NR_STATUSES };

/* As stored ("pass", ...; "none" for no result): also the CSS class. */
extern const char *const status_names[NR_STATUSES];

/* A stored status; anything unknown is ST_FAIL (it is not a pass). */
enum status status_parse(const char *s);

static inline int status_is_bad(enum status st)
{
	return st == ST_FAIL || st == ST_TIMEOUT;
}

/* One smoke test of a boot or test result. */
struct report_test {
	char *name;
	char *status;
	char *reason;		/* NULL: none */
	double duration;
	int has_duration;
	int runs, fails;	/* boots that ran it, and of them those it failed in */
	int known;		/* its failure is a known one: the base fails it the same way */
};

/* One compiler warning of a commit x configuration. */
struct report_warning {
	char *object;
	char *message;
	int fresh;		/* not at the previous commit (all are, at the first) */
};

struct report_warnings {
	struct report_warning *w;
	size_t n;
	size_t nfresh;
};

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
	int tries, failed_tries;	/* boots behind it, those that failed (1, 0: one) */
	char *confirmed;	/* deterministic, flaky, inherited; NULL: not confirmed */
	char *known;		/* known failures met and not counted, a line each; NULL: none */
	struct report_test *tests;
	size_t ntests;
};

struct commit {
	long long id;
	int position;
	char *sha;
	char *tree;
	char *subject;
	char *author;
	char *patch;
	char *message_id;		/* the patch mail's "<id>", or NULL */
	char *references;		/* the thread above it, "<id> ...", or NULL */
	struct cell *cells;		/* [config * NR_STAGES + stage] */
	double *values;			/* [config * nmetrics + metric] */
	unsigned char *has_value;
	unsigned char *noisy;		/* the value is noisy: never a verdict (regress.h) */
	struct report_warnings *warnings;	/* [config] */
};

/* A move of a metric past the threshold, as regress.c finds it. */
struct report_move {
	size_t metric;
	long commit;		/* index into commits of the commit that moved */
	long ref;		/* the commit it is compared with */
	double delta;		/* value - reference */
	double pct;		/* delta in percent of |reference|, if has_pct */
	int has_pct;		/* 0: the reference is 0 */
	int noisy;		/* listed apart, never a verdict */
};

/* The performance verdicts of one configuration: regressions and noisy moves. */
struct report_perf {
	struct report_move *moves;	/* by metric, then position */
	size_t nmoves;
	size_t nregressions;		/* moves that are not noisy */
};

struct report_model {
	struct run_info run;
	char *db_dir;		/* for log paths relative to the database */
	char **configs;		/* runs.configs in order, then others with data */
	size_t nconfigs;
	struct verdict *verdicts;	/* [config], from verdict.c */
	char **fragments;	/* [config]: the run's derived fragment, configs/NAME.config
				   as it is now, or NULL */
	char *base_fragment;	/* configs/base.config as it is now, or NULL */
	unsigned char *derived;	/* [config]: derived by the run, its fragment from run_configs */
	char **compilers;	/* [config]: CONFIG_CC_VERSION_TEXT of its builds, or NULL */
	const char **arches;	/* [config]: "x86_64" or "i386" by its .config, or NULL */
	struct commit *commits;		/* by position; the base (0) first if recorded */
	size_t ncommits;
	char **metrics;		/* build, series, guest; known ones first, then by name */
	unsigned char *metric_series;	/* [metric]: declared by the series (its metrics file) */
	char **metric_titles;	/* [metric]: the series' description, or NULL */
	size_t nmetrics;
	long base;		/* commit that deltas are taken against, -1: none */
	int last_position;
	/*
	 * Performance verdicts, those of 'bisectable regressions' (perf_regressions,
	 * regress.h): each commit against its parent at the default threshold.
	 */
	double threshold;	/* percent */
	struct perf_direction *directions;	/* [config * nmetrics + metric] */
	char **units;		/* [config * nmetrics + metric]: what directions' unit points to */
	struct report_perf *perf;	/* [config] */
	/* The changed lines no configuration compiled (coverage.h); .recorded 0: unknown */
	struct coverage coverage;
	/* run --only: the positions verified ("0,11"), a comparison; NULL: the whole run */
	char *partial;
	/* The base and the tip side by side (compare.h) */
	struct comparison compare;
	/* Each commit's machine code against its parent's, and broken claims (codediff-run.h) */
	struct codediff_run codediff;
};

/* The id of run_id if it exists (0: the latest run); 0 if there is none. */
long long report_resolve_run(sqlite3 *db, long long run_id);

/* Load run_id (0: the latest). Returns 0, or -1 after printing an error. */
int report_model_load(struct report_model *m, sqlite3 *db, long long run_id);
void report_model_free(struct report_model *m);

/* The regression or noisy move of metric m at commit ci in configuration cfg, or NULL. */
const struct report_move *report_move_at(const struct report_model *m, size_t cfg,
					 size_t metric, long ci);

/* The commit at a position, or NULL. */
const struct commit *report_commit_at(const struct report_model *m, int position);
/* The index of a metric, or -1; its rank among the known ones, or -1. */
long report_metric_index(const struct report_model *m, const char *name);
int report_known_metric(const char *name);
/* The index of a configuration by name, of a commit by its row id; -1 if none. */
long report_config_index(const struct report_model *m, const char *name);
long report_commit_index(const struct report_model *m, long long id);

/*
 * The parts of report_model_load() (report-model-load.c), in its order:
 * report-model.c opens the run and its configurations, then the metric
 * names (report-model-metrics.c), which the commits' cells are sized by;
 * the commits and their results; the metrics' values and the performance
 * verdicts (regress.c's perf_regressions; the report judges nothing); then
 * the rest of report-model.c's: tests, warnings, verdicts, comparison.
 */
int report_model_open(struct report_model *m, sqlite3 *db, long long run_id);
void report_model_load_cells(struct report_model *m, sqlite3 *db);
void report_model_load_rest(struct report_model *m, sqlite3 *db);
void report_load_metric_names(struct report_model *m, sqlite3 *db);
void report_load_metrics(struct report_model *m, sqlite3 *db);
void report_load_perf(struct report_model *m, sqlite3 *db);

/* The commit before ci in the series (previous position), or -1. */
static inline long parent_of(long ci)
{
	return ci > 0 ? ci - 1 : -1;
}

/* Where a renderer writes: a buffer flushed to out now and then. */
struct report_out {
	const struct report_model *m;
	FILE *out;
	struct strbuf buf;
	int write_error;
};

void report_flush(struct report_out *r);
void report_maybe_flush(struct report_out *r);

/* The renderers, one per format (report.c's table). */
void report_html(struct report_out *r);
void report_json(struct report_out *r);
void report_junit(struct report_out *r);
void report_email(struct report_out *r);
/*
 * The mail's From: ("Name <addr>"), set by 'report --from' or from the git
 * identity; NULL (the default) is "bisectable <bisectable@localhost>".
 */
void report_email_set_from(const char *from);
/*
 * The mail's To: and Cc: ('report --to/--cc', comma-separated addresses);
 * NULL (the default): the series' author and Cc list (input/series-mail.h).
 */
void report_email_set_addresses(const char *to, const char *cc);
void report_kcidb(struct report_out *r);
void report_patchwork(struct report_out *r);
void report_trace(struct report_out *r);
/*
 * The base URL of the logs (report --log-url-base): a log inside the
 * database's logs/ is at base/logs/...; NULL (the default): no log_url.
 */
void report_set_log_url_base(const char *base);
/*
 * The URL of a log path (report-model.c): the base and its path below the
 * database's directory, percent-encoded; NULL without a base or for a log
 * that is not (or no longer) inside the database's logs/. Allocated.
 */
char *report_log_url(const struct report_model *m, const char *path);

/* report-svg.c: the line charts of the metrics that have one; how many. */
int svg_charts(struct report_out *r);

/* A JSON string of s as valid UTF-8 (utf8_sanitize), null for NULL (jansson's json_t). */
struct json_t;
struct json_t *report_json_text(const char *s);

/* Helpers (report.c) */
const char *short_sha(const char *sha, char buf[13]);	/* 12 digits, NULL if none */
int empty(const char *s);
double dabs(double v);
double dmin(double a, double b);
double dmax(double a, double b);
long long dround(double v);
double dceil(double v);
/* An integral value with thousands separators, anything else with 2 decimals. */
void fmt_number(char *buf, size_t size, double v, int sign);

/* Log excerpts (report-log.c) */
struct excerpt {
	struct strbuf text;	/* selected lines, each ending in '\n' */
	long marked;		/* line of text to highlight, -1: none */
	const char *what;	/* how the lines were chosen */
	int cut;		/* lines were left out between the chosen ones */
};

/*
 * The part of a cell's log that tells why it is not pass (the path must lie
 * in db_dir's logs/: db_log_file()). Returns 0, or -1 if it cannot be read.
 */
int log_excerpt(const char *db_dir, const struct cell *cell, enum stage stage,
		struct excerpt *ex);
void excerpt_release(struct excerpt *ex);
/* The end of a log (the last 8 MiB), only inside db_dir's logs/; 0 or -1. */
int log_read(const char *db_dir, const char *path, struct strbuf *sb);

#endif
