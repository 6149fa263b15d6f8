// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-model.c - the run as the reports see it (report-model.c),
 * loaded from the two fixture databases: tests/unit/up-build-break.sql (a
 * build broken at 2/4 on up) and tests/browser/make-fixture-db.sql (two
 * runs, metrics of every source, a timeout, warnings). What is checked is
 * what every renderer relies on: which run, the configurations in order,
 * the commits by position, each cell's status and evidence, the metrics in
 * their order with the series' own marked, their values where recorded and
 * nowhere else. Run from the top of the tree.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "report/report.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "tap.h"
#include "sql-file.h"
#include "report-fixture.h"

static long config_of(const struct report_model *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nconfigs; i++)
		if (!strcmp(m->configs[i], name))
			return (long)i;
	return -1;
}

static long commit_at(const struct report_model *m, int position)
{
	size_t i;

	for (i = 0; i < m->ncommits; i++)
		if (m->commits[i].position == position)
			return (long)i;
	return -1;
}

static const struct cell *cell(const struct report_model *m, const char *config, int position,
			       enum stage stage)
{
	long cfg = config_of(m, config), ci = commit_at(m, position);

	if (cfg < 0 || ci < 0)
		return NULL;
	return &m->commits[ci].cells[cfg * NR_STAGES + stage];
}

/* The status of a cell, "missing" when the model has no such cell. */
static const char *status_at(const struct report_model *m, const char *config, int position,
			     enum stage stage)
{
	const struct cell *c = cell(m, config, position, stage);

	return c ? status_names[c->status] : "missing";
}

static void test_status_names(void)
{
	is_int(status_parse("pass"), ST_PASS, "status 'pass'");
	is_int(status_parse("timeout"), ST_TIMEOUT, "status 'timeout'");
	is_int(status_parse("error"), ST_ERROR, "status 'error'");
	is_int(status_parse("weird"), ST_FAIL, "an unknown status is a failure, never a pass");
	ok(status_is_bad(ST_TIMEOUT) && !status_is_bad(ST_ERROR) && !status_is_bad(ST_SKIP),
	   "a timeout is bad; an error (the machine's) and a skip are not");
	is_int(report_known_metric("text"), 0, "text is the first known metric");
	is_int(report_known_metric("sched_smp_lines"), -1, "a series' metric is not a known one");
	is_int((int)parent_of(0), -1, "the first commit has no parent");
	is_int((int)parent_of(3), 2, "a commit's parent is the one before it");
}

static void test_up_build_break(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	struct report_model m;
	const struct cell *c;
	long ci;

	is_int((int)report_resolve_run(db, 0), 1, "run 0 is the latest run");
	is_int((int)report_resolve_run(db, 9), 0, "a run that is not there resolves to none");
	if (report_model_load(&m, db, 0)) {
		ok(0, "the fixture loads");
		sqlite3_close(db);
		return;
	}
	ok(1, "the fixture loads");
	is_int((int)m.run.id, 1, "the latest run");
	is_str(m.run.series_kind, "patches", "its kind");
	ok(m.nconfigs == 2 && !strcmp(m.configs[0], "up") && !strcmp(m.configs[1], "smp"),
	   "the configurations in the run's order: up, smp");
	is_int((int)m.ncommits, 5, "the base and four commits");
	ok(m.ncommits && m.commits[0].position == 0, "the base first");
	ci = commit_at(&m, 2);
	ok(ci >= 0 && !strncmp(m.commits[ci].sha, "f4f31b7ff037", 12),
	   "commit 2 by its position, with its sha");
	ok(ci >= 0 && strstr(m.commits[ci].subject, "Drop the #ifdef") != NULL, "and subject");
	is_str(status_at(&m, "up", 2, STAGE_BUILD), "fail", "up does not build at commit 2");
	c = cell(&m, "up", 2, STAGE_BUILD);
	ok(c && c->evidence && strstr(c->evidence, "has no member named 'ttwu_pending'"),
	   "with the compiler's line as its evidence");
	ok(c && c->reproduce && strstr(c->reproduce, "checkout --detach f4f31b7"),
	   "and the command that reproduces it");
	is_str(status_at(&m, "up", 2, STAGE_BOOT), "skip", "its boot is skipped");
	is_str(status_at(&m, "up", 3, STAGE_BUILD), "pass", "commit 3 builds again");
	is_str(status_at(&m, "smp", 2, STAGE_BUILD), "pass", "smp builds at commit 2");
	ok(m.verdicts && !m.verdicts[0].bisectable && m.verdicts[0].bad &&
	   m.verdicts[0].position == 2 && m.verdicts[0].stage == STAGE_BUILD,
	   "up's verdict: not bisectable, first bad at the build of 2");
	ok(m.verdicts && m.verdicts[0].nholes == 1 && m.verdicts[0].holes[0].fixed_by == 3,
	   "one hole, fixed by commit 3");
	ok(m.verdicts && m.verdicts[1].bisectable, "smp's verdict: bisectable");
	report_model_free(&m);
	is_int(report_model_load(&m, db, 42), -1, "a run that does not exist is an error");
	sqlite3_close(db);
}

