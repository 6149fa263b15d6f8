// SPDX-License-Identifier: GPL-2.0
/*
 * coverage.c: .config values, judging guard sets against them (checked
 * against Debian's unifdef on a synthetic file), the changed lines of
 * synthetic diffs judged per configuration, the compiled files of a
 * synthetic build directory, and a whole run from a database and a git
 * repository (a build reused from the cache included).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "step/cache.h"
#include "judge/coverage.h"
#include "db/db.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "tap.h"

static void test_values(void)
{
	struct dotconfig kv;
	struct strbuf lines = STRBUF_INIT;
	static const char dotconfig[] =
		"#\n# Automatically generated file; DO NOT EDIT.\n#\n"
		"CONFIG_SMP=y\n"
		"# CONFIG_NUMA is not set\n"
		"CONFIG_RT_GROUP_SCHED=m\n"
		"CONFIG_NR_CPUS=64\n"
		"CONFIG_LOCALVERSION=\"\"\n";

	dotconfig_parse(dotconfig, &kv);
		is_int(coverage_arm(&kv, "SMP"), GUARD_Y, "values: =y is y");
	is_int(coverage_arm(&kv, "RT_GROUP_SCHED"), GUARD_M, "values: =m is m");
	is_int(coverage_arm(&kv, "NUMA"), GUARD_N, "values: 'is not set' is n");
	is_int(coverage_arm(&kv, "PREEMPT_RT"), GUARD_N, "values: an absent symbol is n");
	is_int(coverage_arm(&kv, "NR_CPUS"), GUARD_Y, "values: a number is defined: y");
	is_int(coverage_arm(&kv, "LOCALVERSION"), GUARD_Y, "values: a string is defined: y");
	dotconfig_release(&kv);

	dotconfig_assignment_lines(dotconfig, &lines);
	is_str(lines.buf, "CONFIG_SMP=y\nCONFIG_RT_GROUP_SCHED=m\nCONFIG_NR_CPUS=64\n"
	       "CONFIG_LOCALVERSION=\"\"\n", "dotconfig: only the CONFIG_...= lines are kept");
	strbuf_release(&lines);
}

/*
 * A file whose every code line is "int lN;" (N its line number): which of
 * them unifdef keeps for a set of -D/-U must be which coverage_judge() says
 * are compiled, for every assignment of A, B (bool) and T (tristate).
 */
static const char unifdef_src[] =
	"int l1;\n"
	"#ifdef CONFIG_A\n"
	"int l3;\n"
	"#ifndef CONFIG_B\n"
	"int l5;\n"
	"#else\n"
	"int l7;\n"
	"#endif\n"
	"#elif defined(CONFIG_B)\n"
	"int l10;\n"
	"#else\n"
	"int l12;\n"
	"#endif\n"
	"#if defined(CONFIG_T_MODULE)\n"
	"int l15;\n"
	"#elif defined(CONFIG_T)\n"
	"int l17;\n"
	"#else\n"
	"int l19;\n"
	"#endif\n"
	"#if defined(CONFIG_A) && !defined(CONFIG_B)\n"
	"int l22;\n"
	"#endif\n"
	"#if !defined(CONFIG_A) && (defined(CONFIG_T))\n"
	"int l25;\n"
	"#endif\n"
	"#if defined(CONFIG_A) || defined(CONFIG_B)\n"
	"int l28;\n"
	"#endif\n"
	"int l30;\n";

