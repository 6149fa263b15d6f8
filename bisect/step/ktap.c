// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - parse a captured serial console log (see ktap.h).
 *
 * ktap-lines.c splits the log into lines on \n, \r\n, \r\r\n or a lone \r;
 * ktap-text.c has the primitives that read a line's bytes, ktap-result.c
 * the result the parser fills.
 *
 * Each line is stripped of leading blanks, NUL bytes, terminal escape
 * sequences and a printk timestamp, then read as one of: a shell echo line
 * (ignored), a BISECTABLE-* marker, a KTAP result or diagnostic line, or
 * anything else, which is checked for kernel failure text. KTAP headers and
 * plans carry nothing that is recorded, so they need no case of their own.
 *
 * A final line without a terminator may have been cut anywhere: "ok 3 fo"
 * of "ok 3 foo # SKIP ..." or "cpus=1" of "cpus=16" would be believed. So of
 * such a line only what cannot be misread when cut short is used: kernel
 * failure text and markers without an argument.
 *
 * The kernel writes a console message whole, but between two writes of a
 * test to the tty: "ok 1 cyclictest[    8.752590] random: crng init done",
 * and the test's own line end on the next line. A printk timestamp inside a
 * line ends the test's text there; that text is joined to the next line
 * (ktap-lines.c).
 */
#include "step/ktap.h"
#include "step/ktap-lines.h"
#include "step/ktap-text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NO_TEST			SIZE_MAX
#define MARKER_PREFIX		"BISECTABLE-"
#define SHELL_PROMPT		"guest#"
/* Only the shell's echo of the command shows "$?" literally. */
#define SHELL_ECHO		"echo BISECTABLE-END $?"
#define TIMEOUT_REASON		"no answer within the test timeout"
#define KTAP_INDENT		4	/* spaces per nesting level */
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

/* Kernel failure texts; each must stand as a word of its own in the line. */
static const char *const kernel_failure_texts[] = {
	"Kernel panic", "BUG:", "Oops", "WARNING:", "Call Trace",
};

struct parser {
	struct console_result *res;
	struct ktap_builder b;		/* res, as it is filled */
	size_t lineno;
	size_t current;			/* the last begun test, or NO_TEST */
	size_t error_test;		/* test running at the kernel error, or NO_TEST */
	long long pending_duration;	/* for the next result line, -1 if none */
	struct ktap_lines lines;	/* the carry from one line to the next */
};

static void handle_ready(struct parser *ps, const char *p, const char *end, bool whole)
{
	const char *token;
	long long cpus;

	ps->res->ready = 1;
	if (!whole)
		return;
	for (p = ktap_skip_blanks(p, end); p < end; p = ktap_skip_blanks(token, end)) {
		token = ktap_skip_token(p, end);
		if (ktap_starts_with(p, token, "cpus=") &&
		    ktap_parse_count(p + strlen("cpus="), token, &cpus) && cpus <= INT_MAX) {
			ps->res->cpus = (int)cpus;
			return;
		}
	}
}

/* BISECTABLE-TEST-BEGIN NAME: @name is NAME. */
static int begin_test(struct parser *ps, const char *name, const char *end)
{
	size_t index;

	if (name == end)
		return 0;
	if (ktap_builder_test(&ps->b, name, end, &index))
		return -1;
	ps->current = index;
	/* A duration printed before this test began is not this test's. */
	ps->pending_duration = -1;
	return 0;
}

/* BISECTABLE-TEST-TIMEOUT NAME: @name is NAME. */
static int time_out_test(struct parser *ps, const char *name, const char *end)
{
	struct ktap_test *test;
	size_t index;

	if (name == end)
		return 0;
	if (ktap_builder_test(&ps->b, name, end, &index))
		return -1;
	test = &ps->res->tests[index];
	test->status = KTAP_TIMEOUT;
	if (!test->reason[0])
		snprintf(test->reason, sizeof(test->reason), "%s", TIMEOUT_REASON);
	return 0;
}

