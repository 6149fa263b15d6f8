// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-junit.c - the JUnit report (report/report-junit.c) of the
 * fixture run in tests/browser/make-fixture-db.sql: well-formed, its
 * counts and failures, and an error of the machine as JUnit's <error>.
 *
 * Run from the top of the tree (it reads db/schema.sql, the fixture SQL and
 * the fixture logs by relative paths), as make unit does.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "report/report.h"
#include "lib/util.h"
#include "lib/run-command.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

#define SUBJECT_2 "sched/core: Drop <script>alert(1)</script> \"><img src=x onerror=alert(1)>" \
		  " & the UP rq lock"


static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

/* JUnit: a small well-formedness check and element counts, no XML library. */

struct xml_stats {
	int well_formed;
	int testsuites, testsuite, testcase, failure, skipped;
	char root_attrs[512];
	char *failure_names[8];		/* decoded name of each failure's testcase */
	char *failure_types[8];
	int nfailures;
};

static char *xml_decode(const char *s, size_t len)
{
	static const struct { const char *ent; char c; } ents[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' },
		{ "&#39;", '\'' },
	};
	char *out = xmalloc(len + 1), *o = out;
	size_t i = 0, k;

	while (i < len) {
		if (s[i] == '&') {
			for (k = 0; k < ARRAY_SIZE(ents); k++) {
				size_t n = strlen(ents[k].ent);

				if (i + n <= len && !strncmp(s + i, ents[k].ent, n)) {
					*o++ = ents[k].c;
					i += n;
					break;
				}
			}
			if (k == ARRAY_SIZE(ents)) {
				free(out);
				return NULL;	/* an unknown or broken entity */
			}
			continue;
		}
		*o++ = s[i++];
	}
	*o = '\0';
	return out;
}

/* The decoded value of attribute name in a start tag, or NULL. */
static char *xml_attr(const char *tag, size_t len, const char *name)
{
	char key[64];
	const char *p, *end = tag + len, *q;

	snprintf(key, sizeof(key), " %s=\"", name);
	for (p = tag; p + strlen(key) <= end; p++) {
		if (strncmp(p, key, strlen(key)))
			continue;
		p += strlen(key);
		q = memchr(p, '"', end - p);
		return q ? xml_decode(p, q - p) : NULL;
	}
	return NULL;
}

static void xml_scan(const char *xml, struct xml_stats *st)
{
	const char *stack[16], *p = xml;
	size_t stack_len[16];
	int depth = 0, roots = 0;
	char *current_name = NULL;

	memset(st, 0, sizeof(*st));
	if (strncmp(p, "<?xml ", 6))
		return;
	p = strstr(p, "?>");
	if (!p)
		return;
	p += 2;
	while (*p) {
		const char *lt = strchr(p, '<'), *gt, *name;
		size_t nlen;
		int closing, empty;
		char *text;

		if (!lt)
			lt = p + strlen(p);
		/* text between tags must decode (no raw &), outside the root only blanks */
		text = xml_decode(p, lt - p);
		if (!text || (!depth && strspn(text, " \n") != strlen(text))) {
			free(text);
			goto bad;
		}
		free(text);
		if (!*lt)
			break;
		gt = strchr(lt, '>');
		if (!gt || memchr(lt + 1, '<', gt - lt - 1))
			goto bad;
		closing = lt[1] == '/';
		empty = gt[-1] == '/';
		name = lt + 1 + closing;
		nlen = strcspn(name, " />");
		if (closing) {
			if (!depth || stack_len[depth - 1] != nlen ||
			    strncmp(stack[depth - 1], name, nlen))
				goto bad;
			depth--;
		} else {
			char *attrs = strndup(lt, gt + 1 - lt);

			/* quotes in a start tag must pair up */
			if (occurrences(attrs, "\"") % 2) {
				free(attrs);
				goto bad;
			}
			if (!depth)
				roots++;
#define IS(n) (nlen == strlen(n) && !strncmp(name, n, nlen))
			if (IS("testsuites")) {
				st->testsuites++;
				snprintf(st->root_attrs, sizeof(st->root_attrs), "%s", attrs);
			} else if (IS("testsuite")) {
				st->testsuite++;
			} else if (IS("testcase")) {
				st->testcase++;
				free(current_name);
				current_name = xml_attr(attrs, strlen(attrs), "name");
			} else if (IS("failure")) {
				st->failure++;
				if (st->nfailures < 8) {
					st->failure_names[st->nfailures] =
						current_name ? xstrdup(current_name) : NULL;
					st->failure_types[st->nfailures++] =
						xml_attr(attrs, strlen(attrs), "type");
				}
			} else if (IS("skipped")) {
				st->skipped++;
			}
#undef IS
			free(attrs);
			if (!empty) {
				if (depth == 16)
					goto bad;
				stack[depth] = name;
				stack_len[depth++] = nlen;
			}
		}
		p = gt + 1;
	}
	st->well_formed = depth == 0 && roots == 1;
	free(current_name);
	return;
bad:
	free(current_name);
	st->well_formed = 0;
}

