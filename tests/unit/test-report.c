// SPDX-License-Identifier: GPL-2.0
/*
 * test-report.c - the report writers' table (report/report.c): the format
 * names and file extensions, and which run report_write reports, on the
 * fixture run in tests/browser/make-fixture-db.sql.
 *
 * Run from the top of the tree (it reads db/schema.sql, the fixture SQL and
 * the fixture logs by relative paths), as make unit does.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "report/report.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

static void test_formats(void)
{
	enum report_format fmt = REPORT_HTML;

	ok(report_parse_format("json", &fmt) == 0 && fmt == REPORT_JSON, "format json");
	ok(report_parse_format("junit", &fmt) == 0 && fmt == REPORT_JUNIT, "format junit");
	ok(report_parse_format("html", &fmt) == 0 && fmt == REPORT_HTML, "format html");
	is_int(report_parse_format("pdf", &fmt), -1, "format pdf is refused");
	is_str(report_format_ext(REPORT_JUNIT), "xml", "junit files end in .xml");
}

/* Which run report_write reports: the latest, the one asked for, none. */
static void test_runs(sqlite3 *db)
{
	char *html, *old;
	int ret;

	html = render(db, 0, REPORT_HTML, &ret);
	ok(ret == 0 && !contains(html, "OLD-RUN-ONLY"), "run 0 is the latest run");
	free(html);
	old = render(db, 1, REPORT_HTML, &ret);
	ok(ret == 0 && contains(old, "OLD-RUN-ONLY") && contains(old, "\xe2\x9c\x93 bisectable"),
	   "--run 1 reports the older run, bisectable for up");
	ok(contains(old, "No metrics were recorded"), "a run without metrics says so");
	free(old);
	old = render(db, 99, REPORT_HTML, &ret);
	is_int(ret, -1, "a run that does not exist is an error");
	free(old);
}

int main(void)
{
	sqlite3 *db;

	test_formats();
	db = memory_db("tests/browser/make-fixture-db.sql");
	test_runs(db);

	sqlite3_close(db);
	return done_testing();
}
