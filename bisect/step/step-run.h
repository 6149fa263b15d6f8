/* SPDX-License-Identifier: GPL-2.0 */
/*
 * step-run.h - what a step (the 'step' command, run by git rebase --exec or
 * git bisect run) does around verifying its commit: it dies with the run
 * that started it, loads the run it records in, and ends that run at the
 * rebase's last pick.
 */
#ifndef BISECT_STEP_RUN_H
#define BISECT_STEP_RUN_H

#include <sqlite3.h>

#include "db/db.h"
#include "input/run-config.h"

/*
 * Is the step (argv[0] its name) a step of git bisect run: --bisect-run
 * anywhere in argv, however spelled: "--X" or "--X=VALUE" where X is any
 * prefix of "bisect-run" (each abbreviation getopt_long takes, and the
 * ambiguous "--b" it refuses). Then every outcome, a usage error or a help
 * request too, must be one git bisect run reads right: 128, never 2 or 0.
 */
int step_argv_bisect_run(int argc, const char **argv);
/* On SIGINT and SIGTERM, take the build or the guest down with the step. */
void step_catch_signals(void);
/*
 * Run by 'bisectable run', a step has the read end of a pipe whose write end
 * only run holds (BISECTABLE_RUN_FD): when run dies (even by kill -9), the
 * step and its process group end. 0, or -1 if run is already gone.
 */
int step_watch_run(void);
/* Load run_id and its run configuration from db (at db_path); dies if it cannot. */
void step_load_run(sqlite3 *db, const char *db_path, long long run_id, struct run_info *run,
		   struct run_config *rc);
/*
 * Nothing left to pick in the rebase's todo list of work_dir: this is the
 * series' tip. 1 last, 0 not, -1 the todo list cannot be read: never a
 * reason to end the run (and delete its later commits).
 */
int step_is_last_pick(const char *work_dir);
/*
 * The last commit of the rebase ends the run, also after a fix-up stop; a
 * fix-up that dropped commits leaves no stale positions.
 */
void step_finish_run(sqlite3 *db, long long run_id, int position, const char *sha);

#endif
