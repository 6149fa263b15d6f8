// SPDX-License-Identifier: GPL-2.0
/*
 * test-ktap.c - unit tests of the console/KTAP parser (step/ktap.c): the
 * markers, results, durations, metrics, kernel failures and nested suites of
 * whole logs, cut ones, empty ones, and logs read from a file or a pipe.
 * Its parts have their own: the lines (test-ktap-lines.c), the text
 * primitives (test-ktap-text.c) and what is found (test-ktap-result.c).
 *
 * The logs are written inline, line numbers noted where a test checks them.
 */
#include "tap.h"
#include "ktap-check.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

__attribute__((format(printf, 2, 3)))
static void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	if (sb->len + (size_t)n + 1 > sb->cap) {
		sb->cap = (sb->len + (size_t)n + 1) * 2;
		sb->buf = realloc(sb->buf, sb->cap);
		if (!sb->buf)
			abort();
	}
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

static void test_clean_run(void)
{
	struct console_result res;
	struct strbuf log = { 0 };
	char metric[KTAP_NAME_MAX];
	size_t i;

	sb_printf(&log, "[    0.000000] Linux version 6.8.0 (builder@host) #1 SMP\r\n");
	sb_printf(&log, "[    0.329606] Run /init as init process\r\n");
	sb_printf(&log, "BISECTABLE-READY cpus=2 kernel=6.8.0\r\n");
	/* As expect logs it: the prompt, its marker, then the shell's echo. */
	for (i = 0; i < NR_SMOKE_TESTS; i++) {
		sb_printf(&log, "guest# \nBISECTABLE-TEST-BEGIN %s\n", smoke_tests[i]);
		sb_printf(&log, "smoke %s; echo BISECTABLE-END $?\r\n", smoke_tests[i]);
		sb_printf(&log, "KTAP version 1\r\n1..1\r\n");
		sb_printf(&log, "# metric %s_ratio %zu.25\r\n", smoke_tests[i], i);
		sb_printf(&log, "# duration_ns %zu\r\n", (i + 1) * 1000000);
		sb_printf(&log, "ok 1 %s\r\n", smoke_tests[i]);
		sb_printf(&log, "BISECTABLE-END 0\r\n");
	}
	sb_printf(&log, "guest# reboot -f\r\n[   12.500000] reboot: Restarting system\r\n");
	sb_printf(&log, "\nBISECTABLE-SHUTDOWN-OK\n");

	parse_log("clean run", log.buf, log.len, &res);
	is_int(res.ready, 1, "clean run: ready");
	is_int(res.cpus, 2, "clean run: cpus");
	is_int(res.boot_timeout, 0, "clean run: no boot timeout");
	is_int(res.shutdown_ok, 1, "clean run: shutdown ok");
	check_no_kernel_error(&res, "clean run");
	is_int(res.ntests, NR_SMOKE_TESTS, "clean run: ten tests");
	for (i = 0; i < NR_SMOKE_TESTS && i < res.ntests; i++) {
		is_str(res.tests[i].name, smoke_tests[i], "clean run: test %zu in begin order", i);
		check_test(&res, smoke_tests[i], KTAP_PASS, "", (long long)(i + 1) * 1000000);
	}
	is_int(res.nmetrics, NR_SMOKE_TESTS, "clean run: ten metrics");
	for (i = 0; i < NR_SMOKE_TESTS && i < res.nmetrics; i++) {
		snprintf(metric, sizeof(metric), "%s_ratio", smoke_tests[i]);
		is_str(res.metrics[i].name, metric, "clean run: metric %zu name", i);
		ok(res.metrics[i].value == (double)i + 0.25, "clean run: metric %zu value %g", i,
		   res.metrics[i].value);
	}
	console_result_free(&res);
	free(log.buf);
}

