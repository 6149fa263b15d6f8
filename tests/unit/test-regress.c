// SPDX-License-Identifier: GPL-2.0
/*
 * test-regress.c - performance verdicts (judge/regress.c): the threshold's
 * syntax; the walk on bare values (a metric that gets better, one missing in
 * the parent, one without a direction, a noisy value, --against base, the
 * exact threshold, a 'higher is better' metric that drops, a move from 0);
 * the same on a fixture database (directions from the rows, the series and
 * bisectable's own table; a database from before schema 4); what
 * 'first-bad --metric' and 'regressions' find (the data their lines and exit
 * codes follow) and the line of each move (regress-text.c); the series'
 * 'unit' lines; and the report's marks (HTML, JSON), escaped. Run from the
 * top of the tree.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "judge/regress.h"
#include "judge/regress-text.h"
#include "report/report.h"
#include "input/run-config.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

/* Threshold syntax */

static void test_threshold(void)
{
	static const struct {
		const char *s;
		double want;
	} good[] = {
		{ "5%", 5 }, { "5", 5 }, { "0.5%", 0.5 }, { "0", 0 }, { "12.25", 12.25 },
		{ "100%", 100 }, { "007%", 7 },
	};
	static const char *const bad[] = {
		"", "%", "5%%", " 5", "5 ", "-5", "+5%", "5.", ".5", "1e2", "0x5", "inf", "nan",
		"5x", "5 %", "1234567%", "0.1234567", "5%5", "５",
	};
	char buf[32];
	size_t i;
	double v;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		v = -1;
		ok(!perf_parse_threshold(good[i].s, &v) && v == good[i].want,
		   "threshold '%s' is %g (got %g)", good[i].s, good[i].want, v);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		is_int(perf_parse_threshold(bad[i], &v), -1, "threshold '%s' is refused", bad[i]);
	is_int(perf_parse_threshold(NULL, &v), -1, "no threshold is refused");
	perf_format_threshold(buf, sizeof(buf), 0.5);
	is_str(buf, "0.5%", "0.5 prints as 0.5%%");
	perf_format_threshold(buf, sizeof(buf), 5);
	is_str(buf, "5%", "5 prints as 5%%");
}

/* The walk on bare values */

/* Points from a list of "position:value" with an optional trailing '!' for noisy. */
static size_t points(struct perf_point *p, const char *spec)
{
	char *copy = xstrdup(spec), *w, *save = NULL;
	size_t n = 0;

	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		memset(&p[n], 0, sizeof(p[n]));
		p[n].position = atoi(w);
		p[n].value = strtod(strchr(w, ':') + 1, NULL);
		p[n].noisy = strchr(w, '!') != NULL;
		p[n].spread_pct = p[n].noise_pct = -1;
		if (strchr(w, '~'))	/* "1:5~50": a noise floor of 50% */
			p[n].noise_pct = strtod(strchr(w, '~') + 1, NULL);
		n++;
	}
	free(copy);
	return n;
}

/* "position@ref" of each move, '!' after a noisy one: "4@3 6@5!". */
static char *moves(const char *spec, enum perf_better better, double threshold,
		   enum perf_against against, int first_only, struct perf_scan *sc)
{
	struct perf_point p[32];
	struct strbuf sb = STRBUF_INIT;
	size_t n = points(p, spec), i;

	perf_scan_points(p, n, better, threshold, against, first_only, sc);
	for (i = 0; i < sc->nmoves; i++)
		strbuf_addf(&sb, "%s%d@%d%s", i ? " " : "", p[sc->moves[i].at].position,
			    p[sc->moves[i].ref].position, sc->moves[i].noisy ? "!" : "");
	return strbuf_detach(&sb, NULL);
}

static void check_moves(const char *spec, enum perf_better better, double threshold,
			enum perf_against against, int first_only, const char *want,
			const char *what)
{
	struct perf_scan sc;
	char *got = moves(spec, better, threshold, against, first_only, &sc);

	is_str(got, want, "%s", what);
	free(got);
	perf_scan_free(&sc);
}