static void test_browser_fixture(void)
{
	sqlite3 *db = memory_db("tests/browser/make-fixture-db.sql");
	struct report_model m;
	long text, series, rtt, up, smp, c2;

	if (report_model_load(&m, db, 1)) {
		ok(0, "run 1 of the browser fixture loads");
		sqlite3_close(db);
		return;
	}
	ok(m.run.id == 1 && m.nconfigs == 1 && !strcmp(m.configs[0], "up"),
	   "--run 1: the older run, up alone");
	report_model_free(&m);

	if (report_model_load(&m, db, 0)) {
		ok(0, "the latest run of the browser fixture loads");
		sqlite3_close(db);
		return;
	}
	is_int((int)m.run.id, 2, "run 0 is run 2, the latest");
	is_str(status_at(&m, "up", 3, STAGE_TEST), "timeout", "the timed out tests at 3 on up");
	is_str(status_at(&m, "smp", 3, STAGE_TEST), "pass", "and passing ones on smp");
	text = report_metric_index(&m, "text");
	series = report_metric_index(&m, "sched_smp_lines");
	rtt = report_metric_index(&m, "pipe_rtt_ns");
	is_int((int)report_metric_index(&m, "no_such_metric"), -1,
	       "an unknown metric has no index");
	ok(text >= 0 && series >= 0 && rtt >= 0, "build, series and guest metrics are loaded");
	ok(text < series && series < rtt,
	   "in their order: the build's, the series', then the guest's");
	ok(series >= 0 && m.metric_series[series] && text >= 0 && !m.metric_series[text],
	   "the series' own metric is marked as the series'");
	up = config_of(&m, "up");
	smp = config_of(&m, "smp");
	c2 = commit_at(&m, 2);
	if (up >= 0 && smp >= 0 && c2 >= 0 && text >= 0 && rtt >= 0) {
		const struct commit *c = &m.commits[c2];

		ok(c->has_value[smp * m.nmetrics + text] &&
		   c->values[smp * m.nmetrics + text] == 15102976.0,
		   "smp's text size at commit 2, as recorded");
		ok(!c->has_value[up * m.nmetrics + text],
		   "up has none there (its build failed): no value, not a zero");
		ok(!c->has_value[up * m.nmetrics + rtt], "nor a guest figure");
		ok(c->warnings[up].n == 2 && c->warnings[up].nfresh == 1,
		   "up's two warnings at commit 2, one of them new there");
	} else {
		ok(0, "configurations, commit 2 and metrics found");
	}
	report_model_free(&m);
	sqlite3_close(db);
}

/*
 * The performance verdicts are those of regress.c, noise floors included:
 * rt-tests declares 100% for cyclictest_avg_us, so its +50% at commit 2 is
 * noise, while pipe_rtt_ns (1%) at +20% is a regression.
 */
