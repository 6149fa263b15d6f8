// SPDX-License-Identifier: GPL-2.0
/*
 * run-command.c - child processes from argv arrays, never through a shell:
 * their output to a file or captured, a process group of their own killed
 * as a whole on a timeout or when bisectable dies, and git (run-command.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/run-command.h"
#include "lib/util.h"

/* The group run_child waits for, so that a signal handler can end it. */
static volatile pid_t current_group;

void child_signal_current(int sig)
{
	pid_t pg = current_group;

	if (pg > 0)
		kill(-pg, sig);
}

static void child_setup(struct child *c, int out_fd, int pipe_fd, pid_t parent)
{
	int null_fd;
	size_t i;

	/* The parent may have died between fork and here: then so do we. */
	if (c->die_with_parent &&
	    (prctl(PR_SET_PDEATHSIG, SIGTERM) < 0 || getppid() != parent))
		_exit(128 + SIGTERM);
	if (c->own_group)
		setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	null_fd = open("/dev/null", O_RDWR);
	if (null_fd >= 0)
		dup2(null_fd, 0);
	if (pipe_fd >= 0) {
		dup2(pipe_fd, 1);
		if (c->capture_stderr)
			dup2(pipe_fd, 2);
		else if (c->quiet && null_fd >= 0)
			dup2(null_fd, 2);
	} else if (out_fd >= 0) {
		dup2(out_fd, 1);
		dup2(out_fd, 2);
	} else if (c->quiet && null_fd >= 0) {
		dup2(null_fd, 1);
		dup2(null_fd, 2);
	}
	if (c->dir && chdir(c->dir) < 0) {
		fprintf(stderr, "%s: cannot chdir to %s: %s\n", progname, c->dir,
			strerror(errno));
		_exit(127);
	}
	for (i = 0; c->env && c->env[i]; i++)
		putenv((char *)c->env[i]);
	execvp(c->argv[0], (char *const *)c->argv);
	fprintf(stderr, "%s: cannot run %s: %s\n", progname, c->argv[0], strerror(errno));
	_exit(127);
}

static int wait_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

/* The whole lines of c->capture to c->on_line, the rest kept; all of it at the end. */
static void stream_lines(struct child *c, int at_end)
{
	struct strbuf *sb = c->capture;
	size_t start = 0;

	if (!c->on_line)
		return;
	while (start < sb->len) {
		char *nl = memchr(sb->buf + start, '\n', sb->len - start);
		size_t len = nl ? (size_t)(nl - (sb->buf + start)) : sb->len - start;

		if (!nl && !at_end)
			break;
		if (nl)
			*nl = '\0';
		c->on_line(sb->buf + start, len, c->on_line_data);
		start += len + (nl ? 1 : 0);
	}
	if (!start)
		return;
	memmove(sb->buf, sb->buf + start, sb->len - start);
	sb->len -= start;
	sb->buf[sb->len] = '\0';
}

/* Read the child's stdout into c->capture until EOF or the deadline (0: none). */
static void capture_output(struct child *c, pid_t pid, int fd, double deadline)
{
	char chunk[8192];
	ssize_t n;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int wait_ms = -1;

		if (deadline) {
			double left = deadline - now_seconds();

			if (left <= 0) {
				c->timed_out = 1;
				kill(-pid, SIGKILL);
				break;
			}
			wait_ms = (int)(left * 1000) + 1;
		}
		if (poll(&pfd, 1, wait_ms) < 0 && errno != EINTR)
			break;
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 && !(n < 0 && errno == EAGAIN))
			break;
		if (n > 0) {
			strbuf_add(c->capture, chunk, n);
			stream_lines(c, 0);
		}
	}
	stream_lines(c, 1);
}

/* Reap the child, killing its group at the deadline; its wait status, or -1. */
static int reap(struct child *c, pid_t pid, double deadline)
{
	int status = 0;

	for (;;) {
		pid_t r = waitpid(pid, &status, deadline && !c->timed_out ? WNOHANG : 0);

		if (r == pid)
			return status;
		if (r < 0 && errno != EINTR)
			return error("waitpid: %s", strerror(errno));
		if (r == 0) {
			if (now_seconds() >= deadline) {
				c->timed_out = 1;
				kill(-pid, SIGKILL);
			} else {
				struct timespec ts = { 0, 20 * 1000 * 1000 };

				nanosleep(&ts, NULL);
			}
		}
	}
}