static void test_truncated(void)
{
	struct console_result res;

	/* The last line is whole but has no terminator: it may have been cut. */
	PARSE_LITERAL("unterminated result",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN nice_share\n"
		      "KTAP version 1\n"
		      "1..1\n"
		      "# duration_ns 5000\n"
		      "ok 1 nice_share", &res);
	is_int(res.ntests, 1, "unterminated result: one test");
	check_test(&res, "nice_share", KTAP_MISSING, "", 5000);
	console_result_free(&res);

	PARSE_LITERAL("cut result",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN nice_share\n"
		      "ok 1 nice_share\n"
		      "BISECTABLE-TEST-BEGIN wakeup_latency\n"
		      "KTAP version 1\n"
		      "1..1\n"
		      "not ok 1 wakeup_lat", &res);
	is_int(res.ntests, 2, "cut result: no test for the cut name");
	ok(!find_test(&res, "wakeup_lat"), "cut result: wakeup_lat is not a test");
	check_test(&res, "nice_share", KTAP_PASS, "", -1);
	check_test(&res, "wakeup_latency", KTAP_MISSING, "", -1);
	is_int(res.shutdown_ok, 0, "cut result: no shutdown");
	console_result_free(&res);

	PARSE_LITERAL("cut ready marker", "[    0.3] Run /init as init process\nBISECTABLE-READY cpus=1",
		      &res);
	is_int(res.ready, 1, "cut ready marker: ready");
	is_int(res.cpus, -1, "cut ready marker: cpus=1 may be cut from cpus=16");
	console_result_free(&res);

	PARSE_LITERAL("cut begin and metric",
		      "BISECTABLE-READY cpus=4\n# metric lat_us 12.5\n"
		      "# metric lat_us 13", &res);
	is_int(res.nmetrics, 1, "cut metric: only the whole metric line");
	ok(res.nmetrics == 1 && res.metrics[0].value == 12.5, "cut metric: value of the whole one");
	console_result_free(&res);

	PARSE_LITERAL("bad metrics",
		      "# metric not_a_number nan\n"
		      "# metric too_big 1e999\n"
		      "# metric infinite -inf\n"
		      "# metric with_unit 1.5ms\n"
		      "# metric no_value\n"
		      "# metric negative -2.5e-3 us\n", &res);
	is_int(res.nmetrics, 1, "bad metrics: only the finite number is kept");
	if (res.nmetrics == 1) {
		is_str(res.metrics[0].name, "negative", "bad metrics: name");
		ok(res.metrics[0].value == -2.5e-3, "bad metrics: value");
	}
	console_result_free(&res);

	PARSE_LITERAL("cut begin", "BISECTABLE-READY cpus=4\nBISECTABLE-TEST-BEGIN wakeup_lat", &res);
	is_int(res.ntests, 0, "cut begin: no test for a cut name");
	console_result_free(&res);

	PARSE_LITERAL("unterminated shutdown", "BISECTABLE-READY cpus=4\nBISECTABLE-SHUTDOWN-OK", &res);
	is_int(res.shutdown_ok, 1, "unterminated shutdown: an argument-less marker counts");
	console_result_free(&res);

	PARSE_LITERAL("cut panic",
		      "BISECTABLE-READY cpus=4\n"
		      "BISECTABLE-TEST-BEGIN fork_storm\n"
		      "[    9.100000] Kernel panic - not syncing: Attempted to kill in", &res);
	is_str(res.kernel_error, "Kernel panic - not syncing: Attempted to kill in",
	       "cut panic: kernel error kept");
	is_int(res.kernel_error_line, 3, "cut panic: line");
	is_str(res.kernel_error_test, "fork_storm", "cut panic: test");
	check_test(&res, "fork_storm", KTAP_MISSING,
		   "Kernel panic - not syncing: Attempted to kill in", -1);
	console_result_free(&res);
}

