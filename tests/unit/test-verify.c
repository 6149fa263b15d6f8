// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of what a step decides before it builds anything: the run
 * configuration (validation, JSON, a series' metrics file), the result
 * cache's plan against a fixture database, and schema upgrades. Run from
 * the top of the repository (configs/ is read).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "step/cache.h"
#include "db/db.h"
#include "step/qemu.h"
#include "input/run-config.h"
#include "run/run-check.h"
#include "step/suite-words.h"
#include "lib/hash.h"
#include "lib/util.h"
#include "tap.h"

/* Validate rc with stderr silenced: 0 or -1. */
static int validate_quietly(const struct run_config *rc)
{
	int saved = dup(2), null = open("/dev/null", 1), ret;

	fflush(stderr);
	dup2(null, 2);
	ret = run_config_validate(rc, "configs");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	return ret;
}

static int configs_valid(const char *configs, const char *tests)
{
	struct run_config rc;
	int ret;

	run_config_init(&rc);
	run_config_set_configs(&rc, configs);
	run_config_set_tests(&rc, tests);
	ret = validate_quietly(&rc);
	run_config_free(&rc);
	return ret;
}

static void test_validate(void)
{
	is_int(configs_valid("up,smp", "all"), 0, "the defaults are valid");
	is_int(configs_valid("", "all"), -1, "no configuration is refused");
	is_int(configs_valid(",", "all"), -1, "',' is refused");
	is_int(configs_valid("up,up", "all"), -1, "a configuration twice is refused (one O= dir)");
	is_int(configs_valid("../up", "all"), -1, "a path is not a configuration name");
	is_int(configs_valid("nosuch", "all"), -1, "an unknown fragment is refused");
	is_int(configs_valid("up", ""), -1, "an empty test list is refused");
	is_int(configs_valid("up", "nosuch"), -1, "an unknown test is refused");
	is_int(configs_valid("up", "x no-cache=1"), -1, "a test name cannot smuggle options");
	is_int(configs_valid("up", "pipe_pingpong,pipe_pingpong"), -1, "a test twice is refused");
	is_int(configs_valid("up", "pipe_pingpong,affinity"), 0, "known tests are accepted");
	is_int(configs_valid("up", "smoke.affinity,rt-tests.pi_stress"), 0,
	       "SUITE.TEST names are accepted");
	is_int(configs_valid("up", "rt-tests.nosuch"), -1, "a test the suite lacks is refused");
	is_int(configs_valid("up", "nosuite.affinity"), -1, "an unknown suite's test is refused");
	is_int(configs_valid("up", "affinity,smoke.affinity"), -1,
	       "a test named twice, once with its suite, is refused");
	{
		struct run_config rc;
		char *words;

		run_config_init(&rc);
		run_config_set_tests(&rc, "all");
		words = suite_tests_words(&rc);
		ok(!strncmp(words, "smoke.fork_exec_wait:60 ", 24) &&
		   strstr(words, " rt-tests.hackbench:120 "),
		   "all: the default suites' tests, each with its suite's timeout");
		is_int(strstr(words, "rt-tests.signaltest") != NULL, 1, "rt-tests is a default suite");
		free(words);
		run_config_set_suites(&rc, "nosuch");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "an unknown suite is refused");
		run_config_set_suites(&rc, "smoke,smoke");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "a suite twice is refused");
		free(rc.profile);
		rc.profile = xstrdup("slow");
		run_config_set_suites(&rc, "smoke");
		run_config_set_tests(&rc, "all");
		is_int(validate_quietly(&rc), -1, "an unknown profile is refused");
		run_config_free(&rc);
	}
}