static void test_noise_floor(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	struct report_model m;
	long avg, rtt;
	size_t i, up, navg = 0;

	if (sqlite3_exec(db, "DELETE FROM metrics;"
			 " INSERT INTO metrics (commit_id, config, name, value, unit, better,"
			 " noise_pct, spread_pct, noisy) SELECT c.id, 'up', n.name,"
			 " CASE WHEN c.position >= 2 THEN n.moved ELSE 10 END, n.unit, 'lower',"
			 " n.noise, 1, 0 FROM commits c, (SELECT 'cyclictest_avg_us' AS name,"
			 " 15 AS moved, 'us' AS unit, 100 AS noise UNION ALL SELECT"
			 " 'pipe_rtt_ns', 12, 'ns', 1) n WHERE c.run_id = 1", NULL, NULL, NULL) ||
	    report_model_load(&m, db, 0)) {
		ok(0, "the fixture with a move inside its noise floor loads");
		sqlite3_close(db);
		return;
	}
	avg = report_metric_index(&m, "cyclictest_avg_us");
	rtt = report_metric_index(&m, "pipe_rtt_ns");
	up = config_of(&m, "up");
	for (i = 0; i < m.perf[up].nmoves; i++)
		navg += m.perf[up].moves[i].metric == (size_t)avg;
	is_int((int)navg, 0, "cyclictest_avg_us +50%% inside its 100%% noise floor: no move");
	ok(m.perf[up].nregressions == 1 && m.perf[up].moves[0].metric == (size_t)rtt &&
	   m.commits[m.perf[up].moves[0].commit].position == 2,
	   "pipe_rtt_ns +20%% past its 1%% floor and 5%%: the one regression, at 2");
	report_model_free(&m);
	sqlite3_close(db);
}

/*
 * Repeated boots and known failures (report-fixture.h's fixture_known_flaky):
 * each cell's tries, failed tries, confirmation and known failures, each
 * test's runs, fails and known flag, and the verdicts' confidence and
 * known failures as verdict.c gives them.
 */
static void test_known_flaky(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	const struct report_test *t;
	const struct cell *c;
	struct report_model m;

	fixture_known_flaky(db);
	if (report_model_load(&m, db, 0)) {
		ok(0, "the fixture with known failures and a flaky test loads");
		sqlite3_close(db);
		return;
	}
	c = cell(&m, "smp", 2, STAGE_TEST);
	ok(c && c->status == ST_FAIL && c->tries == 3 && c->failed_tries == 2,
	   "smp's test at 2: fail, 2 of 3 boots failed");
	ok(c && c->confirmed && !strcmp(c->confirmed, "flaky"), "confirmed flaky");
	ok(c && c->ntests == 2 && c->tests[0].runs == 3 && c->tests[0].fails == 2 &&
	   !c->tests[0].known, "its failing test ran 3 times, failed twice, not a known one");
	c = cell(&m, "smp", 1, STAGE_TEST);
	ok(c && c->tries == 3 && c->failed_tries == 0 && !c->confirmed && !c->known,
	   "the parent's test: 3 boots, none failed, not confirmed, nothing known");
	c = cell(&m, "up", 0, STAGE_TEST);
	ok(c && c->status == ST_PASS && c->known && !strcmp(c->known, KNOWN_LINE),
	   "up's base passes its test and lists the known failure it met");
	t = c && c->ntests ? &c->tests[0] : NULL;
	ok(t && !strcmp(t->status, "fail") && t->known && t->runs == 1 && t->fails == 1,
	   "its smoke.affinity row: a failure, a known one");
	c = cell(&m, "up", 1, STAGE_BUILD);
	ok(c && c->tries == 1 && c->failed_tries == 0 && !c->known,
	   "a build: one try, nothing known");
	ok(m.verdicts[1].bad && m.verdicts[1].position == 2 &&
	   m.verdicts[1].stage == STAGE_TEST && m.verdicts[1].kind &&
	   !strcmp(m.verdicts[1].kind, "flaky") && m.verdicts[1].confidence > 0.93 &&
	   m.verdicts[1].confidence < 0.94, "smp's verdict: first bad 2 at test, flaky, 93.6%%");
	ok(m.verdicts[0].known.n == 1 && m.verdicts[0].nfixed == 1 &&
	   m.verdicts[0].fixed[0].position == 4, "up's verdict: one known failure, fixed by 4");
	report_model_free(&m);
	sqlite3_close(db);
}

int main(void)
{
	test_status_names();
	test_up_build_break();
	test_browser_fixture();
	test_noise_floor();
	test_known_flaky();
	return done_testing();
}
