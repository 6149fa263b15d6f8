/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-lifecycle.h - what a run finds when it starts and leaves when it
 * ends: runs whose bisectable is gone, the work tree's lock and owner file,
 * the user's work in it, the run a --resume takes up.
 */
#ifndef BISECT_RUN_LIFECYCLE_H
#define BISECT_RUN_LIFECYCLE_H

#include <sqlite3.h>

/* Runs left 'running' whose owner is gone become 'interrupted'; how many. */
int run_mark_interrupted(sqlite3 *db);
/* Take the lock of work_dir for a run (and its steps): its fd, or -1 with a message. */
int run_lock_work_dir(const char *work_dir);
/*
 * -1 (with a message saying what is there and how to go on) if work_dir
 * holds the user's work: a rebase or am in progress, uncommitted or
 * untracked changes, unless discard or an interrupted run of ours left it.
 */
int run_check_user_work(sqlite3 *db, const char *work_dir, int discard);
/*
 * Say in <work_dir>.owner that run run_id of the database db_path has the
 * work tree, in state: 'running' while it works there, then how it ended.
 */
void run_claim_work_dir(const char *work_dir, long long run_id, const char *db_path,
			const char *state);
/* The state the last run wrote in <work_dir>.owner, allocated, or NULL. */
char *run_owner_state(const char *work_dir);
/* The run --resume takes (id, or 0: the latest it can), or 0 after an error. */
long long run_resumable(sqlite3 *db, long long id);

#endif
