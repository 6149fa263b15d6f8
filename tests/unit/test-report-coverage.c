// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-coverage.c - what a report's verdicts cover
 * (report/report-coverage.c) in every format: the model of
 * tests/unit/up-build-break.sql with a coverage set by hand (6 changed
 * lines, up compiled 4, smp 3, 2 never: one only arm64 builds, one behind
 * a symbol), rendered by each renderer. Each must carry first-bad's figure
 * ("4 of 6 changed lines compiled") and series line, in the same words.
 *
 * Run from the top of the tree, as make unit does.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/coverage.h"
#include "lib/util.h"
#include "report/report-coverage.h"
#include "report/report-html-common.h"
#include "report/report-model.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

#define PATH_ARM64 "arch/arm64/kernel/<b>&amp.c"
#define SERIES_WHERE "series: bisectable where compiled: 2 changed lines never built (4 of 6" \
		     " compiled by up,smp; see 'bisectable coverage')"
#define SERIES_NOT "series: 4 of 6 changed lines compiled by up,smp; 2 changed lines never" \
		   " built (see 'bisectable coverage')"

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

static void missed(struct coverage_line *l, const char *path, size_t line, const char *guard,
		   const char *arch)
{
	*l = (struct coverage_line){ .path = xstrdup(path), .line = line, .sign = '+',
		.guard = xstrdup(guard), .arch = arch ? xstrdup(arch) : NULL };
}

/* The coverage of the summary above, at position 2 (on the heap: the model frees it). */
static void set_coverage(struct report_model *m)
{
	struct coverage *cov = &m->coverage;
	struct coverage_commit *cc;

	coverage_release(cov);
	memset(cov, 0, sizeof(*cov));
	cov->recorded = 1;
	cov->nconfigs = 2;
	cov->configs = xcalloc(2, sizeof(*cov->configs));
	cov->configs[0] = xstrdup("up");
	cov->configs[1] = xstrdup("smp");
	cov->compiled_by = xcalloc(2, sizeof(*cov->compiled_by));
	cov->compiled_by[0] = 4;
	cov->compiled_by[1] = 3;
	cov->changed = 6;
	cov->compiled = 4;
	cov->never = 2;
	cov->commits_total = 4;
	cov->ncommits = 1;
	cov->commits = cc = xcalloc(1, sizeof(*cc));
	cc->position = 2;
	cc->sha = xstrdup("f4f31b7ff03741264e46cf7ffc7f3673ca2015b9");
	cc->subject = xstrdup("a <subject>");
	cc->judged = 1;
	cc->changed = 6;
	cc->compiled = 4;
	cc->compiled_by = xcalloc(2, sizeof(*cc->compiled_by));
	cc->missed = xcalloc(2, sizeof(*cc->missed));
	cc->nmissed = cc->alloc = 2;
	missed(&cc->missed[0], PATH_ARM64, 3, "(no guard)", "arm64");
	missed(&cc->missed[1], "kernel/sched/rt.c", 9, "RT_GROUP_SCHED=y", NULL);
}

typedef void renderer(struct report_out *r);

static char *render_model(const struct report_model *m, renderer *fn)
{
	struct report_out r = { .m = m, .buf = STRBUF_INIT };
	char *buf = NULL;
	size_t len = 0;

	r.out = open_memstream(&buf, &len);
	if (!r.out)
		die("open_memstream failed");
	fn(&r);
	report_flush(&r);
	strbuf_release(&r.buf);
	fclose(r.out);
	return buf;
}

static json_t *render_json(const struct report_model *m, renderer *fn)
{
	char *text = render_model(m, fn);
	json_t *j = json_loads(text ? text : "", 0, NULL);

	free(text);
	return j ? j : json_object();
}

