// SPDX-License-Identifier: GPL-2.0
/*
 * test-partial.c - a run of some positions only (judge/partial.c): which
 * positions its options name, and its words, never a bisectability verdict.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "judge/partial.h"
#include "lib/util.h"
#include "tap.h"

static char *options(const char *only)
{
	struct run_config rc;
	char *json;

	run_config_init(&rc);
	run_config_set_configs(&rc, "up");
	rc.only = only ? xstrdup(only) : NULL;
	json = run_config_to_json(&rc);
	run_config_free(&rc);
	return json;
}

static void test_positions(void)
{
	char *json;

	json = options("tip,base");
	is_str_free(partial_positions(json, 11), "0,11", "base and tip, in order");
	free(json);
	json = options(NULL);
	ok(!partial_positions(json, 11), "a whole run is not partial");
	free(json);
	ok(!partial_positions("key=value text", 11), "nor an older run's options");
	ok(!partial_positions(NULL, 11), "nor none");
	json = options("0,12");
	is_str_free(partial_positions(json, 3), "0,12",
		    "a position past the tip stays, not verified");
	free(json);
}

static void test_text(void)
{
	struct db_result_cell c[] = {
		{ .position = 0, .stage = "apply", .status = "pass" },
		{ .position = 0, .stage = "build", .status = "pass" },
		{ .position = 1, .stage = "build", .status = "pass" },
		{ .position = 3, .stage = "build", .status = "pass" },
		{ .position = 3, .stage = "boot", .status = "fail", .evidence = "panic\x1b[1m" },
		{ .position = 3, .stage = "test", .status = "skip" },
	};
	struct db_result_cells cells = { c, ARRAY_SIZE(c) };
	struct strbuf out = STRBUF_INIT;

	partial_header("0,11", &out);
	is_str(out.buf, "partial run: positions 0,11 only; not a bisectability verdict\n",
	       "the header says what it is not");
	strbuf_reset(&out);
	is_int(partial_config_text("up", &cells, "0,3", 3, &out), 1, "a failing end is not a pass");
	is_str(out.buf, "up: 0/3 pass; 3/3 fails at boot: panic\\033[1m\n",
	       "each end, its first bad stage and evidence made printable");
	strbuf_reset(&out);
	is_int(partial_config_text("up", &cells, "0", 3, &out), 0, "a passing base");
	is_str(out.buf, "up: 0/3 pass\n", "one position");
	strbuf_reset(&out);
	is_int(partial_config_text("up", &cells, "0,2", 3, &out), 1, "a position not verified");
	is_str(out.buf, "up: 0/3 pass; 2/3 not verified\n", "is said");
	strbuf_release(&out);
}

int main(void)
{
	test_positions();
	test_text();
	return done_testing();
}
