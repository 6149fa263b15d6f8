/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress.h - the live progress lines of a step on a terminal: one per
 * configuration (stage, time in it, estimate of its time left), redrawn in
 * place, with the children's own lines printed above them.
 */
#ifndef BISECT_PROGRESS_H
#define BISECT_PROGRESS_H

#include <sys/types.h>

#include "lib/util.h"

struct progress_cell {
	const char *config;
	const char *stage;	/* "queued", "build", "boot", "test", "done", "failed" */
	long elapsed;		/* seconds in this commit */
	long eta;		/* seconds left for the run in this configuration; -1: unknown */
};

/*
 * One configuration's line, "[3/11] up       build  1m02s, about 9m left": at
 * most width - 1 characters (width <= 0: no limit). Returns its length.
 */
size_t progress_format(char *buf, size_t size, int position, int total,
		       const struct progress_cell *cell, int width);

struct run_job;

/*
 * The display of run_parallel() jobs, one per configuration named by
 * job->name: pass progress_on_line and progress_on_tick as its on_line and
 * on_tick, with the struct progress as ctx. The stage of each configuration
 * comes from the results recorded so far in db_path for commit_id.
 */
struct progress {
	const char *db_path;
	long long run_id, commit_id;
	int position, total;
	/* Private */
	struct sqlite3 *db;		/* opened at the first tick, after the forks */
	struct progress_cell *cells;
	long *finished;			/* seconds a configuration took once through; -1 */
	size_t n;
	struct strbuf block;		/* the status lines drawn last */
	int drawn_lines;
};

void progress_begin(struct progress *p, const char *db_path, long long run_id,
		    long long commit_id, int position, int total);
/* A child's line, printed above the status lines. */
void progress_on_line(void *ctx, struct run_job *job, const char *line, size_t len);
/* The status lines, redrawn (none once no job runs). */
void progress_on_tick(void *ctx, struct run_job *jobs, size_t n);
/* Clear the status lines and free what the display took. */
void progress_end(struct progress *p);

#endif
