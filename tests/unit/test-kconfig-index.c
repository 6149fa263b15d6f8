// SPDX-License-Identifier: GPL-2.0
/*
 * test-kconfig-index.c - kconfig-index.c: the index of config entries
 * (types, prompts, dependencies from depends on / if / menu, selectors) on
 * synthetic Kconfig text, and the assignments a dependency expression asks
 * for. A .config's values are test-dotconfig.c's.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "kconfig/kconfig-index.h"
#include "lib/util.h"
#include "tap.h"

static char *assign(const char *expr)
{
	struct argv_array a = ARGV_ARRAY_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	kconfig_depends_assign(expr, &a);
	for (i = 0; i < a.argc; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", a.argv[i]);
	argv_clear(&a);
	return strbuf_detach(&sb, NULL);
}

static void check_assign(const char *expr, const char *want)
{
	char *got = assign(expr);

	is_str(got, want, "depends on %s", expr);
	free(got);
}

static const char kconfig_text[] =
	"menu \"Scheduler\"\n"
	"\tdepends on SCHED_MENU\n"
	"\n"
	"config CGROUP_SCHED\n"
	"\tbool \"Group CPU scheduler\"\n"
	"\tdepends on CGROUPS\n"
	"\thelp\n"
	"\t  This is help text, with words like config FAKE and depends on X.\n"
	"\n"
	"\t  select NOT_A_SELECT\n"
	"\n"
	"if CGROUP_SCHED\n"
	"config RT_GROUP_SCHED\n"
	"\tbool \"Group scheduling for SCHED_RR/FIFO\"\n"
	"\tdepends on !PREEMPT_RT # a comment\n"
	"\tselect SCHED_HELPER\n"
	"endif\n"
	"endmenu\n"
	"\n"
	"config SCHED_HELPER\n"
	"\tdef_bool n\n"
	"\n"
	"config UCLAMP_TASK\n"
	"\tbool \"Enable utilization clamping\" if \\\n"
	"\t\tEXPERT\n"
	"\tdepends on CPU_FREQ_GOV_SCHEDUTIL\n"
	"choice\n"
	"\tprompt \"Preemption Model\"\n"
	"config PREEMPT_NONE\n"
	"\tbool \"No Forced Preemption\"\n"
	"endchoice\n"
	"config NR_CPUS\n"
	"\tint \"Maximum number of CPUs\"\n"
	"config DRIVER\n"
	"\ttristate \"A driver\"\n";

/*
 * Nesting deeper than any fixed array: read without a fault, an entry
 * depends on the outermost 64 blocks (no tree nests near as deep), and the
 * blocks close in order; 8,000 levels, each with an entry, within 2 s.
 */
static void test_deep_if(void)
{
	struct kconfig_index ix = { 0 };
	struct strbuf text = STRBUF_INIT, want = STRBUF_INIT;
	const struct kconfig_symbol *s;
	int i, depth = 8000;
	double start, took;

	strbuf_addstr(&text, "menu \"m\"\n\tdepends on M\n");
	strbuf_addstr(&want, "(M)");
	for (i = 0; i < depth; i++) {
		strbuf_addf(&text, "if A%d\nconfig S%d\n\tbool \"s\"\n", i, i);
		if (i < 63)
			strbuf_addf(&want, " && (A%d)", i);
	}
	strbuf_addstr(&text, "config DEEP\n\tbool \"deep\"\n");
	for (i = 0; i < depth; i++)
		strbuf_addstr(&text, "endif\n");
	strbuf_addstr(&text, "endmenu\nconfig SHALLOW\n\tbool \"s\"\n");
	start = cpu_seconds();
	kconfig_index_add_text(&ix, text.buf);
	took = cpu_seconds() - start;
	ok(took < 2.0, "%d nested ifs indexed in %.2f s", depth, took);
	s = kconfig_find(&ix, "DEEP");
	is_str(s ? s->depends.buf : "", want.buf, "the menu and the outermost 63 ifs kept");
	s = kconfig_find(&ix, "S40");
	ok(s && s->depends.len > 8 &&
	   !strcmp(s->depends.buf + s->depends.len - 8, "&& (A40)"), "a shallower entry: all");
	s = kconfig_find(&ix, "SHALLOW");
	is_str(s ? s->depends.buf : "x", "", "and all closed after them");
	kconfig_index_release(&ix);
	strbuf_release(&text);
	strbuf_release(&want);
}

/*
 * Indexing takes time close to linear in the text: 50,000 entries, and
 * one symbol defined 20,000 times, each within 2 s (under ASan).
 */
