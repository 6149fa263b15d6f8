// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of merge.c on fixture databases: a run verified elsewhere is
 * folded in once (merging it again adds nothing), its ids are remapped
 * (results.cached_from, tests.result_id, the metrics' and warnings'
 * commits), per-configuration databases of one run fold into one run, and
 * a database of a newer schema, or not a database, is refused.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-tries.h"
#include "db/merge.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"
#include "lib/run-command.h"

static char dir[] = "/tmp/test-merge-XXXXXX";

static long long sql_ll(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	long long v = -1;

	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void exec(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("fixture: %s", err);
}

/*
 * A database holding one run (host, started_at as given) with the base and
 * two commits for each configuration of configs: a build, a boot and a
 * test; commit 2's cells are copies of commit 1's (cached_from), each test
 * result has two tests, each commit a metric and a warning, each build a
 * .config; smp, if there, is a derived configuration (run_configs).
 */
static char *fixture(const char *name, const char *started_at, const char *const *configs,
		     int filler)
{
	char *path = xasprintf("%s/%s", dir, name);
	sqlite3 *db = db_open(path);
	struct run_info run = { .series = "patches/s", .series_kind = "quilt",
				.work_dir = "/w", .base_version = "6.12", .base_sha = "b0",
				.configs = "up,smp", .options = "{}" };
	long long run_id, commit[3], origin[3][3];
	size_t c;
	int pos, s;

	/* Rows of unrelated runs first, so that ids differ between databases. */
	for (s = 0; s < filler; s++)
		exec(db, "INSERT INTO runs (series, series_kind, work_dir, base_version, base_sha,"
		     " configs, options, started_at, tool_version, host) VALUES ('x', 'range',"
		     " '/x', '6.12', 'x', 'up', '{}', strftime('%s', 'now') || random(), '0',"
		     " 'other')");
	run_id = db_insert_run(db, &run);
	{
		sqlite3_stmt *st = db_prepare(db, "UPDATE runs SET started_at = ?, host = 'hostA'"
					      " WHERE id = ?");

		db_bind_text(st, 1, started_at);
		sqlite3_bind_int64(st, 2, run_id);
		db_done(db, st);
	}
	for (pos = 0; pos < 3; pos++) {
		char sha[16], tree[16];

		snprintf(sha, sizeof(sha), "c%d", pos);
		snprintf(tree, sizeof(tree), "t%d", pos);
		commit[pos] = db_commit_set(db, run_id, pos, sha, tree, "subject", "A <a@b>", NULL);
	}
	for (c = 0; configs[c]; c++) {
		for (pos = 0; pos < 3; pos++) {
			static const char *const stages[] = { "build", "boot", "test" };

			for (s = 0; s < 3; s++) {
				struct result_row row = {
					.config = configs[c], .stage = stages[s], .status = "pass",
					.duration = 1, .cache_key = "k",
					.cached_from = pos == 2 ? origin[1][s] : 0,
				};

				origin[pos][s] = db_result_set(db, run_id, commit[pos], &row);
			}
			db_kconfig_set(db, origin[pos][0], "CONFIG_SMP=y\n", "kernel/x.c\n");
			db_test_add_run(db, origin[pos][2], "smoke.fork", "pass", NULL, 0.5, 0);
			db_test_add_run(db, origin[pos][2], "smoke.pipe", "pass", NULL, 0.5, 0);
			db_try_add(db, origin[pos][2], &(struct try_row){ "pass", "e", "/etc/x", 1 });
			db_metric_set(db, commit[pos], configs[c], "build", "text", 100 + pos);
			db_warning_add(db, commit[pos], configs[c], "kernel/x.o", "warning: w");
		}
		/* smp as a derived configuration: apply and build only. */
		db_run_config_put(db, run_id, configs[c], !strcmp(configs[c], "smp"),
				  strcmp(configs[c], "smp") ? 4 : 2, "CONFIG_X=y\n", NULL);
	}
	db_close(db);
	return path;
}

static const char *const both[] = { "up", "smp", NULL };

static void test_merge_twice(void)
{
	char *other = fixture("other.db", "2026-01-01T00:00:00Z", both, 3);
	char *mine_path = fixture("mine.db", "2026-02-02T00:00:00Z", both, 0);
	sqlite3 *db = db_open(mine_path);
	struct merge_stats s;
	long long bad;

	is_int(merge_database(db, other, 0, &s), 0, "merge succeeds");
	is_int(s.runs, 4, "it sees the four runs");
	is_int(s.new_runs, 4, "all four are new here");
	is_int(s.new_results, 18, "18 results added (2 configurations x 3 commits x 3)");
	is_int(s.new_tests, 12, "12 tests added");
	is_int(s.new_metrics, 6, "6 metrics added");
	is_int(s.new_warnings, 6, "6 warnings added");
	is_int(s.new_kconfigs, 6, "6 .configs added, one a build");
	is_int(s.new_run_configs, 2, "both configurations' run_configs rows added");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM runs"), 5, "5 runs now");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM tries t JOIN results r ON r.id = t.result_id"
		      " WHERE r.run_id > 1"), 6, "each boot of a result comes with it (6 tries)");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM tries WHERE log_path IS NOT NULL AND"
		      " result_id IN (SELECT id FROM results WHERE run_id > 1)"), 0,
	       "without its log path (only a result's own log is copied)");

	is_int(merge_database(db, other, 0, &s), 0, "merging again succeeds");
	is_int(s.runs, 4, "it sees the four runs again");
	is_int(s.new_runs + s.new_commits + s.new_results + s.new_tests + s.new_metrics +
	       s.new_warnings + s.new_kconfigs + s.new_run_configs, 0, "and adds nothing");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM kconfigs"), 12, "no .config twice");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM run_configs"), 4, "no run_configs row twice");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM results"), 36, "no result twice");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM tests"), 24, "no test twice");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM warnings"), 12, "no warning twice");

	/* The merged run is run 5 here (its id was 4 there). */
	bad = sql_ll(db, "SELECT COUNT(*) FROM results r JOIN results o ON o.id = r.cached_from"
		     " JOIN commits c ON c.id = o.commit_id WHERE r.run_id = 5"
		     " AND (o.run_id != 5 OR c.position != 1 OR o.stage != r.stage"
		     " OR o.config != r.config)");
	is_int(bad, 0, "every cached_from names the merged origin (run 5, commit 1, same cell)");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM results WHERE run_id = 5 AND cached_from IS NOT NULL"),
	       6, "the six copies still are copies");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM tests t JOIN results r ON r.id = t.result_id"
		      " WHERE r.run_id = 5 AND r.stage = 'test'"), 12,
	       "tests hang off the merged test results");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM metrics m JOIN commits c ON c.id = m.commit_id"
		      " WHERE c.run_id = 5 AND m.value = 100 + c.position"), 6,
	       "metrics belong to the merged commits");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM results r JOIN commits c ON c.id = r.commit_id"
		      " WHERE r.run_id != c.run_id"), 0, "every result's run is its commit's");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM kconfigs k JOIN results r ON r.id = k.result_id"
		      " WHERE r.run_id = 5 AND r.stage = 'build' AND k.compiled = 'kernel/x.c'"
		      " || char(10)"), 6, "each merged build has its .config");
	is_int(sql_ll(db, "SELECT stages FROM run_configs WHERE run_id = 5 AND config = 'smp'"
		      " AND origin = 'derived'"), 2, "smp stays derived, verified at 2 stages");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM runs WHERE id = 1 AND started_at ="
		      " '2026-02-02T00:00:00Z'"), 1, "the database's own run is untouched");
	db_close(db);
	free(other);
	free(mine_path);
}