static void test_json(void)
{
	struct run_config rc, back;
	char *json, *again, *words;

	run_config_init(&rc);
	run_config_set_configs(&rc, "up,smp-full");
	run_config_set_tests(&rc, "affinity,rt_fifo_rr");
	rc.mode = RUN_STOP_ON_FAILURE;
	rc.jobs = 7;
	rc.retries = 3;
	rc.use_cache = 0;
	rc.nmetrics = 1;
	rc.metrics = xcalloc(1, sizeof(*rc.metrics));
	rc.metrics[0].name = xstrdup("lines");
	argv_pushl(&rc.metrics[0].grep, "-e", "a \"quoted\" pattern", NULL);
	json = run_config_to_json(&rc);
	ok(strstr(json, "\"format\":\"bisectable-run-config\"") != NULL, "the document says what it is");
	is_int(run_config_from_json(json, &back), 0, "and reads back");
	is_int((int)back.nconfigs, 2, "configurations");
	is_str(back.configs[1], "smp-full", "in order");
	is_int(back.mode, RUN_STOP_ON_FAILURE, "the mode");
	is_int(back.jobs, 7, "jobs");
	is_int(back.retries, 3, "retries");
	is_int(back.use_cache, 0, "the cache switch");
	words = suite_tests_words(&back);
	is_str(words, "smoke.affinity:60 smoke.rt_fifo_rr:60", "the tests, as expect takes them");
	is_str(back.suites[1], "rt-tests", "the suites");
	is_str(back.profile, "quick", "the profile");
	is_str(back.metrics[0].grep.argv[1], "a \"quoted\" pattern", "a metric's arguments, exactly");
	again = run_config_to_json(&back);
	is_str(again, json, "a round trip changes nothing");
	run_config_free(&back);
	{
		/* A run recorded before --retries existed: the default, 1. */
		char *cut = strstr(json, ",\"retries\":3"), *old_doc = xstrdup(json);

		if (cut)
			memmove(old_doc + (cut - json), cut + strlen(",\"retries\":3"),
				strlen(cut + strlen(",\"retries\":3")) + 1);
		ok(cut && !strstr(old_doc, "retries"), "a document without retries");
		is_int(run_config_from_json(old_doc, &back), 0, "reads");
		is_int(back.retries, 1, "with one retry, the default");
		run_config_free(&back);
		free(old_doc);
	}
	{
		/* A run recorded before suites: bare smoke test names, no suites. */
		const char *old_doc = "{\"format\":\"bisectable-run-config\",\"version\":1,"
			"\"configs\":[\"up\"],\"mode\":\"keep-going\",\"accel\":\"tcg\","
			"\"jobs\":2,\"boot_timeout\":120,\"test_timeout\":60,"
			"\"tests\":[\"affinity\"],\"ccache\":true,\"cache\":true,"
			"\"parallel\":true,\"base\":true,\"metrics\":[]}";

		is_int(run_config_from_json(old_doc, &back), 0, "a document from before suites reads");
		is_str(back.tests[0], "smoke.affinity", "its tests are the smoke suite's");
		is_int((int)back.nsuites, 1, "and its one suite");
		run_config_free(&back);
	}
	is_int(run_config_from_json("mode=keep-going accel=tcg", &back), -1,
	       "a pre-v2 options string is not a run configuration");
	run_config_free(&back);
	is_int(run_config_from_json("{\"format\":\"other\"}", &back), -1, "nor another document");
	run_config_free(&back);
	run_config_free(&rc);
	free(json);
	free(again);
	free(words);
}

static int load_metrics_text(const char *dir, const char *text, struct run_config *rc)
{
	char *path = xasprintf("%s/metrics", dir);
	int saved = dup(2), null = open("/dev/null", 1), ret;

	write_file(path, text, strlen(text));
	run_config_init(rc);
	run_config_set_tests(rc, "all");
	fflush(stderr);
	dup2(null, 2);
	ret = series_metrics_load(rc, path);
	if (!ret)
		ret = run_config_validate(rc, "configs");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(null);
	free(path);
	return ret;
}

