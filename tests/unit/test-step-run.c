// SPDX-License-Identifier: GPL-2.0
/*
 * step-run.c: the rebase's last pick (read from its todo list), and a step
 * that refuses to start without the run that started it.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util.h"
#include "step/step-run.h"
#include "tap.h"
#include "lib/run-command.h"

static void put_todo(const char *repo, const char *text)
{
	char *dir = xasprintf("%s/.git/rebase-merge", repo);
	char *path = xasprintf("%s/git-rebase-todo", dir);

	if (mkdir_p(dir) || write_file(path, text, strlen(text)))
		die("cannot write %s", path);
	free(path);
	free(dir);
}

static int bisect_run_in(const char *a, const char *b)
{
	const char *argv[] = { "step", a, b, NULL };

	return step_argv_bisect_run(b ? 3 : 2, argv);
}

/* Every spelling of --bisect-run getopt_long takes makes the step git bisect's. */
static void argv_cases(void)
{
	is_int(bisect_run_in("--bisect-run", NULL), 1, "--bisect-run");
	is_int(bisect_run_in("--bisect", NULL), 1, "--bisect, an abbreviation");
	is_int(bisect_run_in("--bi", NULL), 1, "--bi");
	is_int(bisect_run_in("--b", NULL), 1, "--b, ambiguous with --base: still 128");
	is_int(bisect_run_in("--bisect-run=1", NULL), 1, "--bisect-run=1, a value");
	is_int(bisect_run_in("--stage", "--bisect-r"), 1, "anywhere in argv");
	is_int(bisect_run_in("--", "--bisect-run"), 1, "after --, too");
	is_int(bisect_run_in("--bisect-runs", NULL), 0, "not a longer name");
	is_int(bisect_run_in("--base", NULL), 0, "not --base");
	is_int(bisect_run_in("-bisect-run", NULL), 0, "not with one dash");
	is_int(bisect_run_in("--", NULL), 0, "not -- alone");
	is_int(bisect_run_in("--=x", NULL), 0, "not an empty name");
}

int main(void)
{
	char repo[] = "/tmp/bisectable-step-run.XXXXXX";
	char fd_text[16];
	int fds[2];

	if (!mkdtemp(repo) || git(repo, NULL, "init", "-q", NULL))
		die("cannot make a repository");
	is_int(step_is_last_pick(repo), -1, "no todo list: not known, never the last");
	put_todo(repo, "exec bisectable step --run 1\npick 1234567 two\nexec bisectable step\n");
	is_int(step_is_last_pick(repo), 0, "a pick left: not the last");
	put_todo(repo, "p 1234567 two\n");
	is_int(step_is_last_pick(repo), 0, "p is a pick too");
	put_todo(repo, "exec bisectable step --run 1\n# pick in a comment\n");
	is_int(step_is_last_pick(repo), 1, "only execs left: the last");
	put_todo(repo, "");
	is_int(step_is_last_pick(repo), 1, "an empty todo list: the last");

	unsetenv("BISECTABLE_RUN_FD");
	is_int(step_watch_run(), 0, "not started by a run: nothing to watch");
	setenv("BISECTABLE_RUN_FD", "x", 1);
	is_int(step_watch_run(), -1, "a BISECTABLE_RUN_FD that is no number");
	setenv("BISECTABLE_RUN_FD", "999", 1);
	is_int(step_watch_run(), -1, "one that is no open file");
	if (pipe(fds))
		die("pipe failed");
	close(fds[1]);
	snprintf(fd_text, sizeof(fd_text), "%d", fds[0]);
	setenv("BISECTABLE_RUN_FD", fd_text, 1);
	is_int(step_watch_run(), -1, "the run is gone (its end of the pipe closed)");
	close(fds[0]);
	unsetenv("BISECTABLE_RUN_FD");
	remove_tree(repo);
	argv_cases();
	return done_testing();
}
