// SPDX-License-Identifier: GPL-2.0
/*
 * guards.c: the Kconfig symbols and arms that guard each line of synthetic
 * C files, Makefiles and Kconfig files, the changed lines of a diff, and the
 * counts per symbol and arm.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards.h"
#include "lib/util.h"
#include "tap.h"
#include "lib/run-command.h"

/* The guards of one line as "SYM=arm SYM=arm" in the set's order. */
static char *describe(const struct guard_file *f, size_t line)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (line < 1 || line > f->nlines)
		return xstrdup("(no such line)");
	for (i = 0; i < f->lines[line].n; i++) {
		const struct guard *g = &f->lines[line].v[i];

		strbuf_addf(&sb, "%s%s=%s", i ? " " : "", g->symbol, guard_arm_name(g));
	}
	return strbuf_detach(&sb, NULL);
}

#define is_line(f, n, want, ...) do { \
	char *got_ = describe((f), (n)); \
	is_str(got_, (want), __VA_ARGS__); \
	free(got_); \
} while (0)

static const char nested[] =
	"int a;\n"				/* 1 */
	"#ifdef CONFIG_SMP\n"			/* 2 */
	"int b;\n"				/* 3 */
	"#if defined(CONFIG_NUMA) && !IS_ENABLED(CONFIG_X86_32)\n"	/* 4 */
	"int c;\n"				/* 5 */
	"#elif IS_MODULE(CONFIG_FOO)\n"		/* 6 */
	"int d;\n"				/* 7 */
	"#else\n"				/* 8 */
	"int e;\n"				/* 9 */
	"#endif\n"				/* 10 */
	"#else /* !CONFIG_SMP */\n"		/* 11 */
	"int f;\n"				/* 12 */
	"#endif\n"				/* 13 */
	"int g;\n";				/* 14 */

static void test_nested(void)
{
	struct guard_file f = { 0 };

	guards_scan_file(nested, GUARD_KIND_C, &f);
	is_int(f.nlines, 14, "nested: 14 lines");
	is_line(&f, 1, "", "nested: a line outside every condition has no guard");
	is_line(&f, 2, "SMP=y,n", "nested: the #ifdef line decides on SMP (both arms)");
	is_line(&f, 3, "SMP=y", "nested: #ifdef CONFIG_SMP: y");
	is_line(&f, 5, "SMP=y NUMA=y X86_32=n", "nested: a conjunction gives each symbol its arm");
	is_line(&f, 7, "SMP=y NUMA=? X86_32=? FOO=m",
		"nested: #elif: the earlier conjunction is complex, IS_MODULE is m");
	is_line(&f, 9, "SMP=y NUMA=? X86_32=? FOO=y/n",
		"nested: #else after a simple #elif flips its arm");
	is_line(&f, 10, "SMP=y NUMA=y,n X86_32=y,n FOO=y,n",
		"nested: #endif decides on every symbol of its group");
	is_line(&f, 12, "SMP=m/n", "nested: #else of #ifdef: m or n");
	is_line(&f, 14, "", "nested: after the last #endif no guard");
	guard_file_release(&f);
}

static const char ifndef_text[] =
	"#ifndef CONFIG_PREEMPT_RT\n"		/* 1 */
	"x();\n"				/* 2 */
	"#endif\n"				/* 3 */
	"#if !IS_ENABLED(CONFIG_SMP)\n"		/* 4 */
	"up();\n"				/* 5 */
	"#elif defined CONFIG_X_MODULE\n"	/* 6 */
	"mod();\n"				/* 7 */
	"#endif\n"				/* 8 */
	"#if CONFIG_NR_CPUS > 1 || defined(CONFIG_A)\n"	/* 9 */
	"many();\n"				/* 10 */
	"#endif\n"				/* 11 */
	"#ifdef __KERNEL__\n"			/* 12 */
	"k();\n"				/* 13 */
	"#else\n"				/* 14 */
	"u();\n"				/* 15 */
	"#endif\n"				/* 16 */
	"#if defined(CONFIG_A) && defined(CONFIG_B) || defined(CONFIG_C)\n"	/* 17 */
	"abc();\n"				/* 18 */
	"#endif\n";				/* 19 */

