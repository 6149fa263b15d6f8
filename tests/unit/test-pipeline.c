// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the pipeline modules that need no kernel: config checking,
 * warning bookkeeping, build error evidence, series loading, boot verdicts,
 * shell quoting, run options and the first_bad view. Run from the top of
 * the repository (fixtures are read from tests/fixtures/).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "step/cache.h"
#include "db/db.h"
#include "step/kbuild.h"
#include "lib/layout.h"
#include "step/qemu.h"
#include "input/series.h"
#include "input/tree.h"
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
	kbuild_make_argv(job, &argv, "bzImage");
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

static void test_series(void)
{
	struct series s;
	char *subj;
	FILE *f;
	char dir[] = "/tmp/bisectable-test.XXXXXX";
	char *path;

	subj = patch_subject("From 123 Mon Sep 17 00:00:00 2001\nFrom: A <a@b>\n"
			     "Subject: [PATCH v2 03/43] sched: Clean up\n and continue\n\nbody\n");
	is_str(subj, "sched: Clean up and continue", "subject: prefix removed, unfolded");
	free(subj);
	subj = patch_subject("Subject: [RFC][PATCH] x <script>\n\n");
	is_str(subj, "x <script>", "several bracket prefixes removed, text kept as is");
	free(subj);

	is_int(series_load("tests/fixtures/up-build-break", &s), 0, "numbered *.patch directory");
	is_str(s.kind, "patches", "its kind");
	is_int((int)s.npatches, 4, "four patches");
	if (s.npatches == 4) {
		is_str(s.patches[1].subject,
		       "sched/syscalls: Drop the #ifdef around ttwu_pending in idle_cpu()",
		       "second patch's subject, in order");
		is_str(s.patches[0].author, "Fixture Author <fixture@example.org>", "its author");
	}
	series_free(&s);

	is_int(series_load("tests/fixtures/apply-fail", &s), 0, "quilt directory");
	is_str(s.kind, "quilt", "its kind");
	is_int((int)s.npatches, 3, "series file order, comments skipped, -p1 read");
	if (s.npatches == 3)
		ok(strstr(s.patches[1].path, "02-stale-context.patch") != NULL, "second one");
	series_free(&s);

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	/* An mbox made of the four fixture patches. */
	path = xasprintf("%s/series.mbox", dir);
	f = fopen(path, "w");
	if (f) {
		struct series src;
		size_t i;

		series_load("tests/fixtures/up-build-break", &src);
		for (i = 0; i < src.npatches; i++) {
			struct strbuf t = STRBUF_INIT;

			strbuf_read_file(&t, src.patches[i].path);
			fwrite(t.buf, 1, t.len, f);
			strbuf_release(&t);
		}
		series_free(&src);
		fclose(f);
	}
	is_int(series_load(path, &s), 0, "an mbox");
	is_str(s.kind, "mbox", "its kind");
	is_int((int)s.npatches, 4, "split into four messages by git mailsplit");
	if (s.npatches == 4)
		is_str(s.patches[3].subject, "sched/core: Say users, not consumers, of nr_iowait_cpu()",
		       "the last one's subject");
	series_free(&s);
	free(path);

	path = xasprintf("%s/empty", dir);
	mkdir_p(path);
	is_int(series_load(path, &s), -1, "an empty directory is an error");
	series_free(&s);
	free(path);

	path = xasprintf("%s/bad", dir);
	mkdir_p(path);
	free(path);
	path = xasprintf("%s/bad/0001-x.patch", dir);
	write_file(path, "Subject: [PATCH] no diff here\n\njust words\n", 42);
	free(path);
	path = xasprintf("%s/bad", dir);
	is_int(series_load(path, &s), -1, "a patch without a diff is an error");
	series_free(&s);
	free(path);

	path = xasprintf("%s/escape", dir);
	mkdir_p(path);
	free(path);
	path = xasprintf("%s/escape/series", dir);
	write_file(path, "../../etc/passwd\n", 17);
	free(path);
	path = xasprintf("%s/escape", dir);
	is_int(series_load(path, &s), -1, "a series entry leaving the directory is refused");
	series_free(&s);
	free(path);
	remove_tree(dir);
}

