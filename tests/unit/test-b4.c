// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of b4.c on a cover letter commit made the way b4 prep makes
 * it (no b4 needed; tests/e2e/79-b4-prep-fake.t uses Debian's b4): what is
 * read from it (title, change-id, revision, prefixes, the revision sent,
 * To: and Cc: lines, one with a line break dropped), a range that starts
 * with it and one that does not, a commit with the marker that is not
 * empty, and the graft in a clone: the cover letter out of base..tip, the
 * shas kept, and gone again for a range that does not start with it.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/b4.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static const char letter[] =
	"sched: fold the UP paths\n\n"
	"The letter.\n\n"
	"To: Maintainer <m@example.org>\n"
	"Cc: list@example.org, \"Doe, Jane\" <jane@example.org>\n"
	"Signed-off-by: Ann <ann@example.org>\n\n"
	B4_MARKER "\n"
	"# This section is used internally by b4 prep for tracking purposes.\n"
	"{\n  \"series\": {\n    \"revision\": 3,\n"
	"    \"change-id\": \"20261207-fold-0123456789ab\",\n"
	"    \"base-branch\": \"master\",\n    \"prefixes\": [\"RFC\"],\n"
	"    \"history\": {\"v1\": [\"v1-cover@example.org\"],"
	" \"v2\": [\"v2-first@example.org\", \"v2-cover@example.org\"]}\n  }\n}\n";

static char *rev(const char *repo, const char *what)
{
	struct strbuf out = STRBUF_INIT;

	git(repo, &out, "rev-parse", what, NULL);
	return strbuf_detach(&out, NULL);
}

static void test_find(const char *repo)
{
	struct series_mail sm;
	struct b4_prep b;
	char *base = rev(repo, "HEAD~3"), *cover = rev(repo, "HEAD~2"), *name;

	is_int(b4_prep_find(repo, base, "HEAD", &b), 1, "a range that starts with the cover letter");
	is_str(b.cover, cover, "its cover letter commit");
	is_str(b.base, base, "the base: its parent");
	is_str(b.title, "sched: fold the UP paths", "the title");
	is_str(b.change_id, "20261207-fold-0123456789ab", "the change-id");
	is_int(b.revision, 3, "the revision");
	is_int(b.npatches, 2, "two patches after it");
	is_str(b.sent, "<v2-cover@example.org>", "the last revision sent: its cover letter");
	is_str(b.author, "Ann <ann@example.org>", "the author");
	is_int(b.mail.ncc, 3, "the To: and Cc: lines: three addresses");
	name = b4_series_name(&b, "b4/fold");
	is_str(name, "b4/fold: sched: fold the UP paths (b4 change-id 20261207-fold-0123456789ab, v3)",
	       "the series' name");
	free(name);
	b4_series_mail(&b, "b4/fold", &sm);
	is_str(sm.thread, "<v2-cover@example.org>", "the mail goes under v2's cover letter");
	is_str(sm.subject, "[PATCH RFC v2 0/2] sched: fold the UP paths", "under b4's subject");
	is_str(sm.ncc > 1 ? sm.cc[1] : NULL, "list@example.org", "the Cc list");
	series_mail_free(&sm);
	b4_prep_free(&b);

	is_int(b4_prep_find(repo, NULL, "HEAD", &b), 1, "--b4: found on the branch");
	is_str(b.cover, cover, "the same cover letter");
	b4_prep_free(&b);
	is_int(b4_prep_find(repo, cover, "HEAD", &b), 0, "a range after it is no b4 branch");
	is_int(b4_prep_find(repo, NULL, "HEAD~3", &b), 0, "nor a branch without one");
	free(base);
	free(cover);
}

static void test_graft(const char *dir, const char *repo)
{
	char *clone = xasprintf("%s/clone", dir), *base = rev(repo, "HEAD~3");
	char *first = rev(repo, "HEAD~1"), *tip = rev(repo, "HEAD");
	char *range = xasprintf("%s..%s", base, tip);
	struct strbuf out = STRBUF_INIT;

	git(NULL, NULL, "clone", "-q", "--shared", repo, clone, NULL);
	is_int(b4_graft(clone, base, tip), 0, "b4_graft");
	git(clone, &out, "rev-list", "--count", range, NULL);
	is_str(out.buf, "2", "in the clone base..tip is the two patches");
	git(clone, &out, "rev-list", "--reverse", range, NULL);
	ok(!strncmp(out.buf, first, strlen(first)), "the first patch keeps its sha");
	git(repo, &out, "for-each-ref", "refs/replace/", NULL);
	is_str(out.buf, "", "the user's repository has no graft");
	/* A range that does not start with a cover letter: the graft is gone. */
	is_int(b4_graft(clone, first, tip), 0, "b4_graft of another range");
	git(clone, &out, "for-each-ref", "refs/replace/", NULL);
	is_str(out.buf, "", "no graft left in the clone");
	git(clone, &out, "rev-list", "--count", range, NULL);
	is_str(out.buf, "3", "history as it is");
	strbuf_release(&out);
	free(range);
	free(clone);
	free(base);
	free(first);
	free(tip);
}

int main(void)
{
	char dir[] = "/tmp/bisectable-b4.XXXXXX";
	char *repo, *msg;
	struct b4_prep b;

	if (scratch_git_dir(dir))
		return 1;
	repo = xasprintf("%s/repo", dir);
	git(NULL, NULL, "init", "-q", repo, NULL);
	commit_file(repo, "a", "a\n", "base");
	msg = xasprintf("%s/letter", dir);
	write_file(msg, letter, strlen(letter));
	git(repo, NULL, "-c", "user.name=Ann", "-c", "user.email=ann@example.org", "commit", "-q",
	    "--allow-empty", "-F", msg, NULL);
	commit_file(repo, "b", "b\n", "one");
	commit_file(repo, "c", "c\n", "two");
	test_find(repo);
	test_graft(dir, repo);
	/* The marker in a commit that changes files, as b4 looks (the latest): none. */
	commit_file(repo, "d", "d\n", "not a cover\n\n" B4_MARKER "\n{}");
	is_int(b4_prep_find(repo, NULL, "HEAD", &b), 0,
	       "the latest commit with the marker changes files: no cover letter");
	remove_tree(dir);
	free(msg);
	free(repo);
	return done_testing();
}
