// SPDX-License-Identifier: GPL-2.0
/*
 * test-db-tries.c - db/db-tries.c and what the cache and the verdict make
 * of it: boots counted into a result (the worst status wins, a skip takes
 * any verdict), tests counted per boot with their known flag, the base's
 * known failures, a flaky or known result never found by the cache, and
 * the verdict's confidence, kind and known failures on a fixture run.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-cache.h"
#include "db/db-results.h"
#include "db/db-tries.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static char *text(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	char *s = sqlite3_step(st) == SQLITE_ROW ? xstrdup(db_column_str(st, 0)) : xstrdup("-");

	sqlite3_finalize(st);
	return s;
}

static void is_sql(sqlite3 *db, const char *sql, const char *want, const char *what)
{
	char *got = text(db, sql);

	is_str(got, want, "%s", what);
	free(got);
}

static long long result(sqlite3 *db, long long run, long long commit, const char *stage,
			const char *status, const char *known)
{
	struct result_row row = { .config = "up", .stage = stage, .status = status,
				  .cache_key = "K", .known = known };

	return db_result_set(db, run, commit, &row);
}

/* One more boot of commit: boot passes, the test as told. */
static void boot(sqlite3 *db, long long commit, const char *test, const char *known)
{
	struct try_row b = { "pass", NULL, "/l", 1 }, t = { test, "t: why", "/l", 1 };
	long long id;

	db_result_add_try(db, commit, "up", "boot", &b, NULL);
	id = db_result_add_try(db, commit, "up", "test", &t, known);
	db_test_add_run(db, id, "s.t", test, !strcmp(test, "pass") ? NULL : "why", 0.5,
			known != NULL);
}

static void test_counting(sqlite3 *db, long long run, long long c0, long long c1)
{
	struct try_row skip = { "skip", "not run", NULL, NAN };
	long long id;
	struct cell_tries c;

	id = result(db, run, c1, "boot", "pass", NULL);
	db_try_add(db, id, &(struct try_row){ "pass", NULL, "/l", 1 });
	id = result(db, run, c1, "test", "skip", NULL);
	db_try_add(db, id, &skip);
	is_int(db_result_add_try(db, c1, "smp", "test", &skip, NULL), 0,
	       "no result in that configuration: nothing counted");
	boot(db, c1, "pass", NULL);
	is_sql(db, "SELECT status || ' ' || tries || ' ' || failed_tries FROM results"
	       " WHERE stage = 'test'", "pass 2 0", "a skip takes the next boot's verdict");
	boot(db, c1, "fail", NULL);
	boot(db, c1, "pass", NULL);
	is_sql(db, "SELECT status || ' ' || tries || ' ' || failed_tries || ' ' || evidence"
	       " FROM results WHERE stage = 'test'", "fail 4 1 t: why",
	       "a failing boot makes the result a fail, with its evidence; a pass after it not");
	is_sql(db, "SELECT group_concat(try || status, ',') FROM (SELECT t.try, t.status FROM"
	       " tries t JOIN results r ON r.id = t.result_id WHERE r.stage = 'test'"
	       " ORDER BY t.try)", "1skip,2pass,3fail,4pass", "each boot is a try, numbered");
	is_sql(db, "SELECT status || ' ' || runs || ' ' || fails || ' ' || reason FROM tests",
	       "fail 3 1 why", "the test: 3 runs, 1 failure, the failure's status and reason");
	db_cell_tries(db, c1, "up", "test", &c);
	ok(c.id && c.tries == 4 && c.failed_tries == 1 && !strcmp(c.status, "fail"),
	   "db_cell_tries reads it back");
	cell_tries_release(&c);
	is_int(db_cell_failed(db, c1, "up"), 1, "the cell failed");
	is_int(db_cell_failed(db, c0, "up"), 0, "the base's did not (no result)");
}

static void test_known(sqlite3 *db, long long run, long long c0, long long c2)
{
	char *known;

	result(db, run, c0, "boot", "pass", NULL);
	result(db, run, c0, "test", "pass", "s.k: EBUSY");
	known = db_base_known(db, run, "up");
	is_str(known, "s.k: EBUSY", "the base's known failures");
	free(known);
	ok(!db_base_known(db, run, "smp"), "none in another configuration");
	result(db, run, c2, "boot", "pass", NULL);
	result(db, run, c2, "test", "pass", "s.k: EBUSY");
	boot(db, c2, "fail", "s.k: EBUSY\nkernel: WARNING");
	boot(db, c2, "fail", "s.k: EBUSY");
	is_sql(db, "SELECT r.known FROM results r JOIN commits c ON c.id = r.commit_id"
	       " WHERE c.position = 2 AND r.stage = 'test'", "s.k: EBUSY\nkernel: WARNING",
	       "known failures met are added once each");
	is_sql(db, "SELECT t.known || ' ' || t.fails FROM tests t JOIN results r ON r.id ="
	       " t.result_id JOIN commits c ON c.id = r.commit_id WHERE c.position = 2",
	       "1 2", "a test failing only in known ways stays known");
	boot(db, c2, "fail", NULL);
	is_sql(db, "SELECT t.known FROM tests t JOIN results r ON r.id = t.result_id"
	       " JOIN commits c ON c.id = r.commit_id WHERE c.position = 2", "0",
	       "one failure another way: no longer known");
}

