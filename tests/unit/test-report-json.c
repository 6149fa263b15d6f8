// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-json.c - the JSON report (report/report-json.c) of the
 * fixture run in tests/browser/make-fixture-db.sql, and an error of the
 * machine in it.
 *
 * Run from the top of the tree (it reads db/schema.sql, the fixture SQL and
 * the fixture logs by relative paths), as make unit does.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "report/report.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

#define SUBJECT_2 "sched/core: Drop <script>alert(1)</script> \"><img src=x onerror=alert(1)>" \
		  " & the UP rq lock"


/* JSON */

static json_t *jpath(json_t *j, const char *path)
{
	char *copy = xstrdup(path), *save = NULL, *tok;

	for (tok = strtok_r(copy, ".", &save); tok && j; tok = strtok_r(NULL, ".", &save)) {
		if (json_is_array(j))
			j = json_array_get(j, atoi(tok));
		else
			j = json_object_get(j, tok);
	}
	free(copy);
	return j;
}

static const char *jtext(json_t *root, const char *path)
{
	return json_string_value(jpath(root, path));
}

static void test_json(sqlite3 *db)
{
	json_error_t err;
	json_t *root, *j;
	char *text;
	int ret;

	text = render(db, 0, REPORT_JSON, &ret);
	is_int(ret, 0, "report_write json");
	root = json_loads(text ? text : "", 0, &err);
	ok(root != NULL, "the JSON parses back (%s)", root ? "ok" : err.text);
	if (!root)
		root = json_object();
	is_str(jtext(root, "format"), "bisectable-report", "format");
	is_int(json_integer_value(jpath(root, "run.id")), 2, "run.id is the latest run");
	is_str(jtext(root, "run.base_version"), "6.12.118", "run.base_version");
	is_str(jtext(root, "run.state"), "done", "run.state");
	is_str(jtext(root, "configs.0"), "up", "configs[0]");
	is_str(jtext(root, "configs.1"), "smp", "configs[1]");
	is_str(jtext(root, "verdicts.0.config"), "up", "verdicts[0] is up");
	ok(json_is_false(jpath(root, "verdicts.0.bisectable")), "up is not bisectable");
	is_int(json_integer_value(jpath(root, "verdicts.0.first_bad.position")), 2,
	       "up first bad position");
	is_str(jtext(root, "verdicts.0.first_bad.stage"), "build", "up first bad stage");
	ok(json_is_true(jpath(root, "verdicts.1.bisectable")), "smp is bisectable");
	ok(json_is_null(jpath(root, "verdicts.1.first_bad")), "smp has no first bad");
	is_int(json_array_size(jpath(root, "holes")), 1, "one bisection hole");
	is_str(jtext(root, "holes.0.config"), "up", "holes[0].config");
	ok(json_integer_value(jpath(root, "holes.0.from")) == 2 &&
	   json_integer_value(jpath(root, "holes.0.to")) == 3 &&
	   json_integer_value(jpath(root, "holes.0.fixed_by")) == 4,
	   "holes[0]: from 2 to 3, fixed by 4");
	is_str(jtext(root, "holes.0.stage"), "build", "holes[0].stage");
	is_str(jtext(root, "holes.0.text"),
	       "2/4 does not build; 3/4 builds, test timeout (fixed by 4/4)",
	       "holes[0].text: what each commit did, as first-bad says it");
	is_int(json_array_size(jpath(root, "holes.0.commits")), 2, "holes[0].commits: 2 and 3");
	ok(json_integer_value(jpath(root, "holes.0.commits.1.position")) == 3 &&
	   !strcmp(jtext(root, "holes.0.commits.1.stage"), "test") &&
	   !strcmp(jtext(root, "holes.0.commits.1.status"), "timeout") &&
	   json_is_true(jpath(root, "holes.0.commits.1.builds")),
	   "holes[0].commits[1]: 3 builds, times out at test");
	is_str(jtext(root, "holes.0.commits.0.what"), "does not build", "holes[0].commits[0].what");
	is_int(json_array_size(jpath(root, "commits")), 4, "four commits");
	is_str(jtext(root, "commits.1.subject"), SUBJECT_2, "JSON keeps the subject as it is");
	is_str(jtext(root, "commits.2.author"), "Gr\xef\xbf\xbd" "ce Hopper <grace@example.org>",
	       "JSON strings are valid UTF-8");
	is_str(jtext(root, "commits.1.results.up.build.status"), "fail", "up build at 2 failed");
	is_str(jtext(root, "commits.1.results.up.boot.status"), "skip", "up boot at 2 skipped");
	is_str(jtext(root, "commits.1.results.up.build.log_path"),
	       "tests/browser/fixture/up-2-build.log", "log_path");
	is_int(json_array_size(jpath(root, "commits.2.results.up.test.tests")), 4,
	       "the smoke tests of up at 3");
	is_str(jtext(root, "commits.2.results.up.test.tests.1.status"), "timeout",
	       "pipe_rtt timed out");
	is_int(json_integer_value(jpath(root, "commits.3.results.up.build.cached_from")), 131,
	       "cached_from");
	ok(json_is_null(jpath(root, "commits.0.results.up.build.cached_from")),
	   "cached_from is null when not cached");
	j = jpath(root, "commits.0.metrics.up.text");
	ok(json_is_integer(j) && json_integer_value(j) == 14523904, "integral metric as integer");
	j = jpath(root, "commits.3.metrics.up.pipe_rtt_ns");
	ok(json_is_real(j) && json_real_value(j) == 4980.5, "fractional metric as real");
	ok(jpath(root, "commits.1.metrics.up.text") == NULL,
	   "no text metric where the build failed");
	is_int(json_array_size(jpath(root, "commits.1.warnings.up")), 2, "two warnings at up 2");
	ok(json_is_false(jpath(root, "commits.1.warnings.up.0.new")) &&
	   json_is_true(jpath(root, "commits.1.warnings.up.1.new")),
	   "the old warning is not new, the 'rf' one is");
	ok(json_is_false(jpath(root, "commits.0.warnings.up.0.new")),
	   "nothing is new at the first commit without a base");
	is_int(json_integer_value(jpath(root, "compare.to")), 4, "compare: to the tip");
	is_int(json_integer_value(jpath(root, "compare.configs.up.text.to")), 14521088,
	       "compare: up's text at the tip");
	ok(json_is_null(jpath(root, "compare.configs.up.text.from")) &&
	   json_is_null(jpath(root, "compare.configs.up.text.change_pct")),
	   "compare: the base was not verified, so no change");
	is_str(jtext(root, "compare.configs.up.pipe_rtt_ns.unit"), "ns", "compare: a unit");
	json_decref(root);
	free(text);
}

