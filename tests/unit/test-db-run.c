// SPDX-License-Identifier: GPL-2.0
/*
 * db-run.c: a run's progress (commits, time, kind), its applied commits
 * after a position dropped, and its results store recorded.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-run.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

int main(void)
{
	char path[] = "/tmp/bisectable-db-run.XXXXXX";
	struct db_run_progress p;
	long long run_id;
	int i;
	sqlite3 *db;

	db = scratch_db(path);
	run_id = scratch_run(db, "up", "");
	db_commit_set(db, run_id, 0, "0000000", NULL, "base", NULL, NULL);
	for (i = 1; i <= 4; i++) {
		char sha[16];

		snprintf(sha, sizeof(sha), "%07d", i);
		db_commit_set(db, run_id, i, sha, NULL, "subject", NULL, NULL);
	}
	ok(!db_run_progress(db, run_id, &p), "a run's progress");
	is_int(p.total, 4, "its commits, the base left out");
	ok(p.elapsed >= 0 && p.elapsed < 60, "just started");
	ok(!p.bisect, "a series run");
	ok(db_run_progress(db, 9999, &p) < 0 && !p.total, "no such run");

	db_commits_drop_after(db, run_id, 2);
	is_int(count(db, "SELECT COUNT(*) FROM commits WHERE position > 0"), 2,
	       "commits after 2 dropped");

	db_run_set_results_remote(db, run_id, "redis://***@host:6379");
	is_int(count(db, "SELECT COUNT(*) FROM runs WHERE results_remote ="
		     " 'redis://***@host:6379' AND results_remote_lost IS NULL"), 1,
	       "the results store recorded");
	db_close(db);
	unlink(path);
	return done_testing();
}
