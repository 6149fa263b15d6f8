// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-html.c - the HTML report (report/report-html.c and its
 * metrics and charts) of the fixture run in tests/browser/make-fixture-db.sql:
 * hostile data escaped, the matrix and its first bad cell, the holes, the
 * metrics' deltas, a recorded base, an error of the machine, and the
 * compiler in the header (tests/unit/up-build-break.sql).
 *
 * Run from the top of the tree (it reads db/schema.sql, the fixture SQL and
 * the fixture logs by relative paths), as make unit does.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "lib/escape.h"
#include "report/report.h"
#include "report/report-html-common.h"
#include "report/report-model.h"
#include "report/report-numbers.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

#define SUBJECT_2 "sched/core: Drop <script>alert(1)</script> \"><img src=x onerror=alert(1)>" \
		  " & the UP rq lock"

/* SUBJECT_2 and report-fixture.h's KNOWN_LINE as HTML text: & < > " ' escaped. */
#define SUBJECT_2_HTML "sched/core: Drop &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;" \
		       "&lt;img src=x onerror=alert(1)&gt; &amp; the UP rq lock"
#define KNOWN_LINE_HTML "smoke.affinity: expected CPU N, got &lt;N&gt; &amp; &quot;X&quot;"

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

/* The text from the first start (included) to the next end after it (included). */
static char *slice(const char *text, const char *start, const char *end)
{
	const char *a = text ? strstr(text, start) : NULL, *b;

	if (!a)
		return NULL;
	b = strstr(a + strlen(start), end);
	if (!b)
		return NULL;
	b += strlen(end);
	return strndup(a, b - a);
}

/* The start tag of the element whose attribute text attr is, e.g. <td ... id="x">. */
static char *start_tag_with(const char *html, const char *attr)
{
	const char *p = strstr(html, attr), *a, *b;

	if (!p)
		return NULL;
	for (a = p; a > html && *a != '<'; a--)
		;
	b = strchr(p, '>');
	return b ? strndup(a, b + 1 - a) : NULL;
}

