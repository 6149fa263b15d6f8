// SPDX-License-Identifier: GPL-2.0
/*
 * run-parallel.c - forked children running C functions, their stderr
 * captured line by line.
 *
 * The parent polls the children's pipes and, to learn at once that a child
 * exited, a pidfd of each (where the kernel has none, it looks every 100 ms).
 * A reaped child's pipe is read one last time and closed, even if a
 * grandchild of it still holds the write end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/run-parallel.h"
#include "lib/util.h"

#define FALLBACK_MS	100	/* how often to look for exited children without pidfds */
#define READ_CHUNKS	64	/* reads of one pipe in a row, so that no child starves us */
#define STOP_GRACE	2.0	/* seconds a child has to go after SIGTERM, on a failure */

enum slot_state { SLOT_PENDING, SLOT_RUNNING, SLOT_DONE };

struct slot {
	enum slot_state state;
	int out;		/* read end of the child's stderr, or -1 */
	int exit_fd;		/* the child's pidfd (readable once it exits), or -1 */
	struct strbuf pending;	/* the start of a line not complete yet */
};

struct runner {
	struct run_job *jobs;
	size_t n;
	size_t next;		/* the first job not started */
	size_t running;
	const struct run_parallel_opts *opts;
	struct slot *slots;
	struct pollfd *pfd;	/* up to two per job */
	size_t *pfd_slot;	/* the job of each pfd */
	double tick, next_tick;
};


static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Hand over the complete lines of a job's output; at EOF a partial one ends too. */
static void deliver(struct runner *r, size_t i, int eof)
{
	struct strbuf *p = &r->slots[i].pending;
	size_t start = 0;
	char *nl;

	if (eof && p->len && p->buf[p->len - 1] != '\n')
		strbuf_add(p, "\n", 1);
	while ((nl = memchr(p->buf + start, '\n', p->len - start))) {
		size_t len = (size_t)(nl - (p->buf + start)) + 1;

		if (r->opts->on_line)
			r->opts->on_line(r->opts->ctx, &r->jobs[i], p->buf + start, len);
		else
			write_all(STDERR_FILENO, p->buf + start, len);
		start += len;
	}
	if (!start)
		return;
	memmove(p->buf, p->buf + start, p->len - start);
	p->len -= start;
	p->buf[p->len] = '\0';
}

/* Read what a job's pipe holds (non-blocking); returns 1 at EOF or on an error. */
static int drain(struct runner *r, size_t i)
{
	struct slot *s = &r->slots[i];
	char chunk[4096];
	int reads;

	for (reads = 0; reads < READ_CHUNKS; reads++) {
		ssize_t got = read(s->out, chunk, sizeof(chunk));

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return !(got < 0 && errno == EAGAIN);
		strbuf_add(&s->pending, chunk, (size_t)got);
		deliver(r, i, 0);
	}
	return 0;
}

/* The last of a job's output: what is in the pipe now, and a partial line. */
static void close_output(struct runner *r, size_t i)
{
	struct slot *s = &r->slots[i];

	if (s->out < 0)
		return;
	drain(r, i);
	deliver(r, i, 1);
	close_fd(&s->out);
}

static void tick(struct runner *r)
{
	if (r->opts->on_tick)
		r->opts->on_tick(r->opts->ctx, r->jobs, r->n);
	r->next_tick = now_seconds() + r->tick;
}

static void __attribute__((noreturn)) child_main(struct runner *r, size_t i, int err_fd)
{
	struct run_job *job = &r->jobs[i];
	size_t k;
	int ret;

	/* Not the other children's pipes and pidfds. */
	for (k = 0; k < r->next; k++) {
		close_fd(&r->slots[k].out);
		close_fd(&r->slots[k].exit_fd);
	}
	if (err_fd >= 0) {
		dup2(err_fd, STDERR_FILENO);
		close(err_fd);
	}
	ret = job->fn(job->data);
	fflush(NULL);
	_exit(ret);
}

static int start_job(struct runner *r, size_t i)
{
	struct run_job *job = &r->jobs[i];
	struct slot *s = &r->slots[i];
	int fds[2] = { -1, -1 }, saved;

	if (r->opts->capture) {
		if (pipe2(fds, O_CLOEXEC))
			return error("pipe: %s", strerror(errno));
		/* Only our end: the child's writes block as they would on a terminal. */
		fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	}
	fflush(NULL);
	job->pid = fork();
	if (job->pid < 0)
		goto close_pipe;
	if (!job->pid) {
		close_fd(&fds[0]);
		child_main(r, i, fds[1]);
	}
	close_fd(&fds[1]);
	s->out = fds[0];
	s->exit_fd = (int)syscall(SYS_pidfd_open, job->pid, 0);
	s->state = SLOT_RUNNING;
	job->started = now_seconds();
	r->running++;
	return 0;

close_pipe:
	saved = errno;
	job->pid = 0;
	close_fd(&fds[0]);
	close_fd(&fds[1]);
	return error("fork: %s", strerror(saved));
}

