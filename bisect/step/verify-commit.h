/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify-commit.h - one commit of a run being verified: what verify.c knows
 * of it, shared with the stages of each configuration (verify-config.h).
 */
#ifndef BISECT_VERIFY_COMMIT_H
#define BISECT_VERIFY_COMMIT_H

#include <sqlite3.h>

#include "db/db.h"
#include "input/run-config.h"

struct verify_commit {
	sqlite3 *db;
	const char *db_path;
	const struct run_info *run;
	const struct run_config *rc;
	const char *work_dir;		/* checked out at the commit */
	char *sha;
	char *tree;
	char *subject;
	char *author;
	int position;			/* 0 is the base */
	int total;			/* commits in the series */
	long long commit_id;
	char *log_dir;
	long *metric_values;		/* rc->metrics counted at this commit */
	int failed;			/* some stage of some configuration did not pass */
	char *initrd;			/* what the configurations boot, or NULL: */
	char initrd_error[512];		/* why the suites' initramfs could not be made */
};

#endif
