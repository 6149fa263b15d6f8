// SPDX-License-Identifier: GPL-2.0
/*
 * db-cache.c: finding a result by key (never a skip or an error, a copy
 * found as its origin), a result's origin row, a copy with its tests,
 * metrics, warnings and .config, and the description of an origin.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-tries.h"
#include "db/db-cache.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

int main(void)
{
	char path[] = "/tmp/bisectable-db-cache.XXXXXX";
	struct result_row build = { .config = "up", .stage = "build", .status = "pass",
				    .cache_key = "K" };
	struct result_row skipped = { .config = "up", .stage = "boot", .status = "skip",
				      .cache_key = "B" };
	struct result_row errored = { .config = "up", .stage = "test", .status = "error",
				      .cache_key = "B" };
	struct db_cache_origin from;
	struct metric_sample m = { .name = "size", .value = 42, .noise_pct = -1,
				   .spread_pct = -1 };
	long long run_id, c1, c2, origin, copy, run_of;
	char *status;
	int position;
	sqlite3 *db;

	db = scratch_db(path);
	run_id = scratch_run(db, "up", "");
	c1 = db_commit_set(db, run_id, 1, "1111111", NULL, "one", NULL, NULL);
	c2 = db_commit_set(db, run_id, 2, "2222222", NULL, "two", NULL, NULL);
	origin = db_result_set(db, run_id, c1, &build);
	db_result_set(db, run_id, c1, &skipped);
	db_result_set(db, run_id, c1, &errored);
	db_test_add_run(db, origin, "t1", "pass", NULL, 1.0, 0);
	db_metric_put(db, c1, "up", "build", &m);
	m.name = "rtt";
	db_metric_put(db, c1, "up", "guest", &m);
	db_warning_add(db, c1, "up", "x.o", "unused variable");
	db_kconfig_set(db, origin, "CONFIG_SMP=y\n", "kernel/x.c\n");

	is_int(db_cache_find(db, "cache_key", "K", "build", 1, 0), origin, "found by cache_key");
	is_int(db_cache_find(db, "cache_key", "K", "boot", 1, 0), 0, "not at another stage");
	is_int(db_cache_find(db, "cache_key", "B", "boot", 1, 0), 0, "a skip is never found");
	is_int(db_cache_find(db, "cache_key", "B", "test", 1, 0), 0, "nor an error");
	is_int(db_cache_find(db, "image_key", "K", "build", 1, 0), 0, "nor by the other column");

	ok(!db_cache_origin(db, origin, "up", &from) && !strcmp(from.stage, "build") &&
	   from.commit_id == c1 && from.same_config, "the origin's stage, commit, config");
	free(from.stage);
	ok(!db_cache_origin(db, origin, "smp", &from) && !from.same_config,
	   "another configuration");
	free(from.stage);
	ok(db_cache_origin(db, 9999, "up", &from) < 0 && !from.stage, "no such result");

	copy = db_cache_copy_result(db, run_id, c2, "up", "build", origin, "K2");
	ok(copy > origin, "a copy is a new result");
	db_cache_copy_tests(db, copy, origin);
	db_cache_copy_metrics(db, c2, "up", c1, origin, "build");
	db_cache_copy_warnings(db, c2, "up", c1, origin);
	db_cache_copy_kconfig(db, copy, origin);
	is_int(count(db, "SELECT COUNT(*) FROM tests WHERE result_id ="
		     " (SELECT MAX(id) FROM results)"), 1, "its tests");
	is_int(count(db, "SELECT COUNT(*) FROM metrics WHERE commit_id = 2"), 1,
	       "the metrics of its stage only");
	is_int(count(db, "SELECT COUNT(*) FROM warnings WHERE commit_id = 2"), 1, "its warnings");
	is_int(count(db, "SELECT COUNT(*) FROM kconfigs k JOIN results r ON r.id = k.result_id"
		     " WHERE r.commit_id = 2"), 1, "its .config");
	is_int(db_cache_find(db, "cache_key", "K2", "build", 1, 0), origin,
	       "found by the copy's key: the origin");
	ok(db_result_passed(db, copy) && !db_result_passed(db, 9999), "passed, and none");

	ok(!db_cache_describe(db, copy, &status, &run_of, &position) &&
	   !strcmp(status, "pass") && run_of == run_id && position == 2,
	   "described: status, run, position");
	free(status);
	ok(db_cache_describe(db, 9999, &status, &run_of, &position) < 0, "no such result");

	db_cache_copy_result(db, run_id, c2, "up", "build", origin, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2 AND stage = 'build'"),
	       1, "a copy again replaces the cell");
	db_close(db);
	unlink(path);
	return done_testing();
}