/* @p is just past "BISECTABLE-". */
static int handle_marker(struct parser *ps, const char *p, const char *end, bool whole)
{
	const char *rest;

	rest = ktap_match_word(p, end, "READY");
	if (rest) {
		handle_ready(ps, rest, end, whole);
		return 0;
	}
	if (ktap_match_word(p, end, "BOOT-TIMEOUT")) {
		ps->res->boot_timeout = 1;
		return 0;
	}
	if (ktap_match_word(p, end, "SHUTDOWN-OK")) {
		ps->res->shutdown_ok = 1;
		return 0;
	}

	/* The rest take a test name, which a cut line may have shortened. */
	if (!whole)
		return 0;
	rest = ktap_match_word(p, end, "TEST-BEGIN");
	if (rest)
		return begin_test(ps, ktap_skip_blanks(rest, end), end);
	rest = ktap_match_word(p, end, "TEST-TIMEOUT");
	if (rest)
		return time_out_test(ps, ktap_skip_blanks(rest, end), end);
	/* BISECTABLE-END RC: the KTAP result already says how the test went. */
	return 0;
}

/*
 * If the line is a result line, "ok N ..." or "not ok N ...", the text after
 * the number. KTAP always numbers results, and requiring the number keeps
 * other output that starts with "ok" from being read as a result.
 */
static const char *match_result(const char *p, const char *end, bool *passed)
{
	const char *rest;

	*passed = true;
	rest = ktap_match_word(p, end, "ok");
	if (!rest) {
		*passed = false;
		rest = ktap_match_word(p, end, "not");
		if (!rest)
			return NULL;
		rest = ktap_match_word(ktap_skip_blanks(rest, end), end, "ok");
		if (!rest)
			return NULL;
	}
	rest = ktap_skip_blanks(rest, end);
	if (rest == end || !ktap_is_digit(*rest))
		return NULL;
	while (rest < end && ktap_is_digit(*rest))
		rest++;
	if (rest < end && !ktap_is_blank(*rest))
		return NULL;
	return rest;
}

/* Whether [p, end) is @name, as stored (printable, truncated). */
static bool same_name(const char *p, const char *end, const char *name)
{
	char copy[KTAP_NAME_MAX];

	ktap_copy_printable(copy, sizeof(copy), p, end);
	return !strcmp(copy, name);
}

/*
 * Under a test begun as SUITE.TEST (a suite's run script): its own result
 * line, "ok 1 TEST", at the left margin; an indented one is a subtest of
 * it, stored as SUITE.TEST.SUB. Returns 1 with *index set, 2 for a line
 * nested deeper (not recorded), 0 if the line is not the current test's,
 * -1 on allocation failure.
 */
static int suite_result(struct parser *ps, const char *name, const char *name_end,
			int indent, size_t *index)
{
	const struct ktap_test *cur;
	const char *leaf;
	char full[KTAP_NAME_MAX * 2];
	int n;

	if (ps->current == NO_TEST)
		return 0;
	cur = &ps->res->tests[ps->current];
	leaf = strchr(cur->name, '.');
	if (!leaf || cur->nested)
		return 0;
	if (!indent) {
		if (name != name_end && !same_name(name, name_end, leaf + 1) &&
		    !same_name(name, name_end, cur->name))
			return 0;
		*index = ps->current;
		return 1;
	}
	/*
	 * One level down (four spaces) is the suite's subtest; what a subtest
	 * prints of its own, deeper, is its business: counted by its result.
	 */
	if (indent > KTAP_INDENT)
		return 2;
	if (name == name_end)
		return 0;
	n = snprintf(full, sizeof(full), "%s.%.*s", cur->name, (int)(name_end - name), name);
	if (n < 0 || ktap_builder_test(&ps->b, full, full + strlen(full), index))
		return -1;
	ps->res->tests[*index].nested = 1;
	return 1;
}

