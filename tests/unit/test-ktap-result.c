// SPDX-License-Identifier: GPL-2.0
/*
 * test-ktap-result.c - what the parser finds (step/ktap-result.c): a result
 * freed and parsed again, the status names, and a log of 8 MiB whose
 * 50,000 tests and metrics the builder grows to hold, found again by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "ktap-check.h"

static void test_free_and_names(void)
{
	struct console_result res, zero;

	memset(&zero, 0, sizeof(zero));
	PARSE_LITERAL("free", "BISECTABLE-READY cpus=2\nok 1 a\n# metric m 1\nBUG: x\n", &res);
	console_result_free(&res);
	ok(!res.tests && !res.ntests && !res.metrics && !res.nmetrics && !res.ready &&
	   !res.kernel_error[0] && !res.kernel_error_line, "free: result zeroed");
	/* A second free sees NULL pointers (ASan would stop a double free here). */
	console_result_free(&res);
	console_result_free(NULL);
	ok(!memcmp(&res, &zero, sizeof(res)),
	   "free: twice leaves every byte zero, NULL is ignored");
	PARSE_LITERAL("free", "BISECTABLE-READY cpus=2\nok 1 a\n", &res);
	ok(res.ready && res.cpus == 2 && res.ntests == 1 && !res.nmetrics,
	   "free: a freed result parses again as a fresh one");
	console_result_free(&res);

	is_str(ktap_status_name(KTAP_PASS), "pass", "status name pass");
	is_str(ktap_status_name(KTAP_FAIL), "fail", "status name fail");
	is_str(ktap_status_name(KTAP_SKIP), "skip", "status name skip");
	is_str(ktap_status_name(KTAP_TIMEOUT), "timeout", "status name timeout");
	is_str(ktap_status_name(KTAP_MISSING), "missing", "status name missing");
}

#define HUGE_NOISE_LINES	100000
#define HUGE_SUBTESTS		5000

static void test_huge_file(void)
{
	char path[] = "/tmp/test-ktap-XXXXXX";
	struct console_result res;
	const struct ktap_test *test;
	size_t lineno = 0, metrics = 0, i, j;
	long size;
	FILE *log;
	int fd;

	fd = mkstemp(path);
	if (!ok(fd >= 0, "huge: temp file"))
		return;
	log = fdopen(fd, "w");
	if (!ok(log, "huge: fdopen")) {
		close(fd);
		unlink(path);
		return;
	}
	for (i = 0; i < HUGE_NOISE_LINES; i++, lineno++)
		fprintf(log, "[%5zu.%06zu] noise: boot message %zu with some padding to look real\n",
			i / 1000, i % 1000, i);
	fprintf(log, "BISECTABLE-READY cpus=8\r\n");
	lineno++;
	for (i = 0; i < NR_SMOKE_TESTS; i++) {
		fprintf(log, "BISECTABLE-TEST-BEGIN %s\r\nKTAP version 1\r\n1..1\r\n",
			smoke_tests[i]);
		lineno += 3;
		for (j = 0; j < HUGE_SUBTESTS; j++) {
			fprintf(log, "[%5zu.000000] sched: noise between subtests\r\n", i);
			fprintf(log, "    # metric sub_latency_us %zu.5\r\n", j);
			if (j % 1000 == 999)
				fprintf(log, "    not ok %zu sub_%zu_%zu # slow\r\n", j + 1, i, j);
			else
				fprintf(log, "    ok %zu sub_%zu_%zu\r\n", j + 1, i, j);
			lineno += 3;
			metrics++;
		}
		fprintf(log, "# duration_ns %zu\r\nok 1 %s\r\n", i + 7, smoke_tests[i]);
		lineno += 2;
	}
	fprintf(log, "BISECTABLE-TEST-BEGIN last_test\r\n");
	fprintf(log, "[  200.000000] Kernel panic - not syncing: huge\r\n");
	lineno += 2;
	size = ftell(log);
	if (!ok(fclose(log) == 0, "huge: written")) {
		unlink(path);
		return;
	}
	ok(size > 8 * 1024 * 1024, "huge: log is %ld bytes", size);

	is_int(console_parse_file(path, &res), 0, "huge: console_parse_file returns 0");
	unlink(path);
	is_int(res.ready, 1, "huge: ready");
	is_int(res.cpus, 8, "huge: cpus");
	is_int(res.ntests, NR_SMOKE_TESTS * (HUGE_SUBTESTS + 1) + 1, "huge: every test listed");
	is_int(res.nmetrics, metrics, "huge: every metric");
	check_test(&res, "fork_storm", KTAP_PASS, "", 16);
	check_test(&res, "sub_3_1234", KTAP_PASS, "", -1);
	check_test(&res, "sub_9_4999", KTAP_FAIL, "slow", -1);
	check_test(&res, "last_test", KTAP_MISSING, "Kernel panic - not syncing: huge", -1);
	test = find_test(&res, "sub_0_0");
	ok(test == &res.tests[1], "huge: report order kept");
	ok(res.nmetrics == metrics && res.metrics[metrics - 1].value == HUGE_SUBTESTS - 0.5,
	   "huge: last metric value");
	is_int(res.kernel_error_line, lineno, "huge: kernel error line");
	is_str(res.kernel_error_test, "last_test", "huge: kernel error test");
	console_result_free(&res);
}

int main(void)
{
	test_free_and_names();
	test_huge_file();
	return done_testing();
}
