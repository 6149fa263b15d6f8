// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-email.c - the e-mail report (report/report-email.c) of two
 * fixture databases: tests/unit/up-build-break.sql (the up-build-break
 * fixture's run: a build broken at 2/4 on up, fixed at 3/4) and
 * tests/browser/make-fixture-db.sql (hostile subjects, authors and log
 * lines): its subject and threading headers, that a hostile subject or
 * message id cannot add a header, that every line is one line of printable
 * UTF-8, the evidence, reproducer and hole summary.
 *
 * Run from the top of the tree with BISECTABLE_HOME set to it (make unit).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "report/report.h"
#include "lib/util.h"
#include "lib/run-command.h"
#include "report/report-model.h"
#include "report-fixture.h"
#include "tap.h"
#include "sql-file.h"

static int contains(const char *hay, const char *needle)
{
	return hay && needle && strstr(hay, needle) != NULL;
}

static int starts(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}


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

/* The longest line of s, '\n' not counted. */
static size_t longest_line(const char *s)
{
	size_t longest = 0, n;

	while (*s) {
		n = strcspn(s, "\n");
		longest = n > longest ? n : longest;
		s += n + !!s[n];
	}
	return longest;
}

/*
 * A thread of 20 ids of ~290 characters (5,800 of References) and one of
 * 1,200 above patch 1, which replies to the last (its cover letter): RFC
 * 5322 lines are at most 998 characters, 78 if they can.
 */
static void long_ids(sqlite3 *db)
{
	char *mail, *hdr;
	int ret;

	exec_sql(db, "UPDATE commits SET message_id = '<p1@x>',"
		 " mail_references = (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1"
		 " FROM n WHERE i < 19) SELECT group_concat('<' || i || printf('%.285c', 'r')"
		 " || '@x>', ' ') || ' <' || printf('%.1200c', 'h') || '@x> <' ||"
		 " printf('%.280c', 'm') || '@x>' FROM n) WHERE position = 1");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(longest_line(mail) <= 998, "email: no line over 998 characters (longest %zu)",
	   longest_line(mail));
	ok(longest_line(hdr) <= 78 + 300, "email: header lines folded near 78 columns");
	ok(contains(hdr, "\nReferences: <") && contains(hdr, "rrr@x>\n <"),
	   "email: References folded between ids");
	ok(contains(hdr, "@x>\n <" "mmmm"), "email: the cover letter's id last, on its own line");
	ok(contains(hdr, "\nIn-Reply-To: <mmm"), "email: In-Reply-To: the cover letter's id");
	ok(!contains(hdr, "hhhhhhhh"), "email: an id longer than a line is dropped");
	free(hdr);
	free(mail);
	exec_sql(db, "UPDATE commits SET message_id = '<20261101.1@example.org>',"
		 " mail_references = '<cover.0@example.org>' WHERE position = 1");
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
	is_str_free(header_names(hdr),
		    "Subject,From,Date,Message-ID,MIME-Version,Content-Type,Content-Transfer-Encoding,"
		    "X-Bisectable-Run", "email: no threading headers for patches that were no mails");
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
	ok(contains(mail, "\nsmp: bisectable (4/4 commits pass every stage;\n  tip passed 1 of 1"
		    " boot: a failure in 50% or more of boots would have shown with 50%"
		    " probability)\n"), "email: smp, with the odds");
	ok(contains(mail, "\n        up: 2/4 does not build (fixed by 3/4)\n"),
	   "email: the bisection hole");
	ok(printable_lines(mail), "email: every line is printable UTF-8");
	free(mail);

	/*
	 * The build log names the tree absolutely, or (behind ccache's remote
	 * storage) relative to the build directory: the reader sees neither.
	 */
	{
		char *log = xasprintf("%s/logs/formats.log", fixture_dir);
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
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
		free(log);
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

	/*
	 * A series that came as mails (a run from before runs.options kept
	 * "mail"): patch 1 of 4 replies to the cover letter, and so does the
	 * report; a cover letter of a thread of its own is under it too.
	 */
	exec_sql(db, "UPDATE commits SET message_id = '<20261101.1@example.org>',"
		 " mail_references = '<v1.0@example.org> <cover.0@example.org>'"
		 " WHERE position = 1");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(contains(hdr, "\nIn-Reply-To: <cover.0@example.org>\n"),
	   "email: In-Reply-To is the cover letter's Message-ID");
	ok(contains(hdr, "\nReferences: <v1.0@example.org> <cover.0@example.org>\n"),
	   "email: References is its thread, then it (one line: under 998)");
	ok(starts(hdr, "Subject: Re: [PATCH 2/4] sched/syscalls: Drop the #ifdef"),
	   "email: its cover letter's subject unknown: the first bad patch's");
	free(hdr);
	free(mail);
	/* The run's "mail" (series-mail.h): its cover letter, author and Cc list. */
	exec_sql(db, "UPDATE runs SET options = json_set(options, '$.mail',"
		 " json('{\"thread\": \"<t@x>\", \"references\": \"<r@x>\",\"subject\":"
		 " \"[PATCH v2 0/4] sched: fold UP\", \"author\": \"A <a@example.org>\","
		 " \"cc\": [\"B <b@example.org>\", \"c@x\\r\\nBcc: d@x\", \"\\\"E, F\\\" <e@x>\"]}'))");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(starts(hdr, "Subject: Re: [PATCH v2 0/4] sched: fold UP\nIn-Reply-To: <t@x>\n"
		  "References: <r@x> <t@x>\nFrom: "),
	   "email: the run's mail: a reply to its cover letter, under its subject");
	ok(contains(hdr, "\nTo: A <a@example.org>\nCc: B <b@example.org>, \"E, F\" <e@x>\n"),
	   "email: To: the author, Cc: the list; an address with CR LF in it dropped");
	ok(contains(mail, "\n| Reported-by: bisectable <bisectable@localhost>\n"
		    "| Closes: https://lore.kernel.org/r/bisectable.run-"),
	   "email: the tags to copy");
	ok(!contains(mail, "\n#regzbot"), "email: a hole (fixed by 3/4) is no regression: no regzbot");
	exec_sql(db, "UPDATE runs SET options = json_remove(options, '$.mail')");
	free(hdr);
	free(mail);
	long_ids(db);

	/* Hostile: a subject and ids that try to add headers. */
	exec_sql(db, "UPDATE commits SET subject = 'evil' || char(10) || 'Bcc: victim@example.org'"
		 " || char(13, 10) || char(10) || 'X-Injected: 1' || char(27) || '[31m'"
		 " || char(133) || char(8232) || 'end' WHERE position = 2");
	exec_sql(db, "UPDATE commits SET message_id = '<ok@x>' || char(10) ||"
		 " 'Bcc: a@b', mail_references = '<r@x>' || char(13, 10) || 'To: <c@d>'"
		 " WHERE position = 1");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	names = header_names(hdr);
	is_str(names,
	       "Subject,In-Reply-To,References,From,Date,Message-ID,MIME-Version,Content-Type,"
	       "Content-Transfer-Encoding,X-Bisectable-Run",
	       "email: a hostile subject and ids add no header");
	ok(contains(hdr, "Subject: Re: [PATCH 2/4] evil Bcc: victim@example.org   X-Injected: 1"
		    "\xef\xbf\xbd[31m\xef\xbf\xbd end\n"),
	   "email: the subject is one line: CR, LF and U+2028 spaces, ESC and U+0085 U+FFFD");
	ok(contains(hdr, "\nIn-Reply-To: <c@d>\nReferences: <r@x> <c@d>\n"),
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
	ok(contains(mail, "\n        up: 2/4 does not build; 3/4 builds, test timeout"
		    " (fixed by 4/4)\n"), "email: a hole of two commits, what each did");
	ok(contains(mail, "\nBase -> tip, position 0 against 4 (bisectable compare):\n\n"
		    "up: text (not measured) -> 14,521,088\n"),
	   "email: the base -> tip block, as bisectable compare prints it");
	ok(contains(mail, "\nup: pipe_rtt_ns (not measured) -> 4980.5 ns\n"),
	   "email: a figure with its unit");
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

	/* Every commit of run 2 passes; its warnings still regress on up and smp. */
	exec_sql(db, "UPDATE results SET status = 'pass' WHERE run_id = 2");
	mail = render(db, 2, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(starts(hdr, "Subject: bisectable: sched-up-cleanup: every commit passes (up, smp),"
		  " 2 performance regressions\n"),
	   "email: a passing run with regressions names them in its subject");
	ok(contains(mail, "\non its own.\nIt found 2 performance regressions, listed below.\n"),
	   "email: and in its summary");
	ok(contains(mail, "\nup: warnings +100.0% at 2/4 "), "email: the regression listed");
	{
		const char *moved = "\nup: warnings +100.0% at 2/4 ", *at = strstr(mail, moved);
		char *line = at ? xasprintf("\n#regzbot introduced: %.7s", at + strlen(moved)) : NULL;

		ok(line && contains(mail, line), "email: regzbot's line names the regressed commit");
		ok(!contains(mail, "Reported-by:"), "email: no first bad commit: no tags to copy");
		free(line);
	}
	free(hdr);
	free(mail);
	sqlite3_close(db);
}

/* The mail in a file of fixture_dir, for the programs that read mail. */
static char *mail_file(const char *mail)
{
	char *path = xasprintf("%s/mail.eml", fixture_dir);
	FILE *f = fopen(path, "w");

	if (!f)
		die("cannot write %s", path);
	fputs(mail ? mail : "", f);
	fclose(f);
	return path;
}

/*
 * What mail software reads: Python's email module finds no defect (strict
 * policy, every header parsed) and git mailinfo takes its author, subject
 * and date.
 */
static void mail_readers(const char *mail, const char *what)
{
	static const char py[] =
		"import email, email.policy, sys\n"
		"m = email.message_from_binary_file(open(sys.argv[1], 'rb'),"
		" policy=email.policy.strict)\n"
		"bad = list(m.defects)\n"
		"for k, v in m.items():\n"
		"    bad += v.defects\n"
		"print(len(bad), m['From'].addresses[0].addr_spec, m['Message-ID'],"
		" m['Date'].datetime.isoformat(), *bad)\n";
	char *path = mail_file(mail), *msg = xasprintf("%s/msg", fixture_dir);
	char *patch = xasprintf("%s/patch", fixture_dir);
	const char *python[] = { "python3", "-c", py, path, NULL };
	const char *mailinfo[] = { "sh", "-c", "git mailinfo \"$1\" \"$2\" < \"$3\"", "sh",
				   msg, patch, path, NULL };
	struct strbuf out = STRBUF_INIT;

	is_int(run_capture(NULL, &out, python), 0, "%s: Python's email module parses it", what);
	ok(!strncmp(out.buf, "0 bisectable@localhost <bisectable.run-", 39),
	   "%s: no defect in any header: %s", what, out.buf);
	strbuf_reset(&out);
	is_int(run_capture(NULL, &out, mailinfo), 0, "%s: git mailinfo takes it", what);
	ok(contains(out.buf, "Author: bisectable\nEmail: bisectable@localhost\nSubject: ") &&
	   contains(out.buf, "\nDate: "), "%s: mailinfo's author, subject, date", what);
	if (!contains(out.buf, "Author: bisectable"))
		diag("%s", out.buf);
	strbuf_release(&out);
	unlink(msg);
	unlink(patch);
	unlink(path);
	free(msg);
	free(patch);
	free(path);
}

/* From:, Date: and Message-ID of the run; the performance regressions. */
static void test_email_origin(void)
{
	sqlite3 *db = fixture_db("tests/browser/make-fixture-db.sql");
	char *mail, *hdr;
	int ret;

	mail = render(db, 0, REPORT_EMAIL, &ret);
	hdr = headers_of(mail);
	ok(contains(hdr, "\nFrom: bisectable <bisectable@localhost>\n"),
	   "email: From: bisectable by default");
	ok(contains(hdr, "\nDate: Tue, 14 Jan 2025 10:42:17 +0000\n"),
	   "email: Date: the run's end, RFC 5322");
	ok(contains(hdr, "\nMessage-ID: <bisectable.run-2.1736851337@ci-runner-7>\n"),
	   "email: Message-ID of the run, its end and host");
	ok(longest_line(hdr) < 998, "email: every header line under 998");
	ok(contains(mail, "\n\nPerformance, each commit against its parent (moves past 5% the"
		    " wrong way):\n\nup: warnings +100.0% at 2/4 2222222 \"sched/core: Drop") &&
	   contains(mail, "UP rq lock\": 1 -> 2 warnings (lower is better)\nsmp: warnings +1"
		    " from 0 at 2/4 2222222 \""),
	   "email: the performance regressions, with their %% change");
	mail_readers(mail, "email");
	free(hdr);
	free(mail);

	report_email_set_from("Ann Example <ann@example.org>");
	exec_sql(db, "UPDATE runs SET host = '.bad host>', ended_at = NULL WHERE id = 2");
	mail = render(db, 0, REPORT_EMAIL, &ret);
	ok(contains(mail, "\nFrom: Ann Example <ann@example.org>\n"), "email: From: as set");
	ok(contains(mail, "\nMessage-ID: <bisectable.run-2.1736847000@localhost>\n"),
	   "email: a host that is no domain is localhost; a running run's start");
	report_email_set_from(NULL);
	exec_sql(db, "UPDATE runs SET state = 'running' WHERE id = 2");
	free(mail);
	mail = render(db, 0, REPORT_EMAIL, &ret);
	mail_readers(mail, "email of a running run");
	free(mail);
	sqlite3_close(db);
}

/*
 * Known failures and a flaky first bad (report-fixture.h): up's known
 * failure in its part of the body, as the kernel test robot says it;
 * smp's flaky first bad with its boots and confidence under its line; the
 * failing test's runs.
 */
static void test_email_known_flaky(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	char *mail;
	int ret;

	fixture_known_flaky(db);
	mail = render(db, 0, REPORT_EMAIL, &ret);
	is_int(ret, 0, "email: the run with known failures and a flaky test");
	ok(contains(mail, "    commit f4f31b7ff03741264e46cf7ffc7f3673ca2015b9, at build: fail\n"
		    "    known at the base, not counted: " KNOWN_LINE " (fixed by 4/4)\n\n"),
	   "email: up's known failure under its first bad line, with the commit that fixed it");
	ok(contains(mail, "\nsmp: first bad commit: [PATCH 2/4] sched/syscalls: Drop the #ifdef"
		    " around ttwu_pending in idle_cpu()\n    commit f4f31b7ff03741264e46cf7ffc7f3673"
		    "ca2015b9, at test: fail\n    failed 2 of 3 boots (flaky), parent"
		    " passed 3 of 3; confidence 94%\n\n"),
	   "email: smp's flaky first bad, its boots and confidence");
	ok(contains(mail, ">> smoke.sleep_futex: fail (2 of 3 runs): woke 3 ms late\n"),
	   "email: the failing test's runs");
	is_int(occurrences(mail, "known at the base"), 1, "email: smp has no known failure");
	ok(printable_lines(mail), "email: every line is printable UTF-8");
	free(mail);
	sqlite3_close(db);
}

/*
 * The broken no-change claims (report-fixture.h's codeprints): nothing
 * before there is one; then one line for 2/4, after the verdicts and
 * before the holes, with its phrase, configuration and function, its
 * hostile subject on that one printable line; the claims kept (1/4
 * identical, 4/4 code identical) and the change claimed by none (3/4) are
 * not listed.
 */
static void test_email_claims(void)
{
	sqlite3 *db = fixture_db("tests/unit/up-build-break.sql");
	const char *at, *line, *verdicts, *holes;
	char *mail, *headers;
	int ret;

	mail = render(db, 0, REPORT_EMAIL, &ret);
	ok(!contains(mail, "no-change claim") && !contains(mail, "Claims of no change"),
	   "email: no codeprint, no finding: no section");
	free(mail);
	fixture_codeprints(db);
	mail = render(db, 0, REPORT_EMAIL, &ret);
	is_int(ret, 0, "email: the run with codeprints");
	is_int(occurrences(mail, "no-change claim broken"), 1, "email: one finding, 2/4's");
	at = mail ? strstr(mail, "Claims of no change that the machine code contradicts"
			   " (each commit against its parent):\n\nno-change claim broken: 2/4"
			   " f4f31b7ff037 \"sched: Drop the #ifdef") : NULL;
	ok(at != NULL, "email: the section and 2/4's line: position, short sha, subject");
	line = at ? strstr(at, "no-change claim broken") : NULL;
	ok(contains(line, "evil") && strchr(line, '\n') > strstr(line, "evil") &&
	   contains(line, "says \"no functional change\"; its code changed on smp: idle_cpu\n\n"),
	   "email: the hostile subject on the same line, the claim, the configuration, the"
	   " function");
	verdicts = mail ? strstr(mail, "\nsmp: bisectable") : NULL;
	holes = mail ? strstr(mail, "bisection holes") : NULL;
	ok(verdicts && at > verdicts && holes > at, "email: after the verdicts, before the holes");
	headers = headers_of(mail);
	ok(!contains(headers, "evil") || !contains(headers, "\nSubject: [PATCH] evil"),
	   "email: the subject adds no header");
	free(headers);
	ok(printable_lines(mail), "email: every line is printable UTF-8");
	free(mail);
	sqlite3_close(db);
}

int main(void)
{
	test_email_up_build_break();
	test_email_browser_fixture();
	test_email_origin();
	test_email_known_flaky();
	test_email_claims();
	remove_tree(fixture_dir);
	return done_testing();
}