static void test_against_unifdef(void)
{
	char dir[] = "/tmp/test-coverage-XXXXXX";
	struct guard_file gf = { 0 };
	char *path;
	int a, b, t, checked = 0, undecided = 0, agree = 1;
	const char *which = "unifdef";

	if (!mkdtemp(dir)) {
		ok(0, "unifdef: a scratch directory");
		return;
	}
	path = xasprintf("%s/x.c", dir);
	write_file(path, unifdef_src, strlen(unifdef_src));
	guards_scan_file(unifdef_src, GUARD_KIND_C, &gf);
	for (a = 0; a < 2; a++)
		for (b = 0; b < 2; b++)
			for (t = 0; t < 3; t++) {
				/* t: 0 n, 1 y, 2 m */
				const char *argv[] = {
					which, "-l", a ? "-DCONFIG_A" : "-UCONFIG_A",
					b ? "-DCONFIG_B" : "-UCONFIG_B",
					t == 1 ? "-DCONFIG_T" : "-UCONFIG_T",
					t == 2 ? "-DCONFIG_T_MODULE" : "-UCONFIG_T_MODULE",
					path, NULL,
				};
				struct child c = { .argv = argv, .capture = NULL };
				struct strbuf out = STRBUF_INIT, dotconfig = STRBUF_INIT;
				struct dotconfig kv;
				const char *p;
				size_t line;
				int rc;

				c.capture = &out;
				rc = run_child(&c);
				if (rc != 0 && rc != 1) {
					ok(0, "unifdef runs (exit %d): is it installed?", rc);
					strbuf_release(&out);
					goto out;
				}
				strbuf_addf(&dotconfig, "%s%s%s", a ? "CONFIG_A=y\n" : "",
					    b ? "CONFIG_B=y\n" : "",
					    t == 1 ? "CONFIG_T=y\n" : t == 2 ? "CONFIG_T=m\n" : "");
				dotconfig_parse(dotconfig.buf, &kv);
				for (p = out.buf, line = 1; *p && line <= gf.nlines; line++) {
					const char *eol = strchrnul(p, '\n');
					int kept = eol > p;
					enum line_judgement j = coverage_judge(&gf.lines[line], &kv);

					if (j == LINE_UNDECIDED) {
						undecided++;
					} else if (line == 1 || line == 3 || line == 5 || line == 7 ||
						   line == 10 || line == 12 || line == 15 ||
						   line == 17 || line == 19 || line == 22 ||
						   line == 25 || line == 28 || line == 30) {
						checked++;
						if (kept != (j == LINE_COMPILED)) {
							agree = 0;
							diag("A=%d B=%d T=%d line %zu: unifdef %s it,"
							     " coverage says %s", a, b, t, line,
							     kept ? "keeps" : "drops",
							     j == LINE_COMPILED ? "compiled" :
							     "not compiled");
						}
					}
					p = *eol ? eol + 1 : eol;
				}
				dotconfig_release(&kv);
				strbuf_release(&out);
				strbuf_release(&dotconfig);
			}
	ok(agree, "unifdef: the code lines unifdef keeps are the lines judged compiled,"
	   " for the 12 assignments");
	is_int(checked, 12 * 12, "unifdef: 12 code lines judged in each of the 12 assignments");
	is_int(undecided, 12, "unifdef: the line under an || is undecided (complex), not judged");
out:
	guard_file_release(&gf);
	unlink(path);
	rmdir(dir);
	free(path);
}

/* The missed lines of a commit as "guard path:±N ...|..." for one comparison. */
static char *missed(const struct coverage_commit *cc)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < cc->nmissed; i++) {
		const struct coverage_line *l = &cc->missed[i];

		strbuf_addf(&sb, "%s%s%s %s:%c%zu", i ? "|" : "", l->undecided ? "? " : "",
			    l->guard, l->path, l->sign, l->line);
	}
	return strbuf_detach(&sb, NULL);
}

#define is_missed(cc, want, ...) do { \
	char *got_ = missed(cc); \
	is_str(got_, (want), __VA_ARGS__); \
	free(got_); \
} while (0)

/* Judge every file of diff whose pre and post images are given by name. */
struct image {
	const char *path, *pre, *post;
};