static void classify(const char *log, int rc, int hard, int cpus, int ntests,
		     struct boot_outcome *bo)
{
	memset(bo, 0, sizeof(*bo));
	console_parse(log, strlen(log), &bo->console);
	boot_classify(rc, hard, cpus, ntests, bo);
}

/* The machine failed, the guest gave no verdict: error, never the commit's fail. */
static void test_boot_machine_failures(void)
{
	const char *mid_tests = "BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN a\n"
				"KTAP version 1\n1..1\nok 1 a\nBISECTABLE-TEST-BEGIN b\n";
	struct boot_outcome bo;

	classify("[ 0.1] booting\n", 137, 1, 1, 1, &bo);
	is_str(bo.boot_status, "error", "a hard timeout (our watchdog killed expect): error");
	ok(strstr(bo.boot_evidence, "watchdog") != NULL, "evidence: %s", bo.boot_evidence);
	ok(bo.timed_out, "and it counts as a timeout for the retry");
	is_str(bo.test_status, "skip", "the tests were not run");
	boot_outcome_free(&bo);

	classify("[ 0.1] booting\n", 7, 0, 1, 1, &bo);
	is_str(bo.boot_status, "error", "QEMU gone before the ready marker, no kernel error: error");
	ok(strstr(bo.boot_evidence, "QEMU exited") && !bo.timed_out, "evidence: %s",
	   bo.boot_evidence);
	boot_outcome_free(&bo);

	classify("", 127, 0, 1, 1, &bo);
	is_str(bo.boot_status, "error", "expect could not be run: error");
	boot_outcome_free(&bo);
	classify("", -1, 0, 1, 1, &bo);
	is_str(bo.boot_status, "error", "a failed fork: error");
	boot_outcome_free(&bo);

	classify(mid_tests, 7, 0, 1, 2, &bo);
	is_str(bo.boot_status, "pass", "QEMU dying during the tests: the boot passed");
	is_str(bo.test_status, "error", "and the tests are an error, not a failure");
	ok(strstr(bo.test_evidence, "1 of 2") != NULL, "evidence: %s", bo.test_evidence);
	boot_outcome_free(&bo);

	classify(mid_tests, 137, 1, 1, 2, &bo);
	is_str(bo.test_status, "error", "a hard timeout during the tests: error");
	boot_outcome_free(&bo);

	classify("BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN a\n[ 2.0] BUG: unable to"
		 " handle page fault\n", 7, 0, 1, 1, &bo);
	is_str(bo.test_status, "fail", "a kernel error before QEMU died is the guest's verdict");
	boot_outcome_free(&bo);

	classify("[ 0.1] booting\nBISECTABLE-BOOT-TIMEOUT\n", 3, 0, 1, 1, &bo);
	ok(!strcmp(bo.boot_status, "timeout") && bo.timed_out,
	   "expect's own boot timeout stays a timeout (retried, see boot_settle)");
	boot_outcome_free(&bo);
}

static void settle(const char *boot, const char *test, int tries, int all_timed_out,
		   struct boot_outcome *bo)
{
	memset(bo, 0, sizeof(*bo));
	bo->boot_status = boot;
	bo->test_status = test;
	snprintf(bo->boot_evidence, sizeof(bo->boot_evidence), "boot %s", boot);
	snprintf(bo->test_evidence, sizeof(bo->test_evidence), "test %s", test);
	boot_settle(bo, tries, all_timed_out);
}