static void test_metrics(void)
{
	char dir[] = "/tmp/bisectable-metrics.XXXXXX";
	struct run_config rc;
	char *file;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	is_int(load_metrics_text(dir, "# c\n\nmetric smp git-grep -e CONFIG_SMP --and --not -e"
				 " endif -- kernel/\ndescribe smp SMP lines here\n", &rc), 0,
	       "a metrics file loads");
	is_int((int)rc.nmetrics, 1, "one metric");
	is_str(rc.metrics[0].description, "SMP lines here", "with its description");
	is_int((int)rc.metrics[0].grep.argc, 8, "and its git grep words");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "metric x git-grep -O evil -e a\n", &rc), -1,
	       "-O (runs a program) is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "metric x git-grep --no-index -e a\n", &rc), -1,
	       "--no-index (reads outside the tree) is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "metric x git-grep -- -O\n", &rc), -1,
	       "a metric needs a pattern");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "metric Bad git-grep -e a\n", &rc), -1,
	       "a metric name is [a-z0-9_]");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "metric a git-grep -e a\nmetric a git-grep -e b\n", &rc), -1,
	       "a metric twice is refused");
	run_config_free(&rc);
	is_int(load_metrics_text(dir, "describe a text\n", &rc), -1,
	       "a description needs its metric first");
	run_config_free(&rc);

	/* Counted in a tiny repository: the lines git grep prints. */
	file = xasprintf("%s/a.c", dir);
	{
		const char *c = "#ifdef CONFIG_SMP\nx\n#endif /* CONFIG_SMP */\nCONFIG_SMP\n";

		write_file(file, c, strlen(c));
	}
	git(dir, NULL, "init", "-q", NULL);
	git(dir, NULL, "add", "a.c", NULL);
	is_int(load_metrics_text(dir, "metric n git-grep -e CONFIG_SMP --and --not -e endif\n",
				 &rc), 0, "a counting metric");
	is_int((int)series_metric_count(&rc.metrics[0], dir), 2, "counts the lines it selects");
	run_config_free(&rc);
	load_metrics_text(dir, "metric n git-grep -e nothing-matches-this\n", &rc);
	is_int((int)series_metric_count(&rc.metrics[0], dir), 0, "no match counts 0");
	run_config_free(&rc);
	free(file);
	remove_tree(dir);
}

static int count(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;

	sqlite3_finalize(st);
	return n;
}

static long long result(sqlite3 *db, long long run, long long commit, const char *stage,
			const char *status, const char *key, const char *image_key)
{
	struct result_row row = { .config = "up", .stage = stage, .status = status,
				  .cache_key = key, .image_key = image_key };

	return db_result_set(db, run, commit, &row);
}

