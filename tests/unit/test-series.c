// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of series.c: the three kinds of series (numbered patches,
 * quilt, mbox) and what is refused, then inputs a user (or an attacker)
 * can give: quilt's -pN options reaching git am, a NUL byte in a patch,
 * and an mbox whose message is broken (the error names the user's file and
 * the message, and the split directory is gone), and the Message-IDs and
 * threads of an mbox's patch mails, and its cover letter. Needs git; works in a temporary
 * directory; run from the top of the tree (tests/fixtures/ is read).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/series.h"
#include "lib/util.h"
#include "scratch.h"
#include "quiet.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

/* A patch made with "diff -u old new" style paths: it needs -p0. */
static const char p0_patch[] =
	"From: A <a@example.org>\n"
	"Subject: [PATCH] hello: say more\n"
	"Date: Mon, 1 Jan 2024 00:00:00 +0000\n"
	"\n"
	"---\n"
	"--- sub/hello.txt\n"
	"+++ sub/hello.txt\n"
	"@@ -1 +1,2 @@\n"
	" hello\n"
	"+world\n";

static void put(const char *rel, const void *data, size_t len)
{
	char *path = xasprintf("%s/%s", tmp, rel);

	if (write_file(path, data, len) < 0)
		diag("cannot write %s", path);
	free(path);
}

/* Run fn(arg) with stderr into a string (allocated). */
static char *stderr_of(int (*fn)(const char *, struct series *), const char *arg,
		       struct series *s, int *ret)
{
	char *path = xasprintf("%s/stderr", tmp);
	struct strbuf sb = STRBUF_INIT;
	int saved = stderr_to(path);

	*ret = fn(arg, s);
	stderr_back(saved);
	strbuf_read_file(&sb, path);
	free(path);
	diag("stderr: %s", sb.buf);
	return strbuf_detach(&sb, NULL);
}

static void test_strip_level(void)
{
	char *repo = xasprintf("%s/repo", tmp), *dir = xasprintf("%s/quilt", tmp);
	struct series s;
	char *msg = NULL, *out;
	struct strbuf text = STRBUF_INIT;
	int ret;

	mkdir_p(dir);
	put("quilt/01.patch", p0_patch, sizeof(p0_patch) - 1);
	put("quilt/series", "01.patch -p0   # made with diff -u\n", 35);
	is_int(series_load(dir, &s), 0, "a quilt series with -p0 loads");
	is_int(s.npatches ? s.patches[0].strip : -1, 0, "its strip level is 0");

	git(NULL, NULL, "init", "-q", repo, NULL);
	out = xasprintf("%s/sub", repo);
	mkdir_p(out);
	free(out);
	put("repo/sub/hello.txt", "hello\n", 6);
	git(repo, NULL, "add", "sub/hello.txt", NULL);
	git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base",
	    NULL);
	is_int((int)series_apply(repo, &s, &msg), 1, "git am -p0 applies the -p0 patch");
	if (msg)
		diag("git am: %s", msg);
	free(msg);
	out = xasprintf("%s/sub/hello.txt", repo);
	strbuf_read_file(&text, out);
	is_str(text.buf, "hello\nworld\n", "and the file changed");
	strbuf_release(&text);
	free(out);
	series_free(&s);

	put("quilt/series", "01.patch -p1\n", 13);
	series_load(dir, &s);
	is_int(s.npatches ? s.patches[0].strip : -1, 1, "-p1 is 1");
	series_free(&s);

	put("quilt/series", "01.patch\n", 9);
	series_load(dir, &s);
	is_int(s.npatches ? s.patches[0].strip : -1, 1, "no option is 1");
	series_free(&s);

	static const char *const bad[] = { "-p", "-px", "-p1x", "-p-1", "-p17", "-p 1", "-R",
					   "--p1", "-p+1", "-p 0x1" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *line = xasprintf("01.patch %s\n", bad[i]);

		put("quilt/series", line, strlen(line));
		out = stderr_of(series_load, dir, &s, &ret);
		ok(ret == -1 && strstr(out, "series:1") && s.npatches == 0,
		   "'%s' is refused, naming the line", bad[i]);
		free(out);
		free(line);
		series_free(&s);
	}
	free(repo);
	free(dir);
}