/* After the retries: a timeout is the commit's only when every try timed out. */
static void test_boot_settle(void)
{
	struct boot_outcome bo;

	settle("timeout", "skip", 2, 1, &bo);
	is_str(bo.boot_status, "timeout", "both tries timed out at boot: the commit's timeout");
	ok(strstr(bo.boot_evidence, "all 2 tries timed out"), "evidence: %s", bo.boot_evidence);
	is_str(bo.test_evidence, "not run: boot timeout", "the tests say why they did not run");
	settle("error", "skip", 2, 1, &bo);
	is_str(bo.boot_status, "timeout", "the watchdog's timeout twice: a timeout too");
	settle("timeout", "skip", 2, 0, &bo);
	is_str(bo.boot_status, "error", "a timeout after a try that failed otherwise: error");
	ok(strstr(bo.boot_evidence, "not confirmed") != NULL, "evidence: %s", bo.boot_evidence);
	is_str(bo.test_evidence, "not run: boot error", "and the tests follow");
	settle("pass", "error", 2, 0, &bo);
	is_str(bo.test_status, "error", "QEMU died on both tries: error");
	ok(strstr(bo.test_evidence, "after 2 tries") != NULL, "evidence: %s", bo.test_evidence);
	settle("pass", "timeout", 2, 1, &bo);
	is_str(bo.test_status, "timeout", "a test that timed out on both tries: timeout");
	settle("timeout", "skip", 1, 1, &bo);
	is_str(bo.boot_status, "timeout", "--retries 0: a timeout stays one");
	settle("error", "skip", 1, 1, &bo);
	is_str(bo.boot_status, "error", "--retries 0: an error stays one");
	settle("pass", "fail", 2, 0, &bo);
	ok(!strcmp(bo.test_status, "fail") && !strcmp(bo.test_evidence, "test fail"),
	   "a failure on the retry is the retry's verdict, untouched");
	bo.test_status = "pass";
	ok(!boot_retry_wanted(&bo), "a pass is not tried again");
	bo.boot_status = "error";
	ok(boot_retry_wanted(&bo), "an error is");
}

static void test_boot_classify(void)
{
	struct boot_outcome bo;
	const char *good =
		"[    0.3] Run /init as init process\nBISECTABLE-READY cpus=2 kernel=6.12\n"
		"BISECTABLE-TEST-BEGIN fork_exec_wait\nKTAP version 1\n1..1\n"
		"ok 1 fork_exec_wait\nBISECTABLE-END 0\nBISECTABLE-SHUTDOWN-OK\n";

	classify(good, 0, 0, 2, 1, &bo);
	is_str(bo.boot_status, "pass", "a good boot passes");
	is_str(bo.test_status, "pass", "and its tests");
	boot_outcome_free(&bo);

	classify(good, 0, 0, 1, 1, &bo);
	is_str(bo.boot_status, "fail", "the wrong number of CPUs fails the boot");
	ok(strstr(bo.boot_evidence, "sees 2 CPU") != NULL, "evidence: %s", bo.boot_evidence);
	is_str(bo.test_status, "skip", "tests are then not counted");
	boot_outcome_free(&bo);

	classify("[ 0.1] Kernel panic - not syncing: VFS\n", 7, 0, 1, 1, &bo);
	is_str(bo.boot_status, "fail", "a panic during boot fails it");
	ok(strstr(bo.boot_evidence, "Kernel panic - not syncing") != NULL, "the panic line: %s",
	   bo.boot_evidence);
	boot_outcome_free(&bo);

	classify("[ 0.1] booting\nBISECTABLE-BOOT-TIMEOUT\n", 3, 0, 1, 1, &bo);
	is_str(bo.boot_status, "timeout", "no ready marker in time: timeout");
	boot_outcome_free(&bo);

	classify("BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN rt_fifo_rr\nKTAP version 1\n"
		 "1..1\nnot ok 1 rt_fifo_rr # sched_setscheduler(SCHED_FIFO): EPERM\n"
		 "BISECTABLE-END 1\nBISECTABLE-SHUTDOWN-OK\n", 0, 0, 1, 1, &bo);
	is_str(bo.test_status, "fail", "a failing smoke test fails the test stage");
	is_str(bo.test_evidence, "rt_fifo_rr: sched_setscheduler(SCHED_FIFO): EPERM",
	       "evidence names the test and its reason");
	boot_outcome_free(&bo);

	classify("BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN nice_share\n"
		 "BISECTABLE-TEST-TIMEOUT nice_share\n", 5, 0, 1, 2, &bo);
	is_str(bo.test_status, "timeout", "a hung test is a timeout");
	boot_outcome_free(&bo);

	classify("BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN pipe_pingpong\n"
		 "[ 3.0] WARNING: CPU: 0 PID: 1 at kernel/sched/core.c:1 f+0x1\n"
		 "KTAP version 1\n1..1\nok 1 pipe_pingpong\nBISECTABLE-END 0\n"
		 "BISECTABLE-SHUTDOWN-OK\n", 0, 0, 1, 1, &bo);
	is_str(bo.test_status, "fail", "a kernel WARNING during a test fails the stage");
	ok(strstr(bo.test_evidence, "WARNING: CPU: 0") && strstr(bo.test_evidence, "pipe_pingpong"),
	   "evidence is the warning and the test: %s", bo.test_evidence);
	boot_outcome_free(&bo);

	classify("BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN a\nKTAP version 1\n1..1\n"
		 "ok 1 a\nBISECTABLE-END 0\n", 6, 0, 1, 1, &bo);
	is_str(bo.test_status, "fail", "no clean shutdown fails the test stage");
	boot_outcome_free(&bo);
	test_boot_machine_failures();
}