static void test_interleaved(void)
{
	struct console_result res;

	PARSE_LITERAL("interleaved",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN migrate_spread\n"
		      "KTAP version 1\n"
		      "[    5.100000] random: crng init done\n"
		      "1..1\n"
		      "[    5.200000][    T1] clocksource: tsc: mask: 0xffffffffffffffff\n"
		      "    KTAP version 1\n"
		      "    # Subtest: migrate_spread\n"
		      "    1..2\n"
		      "[    5.300000]     ok 1 spread_even\n"
		      "[    5.300100][  T42]     not ok 2 spread_odd # imbalance 3\n"
		      "  [    5.400000] sched: RT throttling activated\n"
		      "# metric migrations 17\n"
		      "[    5.500000] workqueue: vmstat_update hogged CPU for >10000us\n"
		      "# duration_ns 123456789\n"
		      "[    5.600000] clocksource: Switched to clocksource tsc\n"
		      "ok 1 migrate_spread\n", &res);
	is_int(res.ntests, 3, "interleaved: test and two subtests");
	check_test(&res, "migrate_spread", KTAP_PASS, "", 123456789);
	check_test(&res, "spread_even", KTAP_PASS, "", -1);
	check_test(&res, "spread_odd", KTAP_FAIL, "imbalance 3", -1);
	if (res.ntests == 3) {
		is_str(res.tests[1].name, "spread_even", "interleaved: subtests in report order");
		is_str(res.tests[2].name, "spread_odd", "interleaved: subtests in report order");
	}
	is_int(res.nmetrics, 1, "interleaved: one metric");
	if (res.nmetrics == 1) {
		is_str(res.metrics[0].name, "migrations", "interleaved: metric name");
		ok(res.metrics[0].value == 17.0, "interleaved: metric value");
	}
	check_no_kernel_error(&res, "interleaved");
	console_result_free(&res);
}

static void test_panic_in_test(void)
{
	struct console_result res;
	const char *bug = "BUG: kernel NULL pointer dereference, address: 0000000000000010";

	PARSE_LITERAL("panic",
		      "BISECTABLE-READY cpus=2\n"					/* 1 */
		      "BISECTABLE-TEST-BEGIN nice_share\n"
		      "KTAP version 1\n"
		      "1..1\n"
		      "# duration_ns 2000\n"						/* 5 */
		      "ok 1 nice_share\n"
		      "BISECTABLE-END 0\n"
		      "BISECTABLE-TEST-BEGIN wakeup_latency\n"
		      "guest# smoke wakeup_latency; echo BISECTABLE-END $?\n"
		      "KTAP version 1\n"						/* 10 */
		      "1..1\n"
		      "[    7.104233] BUG: kernel NULL pointer dereference, address: 0000000000000010\n"
		      "[    7.104400] #PF: supervisor read access in kernel mode\n"
		      "[    7.104555] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
		      "[    7.105000] Call Trace:\n"					/* 15 */
		      "[    7.106000] Kernel panic - not syncing: Fatal exception\n", &res);
	is_str(res.kernel_error, bug, "panic: first kernel failure line, timestamp trimmed");
	is_int(res.kernel_error_line, 12, "panic: its line");
	is_int(res.kernel_error_before_ready, 0, "panic: after ready");
	is_str(res.kernel_error_test, "wakeup_latency", "panic: during wakeup_latency");
	is_int(res.ntests, 2, "panic: two tests");
	check_test(&res, "nice_share", KTAP_PASS, "", 2000);
	check_test(&res, "wakeup_latency", KTAP_MISSING, bug, -1);
	is_int(res.shutdown_ok, 0, "panic: no shutdown");
	console_result_free(&res);

	/* A warning does not stop the test: its own result stands. */
	PARSE_LITERAL("warning in test",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN survivor\n"
		      "[    3.000000] WARNING: CPU: 1 PID: 50 at kernel/sched/fair.c:100 f+0x1/0x2\n"
		      "ok 1 survivor\n", &res);
	is_str(res.kernel_error_test, "survivor", "warning in test: during survivor");
	check_test(&res, "survivor", KTAP_PASS, "", -1);
	console_result_free(&res);
}

