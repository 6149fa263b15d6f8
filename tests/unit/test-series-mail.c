// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of series-mail.c: the addresses of a header value (quoted
 * names with commas, duplicates, the author left out, an address with a
 * line break or a control character dropped), the thread a reply goes
 * under, and the "mail" member of runs.options: written, read back, and
 * kept when db_run_set_options() writes a new run configuration.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "input/series-mail.h"
#include "input/series.h"
#include "lib/util.h"
#include "tap.h"

static void test_addresses(void)
{
	struct series_mail sm = { 0 };
	char *a;

	sm.author = xstrdup("A U Thor <a@example.org>");
	series_mail_add_cc(&sm, "M <m@example.org>, \"Doe, Jane\" <jane@example.org>,"
			   " list@example.org, A <A@EXAMPLE.ORG>, m@example.org");
	is_int(sm.ncc, 3, "three addresses: the author and a duplicate left out");
	is_str(sm.ncc > 1 ? sm.cc[1] : NULL, "\"Doe, Jane\" <jane@example.org>",
	       "a quoted name with a comma is one address");
	series_mail_add_cc(&sm, "x@example.org\r\nBcc: evil@example.org, y@example.org\x1b[31m,"
			   " no-at-sign, z@example.org");
	is_int(sm.ncc, 4, "CR LF, ESC and no '@': dropped; z@example.org kept");
	is_str(sm.ncc > 3 ? sm.cc[3] : NULL, "z@example.org", "the clean one");
	a = mail_address_clean("  B <b@example.org>\t", 20);
	is_str(a, "B <b@example.org>", "trimmed");
	free(a);
	ok(!mail_address_clean("B <b@example.org>\xc2\x85", 19), "a C1 control (U+0085) is refused");
	a = mail_address_only("B <b@example.org>");
	is_str(a, "b@example.org", "the address of Name <addr>");
	free(a);
	series_mail_free(&sm);
}

static void test_thread(void)
{
	struct series_mail sm = { 0 };

	series_mail_thread_of(&sm, "<p1@x>", "<v1@x> <cover@x>", 3);
	is_str(sm.thread, "<cover@x>", "patch 1 of 3 replies to the cover letter: the thread");
	is_str(sm.references, "<v1@x>", "the cover letter's own References");
	series_mail_thread_of(&sm, "<p1@x>", "<old@x>", 1);
	is_str(sm.thread, "<p1@x>", "a single patch: the reply is to it");
	is_str(sm.references, "<old@x>", "under its thread");
	series_mail_thread_of(&sm, "<p1@x>", NULL, 3);
	is_str(sm.thread, "<p1@x>", "no cover letter: patch 1");
	ok(!sm.references, "and nothing above it");
	series_mail_thread_of(&sm, NULL, NULL, 3);
	ok(!sm.thread, "no ids: no thread");
	series_mail_free(&sm);
}

static void test_options(void)
{
	struct series_mail sm = { 0 }, back;
	sqlite3 *db;
	char dir[] = "/tmp/bisectable-series-mail.XXXXXX";
	char *options, *stored, *path;
	long long id;
	struct run_info run = { .series = "s", .series_kind = "mbox", .work_dir = "/w",
				.base_version = "6.12", .base_sha = "b", .configs = "up",
				.options = NULL, .started_at = "2026-12-07T00:00:00Z",
				.tool_version = "0", .host = "h" };

	sm.thread = xstrdup("<cover@x>");
	sm.subject = xstrdup("[PATCH 0/2] title");
	sm.author = xstrdup("A <a@example.org>");
	series_mail_add_cc(&sm, "B <b@example.org>");
	sm.change_id = xstrdup("20261207-name-0123456789ab");
	sm.revision = 2;
	options = series_mail_into_options("{\"format\":\"bisectable-run-config\"}", &sm);
	ok(options && strstr(options, "\"mail\":{\"thread\":\"<cover@x>\""),
	   "runs.options gets the member mail");
	is_int(series_mail_from_options(options, &back), 0, "and gives it back");
	is_str(back.thread, "<cover@x>", "its thread");
	is_str(back.subject, "[PATCH 0/2] title", "its subject");
	is_str(back.ncc ? back.cc[0] : NULL, "B <b@example.org>", "its Cc list");
	is_str(back.change_id, "20261207-name-0123456789ab", "a b4 branch's change-id");
	is_int(back.revision, 2, "and revision");
	series_mail_free(&back);
	is_int(series_mail_from_options("{\"format\":\"x\"}", &back), -1, "none: -1");
	is_int(series_mail_from_options("not json", &back), -1, "not JSON: -1");

	/* A new run configuration (derived configurations joined) keeps it. */
	path = mkdtemp(dir) ? xasprintf("%s/test.db", dir) : NULL;
	if (!path) {
		ok(0, "mkdtemp %s", dir);
		return;
	}
	db = db_open(path);
	run.options = options;
	id = db_insert_run(db, &run);
	db_run_set_options(db, id, "up,auto-1", "{\"format\":\"bisectable-run-config\",\"v\":2}");
	stored = NULL;
	{
		sqlite3_stmt *st;

		sqlite3_prepare_v2(db, "SELECT options FROM runs WHERE id = ?", -1, &st, NULL);
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW)
			stored = xstrdup((const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	ok(stored && strstr(stored, "\"v\":2"), "db_run_set_options: the new configuration");
	is_int(series_mail_from_options(stored, &back), 0, "and the series' mail kept");
	is_str(back.thread, "<cover@x>", "the same thread");
	series_mail_free(&back);
	free(stored);
	sqlite3_close(db);
	remove_tree(dir);
	free(path);
	free(options);
	series_mail_free(&sm);
}

int main(void)
{
	test_addresses();
	test_thread();
	test_options();
	return done_testing();
}