static void judge_diff(struct coverage_commit *cc, const char *diff, const struct image *images,
		       size_t nimages, const struct coverage_build *const *builds, size_t nconfigs)
{
	struct diff_files files = { 0 };
	size_t i, k;

	memset(cc, 0, sizeof(*cc));
	cc->compiled_by = xcalloc(nconfigs + 1, sizeof(*cc->compiled_by));
	if (guards_parse_diff(diff, &files))
		die("not a diff");
	for (i = 0; i < files.n; i++) {
		const struct diff_file *f = &files.v[i];
		const char *path = f->new_path ? f->new_path : f->old_path;
		struct guard_file pre = { 0 }, post = { 0 };
		enum guard_kind kind = guards_kind(path);

		for (k = 0; k < nimages; k++) {
			if (strcmp(images[k].path, path))
				continue;
			if (images[k].pre)
				guards_scan_file(images[k].pre, kind, &pre);
			if (images[k].post)
				guards_scan_file(images[k].post, kind, &post);
		}
		coverage_judge_file(cc, nconfigs, f, kind, &pre, &post, builds, builds);
		guard_file_release(&pre);
		guard_file_release(&post);
	}
	coverage_commit_sort(cc);
	diff_files_release(&files);
}

static const char rt_pre[] =
	"void a(void)\n"			/* 1 */
	"{\n"					/* 2 */
	"#ifdef CONFIG_RT_GROUP_SCHED\n"	/* 3 */
	"\told();\n"				/* 4 */
	"#endif\n"				/* 5 */
	"}\n";					/* 6 */

static const char rt_post[] =
	"void a(void)\n"			/* 1 */
	"{\n"					/* 2 */
	"#ifdef CONFIG_SMP\n"			/* 3 */
	"#ifdef CONFIG_RT_GROUP_SCHED\n"	/* 4 */
	"\ttypo();\n"				/* 5 */
	"#else\n"				/* 6 */
	"\tsmp_only();\n"			/* 7 */
	"#endif\n"				/* 8 */
	"#else\n"				/* 9 */
	"\tup_only();\n"			/* 10 */
	"#endif\n"				/* 11 */
	"\tif (IS_ENABLED(CONFIG_RT_GROUP_SCHED))\n"	/* 12 */
	"\t\tinline_use();\n"			/* 13 */
	"#if defined(CONFIG_NUMA) || defined(CONFIG_SMP)\n"	/* 14 */
	"\tcomplex();\n"			/* 15 */
	"#endif\n"				/* 16 */
	"#ifdef CONFIG_MOD\n"			/* 17 */
	"\tbuiltin_only();\n"			/* 18 */
	"#endif\n"				/* 19 */
	"}\n";					/* 20 */

static const char rt_diff[] =
	"diff --git a/kernel/sched/rt.c b/kernel/sched/rt.c\n"
	"--- a/kernel/sched/rt.c\n"
	"+++ b/kernel/sched/rt.c\n"
	"@@ -3,3 +2,0 @@\n"
	"-#ifdef CONFIG_RT_GROUP_SCHED\n"
	"-\told();\n"
	"-#endif\n"
	"@@ -5,0 +3,17 @@\n"
	"+#ifdef CONFIG_SMP\n"
	"+#ifdef CONFIG_RT_GROUP_SCHED\n"
	"+\ttypo();\n"
	"+#else\n"
	"+\tsmp_only();\n"
	"+#endif\n"
	"+#else\n"
	"+\tup_only();\n"
	"+#endif\n"
	"+\tif (IS_ENABLED(CONFIG_RT_GROUP_SCHED))\n"
	"+\t\tinline_use();\n"
	"+#if defined(CONFIG_NUMA) || defined(CONFIG_SMP)\n"
	"+\tcomplex();\n"
	"+#endif\n"
	"+#ifdef CONFIG_MOD\n"
	"+\tbuiltin_only();\n"
	"+#endif\n"
	"diff --git a/kernel/sched/Makefile b/kernel/sched/Makefile\n"
	"--- a/kernel/sched/Makefile\n"
	"+++ b/kernel/sched/Makefile\n"
	"@@ -1,0 +2,2 @@\n"
	"+obj-$(CONFIG_RT_GROUP_SCHED) += rt_group.o\n"
	"+obj-$(CONFIG_MOD) += mod.o\n"
	"diff --git a/init/Kconfig b/init/Kconfig\n"
	"--- a/init/Kconfig\n"
	"+++ b/init/Kconfig\n"
	"@@ -1,0 +2,1 @@\n"
	"+\tdefault n\n";

