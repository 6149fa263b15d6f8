// SPDX-License-Identifier: GPL-2.0
/*
 * test-compare.c - the two ends of a run side by side (judge/compare.c): the
 * numbers' format, a line, and the figures loaded from a database, sizes
 * first, bookkeeping left out.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "input/run-config.h"
#include "judge/compare.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static char *number(double v)
{
	struct strbuf sb = STRBUF_INIT;

	compare_number(&sb, v);
	return strbuf_detach(&sb, NULL);
}

static void test_format(void)
{
	struct compare_figure f = { .name = "text", .has_from = 1, .has_to = 1,
				    .from = 1234567, .to = 1238000 };
	struct strbuf sb = STRBUF_INIT;

	is_str_free(number(1234567), "1,234,567", "thousands");
	is_str_free(number(-1000), "-1,000", "negative");
	is_str_free(number(999), "999", "small");
	is_str_free(number(2.687), "2.687", "a fraction");
	compare_line(&sb, "up", &f);
	is_str(sb.buf, "up: text 1,234,567 -> 1,238,000 (+0.28%)\n", "the cover letter's form");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "perf_sched_pipe_s", .unit = "s", .has_from = 1,
				     .has_to = 1, .from = 2.55, .to = 2.687 };
	compare_line(&sb, "defconfig+up", &f);
	is_str(sb.buf, "defconfig+up: perf_sched_pipe_s 2.55 -> 2.687 s (+5.37%)\n",
	       "with its unit");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "bss", .unit = "bytes", .has_from = 1, .from = 40960 };
	compare_line(&sb, "smp", &f);
	is_str(sb.buf, "smp: bss 40,960 -> (not measured)\n", "an end without it");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "warnings", .has_from = 1, .has_to = 1, .to = 2 };
	compare_line(&sb, "up", &f);
	is_str(sb.buf, "up: warnings 0 -> 2 (from 0)\n", "no percentage from 0");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "x\x1b[2J", .has_from = 1, .has_to = 1, .from = 3,
				     .to = 3 };
	compare_line(&sb, "up", &f);
	is_str(sb.buf, "up: x\\033[2J 3 -> 3 (+0.00%)\n", "a name made printable, no change");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "text", .unit = "bytes", .has_from = 1, .has_to = 1,
				     .from = 28800000, .to = 28880000, .declared = 1,
				     .declared_from = 28816070, .declared_to = 28904324 };
	compare_line(&sb, "defconfig+up", &f);
	is_str(sb.buf, "defconfig+up: text 28,800,000 -> 28,880,000 (+0.28%); declared 28,816,070"
	       " -> 28,904,324 (+0.31%)\n", "the series' declaration beside the measurement");
	strbuf_reset(&sb);
	f = (struct compare_figure){ .name = "perf_sched_pipe_s", .unit = "s", .declared = 1,
				     .declared_from = 2.55022, .declared_to = 2.687 };
	compare_line(&sb, "defconfig+up", &f);
	is_str(sb.buf, "defconfig+up: perf_sched_pipe_s (not measured) -> (not measured); declared"
	       " 2.55022 -> 2.687 s (+5.36%)\n", "a declaration not measured");
	strbuf_release(&sb);
}

static void test_load(void)
{
	char dir[] = "/tmp/bisectable-compare.XXXXXX";
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up,smp", .options = "{}",
	};
	struct run_config rc;
	struct strbuf sb = STRBUF_INIT;
	struct comparison c;
	long long id, c0, c1, c2;
	char *path;
	sqlite3 *db;

	db = scratch_dir_db(dir, &path);
	id = db_insert_run(db, &run);
	c0 = db_commit_set(db, id, 0, "s0", "t0", "base", "a", NULL);
	c1 = db_commit_set(db, id, 1, "s1", "t1", "one", "a", NULL);
	c2 = db_commit_set(db, id, 2, "s2", "t2", "two", "a", NULL);
	db_metric_set(db, c0, "up", "build", "rebuilt_objects", 100);
	db_metric_set(db, c0, "up", "guest", "pipe_rtt_ns", 1000);
	db_metric_set(db, c0, "up", "build", "text", 1000000);
	db_metric_set(db, c1, "up", "build", "text", 1500000);
	db_metric_set(db, c2, "up", "build", "text", 1002000);
	db_metric_set(db, c2, "up", "guest", "pipe_rtt_ns", 900);
	db_metric_set(db, c2, "up", "build", "rebuilt_objects", 3);
	is_int(compare_load(db, id, -1, -1, &c), 0, "a run loads");
	is_int(c.from, 0, "from the base");
	is_int(c.to, 2, "to the tip");
	compare_text(&c, &sb);
	is_str(sb.buf, "run 1: 0/2 -> 2/2\n"
	       "up: text 1,000,000 -> 1,002,000 (+0.20%)\n"
	       "up: pipe_rtt_ns 1,000 -> 900 ns (-10.00%)\n"
	       "smp: no figures\n", "sizes first, bookkeeping left out, units known");
	compare_free(&c);
	strbuf_reset(&sb);
	is_int(compare_load(db, id, 1, 2, &c), 0, "two positions");
	compare_text(&c, &sb);
	ok(strstr(sb.buf, "up: text 1,500,000 -> 1,002,000 (-33.20%)") != NULL, "between them: %s",
	   sb.buf);
	compare_free(&c);
	ok(compare_load(db, id, 3, -1, &c) < 0, "a position past the tip is refused");
	compare_free(&c);

	/* A run whose series declares figures: beside the measured, or alone. */
	run_config_init(&rc);
	run_config_set_configs(&rc, "up,smp");
	rc.declared = xcalloc(3, sizeof(*rc.declared));
	rc.declared[0] = (struct series_declared){ xstrdup("up"), xstrdup("text"), 1000000,
						   1003000, "bytes" };
	rc.declared[1] = (struct series_declared){ xstrdup("up"), xstrdup("perf_sched_pipe_s"),
						   2.55, 2.687, "s" };
	rc.declared[2] = (struct series_declared){ xstrdup("defconfig+up"), xstrdup("text"), 1,
						   2, "" };
	rc.ndeclared = 3;
	run.options = run_config_to_json(&rc);
	id = db_insert_run(db, &run);
	c0 = db_commit_set(db, id, 0, "s0", "t0", "base", "a", NULL);
	c1 = db_commit_set(db, id, 1, "s1", "t1", "one", "a", NULL);
	db_metric_set(db, c0, "up", "build", "text", 1000000);
	db_metric_set(db, c1, "up", "build", "text", 1002000);
	strbuf_reset(&sb);
	is_int(compare_load(db, id, -1, -1, &c), 0, "a run with declared figures loads");
	compare_text(&c, &sb);
	is_str(sb.buf, "run 2: 0/1 -> 1/1\n"
	       "up: text 1,000,000 -> 1,002,000 (+0.20%); declared 1,000,000 -> 1,003,000 (+0.30%)\n"
	       "up: perf_sched_pipe_s (not measured) -> (not measured); declared 2.55 -> 2.687 s"
	       " (+5.37%)\n"
	       "smp: no figures\n", "declared beside measured, a configuration not run left out");
	compare_free(&c);
	free((char *)run.options);
	run_config_free(&rc);
	strbuf_release(&sb);
	db_close(db);
	free(path);
	remove_tree(dir);
}

int main(void)
{
	test_format();
	test_load();
	return done_testing();
}