/* A figure the series declares, beside the measurement in compare. */
static void test_declared(sqlite3 *db)
{
	char *json;
	json_t *root;
	int ret;

	exec_sql(db, "UPDATE runs SET options = json_set(options, '$.declared', json('"
		 "[{\"config\":\"up\",\"figure\":\"text\",\"from\":28816070,"
		 "\"to\":28904324,\"unit\":\"bytes\"}]')) WHERE id = 2;");
	json = render(db, 0, REPORT_JSON, &ret);
	root = json_loads(json ? json : "", 0, NULL);
	ok(root && json_integer_value(jpath(root, "compare.configs.up.text.declared.from")) ==
	   28816070 && json_integer_value(jpath(root, "compare.configs.up.text.declared.to")) ==
	   28904324, "JSON: the declared ends beside the measured text");
	ok(root && json_real_value(jpath(root, "compare.configs.up.text.declared.change_pct")) >
	   0.30 && json_real_value(jpath(root, "compare.configs.up.text.declared.change_pct")) <
	   0.31, "JSON: the declared change in percent");
	ok(root && !jpath(root, "compare.configs.up.data.declared"),
	   "JSON: no declared member where the series declares nothing");
	json_decref(root);
	free(json);
	exec_sql(db, "UPDATE runs SET options = json_remove(options, '$.declared') WHERE id = 2;");
}

/* An error of the machine (smp's test at commit 1) in the JSON report. */
static void test_error_cell(sqlite3 *db)
{
	char *json;
	json_t *root;
	int ret;

	exec_sql(db, "UPDATE results SET status = 'error', evidence = 'QEMU exited without a"
		 " guest verdict <b>' WHERE id = 163;");
	json = render(db, 0, REPORT_JSON, &ret);
	root = json_loads(json ? json : "", 0, NULL);
	ok(root && json_integer_value(jpath(root, "verdicts.1.errors")) == 1 &&
	   json_is_false(jpath(root, "verdicts.1.bisectable")) &&
	   json_integer_value(jpath(root, "verdicts.1.first_error.position")) == 1 &&
	   !strcmp(jtext(root, "verdicts.1.first_error.stage") ?: "", "test"),
	   "JSON: smp has 1 error, the first at 1 test, not bisectable");
	json_decref(root);
	exec_sql(db, "UPDATE results SET status = 'pass', evidence = NULL WHERE id = 163;");
	free(json);
}