static void test_big_index(void)
{
	struct kconfig_index ix = { 0 };
	struct strbuf text = STRBUF_INIT;
	const struct kconfig_symbol *s;
	double start, took;
	int i;

	for (i = 0; i < 50000; i++)
		strbuf_addf(&text, "config S%d\n\tbool \"s\"\n\tselect S%d\n", i, i / 2);
	start = cpu_seconds();
	kconfig_index_add_text(&ix, text.buf);
	took = cpu_seconds() - start;
	ok(took < 2.0, "50,000 entries indexed in %.2f s", took);
	is_int(ix.n, 50000, "each once");
	s = kconfig_find(&ix, "S24999");
	ok(s && s->selected_by.argc == 2 && !strcmp(s->selected_by.argv[1], "S49999"),
	   "found, with its selectors");
	kconfig_index_release(&ix);
	strbuf_reset(&text);
	for (i = 0; i < 20000; i++)
		strbuf_addf(&text, "if C%d\nconfig A\n\tbool \"a\"\nendif\n", i);
	start = cpu_seconds();
	kconfig_index_add_text(&ix, text.buf);
	took = cpu_seconds() - start;
	ok(took < 2.0, "a symbol defined 20,000 times indexed in %.2f s", took);
	s = kconfig_find(&ix, "A");
	ok(s && !strncmp(s->depends.buf, "(((", 3), "its conditions or-ed, the first kept: %.40s",
	   s ? s->depends.buf : "");
	kconfig_index_release(&ix);
	strbuf_release(&text);
}

int main(void)
{
	test_deep_if();
	test_big_index();
	struct kconfig_index ix = { 0 };
	const struct kconfig_symbol *s;

	kconfig_index_add_text(&ix, kconfig_text);
	s = kconfig_find(&ix, "CGROUP_SCHED");
	ok(s && s->type == 'b' && s->prompt, "CGROUP_SCHED: a bool with a prompt");
	is_str(s ? s->depends.buf : "", "(SCHED_MENU) && (CGROUPS)",
	       "CGROUP_SCHED: the menu's dependency and its own");
	ok(!kconfig_find(&ix, "FAKE"), "help text is not read as entries");
	ok(!kconfig_find(&ix, "NOT_A_SELECT"), "nor as selects");
	s = kconfig_find(&ix, "RT_GROUP_SCHED");
	is_str(s ? s->depends.buf : "", "(SCHED_MENU) && (CGROUP_SCHED) && (!PREEMPT_RT)",
	       "RT_GROUP_SCHED: menu, if block and depends on, the comment left out");
	s = kconfig_find(&ix, "SCHED_HELPER");
	ok(s && s->type == 'b' && !s->prompt, "SCHED_HELPER: def_bool has no prompt");
	ok(s && s->selected_by.argc == 1 && !strcmp(s->selected_by.argv[0], "RT_GROUP_SCHED"),
	   "SCHED_HELPER is selected by RT_GROUP_SCHED");
	is_str(s ? s->depends.buf : "x", "", "SCHED_HELPER: outside the menu and the if");
	s = kconfig_find(&ix, "UCLAMP_TASK");
	ok(s && s->prompt, "a prompt with a continued 'if' line");
	is_str(s ? s->depends.buf : "", "(CPU_FREQ_GOV_SCHEDUTIL)", "UCLAMP_TASK's dependency");
	s = kconfig_find(&ix, "PREEMPT_NONE");
	ok(s && s->in_choice, "a choice's member is marked");
	s = kconfig_find(&ix, "NR_CPUS");
	ok(s && s->type == 'v' && !s->in_choice, "an int is a value, after endchoice");
	s = kconfig_find(&ix, "DRIVER");
	ok(s && s->type == 't', "a tristate");
	kconfig_index_release(&ix);

	check_assign("CGROUPS", "CGROUPS=y");
	check_assign("CGROUPS && !PREEMPT_RT", "CGROUPS=y PREEMPT_RT=n");
	check_assign("(A || B) && C", "A=y C=y");
	check_assign("!(A || B)", "A=n B=n");
	check_assign("!(A && B)", "A=n");
	check_assign("X86 && (SMP=y || EXPERT)", "X86=y SMP=y");
	check_assign("FOO != n", "FOO=y");
	check_assign("FOO != y", "FOO=n");
	check_assign("FOO = m", "FOO=m");
	check_assign("m && MODULES", "MODULES=y");
	check_assign("NR_CPUS > 1", "");
	check_assign("$(cc-option,-mfoo) && BAR", "BAR=y");
	check_assign("A=B", "");
	{
		struct strbuf deps = STRBUF_INIT;

		kconfig_index_add_text(&ix, "if (A) || (B)\nconfig C\n\tbool \"c\"\n"
				       "\tdepends on D\nendif\n");
		s = kconfig_find(&ix, "C");
		is_str(s ? s->depends.buf : "", "((A) || (B)) && (D)",
		       "an 'if' of two terms keeps its precedence");
		kconfig_index_release(&ix);
		strbuf_release(&deps);
	}
	return done_testing();
}
