// SPDX-License-Identifier: GPL-2.0
/*
 * test-qemu.c - the boot's verdicts (step/qemu.c) from a guest's console
 * and expect's exit: a good boot, a panic, timeouts, failing tests, a
 * machine that failed, and the verdict that stands after the retries; and
 * QEMU's command line, with the guest's clock and CPU model pinned or not.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "step/ktap.h"
#include "step/qemu.h"
#include "lib/util.h"
#include "tap.h"

static void classify(const char *log, int rc, int hard, int cpus, int ntests,
		     struct boot_outcome *bo)
{
	memset(bo, 0, sizeof(*bo));
	console_parse(log, strlen(log), &bo->console);
	boot_classify(rc, hard, cpus, ntests, NULL, bo);
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
	is_str(bo.boot_status, "error",
	       "QEMU gone before the ready marker, no kernel error: error");
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

/*
 * Known failures (judge/known.h): the base's failing test and its warning
 * during the boot are known; a commit that meets only them passes, one that
 * fails the same test another way, or another test, does not.
 */
static void test_known_failures(void)
{
	const char *base =
		"[ 0.2] WARNING: CPU: 0 PID: 1 at kernel/sched/core.c:10 f+0x1/0x2\n"
		"BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN a\nKTAP version 1\n1..1\n"
		"not ok 1 a # fork: EBUSY, expected EAGAIN\nBISECTABLE-TEST-BEGIN b\n"
		"KTAP version 1\n1..1\nok 1 b\nBISECTABLE-END 1\nBISECTABLE-SHUTDOWN-OK\n";
	const char *other_way =
		"BISECTABLE-READY cpus=1\nBISECTABLE-TEST-BEGIN a\nKTAP version 1\n1..1\n"
		"not ok 1 a # fork: ENOMEM, expected EAGAIN\nBISECTABLE-TEST-BEGIN b\n"
		"KTAP version 1\n1..1\nok 1 b\nBISECTABLE-END 1\nBISECTABLE-SHUTDOWN-OK\n";
	struct known_set known = { 0 };
	struct boot_outcome bo;

	classify(base, 0, 0, 1, 2, &bo);
	is_str(bo.boot_status, "fail", "the base: its warning fails the boot, as judged raw");
	boot_failure_lines(&bo, 1, &known);
	is_int(known.n, 2, "its failure lines: the warning and test a");
	is_str(known.lines[0], "kernel: WARNING: CPU: N PID: N at kernel/sched/core.c:N f+X/X",
	       "the warning's line");
	is_str(known.lines[1], "a: fork: EBUSY, expected EAGAIN", "the test's line");
	boot_classify(bo.expect_rc, bo.hard_timeout, 1, 2, &known, &bo);
	ok(!strcmp(bo.boot_status, "pass") && !strcmp(bo.test_status, "pass"),
	   "judged with them as known, the base passes (%s, %s)", bo.boot_status, bo.test_status);
	is_int(bo.known_met.n, 2, "and met both");
	ok(boot_test_known(&bo, &bo.console.tests[0]) && !boot_test_known(&bo, &bo.console.tests[1]),
	   "test a failed the known way, b passed");
	boot_outcome_free(&bo);

	memset(&bo, 0, sizeof(bo));
	console_parse(base, strlen(base), &bo.console);
	boot_classify(0, 0, 1, 2, &known, &bo);
	is_str(bo.test_status, "pass", "a commit failing the same way (numbers aside) passes");
	boot_outcome_free(&bo);

	memset(&bo, 0, sizeof(bo));
	console_parse(other_way, strlen(other_way), &bo.console);
	boot_classify(0, 0, 1, 2, &known, &bo);
	is_str(bo.test_status, "fail", "the same test failing another way fails");
	is_str(bo.test_evidence, "a: fork: ENOMEM, expected EAGAIN", "with that evidence");
	boot_outcome_free(&bo);

	memset(&bo, 0, sizeof(bo));
	console_parse("[ 0.1] Kernel panic - not syncing: x\n", 37, &bo.console);
	boot_failure_lines(&bo, 1, &known);
	is_int(known.n, 2, "a base that never became ready adds no known failure");
	boot_outcome_free(&bo);
	known_set_free(&known);
}