static void test_into_run(void)
{
	static const char *const up[] = { "up", NULL }, *const smp[] = { "smp", NULL };
	char *a = fixture("up.db", "2026-03-03T00:00:00Z", up, 0);
	char *b = fixture("smp.db", "2026-03-03T00:00:01Z", smp, 1);
	char *path = xasprintf("%s/one.db", dir);
	sqlite3 *db = db_open(path);
	struct merge_stats s;

	is_int(merge_database(db, a, 0, &s), 0, "the up job's database merges");
	is_int(merge_database(db, b, 1, &s), 0, "the smp job's folds into run 1");
	is_int(s.new_runs, 0, "no run added");
	is_int(s.new_results, 9, "its 9 results added");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM runs"), 1, "one run");
	is_int(sql_ll(db, "SELECT COUNT(DISTINCT config) FROM results WHERE run_id = 1"), 2,
	       "with both configurations' results");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM commits"), 3, "and each commit once");
	is_int(sql_ll(db, "SELECT configs = 'up,smp' FROM runs WHERE id = 1"), 1,
	       "the run's configurations are the union");
	is_int(sql_ll(db, "SELECT COUNT(*) FROM run_configs WHERE run_id = 1"), 2,
	       "and so are its run_configs rows");
	is_int(sql_ll(db, "SELECT complete = 'yes' FROM verdict WHERE run_id = 1 AND config = 'smp'"), 1,
	       "the derived smp, built only, is complete in the folded run");
	is_int(merge_database(db, b, 1, &s), 0, "folding it again succeeds");
	is_int(s.new_results + s.new_tests + s.new_metrics + s.new_warnings + s.new_kconfigs +
	       s.new_run_configs, 0, "and adds nothing");
	is_int(merge_database(db, b, 7, &s), -1, "no run 7 to fold into: refused");
	db_close(db);
	free(a);
	free(b);
	free(path);
}