int run_child(struct child *c)
{
	int pipefd[2] = { -1, -1 };
	int out_fd = -1, status, ret = -1;
	double deadline = 0;
	pid_t pid, parent = getpid();

	c->timed_out = 0;
	fflush(NULL);
	if (c->capture && pipe2(pipefd, O_CLOEXEC) < 0)
		return error("pipe: %s", strerror(errno));
	if (c->out_path) {
		out_fd = open(c->out_path, O_WRONLY | O_CREAT | O_CLOEXEC |
			      (c->out_append ? O_APPEND : O_TRUNC), 0644);
		if (out_fd < 0) {
			error("cannot write %s: %s", c->out_path, strerror(errno));
			goto out_pipe;
		}
	}
	pid = fork();
	if (pid < 0) {
		error("fork: %s", strerror(errno));
		goto out_file;
	}
	if (pid == 0)
		child_setup(c, out_fd, pipefd[1], parent);
	if (c->own_group) {
		setpgid(pid, pid);
		current_group = pid;
	}
	if (c->timeout > 0)
		deadline = now_seconds() + c->timeout;
	if (c->capture) {
		close(pipefd[1]);
		pipefd[1] = -1;
		capture_output(c, pid, pipefd[0], deadline);
	}
	status = reap(c, pid, deadline);
	/* Whatever the group left behind (e.g. a grandchild) goes with it. */
	if (c->own_group)
		kill(-pid, SIGKILL);
	current_group = 0;
	if (c->capture)
		strbuf_grow(c->capture, 0);
	ret = status < 0 ? -1 : wait_status(status);
out_file:
	if (out_fd >= 0)
		close(out_fd);
out_pipe:
	if (pipefd[0] >= 0)
		close(pipefd[0]);
	if (pipefd[1] >= 0)
		close(pipefd[1]);
	return ret;
}

int run_capture(const char *dir, struct strbuf *out, const char *const *argv)
{
	struct strbuf tmp = STRBUF_INIT;
	struct child c = { .argv = argv, .dir = dir, .capture = out ? out : &tmp };
	int ret;

	if (out)
		strbuf_reset(out);
	ret = run_child(&c);
	if (out)
		strbuf_trim(out);
	strbuf_release(&tmp);
	return ret;
}

static int vgit(const char *dir, struct strbuf *out, int quiet, va_list ap)
{
	struct argv_array args = ARGV_ARRAY_INIT;
	struct strbuf tmp = STRBUF_INIT;
	struct child c = { 0 };
	const char *arg;
	int ret;

	argv_push(&args, "git");
	if (dir)
		argv_pushl(&args, "-C", dir, NULL);
	while ((arg = va_arg(ap, const char *)))
		argv_push(&args, arg);
	c.argv = args.argv;
	c.capture = out ? out : &tmp;
	c.quiet = quiet;
	if (out)
		strbuf_reset(out);
	ret = run_child(&c);
	if (out)
		strbuf_trim(out);
	strbuf_release(&tmp);
	argv_clear(&args);
	return ret;
}

int git(const char *dir, struct strbuf *out, ...)
{
	va_list ap;
	int ret;

	va_start(ap, out);
	ret = vgit(dir, out, 0, ap);
	va_end(ap);
	return ret;
}

/*
 * git am --abort (or rebase --abort) in dir: under bisectable's own
 * identity, since git writes a reflog entry on the way and refuses to
 * without one (a fresh machine has no user.name), which would leave the
 * work tree with an am in progress that every later run trips over.
 */
int git_abort(const char *dir, const char *command)
{
	static const char *const env[] = {
		"GIT_COMMITTER_NAME=bisectable", "GIT_COMMITTER_EMAIL=bisectable@localhost",
		NULL
	};
	const char *argv[] = { "git", "-C", dir, command, "--abort", NULL };
	struct child c = { .argv = argv, .env = env, .quiet = 1 };
	struct strbuf out = STRBUF_INIT;
	int ret;

	c.capture = &out;
	ret = run_child(&c);
	strbuf_release(&out);
	return ret;
}

int git_quiet(const char *dir, struct strbuf *out, ...)
{
	va_list ap;
	int ret;

	va_start(ap, out);
	ret = vgit(dir, out, 1, ap);
	va_end(ap);
	return ret;
}