static void test_junit(sqlite3 *db)
{
	struct xml_stats st;
	char *xml, *want;
	int ret, i;

	xml = render(db, 0, REPORT_JUNIT, &ret);
	is_int(ret, 0, "report_write junit");
	xml_scan(xml ? xml : "", &st);
	ok(st.well_formed, "the JUnit XML is well-formed (tags nest, entities decode)");
	ok(clean_utf8((const unsigned char *)xml, strlen(xml)), "the JUnit XML is valid UTF-8");
	is_int(st.testsuites, 1, "one <testsuites>");
	is_int(st.testsuite, 2, "a <testsuite> per configuration");
	is_int(st.testcase, 32, "a <testcase> per commit x configuration x stage");
	is_int(st.failure, 2, "a <failure> for the failed build and the timed out test");
	is_int(st.skipped, 2, "a <skipped/> for the two skipped stages");
	ok(contains(st.root_attrs, "tests=\"32\" failures=\"2\" errors=\"0\" time="),
	   "the totals on <testsuites>");
	want = xasprintf("02 2222222222aa build: %s", SUBJECT_2);
	is_str(st.failure_names[0], want,
	       "the first failure's testcase name decodes to the subject");
	free(want);
	is_str(st.failure_types[0], "fail", "its failure type");
	ok(st.failure_names[1] && !strncmp(st.failure_names[1], "03 3333333333aa test: ", 22),
	   "the second failure is the test of commit 3");
	is_str(st.failure_types[1], "timeout", "its failure type is timeout");
	ok(contains(xml, "<testcase classname=\"up\" name=\"02 2222222222aa build: sched/core: Drop"
		    " &lt;script&gt;"), "classname is the configuration, the name is escaped");
	is_int(occurrences(xml, "<script"), 0, "no raw <script in the XML");
	for (i = 0; i < st.nfailures; i++) {
		free(st.failure_names[i]);
		free(st.failure_types[i]);
	}
	free(xml);
}

/* An error of the machine (smp's test at commit 1) is JUnit's <error>. */
static void test_error_cell(sqlite3 *db)
{
	struct xml_stats st;
	char *xml;
	int ret;

	exec_sql(db, "UPDATE results SET status = 'error', evidence = 'QEMU exited without a"
		 " guest verdict <b>' WHERE id = 163;");
	xml = render(db, 0, REPORT_JUNIT, &ret);
	xml_scan(xml ? xml : "", &st);
	ok(ret == 0 && st.well_formed, "JUnit with an error is well-formed");
	is_int(occurrences(xml, "<error message=\"QEMU exited without a guest verdict &lt;b&gt;\""
		     " type=\"error\">"), 1, "an error cell is JUnit's <error>, escaped");
	ok(contains(st.root_attrs, "failures=\"2\" errors=\"1\""),
	   "counted as an error, not a failure: %s", st.root_attrs);
	exec_sql(db, "UPDATE results SET status = 'pass', evidence = NULL WHERE id = 163;");
	for (ret = 0; ret < st.nfailures; ret++) {
		free(st.failure_names[ret]);
		free(st.failure_types[ret]);
	}
	free(xml);
}

/* Validate xml against our schema with xmllint (its complaints go to stderr). */
static int xmllint_valid(const char *xml, struct strbuf *out)
{
	char path[] = "/tmp/test-report-junit-XXXXXX";
	const char *argv[] = { "xmllint", "--noout", "--schema",
			       "tests/unit/junit-bisectable.xsd", path, NULL };
	int fd = mkstemp(path), ret;
	FILE *f;

	if (fd < 0 || !(f = fdopen(fd, "w")))
		die("cannot write a temporary file");
	fputs(xml ? xml : "", f);
	fclose(f);
	ret = run_capture(NULL, out, argv);
	unlink(path);
	return ret;
}

/* The fixtures' JUnit validates against tests/unit/junit-bisectable.xsd. */
static void test_schema(sqlite3 *db, const char *what)
{
	struct strbuf out = STRBUF_INIT;
	char *xml;
	int ret;

	xml = render(db, 0, REPORT_JUNIT, &ret);
	is_int(xmllint_valid(xml, &out), 0, "xmllint --schema junit-bisectable.xsd: %s", what);
	if (out.len)
		diag("%s", out.buf);
	strbuf_release(&out);
	free(xml);
}

