// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-kcidb.c - the KCIDB report (report/report-kcidb.c) of two
 * fixture databases: tests/unit/up-build-break.sql and
 * tests/browser/make-fixture-db.sql. Every object against the v5 schema's
 * required properties and types (the table below, from kcidb-io's
 * kcidb_io/schema/v05_00.py), the status mapping, the references between
 * objects and the metrics' numbers.
 *
 * Run from the top of the tree with BISECTABLE_HOME set to it (make unit).
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "report/report.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

/* KCIDB */

enum ktype { K_STR, K_NUM, K_BOOL, K_ARR, K_OBJ };
/* Properties of the v5 schema's objects that bisectable may write, their types. */
static const struct kfield {
	const char *object;
	const char *name;
	enum ktype type;
	int required;
	const char *pattern;	/* POSIX ERE of the schema's pattern, or NULL */
} kcidb_fields[] = {
	{ "checkout", "id", K_STR, 1, "^[a-z0-9_]+:" },
	{ "checkout", "origin", K_STR, 1, "^[a-z0-9_]+$" },
	{ "checkout", "tree_name", K_STR, 0, NULL },
	{ "checkout", "git_repository_url", K_STR, 0, "^https://" },
	{ "checkout", "git_commit_hash", K_STR, 0, "^[0-9a-f]{40}$" },
	{ "checkout", "git_commit_name", K_STR, 0, NULL },
	{ "checkout", "git_commit_tags", K_ARR, 0, NULL },
	{ "checkout", "git_commit_message", K_STR, 0, NULL },
	{ "checkout", "git_repository_branch", K_STR, 0, NULL },
	{ "checkout", "git_repository_branch_tip", K_BOOL, 0, NULL },
	{ "checkout", "patchset_files", K_ARR, 0, NULL },
	{ "checkout", "patchset_hash", K_STR, 0, "^$|^[0-9a-f]{64}$" },
	{ "checkout", "message_id", K_STR, 0, "^[^<> ]+@[^<> ]+$" },	/* format: email */
	{ "checkout", "comment", K_STR, 0, NULL },
	{ "checkout", "start_time", K_STR, 0, "^[0-9]{4}-[0-9]{2}-[0-9]{2}T" },
	{ "checkout", "log_url", K_STR, 0, "^[a-z]+:" },
	{ "checkout", "log_excerpt", K_STR, 0, NULL },
	{ "checkout", "valid", K_BOOL, 0, NULL },
	{ "checkout", "misc", K_OBJ, 0, NULL },
	{ "build", "checkout_id", K_STR, 1, "^[a-z0-9_]+:" },
	{ "build", "id", K_STR, 1, "^[a-z0-9_]+:" },
	{ "build", "origin", K_STR, 1, "^[a-z0-9_]+$" },
	{ "build", "comment", K_STR, 0, NULL },
	{ "build", "start_time", K_STR, 0, "^[0-9]{4}-[0-9]{2}-[0-9]{2}T" },
	{ "build", "duration", K_NUM, 0, NULL },
	{ "build", "architecture", K_STR, 0, "^[a-z0-9_]*$" },
	{ "build", "command", K_STR, 0, NULL },
	{ "build", "compiler", K_STR, 0, NULL },
	{ "build", "input_files", K_ARR, 0, NULL },
	{ "build", "output_files", K_ARR, 0, NULL },
	{ "build", "config_name", K_STR, 0, NULL },
	{ "build", "config_url", K_STR, 0, "^[a-z]+:" },
	{ "build", "log_url", K_STR, 0, "^[a-z]+:" },
	{ "build", "log_excerpt", K_STR, 0, NULL },
	{ "build", "status", K_STR, 0, "^(FAIL|ERROR|MISS|PASS|DONE|SKIP)$" },
	{ "build", "misc", K_OBJ, 0, NULL },
	{ "test", "build_id", K_STR, 1, "^[a-z0-9_]+:" },
	{ "test", "id", K_STR, 1, "^[a-z0-9_]+:" },
	{ "test", "origin", K_STR, 1, "^[a-z0-9_]+$" },
	{ "test", "environment", K_OBJ, 0, NULL },
	{ "test", "path", K_STR, 0, "^([a-zA-Z0-9_-]+([.][a-zA-Z0-9_-]+)*)?$" },
	{ "test", "comment", K_STR, 0, NULL },
	{ "test", "log_url", K_STR, 0, "^[a-z]+:" },
	{ "test", "log_excerpt", K_STR, 0, NULL },
	{ "test", "status", K_STR, 0, "^(FAIL|ERROR|MISS|PASS|DONE|SKIP)$" },
	{ "test", "number", K_OBJ, 0, NULL },
	{ "test", "start_time", K_STR, 0, "^[0-9]{4}-[0-9]{2}-[0-9]{2}T" },
	{ "test", "duration", K_NUM, 0, NULL },
	{ "test", "output_files", K_ARR, 0, NULL },
	{ "test", "misc", K_OBJ, 0, NULL },
	{ "number", "value", K_NUM, 1, NULL },
	{ "number", "unit", K_STR, 0, NULL },
	{ "number", "prefix", K_STR, 0, "^(metric|binary)$" },
	{ "resource", "name", K_STR, 1, "^[^/]+$" },
	{ "resource", "url", K_STR, 1, "^[a-z]+:" },
};

