// SPDX-License-Identifier: GPL-2.0
/*
 * test-regress.c - performance verdicts (judge/regress.c): the threshold's
 * syntax; the walk on bare values (a metric that gets better, one missing in
 * the parent, one without a direction, a noisy value, --against base, the
 * exact threshold, a 'higher is better' metric that drops, a move from 0);
 * directions (the series' 'unit' lines, bisectable's own table); a metric's
 * values loaded from a fixture database, and a database from before schema
 * 4. What 'first-bad --metric' and 'regressions' find and say is
 * test-regress-text.c's, the report's marks test-report-perf.c's. Run from
 * the top of the tree.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "judge/regress.h"
#include "input/run-config.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "quiet.h"
#include "tap.h"
#include "perf-fixture.h"

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
	int saved, ret;

	write_file(path, text, strlen(text));
	run_config_init(rc);
	saved = stderr_to(NULL);
	ret = series_metrics_load(&(struct series_metrics){ .v = &rc->metrics,
							   .n = &rc->nmetrics }, path);
	stderr_back(saved);
	free(path);
	return ret;
}

#define METRIC_LINE "metric n git-grep -e CONFIG_SMP\n"

static void test_series_units(void)
{
	/* Unit lines the series' metrics file may not have, and why. */
	static const struct {
		const char *text;
		const char *why;
	} refused_units[] = {
		{ "unit n lines lower\n" METRIC_LINE, "a unit before its metric is refused" },
		{ METRIC_LINE "unit n lines lower\nunit n lines higher\n", "a unit twice is refused" },
		{ METRIC_LINE "unit n lines down\n", "a direction other than lower or higher is refused" },
		{ METRIC_LINE "unit n lines\n", "a unit without a direction is refused" },
		{ METRIC_LINE "unit n lines lower extra\n", "a word too many is refused" },
		{ METRIC_LINE "unit n <b>x</b> lower\n", "markup is not a unit" },
		{ METRIC_LINE "unit n abcdefghijklmnop lower\n",
		  "a unit longer than 15 characters is refused" },
	};
	char dir[] = "/tmp/bisectable-perf.XXXXXX";
	struct perf_direction d;
	struct run_config rc;
	size_t i;

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
	for (i = 0; i < ARRAY_SIZE(refused_units); i++) {
		is_int(load_metrics_text(dir, refused_units[i].text, &rc), -1, "%s",
		       refused_units[i].why);
		run_config_free(&rc);
	}
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

int main(void)
{
	char dir[] = "/tmp/bisectable-perf-db.XXXXXX";
	sqlite3 *db;

	test_threshold();
	test_walk();
	test_past();
	test_directions();
	test_series_units();

	db = perf_fixture_open(dir);
	test_series_load(db);
	test_schema_v3(db, dir);
	perf_fixture_close(db, dir);
	return done_testing();
}