static void test_missing_plan(void)
{
	struct console_result res;

	PARSE_LITERAL("no plan",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN yield_fairness\n"
		      "ok 1 yield_fairness\n"
		      "BISECTABLE-TEST-BEGIN rt_preempt\n"
		      "KTAP version 1\n"
		      "not ok 1 rt_preempt # no plan printed\n"
		      "TAP version 13\n"
		      "ok 1 lone_test\n", &res);
	is_int(res.ntests, 3, "no plan: three tests");
	check_test(&res, "yield_fairness", KTAP_PASS, "", -1);
	check_test(&res, "rt_preempt", KTAP_FAIL, "no plan printed", -1);
	check_test(&res, "lone_test", KTAP_PASS, "", -1);
	console_result_free(&res);
}

static void test_results(void)
{
	struct console_result res;

	PARSE_LITERAL("results",
		      "KTAP version 1\n"
		      "1..11\n"
		      "ok 1 skip_upper # SKIP needs 2 cpus\n"
		      "ok 2 skip_lower # skip\n"
		      "ok 3 skip_nospace #SKIP\n"
		      "ok 4 skip_colon # SKIP: no cgroup v2\n"
		      "ok 5 - dash_name\n"
		      "not ok 6 fail_reason # sched_setattr failed: EINVAL\n"
		      "not ok 7 fail_plain\n"
		      "not ok 8 fail_empty_hash #\n"
		      "not ok 9 fail_skip # SKIP not really\n"
		      "ok 10 pass_note # TODO later\n"
		      "ok 11 skipped_word # skipped by config\n"
		      "ok done, no number\n"
		      "okay 12 not_a_result\n", &res);
	is_int(res.ntests, 11, "results: eleven tests");
	check_test(&res, "skip_upper", KTAP_SKIP, "needs 2 cpus", -1);
	check_test(&res, "skip_lower", KTAP_SKIP, "", -1);
	check_test(&res, "skip_nospace", KTAP_SKIP, "", -1);
	check_test(&res, "skip_colon", KTAP_SKIP, "no cgroup v2", -1);
	check_test(&res, "dash_name", KTAP_PASS, "", -1);
	check_test(&res, "fail_reason", KTAP_FAIL, "sched_setattr failed: EINVAL", -1);
	check_test(&res, "fail_plain", KTAP_FAIL, "", -1);
	check_test(&res, "fail_empty_hash", KTAP_FAIL, "", -1);
	check_test(&res, "fail_skip", KTAP_FAIL, "SKIP not really", -1);
	check_test(&res, "pass_note", KTAP_PASS, "TODO later", -1);
	check_test(&res, "skipped_word", KTAP_SKIP, "by config", -1);
	console_result_free(&res);

	/* kselftest prints "ok 1 # SKIP reason" with no name. */
	PARSE_LITERAL("nameless",
		      "BISECTABLE-TEST-BEGIN cgroup_weight\n"
		      "ok 1 # SKIP no cgroup v2\n"
		      "ok 2\n"
		      "BISECTABLE-TEST-BEGIN idle_balance\n"
		      "ok\n"
		      "not ok # no number\n", &res);
	is_int(res.ntests, 2, "nameless: goes to the running test");
	check_test(&res, "cgroup_weight", KTAP_SKIP, "no cgroup v2", -1);
	check_test(&res, "idle_balance", KTAP_MISSING, "", -1);
	console_result_free(&res);
}

static void test_durations(void)
{
	struct console_result res;

	PARSE_LITERAL("durations",
		      "# duration_ns 7\n"
		      "ok 1 no_begin\n"
		      "# duration_ns 11\n"
		      "BISECTABLE-TEST-BEGIN before_result\n"
		      "# duration_ns 100\n"
		      "ok 1 before_result\n"
		      "BISECTABLE-TEST-BEGIN after_result\n"
		      "ok 1 after_result\n"
		      "# duration_ns 200\n"
		      "BISECTABLE-TEST-BEGIN without\n"
		      "ok 1 without\n"
		      "# duration_ns -5\n"
		      "# duration_ns 99999999999999999999999\n"
		      "ok 2 unbegun\n", &res);
	check_test(&res, "no_begin", KTAP_PASS, "", 7);
	check_test(&res, "before_result", KTAP_PASS, "", 100);
	check_test(&res, "after_result", KTAP_PASS, "", 200);
	check_test(&res, "without", KTAP_PASS, "", -1);
	check_test(&res, "unbegun", KTAP_PASS, "", -1);
	console_result_free(&res);
}

