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
	return done_testing();
}