/* The decisions a step takes from the cache, on a fixture database. */
static void test_cache_plan(void)
{
	char dir[] = "/tmp/bisectable-plan.XXXXXX";
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up", .options = "{}",
	};
	struct cache_hit hit;
	long long id, c1, c2, c3, build, boot, test;
	char *path;
	sqlite3 *db;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	path = xasprintf("%s/t.db", dir);
	db = db_open(path);
	id = db_insert_run(db, &run);
	c1 = db_commit_set(db, id, 1, "a", "t1", "one", NULL, NULL);
	c2 = db_commit_set(db, id, 2, "b", "t2", "two", NULL, NULL);
	c3 = db_commit_set(db, id, 3, "c", "t3", "three", NULL, NULL);

	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_MISS, "an empty cache: build it");
	result(db, id, c1, "build", "error", "B1", NULL);
	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_MISS,
	       "a build that was an error of the machine is never reused");
	build = result(db, id, c1, "build", "fail", "B1", NULL);
	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_BUILD_FAILED, "a failed build is reused");
	is_int((int)hit.build, (int)build, "with its origin");
	ok(!hit.boot && !hit.test, "and nothing to boot");
	build = result(db, id, c2, "build", "pass", "B2", NULL);
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS,
	       "a passing build without a cached boot is built again (its bzImage may be gone)");
	boot = result(db, id, c2, "boot", "pass", "K2", "I2");
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS, "a boot without its tests is not enough");
	result(db, id, c2, "test", "error", "K2", "I2");
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS,
	       "tests that were an error of the machine are done again");
	ok(!cache_find_boot(db, "image_key", "I2", &hit), "also for another commit by image key");
	test = result(db, id, c2, "test", "fail", "K2", "I2");
	db_metric_set(db, c2, "up", "guest", "pipe_rtt_ns", 7000);
	db_metric_set(db, c2, "up", "series", "sched_smp_lines", 77);
	db_metric_set(db, c2, "up", "build", "text", 4000);
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_HIT, "build, boot and tests cached: reuse");
	ok(hit.build == build && hit.boot == boot && hit.test == test, "all three origins");
	is_int(cache_plan(db, "B2", "OTHER", &hit), CACHE_MISS, "another guest (boot key) is a miss");

	/* Reuse at commit 3, which has its own series figure already. */
	db_metric_set(db, c3, "up", "series", "sched_smp_lines", 56);
	cache_plan(db, "B2", "K2", &hit);
	is_int(cache_reuse(db, id, c3, "up", &hit, "K3"), 1, "a reused failing test is reported bad");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 3 AND cached_from"
		     " IS NOT NULL"), 3, "three rows copied");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 3 AND stage <> 'build'"
		     " AND cache_key = 'K3'"), 2, "boot and test carry this commit's boot key");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND name = 'pipe_rtt_ns'"),
	       7000, "the guest's figures come along");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND name = 'text'"), 4000,
	       "and the build's");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND"
		     " name = 'sched_smp_lines'"), 56, "but never the series' own figure of another commit");
	ok(cache_find_boot(db, "image_key", "I2", &hit) && hit.boot == boot,
	   "a byte-identical image finds the boot");
	ok(!cache_find_boot(db, "image_key", "I9", &hit), "another image does not");
	db_close(db);
	free(path);
	remove_tree(dir);
}

/* A database from before schema versions gets metrics.source and version 2. */
static void test_schema_upgrade(void)
{
	char dir[] = "/tmp/bisectable-schema.XXXXXX";
	char *path;
	sqlite3 *db;
	pid_t pid;
	int status = 0;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	path = xasprintf("%s/old.db", dir);
	sqlite3_open(path, &db);
	sqlite3_exec(db, "CREATE TABLE results (id INTEGER PRIMARY KEY, cache_key TEXT,"
		     " stage TEXT);"
		     "CREATE TABLE metrics (id INTEGER PRIMARY KEY, commit_id INTEGER NOT NULL,"
		     " config TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,"
		     " UNIQUE (commit_id, config, name));"
		     "INSERT INTO metrics (commit_id, config, name, value) VALUES"
		     " (1, 'up', 'text', 1), (1, 'up', 'pipe_rtt_ns', 2),"
		     " (1, 'up', 'sched_smp_lines', 3);", NULL, NULL, NULL);
	sqlite3_close(db);
	db = db_open(path);
	is_int(count(db, "PRAGMA user_version"), db_known_version(),
	       "an old database is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('kconfigs') WHERE name IN"
		     " ('result_id', 'dotconfig', 'compiled')"), 3,
	       "it gains table kconfigs (a build's .config and compiled files)");
	ok(count(db, "SELECT COUNT(*) FROM pragma_table_info('metrics') WHERE name IN ('unit', 'better', 'noise_pct', 'spread_pct', 'noisy')") == 5,
	   "its metrics gain unit, better, noise_pct, spread_pct, noisy");
	is_int(count(db, "SELECT COUNT(*) FROM metrics WHERE (name = 'text' AND source = 'build')"
		     " OR (name = 'pipe_rtt_ns' AND source = 'guest') OR (name = 'sched_smp_lines'"
		     " AND source = 'series')"), 3, "its metrics get the stage that made them");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('results') WHERE"
		     " name = 'image_key'"), 1, "and results.image_key");
	sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL);
	db_close(db);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", 1);

		dup2(null, 2);
		db_open(path);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	/* The exit code is die()'s, or LeakSanitizer's at that exit. */
	ok(WIFEXITED(status) && WEXITSTATUS(status) != 0,
	   "a database from a newer bisectable is refused");
	sqlite3_open(path, &db);
	is_int(count(db, "PRAGMA user_version"), 99, "and left as it was");
	sqlite3_close(db);
	free(path);
	remove_tree(dir);
}