static void test_test_timeout(void)
{
	struct console_result res;

	PARSE_LITERAL("test timeout",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN fork_storm\n"
		      "guest# smoke fork_storm; echo BISECTABLE-END $?\n"
		      "KTAP version 1\n"
		      "1..1\n"
		      "BISECTABLE-TEST-TIMEOUT fork_storm\n"
		      "BISECTABLE-TEST-TIMEOUT never_begun\n"
		      "not ok 1 hung_after_failing # fork failed\n"
		      "BISECTABLE-TEST-TIMEOUT hung_after_failing\n"
		      "[   61.000000] INFO: task smoke:80 blocked for more than 30 seconds.\n"
		      "[   61.000100] Call Trace:\n", &res);
	is_int(res.ntests, 3, "test timeout: three tests");
	check_test(&res, "fork_storm", KTAP_TIMEOUT, "no answer within the test timeout", -1);
	check_test(&res, "never_begun", KTAP_TIMEOUT, "no answer within the test timeout", -1);
	check_test(&res, "hung_after_failing", KTAP_TIMEOUT, "fork failed", -1);
	is_str(res.kernel_error, "Call Trace:", "test timeout: call trace recorded");
	is_int(res.kernel_error_line, 11, "test timeout: its line");
	is_str(res.kernel_error_test, "", "test timeout: the test already had a status");
	console_result_free(&res);
}

static void test_boot_timeout(void)
{
	struct console_result res;

	PARSE_LITERAL("boot timeout",
		      "[    0.000000] Linux version 6.8.0\n"
		      "[    0.500000] Freeing unused kernel image memory: 1234K\n"
		      "BISECTABLE-BOOT-TIMEOUT\n", &res);
	is_int(res.ready, 0, "boot timeout: not ready");
	is_int(res.cpus, -1, "boot timeout: no cpus");
	is_int(res.boot_timeout, 1, "boot timeout: flagged");
	is_int(res.shutdown_ok, 0, "boot timeout: no shutdown");
	is_int(res.ntests, 0, "boot timeout: no tests");
	check_no_kernel_error(&res, "boot timeout");
	console_result_free(&res);
}

static void test_warning_before_ready(void)
{
	struct console_result res;

	PARSE_LITERAL("boot warning",
		      "[    0.000000] Linux version 6.8.0\n"
		      "[    0.120000] ------------[ cut here ]------------\n"
		      "[    0.120001] WARNING: CPU: 0 PID: 0 at kernel/sched/core.c:9876 sched_init+0x2a/0x1c0\n"
		      "[    0.120002] Call Trace:\n"
		      "BISECTABLE-READY cpus=1\n"
		      "BISECTABLE-TEST-BEGIN nice_share\n"
		      "ok 1 nice_share\n"
		      "[    5.000000] Kernel panic - not syncing: later\n", &res);
	is_str(res.kernel_error,
	       "WARNING: CPU: 0 PID: 0 at kernel/sched/core.c:9876 sched_init+0x2a/0x1c0",
	       "boot warning: only the first failure");
	is_int(res.kernel_error_line, 3, "boot warning: its line");
	is_int(res.kernel_error_before_ready, 1, "boot warning: before ready");
	is_str(res.kernel_error_test, "", "boot warning: no test running");
	check_test(&res, "nice_share", KTAP_PASS, "", -1);
	is_int(res.cpus, 1, "boot warning: cpus");
	console_result_free(&res);
}