static void test_html_escaping(const char *html)
{
	ok(html && !strncmp(html, "<!DOCTYPE html>", 15), "the HTML report starts with a doctype");
	is_int(occurrences(html, "<script"), 0,
	       "no <script element at all (none of ours, none injected)");
	is_int(occurrences(html, "<img"), 0, "no <img element from the data");
	is_int(occurrences(html, "<svg"),
	       occurrences(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\""),
	       "every <svg is one of our charts (no <svg onload from a warning or test reason)");
	is_int(occurrences(html, "<b>not bold"), 0, "the reproducer's <b> is not markup");
	ok(contains(html, SUBJECT_2_HTML), "the hostile subject appears escaped");
	ok(contains(html, "&lt;script&gt;alert(1)&lt;/script&gt;"),
	   "<script>alert(1)</script> escaped");
	ok(contains(html, "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
	   "\"><img src=x onerror=alert(1)> escaped");
	ok(contains(html, "Mallory &quot;&gt;&lt;img src=x onerror=&quot;"
		    "document.body.setAttribute(&#39;data-pwned&#39;,&#39;1&#39;)&quot;&gt;"),
	   "the hostile author appears escaped");
	ok(contains(html, "&#39;; &lt;b&gt;not bold&lt;/b&gt;"), "the reproducer is escaped");
	ok(clean_utf8((const unsigned char *)html, strlen(html)),
	   "the page is valid UTF-8 without control characters");
	ok(contains(html, "Gr\xef\xbf\xbd" "ce Hopper"), "a non-UTF-8 author byte became U+FFFD");
	ok(contains(html, "Content-Security-Policy"), "a CSP forbids scripts as a second line");
	is_int(occurrences(html, "http://") + occurrences(html, "https://"),
	       occurrences(html, "http://www.w3.org/2000/svg"),
	       "no link to anything but the SVG namespace");
}

static void test_html_matrix(const char *html)
{
	char *tag = start_tag_with(html, "id=\"first-bad-up\"");
	char *row, *cell;

	ok(tag != NULL, "there is a first-bad cell for up");
	ok(contains(tag, "class=\"cell fail first-bad\""), "it is a failed, highlighted cell");
	ok(contains(tag, "data-stage=\"build\"") && contains(tag, "data-position=\"2\""),
	   "it is the build of commit 2");
	free(tag);
	is_int(occurrences(html, "first-bad\""), 1, "exactly one cell is highlighted (smp has none)");
	ok(!contains(html, "first-bad-smp"), "no first-bad cell for smp");

	row = slice(html, "<tr class=\"verdict\" data-config=\"smp\">", "</tr>");
	ok(contains(row, "bisectable") && !contains(row, "first bad"), "smp verdict: bisectable");
	free(row);
	row = slice(html, "<tr class=\"verdict\" data-config=\"up\">", "</tr>");
	ok(contains(row, "first bad") && contains(row, "2/4 <code>2222222222aa</code>") &&
	   contains(row, "href=\"#first-bad-up\""), "up verdict: first bad 2/4 with a link to it");
	ok(contains(row, "build \xe2\x9c\x97 FAIL") &&
	   contains(row, "implicit declaration of function &#39;rq_pin_lock&#39;"),
	   "up verdict: stage and evidence");
	free(row);

	is_int(occurrences(html, "<tr id=\"commit-"), 4, "a matrix row per commit");
	ok(!contains(html, "OLD-RUN-ONLY"), "the latest run is reported, not run 1");
	is_int(occurrences(html, "<td class=\"cell "), 32, "4 commits x 2 configs x 4 stages cells");
	is_int(occurrences(html, "<td class=\"cell pass"), 28, "28 pass cells");
	is_int(occurrences(html, "<td class=\"cell skip"), 2, "2 skip cells");
	is_int(occurrences(html, "<td class=\"cell timeout"), 1, "1 timeout cell");
	is_int(occurrences(html, "\xe2\x9c\x93 pass"), 28 + 1,
	       "pass cells say so in text (and the legend)");
	is_int(occurrences(html, "class=\"tag cached\""), 2, "two cells are tagged cached");
	is_int(occurrences(html, "<details class=\"warn\">"), 1,
	       "one passing build has new warnings (smp at 2)");

	/* the details of the first bad cell */
	cell = slice(html, "id=\"first-bad-up\"", "</td>");
	ok(contains(cell, "<details>") && contains(cell, "class=\"evidence\""),
	   "the failed cell opens to its evidence");
	ok(contains(cell, "<mark>kernel/sched/core.c:4242:9: error: implicit declaration"),
	   "the build log excerpt marks the evidence line");
	ok(contains(cell, "&lt;img src=x onerror=&quot;document.body.setAttribute(&#39;data-pwned"
		    "&#39;,&#39;3&#39;)&quot;&gt;"), "gcc's source quote comes along, escaped");
	ok(contains(cell, "not UTF-8: caf\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd \xef\xbf\xbd( end"),
	   "invalid bytes in the log became U+FFFD");
	ok(!contains(cell, "[01;35m") && !contains(cell, "\x1b"), "terminal colours are stripped");
	ok(!contains(cell, "error-injection.o") && !contains(cell, "lib/errseq.o"),
	   "kbuild progress lines are not taken for errors");
	ok(contains(cell, "make: *** [Makefile:224: __sub-make] Error 2"), "the last error line");
	free(cell);
	cell = slice(html, "id=\"first-bad-up\"", "</ul>");
	ok(cell && contains(strstr(cell, "New warnings"), "unused variable &#39;rf&#39;") &&
	   !contains(strstr(cell, "New warnings"), "update_tg_load_avg"),
	   "new warnings: the one not at commit 1, not the old one");
	free(cell);

	/* the timed out smoke tests of up at 3 */
	cell = slice(html, "data-config=\"up\" data-stage=\"test\" data-position=\"3\"", "</td>");
	ok(contains(cell, "<mark>BISECTABLE-TEST-TIMEOUT pipe_rtt</mark>"),
	   "the console excerpt marks the evidence line");
	ok(contains(cell, "stuck for 41s") && !contains(cell, "stuck for 42s") &&
	   !contains(cell, "SeaBIOS") && !contains(cell, "terminating on signal"),
	   "the console excerpt is the 40 lines around the evidence");
	ok(!contains(cell, "\r"), "CRs of the console are dropped");
	ok(contains(cell, "<code>pipe_rtt</code> timeout: no result in 60 s &lt;svg onload="),
	   "the timed out smoke test with its reason, escaped");
	ok(contains(cell, "<code>fork_exit</code> missing: not started"),
	   "the missing smoke test");
	ok(contains(cell, "1 of 4 tests passed"), "the test count");
	ok(contains(cell, "<code class=\"reproduce\">bisectable step --db db/fixture.db --run 2"
		    " --position 3 --config up --stage test</code>"),
	   "the reproducer in a code block");
	free(cell);
}

/* up's commit 2 does not build, 3 times out at test, 4 passes: a hole 2..3. */
static void test_html_holes(const char *html)
{
	char *list = slice(html, "<ul class=\"holes\">", "</ul>");

	ok(list != NULL, "the verdict section lists the bisection holes");
	is_int(occurrences(list, "<li class=\"hole\""), 1, "one hole (smp has none)");
	ok(contains(list, "<li class=\"hole\" data-config=\"up\" data-from=\"2\" data-to=\"3\">"
		    "<b>up</b>: <span class=\"bad\"><a href=\"#commit-2\" title=\""),
	   "up: 2/4 links to its commit, its subject as title");
	ok(contains(list, ">2/4</a> does not build; <a href=\"#commit-3\" title=\"sched/fair: Fold"
		    " the UP stubs of update_blocked_averages()\">3/4</a> builds, test timeout"
		    " (fixed by <a href=\"#commit-4\" "),
	   "2/4 does not build; 3/4 builds, test timeout (fixed by 4/4), as first-bad says it");
	ok(contains(list, SUBJECT_2_HTML) && !contains(list, "<script"),
	   "the subject in it is escaped");
	free(list);
}

static void test_html_metrics(const char *html)
{
	char *table = slice(html, "<table class=\"metrics\" data-config=\"up\">", "</table>");

	is_int(occurrences(html, "<svg xmlns"), 5, "five charts (text, bzImage, SMP lines, pipe, fork)");
	ok(contains(html, "data-metric=\"text\"") && contains(html, "data-metric=\"pipe_rtt_ns\""),
	   "charts of text size and pipe_rtt_ns");
	ok(contains(html, "<polyline") && contains(html, ">commit position</text>"),
	   "charts have lines and axis labels");
	ok(table != NULL, "a metrics table for up");
	ok(contains(table, "<th>text</th><th>data</th><th>bss</th><th>bzimage_bytes</th>"
		    "<th>warnings</th><th>rebuilt_objects</th><th>sched_smp_lines</th>"
		    "<th>pipe_rtt_ns</th><th>fork_exit_ns</th>"),
	   "the build's figures, the series' declared ones, the guest's; known ones first");
	ok(occurrences(html, "<line class=\"gap\"") >= 1 && contains(html, "><title>no value at "),
	   "charts: a line crosses a gap, dotted and titled");
	ok(contains(html, "<figure class=\"chart\"><figcaption>CONFIG_SMP lines in kernel/sched/"
		    " (sched_smp_lines)</figcaption>"), "charts: the title is a caption that wraps");
	ok(contains(html, "CONFIG_SMP lines in kernel/sched/ (sched_smp_lines)"),
	   "a series metric's chart has the description its metrics file gives");
	ok(contains(table, "14,523,904"), "values with thousands separators");
	ok(contains(table, "\xce\x94" "b -2,816 (-0.019%)"),
	   "delta against the base (the first commit here), signed and in percent");
	ok(contains(table, "<span class=\"delta worse\" title=\"against the parent commit\">"
		    "\xce\x94p +1 (+100.0%)</span>"), "warnings up by one against the parent");
	ok(contains(table, "\xce\x94" "b -139.50 (-2.72%)"),
	   "a fractional pipe_rtt_ns delta (against the base: the parent has no value)");
	free(table);
	table = slice(html, "<table class=\"metrics\" data-config=\"smp\">", "</table>");
	ok(contains(table, "\xce\x94p +512 (+0.003%)"), "smp text grows by 512 at 2");
	free(table);
}

static void test_html_base(sqlite3 *db)
{
	char *html, *table;
	int ret;

	exec_sql(db, "INSERT INTO commits (id, run_id, position, sha, subject, author)"
		 " VALUES (10, 2, 0, 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',"
		 " 'v6.12.118', NULL);"
		 "INSERT INTO metrics (commit_id, config, name, value) VALUES"
		 " (10, 'up', 'text', 14000000), (10, 'smp', 'text', 15000000);");
	html = render(db, 0, REPORT_HTML, &ret);
	is_int(ret, 0, "report with a recorded base");
	table = slice(html, "<table class=\"metrics\" data-config=\"up\">", "</table>");
	ok(contains(table, "\xce\x94" "b +521,088 (+3.72%)"),
	   "deltas are taken against position 0");
	ok(contains(html, "<tr id=\"commit-0\" class=\"base\">"), "the base has its own row");
	free(table);
	free(html);
	exec_sql(db, "DELETE FROM commits WHERE id = 10;");
}

/* With a base for the logs, a cell's log is a link a reader can open. */
static void test_html_log_url(sqlite3 *db)
{
	char *html;
	int ret;

	html = render(db, 0, REPORT_HTML, &ret);
	ok(contains(html, "<p><b>Log</b> <code>") && !contains(html, "<p><b>Log</b> <a "),
	   "without a base, a log is its path");
	free(html);
	report_set_log_url_base("https://ci.example.org/b/");
	html = render(db, 0, REPORT_HTML, &ret);
	ok(contains(html, "<p><b>Log</b> <a href=\"https://ci.example.org/b/logs/"),
	   "with --log-url-base, a link below the base");
	free(html);
	report_set_log_url_base(NULL);
}

/* An error of the machine (smp's test at commit 1) in the HTML report. */
static void test_error_cell(sqlite3 *db)
{
	char *html, *row;
	int ret;

	exec_sql(db, "UPDATE results SET status = 'error', evidence = 'QEMU exited without a"
		 " guest verdict <b>' WHERE id = 163;");
	html = render(db, 0, REPORT_HTML, &ret);
	ok(contains(html, "<td class=\"cell error"), "the HTML cell has the class error");
	row = slice(html, "<tr class=\"verdict\" data-config=\"smp\"", "</tr>");
	ok(contains(row, "incomplete") && contains(row, "guest verdict &lt;b&gt;") &&
	   !contains(row, "bisectable"), "smp's verdict: incomplete, with the error's evidence");
	exec_sql(db, "UPDATE results SET status = 'pass', evidence = NULL WHERE id = 163;");
	free(html);
	free(row);
}

/* The HTML report's header names the compiler of each configuration's builds. */
static void test_html_compiler(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	char *html;
	int ret;

	html = render(db, 0, REPORT_HTML, &ret);
	ok(html && !contains(html, "<th>Compiler</th>"), "html: no .config kept, no compiler row");
	free(html);
	exec_sql(db, "INSERT INTO kconfigs (result_id, dotconfig) SELECT id,"
		 " 'CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14+deb12u1) 12.2.0\"' || char(10)"
		 " FROM results WHERE stage = 'build' AND commit_id = 5");
	html = render(db, 0, REPORT_HTML, &ret);
	ok(contains(html, "<tr><th>Compiler</th><td>gcc (Debian 12.2.0-14+deb12u1) 12.2.0"
		    "</td></tr>\n"), "html: one compiler for both configurations, once");
	free(html);
	exec_sql(db, "UPDATE kconfigs SET dotconfig = 'CONFIG_CC_VERSION_TEXT=\"cc <b>&\"'"
		 " || char(10) WHERE result_id IN (SELECT id FROM results WHERE config = 'up')");
	html = render(db, 0, REPORT_HTML, &ret);
	ok(contains(html, "<tr><th>Compiler</th><td><b>smp</b> gcc (Debian 12.2.0-14+deb12u1)"
		    " 12.2.0<br><b>up</b> cc &lt;b&gt;&amp;</td></tr>\n") ||
	   contains(html, "<tr><th>Compiler</th><td><b>up</b> cc &lt;b&gt;&amp;<br><b>smp</b>"
		    " gcc (Debian 12.2.0-14+deb12u1) 12.2.0</td></tr>\n"),
	   "html: two compilers, by configuration, escaped");
	free(html);
	sqlite3_close(db);
}

/*
 * Coverage grouped by file and folded: one <details> per file with its
 * counts in the summary, the subject never repeated per row.
 */
static void test_html_coverage(void)
{
	struct coverage_line l2[] = {
		{ "kernel/sched/core.c", 10, '+', "SMP=n", 0, NULL },
		{ "kernel/sched/core.c", 11, '+', "SMP=n", 0, NULL },
		{ "kernel/<b>.c", 5, '-', "X=y", 1, NULL },
	};
	struct coverage_line l3[] = { { "kernel/sched/core.c", 40, '+', "RT=y", 0, NULL } };
	size_t by[1] = { 3 };
	struct coverage_commit cc[2] = {
		{ .position = 2, .sha = "0123456789abcdef", .subject = "a subject",
		  .missed = l2, .nmissed = 3 },
		{ .position = 3, .sha = "fedcba9876543210", .subject = "a subject",
		  .missed = l3, .nmissed = 1 },
	};
	char *cfgs[] = { "up" };
	struct report_model m = { 0 };
	struct report_out r = { .m = &m, .buf = STRBUF_INIT };

	m.last_position = 4;
	m.coverage = (struct coverage){ .configs = cfgs, .nconfigs = 1, .commits = cc,
		.ncommits = 2, .commits_total = 4, .changed = 7, .compiled = 3, .never = 3,
		.undecided = 1, .compiled_by = by, .recorded = 1 };
	html_coverage(&r);
	is_int(occurrences(r.buf.buf, "<details class=\"cov-file\">"), 2,
	       "coverage: one folded <details> per file");
	ok(contains(r.buf.buf, "<summary><code>kernel/sched/core.c</code>: 3 lines never"
		    " compiled</summary>"), "coverage: a file's totals in its summary");
	ok(contains(r.buf.buf, "<summary><code>kernel/&lt;b&gt;.c</code>: 0 lines never"
		    " compiled, 1 undecided</summary>"), "coverage: undecided counted, path escaped");
	ok(contains(r.buf.buf, "<td>+10 +11</td>") && contains(r.buf.buf, "<td>+40</td>"),
	   "coverage: a row per commit and guard with its lines");
	is_int(occurrences(r.buf.buf, "a subject"), 0, "coverage: no subject repeated on the rows");
	ok(contains(r.buf.buf, "3 never compiled, 1 undecided"), "coverage: totals visible");
	strbuf_release(&r.buf);
}

/* One format per unit: a metric's decimals are its own, whatever the value. */
static void test_number_format(void)
{
	double values[2] = { 3472.5, 3729 };
	unsigned char has[2] = { 1, 1 };
	struct commit commits[2] = { { .values = &values[0], .has_value = &has[0] },
				     { .values = &values[1], .has_value = &has[1] } };
	struct report_model m = { .commits = commits, .ncommits = 2, .nconfigs = 1,
				  .nmetrics = 1 };
	char a[48], b[48], d[48];
	int dec = report_metric_decimals(&m, 0);

	fmt_metric(a, sizeof(a), values[0], dec, 0);
	fmt_metric(b, sizeof(b), values[1], dec, 0);
	fmt_metric(d, sizeof(d), values[1] - values[0], dec, 1);
	ok(dec == 2 && !strcmp(a, "3,472.50") && !strcmp(b, "3,729.00") &&
	   !strcmp(d, "+256.50"), "format: one metric, one format (%s -> %s, %s)", a, b, d);
	values[0] = 152087;
	fmt_metric(a, sizeof(a), 152394.8, 2, 0);
	fmt_metric(b, sizeof(b), -0.004, 2, 1);
	fmt_metric(d, sizeof(d), -1234567, 0, 1);
	ok(report_metric_decimals(&m, 0) == 0 && !strcmp(a, "152,394.80") &&
	   !strcmp(b, "0.00") && !strcmp(d, "-1,234,567"),
	   "format: separators with decimals, no sign on zero (%s, %s, %s)", a, b, d);
	fmt_pct(a, sizeof(a), 15.52);
	fmt_pct(b, sizeof(b), 2.041);
	fmt_pct(d, sizeof(d), -0.0031);
	ok(!strcmp(a, "+15.5%") && !strcmp(b, "+2.04%") && !strcmp(d, "-0.003%"),
	   "format: percent (%s, %s, %s)", a, b, d);
}

/* The run's options: a table of what differs from the defaults, no JSON. */
static void test_html_options(const char *html)
{
	char *header = slice(html, "<header>", "</header>");

	ok(header && contains(header, "<table id=\"options\">") &&
	   contains(header, "<tr><th>Suites</th><td>smoke</td></tr>") &&
	   contains(header, "<tr><th>ccache</th><td>yes</td></tr>") &&
	   !contains(header, "&quot;format&quot;") && !contains(header, "Accelerator"),
	   "options: a table of the non-default ones, no raw JSON");
	ok(strstr(html, "id=\"matrix\"") && strstr(html, "id=\"performance\"") &&
	   strstr(html, "id=\"matrix\"") < strstr(html, "id=\"performance\"") &&
	   strstr(html, "id=\"verdicts\"") < strstr(html, "id=\"matrix\""),
	   "order: verdict, then matrix, then the rest");
	free(header);
}

/*
 * Known failures and a flaky first bad (report-fixture.h): the verdict's
 * boots and confidence, the known failures under the verdicts with the
 * commit that fixed them, and the matrix cells' boots and markers.
 */
static void test_html_known_flaky(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	char *html, *row, *list, *cell;
	int ret;

	fixture_known_flaky(db);
	html = render(db, 0, REPORT_HTML, &ret);
	is_int(ret, 0, "html: the run with known failures and a flaky test");
	row = slice(html, "<tr class=\"verdict\" data-config=\"smp\">", "</tr>");
	ok(contains(row, "first bad") && contains(row, "failed 2 of 3 boots (flaky),"
		    " parent passed 3 of 3; confidence 94%"),
	   "smp: first bad, failed 2 of 3 boots (flaky), its confidence");
	free(row);
	row = slice(html, "<tr class=\"verdict\" data-config=\"up\">", "</tr>");
	ok(contains(row, "first bad") && !contains(row, "confidence"),
	   "up: a build failure repeats, no confidence figure");
	free(row);
	list = slice(html, "<h3>Known failures (at the base, not counted)</h3>", "</ul>");
	ok(contains(list, "<li class=\"known\" data-config=\"up\"><b>up</b>: <code>") &&
	   contains(list, KNOWN_LINE_HTML), "the known failure of up, escaped");
	ok(contains(list, "fixed by <a href=\"#commit-4\" ") && contains(list, ">4/4</a>"),
	   "with the commit that no longer meets it");
	ok(!contains(list, "data-config=\"smp\""), "smp has none");
	free(list);
	cell = slice(html, "data-config=\"smp\" data-stage=\"test\" data-position=\"2\"", "</td>");
	ok(contains(cell, "<span class=\"tag boots\" title=\"failed 2 of 3 boots\">2/3</span>") &&
	   contains(cell, "<span class=\"tag flaky\" title=\"some of its boots failed, the"
		    " others passed\">flaky</span>"),
	   "the flaky cell: 2/3 boots failed, marked flaky");
	ok(contains(cell, "<code>smoke.sleep_futex</code> fail (2 of 3 runs): woke 3 ms late"),
	   "its test failed in 2 of its 3 runs");
	free(cell);
	cell = slice(html, "data-config=\"smp\" data-stage=\"test\" data-position=\"1\"", "</td>");
	ok(contains(cell, ">0/3</span>") && !contains(cell, "flaky"),
	   "its parent: 0/3 boots failed, not flaky");
	free(cell);
	cell = slice(html, "data-config=\"up\" data-stage=\"test\" data-position=\"0\"", "</td>");
	ok(contains(cell, "<details><summary>\xe2\x9c\x93 pass<span class=\"tag known\" title=\""
		    "known failures met, not counted: ") && contains(cell, KNOWN_LINE_HTML),
	   "the base's test passes, marked known, the line in the title, escaped");
	ok(contains(cell, "<code>smoke.affinity</code> fail <span class=\"tag known\">known</span>"),
	   "its smoke.affinity failure is marked known");
	free(cell);
	ok(contains(html, "<span class=\"tag\">known</span>: it met failures its base has too"),
	   "the matrix's legend says what the markers mean");
	is_int(occurrences(html, "got <N>"), 0, "nothing of the known line is markup");
	free(html);
	sqlite3_close(db);
}

int main(void)
{
	sqlite3 *db;
	char *html;
	int ret;

	test_html_compiler();
	test_html_coverage();
	test_number_format();
	test_html_known_flaky();
	db = fixture_db("tests/browser/make-fixture-db.sql");

	html = render(db, 0, REPORT_HTML, &ret);
	is_int(ret, 0, "report_write html of the latest run");
	test_html_escaping(html ? html : "");
	test_html_matrix(html ? html : "");
	test_html_holes(html ? html : "");
	test_html_metrics(html ? html : "");
	test_html_options(html ? html : "");
	ok(!contains(html, "<span class=\"tag\">known</span>: it met"),
	   "no word of them in the legend of a run without any");
	free(html);
	test_html_base(db);
	test_html_log_url(db);
	test_error_cell(db);

	sqlite3_close(db);
	remove_tree(fixture_dir);
	return done_testing();
}
