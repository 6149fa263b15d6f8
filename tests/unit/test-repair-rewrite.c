// SPDX-License-Identifier: GPL-2.0
/*
 * repair-rewrite.c: candidates made as git objects only. A hunk moved into
 * the first bad commit reaches every commit up to the fix, the fix left
 * empty is dropped and said, the tip tree is the same; a reorder puts the
 * fix first; the author and message are kept with a trailer; a patch that
 * does not apply says where; no work tree, index or ref changes.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/repair-rewrite.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "tap.h"

static void commit_file(const char *repo, const char *name, const char *text, const char *msg)
{
	char *path = xasprintf("%s/%s", repo, name);

	if (write_file(path, text, strlen(text)) || git(repo, NULL, "add", name, NULL) ||
	    git(repo, NULL, "-c", "user.name=Ann Author", "-c", "user.email=ann@example.org",
		"commit", "-q", "-m", msg, NULL))
		die("cannot commit %s", name);
	free(path);
}

static char *rev(const char *repo, const char *what)
{
	struct strbuf out = STRBUF_INIT;

	git(repo, &out, "rev-parse", what, NULL);
	return strbuf_detach(&out, NULL);
}

static void check_move(const struct repair_series *s, const char *repo)
{
	struct repair_candidate c = { REPAIR_MOVE_HUNK, 0 };
	struct repair_series out;
	struct strbuf why = STRBUF_INIT, msg = STRBUF_INIT, author = STRBUF_INIT;
	struct repair_hunks h;
	char *head = rev(repo, "HEAD");

	repair_commit_diff(s, 3, &msg);
	repair_hunks_parse(msg.buf, &h);
	strbuf_reset(&msg);
	ok(repair_rewrite(s, 1, 3, &c, &h, &out, &why) == 0, "a hunk moves (%s)", why.buf);
	is_int((int)out.n, 2, "the fix, left empty, is dropped");
	is_int((int)out.dropped.argc, 1, "and said");
	is_str(out.dropped.argc ? out.dropped.argv[0] : "", "3/3 \"define x\"", "as which");
	is_str(out.v[1].tree, s->v[2].tree, "the tip tree is the original's");
	ok(strcmp(out.v[0].tree, s->v[0].tree) != 0 && out.v[0].changed,
	   "the first bad commit has the hunk");
	git(repo, &msg, "log", "-1", "--format=%B", out.v[0].sha, NULL);
	is_str(msg.buf, "call x\n\n[bisectable: moved the hunk at b.c:2 from \"define x\"]",
	       "its message is kept, with the trailer");
	git(repo, &author, "log", "-1", "--format=%an <%ae> %at", out.v[0].sha, NULL);
	strbuf_reset(&msg);
	git(repo, &msg, "log", "-1", "--format=%an <%ae> %at", s->v[0].sha, NULL);
	is_str(author.buf, msg.buf, "its author and date are kept");
	free(head);
	head = rev(repo, "HEAD");
	is_str(head, s->v[2].sha, "HEAD did not move");
	strbuf_reset(&msg);
	git(repo, &msg, "status", "--porcelain", NULL);
	is_str(msg.buf, "", "the work tree and index are untouched");
	repair_series_free(&out);
	repair_hunks_free(&h);
	strbuf_release(&why);
	strbuf_release(&msg);
	strbuf_release(&author);
	free(head);
}

static void check_reorder_and_fail(const struct repair_series *s, const char *repo)
{
	struct repair_candidate c = { REPAIR_REORDER, 0 };
	struct repair_series out;
	struct strbuf why = STRBUF_INIT, diff = STRBUF_INIT;
	struct repair_hunks h;

	repair_commit_diff(s, 3, &diff);
	repair_hunks_parse(diff.buf, &h);
	ok(repair_rewrite(s, 1, 3, &c, &h, &out, &why) == 0, "the fix moves first (%s)", why.buf);
	ok(out.n == 3 && !strcmp(out.v[0].subject, "define x") &&
	   !strcmp(out.v[1].subject, "call x"), "before the first bad commit");
	is_str(out.v[2].tree, s->v[2].tree, "the tip tree is the original's");
	repair_series_free(&out);
	repair_hunks_free(&h);

	strbuf_reset(&diff);
	repair_commit_diff(s, 2, &diff);
	repair_hunks_parse(diff.buf, &h);
	c.kind = REPAIR_MOVE_HUNK;
	strbuf_reset(&why);
	/* A new file's hunk moves anywhere: "add c" is left empty. */
	ok(repair_rewrite(s, 1, 2, &c, &h, &out, &why) == 0 && out.n == 2 &&
	   !strcmp(out.v[1].subject, "define x"), "a new file moves, its commit dropped");
	is_str(out.v[1].tree, s->v[2].tree, "the tip tree is the original's");
	repair_series_free(&out);
	repair_hunks_free(&h);
	strbuf_release(&diff);
	strbuf_release(&why);
}

static void check_no_apply(const struct repair_series *s)
{
	struct repair_candidate c = { REPAIR_MOVE_HUNK, 0 };
	struct repair_hunks h;
	struct repair_series out;
	struct strbuf why = STRBUF_INIT;

	repair_hunks_parse("diff --git a/b.c b/b.c\n--- a/b.c\n+++ b/b.c\n"
			   "@@ -1,2 +1,2 @@\n nothing\n-like this\n+at all\n", &h);
	ok(repair_rewrite(s, 1, 3, &c, &h, &out, &why) == -1, "a hunk that does not apply");
	ok(!strncmp(why.buf, "it does not apply at 1/3: ", 26), "says where: %s", why.buf);
	repair_series_free(&out);
	repair_hunks_free(&h);
	strbuf_release(&why);
}

int main(void)
{
	char tmpl[] = "/tmp/test-repair-rewrite.XXXXXX";
	char *dir = mkdtemp(tmpl), *repo, *scratch, *base;
	const char *shas[3];
	struct repair_series s;

	repo = xasprintf("%s/repo", dir);
	scratch = xasprintf("%s/scratch", dir);
	mkdir_p(repo);
	mkdir_p(scratch);
	git(NULL, NULL, "init", "-q", repo, NULL);
	commit_file(repo, "b.c", "b1\nb2\nb3\n", "base");
	base = rev(repo, "HEAD");
	commit_file(repo, "a.c", "call x\n", "call x");
	shas[0] = rev(repo, "HEAD");
	commit_file(repo, "c.c", "c\n", "add c");
	shas[1] = rev(repo, "HEAD");
	commit_file(repo, "b.c", "b1\ndefine x\nb2\nb3\n", "define x");
	shas[2] = rev(repo, "HEAD");
	ok(repair_series_load(&s, repo, scratch, base, shas, 3) == 0, "the series loads");
	check_move(&s, repo);
	check_reorder_and_fail(&s, repo);
	check_no_apply(&s);
	repair_series_free(&s);
	remove_tree(dir);
	free(repo);
	free(scratch);
	free(base);
	free((char *)shas[0]);
	free((char *)shas[1]);
	free((char *)shas[2]);
	return done_testing();
}
