// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-check.c - a commit in a configuration as a check
 * (report/report-check.c): the state of each kind of facts, and the state
 * and line of commits of a hand-made model whose figures are what
 * verdict.c and coverage.c would give.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report-check.h"
#include "lib/util.h"
#include "tap.h"

static void test_states(void)
{
	static const struct {
		struct check_facts f;
		enum check_state want;
		const char *what;
	} cases[] = {
		{ { 0 }, CHECK_SUCCESS, "every stage passed: success" },
		{ { .bad = 1, .first_bad = 1 }, CHECK_FAIL, "the first bad: fail" },
		{ { .bad = 1 }, CHECK_FAIL, "a later commit that fails too: fail" },
		{ { .bad = 1, .first_bad = 1, .flaky = 1 }, CHECK_WARNING,
		  "a first bad some boots passed: warning" },
		{ { .bad = 1, .base_bad = 1 }, CHECK_WARNING, "what the base fails too: warning" },
		{ { .unverified = 1 }, CHECK_PENDING, "not verified: pending" },
		{ { .unverified = 1, .uncompiled = 2 }, CHECK_PENDING,
		  "not verified, uncompiled lines: still pending" },
		{ { .bad = 1, .unverified = 1 }, CHECK_FAIL, "a failure beats a stage not verified" },
		{ { .flaky = 1 }, CHECK_WARNING, "a pass with failed boots: warning" },
		{ { .uncompiled = 1 }, CHECK_WARNING, "a line no configuration compiled: warning" },
		{ { .claim_broken = 1 }, CHECK_WARNING, "a broken no-change claim: warning" },
		{ { .bad = 1, .uncompiled = 1 }, CHECK_FAIL, "a failure beats a warning" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		is_str(check_state_names[check_state_of(&cases[i].f)],
		       check_state_names[cases[i].want], "%s", cases[i].what);
}

static void test_context(void)
{
	struct strbuf sb = STRBUF_INIT;

	check_context("up", &sb);
	is_str(sb.buf, "bisectable-up", "a configuration's context");
	strbuf_reset(&sb);
	check_context("riscv64+up x", &sb);
	is_str(sb.buf, "bisectable-riscv64_up_x", "what patchwork's slug does not take is '_'");
	strbuf_release(&sb);
}

/* One configuration, the base and 4 commits; commit 2 does not build, 3 neither. */
#define N 5
struct model {
	struct cell cells[N][NR_STAGES];
	struct commit commits[N];
	struct verdict v;
	char *configs[1];
	size_t compiled_by[N];
	struct coverage_commit cov[N];
	struct report_model m;
};

static void model_init(struct model *o)
{
	int i, s;

	memset(o, 0, sizeof(*o));
	o->configs[0] = "up";
	for (i = 0; i < N; i++) {
		o->commits[i].position = i;
		o->commits[i].cells = o->cells[i];
		for (s = 0; s < NR_STAGES; s++)
			o->cells[i][s] = (struct cell){ .id = 1, .status = ST_PASS, .tries = 1,
							.log_path = "logs/x.log" };
		o->compiled_by[i] = 3;
		o->cov[i] = (struct coverage_commit){ .position = i, .judged = 1, .changed = 3,
			.compiled = 3, .compiled_by = &o->compiled_by[i] };
	}
	o->cells[2][STAGE_BUILD] = (struct cell){ .id = 1, .status = ST_FAIL, .tries = 1,
		.evidence = "a.c:1:1: error: no\nmore lines", .log_path = "logs/2-build.log" };
	o->cells[3][STAGE_BUILD] = (struct cell){ .id = 1, .status = ST_FAIL, .tries = 1,
		.evidence = "a.c:1:1: error: no", .log_path = "logs/3-build.log" };
	for (i = 2; i <= 3; i++)
		o->cells[i][STAGE_BOOT].status = o->cells[i][STAGE_TEST].status = ST_SKIP;
	o->v = (struct verdict){ .config = "up", .has_results = 1, .commits = N - 1, .bad = 1,
		.position = 2, .stage = STAGE_BUILD, .confidence = 1 };
	o->m = (struct report_model){ .configs = o->configs, .nconfigs = 1, .verdicts = &o->v,
		.commits = o->commits, .ncommits = N, .last_position = N - 1 };
	o->m.coverage = (struct coverage){ .configs = o->configs, .nconfigs = 1,
		.commits = o->cov, .ncommits = N, .recorded = 1 };
}

static enum check_state state_at(const struct model *o, long ci, struct strbuf *line)
{
	struct commit_check check;
	enum check_state st;

	if (commit_check_of(&o->m, ci, 0, &check) < 0)
		return NR_CHECK_STATES;
	st = check.state;
	strbuf_reset(line);
	strbuf_addstr(line, check.description.buf);
	commit_check_release(&check);
	return st;
}

static void test_commits(void)
{
	struct strbuf line = STRBUF_INIT;
	struct commit_check check;
	struct model o;

	model_init(&o);
	ok(commit_check_of(&o.m, 0, 0, &check) < 0, "the base is no patch: no check");
	is_int(state_at(&o, 1, &line), CHECK_SUCCESS, "commit 1 passed: success");
	is_str(line.buf, "builds, boots and passes its tests; 3 of 3 changed lines compiled",
	       "and says so with its coverage");
	is_int(state_at(&o, 2, &line), CHECK_FAIL, "commit 2, the first bad: fail");
	is_str(line.buf, "first bad: does not build: a.c:1:1: error: no; confidence 100%;"
	       " 3 of 3 changed lines compiled", "its line: first bad, the error's first line");
	ok(commit_check_of(&o.m, 2, 0, &check) == 0 && check.log_path &&
	   !strcmp(check.log_path, "logs/2-build.log") && check.confidence == 100,
	   "its log is the build's, its confidence 100");
	commit_check_release(&check);
	is_int(state_at(&o, 3, &line), CHECK_FAIL, "commit 3 fails too: fail");
	is_str(line.buf, "does not build (first bad: 2/4): a.c:1:1: error: no;"
	       " 3 of 3 changed lines compiled", "it names the first bad");

	o.cells[4][STAGE_TEST].status = ST_NONE;
	o.cells[4][STAGE_TEST].id = 0;
	is_int(state_at(&o, 4, &line), CHECK_PENDING, "no result at test: pending");
	is_str(line.buf, "not verified: no result at test; 3 of 3 changed lines compiled",
	       "not verified, said so");
	o.cells[4][STAGE_TEST] = (struct cell){ .id = 1, .status = ST_ERROR,
		.evidence = "qemu: cannot allocate\r\nmemory" };
	is_int(state_at(&o, 4, &line), CHECK_PENDING, "an error of the machine: pending");
	is_str(line.buf, "not verified at test: error (the machine failed, not the commit):"
	       " qemu: cannot allocate; 3 of 3 changed lines compiled", "one line of its evidence");

	o.cells[4][STAGE_TEST] = (struct cell){ .id = 1, .status = ST_PASS, .tries = 6,
		.failed_tries = 1 };
	is_int(state_at(&o, 4, &line), CHECK_WARNING, "a pass with a failed boot: warning");
	is_str(line.buf, "builds, boots and passes its tests; test failed 1 of 6 boots (flaky);"
	       " 3 of 3 changed lines compiled", "the flaky boots said");

	o.cells[4][STAGE_TEST].failed_tries = 0;
	o.cov[4].compiled = 2;
	o.compiled_by[4] = 1;
	is_int(state_at(&o, 4, &line), CHECK_WARNING, "a line no configuration compiled: warning");
	is_str(line.buf, "builds, boots and passes its tests; 1 of 3 changed lines compiled,"
	       " 1 by no configuration", "its figure and the line no one compiled");

	o.v.kind = "flaky";
	o.cells[2][STAGE_BUILD].status = ST_PASS;
	o.cells[2][STAGE_BOOT] = (struct cell){ .id = 1, .status = ST_FAIL, .tries = 3,
		.failed_tries = 1 };
	o.v.stage = STAGE_BOOT;
	o.v.boots = 3;
	o.v.failed_boots = 1;
	o.v.parent_boots = o.v.parent_passes = 10;
	o.v.confidence = 0.99;
	is_int(state_at(&o, 2, &line), CHECK_WARNING, "a flaky first bad: warning");
	is_str(line.buf, "first bad: builds, does not boot; failed 1 of 3 boots (flaky), parent"
	       " passed 10 of 10; confidence 99%; 3 of 3 changed lines compiled",
	       "with its confidence, in first-bad's words");

	o.v.base_bad = 1;
	o.v.position = 0;
	is_int(state_at(&o, 3, &line), CHECK_WARNING, "the base bad: a commit failing too warns");
	ok(!strncmp(line.buf, "the base fails too: does not build", 34), "and says why");
	strbuf_release(&line);
}

int main(void)
{
	test_states();
	test_context();
	test_commits();
	return done_testing();
}