static void test_walk(void)
{
	struct perf_scan sc;
	char *got;

	check_moves("0:4~50 1:5~50 2:8~50", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "2@1",
		    "a move within the declared noise floor (4 -> 5 us, +25% < 50%) is not one");
	check_moves("0:4~50 1:5~50 2:8~50", PERF_LOWER, 70, PERF_AGAINST_PARENT, 0, "",
		    "the threshold still counts when it is above the noise floor");
	check_moves("0:100 1:100 2:50 3:20", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "",
		    "a metric that gets better (lower is better, -50%, -60%) is no regression");
	check_moves("0:100 1:200 2:500", PERF_HIGHER, 5, PERF_AGAINST_PARENT, 0, "",
		    "a metric that gets better (higher is better, x2, x2.5) is no regression");
	check_moves("0:100 1:120 2:100 3:130", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0,
		    "1@0 3@2", "every move the wrong way, each against its parent");
	check_moves("0:100 1:120 2:100 3:130", PERF_LOWER, 5, PERF_AGAINST_PARENT, 1, "1@0",
		    "first only: the walk stops at the first");

	got = moves("0:100 2:110 3:111", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, &sc);
	is_str(got, "2@0", "missing in the parent (1): compared with the nearest earlier (0)");
	ok(sc.nmoves == 1 && sc.moves[0].has_pct && sc.moves[0].pct > 9.99 &&
	   sc.moves[0].pct < 10.01 && sc.moves[0].delta == 10, "+10 is +10%%");
	is_int(sc.compared, 2, "two commits compared (2 and 3)");
	free(got);
	perf_scan_free(&sc);
	check_moves("2:100 3:200 4:300", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "3@2 4@3",
		    "no base: the first value is only a reference");
	got = moves("3:100", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, &sc);
	ok(!*got && sc.compared == 0, "a single value: nothing earlier, skipped");
	free(got);
	perf_scan_free(&sc);

	check_moves("0:100 1:1000 2:1 3:100000", PERF_UNDECLARED, 5, PERF_AGAINST_PARENT, 0, "",
		    "a metric without a direction is never a regression");

	got = moves("0:100 1:100 2:150! 3:104 4:110", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, &sc);
	is_str(got, "2@1! 4@3", "a noisy value's move is listed as noisy, and is no reference"
	       " (3 is compared with 1: +4%%)");
	is_int((int)sc.nregressions, 1, "only the one that is not noisy is a regression");
	is_int(sc.noisy, 1, "one noisy value");
	free(got);
	perf_scan_free(&sc);
	check_moves("0:100 1:100 2:150! 3:200", PERF_LOWER, 5, PERF_AGAINST_PARENT, 1,
		    "2@1! 3@1", "first only: a noisy move before the first regression is kept");
	check_moves("0:100! 1:200 2:300", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "2@1",
		    "a noisy base: the first commit has nothing to compare with");

	check_moves("0:100 1:103 2:106 3:120", PERF_LOWER, 5, PERF_AGAINST_BASE, 0, "2@0",
		    "against the base: the first commit past 5% of it (2: +6%), once");
	check_moves("0:100 1:103 2:106 3:120", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "3@2",
		    "against the parent: 2 is +2.9%, 3 is +13.2%");
	got = moves("1:100 2:200", PERF_LOWER, 5, PERF_AGAINST_BASE, 0, &sc);
	ok(!*got && sc.why_none && strstr(sc.why_none, "base"),
	   "against the base without a base: nothing compared, and why (%s)",
	   sc.why_none ? sc.why_none : "none");
	free(got);
	perf_scan_free(&sc);
	got = moves("0:100! 1:200", PERF_LOWER, 5, PERF_AGAINST_BASE, 0, &sc);
	ok(!*got && sc.why_none && strstr(sc.why_none, "noisy"),
	   "against a noisy base: nothing compared, and why");
	free(got);
	perf_scan_free(&sc);
}