static void test_nul_subject(void)
{
	static const char patch[] = "From: A <a@example.org>\nSubject: [PATCH] a\0b\n\n---\n"
				    "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n";
	char *dir = xasprintf("%s/nul", tmp), *out;
	struct series s;
	int ret;

	mkdir_p(dir);
	put("nul/0001-a.patch", patch, sizeof(patch) - 1);
	out = stderr_of(series_load, dir, &s, &ret);
	is_int(ret, -1, "a NUL byte in a subject is refused");
	ok(strstr(out, "NUL") && strstr(out, "Subject") && strstr(out, "line 2"),
	   "the message says what and where");
	ok(!strstr(out, "not a patch"), "and does not call it not a patch");
	free(out);
	free(dir);
}

static void test_mbox_error(void)
{
	static const char good[] = "From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\n"
				   "Subject: [PATCH 1/2] ok\n\n---\n--- a/x\n+++ b/x\n"
				   "@@ -1 +1 @@\n-a\n+b\n\n";
	static const char bad[] = "From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\n"
				  "Subject: [PATCH 2/2] words only\n\nno diff here\n";
	char *mbox = xasprintf("%s/user.mbox", tmp), *split = xasprintf("%s/split", tmp);
	char *text = xasprintf("%s%s", good, bad), *out;
	struct strbuf ls = STRBUF_INIT;
	struct series s;
	int ret;

	mkdir_p(split);
	setenv("TMPDIR", split, 1);
	write_file(mbox, text, strlen(text));
	out = stderr_of(series_load, mbox, &s, &ret);
	is_int(ret, -1, "an mbox with a message without a diff is an error");
	ok(strstr(out, mbox) && strstr(out, "message 2"), "it names the user's mbox and message");
	ok(!strstr(out, "bisectable-mbox."), "not the temporary split file");
	ok(s.split_dir == NULL && s.npatches == 0, "the series is left empty");
	run_capture(split, &ls, (const char *const[]){ "ls", "-A", ".", NULL });
	is_str(ls.buf, "", "no split directory is left behind");
	unsetenv("TMPDIR");
	strbuf_release(&ls);
	free(out);
	free(text);
	free(mbox);
	free(split);
}

/* An mbox of a thread: each patch's Message-ID and the thread above it. */
static void test_mbox_thread(void)
{
	static const char mails[] =
		"From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\n"
		"Subject: [PATCH 1/2] one\nMessage-Id: <20240101.1-a@example.org>\n"
		"In-Reply-To: <cover.0@example.org>\n"
		"References: <v1.0@example.org>\n <cover.0@example.org>\n\n"
		"---\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\n"
		"From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\n"
		"Subject: [PATCH 2/2] two\nMESSAGE-ID:\n\t<20240101.2-a@example.org>\n"
		"In-Reply-To: <cover.0@example.org> (A's message)\n\n"
		"---\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-b\n+c\n\n";
	char *mbox = xasprintf("%s/thread.mbox", tmp), *ids;
	struct series s;

	write_file(mbox, mails, strlen(mails));
	ok(series_load(mbox, &s) == 0 && s.npatches == 2, "an mbox of two patch mails");
	if (s.npatches == 2) {
		is_str(s.patches[0].message_id, "<20240101.1-a@example.org>",
		       "patch 1: its Message-Id");
		is_str(s.patches[0].references, "<v1.0@example.org> <cover.0@example.org>",
		       "patch 1: References, unfolded, over In-Reply-To");
		is_str(s.patches[1].message_id, "<20240101.2-a@example.org>",
		       "patch 2: a folded MESSAGE-ID header");
		is_str(s.patches[1].references, "<cover.0@example.org>",
		       "patch 2: no References: In-Reply-To, without its comment");
	}
	series_free(&s);

	is_str_free(mail_msg_ids("<a@b>\r\nBcc: x <c d@e> <f@g>", 0), "<a@b> <f@g>",
		    "an id with a space is dropped, header text is not an id");
	ids = mail_msg_ids("<a@b> <c@d> <e@f>", 2);
	is_str(ids, "<c@d> <e@f>", "at most max ids, the last ones");
	free(ids);
	ok(mail_msg_ids("no ids <>", 0) == NULL, "no id: NULL");
	ids = mail_msg_ids("<x\x01y@z> <\xc3\xa9@z>", 0);
	ok(ids == NULL, "control characters and non-ASCII are not in ids");
	free(ids);
	free(mbox);
}

/*
 * An mbox that starts with its cover letter (no diff, patches after it):
 * the cover is kept, never a patch; its To and Cc, and each patch's.
 */