static void test_util(void)
{
	struct strbuf empty = STRBUF_INIT;
	char path[] = "/tmp/bisectable-empty.XXXXXX";
	int fd = mkstemp(path);

	close(fd);
	is_int(strbuf_read_file(&empty, path), 0, "an empty file reads");
	is_str(empty.buf, "", "as an empty string, not uninitialised memory");
	strbuf_release(&empty);
	ok(empty.buf != NULL && !*empty.buf, "a released strbuf reads as \"\", never NULL");
	strbuf_reset(&empty);
	strbuf_trim(&empty);
	ok(empty.buf == strbuf_slopbuf && !*strbuf_slopbuf, "reset and trim never write the shared empty buffer");
	{
		char *d = strbuf_detach(&empty, NULL);

		ok(d != strbuf_slopbuf && !*d, "detaching an empty strbuf gives an allocated \"\"");
		free(d);
	}
	unlink(path);

	struct strbuf sb = STRBUF_INIT;
	const char *argv[] = { "git", "it's", "a b", "$(rm -rf /)", "plain", NULL };

	argv_to_line(&sb, argv);
	is_str(sb.buf, "git 'it'\\''s' 'a b' '$(rm -rf /)' plain", "shell quoting of a command line");
	strbuf_release(&sb);
}

static int count(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = db_prepare(db, sql);
	int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;

	sqlite3_finalize(st);
	return n;
}

static void test_db_views(void)
{
	char path[] = "/tmp/bisectable-db.XXXXXX";
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up,smp", .options = "",
	};
	static const char *const stages[] = { "apply", "build", "boot", "test" };
	sqlite3 *db;
	long long id, c[3];
	int fd = mkstemp(path), i, s;

	close(fd);
	db = db_open(path);
	id = db_insert_run(db, &run);
	for (i = 0; i < 3; i++) {
		char sha[16];

		snprintf(sha, sizeof(sha), "%07d", i + 1);
		c[i] = db_commit_set(db, id, i + 1, sha, NULL, "subject", NULL, NULL);
		for (s = 0; s < 4; s++) {
			/* up: commit 2 fails to build, its boot/test are skipped */
			int bad = i == 1 && s >= 1;
			struct result_row up = { .config = "up", .stage = stages[s],
				.status = bad ? (s == 1 ? "fail" : "skip") : "pass",
				.evidence = bad && s == 1 ? "error: x" : NULL };
			struct result_row smp = { .config = "smp", .stage = stages[s],
						  .status = "pass" };

			db_result_set(db, id, c[i], &up);
			db_result_set(db, id, c[i], &smp);
		}
	}
	is_int(count(db, "SELECT COUNT(*) FROM first_bad"), 1, "one configuration has a first bad");
	is_int(count(db, "SELECT position FROM first_bad WHERE config = 'up'"), 2,
	       "first_bad: up at commit 2");
	is_int(count(db, "SELECT stage = 'build' FROM first_bad WHERE config = 'up'"), 1,
	       "first_bad: at the build stage, not the skipped ones after it");
	is_int(count(db, "SELECT bisectable = 'yes' FROM verdict WHERE config = 'smp'"), 1,
	       "verdict: smp is bisectable");
	is_int(count(db, "SELECT passed FROM verdict WHERE config = 'up'"), 2,
	       "verdict: 2 of 3 up commits pass");
	/* Re-recording a cell replaces it. */
	{
		struct result_row fixed = { .config = "up", .stage = "build", .status = "pass" };

		db_result_set(db, id, c[1], &fixed);
	}
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2 AND config = 'up'"),
	       4, "a cell is replaced, not duplicated");
	/* An amended commit (new sha at a position) drops its old results. */
	db_commit_set(db, id, 2, "amended", NULL, "subject v2", NULL, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2"), 0,
	       "amending a commit drops its old results");
	db_close(db);
	unlink(path);
	{
		char *wal = xasprintf("%s-wal", path), *shm = xasprintf("%s-shm", path);

		unlink(wal);
		unlink(shm);
		free(wal);
		free(shm);
	}
}