static void test_not_kernel_lines(void)
{
	struct console_result res;

	PARSE_LITERAL("not kernel lines",
		      "BISECTABLE-READY cpus=2\n"					/* 1 */
		      "guest# smoke Oops-probe; echo 'BUG: not a bug' BISECTABLE-END $?\n"
		      "\x1b[?2004hguest# echo Kernel panic\n"
		      "guest# \n"
		      "BISECTABLE-TEST-BEGIN Oops-probe\n"				/* 5 */
		      "smoke Oops; echo BISECTABLE-END $?\r\n"
		      "# WARNING: diagnostic printed by the test\n"
		      "# metric Call Trace 1\n"
		      "not ok 1 Oops-probe # BUG: reported by the test itself\n"
		      "[    3.000000] sched: DEBUG: rebalance\n"
		      "[    3.100000] Whoops, CallTraces, xWARNING: and Kernel panicky\n" /* 11 */
		      "[    4.000000] BUG: scheduling while atomic: smoke/77/0x00000002\n",
		      &res);
	is_str(res.kernel_error, "BUG: scheduling while atomic: smoke/77/0x00000002",
	       "not kernel lines: only the real BUG");
	is_int(res.kernel_error_line, 12, "not kernel lines: its line");
	is_str(res.kernel_error_test, "", "not kernel lines: the test had its result");
	is_int(res.ntests, 1, "not kernel lines: one test");
	check_test(&res, "Oops-probe", KTAP_FAIL, "BUG: reported by the test itself", -1);
	console_result_free(&res);

	/* The prompt ends no line: a kernel message may follow it. */
	PARSE_LITERAL("after prompt",
		      "BISECTABLE-READY cpus=2\n"
		      "guest# [   50.100000] Kernel panic - not syncing: hung_task: blocked tasks\n",
		      &res);
	is_str(res.kernel_error, "Kernel panic - not syncing: hung_task: blocked tasks",
	       "after prompt: the kernel message counts");
	is_int(res.kernel_error_line, 2, "after prompt: its line");
	console_result_free(&res);
}

static void test_empty(void)
{
	struct console_result res;

	is_int(console_parse(NULL, 0, &res), 0, "empty: NULL buffer");
	is_int(res.ready, 0, "empty: not ready");
	is_int(res.cpus, -1, "empty: cpus -1");
	ok(!res.tests && !res.ntests && !res.metrics && !res.nmetrics, "empty: nothing");
	check_no_kernel_error(&res, "empty");
	console_result_free(&res);

	PARSE_LITERAL("blank lines", "\n\r\n\r\r\n  \t\n\r", &res);
	ok(!res.ready && res.cpus == -1 && !res.ntests && !res.kernel_error_line,
	   "blank lines: nothing found");
	console_result_free(&res);
}

/* A log that cannot be read: an error, and a result that can still be freed. */
static void test_file_errors(void)
{
	struct console_result res;

	errno = 0;
	is_int(console_parse_file("/nonexistent/console.log", &res), -1, "missing file fails");
	is_int(errno, ENOENT, "missing file: errno ENOENT");
	ok(!res.tests && !res.ntests && res.cpus == -1, "missing file: result empty and freeable");
	console_result_free(&res);

	errno = 0;
	is_int(console_parse_file("/", &res), -1, "directory fails");
	is_int(errno, EISDIR, "directory: errno EISDIR");
	console_result_free(&res);
}

