// SPDX-License-Identifier: GPL-2.0
/*
 * coverage-text.c: a configuration's figure, the series line in each of
 * its cases (all compiled, bisectable where compiled, not bisectable,
 * unknown), the hint that names another architecture, and the line of
 * another architecture's tree or symbol named by coverage_name_arches().
 */
#include <stdlib.h>
#include <string.h>

#include "judge/coverage-text.h"
#include "lib/util.h"
#include "tap.h"

static char *configs[] = { "up", "smp" };

static struct coverage make(size_t changed, size_t compiled, size_t undecided, size_t unjudged,
			    size_t *by)
{
	struct coverage cov = {
		.configs = configs, .nconfigs = 2, .recorded = 1, .changed = changed,
		.compiled = compiled, .undecided = undecided, .unjudged = unjudged,
		.never = changed - compiled - undecided, .compiled_by = by,
	};

	return cov;
}

static void test_figures(void)
{
	size_t by[] = { 612, 854 };
	struct coverage cov = make(1038, 854, 0, 0, by);
	struct strbuf out = STRBUF_INIT;

	is_int(coverage_config_figure(&cov, "up", &out), 0, "figure: up is a configuration");
	is_str(out.buf, "612 of 1038 changed lines compiled", "figure: up's");
	strbuf_reset(&out);
	is_int(coverage_config_figure(&cov, "up-full", &out), -1, "figure: not one of the run's");
	is_str(out.buf, "", "figure: and nothing said");
	is_int(coverage_answer(&cov), COVERAGE_PARTIAL, "answer: 184 lines never compiled");
	coverage_series_text(&cov, 1, &out);
	is_str(out.buf, "series: bisectable where compiled: 184 changed lines never built (854 of"
	       " 1038 compiled by up,smp; see 'bisectable coverage')",
	       "series: bisectable is earned only where compiled");
	strbuf_reset(&out);
	coverage_series_text(&cov, 0, &out);
	is_str(out.buf, "series: 854 of 1038 changed lines compiled by up,smp; 184 changed lines"
	       " never built (see 'bisectable coverage')", "series: not bisectable, figures only");
	ok(coverage_share(&cov) < 0.83 && coverage_share(&cov) > 0.82, "share: 854/1038");
	strbuf_release(&out);
}

static void test_full_and_unknown(void)
{
	size_t by[] = { 12, 12 };
	struct coverage cov = make(12, 12, 0, 0, by);
	struct strbuf out = STRBUF_INIT;

	is_int(coverage_answer(&cov), COVERAGE_FULL, "answer: every line compiled");
	coverage_series_text(&cov, 1, &out);
	is_str(out.buf, "series: bisectable: all 12 changed lines compiled by up,smp",
	       "series: all compiled");
	strbuf_reset(&out);
	cov = make(14, 11, 1, 2, by);
	coverage_series_text(&cov, 1, &out);
	is_str(out.buf, "series: bisectable where compiled: 4 changed lines never built,"
	       " 1 undecided (complex conditions) (11 of 16 compiled by up,smp;"
	       " see 'bisectable coverage')", "series: undecided and unjudged lines said");
	is_int((int)coverage_uncompiled(&cov), 5, "uncompiled: never, undecided, unjudged");
	strbuf_reset(&out);
	cov.recorded = 0;
	is_int(coverage_answer(&cov), COVERAGE_UNKNOWN, "answer: no .config recorded");
	coverage_series_text(&cov, 1, &out);
	is_str(out.buf, "series: coverage not known (see 'bisectable coverage')",
	       "series: unknown is said, never bisectable");
	strbuf_release(&out);
}

static void test_arches(void)
{
	struct coverage_line lines[] = {
		{ .path = "arch/arm64/kernel/smp.c", .line = 3, .sign = '+', .guard = "(no guard)" },
		{ .path = "kernel/sched/core.c", .line = 9, .sign = '+', .guard = "ARM64=y" },
		{ .path = "kernel/sched/core.c", .line = 10, .sign = '+', .guard = "NOT_ARM64=y" },
		{ .path = "kernel/sched/core.c", .line = 11, .sign = '+', .guard = "RT_GROUP_SCHED=y" },
	};
	struct coverage_commit cc = { .missed = lines, .nmissed = 4 };
	struct coverage cov = { .commits = &cc, .ncommits = 1 };
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < 4; i++)
		lines[i].arch = NULL;
	coverage_name_arches(&cov);
	is_str(lines[0].arch, "arm64", "arch: a file under arch/arm64/ is arm64's");
	is_str(lines[1].arch, "arm64", "arch: a line under CONFIG_ARM64 is arm64's");
	ok(lines[2].arch == NULL, "arch: a symbol that only ends in ARM64 is not");
	ok(lines[3].arch == NULL, "arch: an x86_64 symbol is x86_64's");
	coverage_line_hint(&lines[0], &out);
	is_str(out.buf, "--arch arm64", "hint: --arch arm64");
	strbuf_reset(&out);
	coverage_line_hint(&lines[3], &out);
	is_str(out.buf, "--configs auto", "hint: derived configurations");
	for (i = 0; i < 4; i++)
		free(lines[i].arch);
	strbuf_release(&out);
}

int main(void)
{
	test_figures();
	test_full_and_unknown();
	test_arches();
	return done_testing();
}