/*
 * Known failures and a flaky first bad (report-fixture.h): each verdict's
 * confidence, kind, boots and known failures, each result's boots,
 * confirmation and known failures, each test's runs.
 */
static void test_json_known_flaky(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	json_t *root, *v;
	char *text;
	int ret;

	fixture_known_flaky(db);
	text = render(db, 0, REPORT_JSON, &ret);
	root = json_loads(text ? text : "", 0, NULL);
	ok(ret == 0 && root, "JSON of the run with known failures and a flaky test parses");
	if (!root)
		root = json_object();
	v = jpath(root, "verdicts.1");
	is_str(jtext(v, "config"), "smp", "verdicts[1] is smp");
	ok(json_is_real(jpath(v, "confidence")) &&
	   json_real_value(jpath(v, "confidence")) > 0.935 &&
	   json_real_value(jpath(v, "confidence")) < 0.937, "smp: confidence 0.936");
	is_str(jtext(v, "kind"), "flaky", "smp: kind flaky");
	ok(json_integer_value(jpath(v, "boots")) == 3 &&
	   json_integer_value(jpath(v, "failed_boots")) == 2 &&
	   json_integer_value(jpath(v, "parent_boots")) == 3 &&
	   json_integer_value(jpath(v, "parent_passes")) == 3,
	   "smp: failed 2 of 3 boots, the parent passed 3 of 3");
	ok(json_array_size(jpath(v, "known")) == 0 && json_array_size(jpath(v, "fixed")) == 0,
	   "smp: no known failures");
	v = jpath(root, "verdicts.0");
	ok(json_integer_value(jpath(v, "confidence")) == 1 && json_is_null(jpath(v, "kind")) &&
	   json_is_null(jpath(v, "parent_boots")) && json_is_null(jpath(v, "parent_passes")),
	   "up: a build failure: confidence 1, no kind, no parent boots");
	is_str(jtext(v, "known.0"), KNOWN_LINE, "up: its known failure");
	ok(!strcmp(jtext(v, "fixed.0.line") ?: "", KNOWN_LINE) &&
	   json_integer_value(jpath(v, "fixed.0.position")) == 4, "up: fixed by 4");
	v = jpath(root, "commits.2.results.smp.test");
	ok(json_integer_value(jpath(v, "tries")) == 3 &&
	   json_integer_value(jpath(v, "failed_tries")) == 2 &&
	   !strcmp(jtext(v, "confirmed") ?: "", "flaky") && json_array_size(jpath(v, "known")) == 0,
	   "smp's test at 2: tries 3, failed_tries 2, confirmed flaky, nothing known");
	ok(json_integer_value(jpath(v, "tests.0.runs")) == 3 &&
	   json_integer_value(jpath(v, "tests.0.fails")) == 2 &&
	   json_is_false(jpath(v, "tests.0.known")), "its failing test: 2 of 3 runs, not known");
	v = jpath(root, "commits.0.results.up.test");
	ok(!strcmp(jtext(v, "status") ?: "", "pass") && json_is_null(jpath(v, "confirmed")) &&
	   !strcmp(jtext(v, "known.0") ?: "", KNOWN_LINE) && json_is_true(jpath(v, "tests.0.known")),
	   "up's base test: pass, the known failure it met, its test marked known");
	ok(json_integer_value(jpath(root, "commits.0.results.up.build.tries")) == 1 &&
	   json_array_size(jpath(root, "commits.0.results.up.build.known")) == 0,
	   "a build: one try, nothing known");
	json_decref(root);
	free(text);
	sqlite3_close(db);
}

int main(void)
{
	sqlite3 *db = memory_db("tests/browser/make-fixture-db.sql");

	test_json(db);
	test_declared(db);
	test_error_cell(db);
	test_json_known_flaky();

	sqlite3_close(db);
	remove_tree(fixture_dir);
	return done_testing();
}