static void test_mbox_cover(void)
{
	static const char cover[] =
		"From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\n"
		"To: M <m@example.org>\nCc: list@example.org,\n \"D, E\" <d@example.org>\n"
		"Subject: [PATCH v2 0/1] sched: the\n title\nMessage-Id: <cover.2@example.org>\n"
		"In-Reply-To: <cover.1@example.org>\n\nThe blurb.\n\n";
	static const char patch[] =
		"From 0 Mon Sep 17 00:00:00 2001\nFrom: A <a@example.org>\nCc: x@example.org\n"
		"Subject: [PATCH v2 1/1] one\nMessage-Id: <p1.2@example.org>\n"
		"In-Reply-To: <cover.2@example.org>\n\n"
		"---\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\n";
	char *mbox = xasprintf("%s/cover.mbox", tmp), *text = xasprintf("%s%s", cover, patch);
	struct series s;
	int ret;

	write_file(mbox, text, strlen(text));
	ok(series_load(mbox, &s) == 0 && s.npatches == 1, "a cover letter and one patch: one patch");
	is_str(s.cover.message_id, "<cover.2@example.org>", "the cover letter's Message-Id is kept");
	is_str(s.cover.references, "<cover.1@example.org>", "and the thread above it");
	is_str(s.cover_subject, "[PATCH v2 0/1] sched: the title", "its subject as sent, one line");
	is_str(s.cover.to_cc, "M <m@example.org>, list@example.org, \"D, E\" <d@example.org>",
	       "its To and Cc");
	is_str(s.npatches ? s.patches[0].to_cc : NULL, "x@example.org", "the patch's Cc");
	series_free(&s);
	/* Only a cover letter: nothing to verify, still an error. */
	write_file(mbox, cover, strlen(cover));
	fflush(stderr);
	ret = series_load(mbox, &s);
	ok(ret == -1, "an mbox of a cover letter alone is refused");
	series_free(&s);
	free(text);
	free(mbox);
}

/*
 * A README.md beside the patches (patches/sched-smp-up-6.12/ has one) is
 * not a patch: quilt reads only its series file, numbered patches end in
 * .patch.
 */
static void test_readme_beside(void)
{
	char *dir = xasprintf("%s/documented", tmp);
	static const char readme[] = "# A series\n\nIts figures.\n";
	struct series s;

	mkdir_p(dir);
	put("documented/0001-hello.patch", p0_patch, sizeof(p0_patch) - 1);
	put("documented/README.md", readme, sizeof(readme) - 1);
	put("documented/metrics", "unit x lines lower\n", 19);
	is_int(series_load(dir, &s), 0, "numbered patches with a README.md load");
	is_int((int)s.npatches, 1, "the README.md is not one of them");
	series_free(&s);

	put("documented/series", "0001-hello.patch -p0\n", 21);
	is_int(series_load(dir, &s), 0, "a quilt series with a README.md loads");
	is_int((int)s.npatches, 1, "its README.md is not a patch either");
	series_free(&s);
	free(dir);
}

/* The three kinds of series, a subject unfolded, and what is refused. */
static void test_load(void)
{
	/* A series directory that does not load: its one file, and why. */
	static const struct {
		const char *file;
		const char *text;
		const char *why;
	} refused[] = {
		{ "bad/0001-x.patch", "Subject: [PATCH] no diff here\n\njust words\n",
		  "a patch without a diff is an error" },
		{ "escape/series", "../../etc/passwd\n",
		  "a series entry leaving the directory is refused" },
	};
	struct series s;
	FILE *f;
	char dir[] = "/tmp/bisectable-test.XXXXXX";
	char *path;
	size_t i;

	is_str_free(patch_subject("From 123 Mon Sep 17 00:00:00 2001\nFrom: A <a@b>\n"
				  "Subject: [PATCH v2 03/43] sched: Clean up\n and continue\n\nbody\n"),
		    "sched: Clean up and continue", "subject: prefix removed, unfolded");
	is_str_free(patch_subject("Subject: [RFC][PATCH] x <script>\n\n"), "x <script>",
		    "several bracket prefixes removed, text kept as is");

	is_int(series_load("tests/fixtures/up-build-break", &s), 0, "numbered *.patch directory");
	is_str(s.kind, "patches", "its kind");
	is_int((int)s.npatches, 4, "four patches");
	if (s.npatches == 4) {
		is_str(s.patches[1].subject,
		       "sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu()",
		       "second patch's subject, in order");
		is_str(s.patches[0].author, "Fixture Author <fixture@example.org>", "its author");
	}
	series_free(&s);

	is_int(series_load("tests/fixtures/apply-fail", &s), 0, "quilt directory");
	is_str(s.kind, "quilt", "its kind");
	is_int((int)s.npatches, 3, "series file order, comments skipped, -p1 read");
	if (s.npatches == 3)
		ok(strstr(s.patches[1].path, "02-stale-context.patch") != NULL, "second one");
	series_free(&s);

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	/* An mbox made of the four fixture patches. */
	path = xasprintf("%s/series.mbox", dir);
	f = fopen(path, "w");
	if (f) {
		struct series src;

		series_load("tests/fixtures/up-build-break", &src);
		for (i = 0; i < src.npatches; i++) {
			struct strbuf t = STRBUF_INIT;

			strbuf_read_file(&t, src.patches[i].path);
			fwrite(t.buf, 1, t.len, f);
			strbuf_release(&t);
		}
		series_free(&src);
		fclose(f);
	}
	is_int(series_load(path, &s), 0, "an mbox");
	is_str(s.kind, "mbox", "its kind");
	is_int((int)s.npatches, 4, "split into four messages by git mailsplit");
	if (s.npatches == 4)
		is_str(s.patches[3].subject,
		       "sched/core: Say users, not consumers, of nr_iowait_cpu()",
		       "the last one's subject");
	series_free(&s);
	free(path);

	path = xasprintf("%s/empty", dir);
	mkdir_p(path);
	is_int(series_load(path, &s), -1, "an empty directory is an error");
	series_free(&s);
	free(path);

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		put_file(dir, refused[i].file, refused[i].text);
		path = xasprintf("%s/%.*s", dir, (int)strcspn(refused[i].file, "/"),
				 refused[i].file);
		is_int(series_load(path, &s), -1, "%s", refused[i].why);
		series_free(&s);
		free(path);
	}
	remove_tree(dir);
}

