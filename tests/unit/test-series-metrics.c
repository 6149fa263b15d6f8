// SPDX-License-Identifier: GPL-2.0
/*
 * test-series-metrics.c - a series' metrics file (input/series-metrics.c):
 * what loads, the git grep options refused, and the count in a tiny
 * repository. Run from the top of the repository.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/run-config.h"
#include "input/series-metrics.h"
#include "run/run-check.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"
#include "lib/run-command.h"

static int load_metrics_text(const char *dir, const char *text, struct run_config *rc)
{
	char *path = xasprintf("%s/metrics", dir);
	int saved, ret;

	write_file(path, text, strlen(text));
	run_config_init(rc);
	run_config_set_tests(rc, "all");
	saved = stderr_to(NULL);
	ret = series_metrics_load(&(struct series_metrics){ &rc->metrics, &rc->nmetrics,
							   &rc->declared, &rc->ndeclared }, path);
	if (!ret)
		ret = run_config_validate(rc, "configs");
	stderr_back(saved);
	free(path);
	return ret;
}

/* A metrics file's text that is refused, and why. */
struct refused {
	const char *text;
	const char *why;
};

static void check_refused(const char *dir, const struct refused *cases, size_t n)
{
	struct run_config rc;
	size_t i;

	for (i = 0; i < n; i++) {
		is_int(load_metrics_text(dir, cases[i].text, &rc), -1, "%s", cases[i].why);
		run_config_free(&rc);
	}
}

static void test_metrics(void)
{
	static const struct refused metrics[] = {
		{ "metric x git-grep -O evil -e a\n", "-O (runs a program) is refused" },
		{ "metric x git-grep --no-index -e a\n",
		  "--no-index (reads outside the tree) is refused" },
		{ "metric x git-grep -- -O\n", "a metric needs a pattern" },
		{ "metric Bad git-grep -e a\n", "a metric name is [a-z0-9_]" },
		{ "metric a git-grep -e a\nmetric a git-grep -e b\n", "a metric twice is refused" },
		{ "describe a text\n", "a description needs its metric first" },
	}, declared[] = {
		{ "declare up text 1 two\n", "a declared end is a number" },
		{ "declare up text 1\n", "both ends are declared" },
		{ "declare up Text 1 2\n", "a declared figure's name is [a-z0-9_]" },
		{ "declare u<p text 1 2\n", "a configuration name of printable name characters" },
	};
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
	check_refused(dir, metrics, ARRAY_SIZE(metrics));

	/* The cover letter's figures, declared at both ends, kept with the run. */
	is_int(load_metrics_text(dir, "declare defconfig:up text 28816070 28904324 bytes\n"
				 "declare defconfig+up perf_sched_pipe_s 2.55022 2.687 s\n"
				 "declare up warnings 0 1\n", &rc), 0, "declare lines load");
	is_int((int)rc.ndeclared, 3, "three declared figures");
	is_str(rc.declared[0].config, "defconfig+up", "TARGET:FRAGMENT stored as runs store it");
	ok(rc.declared[1].from == 2.55022 && rc.declared[1].to == 2.687 &&
	   !strcmp(rc.declared[1].unit, "s"), "both ends and the unit");
	is_str(rc.declared[2].unit, "", "a unit is optional");
	{
		char *json = run_config_to_json(&rc);
		struct run_config back;

		ok(run_config_from_json(json, &back) == 0 && back.ndeclared == 3 &&
		   !strcmp(back.declared[0].figure, "text") && back.declared[0].to == 28904324 &&
		   !strcmp(back.declared[0].unit, "bytes"), "declared figures are stored with the run");
		run_config_free(&back);
		free(json);
	}
	run_config_free(&rc);
	check_refused(dir, declared, ARRAY_SIZE(declared));

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

int main(void)
{
	test_metrics();
	return done_testing();
}