/*
 * Version 4 -> 6: commits gain message_id and mail_references, rows kept.
 * The version 4 database is today's schema without those two columns.
 */
static void test_schema_v6(void)
{
	static const char columns[] = "message_id TEXT,\n\tmail_references TEXT,";
	char dir[] = "/tmp/bisectable-schema6.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *at;
	sqlite3 *db;

	if (!mkdtemp(dir) || strbuf_read_file(&sql, "db/schema.sql") < 0) {
		ok(0, "mkdtemp and db/schema.sql (run from the top of the tree)");
		return;
	}
	at = strstr(sql.buf, columns);
	ok(at != NULL, "schema.sql has the version 6 columns");
	if (at)
		memset(at, ' ', strlen(columns));
	path = xasprintf("%s/v4.db", dir);
	sqlite3_open(path, &db);
	sqlite3_exec(db, sql.buf, NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA user_version = 4;"
		     "INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version,"
		     " base_sha, tip_sha, configs, options, started_at, ended_at, state,"
		     " tool_version, host) VALUES (1, 's', 'mbox', NULL, '/w', '6.12', 'b', NULL,"
		     " 'up', '{}', 't', NULL, 'done', '0.1', 'h');"
		     "INSERT INTO commits (id, run_id, position, sha, subject) VALUES"
		     " (1, 1, 1, 'a', 'one');", NULL, NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('commits') WHERE name ="
		     " 'message_id'"), 0, "a version 4 database has no commits.message_id");
	sqlite3_close(db);
	db = db_open(path);
	is_int(count(db, "PRAGMA user_version"), db_known_version(), "it is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_table_info('commits') WHERE name IN"
		     " ('message_id', 'mail_references')"), 2,
	       "its commits gain message_id and mail_references");
	db_commit_mail(db, 1, "<1.2@x>", "<0.2@x>");
	is_int(count(db, "SELECT COUNT(*) FROM commits WHERE subject = 'one' AND"
		     " message_id = '<1.2@x>' AND mail_references = '<0.2@x>'"), 1,
	       "the commit is kept and takes its mail's ids");
	db_close(db);
	strbuf_release(&sql);
	free(path);
	remove_tree(dir);
}

/*
 * Version 2 -> 3: results is rebuilt for status 'error', every row and id
 * kept (cached_from and tests.result_id refer to them), the references live.
 * The version 2 database is today's schema with version 2's CHECK.
 */