/*
 * A run is its identity (runs.uuid), not its start second: two runs of one
 * (host, second, series, base) stay two, and merging again adds nothing. A
 * database from before identities is matched by that key, as before.
 */
static void test_identity(void)
{
	static const char *const up[] = { "up", NULL };
	char *twins = fixture("twins.db", "2026-05-05T00:00:00Z", up, 0);
	char *old = fixture("old.db", "2026-05-05T00:00:01Z", up, 0);
	char *path = xasprintf("%s/ids.db", dir);
	sqlite3 *db = db_open(twins), *target;
	struct merge_stats s;

	exec(db, "INSERT INTO runs (series, series_kind, work_dir, base_version, base_sha,"
	     " configs, options, started_at, tool_version, host) SELECT series, series_kind,"
	     " work_dir, base_version, base_sha, 'smp', options, started_at, tool_version, host"
	     " FROM runs WHERE id = 1;"
	     " INSERT INTO commits (run_id, position, sha, tree, subject) SELECT 2, position,"
	     " sha, tree, subject FROM commits WHERE run_id = 1");
	is_int(sql_ll(db, "SELECT COUNT(DISTINCT uuid) FROM runs"), 2,
	       "each run has an identity of its own");
	db_close(db);
	db = db_open(old);
	/* As a version 9 database reads once upgraded: no identity of its own. */
	exec(db, "UPDATE runs SET uuid = NULL; PRAGMA user_version = 9");
	db_close(db);
	target = db_open(path);
	is_int(merge_database(target, twins, 0, &s), 0, "two runs of one second merge");
	is_int(s.new_runs, 2, "as two runs");
	is_int(s.new_commits, 6, "each with its commits");
	is_int(merge_database(target, twins, 0, &s), 0, "merging them again succeeds");
	is_int(s.new_runs + s.new_commits + s.new_results, 0, "and adds nothing");
	is_int(merge_database(target, old, 0, &s), 0, "a database from before identities merges");
	is_int(s.new_runs, 1, "its run is new");
	is_int(merge_database(target, old, 0, &s), 0, "merging it again succeeds");
	is_int(s.new_runs + s.new_commits + s.new_results, 0,
	       "and adds nothing (matched by host, second, series and base)");
	is_int(sql_ll(target, "SELECT COUNT(*) FROM runs WHERE uuid IS NULL"), 0,
	       "every run here has an identity");
	db_close(target);
	free(twins);
	free(old);
	free(path);
}

static void test_refused(void)
{
	char *newer = fixture("newer.db", "2026-04-04T00:00:00Z", both, 0);
	char *path = xasprintf("%s/target.db", dir), *junk = xasprintf("%s/junk.db", dir);
	sqlite3 *db = db_open(newer), *target;
	struct merge_stats s;
	char *set = xasprintf("PRAGMA user_version = %d", db_known_version() + 1);
	int saved;

	exec(db, set);
	db_close(db);
	write_file(junk, "not a database at all, really not one\n", 39);
	target = db_open(path);
	saved = stderr_to(NULL);
	is_int(merge_database(target, newer, 0, &s), -1, "a database of a newer schema is refused");
	is_int(merge_database(target, junk, 0, &s), -1, "a file that is not a database is refused");
	is_int(merge_database(target, "/nonexistent/x.db", 0, &s), -1, "a missing file is refused");
	stderr_back(saved);
	is_int(sql_ll(target, "SELECT COUNT(*) FROM runs"), 0, "nothing was added");
	db_close(target);
	free(newer);
	free(path);
	free(junk);
	free(set);
}

int main(void)
{
	const char *argv[] = { "rm", "-rf", dir, NULL };

	if (!mkdtemp(dir))
		die("mkdtemp");
	test_merge_twice();
	test_into_run();
	test_identity();
	test_refused();
	run_capture(NULL, NULL, argv);
	return done_testing();
}