/* The threshold's edge, 'higher is better', and moves from and to 0. */
static void test_past(void)
{
	struct perf_scan sc;
	double pct;
	int has_pct;
	char *got;

	ok(!perf_past(105, 100, PERF_LOWER, 5, &pct, &has_pct), "exactly +5%% is not past 5%%");
	ok(perf_past(105.001, 100, PERF_LOWER, 5, &pct, &has_pct), "+5.001%% is past 5%%");
	ok(!perf_past(95, 100, PERF_HIGHER, 5, &pct, &has_pct), "exactly -5%% is not past 5%%");
	ok(perf_past(94.999, 100, PERF_HIGHER, 5, &pct, &has_pct), "-5.001%% is past 5%%");
	ok(!perf_past(1005, 1000, PERF_LOWER, 0.5, &pct, &has_pct),
	   "exactly +0.5%% is not past 0.5%%");
	ok(!perf_past(1001, 1000, PERF_LOWER, 0.1, &pct, &has_pct),
	   "exactly +0.1%% (not a binary fraction) is not past 0.1%%");
	ok(!perf_past(6377.45 * 1.05, 6377.45, PERF_LOWER, 5, &pct, &has_pct),
	   "exactly +5%% of a fractional value is not past 5%%");
	ok(perf_past(100.000001, 100, PERF_LOWER, 0, &pct, &has_pct),
	   "threshold 0: any move the wrong way");
	ok(!perf_past(100, 100, PERF_LOWER, 0, &pct, &has_pct), "threshold 0: no move, none");

	check_moves("0:200 1:180 2:250 3:237", PERF_HIGHER, 5, PERF_AGAINST_PARENT, 0,
		    "1@0 3@2", "higher is better: -10% and -5.2% are regressions, +38.9% not");
	got = moves("0:0 1:0 2:1", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, &sc);
	is_str(got, "2@1", "from 0 to 1 where lower is better: past every threshold");
	ok(sc.nmoves == 1 && !sc.moves[0].has_pct, "with no percent");
	free(got);
	perf_scan_free(&sc);
	check_moves("0:5 1:0 2:0", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "",
		    "down to 0 where lower is better: better");
	check_moves("0:-100 1:-90 2:-110", PERF_LOWER, 5, PERF_AGAINST_PARENT, 0, "1@0",
		    "a negative reference: +10 is +10% of |-100|, the wrong way");
}

/* Directions */

static void test_directions(void)
{
	struct perf_direction d;

	perf_direction_default(NULL, "pipe_rtt_ns", &d);
	ok(d.better == PERF_LOWER && d.unit && !strcmp(d.unit, "ns") && !strcmp(d.from, "built-in"),
	   "pipe_rtt_ns: ns, lower is better (built-in)");
	perf_direction_default(NULL, "text", &d);
	ok(d.better == PERF_LOWER && !strcmp(d.unit, "bytes"), "text: bytes, lower is better");
	perf_direction_default(NULL, "warnings", &d);
	ok(d.better == PERF_LOWER, "warnings: lower is better");
	perf_direction_default(NULL, "nice_ratio", &d);
	ok(d.better == PERF_UNDECLARED && d.from, "nice_ratio: known, without a direction");
	perf_direction_default(NULL, "rebuilt_objects", &d);
	ok(d.better == PERF_UNDECLARED, "rebuilt_objects: without a direction");
	perf_direction_default(NULL, "sched_smp_lines", &d);
	ok(d.better == PERF_UNDECLARED && !d.from && !d.unit,
	   "sched_smp_lines: its series says, not bisectable's table");
	perf_direction_default(NULL, "something_else", &d);
	ok(d.better == PERF_UNDECLARED && !d.from, "an unknown metric: nothing");
	is_int(perf_better_parse("higher"), PERF_HIGHER, "'higher' parses");
	is_int(perf_better_parse("Lower"), PERF_UNDECLARED, "'Lower' does not");
	is_int(perf_better_parse(NULL), PERF_UNDECLARED, "NULL is undeclared");
}

/* The series' unit lines */

static int load_metrics_text(const char *dir, const char *text, struct run_config *rc)
{
	char *path = xasprintf("%s/metrics", dir);
	int saved = dup(2), null = open("/dev/null", 1), ret;

	write_file(path, text, strlen(text));
	run_config_init(rc);
	fflush(stderr);
	dup2(null, 2);
	ret = series_metrics_load(&(struct series_metrics){ .v = &rc->metrics,
							   .n = &rc->nmetrics }, path);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	free(path);
	return ret;
}

#define METRIC_LINE "metric n git-grep -e CONFIG_SMP\n"

