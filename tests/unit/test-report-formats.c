// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-formats.c - the e-mail and KCIDB reports (report-email.c,
 * report-kcidb.c) of two fixture databases: tests/unit/up-build-break.sql
 * (the up-build-break fixture's run: a build broken at 2/4 on up, fixed at
 * 3/4) and tests/browser/make-fixture-db.sql (hostile subjects, authors and
 * log lines). The e-mail: its subject and threading headers, that a hostile
 * subject or message id cannot add a header, that every line is one line of
 * printable UTF-8, the evidence, reproducer and hole summary. KCIDB: every
 * object against the v5 schema's required properties and types (the table
 * below, from kcidb-io's kcidb_io/schema/v05_00.py), the status mapping,
 * the references between objects and the metrics' numbers.
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
#include "lib/util.h"
#include "tap.h"
#include "sql-file.h"

static char *render(sqlite3 *db, long long run, enum report_format fmt, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		die("open_memstream failed");
	*ret = report_write(db, run, fmt, f);
	fclose(f);
	return buf;
}

static void exec_sql(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("%s: %s", sql, err);
}

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

static int starts(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static sqlite3 *fixture_db(const char *sql_file)
{
	sqlite3 *db;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK)
		die("cannot open an in-memory database");
	exec_file(db, "db/schema.sql");
	exec_file(db, sql_file);
	return db;
}

/* E-mail */

/* The header block (up to the first empty line), allocated. */
static char *headers_of(const char *mail)
{
	const char *end = mail ? strstr(mail, "\n\n") : NULL;

	return end ? strndup(mail, end + 1 - mail) : xstrdup("");
}

/* The names of the header lines, "Subject,In-Reply-To,...". */
static char *header_names(const char *headers)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = headers, *colon, *nl;

	while (*p) {
		nl = strchr(p, '\n');
		colon = strchr(p, ':');
		if (!colon || (nl && colon > nl))
			strbuf_addstr(&sb, "?");	/* not a header at all */
		else
			strbuf_addf(&sb, "%s%.*s", sb.len ? "," : "", (int)(colon - p), p);
		if (!nl)
			break;
		p = nl + 1;
	}
	return strbuf_detach(&sb, NULL);
}

/* Every line: valid UTF-8, no control character, no C1 control, no U+2028/9. */
static int printable_lines(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned int c = *p, need, cp, i;

		if (c == '\n') {
			p++;
			continue;
		}
		if (c < 0x20 || c == 0x7f)
			return 0;
		if (c < 0x80) {
			p++;
			continue;
		}
		need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 9;
		if (need == 9)
			return 0;
		cp = c & (0x3f >> need);
		for (i = 1; i <= need; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (p[i] & 0x3f);
		}
		if ((cp >= 0x80 && cp < 0xa0) || cp == 0x2028 || cp == 0x2029)
			return 0;
		p += need + 1;
	}
	return 1;
}