#define EXCERPT_MAX	16384	/* maxLength of every log_excerpt, in characters */

static int type_is(json_t *v, enum ktype t)
{
	switch (t) {
	case K_STR: return json_is_string(v);
	case K_NUM: return json_is_number(v);
	case K_BOOL: return json_is_boolean(v);
	case K_ARR: return json_is_array(v);
	default: return json_is_object(v);
	}
}

static int matches(const char *pattern, const char *s)
{
	regex_t re;
	int m;

	if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		die("bad pattern %s", pattern);
	m = !regexec(&re, s, 0, NULL, 0);
	regfree(&re);
	return m;
}

static size_t utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Problems of one object of a kind, appended to why; the number of them. */
static int check_object(const char *kind, json_t *obj, struct strbuf *why)
{
	const char *key;
	json_t *v;
	size_t i;
	int bad = 0;

	if (!json_is_object(obj)) {
		strbuf_addf(why, " %s: not an object;", kind);
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(kcidb_fields); i++) {
		const struct kfield *f = &kcidb_fields[i];

		if (strcmp(f->object, kind))
			continue;
		v = json_object_get(obj, f->name);
		if (!v) {
			if (f->required)
				bad++, strbuf_addf(why, " %s.%s missing;", kind, f->name);
			continue;
		}
		if (!type_is(v, f->type)) {
			bad++, strbuf_addf(why, " %s.%s of the wrong type;", kind, f->name);
			continue;
		}
		if (f->pattern && json_is_string(v) && !matches(f->pattern, json_string_value(v)))
			bad++, strbuf_addf(why, " %s.%s '%s' does not match %s;", kind, f->name,
					   json_string_value(v), f->pattern);
		if (!strcmp(f->name, "log_excerpt") && utf8_chars(json_string_value(v)) > EXCERPT_MAX)
			bad++, strbuf_addf(why, " %s.log_excerpt too long;", kind);
	}
	/* additionalProperties: false, and no property is null */
	json_object_foreach(obj, key, v) {
		for (i = 0; i < ARRAY_SIZE(kcidb_fields); i++)
			if (!strcmp(kcidb_fields[i].object, kind) && !strcmp(kcidb_fields[i].name, key))
				break;
		if (i == ARRAY_SIZE(kcidb_fields))
			bad++, strbuf_addf(why, " %s.%s is not in the schema;", kind, key);
		if (json_is_null(v))
			bad++, strbuf_addf(why, " %s.%s is null;", kind, key);
	}
	if (!strcmp(kind, "test") && (v = json_object_get(obj, "number")))
		bad += check_object("number", v, why);
	if (!strcmp(kind, "checkout") && (v = json_object_get(obj, "patchset_files")))
		for (i = 0; i < json_array_size(v); i++)
			bad += check_object("resource", json_array_get(v, i), why);
	return bad;
}