static void test_ifndef(void)
{
	struct guard_file f = { 0 };

	guards_scan_file(ifndef_text, GUARD_KIND_C, &f);
	is_line(&f, 2, "PREEMPT_RT=m/n", "#ifndef CONFIG_X: m or n");
	is_line(&f, 5, "SMP=n", "#if !IS_ENABLED: n");
	is_line(&f, 7, "SMP=y/m X=m", "#elif defined CONFIG_X_MODULE after !IS_ENABLED: y/m and m");
	is_line(&f, 10, "NR_CPUS=? A=?", "a || makes every symbol complex");
	is_line(&f, 13, "", "#ifdef __KERNEL__: no symbol");
	is_line(&f, 15, "", "its #else: no symbol either");
	is_line(&f, 18, "A=? B=? C=?", "a || after a && makes every symbol complex");
	guard_file_release(&f);
}

static const char tricky[] =
	"/* a comment\n"			/* 1 */
	"#ifdef CONFIG_IN_COMMENT\n"		/* 2 */
	"*/\n"					/* 3 */
	"const char *s = \"#if CONFIG_IN_STRING IS_ENABLED(CONFIG_S)\";\n"	/* 4 */
	"#if defined(CONFIG_A) && \\\n"		/* 5 */
	"    defined(CONFIG_B) /* && defined(CONFIG_C) */\n"	/* 6 */
	"ab();\n"				/* 7 */
	"#endif // CONFIG_A\n"			/* 8 */
	"\tif (IS_ENABLED(CONFIG_DEBUG) && x)\n"	/* 9 */
	"// IS_ENABLED(CONFIG_COMMENTED)\n"	/* 10 */
	"  #  if IS_BUILTIN(CONFIG_B2)\n"	/* 11 */
	"b2();\n"				/* 12 */
	"  #  endif\n";				/* 13 */

static void test_tricky(void)
{
	struct guard_file f = { 0 };

	guards_scan_file(tricky, GUARD_KIND_C, &f);
	is_line(&f, 2, "", "a #ifdef inside a comment is no directive");
	is_line(&f, 3, "", "and opens no condition");
	is_line(&f, 4, "", "#if and IS_ENABLED inside a string count for nothing");
	is_line(&f, 5, "A=y,n B=y,n", "a continued directive: its first line");
	is_line(&f, 6, "A=y,n B=y,n", "a continued directive: its second line, comment cut");
	is_line(&f, 7, "A=y B=y", "under a continued condition");
	is_line(&f, 9, "DEBUG=y,n", "IS_ENABLED in code decides on both arms");
	is_line(&f, 10, "", "IS_ENABLED in a // comment is nothing");
	is_line(&f, 12, "B2=y", "blanks around # and IS_BUILTIN: y");
	guard_file_release(&f);
}

static const char makefile[] =
	"obj-y += core.o\n"					/* 1 */
	"obj-$(CONFIG_SMP) += smp.o \\\n"			/* 2 */
	"\ttopology.o\n"					/* 3 */
	"ifdef CONFIG_SCHED_DEBUG\n"				/* 4 */
	"obj-y += debug.o\n"					/* 5 */
	"else\n"						/* 6 */
	"obj-y += nodebug.o\n"					/* 7 */
	"endif\n"						/* 8 */
	"ifeq ($(CONFIG_X),m)\n"				/* 9 */
	"ccflags-y += -DX # $(CONFIG_NOT_THIS)\n"		/* 10 */
	"endif\n"						/* 11 */
	"lib-$(CONFIG_FOO) += foo.o\n"				/* 12 */
	"ifneq ($(CONFIG_Y2),y)\n"				/* 13 */
	"obj-y += noty2.o\n"					/* 14 */
	"endif\n";						/* 15 */

