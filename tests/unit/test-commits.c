// SPDX-License-Identifier: GPL-2.0
/*
 * commits.c: the commits of a range of a repository, oldest first, with
 * their subjects; TIP left out is HEAD; what is not a range, a name that is
 * not a revision or an option, an empty range.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/commits.h"
#include "lib/util.h"
#include "tap.h"
#include "lib/run-command.h"

static void commit_file(const char *repo, const char *name, const char *text, const char *msg)
{
	char *path = xasprintf("%s/%s", repo, name);

	if (write_file(path, text, strlen(text)) || git(repo, NULL, "add", name, NULL) ||
	    git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit",
		"-q", "-m", msg, NULL))
		die("cannot commit %s", name);
	free(path);
}

static void check(const char *repo, const char *range, int want_ret, size_t want_n,
		  const char *first_subject, const char *what)
{
	struct argv_array shas = ARGV_ARRAY_INIT, subjects = ARGV_ARRAY_INIT;
	int ret = commits_of_range(repo, range, &shas, &subjects);

	ok(ret == want_ret && shas.argc == want_n && subjects.argc == want_n &&
	   (!first_subject || (want_n && !strcmp(subjects.argv[0], first_subject))),
	   "%s: %s (%d, %zu commits)", range, what, ret, shas.argc);
	ok(!shas.argc || strlen(shas.argv[0]) == 40, "%s: full object names", range);
	argv_clear(&shas);
	argv_clear(&subjects);
}

int main(void)
{
	char repo[] = "/tmp/bisectable-commits.XXXXXX";

	if (!mkdtemp(repo))
		die("mkdtemp failed");
	if (git(repo, NULL, "init", "-q", NULL))
		die("git init failed");
	commit_file(repo, "a", "a\n", "base");
	if (git(repo, NULL, "tag", "base", NULL))
		die("git tag failed");
	commit_file(repo, "b", "b\n", "one: b");
	commit_file(repo, "c", "c\n", "two: c");

	check(repo, "base..HEAD", 0, 2, "one: b", "two commits, the oldest first");
	check(repo, "base..", 0, 2, "one: b", "TIP left out is HEAD");
	check(repo, "HEAD~1..HEAD", 0, 1, "two: c", "one commit");
	check(repo, "HEAD..HEAD", -1, 0, NULL, "an empty range is an error");
	check(repo, "base", -1, 0, NULL, "not a range");
	check(repo, "nosuch..HEAD", -1, 0, NULL, "a name that is no revision");
	check(repo, "--all..HEAD", -1, 0, NULL, "an option is never a revision");
	remove_tree(repo);
	return done_testing();
}
