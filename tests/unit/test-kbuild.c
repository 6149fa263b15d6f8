// SPDX-License-Identifier: GPL-2.0
/*
 * test-kbuild.c - what kbuild (step/kbuild.c) reads from a build and
 * writes on its make line, without a kernel: the .config against its
 * fragments, warnings kept by object, the error line of a log, failures
 * that are the machine's, the compiler on the make line, and the lines of
 * a log a report keeps.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/arch.h"
#include "step/kbuild.h"
#include "lib/util.h"
#include "tap.h"

static void test_check_config(void)
{
	const char *dotconfig = "CONFIG_SMP=y\nCONFIG_NR_CPUS=8\n# CONFIG_BUG is not set\n"
				"CONFIG_LOCALVERSION=\"-x\"\n";
	char ev[256] = "";

	is_int(kbuild_check_config(dotconfig, "CONFIG_SMP=y\nCONFIG_NR_CPUS=8\n", "smp.config",
				   ev, sizeof(ev)), 0, "options that survived pass");
	is_int(kbuild_check_config(dotconfig, "# CONFIG_BUG is not set\nCONFIG_KALLSYMS=n\n",
				   "f", ev, sizeof(ev)), 0, "=n and 'is not set' match unset");
	is_int(kbuild_check_config(dotconfig, "CONFIG_LOCALVERSION=\"-x\"  \n", "f", ev,
				   sizeof(ev)), 0, "string values compare, trailing blanks ignored");
	is_int(kbuild_check_config(dotconfig, "# comment\nCONFIG_SMP=y\nCONFIG_BUG=y\n",
				   "base.config", ev, sizeof(ev)), -1, "a dropped option fails");
	ok(strstr(ev, "CONFIG_BUG=y") && strstr(ev, "base.config") && strstr(ev, "not set"),
	   "the evidence names the option and the fragment: %s", ev);
	is_int(kbuild_check_config(dotconfig, "CONFIG_NR_CPUS=2\n", "f", ev, sizeof(ev)), -1,
	       "a changed value fails");
	ok(strstr(ev, "is 8 in .config") != NULL, "and says what it became: %s", ev);
	is_int(kbuild_check_config(dotconfig, "CONFIG_SMP=n\n", "up.config", ev, sizeof(ev)), -1,
	       "=n against =y fails");
}

/* The tree as the logs name it: absolute, and as ccache's CCACHE_BASEDIR makes it. */
static const char *const SRC[] = { "/src", "../../../work/src", NULL };

static const char *const W[] = { "/w", NULL };

static void test_fold_warnings(void)
{
	struct strbuf map = STRBUF_INIT, map2 = STRBUF_INIT;
	const char *log1 =
		"  CC      kernel/sched/core.o\n"
		"/src/kernel/sched/core.c:10:5: warning: unused variable 'x' [-Wunused-variable]\n"
		"  CC      kernel/sched/fair.o\n"
		"/src/kernel/sched/fair.c:20:1: warning: no previous prototype\n"
		"../../../work/src/kernel/sched/fair.c:30:1: warning: no previous prototype\n"
		"  LD      vmlinux\n";
	/* Only core.o is rebuilt, now clean: fair.o keeps its two warnings. */
	const char *log2 = "  CC      kernel/sched/core.o\n  LD      vmlinux\n";
	const char *log3 = "  CC      kernel/sched/fair.o\n"
		"/src/kernel/sched/fair.c:20:1: warning: no previous prototype\n";

	is_int(kbuild_fold_warnings("", log1, SRC, &map), 3, "three warnings in a first build");
	ok(strstr(map.buf, "kernel/sched/core.o\tkernel/sched/core.c:10:5: warning") != NULL,
	   "a warning is kept by object, source prefix removed");
	ok(strstr(map.buf, "kernel/sched/fair.o\tkernel/sched/fair.c:30:1: warning") != NULL,
	   "and the relative prefix of a build behind CCACHE_BASEDIR");
	is_int(kbuild_fold_warnings(map.buf, log2, SRC, &map2), 2,
	       "unchanged objects carry their warnings over");
	ok(!strstr(map2.buf, "core.c"), "a rebuilt object loses its old warnings");
	is_int(kbuild_fold_warnings(map2.buf, log3, SRC, &map), 1,
	       "a rebuilt object gets its new set");
	is_int(kbuild_fold_warnings("", "", SRC, &map), 0, "an empty build has none");
	is_int(kbuild_fold_warnings("\x9dv\xbd\t1V\nx.o\tx.c:1: warning: w\n", "", SRC, &map), 1,
	       "a map line that is not a warning is dropped");
	strbuf_release(&map);
	strbuf_release(&map2);
}