static const struct image rt_images[] = {
	{ "kernel/sched/rt.c", rt_pre, rt_post },
	{ "kernel/sched/Makefile", NULL,
	  "obj-y += core.o\nobj-$(CONFIG_RT_GROUP_SCHED) += rt_group.o\nobj-$(CONFIG_MOD) += mod.o\n" },
	{ "init/Kconfig", NULL, "config RT_GROUP_SCHED\n\tdefault n\n" },
};

static void test_diff(void)
{
	struct coverage_build up, smp, mod;
	const struct coverage_build *both[2] = { &up, &smp }, *one[1] = { &mod };
	struct coverage_commit cc;
	char *text;

	coverage_build_init(&up, "CONFIG_MOD=m\n", NULL);
	coverage_build_init(&smp, "CONFIG_SMP=y\n# CONFIG_RT_GROUP_SCHED is not set\n", NULL);
	judge_diff(&cc, rt_diff, rt_images, ARRAY_SIZE(rt_images), both, 2);
	is_int(cc.changed, 22, "diff: 3 removed + 17 added C lines + 2 Makefile lines judged");
	is_int(cc.kconfig, 1, "diff: the Kconfig line is counted apart");
	is_missed(&cc,
		  "MOD=y kernel/sched/rt.c:+18"
		  "|RT_GROUP_SCHED=y kernel/sched/rt.c:-4"
		  "|RT_GROUP_SCHED=y/m kernel/sched/Makefile:+2"
		  "|SMP=y RT_GROUP_SCHED=y kernel/sched/rt.c:+5"
		  "|? NUMA=? SMP=? kernel/sched/rt.c:+15",
		  "diff: never compiled: the removed #ifdef block's body, the typo under"
		  " SMP && RT_GROUP_SCHED, the obj- line of an unset symbol, #ifdef of an m"
		  " symbol; the || line undecided, listed last; IS_ENABLED code compiled by both");
	is_int(cc.compiled, 17, "diff: 17 of 22 lines compiled by at least one configuration");
	is_int(cc.compiled_by[0], 13, "diff: up compiles 13 (up_only, the =m obj- line, not SMP)");
	is_int(cc.compiled_by[1], 15, "diff: smp compiles 15 (smp_only, not the =m-only lines)");
	is_int(cc.undecided, 1, "diff: the || line is undecided even where SMP=y: the set"
	       " keeps the symbols, not the ||");
	coverage_commit_release(&cc);

	/* One configuration with neither SMP nor NUMA: the || line is undecided. */
	coverage_build_init(&mod, "CONFIG_MOD=y\nCONFIG_RT_GROUP_SCHED=y\n", NULL);
	judge_diff(&cc, rt_diff, rt_images, ARRAY_SIZE(rt_images), one, 1);
	is_missed(&cc,
		  "SMP=y kernel/sched/rt.c:+4|SMP=y kernel/sched/rt.c:+6|SMP=y kernel/sched/rt.c:+8"
		  "|SMP=y RT_GROUP_SCHED=m/n kernel/sched/rt.c:+7"
		  "|SMP=y RT_GROUP_SCHED=y kernel/sched/rt.c:+5"
		  "|? NUMA=? SMP=? kernel/sched/rt.c:+15",
		  "diff: with MOD=y, RT_GROUP_SCHED=y and no SMP: the =y-only line and the"
		  " removed block are compiled, the SMP block (its inner directives too) is not");
	is_int(cc.undecided, 1, "diff: one undecided line");
	coverage_commit_release(&cc);
	coverage_build_release(&mod);

	/* The file part: a line with no guard in a file no object depends on. */
	coverage_build_release(&up);
	coverage_build_init(&up, "CONFIG_MOD=m\n", "kernel/sched/core.c\nkernel/sched/sched.h\n");
	judge_diff(&cc, rt_diff, rt_images, ARRAY_SIZE(rt_images), both, 2);
	is_int(cc.compiled_by[0], 1, "files: up compiled no line of rt.c (not in its list),"
	       " only its Makefile line");
	is_int(cc.compiled_by[1], 15, "files: smp does not know its files: guards alone judge");
	coverage_commit_release(&cc);
	coverage_build_release(&smp);
	coverage_build_init(&smp, "CONFIG_SMP=y\n", "kernel/sched/core.c\n");
	judge_diff(&cc, rt_diff, rt_images, ARRAY_SIZE(rt_images), both, 2);
	text = missed(&cc);
	ok(strstr(text, "(file not built) kernel/sched/rt.c:-3") != NULL,
	   "files: a removed line of a file no build compiled says so (no guard)");
	ok(strstr(text, "SMP=y RT_GROUP_SCHED=y (file not built) kernel/sched/rt.c:+5") != NULL,
	   "files: a guarded line of that file says both");
	free(text);
	is_int(cc.compiled, 1, "files: only the Makefile's =m line is compiled");
	coverage_commit_release(&cc);
	coverage_build_release(&up);
	coverage_build_release(&smp);
}