static void test_makefile(void)
{
	struct guard_file f = { 0 };

	is_int(guards_kind("kernel/sched/Makefile"), GUARD_KIND_MAKE, "Makefile is a Makefile");
	is_int(guards_kind("arch/x86/Kbuild"), GUARD_KIND_MAKE, "Kbuild is a Makefile");
	is_int(guards_kind("kernel/sched/core.c"), GUARD_KIND_C, "*.c is C");
	is_int(guards_kind("include/linux/sched.h"), GUARD_KIND_C, "*.h is C");
	is_int(guards_kind("init/Kconfig"), GUARD_KIND_KCONFIG, "Kconfig is Kconfig");
	is_int(guards_kind("Documentation/x.rst"), GUARD_KIND_NONE, "*.rst is nothing");
	guards_scan_file(makefile, GUARD_KIND_MAKE, &f);
	is_line(&f, 1, "", "obj-y: no guard");
	is_line(&f, 2, "SMP=y/m", "obj-$(CONFIG_SMP): y or m");
	is_line(&f, 3, "SMP=y/m", "its continuation line too");
	is_line(&f, 5, "SCHED_DEBUG=y/m", "ifdef CONFIG_X: y or m");
	is_line(&f, 7, "SCHED_DEBUG=n", "its else: n");
	is_line(&f, 10, "X=m", "ifeq ($(CONFIG_X),m): m; a comment's symbol is not one");
	is_line(&f, 12, "FOO=y/m", "lib-$(CONFIG_FOO)");
	is_line(&f, 14, "Y2=m/n", "ifneq ($(CONFIG_Y2),y): m or n");
	guard_file_release(&f);
}

static const char kconfig[] =
	"menu \"Scheduler\"\n"					/* 1 */
	"\n"							/* 2 */
	"config SCHED_FOO\n"					/* 3 */
	"\tbool \"foo\"\n"					/* 4 */
	"\tdepends on SMP\n"					/* 5 */
	"\thelp\n"						/* 6 */
	"\t  config BAR in help text is not a config.\n"	/* 7 */
	"\n"							/* 8 */
	"menuconfig SCHED_BAZ\n"				/* 9 */
	"\tdef_bool y\n"					/* 10 */
	"\n"							/* 11 */
	"endmenu\n"						/* 12 */
	"source \"kernel/Kconfig.x\"\n";			/* 13 */

static void test_kconfig(void)
{
	struct guard_file f = { 0 };

	guards_scan_file(kconfig, GUARD_KIND_KCONFIG, &f);
	is_line(&f, 1, "", "Kconfig: a menu line belongs to no config");
	is_line(&f, 3, "SCHED_FOO=y,n", "Kconfig: the config line");
	is_line(&f, 5, "SCHED_FOO=y,n", "Kconfig: depends on in the block");
	is_line(&f, 7, "SCHED_FOO=y,n", "Kconfig: 'config' in help text starts no block");
	is_line(&f, 10, "SCHED_BAZ=y,n", "Kconfig: a menuconfig block");
	is_line(&f, 12, "", "Kconfig: endmenu ends the block");
	is_line(&f, 13, "", "Kconfig: source belongs to none");
	guard_file_release(&f);
}