static void test_series_units(void)
{
	char dir[] = "/tmp/bisectable-perf.XXXXXX";
	struct perf_direction d;
	struct run_config rc;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	is_int(load_metrics_text(dir, METRIC_LINE "unit n lines lower\n", &rc), 0,
	       "a unit line loads");
	ok(rc.nmetrics == 1 && !strcmp(rc.metrics[0].unit, "lines") && rc.metrics[0].better &&
	   !strcmp(rc.metrics[0].better, "lower"), "lines, lower is better");
	perf_direction_default(&rc, "n", &d);
	ok(d.better == PERF_LOWER && !strcmp(d.unit, "lines") && !strcmp(d.from, "series"),
	   "the series' declaration is the metric's direction");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n ops/s higher\n", &rc), 0,
	       "higher, with a slash in the unit");
	ok(rc.nmetrics == 1 && !strcmp(rc.metrics[0].better, "higher"), "higher is better");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE, &rc), 0, "no unit line");
	ok(!rc.metrics[0].unit[0] && !rc.metrics[0].better, "nothing declared");
	perf_direction_default(&rc, "n", &d);
	ok(d.better == PERF_UNDECLARED, "so no direction");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "unit n lines lower\n" METRIC_LINE, &rc), -1,
	       "a unit before its metric is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n lines lower\nunit n lines higher\n", &rc),
	       -1, "a unit twice is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n lines down\n", &rc), -1,
	       "a direction other than lower or higher is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n lines\n", &rc), -1,
	       "a unit without a direction is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n lines lower extra\n", &rc), -1,
	       "a word too many is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n <b>x</b> lower\n", &rc), -1,
	       "markup is not a unit");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n abcdefghijklmnop lower\n", &rc), -1,
	       "a unit longer than 15 characters is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, METRIC_LINE "unit n abcdefghijklmno lower\n", &rc), 0,
	       "15 characters are a unit");
	run_config_free(&rc);
	remove_tree(dir);

	run_config_init(&rc);
	is_int(series_metrics_load(&(struct series_metrics){ .v = &rc.metrics, .n = &rc.nmetrics },
				   "patches/sched-smp-up-6.12/metrics"), 0,
	       "the shipped series' metrics file loads");
	perf_direction_default(&rc, "sched_smp_lines", &d);
	ok(d.better == PERF_LOWER && d.unit && !strcmp(d.unit, "lines"),
	   "sched_smp_lines: lines, lower is better");
	run_config_free(&rc);
}

/* On a fixture database */

#define HOSTILE_SUBJECT "perf: <script>alert(1)</script> & \"quotes\"\x1b[31m"

/*
 * Run 1, up and smp, the base and four commits:
 *   pipe_rtt_ns (built-in: ns, lower)   up 6377.45 6377.45 6378.53 7365.08 7367.63
 *                                       smp 7988 each
 *   ops (declared: ops/s, higher)       up 1000 1000 900 900 -; commit 4 has none
 *   lat_us (declared, noise 1%)         up 10 10 20 (spread 5%: noisy) 10.2 10.3
 *   nice_ratio (built-in: no direction) up 60 90 30 60 60
 *   rows (declared unit, no direction)  up 1 100 1 100 1
 *   warnings (built-in: lower)          up 0 0 0 2 2
 */
static void fixture(sqlite3 *db)
{
	static const double pipe[] = { 6377.45, 6377.45, 6378.53, 7365.08, 7367.63 };
	static const double nice[] = { 60, 90, 30, 60, 60 };
	static const double warn[] = { 0, 0, 0, 2, 2 };
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up,smp", .options = "{}",
	};
	long long id, c;
	int pos;

	db_begin(db);
	id = db_insert_run(db, &run);
	for (pos = 0; pos <= 4; pos++) {
		char sha[41], subject[64];
		struct metric_sample ops = { "ops", pos == 2 || pos == 3 ? 900 : 1000, "ops/s",
					     "higher", -1, -1 };
		double lat_us = pos == 2 ? 20 : pos < 2 ? 10 : 10 + pos / 10.0;
		struct metric_sample lat = { "lat_us", lat_us, "us", "lower", 1,
					     pos == 2 ? 5 : 0.5 };
		struct metric_sample rows = { "rows", pos % 2 ? 100 : 1, "rows", NULL, -1, -1 };

		/* "3000...0": the commit's position, then zeros. */
		memset(sha, '0', 40);
		sha[0] = '0' + pos;
		sha[40] = '\0';
		snprintf(subject, sizeof(subject), "commit %d", pos);
		c = db_commit_set(db, id, pos, sha, NULL, pos == 3 ? HOSTILE_SUBJECT : subject,
				  NULL, NULL);
		db_metric_set(db, c, "up", "guest", "pipe_rtt_ns", pipe[pos]);
		db_metric_set(db, c, "smp", "guest", "pipe_rtt_ns", 7988);
		if (pos < 4)
			db_metric_put(db, c, "up", "guest", &ops);
		db_metric_put(db, c, "up", "guest", &lat);
		db_metric_put(db, c, "up", "guest", &rows);
		db_metric_set(db, c, "up", "guest", "nice_ratio", nice[pos]);
		db_metric_set(db, c, "up", "build", "warnings", warn[pos]);
	}
	db_commit(db);
}

/* Run fn with stderr to /dev/null: the errors a case expects. */
static int quietly(int (*fn)(sqlite3 *, const char *, struct perf_run *), sqlite3 *db,
		   const char *arg, struct perf_run *r)
{
	int saved = dup(2), null = open("/dev/null", O_WRONLY), ret;

	fflush(stderr);
	dup2(null, 2);
	ret = fn(db, arg, r);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	return ret;
}

