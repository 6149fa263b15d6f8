// SPDX-License-Identifier: GPL-2.0
/*
 * db-coverage.c: whether a run recorded any .config, its commits (applied
 * ones, by position), and a build's .config and compiled files, its own or
 * its cached origin's.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-cache.h"
#include "db/db-coverage.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

int main(void)
{
	char path[] = "/tmp/bisectable-db-coverage.XXXXXX";
	struct result_row build = { .config = "up", .stage = "build", .status = "pass" };
	struct db_coverage_commit *commits;
	long long run_id, c1, c2, r1, copy;
	char *dotconfig, *compiled;
	sqlite3 *db;
	size_t n;

	db = scratch_db(path);
	run_id = scratch_run(db, "up", "");
	c1 = db_commit_set(db, run_id, 1, "1111111", NULL, "one", NULL, NULL);
	c2 = db_commit_set(db, run_id, 2, "2222222", NULL, "two", NULL, NULL);
	db_commit_set(db, run_id, 3, NULL, NULL, "not applied", NULL, NULL);
	is_int(db_coverage_commits_total(db, run_id), 3, "three commits");
	ok(!db_coverage_recorded(db, run_id), "no .config recorded yet");

	r1 = db_result_set(db, run_id, c1, &build);
	db_kconfig_set(db, r1, "CONFIG_SMP=y\n", NULL);
	copy = db_cache_copy_result(db, run_id, c2, "up", "build", r1, NULL);
	ok(copy > 0 && db_coverage_recorded(db, run_id), "a .config recorded");

	n = db_coverage_commits(db, run_id, &commits);
	is_int(n, 2, "the applied commits");
	ok(n == 2 && commits[0].position == 1 && !strcmp(commits[0].sha, "1111111") &&
	   !strcmp(commits[1].subject, "two"), "by position, with sha and subject");
	db_coverage_commits_free(commits, n);

	ok(!db_coverage_build(db, run_id, 1, "up", &dotconfig, &compiled) &&
	   !strcmp(dotconfig, "CONFIG_SMP=y\n") && !compiled,
	   "a build's own .config; its compiled files not known");
	free(dotconfig);
	free(compiled);
	ok(!db_coverage_build(db, run_id, 2, "up", &dotconfig, &compiled) &&
	   !strcmp(dotconfig, "CONFIG_SMP=y\n"), "a copy's: its origin's");
	free(dotconfig);
	free(compiled);
	ok(db_coverage_build(db, run_id, 1, "smp", &dotconfig, &compiled) < 0 && !dotconfig,
	   "no such build");
	db_close(db);
	unlink(path);
	return done_testing();
}