static void test_words(const struct report_model *m)
{
	struct strbuf sb = STRBUF_INIT;

	is_int(report_config_coverage(m, 1, &sb), 0, "smp has a figure");
	is_str(sb.buf, "3 of 6 changed lines compiled", "smp: first-bad's figure");
	strbuf_reset(&sb);
	is_int(report_series_coverage(m, &sb), 0, "the series has a line");
	is_str(sb.buf, SERIES_WHERE, "series: bisectable where compiled");
	is_str(report_series_answer(m), "bisectable where compiled", "the answer");
	strbuf_release(&sb);
}

static void test_html(const struct report_model *m)
{
	char *html = render_model(m, report_html), *verdicts = NULL;
	const char *a = html ? strstr(html, "<section id=\"verdicts\">") : NULL;
	const char *b = a ? strstr(a, "<section id=\"matrix\">") : NULL;

	if (a && b)
		verdicts = strndup(a, b - a);
	ok(contains(verdicts, "every commit passes every stage; <span class=\"coverage\">4 of 6"
		    " changed lines compiled</span>"), "html: the figure in up's verdict");
	ok(contains(verdicts, "<p class=\"series pending\" id=\"series\">series: bisectable where"
		    " compiled: 2 changed lines never built (4 of 6 compiled by up,smp; see"
		    " &#39;bisectable coverage&#39;)"), "html: the series line under the verdicts");
	ok(verdicts && !contains(verdicts, "cov-commit") && !contains(verdicts, "<table class=\"co"),
	   "html: nothing of the lines above the matrix");
	ok(contains(html, "<details class=\"cov-commit\"><summary>2 changed lines never compiled"
		    "</summary>"), "html: the commit's lines folded in its row");
	ok(contains(html, "<tr><td><code>arch/arm64/kernel/&lt;b&gt;&amp;amp.c</code></td><td>"
		    "<code>(no guard)</code></td><td>+3</td><td><code>bisectable run --arch arm64"
		    "</code></td></tr>"), "html: a group, its path escaped, what would build it");
	ok(contains(html, "<td><code>RT_GROUP_SCHED=y</code></td><td>+9</td><td><code>bisectable"
		    " run --configs auto</code>"), "html: a symbol's group: derived configurations");
	is_int(occurrences(html, "<b>&amp"), 0, "html: no raw path");
	free(verdicts);
	free(html);
}

static void test_json(const struct report_model *m)
{
	json_t *root = render_json(m, report_json), *v, *s, *l;

	v = json_array_get(json_object_get(root, "verdicts"), 0);
	is_int(json_integer_value(json_object_get(v, "compiled")), 4, "json: up compiled 4");
	is_int(json_integer_value(json_object_get(v, "changed_lines_total")), 6, "json: of 6");
	is_str(json_string_value(json_object_get(v, "coverage_text")),
	       "4 of 6 changed lines compiled", "json: first-bad's figure");
	s = json_object_get(root, "series");
	is_str(json_string_value(json_object_get(s, "answer")), "bisectable where compiled",
	       "json: the series' answer");
	is_str(json_string_value(json_object_get(s, "text")), SERIES_WHERE,
	       "json: the series line");
	is_int(json_integer_value(json_object_get(s, "uncompiled")), 2, "json: 2 uncompiled");
	l = json_array_get(json_object_get(json_object_get(root, "coverage"), "lines"), 0);
	is_str(json_string_value(json_object_get(l, "arch")), "arm64", "json: a line's arch");
	is_str(json_string_value(json_object_get(l, "hint")), "--arch arm64", "json: its hint");
	l = json_array_get(json_object_get(json_object_get(root, "coverage"), "lines"), 1);
	ok(json_is_null(json_object_get(l, "arch")), "json: no arch: null");
	is_str(json_string_value(json_object_get(l, "hint")), "--configs auto", "json: its hint");
	json_decref(root);
}