static int no_such_metric(sqlite3 *db, const char *metric, struct perf_run *r)
{
	return perf_first_bad(db, 0, NULL, metric, 5, PERF_AGAINST_PARENT, r);
}

static int no_such_run(sqlite3 *db, const char *configs, struct perf_run *r)
{
	return perf_regressions(db, 42, configs, 5, PERF_AGAINST_PARENT, r);
}

/* Every move of r as the line regress-text.c makes of it, each with a newline. */
static char *moves_text(const struct perf_run *r, int with_delta)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->series[i].scan.nmoves; j++) {
			perf_move_text(&sb, &r->series[i].series, &r->series[i].scan.moves[j],
				       r->against, with_delta);
			strbuf_addstr(&sb, "\n");
		}
	return strbuf_detach(&sb, NULL);
}

/* first-bad --metric on run 0 (the latest), and its moves as lines. */
static char *first_bad(sqlite3 *db, const char *configs, const char *metric, double threshold,
		       enum perf_against against, struct perf_run *r)
{
	if (perf_first_bad(db, 0, configs, metric, threshold, against, r))
		return NULL;
	return moves_text(r, 0);
}

static char *regressions(sqlite3 *db, const char *configs, double threshold,
			 enum perf_against against, struct perf_run *r)
{
	if (perf_regressions(db, 0, configs, threshold, against, r))
		return NULL;
	return moves_text(r, 1);
}

static int contains(const char *hay, const char *needle)
{
	return hay && strstr(hay, needle) != NULL;
}

static void test_series_load(sqlite3 *db)
{
	struct perf_series s;
	struct perf_scan sc;

	perf_series_load(db, 1, NULL, "up", "pipe_rtt_ns", &s);
	is_int((int)s.npoints, 5, "pipe_rtt_ns on up: five values");
	is_int(s.commits, 4, "four commits, the base not counted");
	ok(s.dir.better == PERF_LOWER && !strcmp(s.dir.from, "built-in"),
	   "stored without a unit: bisectable's table says lower");
	perf_scan_points(s.points, s.npoints, s.dir.better, 5, PERF_AGAINST_PARENT, 1, &sc);
	ok(sc.nregressions == 1 && s.points[sc.moves[0].at].position == 3,
	   "its first regression is at 3");
	perf_scan_free(&sc);
	perf_series_free(&s);

	perf_series_load(db, 1, NULL, "up", "ops", &s);
	ok(s.dir.better == PERF_HIGHER && !strcmp(s.dir.unit, "ops/s") &&
	   !strcmp(s.dir.from, "database"), "declared in its rows: ops/s, higher");
	perf_series_free(&s);
	perf_series_load(db, 1, NULL, "up", "rows", &s);
	ok(s.dir.better == PERF_UNDECLARED && !strcmp(s.dir.unit, "rows"),
	   "a unit without a direction in the rows: never judged, not taken from elsewhere");
	perf_series_free(&s);
	perf_series_load(db, 1, NULL, "up", "lat_us", &s);
	ok(s.npoints == 5 && s.points[2].noisy && !s.points[1].noisy &&
	   s.points[2].spread_pct == 5 && s.points[2].noise_pct == 1,
	   "noisy where the spread exceeds the noise floor, with both");
	perf_series_free(&s);
	perf_series_load(db, 1, NULL, "smp", "ops", &s);
	is_int((int)s.npoints, 0, "ops is not recorded on smp");
	perf_series_free(&s);
}

