/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress.h - the live progress lines of a step on a terminal: one per
 * configuration (stage, time in it, estimate of its time left), redrawn in
 * place, with the children's own lines printed above them.
 */
#ifndef BISECT_PROGRESS_H
#define BISECT_PROGRESS_H

#include <sys/types.h>

struct progress_cell {
	const char *config;
	const char *stage;	/* "build", "boot", "test", "done", "FAILED" */
	long elapsed;		/* seconds in this commit */
	long eta;		/* seconds left for the run in this configuration; -1: unknown */
};

/*
 * One configuration's line, "[3/11] up       build  1m02s, about 9m left": at
 * most width - 1 characters (width <= 0: no limit). Returns its length.
 */
size_t progress_format(char *buf, size_t size, int position, int total,
		       const struct progress_cell *cell, int width);

struct progress_child {
	const char *config;
	pid_t pid;
	int fd;		/* the read end of the child's stderr, or -1 */
	int status;	/* from waitpid, once exited */
	int exited;
};

/*
 * Wait for the children, copying their stderr lines to ours and keeping the
 * progress lines below them. The stage of each configuration comes from the
 * results recorded so far in db_path for commit_id.
 */
void progress_wait(struct progress_child *children, int n, const char *db_path,
		   long long run_id, long long commit_id, int position, int total);

#endif