/* The make line of a build behind a remote ccache (CCACHE_BASEDIR). */
static void test_make_argv(void)
{
	struct kbuild_job job = { .src = "/c/work/linux", .out = "/c/build/linux/up", .jobs = 2,
				  .use_ccache = 1 };
	struct argv_array argv = ARGV_ARRAY_INIT;
	size_t i;
	int found = 0;

	kbuild_make_argv(&job, &argv, "bzImage");
	for (i = 0; argv.argv[i]; i++)
		found |= !strncmp(argv.argv[i], "KCPPFLAGS=", 10);
	ok(!found, "make line: no KCPPFLAGS of ours without a relative tree");
	argv_clear(&argv);
	job.src_rel = "../../../work/linux";
	kbuild_make_argv(&job, &argv, "bzImage");
	for (i = 0, found = 0; argv.argv[i]; i++)
		found |= !strcmp(argv.argv[i], "KCPPFLAGS=-fmacro-prefix-map=../../../work/linux/=");
	ok(found, "make line: __FILE__ loses the relative tree as it loses the absolute one");
	argv_clear(&argv);
}

/* The CC= arguments of job's make line, space-separated, in out. */
static void make_line_cc(const struct kbuild_job *job, char *out, size_t size)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	size_t i, n = 0;

	out[0] = '\0';
	kbuild_make_argv(job, &argv, kbuild_image_target(job));
	for (i = 0; argv.argv[i]; i++)
		if (!strncmp(argv.argv[i], "CC=", 3))
			n += snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? " " : "",
				      argv.argv[i]);
	argv_clear(&argv);
}

/* Whether job's make line has the argument arg. */
static int make_line_has(const struct kbuild_job *job, const char *arg)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	size_t i;
	int found = 0;

	kbuild_make_argv(job, &argv, "bzImage");
	for (i = 0; argv.argv[i]; i++)
		found |= !strcmp(argv.argv[i], arg);
	argv_clear(&argv);
	return found;
}

/*
 * One compiler on the make line: the last CC= wins, so a second one would
 * take ccache (and with it distcc, its prefix) out of the build.
 */
static void test_make_argv_compiler(void)
{
	struct kbuild_job job = { .src = "/c/work/linux", .out = "/c/build/linux/up", .jobs = 2 };
	char cc[128];

	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "", "make line: no ccache, no distcc: the kernel's own CC");
	job.use_ccache = 1;
	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "CC=ccache gcc", "make line: ccache");
	job.distcc_hosts = "hostA/8";
	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "CC=ccache gcc", "make line: ccache and distcc: ccache alone (distcc its prefix)");
	job.src_rel = "../../../work/linux";
	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "CC=ccache gcc", "make line: the same behind a remote ccache");
	job.use_ccache = 0;
	job.src_rel = NULL;
	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "CC=distcc gcc", "make line: distcc without ccache");
	job.cc_version_text = "gcc (Debian 12.2.0-14+deb12u1) 12.2.0";
	ok(make_line_has(&job, "CC_VERSION_TEXT=gcc (Debian 12.2.0-14+deb12u1) 12.2.0"),
	   "make line: through distcc, the compiler's name is gcc's own (not distcc's triplet)");
	job.use_ccache = 1;
	ok(!make_line_has(&job, "CC_VERSION_TEXT=gcc (Debian 12.2.0-14+deb12u1) 12.2.0"),
	   "make line: behind ccache, gcc names itself");
	ok(kbuild_gcc_version_text() && !strchr(kbuild_gcc_version_text(), '\n') &&
	   !strncmp(kbuild_gcc_version_text(), "gcc", 3), "gcc --version: its first line");
}