static void test_first_bad(sqlite3 *db)
{
	const struct perf_judged *j;
	struct perf_run r;
	char *out;

	out = first_bad(db, "up", "pipe_rtt_ns", 5, PERF_AGAINST_PARENT, &r);
	is_str(out, "up: pipe_rtt_ns regressed at 3/4 3000000 \"perf: <script>alert(1)</script> &"
	       " \"quotes\"\\033[31m\": 6378.53 -> 7365.08 ns (+15.5%, lower is better)\n",
	       "first-bad --metric: the commit, both values, the change, the direction; no"
	       " control character from a subject");
	ok(r.run_id == 1 && r.n == 1 && r.regressions == 1 && r.judged == 1,
	   "one configuration, one regression: exit 1");
	j = perf_run_find(&r, "up", "pipe_rtt_ns");
	ok(j && j->scan.nmoves == 1 && j->series.points[j->scan.moves[0].at].position == 3 &&
	   j->series.points[j->scan.moves[0].ref].position == 2 && j->scan.moves[0].has_pct,
	   "the move: at 3, against 2, in percent");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, "up", "pipe_rtt_ns", 20, PERF_AGAINST_PARENT, &r);
	j = perf_run_find(&r, "up", "pipe_rtt_ns");
	is_str(out, "", "none past 20%%");
	ok(j && !r.regressions && j->scan.compared == 4 && j->series.commits == 4 &&
	   !j->scan.noisy && !j->scan.why_none && j->series.dir.better == PERF_LOWER,
	   "none past 20%%: 4/4 commits compared, lower is better (exit 0)");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, NULL, "pipe_rtt_ns", 5, PERF_AGAINST_BASE, &r);
	ok(contains(out, "up: pipe_rtt_ns regressed at 3/4 3000000") &&
	   contains(out, ": 6377.45 (base) -> 7365.08 ns (+15.5%"), "--against base");
	j = perf_run_find(&r, "smp", "pipe_rtt_ns");
	ok(r.n == 2 && r.regressions == 1 && j && !j->scan.nmoves && j->scan.compared == 4 &&
	   r.against == PERF_AGAINST_BASE, "every configuration of the run; none on smp");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, "up", "ops", 5, PERF_AGAINST_PARENT, &r);
	ok(contains(out, "up: ops regressed at 2/4 2000000 \"commit 2\": 1000 -> 900 ops/s"
		    " (-10.0%, higher is better)"), "a 'higher is better' metric that drops");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, "up", "lat_us", 5, PERF_AGAINST_PARENT, &r);
	ok(contains(out, "up: lat_us is noisy at 2/4") && contains(out, "not a verdict") &&
	   contains(out, "spread 5% > noise floor 1%"), "a noisy move is said");
	j = perf_run_find(&r, "up", "lat_us");
	ok(j && !r.regressions && r.noisy == 1 && j->scan.nmoves == 1 &&
	   j->scan.moves[0].noisy && j->scan.compared == 3 && j->scan.noisy == 1,
	   "and is not the answer: 3/4 compared, 1 noisy value not judged (exit 0)");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, "up", "nice_ratio", 5, PERF_AGAINST_PARENT, &r);
	j = perf_run_find(&r, "up", "nice_ratio");
	ok(j && j->series.npoints && j->series.dir.better == PERF_UNDECLARED &&
	   !strcmp(j->series.dir.from, "built-in") && !j->scan.nmoves && !r.judged &&
	   !r.nundeclared, "a metric without a direction: no move, never a verdict");
	free(out);
	perf_run_free(&r);

	out = first_bad(db, "up,smp", "ops", 5, PERF_AGAINST_PARENT, &r);
	ok(r.n == 2 && !strcmp(r.series[1].series.config, "smp") && !r.series[1].series.npoints,
	   "a configuration without it is there, with no value");
	free(out);
	perf_run_free(&r);

	is_int(quietly(no_such_metric, db, "no_such_metric", &r), -1,
	       "a metric the run never recorded: an error (exit 2)");

	out = first_bad(db, "up", "warnings", 5, PERF_AGAINST_PARENT, &r);
	ok(contains(out, "up: warnings regressed at 3/4") &&
	   contains(out, "0 -> 2 warnings (from 0, lower is better)") &&
	   r.n == 1 && !r.series[0].scan.moves[0].has_pct,
	   "0 -> 2 warnings: past every threshold, no percent");
	free(out);
	perf_run_free(&r);
}

