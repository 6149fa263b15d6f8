// SPDX-License-Identifier: GPL-2.0
/* commits.c - the commits of a range or of a series, without a work tree (see commits.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/commits.h"
#include "input/series.h"
#include "lib/run-command.h"

/* A name of the range as rev-parse reads it, never as an option. */
static int resolve(const char *repo, const char *name, struct strbuf *sha)
{
	char *spec;
	int ret;

	if (!*name || *name == '-')
		return error("'%s' is not a revision", name);
	spec = xasprintf("%s^{commit}", name);
	ret = git_quiet(repo, sha, "rev-parse", "--verify", "-q", spec, NULL);
	free(spec);
	return ret ? error("cannot resolve %s in %s", name, repo) : 0;
}

/* The commits of base..tip, oldest first, and their subjects. */
static int range_commits(const char *repo, const char *range, const char *base, const char *tip,
			 struct argv_array *shas, struct argv_array *subjects)
{
	struct strbuf list = STRBUF_INIT, subject = STRBUF_INIT;
	char *span = xasprintf("%s..%s", base, tip);
	const char *p;
	int ret = -1;

	if (git(repo, &list, "rev-list", "--reverse", "--topo-order", span, NULL))
		goto out;
	if (!list.len) {
		error("%s holds no commit", range);
		goto out;
	}
	for (p = list.buf; *p; ) {
		const char *eol = strchrnul(p, '\n');
		char *sha = xstrndup(p, eol - p);

		if (git(repo, &subject, "log", "-1", "--format=%s", sha, NULL)) {
			free(sha);
			goto out;
		}
		argv_push(shas, sha);
		argv_push(subjects, subject.buf);
		free(sha);
		p = *eol ? eol + 1 : eol;
	}
	ret = 0;
out:
	free(span);
	strbuf_release(&list);
	strbuf_release(&subject);
	return ret;
}

int commits_of_range(const char *repo, const char *range, struct argv_array *shas,
		     struct argv_array *subjects)
{
	struct strbuf base = STRBUF_INIT, tip = STRBUF_INIT;
	const char *dots = strstr(range, "..");
	char *b, *t;
	int ret = -1;

	if (!dots)
		return error("with --repo, give a range BASE..TIP");
	b = xstrndup(range, dots - range);
	t = xstrdup(dots[2] ? dots + 2 : "HEAD");
	if (!resolve(repo, b, &base) && !resolve(repo, t, &tip))
		ret = range_commits(repo, range, base.buf, tip.buf, shas, subjects);
	free(b);
	free(t);
	strbuf_release(&base);
	strbuf_release(&tip);
	return ret;
}

int commits_of_series(const char *path, const char *tarball, struct kernel_base *kb,
		      struct argv_array *shas, struct argv_array *subjects)
{
	struct series s = { 0 };
	char *failed = NULL;
	size_t i, n;
	int ret = -1;

	if (series_load(path, &s))
		return -1;
	if (tree_import(tarball, kb))
		goto out;
	n = series_commit_objects(kb->git_dir, kb->sha, &s, shas, &failed);
	if (n < s.npatches) {
		error("patch %zu (%s) does not apply to %s: %s", n + 1, s.patches[n].path,
		      kb->version, failed ? failed : "?");
		goto out;
	}
	for (i = 0; i < s.npatches; i++)
		argv_push(subjects, s.patches[i].subject);
	ret = 0;
out:
	free(failed);
	series_free(&s);
	return ret;
}

/* Only reads: rev-parse does not touch the user's refs or index. */
int commits_resolve(const char *repo, const char *what, struct strbuf *sha)
{
	char *spec = xasprintf("%s^{commit}", what);
	int ret = git_quiet(repo, sha, "rev-parse", "--verify", "-q", spec, NULL);

	free(spec);
	return ret ? error("cannot resolve %s in %s", what, repo) : 0;
}

/* The base an ancestor of the tip, and at least one commit between them. */
int commits_check_range(const char *repo, const char *range, const char *base, const char *tip)
{
	struct strbuf count = STRBUF_INIT;
	char *span = xasprintf("%s..%s", base, tip);
	int ret = 0;

	if (git_quiet(repo, NULL, "merge-base", "--is-ancestor", base, tip, NULL))
		ret = error("%s: the base is not an ancestor of the tip (a reversed range?)",
			    range);
	else if (git(repo, &count, "rev-list", "--count", span, NULL) ||
		 !strcmp(count.buf, "0"))
		ret = error("%s holds no commit: nothing to verify", range);
	free(span);
	strbuf_release(&count);
	return ret;
}