/*
 * A patch whose Subject is 3 MB: git am applies it (git keeps any subject),
 * or the series is refused up front saying why; never "does not apply:
 * Argument list too long" from an exec that carried the subject.
 */
static void test_huge_subject(void)
{
	char *repo = xasprintf("%s/big-repo", tmp), *dir = xasprintf("%s/big", tmp);
	size_t big = 3 << 20;
	struct strbuf patch = STRBUF_INIT;
	struct series s;
	char *msg = NULL, *out;
	int ret;

	mkdir_p(dir);
	strbuf_addstr(&patch, "From: A <a@example.org>\nSubject: [PATCH] ");
	strbuf_grow(&patch, big);
	memset(patch.buf + patch.len, 'x', big);
	patch.len += big;
	patch.buf[patch.len] = '\0';
	strbuf_addstr(&patch, "\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\n---\n"
		      "--- a/hello.txt\n+++ b/hello.txt\n@@ -1 +1,2 @@\n hello\n+world\n");
	put("big/0001-big.patch", patch.buf, patch.len);
	put("big/0002-small.patch", p0_patch, sizeof(p0_patch) - 1);
	out = stderr_of(series_load, dir, &s, &ret);
	free(out);
	git(NULL, NULL, "init", "-q", repo, NULL);
	put("big-repo/hello.txt", "hello\n", 6);
	mkdir_p(out = xasprintf("%s/sub", repo));
	free(out);
	put("big-repo/sub/hello.txt", "hello\n", 6);
	git(repo, NULL, "add", "hello.txt", "sub/hello.txt", NULL);
	git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base",
	    NULL);
	if (!ret) {
		struct argv_array shas = ARGV_ARRAY_INIT;
		struct strbuf base = STRBUF_INIT;
		char *git_dir = xasprintf("%s/.git", repo);

		s.patches[1].strip = 0;
		/* As 'configs SERIES' commits it: objects only, the subject a message. */
		git(repo, &base, "rev-parse", "HEAD", NULL);
		is_int((int)series_commit_objects(git_dir, base.buf, &s, &shas, &msg), 2,
		       "a 3 MB subject is committed as an object, and the patch after it");
		if (msg)
			diag("commit objects: %.200s", msg);
		ok(!msg, "without a reason to fail");
		free(msg);
		msg = NULL;
		argv_clear(&shas);
		strbuf_release(&base);
		free(git_dir);
		is_int((int)series_apply(repo, &s, &msg), 2,
		       "a 3 MB subject applies, and after it");
		if (msg)
			diag("git am: %s", msg);
		ok(!msg || !strstr(msg, "Argument list too long"), "no exec carried the subject");
		series_free(&s);
	} else {
		ok(1, "a 3 MB subject is refused up front");
	}
	free(msg);
	strbuf_release(&patch);
	free(repo);
	free(dir);
}

int main(void)
{
	tmp = scratch_git_tmp("series");
	test_load();
	test_strip_level();
	test_huge_subject();
	test_nul_subject();
	test_mbox_error();
	test_mbox_thread();
	test_mbox_cover();
	test_readme_beside();
	remove_tree(tmp);
	return done_testing();
}
