// SPDX-License-Identifier: GPL-2.0
/*
 * test-bisect.c - the answer a bisect step gives git bisect run (bisect.h):
 * the exit code of each stage status and stage looked for, how two
 * configurations' answers combine, and bisect_judge on a database's results.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/bisect.h"
#include "db/db.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

#define ANY	(-1)
#define BUILD	1
#define BOOT	2
#define TEST	3

/* One letter per stage, apply to test: p pass, f fail, t timeout, s skip, e error, - none. */
static int code_of(const char *cells, int wanted, int *deciding)
{
	const char *status[BISECT_NSTAGES] = { NULL };
	int i;

	for (i = 0; i < BISECT_NSTAGES; i++) {
		switch (cells[i]) {
		case 'p': status[i] = "pass"; break;
		case 'f': status[i] = "fail"; break;
		case 't': status[i] = "timeout"; break;
		case 's': status[i] = "skip"; break;
		case 'e': status[i] = "error"; break;
		case '?': status[i] = "strange"; break;
		}
	}
	return bisect_exit_code(status, wanted, deciding);
}

static void test_exit_codes(void)
{
	static const struct {
		const char *cells;
		int wanted, code, deciding;
		const char *what;
	} cases[] = {
		{ "pppp", ANY, BISECT_GOOD, -1, "every stage passes: good" },
		{ "pppp", BOOT, BISECT_GOOD, -1, "every stage passes, boot looked for: good" },
		{ "pfss", ANY, BISECT_BAD, BUILD, "a build failure, any stage: bad" },
		{ "pfss", BUILD, BISECT_BAD, BUILD, "a build failure, build looked for: bad" },
		{ "pfss", BOOT, BISECT_SKIP, BUILD,
		  "a build failure while bisecting a boot failure: skip" },
		{ "pfss", TEST, BISECT_SKIP, BUILD, "a build failure while bisecting a test: skip" },
		{ "ppfs", BOOT, BISECT_BAD, BOOT, "a boot failure, boot looked for: bad" },
		{ "pptf", ANY, BISECT_BAD, BOOT, "a boot timeout (the retry's too): bad" },
		{ "ppfs", BUILD, BISECT_GOOD, -1, "a boot failure while bisecting the build: good" },
		{ "pppf", BOOT, BISECT_GOOD, -1, "a test failure while bisecting the boot: good" },
		{ "pppf", TEST, BISECT_BAD, TEST, "a test failure, test looked for: bad" },
		{ "pess", ANY, BISECT_SKIP, BUILD, "an error of the machine at build: skip" },
		{ "pess", BUILD, BISECT_SKIP, BUILD, "even when the build is looked for" },
		{ "ppee", BOOT, BISECT_SKIP, BOOT, "an error of QEMU at boot: skip" },
		{ "ppps", TEST, BISECT_SKIP, TEST, "a stage that was not run: skip" },
		{ "ppps", BOOT, BISECT_GOOD, -1, "a later stage not run does not matter" },
		{ "pp--", BOOT, BISECT_ABORT, BOOT, "nothing recorded at boot: abort (ours)" },
		{ "pp--", BUILD, BISECT_GOOD, -1, "nothing recorded after the stage looked for" },
		{ "----", ANY, BISECT_ABORT, 0, "nothing recorded at all: abort" },
		{ "p?pp", ANY, BISECT_ABORT, BUILD, "a status this bisectable does not know: abort" },
		{ "fsss", BOOT, BISECT_SKIP, 0, "a commit that is not there (apply): skip" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int deciding = 99, code = code_of(cases[i].cells, cases[i].wanted, &deciding);

		is_int(code, cases[i].code, "%s (%s)", cases[i].what, cases[i].cells);
		is_int(deciding, cases[i].deciding, "  decided by stage %d", cases[i].deciding);
	}
	ok(code_of("pfss", BOOT, NULL) == BISECT_SKIP, "deciding may be NULL");
}

static void test_combine(void)
{
	is_int(bisect_exit_combine(BISECT_GOOD, BISECT_GOOD), BISECT_GOOD, "good and good: good");
	is_int(bisect_exit_combine(BISECT_GOOD, BISECT_SKIP), BISECT_SKIP, "good and skip: skip");
	is_int(bisect_exit_combine(BISECT_SKIP, BISECT_BAD), BISECT_BAD,
	       "skip and bad: bad (the breakage is seen on one configuration)");
	is_int(bisect_exit_combine(BISECT_BAD, BISECT_GOOD), BISECT_BAD, "bad and good: bad");
	is_int(bisect_exit_combine(BISECT_BAD, BISECT_ABORT), BISECT_ABORT, "bad and abort: abort");
	is_int(bisect_exit_combine(BISECT_ABORT, BISECT_GOOD), BISECT_ABORT,
	       "abort and good: abort");
	is_str(bisect_answer_name(BISECT_SKIP), "skip", "125 is skip");
	is_str(bisect_answer_name(BISECT_ABORT), "abort", "128 is abort");
	is_int(bisect_stage_index("boot"), 2, "boot is stage 2");
	is_int(bisect_stage_index("bogus"), -1, "no stage bogus");
	is_int(bisect_stage_index(NULL), -1, "no stage: -1");
}

static void add_result(sqlite3 *db, long long commit, const char *config, const char *stage,
		       const char *status, const char *evidence)
{
	struct result_row row = { .config = config, .stage = stage, .status = status,
				  .evidence = evidence };

	db_result_set(db, 1, commit, &row);
}

/* bisect_judge reads the results of both configurations of a commit. */
static void test_judge(void)
{
	char dir[] = "/tmp/bisectable-test-bisect.XXXXXX";
	struct strbuf why = STRBUF_INIT;
	struct run_info ri = { 0 };
	struct run_config rc;
	long long c1, c2;
	char *path;
	sqlite3 *db;

	db = scratch_dir_db(dir, &path);
	ri.series = "a..b";
	ri.series_kind = "range";
	ri.work_dir = "/w";
	ri.base_version = "6.12";
	ri.base_sha = "a";
	ri.configs = "up,smp";
	ri.options = "{}";
	ri.kind = "bisect";
	is_int(db_insert_run(db, &ri), 1, "a run of kind bisect");
	run_config_init(&rc);
	c1 = db_commit_set(db, 1, 1, "c1", "t1", "one", NULL, NULL);
	c2 = db_commit_set(db, 1, 2, "c2", "t2", "two", NULL, NULL);
	add_result(db, c1, "up", "apply", "pass", NULL);
	add_result(db, c1, "up", "build", "fail", "lib/x.c:1: error: expected expression");
	add_result(db, c1, "up", "boot", "skip", "not run: build failed");
	add_result(db, c1, "up", "test", "skip", "not run: build failed");
	add_result(db, c1, "smp", "apply", "pass", NULL);
	add_result(db, c1, "smp", "build", "pass", NULL);
	add_result(db, c1, "smp", "boot", "pass", NULL);
	add_result(db, c1, "smp", "test", "pass", NULL);
	is_int(bisect_judge(db, c1, &rc, BOOT, &why), BISECT_SKIP,
	       "up's build failure while bisecting the boot: skip, though smp passes");
	is_str(why.buf, "up build fail: lib/x.c:1: error: expected expression",
	       "with the build's evidence");
	is_int(bisect_judge(db, c1, &rc, ANY, &why), BISECT_BAD, "any stage: bad");
	add_result(db, c2, "up", "apply", "pass", NULL);
	add_result(db, c2, "up", "build", "pass", NULL);
	add_result(db, c2, "up", "boot", "fail", "Kernel panic - not syncing: planted");
	add_result(db, c2, "up", "test", "skip", NULL);
	add_result(db, c2, "smp", "apply", "pass", NULL);
	add_result(db, c2, "smp", "build", "error", "the compiler was killed");
	add_result(db, c2, "smp", "boot", "skip", NULL);
	add_result(db, c2, "smp", "test", "skip", NULL);
	is_int(bisect_judge(db, c2, &rc, BOOT, &why), BISECT_BAD,
	       "up bad at boot, smp an error: bad");
	is_str(why.buf, "up boot fail: Kernel panic - not syncing: planted", "up's evidence");
	run_config_set_configs(&rc, "smp");
	is_int(bisect_judge(db, c2, &rc, BOOT, &why), BISECT_SKIP, "smp alone: skip (error)");
	run_config_set_configs(&rc, "up-full");
	is_int(bisect_judge(db, c2, &rc, BOOT, &why), BISECT_ABORT,
	       "a configuration with nothing recorded: abort");
	run_config_free(&rc);
	strbuf_release(&why);
	db_close(db);
	free(path);
	remove_tree(dir);
}

int main(void)
{
	test_exit_codes();
	test_combine();
	test_judge();
	return done_testing();
}
