// SPDX-License-Identifier: GPL-2.0
/* step-run.c - a step's ties to its run (see step-run.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db-run.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "step/qemu.h"
#include "step/step-run.h"

int step_argv_bisect_run(int argc, const char **argv)
{
	static const char name[] = "bisect-run";
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		size_t len;

		if (strncmp(arg, "--", 2))
			continue;
		arg += 2;
		len = strcspn(arg, "=");
		if (len && len < sizeof(name) && !strncmp(arg, name, len))
			return 1;
	}
	return 0;
}

static void on_signal(int sig)
{
	/* Take the build or the guest down with us; the run cleans the rest. */
	child_signal_current(SIGKILL);
	qemu_kill_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

void step_catch_signals(void)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
}

/* Is 'bisectable run' still there? Its alive pipe has no EOF. */
static int run_is_alive(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char c;

	if (poll(&p, 1, 0) <= 0)
		return 1;
	return read(fd, &c, 1) > 0;
}

/* The run died (even by kill -9): end this step and its process group. */
static void *watch_run(void *arg)
{
	struct pollfd p = { .fd = *(int *)arg, .events = POLLIN };
	char c;

	while (poll(&p, 1, -1) < 0 || (p.revents && read(p.fd, &c, 1) > 0))
		;
	kill(0, SIGTERM);
	return NULL;
}

int step_watch_run(void)
{
	static int fd;
	const char *s = getenv("BISECTABLE_RUN_FD");
	pthread_t thread;

	if (!s)
		return 0;
	if (parse_int(s, 3, INT_MAX, &fd) || fcntl(fd, F_GETFD) < 0)
		return error("BISECTABLE_RUN_FD=%s is no open file", s);
	if (!run_is_alive(fd))
		return error("the run that started this step is gone");
	if (pthread_create(&thread, NULL, watch_run, &fd))
		return error("cannot watch the run: %s", strerror(errno));
	pthread_detach(thread);
	return 0;
}

void step_load_run(sqlite3 *db, const char *db_path, long long run_id, struct run_info *run,
		   struct run_config *rc)
{
	if (db_load_run(db, run_id, run))
		die("no run %lld in %s", run_id, db_path);
	if (run_config_from_json(run->options, rc))
		die("run %lld in %s has no run configuration this bisectable can read", run_id,
		    db_path);
}

int step_is_last_pick(const char *work_dir)
{
	struct strbuf path = STRBUF_INIT, todo = STRBUF_INIT;
	const char *p;
	int last = -1;

	if (git_quiet(work_dir, &path, "rev-parse", "--git-path", "rebase-merge/git-rebase-todo",
		      NULL) || !path.len)
		goto out;
	if (path.buf[0] != '/') {
		char *abs = xasprintf("%s/%s", work_dir, path.buf);

		strbuf_reset(&path);
		strbuf_addstr(&path, abs);
		free(abs);
	}
	if (strbuf_read_file(&todo, path.buf) < 0) {
		error("cannot read the rebase's todo list %s", path.buf);
		goto out;
	}
	last = 1;
	for (p = todo.buf; *p; ) {
		if (!strncmp(p, "pick ", 5) || !strncmp(p, "p ", 2))
			last = 0;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
out:
	strbuf_release(&path);
	strbuf_release(&todo);
	return last;
}

void step_finish_run(sqlite3 *db, long long run_id, int position, const char *sha)
{
	db_commits_drop_after(db, run_id, position);
	db_finish_run(db, run_id, "done", sha);
}
