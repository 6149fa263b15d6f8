// SPDX-License-Identifier: GPL-2.0
/*
 * test-regress-text.c - what 'first-bad --metric' and 'regressions' say
 * (judge/regress-text.c) on a fixture database: the line of each move
 * (the commit, both values, the change in the unit and in percent, the
 * direction; a noisy move apart; no control character from a subject),
 * with the data their lines and exit codes follow (judge/regress.c).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "judge/regress.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"
#include "perf-fixture.h"

/* Run fn with stderr to /dev/null: the errors a case expects. */
static int quietly(int (*fn)(sqlite3 *, const char *, struct perf_run *), sqlite3 *db,
		   const char *arg, struct perf_run *r)
{
	int saved = stderr_to(NULL), ret = fn(db, arg, r);

	stderr_back(saved);
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

int main(void)
{
	char dir[] = "/tmp/bisectable-perf-text.XXXXXX";
	sqlite3 *db = perf_fixture_open(dir);

	test_first_bad(db);
	test_regressions(db);
	perf_fixture_close(db, dir);
	return done_testing();
}