static void test_regressions(sqlite3 *db)
{
	struct perf_run r;
	char *out;
	size_t i;
	int names = 0;

	out = regressions(db, NULL, 5, PERF_AGAINST_PARENT, &r);
	ok(r.run_id == 1 && r.threshold == 5 && r.against == PERF_AGAINST_PARENT,
	   "regressions: the run, its threshold and reference");
	ok(contains(out, "up: pipe_rtt_ns regressed at 3/4") &&
	   contains(out, "6378.53 -> 7365.08 ns (+986.55 ns, +15.5%, lower is better)"),
	   "both values, the delta in the unit and in percent");
	ok(contains(out, "up: ops regressed at 2/4") &&
	   contains(out, "(-100 ops/s, -10.0%, higher"), "the 'higher is better' one");
	ok(contains(out, "up: lat_us is noisy at 2/4") && r.noisy == 1 &&
	   perf_run_find(&r, "up", "lat_us")->scan.moves[0].noisy, "the noisy move, apart");
	for (i = 0; i < r.nundeclared; i++)
		names += !strcmp(r.undeclared[i], "nice_ratio") || !strcmp(r.undeclared[i], "rows");
	ok(r.nundeclared == 2 && names == 2, "the metrics without a direction named, once each");
	ok(!contains(out, "smp: pipe_rtt_ns regressed"), "nothing on smp");
	is_int((int)r.regressions, 3, "three: pipe_rtt_ns, ops, warnings (exit 1)");
	ok(r.judged + 2 == r.n, "every series with values but the two undeclared is judged");
	free(out);
	perf_run_free(&r);

	out = regressions(db, "smp", 5, PERF_AGAINST_PARENT, &r);
	ok(!r.regressions && r.n == 1 && r.judged == 1, "regressions on smp only: none (exit 0)");
	free(out);
	perf_run_free(&r);

	out = regressions(db, "up", 50, PERF_AGAINST_PARENT, &r);
	ok(contains(out, "up: warnings regressed") && !contains(out, "pipe_rtt_ns regressed") &&
	   r.regressions == 1, "at 50%%: only the move from 0");
	free(out);
	perf_run_free(&r);

	is_int(quietly(no_such_run, db, NULL, &r), -1, "no such run: an error (exit 2)");
}

/* A database from before schema 4, opened read-only (not upgraded). */
static void test_schema_v3(sqlite3 *db, const char *dir)
{
	char *path = xasprintf("%s/v3.db", dir), *out;
	struct perf_run r;
	sqlite3 *old;

	old = db_open(path);
	fixture(old);
	exec_sql(old, "ALTER TABLE metrics DROP COLUMN noisy; ALTER TABLE metrics DROP COLUMN"
		 " spread_pct; ALTER TABLE metrics DROP COLUMN noise_pct; ALTER TABLE metrics"
		 " DROP COLUMN better; ALTER TABLE metrics DROP COLUMN unit;"
		 " PRAGMA user_version = 3");
	db_close(old);
	old = db_open_readonly(path);
	ok(!db_has_column(old, "metrics", "unit"), "a schema 3 database has no metrics.unit");
	out = first_bad(old, "up", "pipe_rtt_ns", 5, PERF_AGAINST_PARENT, &r);
	ok(contains(out, "up: pipe_rtt_ns regressed at 3/4"), "first-bad --metric reads it");
	free(out);
	perf_run_free(&r);
	out = first_bad(old, "up", "lat_us", 5, PERF_AGAINST_PARENT, &r);
	ok(r.n == 1 && r.series[0].series.dir.better == PERF_UNDECLARED && !r.judged,
	   "nothing declared there: never judged");
	free(out);
	perf_run_free(&r);
	out = regressions(old, NULL, 5, PERF_AGAINST_PARENT, &r);
	ok(r.regressions > 0, "regressions reads it");
	free(out);
	perf_run_free(&r);
	db_close(old);
	free(path);
	(void)db;
}

/* The report: marked values, a section apart, JSON arrays; all escaped. */

static json_t *jget(json_t *root, const char *path)
{
	char *copy = xstrdup(path), *w, *save = NULL;
	json_t *j = root;

	for (w = strtok_r(copy, ".", &save); w && j; w = strtok_r(NULL, ".", &save))
		j = json_is_array(j) ? json_array_get(j, strtoul(w, NULL, 10)) :
		    json_object_get(j, w);
	free(copy);
	return j;
}

/* The first json_t of array whose "metric" is metric. */
static json_t *jmove(json_t *array, const char *metric)
{
	size_t i;
	json_t *v;

	json_array_foreach(array, i, v) {
		json_t *m = json_object_get(v, "metric");

		if (json_is_string(m) && !strcmp(json_string_value(m), metric))
			return v;
	}
	return NULL;
}