/* Start jobs while there is room; on_tick if any started. -1 if one could not be. */
static int start_more(struct runner *r)
{
	size_t max = r->opts->max_running, started = 0;

	while (r->next < r->n && (!max || r->running < max)) {
		if (start_job(r, r->next) < 0)
			return -1;
		r->next++;
		started++;
	}
	if (started)
		tick(r);
	return 0;
}

/* Reap job i if it exited (flags 0: wait for it); 1 if it did. */
static int reap_one(struct runner *r, size_t i, int flags)
{
	struct run_job *job = &r->jobs[i];
	struct slot *s = &r->slots[i];
	int ws = 0;
	pid_t got;

	if (s->state != SLOT_RUNNING)
		return 0;
	do
		got = waitpid(job->pid, &ws, flags);
	while (got < 0 && errno == EINTR);
	if (!got)
		return 0;
	if (got < 0)
		job->status = -1;	/* ECHILD: someone else reaped it */
	else
		job->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	job->ended = now_seconds();
	s->state = SLOT_DONE;
	close_fd(&s->exit_fd);
	close_output(r, i);
	r->running--;
	return 1;
}

static int reap(struct runner *r)
{
	size_t i;
	int reaped = 0;

	for (i = 0; i < r->next; i++)
		reaped += reap_one(r, i, WNOHANG);
	return reaped;
}

static void add_pfd(struct runner *r, size_t *npfd, int fd, size_t i)
{
	r->pfd[*npfd] = (struct pollfd){ .fd = fd, .events = POLLIN };
	r->pfd_slot[*npfd] = i;
	(*npfd)++;
}

/* Sleep until output, an exit or the next tick; read the output. */
static void wait_events(struct runner *r)
{
	size_t i, k, npfd = 0;
	int timeout = -1, blind = 0;

	for (i = 0; i < r->next; i++) {
		struct slot *s = &r->slots[i];

		if (s->out >= 0)
			add_pfd(r, &npfd, s->out, i);
		if (s->state == SLOT_RUNNING && s->exit_fd >= 0)
			add_pfd(r, &npfd, s->exit_fd, i);
		else if (s->state == SLOT_RUNNING)
			blind = 1;
	}
	if (r->opts->on_tick) {
		double left = r->next_tick - now_seconds();

		timeout = left > 0 ? (int)(left * 1000) + 1 : 0;
	}
	if (blind && (timeout < 0 || timeout > FALLBACK_MS))
		timeout = FALLBACK_MS;
	if (poll(r->pfd, npfd, timeout) < 0 && errno != EINTR) {
		/* Out of memory or the like: do not spin, reaping still works. */
		struct timespec ts = { 0, FALLBACK_MS * 1000 * 1000 };

		nanosleep(&ts, NULL);
		return;
	}
	for (k = 0; k < npfd; k++) {
		struct slot *s = &r->slots[r->pfd_slot[k]];

		if (r->pfd[k].revents && r->pfd[k].fd == s->out && drain(r, r->pfd_slot[k]))
			close_output(r, r->pfd_slot[k]);
	}
}

/* After a failure: ask the children started to go, then make them; reap them all. */
static void stop_started(struct runner *r)
{
	double deadline = now_seconds() + STOP_GRACE;
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	size_t i;

	for (i = 0; i < r->next; i++) {
		if (r->slots[i].state == SLOT_RUNNING)
			kill(r->jobs[i].pid, SIGTERM);
	}
	while (r->running && now_seconds() < deadline) {
		reap(r);
		if (r->running)
			nanosleep(&ts, NULL);
	}
	for (i = 0; i < r->next; i++) {
		if (r->slots[i].state == SLOT_RUNNING) {
			kill(r->jobs[i].pid, SIGKILL);
			reap_one(r, i, 0);
		}
	}
}

int run_parallel(struct run_job *jobs, size_t n, const struct run_parallel_opts *opts)
{
	struct runner r = { .jobs = jobs, .n = n, .opts = opts };
	int ret = -1;
	size_t i;

	r.tick = opts->tick > 0 ? opts->tick : 1;
	r.slots = xcalloc(n, sizeof(*r.slots));
	r.pfd = xcalloc(2 * n, sizeof(*r.pfd));
	r.pfd_slot = xcalloc(2 * n, sizeof(*r.pfd_slot));
	for (i = 0; i < n; i++) {
		r.slots[i] = (struct slot){ .out = -1, .exit_fd = -1, .pending = STRBUF_INIT };
		jobs[i].pid = 0;
		jobs[i].status = -1;
		jobs[i].started = jobs[i].ended = 0;
	}
	while (r.next < n || r.running) {
		if (start_more(&r) < 0)
			goto stop_started;
		wait_events(&r);
		if (reap(&r) || now_seconds() >= r.next_tick)
			tick(&r);
	}
	ret = 0;
	goto free_slots;

stop_started:
	stop_started(&r);
free_slots:
	for (i = 0; i < n; i++)
		strbuf_release(&r.slots[i].pending);
	free(r.pfd_slot);
	free(r.pfd);
	free(r.slots);
	return ret;
}