/* Every object of the list against the table; ids unique; parents exist. */
static void check_list(json_t *root, const char *list, const char *kind, const char *parent_list,
		       const char *parent_key)
{
	json_t *arr = json_object_get(root, list), *parents = json_object_get(root, parent_list);
	struct strbuf why = STRBUF_INIT;
	size_t i, j;
	int bad = 0, dup = 0, orphans = 0;

	ok(json_is_array(arr) && json_array_size(arr) > 0, "kcidb: %s is a non-empty array", list);
	for (i = 0; i < json_array_size(arr); i++) {
		json_t *o = json_array_get(arr, i);
		const char *id = json_string_value(json_object_get(o, "id"));
		int found = !parent_key;

		bad += check_object(kind, o, &why);
		for (j = 0; j < i && id; j++)
			dup += !strcmp(id, json_string_value(json_object_get(json_array_get(arr, j),
									 "id")) ?: "");
		for (j = 0; parent_key && j < json_array_size(parents); j++)
			found |= !strcmp(json_string_value(json_object_get(o, parent_key)) ?: "",
					 json_string_value(json_object_get(
						json_array_get(parents, j), "id")) ?: "");
		orphans += !found;
	}
	ok(!bad, "kcidb: every one of %s has the schema's required properties and types", list);
	if (bad)
		diag("%.2000s", why.buf);
	is_int(dup, 0, "kcidb: the ids of %s are unique", list);
	if (parent_key)
		is_int(orphans, 0, "kcidb: every %s's %s is one of %s", kind, parent_key, parent_list);
	strbuf_release(&why);
}

static json_t *find_by_id(json_t *root, const char *list, const char *suffix)
{
	json_t *arr = json_object_get(root, list);
	size_t i, n = strlen(suffix);

	for (i = 0; i < json_array_size(arr); i++) {
		const char *id = json_string_value(json_object_get(json_array_get(arr, i), "id"));
		size_t len = id ? strlen(id) : 0;

		if (len >= n && !strcmp(id + len - n, suffix))
			return json_array_get(arr, i);
	}
	return NULL;
}

