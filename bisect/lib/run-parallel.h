/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-parallel.h - run C functions in forked children, a few or all at once,
 * with their stderr optionally captured and handed over line by line.
 *
 * A child runs job->fn(job->data) and exits with its return value (stdio is
 * flushed first). It is a fork, not an exec: whatever the child needs that
 * does not survive a fork (an SQLite connection) it opens itself.
 */
#ifndef BISECT_RUN_PARALLEL_H
#define BISECT_RUN_PARALLEL_H

#include <stddef.h>
#include <sys/types.h>

struct run_job {
	const char *name;
	int (*fn)(void *data);		/* run in the child: its exit code */
	void *data;
	/* Filled in by run_parallel() */
	pid_t pid;			/* 0 until started */
	int status;			/* exit code, 128+signal if killed; -1 until reaped */
	double started, ended;		/* now_seconds(); 0 until then */
};

struct run_parallel_opts {
	/*
	 * Capture each child's stderr through a pipe. Without it the children
	 * write to our stderr themselves and on_line is never called.
	 */
	int capture;
	/*
	 * A complete line a child wrote, its '\n' included in len (a last
	 * line without one gets it added at EOF). NULL: copied to our stderr.
	 * Lines of different children never mix within a line.
	 */
	void (*on_line)(void *ctx, struct run_job *job, const char *line, size_t len);
	/* Called when jobs start or end, and at least every tick seconds between. */
	void (*on_tick)(void *ctx, struct run_job *jobs, size_t n);
	double tick;			/* seconds; <= 0: 1 */
	size_t max_running;		/* children at once; 0: all */
	void *ctx;
};

/*
 * Run every job and wait for all of them. Returns 0 once each one has been
 * reaped (see job->status), or -1 if a pipe or a fork failed: an error was
 * printed and the children already started were stopped and reaped.
 */
int run_parallel(struct run_job *jobs, size_t n, const struct run_parallel_opts *opts);

#endif
