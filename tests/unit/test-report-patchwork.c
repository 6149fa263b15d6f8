// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-patchwork.c - report --format patchwork on the fixture
 * databases: a patch per commit of the series (never the base), a check
 * per configuration with patchwork's four states and a one-line
 * description, msgid from commits.message_id, target_url only with a base
 * for the logs, and a flaky first bad a warning (report-fixture.h's).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "report/report-model.h"
#include "report-fixture.h"
#include "tap.h"

static json_t *patchwork_of(sqlite3 *db)
{
	json_error_t err;
	json_t *root;
	char *text;
	int ret;

	text = render(db, 0, REPORT_PATCHWORK, &ret);
	root = json_loads(text, 0, &err);
	if (ret || !root)
		die("no patchwork document: %s", err.text);
	free(text);
	return root;
}

/* "state" (or another key) of patch position's check of context, or NULL. */
static const char *check_str(json_t *root, int position, const char *context, const char *key)
{
	json_t *patch = json_array_get(json_object_get(root, "patches"), position - 1), *check;
	size_t i;

	json_array_foreach(json_object_get(patch, "checks"), i, check)
		if (!strcmp(json_string_value(json_object_get(check, "context")), context))
			return json_string_value(json_object_get(check, key));
	return NULL;
}

/* Every patch's states for context, "success fail ...". */
static char *states(json_t *root, const char *context)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = json_array_size(json_object_get(root, "patches"));

	for (i = 1; i <= n; i++) {
		const char *s = check_str(root, i, context, "state");

		strbuf_addf(&sb, "%s%s", i > 1 ? " " : "", s ? s : "-");
	}
	return strbuf_detach(&sb, NULL);
}

static int one_line_each(json_t *root)
{
	json_t *patch, *check;
	size_t i, j;

	json_array_foreach(json_object_get(root, "patches"), i, patch)
		json_array_foreach(json_object_get(patch, "checks"), j, check) {
			const char *d = json_string_value(json_object_get(check, "description"));

			if (!d || strpbrk(d, "\r\n"))
				return 0;
		}
	return 1;
}

static void test_up_build_break(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	json_t *root, *patches;
	char *s;

	exec_sql(db, "UPDATE commits SET message_id = '<p2@example.org>' WHERE position = 2");
	root = patchwork_of(db);
	patches = json_object_get(root, "patches");
	is_str(json_string_value(json_object_get(root, "format")), "bisectable-patchwork",
	       "the document says its format");
	is_int(json_array_size(patches), 4, "a patch per commit of the series, not the base");
	is_int(json_array_size(json_object_get(json_array_get(patches, 0), "checks")), 2,
	       "a check per configuration");
	is_str(s = states(root, "bisectable-up"), "success fail success success",
	       "up: the first bad fails, the rest succeed");
	free(s);
	is_str(s = states(root, "bisectable-smp"), "success success success success",
	       "smp: every patch succeeds");
	free(s);
	is_str(json_string_value(json_object_get(json_array_get(patches, 1), "msgid")),
	       "<p2@example.org>", "the patch's Message-ID is its msgid");
	ok(json_is_null(json_object_get(json_array_get(patches, 0), "msgid")),
	   "null for a commit from no mail");
	ok(one_line_each(root), "every description is one line");
	json_decref(root);

	fixture_known_flaky(db);
	root = patchwork_of(db);
	is_str(s = states(root, "bisectable-smp"), "success warning success success",
	       "smp's flaky first bad is a warning");
	free(s);
	is_str(check_str(root, 2, "bisectable-smp", "description"),
	       "first bad: builds, fails its tests: smoke.sleep_futex: woke 3 ms late; failed 2 of 3"
	       " boots (flaky), parent passed 3 of 3; confidence 94%", "with its confidence");
	is_str(check_str(root, 1, "bisectable-up", "state"), "success",
	       "a known failure of the base is no failure");
	json_decref(root);
	sqlite3_close(db);
}

static void test_target_url(void)
{
	sqlite3 *db = fixture_db("tests/browser/make-fixture-db.sql");
	json_t *root;
	char *s;

	root = patchwork_of(db);
	is_str(s = states(root, "bisectable-up"), "success fail fail success",
	       "browser fixture: 2 does not build, 3 still fails at test, 4 succeeds");
	free(s);
	ok(!check_str(root, 2, "bisectable-up", "target_url"), "no target_url without a base");
	is_str(check_str(root, 3, "bisectable-up", "description"),
	       "builds, test timeout (first bad: 2/4): BISECTABLE-TEST-TIMEOUT pipe_rtt",
	       "a later failure names the first bad");
	json_decref(root);
	report_set_log_url_base("https://ci.example.org/r");
	root = patchwork_of(db);
	is_str(check_str(root, 2, "bisectable-up", "target_url"),
	       "https://ci.example.org/r/logs/up-2-build.log", "with one: the failing build's log");
	is_str(check_str(root, 3, "bisectable-up", "target_url"),
	       "https://ci.example.org/r/logs/up-3-console.log", "the timed out test's console");
	json_decref(root);
	report_set_log_url_base(NULL);
	sqlite3_close(db);
}

int main(void)
{
	test_up_build_break();
	test_target_url();
	return done_testing();
}