static void mkdirs_write(const char *dir, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", dir, rel), *slash = strrchr(path, '/');

	*slash = '\0';
	mkdir_p(path);
	*slash = '/';
	write_file(path, text, strlen(text));
	free(path);
}

static void test_compiled_files(void)
{
	char dir[] = "/tmp/test-coverage-XXXXXX", *out;
	struct strbuf files = STRBUF_INIT;

	if (!mkdtemp(dir)) {
		ok(0, "compiled: a scratch directory");
		return;
	}
	out = xasprintf("%s/out", dir);
	mkdirs_write(dir, "out/kernel/sched/.build_policy.o.cmd",
		     "savedcmd_kernel/sched/build_policy.o := gcc -c x\n\n"
		     "source_kernel/sched/build_policy.o := /src/kernel/sched/build_policy.c\n\n"
		     "deps_kernel/sched/build_policy.o := \\\n"
		     "  /src/include/linux/kconfig.h \\\n"
		     "    $(wildcard include/config/CPU_BIG_ENDIAN) \\\n"
		     "  /src/kernel/sched/rt.c \\\n"
		     "  include/generated/autoconf.h \\\n"
		     "  /usr/include/stdio.h \\\n"
		     "  /src/kernel/sched/build_policy.c \\\n\n"
		     "kernel/sched/build_policy.o: $(deps_kernel/sched/build_policy.o)\n");
	mkdirs_write(dir, "out/init/.main.o.cmd",
		     "source_init/main.o := /src/init/main.c\n\n"
		     "deps_init/main.o := \\\n  /src/kernel/sched/rt.c \\\n"
		     "  /src/kernel/sched/../../io_uring/io-wq.h \\\n"
		     "  /src/kernel/../../outside.h \\\n");
	mkdirs_write(dir, "out/init/.main.o.d", "  /src/init/not-a-cmd.c \\\n");
	/* kernel/smp.o is no longer built: its .o.cmd is left, vmlinux.a lacks it */
	mkdirs_write(dir, "out/kernel/.smp.o.cmd",
		     "source_kernel/smp.o := /src/kernel/smp.c\n");
	mkdirs_write(dir, "out/kernel/built-in.a", "!<thin>\n");
	mkdirs_write(dir, "out/kernel/sched/built-in.a", "!<thin>\n");
	mkdirs_write(dir, "out/kernel/sched/build_policy.o", "");
	{
		const char *argv[] = { "ar", "rcT", "vmlinux.a", "kernel/sched/build_policy.o",
				       NULL };
		struct child c = { .argv = argv, .dir = out, .quiet = 1 };

		ok(!run_child(&c), "compiled: a thin vmlinux.a lists build_policy.o");
	}
	mkdirs_write(dir, "out/.vmlinux.cmd", "  /src/init/not-an-object.c \\\n");
	ok(!coverage_compiled_files(out, "/src/", &files),
	   "compiled: the build directory is read");
	is_str(files.buf, "include/linux/kconfig.h\ninit/main.c\nio_uring/io-wq.h\n"
	       "kernel/sched/build_policy.c\nkernel/sched/rt.c\n",
	       "compiled: the sources and the dependencies the .o.cmd files name, sorted, once"
	       " each, '..' resolved (an included .c too; no wildcard, generated, system or"
	       " outside file; not kernel/smp.c, whose object is beside a built-in.a and in"
	       " no archive: a left-over)");
	strbuf_release(&files);
	ok(coverage_compiled_files("/nonexistent/out", "/src", &files) < 0,
	   "compiled: a missing build directory is an error");
	strbuf_release(&files);

	/*
	 * With CCACHE_BASEDIR (a remote ccache), ccache gives gcc the tree's
	 * files relative to the build directory, and fixdep writes them so.
	 * The build directory is reached here through a symlink: ccache's
	 * relative paths start from the real one.
	 */
	{
		char *src = xasprintf("%s/cache/work/linux", dir);
		char *link = xasprintf("%s/b", dir), *via_link = xasprintf("%s/b/up", dir);

		mkdirs_write(dir, "cache/work/linux/Makefile", "");
		mkdirs_write(dir, "cache/build/linux/up/kernel/.fork.o.cmd",
			     "source_kernel/fork.o := ../../../work/linux/kernel/fork.c\n\n"
			     "deps_kernel/fork.o := \\\n"
			     "  ../../../work/linux/include/linux/sched.h \\\n"
			     "    $(wildcard include/config/SMP) \\\n"
			     "  include/generated/autoconf.h \\\n"
			     "  ../../../work/other/outside.h \\\n"
			     "  ../../../../../../../../../../../../../../../../../../../../x.h \\\n"
			     "  ../../../work/linux/kernel/../mm/slab.h \\\n");
		ok(!symlink("cache/build/linux", link), "compiled: a symlink to the build directory");
		ok(!coverage_compiled_files(via_link, src, &files),
		   "compiled: relative paths: the build directory is read");
		is_str(files.buf, "include/linux/sched.h\nkernel/fork.c\nmm/slab.h\n",
		       "compiled: relative paths are resolved from the real build directory;"
		       " generated, outside and above-the-root files are not the tree's");
		{
			char *rel = relative_path(via_link, src);
			char *same = relative_path(src, src);

			is_str(rel, "../../../work/linux",
			       "relative_path: from the real build directory, as ccache says it");
			is_str(same, ".", "relative_path: a directory to itself");
			ok(!relative_path("/nonexistent/x", src), "relative_path: NULL if missing");
			free(rel);
			free(same);
		}
		free(src);
		free(link);
		free(via_link);
	}
	strbuf_release(&files);
	remove_tree(dir);
	free(out);
}