static void test_report(sqlite3 *db)
{
	char *html, *section, *end;
	json_t *root, *up, *mv;
	int ret;

	/* A unit from the guest is data: it must come out escaped. */
	exec_sql(db, "UPDATE metrics SET unit = '<i>u</i>' WHERE name = 'ops'");
	html = render(db, 0, REPORT_HTML, &ret);
	is_int(ret, 0, "the HTML report");
	section = html ? strstr(html, "<section id=\"performance\">") : NULL;
	end = section ? strstr(section, "</section>") : NULL;
	ok(section && end, "a Performance section");
	if (end)
		*end = '\0';
	ok(contains(section, "<tr class=\"perf-regression\" data-config=\"up\""
		    " data-metric=\"pipe_rtt_ns\">"),
	   "pipe_rtt_ns on up is a performance regression");
	ok(contains(section, "6,378.53 \xe2\x86\x92 7,365.08 ns"), "with both values and the unit");
	ok(contains(section, "\xe2\x96\xb2 +15.5%</span>"), "and its change");
	ok(contains(section, "<tr class=\"noisy\" data-config=\"up\" data-metric=\"lat_us\">"),
	   "the noisy move in a table apart");
	ok(contains(section, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;") &&
	   !contains(section, "<script>"), "the subject escaped");
	ok(contains(section, "&lt;i&gt;u&lt;/i&gt;") && !contains(section, "<i>u</i>"),
	   "a unit from the database escaped");
	ok(!contains(section, "class=\"fail") && !contains(section, "class=\"bad"),
	   "no red: a regression is not a failure");
	ok(contains(section, "Not judged (no direction): ") && contains(section, "nice_ratio"),
	   "the metrics never judged");
	if (end)
		*end = '<';
	ok(contains(html, "<td class=\"num perf-regression\">7,365.08 <span class=\"tag perf\""),
	   "the value in the metrics table is marked");
	ok(contains(html, "<td class=\"num noisy\">20.00 <span class=\"tag noisy\""),
	   "the noisy value too");
	ok(contains(html, "<tr class=\"units\">") && contains(html, "<th>ns, lower is better</th>"),
	   "each metric's unit and direction under its name");
	ok(!contains(html, "class=\"cell fail"), "no matrix cell is red for a regression");
	free(html);

	html = render(db, 0, REPORT_JSON, &ret);
	is_int(ret, 0, "the JSON report");
	root = html ? json_loads(html, 0, NULL) : NULL;
	ok(root != NULL, "parses");
	up = jget(root, "verdicts.0");
	ok(json_is_string(jget(up, "config")) &&
	   !strcmp(json_string_value(jget(up, "config")), "up"), "verdicts.0 is up");
	ok(json_is_true(jget(up, "bisectable")) || json_is_false(jget(up, "bisectable")),
	   "the functional verdict is still there");
	ok(json_number_value(jget(up, "regression_threshold_pct")) == 5, "the threshold, 5%%");
	mv = jmove(jget(up, "regressions"), "pipe_rtt_ns");
	ok(mv && json_integer_value(jget(mv, "position")) == 3 &&
	   json_integer_value(jget(mv, "reference_position")) == 2 &&
	   json_real_value(jget(mv, "value")) == 7365.08 &&
	   json_real_value(jget(mv, "reference")) == 6378.53 &&
	   !strcmp(json_string_value(jget(mv, "unit")), "ns") &&
	   !strcmp(json_string_value(jget(mv, "better")), "lower"),
	   "regressions[]: pipe_rtt_ns at 3, against 2, both values, unit, direction");
	ok(mv && json_number_value(jget(mv, "delta_pct")) > 15.4 &&
	   json_number_value(jget(mv, "delta_pct")) < 15.5, "and its delta in percent");
	mv = jmove(jget(up, "regressions"), "warnings");
	ok(mv && json_is_null(jget(mv, "delta_pct")), "from 0: delta_pct null");
	ok(jmove(jget(up, "noisy_moves"), "lat_us") && !jmove(jget(up, "regressions"), "lat_us"),
	   "the noisy move in noisy_moves[], not in regressions[]");
	ok(json_array_size(jget(root, "verdicts.1.regressions")) == 0, "none on smp");
	ok(!strcmp(json_string_value(jget(root, "metric_directions.up.ops.unit")), "<i>u</i>"),
	   "metric_directions: the unit as stored (JSON needs no HTML escaping)");
	ok(json_is_null(jget(root, "metric_directions.up.nice_ratio.better")),
	   "nice_ratio: better null");
	ok(json_array_size(jget(root, "commits.2.noisy_metrics.up")) == 1,
	   "commit 2 has one noisy value on up");
	json_decref(root);
	free(html);
}

int main(void)
{
	char dir[] = "/tmp/bisectable-perf-db.XXXXXX";
	char *path;
	sqlite3 *db;

	test_threshold();
	test_walk();
	test_past();
	test_directions();
	test_series_units();

	if (!mkdtemp(dir))
		die("mkdtemp failed");
	path = xasprintf("%s/t.db", dir);
	db = db_open(path);
	fixture(db);
	test_series_load(db);
	test_first_bad(db);
	test_regressions(db);
	test_schema_v3(db, dir);
	test_report(db);
	db_close(db);
	free(path);
	remove_tree(dir);
	return done_testing();
}
