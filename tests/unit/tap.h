/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - a tiny TAP producer for the C unit tests, so that prove(1) or any
 * TAP harness can run them. Include it in one test program:
 *
 *	plan(3);			optional: or print the plan at the end
 *	ok(x > 0, "x is positive");
 *	is_int(got, 42, "the answer");
 *	is_str(name, "nice_share", "test name");
 *	return done_testing();		prints "1..N" if there was no plan(),
 *					returns 1 if anything failed, else 0
 *
 * Descriptions are printf formats. A failure prints its place in the source
 * and, for is_int/is_str, the values seen and expected, as "# " lines.
 */
#ifndef TESTS_UNIT_TAP_H
#define TESTS_UNIT_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int tap_planned = -1;
static int tap_run;
static int tap_failed;

/*
 * The process's CPU seconds: what a bound on an algorithm's cost checks,
 * so that a busy machine (a kernel build beside the tests) does not fail
 * it, as the wall clock did.
 */
static inline double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline void plan(int count)
{
	tap_planned = count;
	printf("1..%d\n", count);
}

__attribute__((format(printf, 1, 2)))
static inline void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* A string as a C literal would show it, so odd bytes are visible. */
static inline void tap_print_quoted(const char *s)
{
	if (!s) {
		fputs("NULL", stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c >= 0x20 && c <= 0x7e)
			putchar(c);
		else
			printf("\\x%02x", c);
	}
	putchar('"');
}

__attribute__((format(printf, 4, 0)))
static inline int tap_vok(int pass, const char *file, int line, const char *fmt, va_list ap)
{
	char desc[512];
	const char *c;

	vsnprintf(desc, sizeof(desc), fmt, ap);
	tap_run++;
	printf("%sok %d - ", pass ? "" : "not ", tap_run);
	/* '#' would start a TAP directive, a newline a new TAP line. */
	for (c = desc; *c; c++) {
		if (*c == '#')
			fputs("\\#", stdout);
		else
			putchar(*c == '\n' ? ' ' : *c);
	}
	putchar('\n');
	if (!pass) {
		tap_failed++;
		printf("#   Failed test %d at %s line %d.\n", tap_run, file, line);
	}
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 4, 5)))
static inline int tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pass = tap_vok(pass, file, line, fmt, ap);
	va_end(ap);
	return pass;
}

__attribute__((format(printf, 5, 6)))
static inline int tap_is_int(long long got, long long want, const char *file, int line,
			     const char *fmt, ...)
{
	va_list ap;
	int pass;

	va_start(ap, fmt);
	pass = tap_vok(got == want, file, line, fmt, ap);
	va_end(ap);
	if (!pass)
		printf("#          got: %lld\n#     expected: %lld\n", got, want);
	return pass;
}

__attribute__((format(printf, 5, 6)))
static inline int tap_is_str(const char *got, const char *want, const char *file, int line,
			     const char *fmt, ...)
{
	va_list ap;
	int pass;

	pass = (!got && !want) || (got && want && strcmp(got, want) == 0);
	va_start(ap, fmt);
	pass = tap_vok(pass, file, line, fmt, ap);
	va_end(ap);
	if (!pass) {
		fputs("#          got: ", stdout);
		tap_print_quoted(got);
		fputs("\n#     expected: ", stdout);
		tap_print_quoted(want);
		putchar('\n');
	}
	return pass;
}

#define ok(cond, ...)		tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...)	tap_is_int((got), (want), __FILE__, __LINE__, __VA_ARGS__)
#define is_str(got, want, ...)	tap_is_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)
/* is_str() of a string the test was given to free: freed once compared. */
#define is_str_free(got, want, ...) do {					\
	char *tap_got_ = (got);							\
										\
	tap_is_str(tap_got_, (want), __FILE__, __LINE__, __VA_ARGS__);		\
	free(tap_got_);								\
} while (0)

/* Exit status for main(): 0 only if every test ran as planned and passed. */
static inline int done_testing(void)
{
	if (tap_planned < 0) {
		printf("1..%d\n", tap_run);
	} else if (tap_run != tap_planned) {
		printf("# planned %d tests but ran %d\n", tap_planned, tap_run);
		return 1;
	}
	if (tap_failed)
		printf("# failed %d of %d tests\n", tap_failed, tap_run);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

#endif