static void test_schema_v3(void)
{
	char dir[] = "/tmp/bisectable-schema3.XXXXXX";
	struct strbuf sql = STRBUF_INIT;
	char *path, *check;
	sqlite3 *db;

	if (!mkdtemp(dir) || strbuf_read_file(&sql, "db/schema.sql") < 0) {
		ok(0, "mkdtemp and db/schema.sql (run from the top of the tree)");
		return;
	}
	check = strstr(sql.buf, "'skip', 'error')");
	if (check)
		memcpy(check + 6, ")         ", 10);	/* version 2 knew no error */
	path = xasprintf("%s/v2.db", dir);
	sqlite3_open(path, &db);
	sqlite3_exec(db, sql.buf, NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA user_version = 2;"
		     "INSERT INTO runs (id, series, series_kind, repo, work_dir, base_version,"
		     " base_sha, tip_sha, configs, options, started_at, ended_at, state,"
		     " tool_version, host) VALUES (1, 's', 'patches', NULL, '/w', '6.12', 'b',"
		     " NULL, 'up', '{}', 't', NULL, 'done', '0.1', 'h');"
		     "INSERT INTO commits (id, run_id, position, sha, subject) VALUES"
		     " (1, 1, 1, 'a', 'one'), (2, 1, 2, 'b', 'two');"
		     "INSERT INTO results (id, run_id, commit_id, config, stage, status, evidence,"
		     " cache_key, image_key, cached_from) VALUES"
		     " (7, 1, 1, 'up', 'test', 'fail', 'x: boom', 'K', 'I', NULL),"
		     " (42, 1, 2, 'up', 'test', 'fail', 'x: boom', 'K2', 'I', 7);"
		     "INSERT INTO tests (result_id, name, status) VALUES (7, 'x', 'fail'),"
		     " (42, 'x', 'fail');", NULL, NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results"), 2, "a version 2 database with results");
	ok(sqlite3_exec(db, "INSERT INTO results (run_id, commit_id, config, stage, status)"
			" VALUES (1, 1, 'up', 'build', 'error')", NULL, NULL, NULL) != SQLITE_OK,
	   "whose CHECK refuses status 'error'");
	sqlite3_close(db);

	db = db_open(path);
	is_int(count(db, "PRAGMA user_version"), db_known_version(),
	       "is brought to the current version");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE (id = 7 AND cached_from IS NULL"
		     " AND evidence = 'x: boom' AND image_key = 'I') OR (id = 42 AND"
		     " cached_from = 7 AND cache_key = 'K2')"), 2, "keeping every row and id");
	is_int(count(db, "SELECT COUNT(*) FROM tests t JOIN results r ON r.id = t.result_id"),
	       2, "the tests still belong to their results");
	ok(sqlite3_exec(db, "INSERT INTO results (run_id, commit_id, config, stage, status)"
			" VALUES (1, 1, 'up', 'build', 'error')", NULL, NULL, NULL) == SQLITE_OK,
	   "status 'error' is accepted");
	is_int(count(db, "SELECT COUNT(*) FROM verdict WHERE errors = 1 AND complete = 'no'"), 1,
	       "the verdict view counts it");
	sqlite3_exec(db, "DELETE FROM results WHERE id = 7", NULL, NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM tests") * 10 +
	       count(db, "SELECT COUNT(*) FROM results WHERE id = 42 AND cached_from IS NULL"),
	       11, "foreign keys still act (tests cascade, cached_from is set NULL)");
	is_int(count(db, "SELECT COUNT(*) FROM pragma_foreign_key_check"), 0,
	       "no dangling reference");
	is_int(count(db, "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('results_v3',"
		     " 'results_by_key', 'results_by_image')"), 2,
	       "no table left over, the indexes are back");
	db_close(db);
	free(path);
	strbuf_release(&sql);
	remove_tree(dir);
}

/* The tool's identity is in every key: another binary never reuses a result. */
static void test_tool_identity(void)
{
	struct boot_job job = { .initrd = "guest/initramfs.cpio.gz",
				.expect_script = "expect-scripts/boot-test.exp", .accel = "tcg",
				.tests = "a b", .cpus = 1, .boot_timeout = 1, .test_timeout = 1 };
	char *self = xstrdup(cache_tool_identity()), *want = sha256_file("/proc/self/exe");
	char *b1, *b2, *k1, *k2;

	is_str(self, want, "the tool's identity is the SHA-256 of this binary");
	b1 = cache_key_build("t1", "configs", "up");
	k1 = cache_key_boot(b1, &job);
	cache_set_tool_identity("another build of bisectable");
	b2 = cache_key_build("t1", "configs", "up");
	k2 = cache_key_boot(b1, &job);
	ok(strcmp(b1, b2) != 0, "another tool identity gives another build key");
	ok(strcmp(k1, k2) != 0, "and another boot key for the same build");
	cache_set_tool_identity(NULL);
	free(b2);
	b2 = cache_key_build("t1", "configs", "up");
	is_str(b2, b1, "the same binary gives the same key");
	free(self);
	free(want);
	free(b1);
	free(b2);
	free(k1);
	free(k2);
}

int main(void)
{
	test_validate();
	test_json();
	test_metrics();
	test_cache_plan();
	test_schema_upgrade();
	test_schema_v3();
	test_schema_v6();
	test_tool_identity();
	return done_testing();
}