static void test_error_line(void)
{
	char ev[256];

	kbuild_error_line("  CC      kernel/sched/syscalls.o\n"
			  "In file included from /w/kernel/sched/build_policy.c:50:\n"
			  "/w/kernel/sched/syscalls.c:216:16: error: 'struct rq' has no member "
			  "named 'ttwu_pending'\n"
			  "make[4]: *** [scripts/Makefile.build:229: x.o] Error 1\n", W, ev,
			  sizeof(ev));
	is_str(ev, "kernel/sched/syscalls.c:216:16: error: 'struct rq' has no member named "
	       "'ttwu_pending'", "the compiler's error line, without the tree prefix");
	kbuild_error_line("ld: kernel/sched/core.o: in function `f':\n"
			  "core.c:(.text+0x1): undefined reference to `g'\nmake: *** x\n", W,
			  ev, sizeof(ev));
	ok(strstr(ev, "undefined reference to `g'") != NULL, "a link error: %s", ev);
	kbuild_error_line("/w/kernel/sched/Makefile:3: *** missing separator.  Stop.\n"
			  "make[4]: *** [/w/scripts/Makefile.build:471: kernel/sched] Error 2\n"
			  "make[3]: *** [/w/scripts/Makefile.build:471: kernel] Error 2\n", W,
			  ev, sizeof(ev));
	is_str(ev, "kernel/sched/Makefile:3: *** missing separator.  Stop.",
	       "make's own reason, not the Error 2 of the level above");
	kbuild_error_line("something odd\n", W, ev, sizeof(ev));
	ok(strstr(ev, "build failed") != NULL, "no pattern: a generic line");
	kbuild_error_line("../../../work/src/kernel/fork.c:3:1: error: expected ';'\n", SRC, ev,
			  sizeof(ev));
	is_str(ev, "kernel/fork.c:3:1: error: expected ';'",
	       "behind CCACHE_BASEDIR, the relative prefix goes too");
	kbuild_error_line("/srcx/kernel/fork.c:3:1: error: x\n", SRC, ev, sizeof(ev));
	is_str(ev, "/srcx/kernel/fork.c:3:1: error: x", "a prefix is a whole directory");
}

/* Build logs of failures that are the machine's, and one that is the commit's. */
static void test_infra_error(void)
{
	char ev[256];

	ok(kbuild_infra_error("  CC      kernel/sched/core.o\n"
			      "gcc: fatal error: Killed signal terminated program cc1\n"
			      "compilation terminated.\n"
			      "make[4]: *** [scripts/Makefile.build:229: kernel/sched/core.o] Error 1\n",
			      2, ev, sizeof(ev)), "an OOM-killed cc1 is an error of the machine");
	ok(strstr(ev, "killed") && strstr(ev, "program cc1"), "evidence: %s", ev);
	ok(kbuild_infra_error("/w/kernel/fork.c:1: fatal error: error writing to /tmp/ccA.s:"
			      " No space left on device\n", 2, ev, sizeof(ev)), "ENOSPC");
	ok(strstr(ev, "no space left") != NULL, "evidence: %s", ev);
	ok(kbuild_infra_error("during RTL pass: expand\n/w/mm/slub.c:9:1: internal compiler"
			      " error: Segmentation fault\n", 2, ev, sizeof(ev)),
	   "a compiler that crashed");
	ok(kbuild_infra_error("make[2]: *** [Makefile:1234: vmlinux] Killed\n", 2, ev,
			      sizeof(ev)), "make's \"Killed\" of a recipe");
	ok(kbuild_infra_error("  CC      init/main.o\n", 137, ev, sizeof(ev)) &&
	   strstr(ev, "signal 9"), "make itself killed (exit 137): %s", ev);
	ok(kbuild_infra_error("", 127, ev, sizeof(ev)) && strstr(ev, "could not be run"),
	   "make not found (exit 127)");
	ok(kbuild_infra_error("", -1, ev, sizeof(ev)), "a failed fork (run_child -1)");
	ok(kbuild_infra_error("$ make -C /w O=/o bzImage\nbwrap: Creating new namespace failed:"
			      " Operation not permitted\n", 1, ev, sizeof(ev)) &&
	   strstr(ev, "sandbox"), "the sandbox that could not be set up: %s", ev);
	strcpy(ev, "untouched");
	ok(!kbuild_infra_error("/w/kernel/sched/core.c:1:1: error: unknown type name 'Killed'\n"
			       "make[4]: *** [scripts/Makefile.build:229: x.o] Error 1\n", 2, ev,
			       sizeof(ev)), "a compiler error is the commit's, even naming Killed");
	is_str(ev, "untouched", "and leaves the evidence alone");
}

/* The lines of a build log the report keeps. */
static struct kbuild_line kl(const char *s)
{
	return (struct kbuild_line){ s, strlen(s) };
}