/* Nor does the results store get them (another machine's base may differ). */
static void test_publishable(sqlite3 *db, long long c1)
{
	struct result_recs recs;

	db_cell_publishable(db, c1, "up", &recs);
	ok(recs.n == 1 && !strcmp(recs.v[0].stage, "boot"),
	   "the results store gets the boot, not the flaky test (%zu)", recs.n);
	result_recs_release(&recs);
}

static void test_cache(sqlite3 *db, long long run, long long c1)
{
	is_int(db_cache_find(db, "cache_key", "K", "test", 1, 0) != 0, 0,
	       "the cache never finds a flaky result or one with known failures");
	is_int(db_cache_find(db, "cache_key", "K", "boot", 1, 0) != 0, 1,
	       "a boot that passed each time is found");
	is_int(db_cache_find(db, "cache_key", "K", "boot", 5, 0) != 0, 0,
	       "but not when more boots are wanted (--repeat 5)");
}

/*
 * A fix after a flaky failure (commit 3 of the run passing 3 of 3 boots
 * after commit 2 failed 2 of 3): the hole says how sure the fix is; it is
 * undone again for the verdict below.
 */
static void test_flaky_hole(sqlite3 *db, long long run_id)
{
	struct verdict_ask ask = { .require_coverage = -1 };
	struct strbuf out = STRBUF_INIT;
	long long c3 = db_commit_id(db, run_id, 3);

	result(db, run_id, c3, "test", "pass", NULL);
	boot(db, c3, "pass", NULL);
	boot(db, c3, "pass", NULL);
	verdict_report(db, run_id, &ask, &out);
	ok(strstr(out.buf, "up: hole: 2/3 builds, fails its tests (fixed by 3/3; flaky before it:"
		  " 2 of 3 boots failed, the fix passed 3 of 3; confidence 94%)\n") != NULL,
	   "a fix after a flaky failure says how sure it is: %s", out.buf);
	strbuf_release(&out);
	result(db, run_id, c3, "test", "fail", NULL);
}

/* A run of 3 commits on up: its base has a known failure, commit 2 is flaky. */
static void test_verdict(void)
{
	char path[] = "/tmp/bisectable-db-tries-v.XXXXXX";
	static const char *const known[] = { "s.k: EBUSY", "s.k: EBUSY", "s.k: EBUSY", NULL };
	struct verdict_ask ask = { .require_coverage = -1 };
	struct strbuf out = STRBUF_INIT;
	long long run_id, c;
	int pos, i;
	sqlite3 *db;

	db = scratch_db(path);
	run_id = scratch_run(db, "up", "");
	for (pos = 0; pos <= 3; pos++) {
		char sha[80];

		snprintf(sha, sizeof(sha), "%d%d%d%d%d%d%d", pos, pos, pos, pos, pos, pos, pos);
		c = db_commit_set(db, run_id, pos, sha, NULL, "subject", NULL, NULL);
		result(db, run_id, c, "apply", "pass", NULL);
		result(db, run_id, c, "build", "pass", NULL);
		result(db, run_id, c, "boot", "pass", NULL);
		result(db, run_id, c, "test", pos >= 2 ? "fail" : "pass", known[pos]);
		for (i = 1; i < (pos == 1 || pos == 2 ? 3 : 1); i++)
			boot(db, c, pos == 2 && i == 2 ? "pass" : pos == 2 ? "fail" : "pass", NULL);
	}
	test_flaky_hole(db, run_id);
	verdict_report(db, run_id, &ask, &out);
	is_str(out.buf, "up: first bad 2/3 2222222 \"subject\" at test: fail; failed 2 of 3 boots"
	       " (flaky), parent passed 3 of 3; confidence 94%\n"
	       "up: known at the base, not counted: s.k: EBUSY (fixed by 3/3)\n",
	       "first-bad: k of n, the parent's boots, the confidence; the known failure, fixed");
	ask.min_confidence = 0.95;
	is_int(verdict_report(db, run_id, &ask, &out), 0,
	       "exit 0 under --min-confidence 95%%: 2 of 3 against 3 of 3 is 93.6%%");
	ask.min_confidence = 0.93;
	is_int(verdict_report(db, run_id, &ask, &out), EXIT_BAD,
	       "exit 1 under 93%%");
	strbuf_release(&out);
	db_close(db);
	unlink(path);
}

int main(void)
{
	char path[] = "/tmp/bisectable-db-tries.XXXXXX";
	long long run_id, c0, c1, c2;
	sqlite3 *db;

	db = scratch_db(path);
	run_id = scratch_run(db, "up", "");
	c0 = db_commit_set(db, run_id, 0, "0000000", NULL, "base", NULL, NULL);
	c1 = db_commit_set(db, run_id, 1, "1111111", NULL, "one", NULL, NULL);
	c2 = db_commit_set(db, run_id, 2, "2222222", NULL, "two", NULL, NULL);
	test_counting(db, run_id, c0, c1);
	test_known(db, run_id, c0, c2);
	test_cache(db, run_id, c1);
	test_publishable(db, c1);
	db_close(db);
	unlink(path);
	test_verdict();
	return done_testing();
}