static void test_email_junit(const struct report_model *m)
{
	char *mail = render_model(m, report_email), *xml = render_model(m, report_junit);

	ok(contains(mail, "up: bisectable (4/4 commits pass every stage; 4 of 6 changed lines"
		    " compiled;\n  "), "email: the figure in up's verdict line");
	ok(contains(mail, "\n" SERIES_WHERE "\n\n"), "email: the series line");
	ok(contains(xml, "<property name=\"coverage\" value=\"4 of 6 changed lines compiled\"/>"),
	   "junit: the figure as a property");
	ok(contains(xml, "<property name=\"series_coverage\" value=\"series: bisectable where"
		    " compiled: 2 changed lines never built (4 of 6 compiled by up,smp;"),
	   "junit: the series line as a property");
	free(mail);
	free(xml);
}

static void test_kcidb(const struct report_model *m)
{
	json_t *root = render_json(m, report_kcidb), *b, *misc, *co;
	size_t i, n = json_array_size(json_object_get(root, "builds")), with = 0;

	for (i = 0; i < n; i++) {
		b = json_array_get(json_object_get(root, "builds"), i);
		misc = json_object_get(json_object_get(b, "misc"), "coverage");
		with += misc != NULL;
		if (misc && !strcmp(json_string_value(json_object_get(b, "config_name")), "smp"))
			is_str(json_string_value(json_object_get(misc, "text")),
			       "3 of 6 changed lines compiled", "kcidb: smp's figure");
	}
	is_int(with, 2, "kcidb: the figure in the tip's build of each configuration only");
	co = json_array_get(json_object_get(root, "checkouts"),
			    json_array_size(json_object_get(root, "checkouts")) - 1);
	misc = json_object_get(json_object_get(co, "misc"), "series");
	is_str(json_string_value(json_object_get(misc, "text")), SERIES_WHERE,
	       "kcidb: the series line in the tip's checkout");
	is_str(json_string_value(json_object_get(misc, "answer")), "bisectable where compiled",
	       "kcidb: the answer");
	json_decref(root);
}

/* up does not build at 2/4: no answer, the figures only; no coverage: no word of it. */
static void test_not_bisectable(sqlite3 *db)
{
	struct report_model m;
	struct strbuf sb = STRBUF_INIT;
	char *mail;
	json_t *root;

	if (report_model_load(&m, db, 0))
		die("cannot load the fixture");
	root = render_json(&m, report_json);
	ok(json_is_null(json_object_get(json_object_get(root, "series"), "text")) &&
	   json_is_null(json_object_get(json_array_get(json_object_get(root, "verdicts"), 0),
					"compiled")), "json: coverage not known: null");
	json_decref(root);
	mail = render_model(&m, report_email);
	ok(!contains(mail, "compiled by") && !contains(mail, "changed line"),
	   "email: coverage not known: no word of it");
	free(mail);
	set_coverage(&m);
	ok(report_series_answer(&m) == NULL, "not bisectable: no answer");
	report_series_coverage(&m, &sb);
	is_str(sb.buf, SERIES_NOT, "not bisectable: the figures only");
	mail = render_model(&m, report_email);
	ok(contains(mail, "\n" SERIES_NOT "\n"), "email: the figures only");
	ok(contains(mail, "smp: bisectable (4/4 commits pass every stage; 3 of 6 changed lines"
		    " compiled;\n  "), "email: smp's figure, then its odds");
	free(mail);
	m.partial = xstrdup("0,4");
	strbuf_reset(&sb);
	is_int(report_series_coverage(&m, &sb), -1, "partial run: no series line");
	strbuf_release(&sb);
	report_model_free(&m);
}

int main(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	struct report_model m;

	test_not_bisectable(db);
	/* Every stage of up passes: both configurations are bisectable. */
	exec_sql(db, "UPDATE results SET status = 'pass', evidence = NULL WHERE config = 'up'");
	if (report_model_load(&m, db, 0))
		die("cannot load the fixture");
	set_coverage(&m);
	test_words(&m);
	test_html(&m);
	test_json(&m);
	test_email_junit(&m);
	test_kcidb(&m);
	report_model_free(&m);
	sqlite3_close(db);
	remove_tree(fixture_dir);
	return done_testing();
}
