// SPDX-License-Identifier: GPL-2.0
/*
 * test-ktap-lines.c - the console cut into lines (step/ktap-lines.c), as the
 * parser sees them: CR/LF mixes and lone CRs counted as lines, and a test's
 * line a kernel message was spliced into, rejoined around it.
 */
#include "tap.h"
#include "ktap-check.h"

static void test_line_endings(void)
{
	struct console_result res;

	PARSE_LITERAL("line endings",
		      "[    0.100000] line one\r\n"					/* 1 */
		      "BISECTABLE-READY cpus=3\r\r\n"
		      "BISECTABLE-TEST-BEGIN cr_test\r"
		      "KTAP version 1\r\n"
		      "1..1\n"								/* 5 */
		      "ok 1 cr_test # SKIP needs\ttabs\r\r\n"
		      "\r\n"
		      "[    3.000000] WARNING: CPU: 1 PID: 9 at kernel/sched/fair.c:42 x\r"
		      "BISECTABLE-SHUTDOWN-OK\r\n", &res);
	is_int(res.ready, 1, "line endings: ready after \\r\\r\\n");
	is_int(res.cpus, 3, "line endings: cpus");
	is_int(res.ntests, 1, "line endings: one test");
	check_test(&res, "cr_test", KTAP_SKIP, "needs tabs", -1);
	is_str(res.kernel_error, "WARNING: CPU: 1 PID: 9 at kernel/sched/fair.c:42 x",
	       "line endings: warning ended by a lone \\r");
	is_int(res.kernel_error_line, 8, "line endings: warning line");
	is_str(res.kernel_error_test, "", "line endings: the test had its result");
	is_int(res.shutdown_ok, 1, "line endings: shutdown");
	console_result_free(&res);

	/* "x" 1, "" 2 (second lone \r), "y" 3, "" 4 (\r after \n), "WARNING" 5 */
	PARSE_LITERAL("line counting", "x\r\ry\n\rWARNING: z\n", &res);
	is_int(res.kernel_error_line, 5, "line counting: two lone CRs are two lines");
	console_result_free(&res);
}

/*
 * A kernel message that comes while a test writes a line lands inside that
 * line on the serial console: the test's text before it, and the rest of it
 * on the line after (seen in CI: "ok 1 cyclictest[    8.752590] random: crng
 * init done", the test's own \r\n on the next line).
 */
static void test_spliced_printk(void)
{
	struct console_result res;

	PARSE_LITERAL("spliced",
		      "BISECTABLE-READY cpus=1\r\r\n"
		      "BISECTABLE-TEST-BEGIN rt-tests.cyclictest\n"
		      "KTAP version 1\r\r\n1..1\r\r\n"
		      "# metric cyclictest_avg_us 5\r\r\n"
		      "ok 1 cyclictest[    8.752590] random: crng init done\r\r\n"
		      "\r\r\n"
		      "BISECTABLE-END 0\r\r\n"
		      "BISECTABLE-TEST-BEGIN rt-tests.pi_stress\n"
		      "KTAP version 1\r\r\n1..1\r\r\n"
		      "# metric pi_st[   12.000100] clocksource: tsc: mask\r\r\n"
		      "ress_inversions 3001\r\r\n"
		      "ok 1 pi_[   12.500000][    T1] sched: one[   12.600000] two\r\r\n"
		      "str[   12.700000] BUG: scheduling while atomic: pi_stress/77\r\r\n"
		      "ess\r\r\n"
		      "BISECTABLE-END 0\r\r\n"
		      "BISECTABLE-TEST-BEGIN smoke.blank\n"
		      "ok 1 [   13.000000] random: crng init done\n"
		      "blank\n"
		      "BISECTABLE-TEST-BEGIN selftests.quote\n"
		      "# dmesg: [    1.000000] BUG: quoted by the test\n"
		      "#\t[    1.000001] tab\n"
		      "ok 1 quote\n"
		      "BISECTABLE-TEST-BEGIN smoke.brackets\n"
		      "ok 1 brackets # took [12.000001] s, [ 1.5] and [    1.50]\n"
		      "BISECTABLE-SHUTDOWN-OK\n", &res);
	check_test(&res, "rt-tests.cyclictest", KTAP_PASS, "", -1);
	check_test(&res, "rt-tests.pi_stress", KTAP_PASS, "", -1);
	check_test(&res, "smoke.blank", KTAP_PASS, "", -1);
	check_test(&res, "selftests.quote", KTAP_PASS, "", -1);
	check_test(&res, "smoke.brackets", KTAP_PASS, "took [12.000001] s, [ 1.5] and [    1.50]",
		   -1);
	is_int((int)res.ntests, 5, "spliced: no test made of a fragment");
	is_int((int)res.nmetrics, 2, "spliced: both metrics, one of them rejoined");
	if (res.nmetrics == 2)
		is_str(res.metrics[1].name, "pi_stress_inversions", "spliced: the rejoined name");
	is_str(res.kernel_error, "BUG: scheduling while atomic: pi_stress/77",
	       "spliced: a kernel failure inside a line is seen");
	is_int(res.kernel_error_line, 15, "spliced: on its line");
	is_str(res.kernel_error_test, "rt-tests.pi_stress", "spliced: during the test");
	console_result_free(&res);
}

int main(void)
{
	test_spliced_printk();
	test_line_endings();
	return done_testing();
}
