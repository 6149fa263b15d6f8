// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-perf.c - the report's marks of performance regressions on the
 * fixture run of perf-fixture.h: the HTML's Performance section, its marked
 * values and units (report-html-metrics.c), the JSON's regressions[],
 * noisy_moves[] and metric_directions (report-json.c); a subject and a unit
 * from the database escaped. Run from the top of the tree.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "perf-fixture.h"

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
	char dir[] = "/tmp/bisectable-perf-report.XXXXXX";
	sqlite3 *db = perf_fixture_open(dir);

	test_report(db);
	perf_fixture_close(db, dir);
	return done_testing();
}