static const char *str_at(json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

static json_t *kcidb_of(sqlite3 *db, long long run)
{
	json_error_t err;
	char *text;
	json_t *root;
	int ret;

	text = render(db, run, REPORT_KCIDB, &ret);
	is_int(ret, 0, "kcidb: report_write");
	root = json_loads(text ? text : "", 0, &err);
	ok(root != NULL, "kcidb: the output parses (%s)", root ? "ok" : err.text);
	free(text);
	return root ? root : json_object();
}

static void check_version(json_t *root)
{
	json_t *v = json_object_get(root, "version"), *minor = json_object_get(v, "minor");

	ok(json_integer_value(json_object_get(v, "major")) == 5 &&
	   (!minor || (json_is_integer(minor) && json_integer_value(minor) >= 0 &&
		       json_integer_value(minor) <= 3)), "kcidb: version 5.0 to 5.3");
	is_int(json_object_size(root), 4, "kcidb: version, checkouts, builds, tests and nothing else");
}

static void test_kcidb_browser_fixture(void)
{
	sqlite3 *db = memory_db("tests/browser/make-fixture-db.sql");
	json_t *root, *o;

	root = kcidb_of(db, 0);
	check_version(root);
	check_list(root, "checkouts", "checkout", NULL, NULL);
	check_list(root, "builds", "build", "checkouts", "checkout_id");
	check_list(root, "tests", "test", "builds", "build_id");
	is_int(json_array_size(json_object_get(root, "checkouts")), 4, "kcidb: a checkout per commit");
	is_int(json_array_size(json_object_get(root, "builds")), 8,
	       "kcidb: a build per commit x configuration");
	o = find_by_id(root, "checkouts", ":2");
	is_int(json_array_size(json_object_get(o, "patchset_files")), 0,
	       "kcidb: relative patch paths are no URLs: no patchset_files");
	is_str(str_at(o, "git_commit_hash"), "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
	       "kcidb: the checkout's commit is the base");
	o = find_by_id(root, "builds", ":2:up");
	is_str(str_at(o, "status"), "FAIL", "kcidb: up's build at 2 is FAIL");
	is_str(str_at(o, "config_name"), "up", "kcidb: config_name");
	ok(contains(str_at(o, "log_excerpt"), "error: implicit declaration of function 'rq_pin_lock'"),
	   "kcidb: the build's log excerpt");
	ok(!str_at(o, "log_url"), "kcidb: a relative log path of a database in memory: no URL");
	is_str(str_at(find_by_id(root, "tests", ":2:up:boot"), "status"), "SKIP",
	       "kcidb: a skipped boot is SKIP");
	is_str(str_at(find_by_id(root, "tests", ":3:up:pipe_rtt"), "status"), "FAIL",
	       "kcidb: a timed out test is FAIL");
	is_str(str_at(find_by_id(root, "tests", ":3:up:fork_exit"), "status"), "MISS",
	       "kcidb: a test that never reported is MISS");
	is_str(str_at(find_by_id(root, "tests", ":1:up:boot"), "status"), "PASS", "kcidb: PASS");
	o = find_by_id(root, "tests", ":1:up:metrics.text");
	ok(o && !strcmp(str_at(o, "status") ?: "", "DONE") &&
	   json_number_value(json_object_get(json_object_get(o, "number"), "value")) == 14523904 &&
	   !strcmp(str_at(json_object_get(o, "number"), "unit") ?: "", "B"),
	   "kcidb: a metric is a DONE test with its number and unit");
	json_decref(root);

	exec_sql(db, "UPDATE results SET status = 'error', log_path = '/var/log/a b#%.log'"
		 " WHERE id = 163;");
	root = kcidb_of(db, 0);
	check_list(root, "tests", "test", "builds", "build_id");
	o = find_by_id(root, "tests", ":1:smp:test");
	ok(o && !strcmp(str_at(o, "status") ?: "", "ERROR"),
	   "kcidb: a test stage that was an error of the machine is ERROR");
	ok(!str_at(o, "log_url"), "kcidb: a log outside the database's logs/: no file:// URL");
	json_decref(root);
	sqlite3_close(db);
}

static void test_kcidb_up_build_break(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	json_t *root, *o;

	exec_sql(db, "UPDATE commits SET message_id = '<20261101.2@example.org>' WHERE position = 2;"
		 "UPDATE results SET status = 'error', evidence = 'QEMU died' WHERE config = 'smp'"
		 " AND stage = 'boot' AND commit_id = 4;");
	root = kcidb_of(db, 0);
	check_version(root);
	check_list(root, "checkouts", "checkout", NULL, NULL);
	check_list(root, "builds", "build", "checkouts", "checkout_id");
	check_list(root, "tests", "test", "builds", "build_id");
	is_int(json_array_size(json_object_get(root, "checkouts")), 5,
	       "kcidb: the base and the 4 commits");
	o = find_by_id(root, "checkouts", ":0");
	is_str(str_at(o, "patchset_hash"), "", "kcidb: the base has an empty patchset");
	o = find_by_id(root, "checkouts", ":2");
	is_str(str_at(o, "message_id"), "20261101.2@example.org",
	       "kcidb: message_id is the patch mail's, without brackets");
	ok(json_is_true(json_object_get(o, "valid")), "kcidb: it applied: valid");
	is_str(str_at(find_by_id(root, "builds", ":2:up"), "status"), "FAIL",
	       "kcidb: up does not build at 2");
	ok(contains(str_at(find_by_id(root, "builds", ":2:up"), "log_excerpt"),
		    "'struct rq' has no member named 'ttwu_pending'"),
	   "kcidb: without a log, the excerpt is the evidence");
	is_str(str_at(find_by_id(root, "tests", ":3:smp:boot"), "status"), "ERROR",
	       "kcidb: an error of the machine is ERROR");
	is_str(str_at(find_by_id(root, "builds", ":3:up"), "status"), "PASS",
	       "kcidb: up builds again at 3");
	is_str(str_at(find_by_id(root, "builds", ":3:up"), "compiler"), "gcc",
	       "kcidb: no .config kept: the compiler is only gcc");
	json_decref(root);
	exec_sql(db, "INSERT INTO kconfigs (result_id, dotconfig) SELECT id,"
		 " 'CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14+deb12u1) 12.2.0\"' || char(10)"
		 " || 'CONFIG_X86_32=y' || char(10)"
		 " FROM results WHERE config = 'smp' AND stage = 'build' AND commit_id = 5");
	root = kcidb_of(db, 0);
	is_str(str_at(find_by_id(root, "builds", ":3:smp"), "compiler"),
	       "gcc (Debian 12.2.0-14+deb12u1) 12.2.0", "kcidb: the compiler of smp's .config");
	is_str(str_at(find_by_id(root, "builds", ":3:smp"), "architecture"), "i386",
	       "kcidb: a 32-bit .config is an i386 build");
	is_str(str_at(find_by_id(root, "builds", ":3:up"), "architecture"), "x86_64",
	       "kcidb: up's is x86_64");
	json_decref(root);
	sqlite3_close(db);
}

/* How many objects of list have a log_url. */
static size_t log_urls(json_t *root, const char *list)
{
	json_t *arr = json_object_get(root, list);
	size_t i, n = 0;

	for (i = 0; i < json_array_size(arr); i++)
		n += str_at(json_array_get(arr, i), "log_url") != NULL;
	return n;
}

/* A database in a directory with its logs/: log_url only with a base. */
static void test_kcidb_log_url(void)
{
	char dir[] = "/tmp/test-report-kcidb-XXXXXX", *path;
	struct strbuf log = STRBUF_INIT;
	json_t *root;
	sqlite3 *db;

	if (!mkdtemp(dir))
		die("mkdtemp");
	path = xasprintf("%s/logs", dir);
	mkdir_p(path);
	free(path);
	if (strbuf_read_file(&log, "tests/browser/fixture/up-2-build.log") < 0)
		die("cannot read up-2-build.log");
	path = xasprintf("%s/logs/up 2#%%.log", dir);
	write_file(path, log.buf, log.len);
	free(path);
	path = xasprintf("%s/t.db", dir);
	if (sqlite3_open(path, &db) != SQLITE_OK)
		die("cannot open %s", path);
	exec_file(db, "db/schema.sql");
	exec_file(db, "tests/browser/make-fixture-db.sql");
	exec_sql(db, "UPDATE results SET log_path = 'logs/up 2#%.log'"
		 " WHERE log_path LIKE '%up-2-build.log'");

	root = kcidb_of(db, 0);
	is_int(log_urls(root, "builds") + log_urls(root, "tests"), 0,
	       "kcidb: no base for the logs: no log_url (no file:// URL)");
	json_decref(root);

	report_set_log_url_base("https://ci.example.org/bisectable/");
	root = kcidb_of(db, 0);
	check_list(root, "builds", "build", "checkouts", "checkout_id");
	is_str(str_at(find_by_id(root, "builds", ":2:up"), "log_url"),
	       "https://ci.example.org/bisectable/logs/up%202%23%25.log",
	       "kcidb: log_url is the base and the log's path below the database, percent-encoded");
	is_int(log_urls(root, "builds") + log_urls(root, "tests"), 1,
	       "kcidb: a log that is not in logs/ (or not there) has none");
	json_decref(root);
	report_set_log_url_base(NULL);

	sqlite3_close(db);
	unlink(path);
	free(path);
	path = xasprintf("%s/logs/up 2#%%.log", dir);
	unlink(path);
	free(path);
	path = xasprintf("%s/logs", dir);
	rmdir(path);
	free(path);
	rmdir(dir);
	strbuf_release(&log);
}

static json_t *misc_of(json_t *root, const char *list, const char *suffix, const char *key)
{
	return json_object_get(json_object_get(find_by_id(root, list, suffix), "misc"), key);
}

/*
 * Known failures and a flaky first bad (report-fixture.h): a test that
 * fails the known way is FAIL with misc.known (its stage passes and lists
 * it), the flaky ones carry their boots, the first bad its confidence;
 * everything still within the schema.
 */
static void test_kcidb_known_flaky(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	json_t *root, *o;

	fixture_known_flaky(db);
	root = kcidb_of(db, 0);
	check_list(root, "builds", "build", "checkouts", "checkout_id");
	check_list(root, "tests", "test", "builds", "build_id");
	o = find_by_id(root, "tests", ":0:up:smoke.affinity");
	ok(o && !strcmp(str_at(o, "status") ?: "", "FAIL") &&
	   json_is_true(misc_of(root, "tests", ":0:up:smoke.affinity", "known")),
	   "kcidb: a known failure's test is FAIL with misc.known");
	ok(!json_object_get(find_by_id(root, "tests", ":4:up:smoke.affinity"), "misc"),
	   "kcidb: the test passing again has no misc");
	o = find_by_id(root, "tests", ":0:up:test");
	ok(o && !strcmp(str_at(o, "status") ?: "", "PASS") &&
	   !strcmp(json_string_value(json_array_get(misc_of(root, "tests", ":0:up:test",
								"known_failures"), 0)) ?: "",
		   KNOWN_LINE), "kcidb: its test stage is PASS, the known failure in its misc");
	o = json_object_get(find_by_id(root, "tests", ":2:smp:test"), "misc");
	ok(json_is_true(json_object_get(o, "flaky")) &&
	   json_integer_value(json_object_get(o, "tries")) == 3 &&
	   json_integer_value(json_object_get(o, "failed_tries")) == 2 &&
	   !strcmp(json_string_value(json_object_get(o, "confirmed")) ?: "", "flaky"),
	   "kcidb: smp's flaky test stage: tries 3, failed_tries 2, confirmed flaky");
	ok(json_number_value(json_object_get(o, "confidence")) > 0.935 &&
	   json_number_value(json_object_get(o, "confidence")) < 0.937,
	   "kcidb: the first bad's misc carries its confidence");
	o = json_object_get(find_by_id(root, "tests", ":1:smp:test"), "misc");
	ok(json_is_false(json_object_get(o, "flaky")) &&
	   json_integer_value(json_object_get(o, "failed_tries")) == 0 &&
	   !json_object_get(o, "confidence"), "kcidb: its parent: 0 of 3, not flaky");
	o = json_object_get(find_by_id(root, "tests", ":2:smp:smoke.sleep_futex"), "misc");
	ok(json_is_true(json_object_get(o, "flaky")) &&
	   json_integer_value(json_object_get(o, "tries")) == 3 &&
	   json_integer_value(json_object_get(o, "failed_tries")) == 2,
	   "kcidb: the flaky test itself: failed 2 of its 3 runs");
	ok(json_number_value(misc_of(root, "builds", ":2:up", "confidence")) == 1 &&
	   !misc_of(root, "builds", ":2:smp", "confidence"),
	   "kcidb: up's first bad build has confidence 1, smp's build none");
	json_decref(root);
	sqlite3_close(db);
}

/*
 * The test "codediff" per build with a classification (report-fixture.h's
 * codeprints on smp): none before there are codeprints, none for the base
 * or up (no codeprint); 2/4 claims no change and changed: FAIL, the
 * finding in its log_excerpt; 3/4 changed with no claim, 1/4 identical
 * with a claim, 4/4 code identical with a claim: PASS; all within the
 * schema, the hostile subject sanitized.
 */
static void test_kcidb_codediff(void)
{
	sqlite3 *db = memory_db("tests/unit/up-build-break.sql");
	json_t *root, *o, *misc;

	root = kcidb_of(db, 0);
	ok(!find_by_id(root, "tests", ":2:smp:codediff"), "kcidb: no codeprint: no codediff test");
	json_decref(root);
	fixture_codeprints(db);
	root = kcidb_of(db, 0);
	check_list(root, "tests", "test", "builds", "build_id");
	ok(!find_by_id(root, "tests", ":0:smp:codediff") && !find_by_id(root, "tests", ":2:up:codediff")
	   && !find_by_id(root, "tests", ":4:up:codediff"),
	   "kcidb: none for the base, none where there is no codeprint");
	o = find_by_id(root, "tests", ":2:smp:codediff");
	misc = json_object_get(o, "misc");
	ok(o && !strcmp(str_at(o, "status") ?: "", "FAIL") && !strcmp(str_at(o, "path") ?: "",
								      "codediff"),
	   "kcidb: 2/4 claims no change and its code changed: codediff FAIL");
	ok(contains(str_at(o, "log_excerpt"), "no-change claim broken: 2/4 f4f31b7ff037") &&
	   contains(str_at(o, "log_excerpt"), "its code changed on smp: idle_cpu"),
	   "kcidb: the finding is its log_excerpt");
	ok(!strcmp(str_at(misc, "kind") ?: "", "changed") &&
	   !strcmp(str_at(misc, "claim") ?: "", "no functional change") &&
	   json_is_true(json_object_get(misc, "claim_broken")) &&
	   !strcmp(json_string_value(json_array_get(json_object_get(misc, "changed"), 0)) ?: "",
		   "idle_cpu"), "kcidb: its misc: kind, claim, claim_broken, what changed");
	ok(contains(str_at(o, "comment"), "changed: add/remove: 0/0 grow/shrink: 1/0"),
	   "kcidb: its comment is the classification in words");
	o = find_by_id(root, "tests", ":3:smp:codediff");
	ok(o && !strcmp(str_at(o, "status") ?: "", "PASS") &&
	   contains(str_at(o, "comment"), "changed: ") && !str_at(o, "log_excerpt") &&
	   json_is_false(json_object_get(json_object_get(o, "misc"), "claim_broken")),
	   "kcidb: 3/4 changed and claims nothing: PASS, changed in its comment");
	o = find_by_id(root, "tests", ":1:smp:codediff");
	ok(o && !strcmp(str_at(o, "status") ?: "", "PASS") &&
	   !strcmp(str_at(o, "comment") ?: "", "identical"), "kcidb: 1/4 identical: PASS");
	o = find_by_id(root, "tests", ":4:smp:codediff");
	ok(o && !strcmp(str_at(o, "status") ?: "", "PASS") &&
	   contains(str_at(o, "comment"), "code identical") &&
	   !strcmp(str_at(json_object_get(o, "misc"), "claim") ?: "", "whitespace only"),
	   "kcidb: 4/4 code identical, claiming whitespace only: PASS");
	o = find_by_id(root, "tests", ":2:smp:codediff");
	ok(!contains(str_at(o, "log_excerpt"), "\x1b"), "kcidb: no escape character of the subject");
	json_decref(root);
	sqlite3_close(db);
}

int main(void)
{
	test_kcidb_browser_fixture();
	test_kcidb_log_url();
	test_kcidb_up_build_break();
	test_kcidb_known_flaky();
	test_kcidb_codediff();
	return done_testing();
}