static void test_email_up_build_break(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	char *mail, *hdr, *names;
	int ret;

	mail = render(db, 0, REPORT_EMAIL, &ret);
	is_int(ret, 0, "email: report_write");
	hdr = headers_of(mail);
	ok(starts(hdr, "Subject: Re: [PATCH 2/4] sched/syscalls: Drop the #ifdef around"
		  " ttwu_pending in idle_cpu()\n"),
	   "email: a reply to the first bad patch, [PATCH k/N] and its subject");
	names = header_names(hdr);
	is_str(names, "Subject,MIME-Version,Content-Type,Content-Transfer-Encoding,"
	       "X-Bisectable-Run", "email: no threading headers for patches that were no mails");
	free(names);
	free(hdr);
	ok(contains(mail, "tree/base: linux 6.12.118 2d511cebd1de9f79df65248e746db1a6679aca5d"),
	   "email: the tree and base");
	ok(contains(mail, "series:    tests/fixtures/up-build-break (patches, 4 patches)"),
	   "email: the series");
	ok(contains(mail, "\nup: first bad commit: [PATCH 2/4] sched/syscalls: Drop the #ifdef"
		    " around ttwu_pending in idle_cpu()\n    commit f4f31b7ff03741264e46cf7ffc7f3673ca2015b9,"
		    " at build: fail\n"), "email: up's first bad commit and its stage");
	ok(contains(mail, "All errors (new ones prefixed by >>):\n\n>> kernel/sched/syscalls.c:215:15:"
		    " error: 'struct rq' has no member named 'ttwu_pending'\n"),
	   "email: the compiler's error, prefixed >>");
	ok(contains(mail, "        git am \\\n                tests/fixtures/up-build-break/0001-") &&
	   contains(mail, "                tests/fixtures/up-build-break/0002-sched-syscalls-Drop-"
		    "the-ifdef-around-ttwu_pending-in.patch\n") &&
	   !contains(mail, "/0003-sched"), "email: reproduce applies patches 1 and 2");
	ok(contains(mail, "        scripts/kconfig/merge_config.sh -m -O build build/.config"
		    " base.config up.config\n"), "email: reproduce merges the fragments");
	ok(contains(mail, "        git -C /root/.cache/bisectable/work/linux-source checkout --detach"
		    " f4f31b7ff03741264e46cf7ffc7f3673ca2015b9 && make "),
	   "email: the build command as recorded");
	ok(contains(mail, "configuration up (configs/base.config, then configs/up.config):\n") &&
	   contains(mail, "        # configs/up.config\n") && contains(mail, "        CONFIG_SMP=n\n"),
	   "email: the configuration fragments inlined");
	ok(contains(mail, "\nsmp: bisectable (4/4 commits pass every stage)\n"), "email: smp");
	ok(contains(mail, "\n        up does not build at 2/4 (fixed by 3/4)\n"),
	   "email: the bisection hole");
	ok(printable_lines(mail), "email: every line is printable UTF-8");
	free(mail);

	/*
	 * The build log names the tree absolutely, or (behind ccache's remote
	 * storage) relative to the build directory: the reader sees neither.
	 */
	{
		char log[] = "/tmp/test-report-formats-XXXXXX";
		int fd = mkstemp(log);
		const char *text =
			"  CC      kernel/sched/core.o\n"
			"../../../../root/.cache/bisectable/work/linux-source/kernel/sched/"
			"syscalls.c: In function 'idle_cpu':\n"
			"../../../../root/.cache/bisectable/work/linux-source/kernel/sched/"
			"syscalls.c:215:15: error: 'struct rq' has no member named 'ttwu_pending'\n"
			"/root/.cache/bisectable/work/linux-source/kernel/sched/sched.h:9:1:"
			" warning: unused\n"
			"../lib/x.c:1:1: warning: a relative path outside the tree stays\n";
		char *sql;

		if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
			die("cannot write %s", log);
		close(fd);
		sql = xasprintf("UPDATE results SET log_path = '%s' WHERE config = 'up'"
				" AND stage = 'build' AND commit_id = 3", log);
		exec_sql(db, sql);
		free(sql);
		mail = render(db, 0, REPORT_EMAIL, &ret);
		ok(contains(mail, "\n>> kernel/sched/syscalls.c:215:15: error: 'struct rq'"
			    " has no member named 'ttwu_pending'\n"),
		   "email: a tree path relative to the build directory is taken out");
		ok(contains(mail, "\n>> kernel/sched/sched.h:9:1: warning: unused\n"),
		   "email: so is the absolute one");
		ok(contains(mail, "../lib/x.c:1:1: warning") && !contains(mail, "../kernel") &&
		   !contains(mail, "work/linux-source/kernel"),
		   "email: other relative paths stay, no part of the tree's path does");
		free(mail);
		unlink(log);
		exec_sql(db, "UPDATE results SET log_path = NULL WHERE config = 'up'"
			 " AND stage = 'build' AND commit_id = 3");
	}

	/* The compiler, as the kept .config says; a derived fragment from the run. */
	exec_sql(db, "INSERT INTO kconfigs (result_id, dotconfig) SELECT id,"
		 " 'CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14+deb12u1) 12.2.0\"' || char(10)"
		 " FROM results WHERE config = 'up' AND stage = 'build' AND commit_id = 2;"
		 "INSERT INTO run_configs (run_id, config, origin, stages, fragment) VALUES"
		 " (1, 'up', 'derived', 4, 'CONFIG_SMP=n' || char(10) || 'CONFIG_RT_GROUP_SCHED=y'"
		 " || char(10))");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	ok(contains(mail, "\n        # compiler: gcc (Debian 12.2.0-14+deb12u1) 12.2.0\n"),
	   "email: reproduce names the compiler of up's builds");
	ok(contains(mail, "configuration up (configs/base.config, then the fragment the run"
		    " derived):\n") && contains(mail, "\n        CONFIG_RT_GROUP_SCHED=y\n"),
	   "email: a derived configuration's fragment is the run's, not configs/'s");
	free(mail);
	exec_sql(db, "DELETE FROM kconfigs; DELETE FROM run_configs");

	/* A broken base: no patch to reply to. */
	exec_sql(db, "UPDATE results SET status = 'fail' WHERE config = 'up' AND stage = 'build'"
		 " AND commit_id = 1");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	ok(starts(mail, "Subject: bisectable: up-build-break: the base itself is bad (up, smp)\n"),
	   "email: a bad base says so in the subject");
	ok(contains(mail, "\nup: the base itself is bad at build: fail\n"), "email: and for up");
	free(mail);
	exec_sql(db, "UPDATE results SET status = 'pass' WHERE config = 'up' AND stage = 'build'"
		 " AND commit_id = 1");

	/* A series that came as mails: the reply threads under the patch. */
	exec_sql(db, "UPDATE commits SET message_id = '<20261101.2@example.org>',"
		 " mail_references = '<cover.0@example.org> <20261101.1@example.org>'"
		 " WHERE position = 2");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(contains(hdr, "\nIn-Reply-To: <20261101.2@example.org>\n"),
	   "email: In-Reply-To is the patch's Message-ID");
	ok(contains(hdr, "\nReferences: <cover.0@example.org> <20261101.1@example.org>"
		    " <20261101.2@example.org>\n"), "email: References is its thread, then it");
	free(hdr);
	free(mail);

	/* Hostile: a subject and ids that try to add headers. */
	exec_sql(db, "UPDATE commits SET subject = 'evil' || char(10) || 'Bcc: victim@example.org'"
		 " || char(13, 10) || char(10) || 'X-Injected: 1' || char(27) || '[31m'"
		 " || char(133) || char(8232) || 'end', message_id = '<ok@x>' || char(10) ||"
		 " 'Bcc: a@b', mail_references = '<r@x>' || char(13, 10) || 'To: <c@d>'"
		 " WHERE position = 2");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	names = header_names(hdr);
	is_str(names, "Subject,In-Reply-To,References,MIME-Version,Content-Type,"
	       "Content-Transfer-Encoding,X-Bisectable-Run",
	       "email: a hostile subject and ids add no header");
	ok(contains(hdr, "Subject: Re: [PATCH 2/4] evil Bcc: victim@example.org   X-Injected: 1"
		    "\xef\xbf\xbd[31m\xef\xbf\xbd end\n"),
	   "email: the subject is one line: CR, LF and U+2028 spaces, ESC and U+0085 U+FFFD");
	ok(contains(hdr, "\nReferences: <r@x> <c@d> <ok@x>\n"),
	   "email: only well-formed ids are kept");
	ok(!contains(mail, "\nBcc:") && !contains(mail, "\nX-Injected"),
	   "email: no line starts a header of the data");
	ok(printable_lines(mail), "email: still printable UTF-8 only");
	free(names);
	free(hdr);
	free(mail);
	sqlite3_close(db);
}