static const char diff[] =
	"diff --git a/kernel/sched/core.c b/kernel/sched/core.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/kernel/sched/core.c\n"
	"+++ b/kernel/sched/core.c\n"
	"@@ -2,3 +1,0 @@ int a;\n"
	"-#ifdef CONFIG_SMP\n"
	"--- int b; looks like a header\n"
	"-#endif\n"
	"@@ -7 +4,2 @@ f()\n"
	"-old();\n"
	"+new();\n"
	"+\tif (IS_ENABLED(CONFIG_DEBUG))\n"
	"\\ No newline at end of file\n"
	"diff --git a/kernel/sched/Makefile b/kernel/sched/Makefile\n"
	"--- a/kernel/sched/Makefile\n"
	"+++ b/kernel/sched/Makefile\n"
	"@@ -1,0 +2 @@\n"
	"+obj-$(CONFIG_SMP) += smp.o\n"
	"diff --git a/new.h b/new.h\n"
	"new file mode 100644\n"
	"--- /dev/null\n"
	"+++ b/new.h\n"
	"@@ -0,0 +1,2 @@\n"
	"+#ifdef CONFIG_X\n"
	"+#endif\n";

static const char pre_core[] =
	"int a;\n#ifdef CONFIG_SMP\nint b;\n#endif\nint c;\n#ifndef CONFIG_SMP\nold();\n#endif\n";
static const char post_core[] =
	"int a;\nint c;\n#ifndef CONFIG_SMP\nnew();\n\tif (IS_ENABLED(CONFIG_DEBUG))\n#endif";
static const char post_make[] = "obj-y += core.o\nobj-$(CONFIG_SMP) += smp.o\n";

/* Context lines (a diff made with -U1) and a hunk cut short. */
static const char diff_context[] =
	"diff --git a/a.c b/a.c\n"
	"--- a/a.c\n"
	"+++ b/a.c\n"
	"@@ -3,3 +3,3 @@\n"
	" same();\n"
	"-old();\n"
	"+new();\n"
	" same();\n"
	"@@ -10,0 +10,5 @@\n"
	"+cut();\n"
	"diff --git a/b.c b/b.c\n"
	"--- a/b.c\n"
	"+++ b/b.c\n"
	"@@ -1 +1 @@\n"
	"-b\n"
	"+c\n";

static void test_diff_context(void)
{
	struct diff_files d = { 0 };

	is_int(guards_parse_diff(diff_context, &d), 0, "context diff: parsed");
	is_int(d.n, 2, "context diff: a short hunk does not swallow the next file");
	ok(d.n >= 1 && d.v[0].ndel == 1 && d.v[0].del[0] == 4, "context diff: removed line 4");
	ok(d.n >= 1 && d.v[0].nadd == 2 && d.v[0].add[0] == 4 && d.v[0].add[1] == 10,
	   "context diff: added lines 4 and 10");
	ok(d.n == 2 && d.v[1].ndel == 1 && d.v[1].nadd == 1, "context diff: the second file");
	diff_files_release(&d);
}

static void test_diff(void)
{
	struct diff_files d = { 0 };
	struct guard_counts c = { 0 };
	struct guard_file pre = { 0 }, post = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	is_int(guards_parse_diff(diff, &d), 0, "diff: parsed");
	is_int(d.n, 3, "diff: three files");
	if (d.n != 3)
		return;
	is_str(d.v[0].old_path, "kernel/sched/core.c", "diff: old path");
	is_str(d.v[0].new_path, "kernel/sched/core.c", "diff: new path");
	is_int(d.v[0].ndel, 4, "diff: four removed lines (one looks like ---)");
	is_int(d.v[0].nadd, 2, "diff: two added lines");
	ok(d.v[0].ndel == 4 && d.v[0].del[0] == 2 && d.v[0].del[2] == 4 && d.v[0].del[3] == 7,
	   "diff: removed lines 2, 3, 4 and 7");
	ok(d.v[0].nadd == 2 && d.v[0].add[0] == 4 && d.v[0].add[1] == 5,
	   "diff: added lines 4 and 5");
	ok(d.v[2].old_path == NULL, "diff: /dev/null is no path");
	is_int(d.v[2].nadd, 2, "diff: the new file's two lines");
	is_int(guards_parse_diff("not a diff\n", &(struct diff_files){ 0 }), -1,
	       "diff: text without a diff is an error");

	guards_scan_file(pre_core, GUARD_KIND_C, &pre);
	guards_scan_file(post_core, GUARD_KIND_C, &post);
	guards_count_file(&d.v[0], &pre, &post, &c);
	guard_file_release(&pre);
	guard_file_release(&post);
	guards_scan_file(post_make, GUARD_KIND_MAKE, &post);
	guards_count_file(&d.v[1], NULL, &post, &c);
	guard_file_release(&post);
	guard_counts_sort(&c);
	for (i = 0; i < c.n; i++)
		strbuf_addf(&sb, "%s%s=%s:%zu", i ? " " : "", c.v[i].g.symbol,
			    guard_arm_name(&c.v[i].g), c.v[i].lines);
	is_str(sb.buf, "DEBUG=y,n:1 SMP=y:1 SMP=y/m:1 SMP=m/n:3 SMP=y,n:2",
	       "counts: a removed #ifdef block makes SMP relevant, per arm");
	is_int(c.changed, 7, "counts: seven changed lines");
	is_int(c.unguarded, 0, "counts: none unguarded");
	is_int(c.files, 2, "counts: two files");
	strbuf_release(&sb);
	guard_counts_release(&c);
	diff_files_release(&d);
}