static void test_cache(void)
{
	char dir[] = "/tmp/bisectable-cache.XXXXXX";
	char *base, *frag, *k1, *k2, *k3, *k4, *b1, *b2, *db_path;
	struct boot_job job = { .tests = "a b", .cpus = 1, .accel = "tcg", .boot_timeout = 10,
				.test_timeout = 5 };
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up", .options = "",
	};
	long long id, c1, c2, r, copy;
	sqlite3 *db;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	base = xasprintf("%s/base.config", dir);
	frag = xasprintf("%s/up.config", dir);
	write_file(base, "CONFIG_BUG=y\n", 13);
	write_file(frag, "CONFIG_SMP=n\n", 13);
	k1 = cache_key_build("tree1", dir, "up");
	k2 = cache_key_build("tree1", dir, "up");
	k3 = cache_key_build("tree2", dir, "up");
	is_str(k1, k2, "the same inputs give the same build key");
	ok(strcmp(k1, k3) != 0, "another tree gives another key");
	write_file(frag, "CONFIG_SMP=y\n", 13);
	k4 = cache_key_build("tree1", dir, "up");
	ok(strcmp(k1, k4) != 0, "a changed fragment gives another key (a tree id alone is not enough)");
	is_int((int)strlen(k1), 64, "keys are SHA-256 in hex");

	job.initrd = base;
	job.expect_script = frag;
	b1 = cache_key_boot(k1, &job);
	job.cpus = 2;
	b2 = cache_key_boot(k1, &job);
	ok(strcmp(b1, b2) != 0, "the boot key depends on the CPUs");
	free(b2);
	write_file(base, "other guest", 11);
	job.cpus = 1;
	b2 = cache_key_boot(k1, &job);
	ok(strcmp(b1, b2) != 0, "and on the guest image");

	db_path = xasprintf("%s/t.db", dir);
	db = db_open(db_path);
	id = db_insert_run(db, &run);
	c1 = db_commit_set(db, id, 1, "aaa", "t", "one", NULL, NULL);
	c2 = db_commit_set(db, id, 2, "bbb", "t", "two", NULL, NULL);
	{
		struct result_row row = { .config = "up", .stage = "test", .status = "fail",
					  .evidence = "x: broken", .cache_key = b1 };

		r = db_result_set(db, id, c1, &row);
	}
	db_test_add(db, r, "x", "fail", "broken", 0.5);
	db_metric_set(db, c1, "up", "guest", "pipe_rtt_ns", 6000);
	db_metric_set(db, c1, "up", "build", "text", 123);
	is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)r, "a result is found by key");
	is_int((int)cache_lookup(db, "cache_key", b2, "test"), 0, "not by another key");
	copy = cache_copy(db, id, c2, "up", r, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2 AND cached_from = 1"
		     " AND status = 'fail' AND evidence = 'x: broken'"), 1,
	       "the copy says where it came from and keeps the verdict");
	is_int(count(db, "SELECT COUNT(*) FROM tests WHERE result_id = (SELECT MAX(id) FROM"
		     " results) AND name = 'x' AND status = 'fail'"), 1, "its smoke tests come along");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 2 AND name = 'pipe_rtt_ns'"),
	       6000, "and the guest's metrics");
	is_int(count(db, "SELECT COUNT(*) FROM metrics WHERE commit_id = 2 AND name = 'text'"), 0,
	       "but not the build's");
	is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)r,
	       "a lookup finds the origin, never a copy");
	ok(copy > r, "the copy is a new row");
	/* A boot reused by image key must be found again by the new commit's own key. */
	{
		long long c3 = db_commit_set(db, id, 3, "ccc", "t", "three", NULL, NULL);
		long long copy3;

		is_int((int)cache_lookup(db, "cache_key", k2, "test"), 0, "k2 has no result yet");
		copy3 = cache_copy(db, id, c3, "up", r, k2);
		is_int((int)cache_lookup(db, "cache_key", k2, "test"), (int)r,
		       "a copy made under another key is found by that key, as its origin");
		is_int(count(db, "SELECT COUNT(*) FROM results WHERE cache_key = (SELECT cache_key"
			     " FROM results WHERE id = 1) AND commit_id = 3"), 0,
		       "and does not carry the origin's key");
		sqlite3_exec(db, "DELETE FROM results WHERE id = 1", NULL, NULL, NULL);
		is_int((int)cache_lookup(db, "cache_key", k2, "test"), (int)copy3,
		       "when the origin is gone, a copy stands for itself");
		is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)copy,
		       "the newest surviving result is found");
	}
	is_int((int)cache_copy(db, id, c2, "up", copy, NULL), (int)copy,
	       "copying a result onto its own cell keeps it");
	{
		char *sql = xasprintf("SELECT COUNT(*) FROM results WHERE id = %lld AND"
				      " status = 'fail'", copy);

		is_int(count(db, sql), 1, "and does not delete it");
		free(sql);
	}
	db_close(db);
	free(base);
	free(frag);
	free(k1);
	free(k2);
	free(k3);
	free(k4);
	free(b1);
	free(b2);
	free(db_path);
	remove_tree(dir);
}