/* A whole run: a git repository of two commits and a database of its builds. */
static void test_run(void)
{
	char dir[] = "/tmp/test-coverage-XXXXXX";
	struct strbuf base = STRBUF_INIT, tip = STRBUF_INIT, summary = STRBUF_INIT;
	struct run_info run = { 0 };
	struct coverage cov;
	char *dbpath;
	sqlite3 *db;
	long long run_id, c0, c1, r, copy = 0;
	sqlite3_stmt *q;
	int fails = 0;

	if (!mkdtemp(dir)) {
		ok(0, "run: a scratch directory");
		return;
	}
	mkdirs_write(dir, "repo/k.c", "int a;\n#ifdef CONFIG_SMP\nint b;\n#endif\n");
	fails |= git(dir, NULL, "-C", "repo", "init", "-q", NULL);
	fails |= git(dir, NULL, "-C", "repo", "add", "-A", NULL);
	fails |= git(dir, NULL, "-C", "repo", "-c", "user.name=t", "-c", "user.email=t@t",
		     "commit", "-q", "-m", "base", NULL);
	mkdirs_write(dir, "repo/k.c",
		     "int a;\n#ifdef CONFIG_SMP\nint b;\n#else\nint up;\n#endif\n"
		     "#ifdef CONFIG_RT_GROUP_SCHED\nint typo\n#endif\n");
	mkdirs_write(dir, "repo/Kconfig", "config X\n\tbool\n");
	fails |= git(dir, NULL, "-C", "repo", "add", "-A", NULL);
	fails |= git(dir, NULL, "-C", "repo", "-c", "user.name=t", "-c", "user.email=t@t",
		     "commit", "-q", "-m", "rt: a typo", NULL);
	fails |= git(dir, &base, "-C", "repo", "rev-parse", "HEAD^", NULL);
	fails |= git(dir, &tip, "-C", "repo", "rev-parse", "HEAD", NULL);
	ok(!fails, "run: the repository is made");

	dbpath = xasprintf("%s/t.db", dir);
	db = db_open(dbpath);
	run.series = "s";
	run.series_kind = "range";
	run.work_dir = xasprintf("%s/repo", dir);
	run.base_version = "6.12";
	run.base_sha = base.buf;
	run.configs = "up,smp";
	run.options = "{}";
	run.tool_version = "t";
	run.host = "h";
	run_id = db_insert_run(db, &run);
	c0 = db_commit_set(db, run_id, 0, base.buf, NULL, "base", NULL, NULL);
	c1 = db_commit_set(db, run_id, 1, tip.buf, NULL, "rt: a typo", NULL, NULL);

	coverage_load(db, run_id, &cov);
	ok(!cov.recorded, "run: without .config rows there is nothing to judge");
	coverage_release(&cov);

	{
		struct result_row row = { .config = "up", .stage = "build", .status = "pass" };

		r = db_result_set(db, run_id, c1, &row);
		db_kconfig_set(db, r, "CONFIG_X=y\n", "k.c\n");
		/* smp at commit 1 is a copy of a build whose row is the origin's */
		row.config = "smp";
		r = db_result_set(db, run_id, c0, &row);
		db_kconfig_set(db, r, "CONFIG_SMP=y\n", "k.c\n");
		copy = cache_copy(db, run_id, c1, "smp", r, NULL);
	}
	q = db_prepare(db, "SELECT dotconfig FROM kconfigs WHERE result_id = ?");
	sqlite3_bind_int64(q, 1, copy);
	ok(sqlite3_step(q) == SQLITE_ROW && !strcmp(db_column_str(q, 0), "CONFIG_SMP=y\n"),
	   "run: a build reused from the cache gets its origin's .config row");
	sqlite3_finalize(q);
	/* Judged the same without the copy's row: cached_from is followed. */
	q = db_prepare(db, "DELETE FROM kconfigs WHERE result_id = ?");
	sqlite3_bind_int64(q, 1, copy);
	db_done(db, q);
	ok(!coverage_load(db, run_id, &cov), "run: judged");
	ok(cov.recorded, "run: .config rows are there");
	is_int(cov.ncommits, 1, "run: one commit");
	is_int(cov.changed, 5, "run: 5 changed C lines (#else, up, #ifdef, typo, #endif)");
	is_int(cov.kconfig, 2, "run: 2 Kconfig lines, not counted");
	is_int(cov.compiled, 4, "run: 4 compiled by at least one configuration");
	is_int(cov.never, 1, "run: 1 never compiled");
	is_int(cov.compiled_by[0], 4, "run: up compiles 4");
	is_int(cov.compiled_by[1], 3, "run: smp (a copy following cached_from) compiles 3");
	if (cov.ncommits)
		is_missed(&cov.commits[0], "RT_GROUP_SCHED=y k.c:+8",
			  "run: the typo under RT_GROUP_SCHED is the line never compiled");
	coverage_summary(&cov, &summary);
	is_str(summary.buf, "4 of 5 changed lines compiled by at least one configuration"
	       " (up, smp)", "run: the summary line");
	coverage_release(&cov);
	strbuf_release(&summary);
	db_close(db);
	free(run.work_dir);
	free(dbpath);
	strbuf_release(&base);
	strbuf_release(&tip);
	remove_tree(dir);
}

int main(void)
{
	test_values();
	test_against_unifdef();
	test_diff();
	test_compiled_files();
	test_run();
	return done_testing();
}