static void test_kbuild_lines(void)
{
	struct kbuild_line l[] = {
		kl("  CC      kernel/error-injection.o"),
		kl("kernel/sched/core.c:42:9: error: implicit declaration of 'rq_pin_lock'"),
		kl("   42 |         rq_pin_lock(rq);"),
		kl("      |         ^~~~~~~~~~~"),
		kl("make[2]: *** [scripts/Makefile.build:229: kernel/sched/core.o] Error 1"),
		kl("  LD      vmlinux"),
		kl("   7 | int x;"),
	};

	ok(kbuild_progress(&l[0]) && kbuild_progress(&l[5]), "kbuild progress lines");
	ok(!kbuild_progress(&l[1]) && !kbuild_progress(&l[2]), "an error is no progress line");
	ok(kbuild_problem(&l[1]) && kbuild_problem(&l[4]), "error lines are problems");
	ok(!kbuild_problem(&l[0]), "a progress line is never a problem");
	ok(kbuild_gcc_snippet(&l[2]) && kbuild_gcc_snippet(&l[3]), "gcc's source quote");
	ok(!kbuild_gcc_snippet(&l[1]), "an error is no source quote");
	ok(kbuild_line_wanted(l, 1) && kbuild_line_wanted(l, 2) && kbuild_line_wanted(l, 3),
	   "an error and the two quote lines under it are kept");
	ok(!kbuild_line_wanted(l, 0) && !kbuild_line_wanted(l, 5), "progress lines are not");
	ok(!kbuild_line_wanted(l, 6), "a source quote under a progress line is not");
	ok(kbuild_line_contains(&l[4], "error", 1) && !kbuild_line_contains(&l[4], "error", 0),
	   "kbuild_line_contains folds case only when asked");
}

/* The make lines of a cross build: ARCH= and CROSS_COMPILE= words, its image, its gcc. */
static void test_make_argv_arch(void)
{
	struct kbuild_job job = { .src = "/src", .out = "/out", .jobs = 2, .use_ccache = 1 };
	struct arch_desc a;
	struct argv_array argv = ARGV_ARRAY_INIT;
	char why[256], cc[256];
	size_t i;
	int arch = 0, cross = 0, j = 0;

	kbuild_make_argv(&job, &argv, "bzImage");
	for (i = 0; argv.argv[i]; i++)
		arch |= !strncmp(argv.argv[i], "ARCH=", 5) ||
			!strncmp(argv.argv[i], "CROSS_COMPILE=", 14);
	ok(!arch, "x86_64: no ARCH= nor CROSS_COMPILE=, the make line of before");
	is_str(kbuild_image_target(&job), "bzImage", "x86_64 builds bzImage");
	argv_clear(&argv);

	if (arch_load("riscv64", &a, why, sizeof(why)))
		die("riscv64.arch: %s", why);
	job.arch = &a;
	is_str(kbuild_image_target(&job), "Image", "riscv64 builds Image");
	kbuild_make_argv(&job, &argv, kbuild_image_target(&job));
	for (i = 0; argv.argv[i]; i++) {
		arch |= !strcmp(argv.argv[i], "ARCH=riscv");
		cross |= !strcmp(argv.argv[i], "CROSS_COMPILE=riscv64-linux-gnu-");
		j |= !strcmp(argv.argv[i], "-j2");
	}
	ok(arch && cross, "riscv64: ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-, words of their own");
	ok(j, "the image target is the build: -j");
	is_str(argv.argv[argv.argc - 1], "Image", "make Image");
	argv_clear(&argv);
	make_line_cc(&job, cc, sizeof(cc));
	is_str(cc, "CC=ccache riscv64-linux-gnu-gcc", "ccache wraps the cross gcc");
	kbuild_make_argv(&job, &argv, "olddefconfig");
	for (i = 0, arch = 0; argv.argv[i]; i++)
		arch |= !strcmp(argv.argv[i], "ARCH=riscv");
	ok(arch, "configure's make lines have ARCH= too");
	argv_clear(&argv);
	arch_release(&a);
}

int main(void)
{
	test_make_argv_arch();
	test_check_config();
	test_fold_warnings();
	test_error_line();
	test_make_argv();
	test_make_argv_compiler();
	test_infra_error();
	test_kbuild_lines();
	return done_testing();
}