/* guards_commit on a scratch repository: a deleted file, Kconfig, Makefile, a quoted path. */
static void put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	write_file(path, text, strlen(text));
	free(path);
}

static void test_commit(void)
{
	char dir[] = "/tmp/bisectable-guards.XXXXXX";
	struct guard_counts c = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int fails = 0;

	if (!mkdtemp(dir)) {
		ok(0, "commit: a scratch directory");
		return;
	}
	fails |= git(dir, NULL, "init", "-q", NULL);
	put(dir, "Kconfig", "config FOO\n\tbool \"foo\"\n\nsource \"x\"\n");
	put(dir, "Makefile", "obj-y += a.o\n");
	put(dir, "gone.c", "#ifdef CONFIG_FOO\nint x;\n#endif\n");
	put(dir, "we\"ird.c", "x\n");
	fails |= git(dir, NULL, "add", "-A", NULL);
	fails |= git(dir, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
		     "-m", "base", NULL);
	put(dir, "Kconfig", "config FOO\n\tbool \"foo\"\n\tdepends on BAR\n\nsource \"x\"\n");
	put(dir, "Makefile", "obj-y += a.o\nobj-$(CONFIG_FOO) += foo.o\n");
	put(dir, "we\"ird.c", "#ifdef CONFIG_QUOTED\n");
	put(dir, "new.c", "\n\n#if IS_ENABLED(CONFIG_BAR)\nint bar;\n#endif\n");
	fails |= git(dir, NULL, "rm", "-q", "gone.c", NULL);
	fails |= git(dir, NULL, "add", "-A", NULL);
	fails |= git(dir, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
		     "-m", "change", NULL);
	ok(!fails, "commit: a scratch repository with two commits");
	is_int(guards_commit(dir, "HEAD", &c), 0, "commit: read");
	for (i = 0; i < c.n; i++)
		strbuf_addf(&sb, "%s%s=%s:%zu", i ? " " : "", c.v[i].g.symbol,
			    guard_arm_name(&c.v[i].g), c.v[i].lines);
	is_str(sb.buf, "BAR=y/m:1 BAR=y,n:2 FOO=y:1 FOO=y/m:1 FOO=y,n:3",
	       "commit: Kconfig, Makefile, a deleted and a new file; no quoted path");
	is_int(c.changed, 10, "commit: ten changed lines");
	is_int(c.unguarded, 2, "commit: the new file's two blank lines are unguarded");
	is_int(c.files, 4, "commit: four files (the quoted one skipped)");
	guard_counts_release(&c);
	is_int(guards_commit(dir, "no-such-commit", &c), -1, "commit: an unknown commit is an error");
	guard_counts_release(&c);
	strbuf_release(&sb);
	remove_tree(dir);
}

