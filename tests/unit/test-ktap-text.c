// SPDX-License-Identifier: GPL-2.0
/*
 * test-ktap-text.c - the console parser's text primitives (step/ktap-text.c)
 * on the bytes a console holds: non-UTF-8 bytes, control characters, NUL
 * bytes and terminal escapes before a line, a printk timestamp; text copied
 * out printable, and cut to its field.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "ktap-check.h"

static bool is_printable_text(const char *s, size_t size)
{
	size_t i;

	for (i = 0; i < size && s[i]; i++) {
		if (s[i] < 0x20 || s[i] > 0x7e)
			return false;
	}
	return i < size;	/* NUL-terminated within the field */
}

static bool result_is_printable(const struct console_result *res)
{
	size_t i;

	if (!is_printable_text(res->kernel_error, sizeof(res->kernel_error)) ||
	    !is_printable_text(res->kernel_error_test, sizeof(res->kernel_error_test)))
		return false;
	for (i = 0; i < res->ntests; i++) {
		if (!is_printable_text(res->tests[i].name, sizeof(res->tests[i].name)) ||
		    !is_printable_text(res->tests[i].reason, sizeof(res->tests[i].reason)))
			return false;
	}
	for (i = 0; i < res->nmetrics; i++) {
		if (!is_printable_text(res->metrics[i].name, sizeof(res->metrics[i].name)))
			return false;
	}
	return true;
}

static void test_unprintable(void)
{
	struct console_result res;
	char long_log[1024];
	char long_name[101], long_reason[301];
	const struct ktap_test *test;

	PARSE_LITERAL("unprintable",
		      "BISECTABLE-READY cpus=2\n"
		      "BISECTABLE-TEST-BEGIN caf\xc3\xa9\x01\n"
		      "ok 1 caf\xc3\xa9\x01 # SKIP no \xff\x1b[31mred\x00x\x7f\n"
		      "not ok 2 bad\x80name # \x01\x02" "boom\n"
		      "# metric m\xfe 1.5\n"
		      "\x00\x00ok 3 nul_lead\n"
		      "\x1b[?2004hguest# smoke x; echo Oops\n"
		      "[    1.000000] BUG: bad \x9b byte\n", &res);
	is_int(res.ntests, 3, "unprintable: three tests");
	check_test(&res, "caf???", KTAP_SKIP, "no ??[31mred?x?", -1);
	check_test(&res, "bad?name", KTAP_FAIL, "??boom", -1);
	check_test(&res, "nul_lead", KTAP_PASS, "", -1);
	is_int(res.nmetrics, 1, "unprintable: one metric");
	if (res.nmetrics == 1) {
		is_str(res.metrics[0].name, "m?", "unprintable: metric name");
		ok(res.metrics[0].value == 1.5, "unprintable: metric value");
	}
	is_str(res.kernel_error, "BUG: bad ? byte", "unprintable: kernel error");
	is_int(res.kernel_error_line, 8, "unprintable: escaped prompt line is no error");
	ok(result_is_printable(&res), "unprintable: all text copied out is printable");
	console_result_free(&res);

	/* Over-long text is cut to the fields; names still match once cut. */
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	memset(long_reason, 'r', sizeof(long_reason) - 1);
	long_reason[sizeof(long_reason) - 1] = '\0';
	snprintf(long_log, sizeof(long_log),
		 "BISECTABLE-TEST-BEGIN %s\nnot ok 1 %s # %s\n[ 1.0] Oops: %s\n",
		 long_name, long_name, long_reason, long_reason);
	parse_log("long text", long_log, strlen(long_log), &res);
	is_int(res.ntests, 1, "long text: one test");
	test = res.ntests ? &res.tests[0] : NULL;
	ok(test && strlen(test->name) == KTAP_NAME_MAX - 1 &&
	   strncmp(test->name, long_name, KTAP_NAME_MAX - 1) == 0, "long text: name cut to fit");
	ok(test && strlen(test->reason) == KTAP_TEXT_MAX - 1 &&
	   strncmp(test->reason, long_reason, KTAP_TEXT_MAX - 1) == 0, "long text: reason cut");
	is_int(strlen(res.kernel_error), KTAP_TEXT_MAX - 1, "long text: kernel error cut");
	ok(result_is_printable(&res), "long text: printable and terminated");
	console_result_free(&res);
}

int main(void)
{
	test_unprintable();
	return done_testing();
}