/* A tiny repository stands in for a kernel tree. */
static void test_tree_clone(void)
{
	char dir[] = "/tmp/bisectable-tree.XXXXXX";
	char *repo, *work, *file, *lock, *cmd;
	struct strbuf head = STRBUF_INIT;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	repo = xasprintf("%s/user", dir);
	work = xasprintf("%s/work", dir);
	file = xasprintf("%s/user/Makefile", dir);
	mkdir_p(repo);
	git(repo, NULL, "init", "-q", NULL);
	{
		const char *mk = "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 1\n";

		write_file(file, mk, strlen(mk));
	}
	git(repo, NULL, "add", "Makefile", NULL);
	git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base",
	    NULL);
	git(repo, &head, "rev-parse", "HEAD", NULL);

	is_int(tree_prepare_clone(repo, work, head.buf), 0, "a shared clone of the repository");
	lock = xasprintf("%s/.git/index.lock", work);
	write_file(lock, "", 0);
	is_int(tree_prepare_clone(repo, work, head.buf), 0,
	       "prepared again despite a stale index.lock");
	ok(!file_exists(lock), "the stale index.lock is gone");
	cmd = xasprintf("%s/.git", work);
	{
		char *version = tree_version(cmd, head.buf);

		is_str(version, "6.12.1", "the version comes from the Makefile");
		free(version);
	}
	free(cmd);
	free(lock);
	free(repo);
	free(work);
	free(file);
	strbuf_release(&head);
	remove_tree(dir);
}

int main(void)
{
	test_check_config();
	test_fold_warnings();
	test_error_line();
	test_make_argv();
	test_make_argv_compiler();
	test_infra_error();
	test_series();
	test_boot_classify();
	test_boot_settle();
	test_util();
	test_db_views();
	test_cache();
	test_tree_clone();
	return done_testing();
}