/*
 * Scanning takes time close to linear in the nesting (it was cubic: 1,000
 * levels took 8 s): 4,000 nested conditionals of a C file and of a Makefile
 * take less than 10 times the CPU time of 1,000 (linear: 4; quadratic: 16),
 * so a slow machine does not fail it; a line keeps the guards of the
 * outermost GUARD_SET_MAX levels (no kernel file nests a tenth as deep).
 */
static double scan_seconds(const char *open, const char *close, enum guard_kind kind,
			   size_t depth)
{
	struct strbuf text = STRBUF_INIT;
	struct guard_file f = { 0 };
	double start, took;
	size_t i;

	for (i = 0; i < depth; i++)
		strbuf_addf(&text, "%sCONFIG_L%zu\n", open, i);
	strbuf_addstr(&text, "x\n");
	for (i = 0; i < depth; i++)
		strbuf_addf(&text, "%s\n", close);
	start = cpu_seconds();
	guards_scan_file(text.buf, kind, &f);
	took = cpu_seconds() - start;
	guard_file_release(&f);
	strbuf_release(&text);
	return took;
}

static double best_scan_seconds(const char *open, const char *close, enum guard_kind kind,
				size_t depth)
{
	double best = scan_seconds(open, close, kind, depth), t;
	int i;

	for (i = 1; i < 3; i++) {
		t = scan_seconds(open, close, kind, depth);
		if (t < best)
			best = t;
	}
	return best;
}

static void test_deep_nesting(const char *open, const char *close, enum guard_kind kind,
			      unsigned mask, const char *what)
{
	const size_t depth = 4000;
	struct strbuf text = STRBUF_INIT;
	struct guard_file f = { 0 };
	double took, quarter;
	size_t i;
	int all = 1;

	for (i = 0; i < depth; i++)
		strbuf_addf(&text, "%sCONFIG_L%zu\n", open, i);
	strbuf_addstr(&text, "x\n");
	for (i = 0; i < depth; i++)
		strbuf_addf(&text, "%s\n", close);
	/*
	 * The best of three of each size: a machine busy with something else
	 * can stretch one scan fivefold (seen in make test), never all three.
	 */
	quarter = best_scan_seconds(open, close, kind, depth / 4);
	took = best_scan_seconds(open, close, kind, depth);
	guards_scan_file(text.buf, kind, &f);
	ok(took < 10 * (quarter > 0.02 ? quarter : 0.02),
	   "%s: %zu nested levels scanned in %.2f s, %zu in %.2f s", what, depth, took,
	   depth / 4, quarter);
	is_int(f.nlines, 2 * depth + 1, "%s: every line", what);
	ok(f.nlines > depth && f.lines[depth + 1].n == GUARD_SET_MAX,
	   "%s: the inner line has the outermost %d guards (%zu)", what, GUARD_SET_MAX,
	   f.nlines > depth ? f.lines[depth + 1].n : 0);
	for (i = 0; f.nlines > depth && i < f.lines[depth + 1].n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "L%zu", i);
		all &= !strcmp(f.lines[depth + 1].v[i].symbol, name) &&
		       f.lines[depth + 1].v[i].mask == mask;
	}
	ok(all, "%s: each level's symbol and arm, outermost first", what);
	is_line(&f, 2 * depth + 1, "L0=y,n", "%s: the last #endif decides on the outermost", what);
	guard_file_release(&f);
	strbuf_release(&text);
}

int main(void)
{
	test_nested();
	test_ifndef();
	test_tricky();
	test_makefile();
	test_kconfig();
	test_diff();
	test_diff_context();
	test_commit();
	test_deep_nesting("#ifdef ", "#endif", GUARD_KIND_C, GUARD_Y, "C");
	test_deep_nesting("ifdef ", "endif", GUARD_KIND_MAKE, GUARD_ON, "Makefile");
	return done_testing();
}