static void test_email_browser_fixture(void)
{
	sqlite3 *db = fixture_db("tests/browser/make-fixture-db.sql");
	char *mail, *hdr;
	int ret;

	mail = render(db, 0, REPORT_EMAIL, &ret);
	is_int(ret, 0, "email of the hostile fixture");
	ok(printable_lines(mail), "email: hostile log lines (escapes, bad UTF-8) stay printable");
	ok(!contains(mail, "\x1b"), "email: no terminal escape");
	ok(contains(mail, "\n>> kernel/sched/core.c:4242:9: error: implicit declaration of function"
		    " 'rq_pin_lock' <script>"), "email: plain text, nothing escaped for HTML");
	ok(contains(mail, "\n   kernel/sched/core.c:4243:1: warning: comment has bytes that are not"
		    " UTF-8: caf\xef\xbf\xbd") || contains(mail, "\n>> kernel/sched/core.c:4243:1:"
		    " warning: comment has bytes that are not UTF-8: caf\xef\xbf\xbd"),
	   "email: invalid UTF-8 of a log became U+FFFD");
	ok(contains(mail, "\n        up does not build from 2/4 to 3/4 (fixed by 4/4)\n"),
	   "email: a hole of two commits");
	free(mail);

	/* With up's build at 2 passing, the first bad is the test stage at 3. */
	exec_sql(db, "UPDATE results SET status = 'pass' WHERE config = 'up' AND commit_id ="
		 " (SELECT id FROM commits WHERE run_id = 2 AND position = 2)");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	ok(starts(mail, "Subject: Re: [PATCH 3/4] sched/fair: Fold the UP stubs of"),
	   "email: about patch 3 now");
	ok(contains(mail, "\nFailing tests:\n\n>> pipe_rtt: timeout: no result in 60 s <svg onload=") &&
	   contains(mail, "\n>> fork_exit: missing: not started"),
	   "email: the failing tests with their reasons");
	ok(contains(mail, "\nTheir console (new lines prefixed by >>):\n\n"
		    "   BISECTABLE-TEST-BEGIN pipe_rtt\n   KTAP version 1\n"),
	   "email: the failing test's part of the console");
	ok(contains(mail, "\n>> BISECTABLE-TEST-TIMEOUT pipe_rtt\n") &&
	   contains(mail, "\n>> [   34.512000] rcu: INFO: rcu_sched self-detected stall on CPU\n"),
	   "email: the timeout and the kernel's complaints are new lines");
	ok(!contains(mail, "\r") && printable_lines(mail), "email: the console's CRs are gone");
	free(mail);

	mail = render(db, 1, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(ret == 0 && starts(hdr, "Subject: bisectable: older-series: every commit passes (up)\n"),
	   "email: a bisectable run says so in its subject");
	ok(contains(mail, "\nbisection holes: none\n"), "email: no holes");
	free(hdr);
	free(mail);
	sqlite3_close(db);
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
	sqlite3 *db = fixture_db("tests/browser/make-fixture-db.sql");
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
	is_str(str_at(o, "log_url"), "file:///var/log/a%20b%23%25.log",
	       "kcidb: an absolute log path is a percent-encoded file:// URL");
	json_decref(root);
	sqlite3_close(db);
}

static void test_kcidb_up_build_break(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
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

int main(void)
{
	test_email_up_build_break();
	test_email_browser_fixture();
	test_kcidb_browser_fixture();
	test_kcidb_up_build_break();
	test_html_compiler();
	return done_testing();
}