/*
 * A run that stopped (or is still going) with cells never verified is not
 * green: each such cell is an <error>, never a skip.
 */
static void test_incomplete_run(sqlite3 *db)
{
	struct xml_stats st;
	char *xml;
	int ret, i;

	exec_sql(db, "UPDATE runs SET state = 'interrupted', ended_at = NULL WHERE id = 2;"
		 "DELETE FROM results WHERE run_id = 2 AND commit_id = 14;");
	xml = render(db, 0, REPORT_JUNIT, &ret);
	xml_scan(xml ? xml : "", &st);
	ok(ret == 0 && st.well_formed, "an interrupted run's JUnit is well-formed");
	ok(contains(st.root_attrs, "errors=\"8\""),
	   "its 8 cells never verified are errors: %s", st.root_attrs);
	is_int(occurrences(xml, "<skipped message=\"not run\""), 0, "none of them is a skip");
	test_schema(db, "an interrupted run");
	for (i = 0; i < st.nfailures; i++) {
		free(st.failure_names[i]);
		free(st.failure_types[i]);
	}
	free(xml);
}

/*
 * Known failures and a flaky first bad (report-fixture.h): the flaky first
 * bad is still a <failure> that says how many boots failed and how sure it
 * is; a known failure is a passing testcase, noted in its suite's
 * properties and <system-out>; the document still validates.
 */
static void test_junit_known_flaky(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	char *xml, *suite, *tc;
	struct xml_stats st;
	int ret, i;

	fixture_known_flaky(db);
	xml = render(db, 0, REPORT_JUNIT, &ret);
	xml_scan(xml ? xml : "", &st);
	ok(ret == 0 && st.well_formed, "JUnit with known failures and a flaky test is well-formed");
	ok(contains(st.root_attrs, "failures=\"2\" errors=\"0\""),
	   "two failures: up's build at 2, smp's flaky test at 2: %s", st.root_attrs);
	ok(contains(xml, "<failure message=\"failed 2 of 3 boots (flaky), parent passed"
		    " 3 of 3; confidence 94%: smoke.sleep_futex: woke 3 ms late\" type=\"fail\">"),
	   "the flaky first bad is a failure that says so, with its confidence");
	suite = strstr(xml ? xml : "", "<testsuite name=\"up\"");
	tc = suite ? strstr(suite, "name=\"00 2d511cebd1de test: ") : NULL;
	ok(tc && strstr(tc, "</testcase>") < strstr(tc, "<testcase") &&
	   !memmem(tc, strstr(tc, "</testcase>") - tc, "<failure", 8),
	   "up's base test, a known failure only, is a passing testcase");
	ok(contains(suite, "<property name=\"known_failure\" value=\"smoke.affinity: expected CPU N,"
		    " got &lt;N&gt; &amp; &quot;X&quot; (fixed by 4/4)\"/>"),
	   "up's known failure is a property of its suite, escaped, with its fix");
	ok(contains(suite, "00 test: known failures met, not counted: smoke.affinity: expected"
		    " CPU N, got &lt;N&gt; &amp; &quot;X&quot;\n"),
	   "and the cells that met it are noted in its <system-out>");
	ok(contains(xml, "<property name=\"first_bad_confidence\" value=\"failed 2 of 3 boots"
		    " (flaky), parent passed 3 of 3; confidence 94%\"/>"),
	   "smp's suite names the confidence of its first bad");
	for (i = 0; i < st.nfailures; i++) {
		free(st.failure_names[i]);
		free(st.failure_types[i]);
	}
	free(xml);
	exec_sql(db, "UPDATE results SET status = 'fail', failed_tries = 1, evidence = 'late <b>'"
		 " WHERE config = 'smp' AND stage = 'test' AND commit_id = 4;");
	xml = render(db, 0, REPORT_JUNIT, &ret);
	ok(contains(xml, "<failure message=\"failed 1 of 3 boots (flaky): late &lt;b&gt;\""),
	   "a flaky failure after the first bad says how many boots failed");
	free(xml);
	test_schema(db, "known failures and a flaky first bad");
	sqlite3_close(db);
}

int main(void)
{
	sqlite3 *db = memory_db("tests/browser/make-fixture-db.sql");

	test_junit(db);
	test_error_cell(db);
	test_schema(db, "the fixture run");
	test_incomplete_run(db);
	test_junit_known_flaky();

	sqlite3_close(db);
	remove_tree(fixture_dir);
	return done_testing();
}