static char *joined_qemu_argv(const struct boot_job *job)
{
	struct argv_array a = ARGV_ARRAY_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	qemu_argv(job, &a, NULL);
	for (i = 0; i < a.argc; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", a.argv[i]);
	argv_clear(&a);
	return strbuf_detach(&sb, NULL);
}

/* --rtc and --cpu: QEMU's argv gains them only when given. */
static void test_qemu_argv(void)
{
	struct boot_job job = { .kernel = "bzImage", .initrd = "initrd", .accel = "tcg",
				.cpus = 2 };
	char *line, *want;

	want = xasprintf("qemu-system-x86_64 -M pc -accel tcg -m 256M -nographic -no-reboot"
			 " -nic none -kernel bzImage -initrd initrd -append %s%s"
			 " -icount shift=0,sleep=off -smp cpus=2,sockets=2", QEMU_KERNEL_CMDLINE,
			 file_exists("/usr/share/qemu/qboot.rom") ? " -bios qboot.rom -vga none" :
			 "");
	is_str_free(joined_qemu_argv(&job), want,
		    "by default: no -rtc, no -cpu (the host's clock, qemu64)");
	free(want);

	job.rtc = "2026-01-01T00:00:00";
	line = joined_qemu_argv(&job);
	ok(strstr(line, " -rtc base=2026-01-01T00:00:00,clock=vm ") && !strstr(line, "-cpu"),
	   "--rtc DATE: the RTC starts there and follows the virtual clock: %s", line);
	free(line);

	job.rtc = NULL;
	job.cpu = "qemu64,+rdrand";
	line = joined_qemu_argv(&job);
	ok(strstr(line, " -cpu qemu64,+rdrand ") && !strstr(line, "-rtc"),
	   "--cpu MODEL: passed as it is: %s", line);
	free(line);
}

/* Another architecture's QEMU, from its file. */
static void test_qemu_argv_arch(void)
{
	struct boot_job job = { .kernel = "Image", .initrd = "initrd", .accel = "tcg",
				.cpus = 1 };
	struct arch_desc a;
	char why[256], *line;

	if (arch_load("riscv64", &a, why, sizeof(why)))
		die("riscv64.arch: %s", why);
	job.arch = &a;
	is_str_free(joined_qemu_argv(&job),
		    "qemu-system-riscv64 -M virt -accel tcg -m 256M -nographic -no-reboot"
		    " -nic none -kernel Image -initrd initrd -append console=ttyS0 panic=-1"
		    " loglevel=7 -bios default -icount shift=0,sleep=off -cpu rv64 -smp 1",
		    "riscv64: virt, OpenSBI, rv64, UP on 1 CPU");
	job.cpus = 2;
	job.cpu = "rv64,v=true";
	line = joined_qemu_argv(&job);
	ok(strstr(line, " -cpu rv64,v=true -smp 2") != NULL, "SMP on 2; --cpu wins: %s", line);
	ok(!strstr(line, "-icount"), "no -icount on 2 CPUs where the file says so: %s", line);
	free(line);
	a.icount_smp = 1;
	line = joined_qemu_argv(&job);
	ok(strstr(line, "-icount shift=0,sleep=off") != NULL, "else -icount on 2 CPUs too");
	free(line);
	arch_release(&a);

	job.cpu = NULL;
	if (arch_load("arm64", &a, why, sizeof(why)))
		die("arm64.arch: %s", why);
	job.arch = &a;
	a.icount = 0;
	line = joined_qemu_argv(&job);
	ok(!strncmp(line, "qemu-system-aarch64 -M virt ", 28) &&
	   strstr(line, "console=ttyAMA0 ") && strstr(line, "-cpu cortex-a57") &&
	   !strstr(line, "-icount") && !strstr(line, "-bios"),
	   "arm64: PL011 console, no -icount where the file says it does not work: %s", line);
	free(line);
	arch_release(&a);
}

int main(void)
{
	test_qemu_argv_arch();
	test_qemu_argv();
	test_boot_classify();
	test_known_failures();
	test_boot_settle();
	return done_testing();
}