/* @p is just past the number of a result line: "NAME [# directive]". */
static int handle_result(struct parser *ps, const char *p, const char *end, bool passed,
			 int indent)
{
	const char *name, *name_end, *directive, *dash_end;
	enum ktap_status status = passed ? KTAP_PASS : KTAP_FAIL;
	struct ktap_test *test;
	size_t index;

	p = ktap_skip_blanks(p, end);
	/* TAP allows "ok 1 - name". */
	dash_end = ktap_match_word(p, end, "-");
	if (dash_end)
		p = ktap_skip_blanks(dash_end, end);

	name = p;
	name_end = name;
	while (name_end < end && *name_end != '#')
		name_end++;
	directive = name_end < end ? ktap_skip_blanks(name_end + 1, end) : end;
	name_end = ktap_trim_end(name, name_end);

	/* "SKIP", or a longer word such as "skipped", starts a skip directive. */
	if (passed && ktap_starts_with_nocase(directive, end, "skip")) {
		status = KTAP_SKIP;
		directive = ktap_skip_blanks(ktap_skip_token(directive, end), end);
	}

	switch (suite_result(ps, name, name_end, indent, &index)) {
	case -1:
		return -1;
	case 1:
		goto found;
	case 2:
		return 0;
	}
	if (name == name_end) {
		/* "ok 1 # SKIP reason" without a name: the test now running. */
		if (ps->current == NO_TEST || ps->res->tests[ps->current].status != KTAP_MISSING)
			return 0;
		index = ps->current;
	} else if (ktap_builder_test(&ps->b, name, name_end, &index)) {
		return -1;
	}

found:
	test = &ps->res->tests[index];
	test->status = status;
	ktap_copy_printable(test->reason, sizeof(test->reason), directive, end);
	if (ps->pending_duration >= 0) {
		test->duration_ns = ps->pending_duration;
		ps->pending_duration = -1;
	}
	return 0;
}

/* "# duration_ns VALUE": @p is VALUE. */
static void handle_duration(struct parser *ps, const char *p, const char *end)
{
	long long duration;

	if (!ktap_parse_count(p, end, &duration))
		return;
	ps->pending_duration = duration;
	if (ps->current != NO_TEST)
		ps->res->tests[ps->current].duration_ns = duration;
}

/* "# metric NAME VALUE": @p is NAME. */
static int handle_metric(struct parser *ps, const char *p, const char *end)
{
	const char *name_end, *value, *value_end;
	double number;

	name_end = ktap_skip_token(p, end);
	value = ktap_skip_blanks(name_end, end);
	value_end = ktap_skip_token(value, end);
	if (p == name_end || !ktap_parse_double(value, value_end, &number))
		return 0;
	return ktap_builder_metric(&ps->b, p, name_end, number);
}

/* @p is just past the '#' of a KTAP diagnostic line. */
static int handle_diagnostic(struct parser *ps, const char *p, const char *end)
{
	const char *rest;

	p = ktap_skip_blanks(p, end);
	rest = ktap_match_word(p, end, "duration_ns");
	if (rest) {
		handle_duration(ps, ktap_skip_blanks(rest, end), end);
		return 0;
	}
	rest = ktap_match_word(p, end, "metric");
	if (rest)
		return handle_metric(ps, ktap_skip_blanks(rest, end), end);
	/* Other diagnostics, "# Subtest: NAME" among them, say nothing we keep. */
	return 0;
}

/* Where @text first occurs in [p, end), or NULL. */
static const char *find_text(const char *p, const char *end, const char *text)
{
	size_t len = strlen(text);

	for (; (size_t)(end - p) >= len; p++) {
		if (memcmp(p, text, len) == 0)
			return p;
	}
	return NULL;
}

static bool has_kernel_failure(const char *p, const char *end)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kernel_failure_texts); i++) {
		const char *text = kernel_failure_texts[i];
		size_t len = strlen(text);
		const char *s;

		for (s = p; (s = find_text(s, end, text)) != NULL; s++) {
			/* Not inside a longer word: "DEBUG:" is not "BUG:". */
			if (s > p && ktap_is_word_char(s[-1]))
				continue;
			if (s + len < end && ktap_is_word_char(text[len - 1]) && ktap_is_word_char(s[len]))
				continue;
			return true;
		}
	}
	return false;
}

static void record_kernel_error(struct parser *ps, const char *p, const char *end)
{
	struct console_result *res = ps->res;

	if (res->kernel_error_line)
		return;
	ktap_copy_printable(res->kernel_error, sizeof(res->kernel_error), p, end);
	res->kernel_error_line = ps->lineno > INT_MAX ? INT_MAX : (int)ps->lineno;
	res->kernel_error_before_ready = !res->ready;
	if (ps->current != NO_TEST && res->tests[ps->current].status == KTAP_MISSING) {
		ps->error_test = ps->current;
		memcpy(res->kernel_error_test, res->tests[ps->current].name,
		       sizeof(res->kernel_error_test));
	}
}