/* A log that is not a regular file: its size is unknown until read. */
static void test_pipe(void)
{
	struct console_result res;
	char path[64];
	int fds[2], status, i;
	pid_t child;
	FILE *log;

	if (!ok(pipe(fds) == 0, "pipe: created"))
		return;
	child = fork();
	if (child == 0) {
		close(fds[0]);
		log = fdopen(fds[1], "w");
		if (!log)
			_exit(1);
		for (i = 0; i < 4000; i++)
			fprintf(log, "[%5d.000000] noise: more than one read buffer of it\n", i);
		fprintf(log, "BISECTABLE-READY cpus=5\nok 1 piped\n");
		_exit(fclose(log) ? 1 : 0);
	}
	close(fds[1]);
	if (!ok(child > 0, "pipe: writer started")) {
		close(fds[0]);
		return;
	}
	snprintf(path, sizeof(path), "/dev/fd/%d", fds[0]);
	is_int(console_parse_file(path, &res), 0, "pipe: console_parse_file returns 0");
	close(fds[0]);
	ok(waitpid(child, &status, 0) == child && WIFEXITED(status) && !WEXITSTATUS(status),
	   "pipe: writer wrote it all");
	is_int(res.cpus, 5, "pipe: cpus after 200 KiB");
	is_int(res.ntests, 1, "pipe: one test");
	check_test(&res, "piped", KTAP_PASS, "", -1);
	console_result_free(&res);
}

/* Suites: SUITE.TEST begun, "ok 1 TEST" its result, indented KTAP its subtests. */
static void test_suite_nested(void)
{
	struct console_result res;

	PARSE_LITERAL("suites",
		      "BISECTABLE-READY cpus=1\n"
		      "BISECTABLE-TEST-BEGIN rt-tests.pi_stress\n"
		      "KTAP version 1\n1..1\n"
		      "# metric hackbench_s 0.15\n"
		      "# metric hackbench_s 0.16\n"
		      "not ok 1 pi_stress # ERROR: deadlock detected\n"
		      "BISECTABLE-END 1\n"
		      "BISECTABLE-TEST-BEGIN selftests.futex\n"
		      "KTAP version 1\n1..1\n"
		      "    KTAP version 1\n"
		      "    1..3\n"
		      "    ok 1 futex_requeue_pi\n"
		      "        ok 1 deep_one\n"
		      "        ok 2 futex_waitv\n"
		      "    ok 2 futex_wait_timeout # SKIP no CONFIG_FUTEX_PI here\n"
		      "    not ok 3 futex_waitv # ENOSYS\n"
		      "not ok 1 futex # 1 of 3 failed\n"
		      "BISECTABLE-TEST-BEGIN smoke.affinity\n"
		      "KTAP version 1\n1..1\n"
		      "ok 1 affinity # SKIP one CPU\n"
		      "BISECTABLE-SHUTDOWN-OK\n", &res);
	check_test(&res, "rt-tests.pi_stress", KTAP_FAIL, "ERROR: deadlock detected", -1);
	ok(!find_test(&res, "pi_stress"), "the suite's own name for it is not a test of its own");
	check_test(&res, "selftests.futex", KTAP_FAIL, "1 of 3 failed", -1);
	check_test(&res, "selftests.futex.futex_requeue_pi", KTAP_PASS, "", -1);
	check_test(&res, "selftests.futex.futex_wait_timeout", KTAP_SKIP, "no CONFIG_FUTEX_PI here",
		   -1);
	check_test(&res, "selftests.futex.futex_waitv", KTAP_FAIL, "ENOSYS", -1);
	check_test(&res, "smoke.affinity", KTAP_SKIP, "one CPU", -1);
	is_int((int)ktap_count_top(&res), 3, "three tests, not counting subtests");
	ok(!find_test(&res, "selftests.futex.deep_one"),
	   "a subtest's own output, deeper, is not a test of the suite");
	ok(find_test(&res, "selftests.futex.futex_waitv") &&
	   find_test(&res, "selftests.futex.futex_waitv")->nested, "a subtest says so");
	is_int((int)res.nmetrics, 2, "repeated figures are kept as samples");
	console_result_free(&res);
}

int main(void)
{
	test_clean_run();
	test_suite_nested();
	test_truncated();
	test_interleaved();
	test_panic_in_test();
	test_missing_plan();
	test_results();
	test_durations();
	test_test_timeout();
	test_boot_timeout();
	test_warning_before_ready();
	test_not_kernel_lines();
	test_empty();
	test_file_errors();
	test_pipe();
	return done_testing();
}
