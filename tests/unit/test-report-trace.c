// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-trace.c - the run's timeline (report/report-trace.c) of the
 * fixture tests/unit/up-build-break.sql, given times: a track per
 * configuration, a span per stage that ran, the boot and tests of one QEMU
 * session as one span, the stages of a cell one after the other, a cell
 * from the cache counted and not drawn, and untrusted text kept valid.
 *
 * Run from the top of the tree with BISECTABLE_HOME set to it (make unit).
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
#include "sql-file.h"

/*
 * Commit 1 (position 0 of the fixture) on up: built in 100 s, recorded at
 * 10:01:40; booted and tested in one 20 s session recorded at 10:02:00.
 * Commit 2 on up: its build from the cache, its session 30 s at 10:03:00
 * with a subject that is not UTF-8. smp: one build of 50 s at 10:01:00.
 */
static const char times_sql[] =
	"UPDATE results SET duration = NULL, recorded_at = '2026-12-07T09:00:00Z';"
	"UPDATE results SET duration = 100, recorded_at = '2026-12-07T10:01:40Z'"
	" WHERE commit_id = 1 AND config = 'up' AND stage = 'build';"
	"UPDATE results SET duration = 20, recorded_at = '2026-12-07T10:02:00Z'"
	" WHERE commit_id = 1 AND config = 'up' AND stage IN ('boot', 'test');"
	"UPDATE results SET cached_from = 1, duration = 5, recorded_at = '2026-12-07T10:02:10Z'"
	" WHERE commit_id = 2 AND config = 'up' AND stage = 'build';"
	"UPDATE results SET duration = 30, recorded_at = '2026-12-07T10:03:00Z'"
	" WHERE commit_id = 2 AND config = 'up' AND stage IN ('boot', 'test');"
	"UPDATE commits SET subject = 'bad ' || char(255) || ' byte' WHERE id = 2;"
	"UPDATE results SET duration = 50, recorded_at = '2026-12-07T10:01:00Z'"
	" WHERE commit_id = 1 AND config = 'smp' AND stage = 'build';"
	"UPDATE results SET recorded_at = 'not a time', duration = 7"
	" WHERE commit_id = 3 AND config = 'smp' AND stage = 'build';";

/* The span called name on track tid, or NULL. */
static json_t *span(json_t *events, int tid, const char *prefix)
{
	size_t i;
	json_t *ev;

	json_array_foreach(events, i, ev) {
		const char *name = json_string_value(json_object_get(ev, "name"));

		if (!strcmp(json_string_value(json_object_get(ev, "ph")), "X") &&
		    json_integer_value(json_object_get(ev, "tid")) == tid && name &&
		    !strncmp(name, prefix, strlen(prefix)))
			return ev;
	}
	return NULL;
}

static long long field(json_t *ev, const char *key)
{
	return json_integer_value(json_object_get(ev, key));
}

static void test_trace(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	json_t *root, *events, *other, *b, *s, *s2;
	json_error_t err;
	char *out;
	int ret, tracks = 0;
	size_t i, spans = 0;
	json_t *ev;

	exec_sql(db, times_sql);
	out = render(db, 1, REPORT_TRACE, &ret);
	is_int(ret, 0, "the trace is written");
	root = json_loads(out, 0, &err);
	ok(root != NULL, "it is JSON (%s)", root ? "ok" : err.text);
	events = json_object_get(root, "traceEvents");
	ok(json_is_array(events), "with traceEvents");
	json_array_foreach(events, i, ev) {
		const char *ph = json_string_value(json_object_get(ev, "ph"));

		if (!strcmp(ph, "M") && !strcmp(json_string_value(json_object_get(ev, "name")),
						 "thread_name"))
			tracks++;
		spans += !strcmp(ph, "X");
	}
	is_int(tracks, 2, "a track per configuration");
	is_int(spans, 4, "a span per stage that ran with a time: 2 on up, 1 + 1 on smp");
	b = span(events, 1, "build 0/");
	s = span(events, 1, "boot+test 0/");
	ok(b && s, "up's first commit: its build and its QEMU session");
	ok(!span(events, 1, "boot 0/") && !span(events, 1, "test 0/"),
	   "the boot and the tests of one session are one span");
	if (b && s) {
		is_int(field(s, "dur"), 20000000, "the session's 20 s");
		is_int(field(b, "ts") + field(b, "dur"), field(s, "ts"),
		       "the build ends where the session starts");
		is_int(field(b, "dur"), 100000000, "the build's 100 s");
	}
	ok(!span(events, 1, "build 1/"), "a build from the cache is not drawn");
	s2 = span(events, 1, "boot+test 1/");
	ok(s2 != NULL, "commit 2's session is");
	if (s2)
		ok(json_is_string(json_object_get(json_object_get(s2, "args"), "subject")),
		   "a subject that is not UTF-8 is still a JSON string");
	ok(b && field(b, "ts") == 0, "the first span starts at 0 (up's build, at 10:00:00)");
	ev = span(events, 2, "build 0/");
	ok(ev && field(ev, "ts") == 10000000, "smp's build 10 s later");
	ok(!span(events, 2, "build 2/"), "a time that does not parse is no span");
	other = json_object_get(root, "otherData");
	is_int(json_integer_value(json_object_get(other, "cached_cells")), 1,
	       "the cell from the cache is counted");
	json_decref(root);
	free(out);
	sqlite3_close(db);
}

int main(void)
{
	test_trace();
	return done_testing();
}