/* @whole is false for a final line that the log cut off before its end. */
static int parse_line(void *data, const char *p, const char *end, bool whole)
{
	struct parser *ps = data;
	const char *line = p, *rest, *spliced;
	bool passed;
	int indent = 0;

	ps->lineno++;
	/* Nested KTAP is indented by four spaces a level. */
	while (p + indent < end && ktap_is_blank(p[indent]))
		indent++;
	p = ktap_skip_leading_junk(p, end);
	rest = p;
	p = ktap_skip_printk_prefix(p, end);
	end = ktap_trim_end(p, end);

	/*
	 * Not in a kernel message: the console writes each one whole. Nor in
	 * a diagnostic that quotes the kernel's log ("# dmesg: [    1.000000]
	 * ..."): a timestamp after a blank there is the test's own text.
	 */
	spliced = p == rest ? ktap_lines_find_splice(line, p, end) : NULL;
	if (spliced && *p == '#' && ktap_is_blank(spliced[-1]))
		spliced = NULL;
	if (spliced) {
		rest = ktap_skip_printk_prefix(spliced, end);
		if (has_kernel_failure(rest, end))
			record_kernel_error(ps, rest, end);
		return ktap_lines_carry(&ps->lines, line, spliced);
	}

	/*
	 * After a prompt comes the shell's echo of a command, or a kernel message
	 * that came while the shell waited: the prompt ends no line.
	 */
	rest = ktap_match_word(p, end, SHELL_PROMPT);
	if (rest) {
		rest = ktap_skip_blanks(rest, end);
		p = ktap_skip_printk_prefix(rest, end);
		if (p == rest)
			return 0;
	}
	/* The echo alone on its line, when expect logged a marker after the prompt */
	if (p == end || find_text(p, end, SHELL_ECHO))
		return 0;

	if (ktap_starts_with(p, end, MARKER_PREFIX))
		return handle_marker(ps, p + strlen(MARKER_PREFIX), end, whole);
	rest = match_result(p, end, &passed);
	if (rest)
		return whole ? handle_result(ps, rest, end, passed, indent) : 0;
	if (*p == '#')
		return whole ? handle_diagnostic(ps, p + 1, end) : 0;

	if (has_kernel_failure(p, end))
		record_kernel_error(ps, p, end);
	return 0;
}

static void parser_free(struct parser *ps)
{
	ktap_builder_free(&ps->b);
	ktap_lines_free(&ps->lines);
}

/* @res is overwritten, not freed: free a previous result first. */
int console_parse(const char *buf, size_t len, struct console_result *res)
{
	struct parser ps = {
		.res = res,
		.b = { .res = res },
		.current = NO_TEST,
		.error_test = NO_TEST,
		.pending_duration = -1,
	};
	struct ktap_test *test;

	if (!res || (!buf && len)) {
		errno = EINVAL;
		return -1;
	}
	console_result_init(res);
	if (!buf)
		return 0;
	if (ktap_lines_split(&ps.lines, buf, len, parse_line, &ps))
		goto fail;

	/* The kernel error is the best evidence of why a test never finished. */
	if (ps.error_test != NO_TEST) {
		test = &res->tests[ps.error_test];
		if (test->status == KTAP_MISSING && !test->reason[0])
			memcpy(test->reason, res->kernel_error, sizeof(test->reason));
	}
	parser_free(&ps);
	return 0;

fail:
	parser_free(&ps);
	console_result_free(res);
	return -1;
}

int console_parse_file(const char *path, struct console_result *res)
{
	size_t len = 0, cap = 64 * 1024;
	char *buf = NULL, *bigger;
	struct stat st;
	int fd, ret, saved_errno;

	if (!res || !path) {
		errno = EINVAL;
		return -1;
	}
	console_result_init(res);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* The size is only a hint: the log may still be growing. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size < SIZE_MAX / 2)
		cap = (size_t)st.st_size + 1;

	for (;;) {
		ssize_t n;

		if (len == cap || !buf) {
			if (buf && cap > SIZE_MAX / 2) {
				errno = ENOMEM;
				goto fail;
			}
			if (buf)
				cap *= 2;
			bigger = realloc(buf, cap);
			if (!bigger)
				goto fail;
			buf = bigger;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);

	ret = console_parse(buf, len, res);
	saved_errno = errno;
	free(buf);
	errno = saved_errno;
	return ret;

fail:
	saved_errno = errno;
	free(buf);
	close(fd);
	errno = saved_errno;
	return -1;
}
