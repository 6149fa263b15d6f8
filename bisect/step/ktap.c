// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - parse a captured serial console log (see ktap.h).
 *
 * ktap-lines.c splits the log into lines on \n, \r\n, \r\r\n or a lone \r.
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

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
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
#define NUMBER_TOKEN_MAX	64
#define KTAP_INDENT		4	/* spaces per nesting level */
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

/* Kernel failure texts; each must stand as a word of its own in the line. */
static const char *const kernel_failure_texts[] = {
	"Kernel panic", "BUG:", "Oops", "WARNING:", "Call Trace",
};

struct parser {
	struct console_result *res;
	size_t tests_cap;
	size_t metrics_cap;
	size_t *slots;			/* name hash index: test index + 1, 0 = free */
	size_t nslots;			/* a power of two, or 0 */
	size_t lineno;
	size_t current;			/* the last begun test, or NO_TEST */
	size_t error_test;		/* test running at the kernel error, or NO_TEST */
	long long pending_duration;	/* for the next result line, -1 if none */
	struct ktap_lines lines;	/* the carry from one line to the next */
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_word_char(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static char lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	return p;
}

static const char *skip_token(const char *p, const char *end)
{
	while (p < end && !is_blank(*p))
		p++;
	return p;
}

static const char *trim_end(const char *start, const char *end)
{
	while (end > start && is_blank(end[-1]))
		end--;
	return end;
}

/* If @p starts with @word followed by a blank or the end, the text after it. */
static const char *match_word(const char *p, const char *end, const char *word)
{
	size_t len = strlen(word);

	if ((size_t)(end - p) < len || memcmp(p, word, len) != 0)
		return NULL;
	p += len;
	if (p < end && !is_blank(*p))
		return NULL;
	return p;
}

static bool starts_with(const char *p, const char *end, const char *prefix)
{
	size_t len = strlen(prefix);

	return (size_t)(end - p) >= len && memcmp(p, prefix, len) == 0;
}

static bool starts_with_nocase(const char *p, const char *end, const char *prefix)
{
	for (; *prefix; prefix++, p++) {
		if (p >= end || lower(*p) != *prefix)
			return false;
	}
	return true;
}

/* Copy text out as printable ASCII, truncated to fit. Tabs become spaces. */
static void copy_printable(char *dst, size_t size, const char *src, const char *end)
{
	size_t n = 0;

	while (src < end && n + 1 < size) {
		unsigned char c = (unsigned char)*src++;

		if (c == '\t')
			c = ' ';
		dst[n++] = (c >= 0x20 && c <= 0x7e) ? (char)c : '?';
	}
	dst[n] = '\0';
}

/*
 * Serial consoles put NUL bytes and terminal escapes (a shell's bracketed
 * paste switch, colour resets) before a line's real text.
 */
static const char *skip_leading_junk(const char *p, const char *end)
{
	while (p < end) {
		if (is_blank(*p) || *p == '\0') {
			p++;
			continue;
		}
		if (*p != '\033')
			break;
		p++;
		if (p < end && *p == '[') {
			/* CSI: parameter and intermediate bytes, then one final byte */
			p++;
			while (p < end && (unsigned char)*p >= 0x20 && (unsigned char)*p <= 0x3f)
				p++;
			if (p < end && (unsigned char)*p >= 0x40 && (unsigned char)*p <= 0x7e)
				p++;
		} else if (p < end) {
			p++;
		}
	}
	return p;
}

/* "[    0.329606] ", and the "[    T1] " that CONFIG_PRINTK_CALLER adds. */
static const char *skip_printk_prefix(const char *p, const char *end)
{
	const char *q, *digits;

	if (p >= end || *p != '[')
		return p;
	q = skip_blanks(p + 1, end);
	digits = q;
	while (q < end && is_digit(*q))
		q++;
	if (q == digits)
		return p;
	if (q < end && *q == '.') {
		q++;
		while (q < end && is_digit(*q))
			q++;
	}
	if (q >= end || *q != ']')
		return p;
	p = ++q;

	if (q < end && *q == '[') {
		q = skip_blanks(q + 1, end);
		if (q < end && (*q == 'T' || *q == 'C')) {
			digits = ++q;
			while (q < end && is_digit(*q))
				q++;
			if (q > digits && q < end && *q == ']')
				p = q + 1;
		}
	}
	return skip_blanks(p, end);
}

/* A decimal number that fills the token at @p; the text after it, or NULL. */
static const char *parse_count(const char *p, const char *end, long long *value)
{
	long long v = 0;
	const char *start = p;

	for (; p < end && is_digit(*p); p++) {
		if (v > (LLONG_MAX - (*p - '0')) / 10)
			return NULL;
		v = v * 10 + (*p - '0');
	}
	if (p == start || (p < end && !is_blank(*p)))
		return NULL;
	*value = v;
	return p;
}

static bool parse_double(const char *p, const char *end, double *value)
{
	char token[NUMBER_TOKEN_MAX];
	size_t len = (size_t)(end - p);
	char *rest;
	double v;

	if (len == 0 || len >= sizeof(token))
		return false;
	memcpy(token, p, len);
	token[len] = '\0';
	errno = 0;
	v = strtod(token, &rest);
	/* A metric must be a finite number; "nan" or "1e999" is a broken test. */
	if (*rest != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	*value = v;
	return true;
}

static void *grow_array(void *array, size_t *cap, size_t used, size_t elem_size)
{
	size_t new_cap;

	if (used < *cap)
		return array;
	new_cap = *cap ? *cap * 2 : 16;
	if (new_cap < *cap || new_cap > SIZE_MAX / elem_size) {
		errno = ENOMEM;
		return NULL;
	}
	array = realloc(array, new_cap * elem_size);
	if (array)
		*cap = new_cap;
	return array;
}

/* FNV-1a */
static size_t name_hash(const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *name; name++) {
		h ^= (unsigned char)*name;
		h *= 0x100000001b3ULL;
	}
	return (size_t)h;
}

static size_t *find_slot(struct parser *ps, const char *name)
{
	size_t mask = ps->nslots - 1;
	size_t i = name_hash(name) & mask;

	while (ps->slots[i] && strcmp(ps->res->tests[ps->slots[i] - 1].name, name) != 0)
		i = (i + 1) & mask;
	return &ps->slots[i];
}

/* Keep the index at most half full, so that probes stay short. */
static int reserve_slot(struct parser *ps)
{
	size_t new_nslots, i;
	size_t *old = ps->slots;
	size_t old_nslots = ps->nslots;

	if (ps->res->ntests + 1 <= ps->nslots / 2)
		return 0;
	new_nslots = ps->nslots ? ps->nslots * 2 : 64;
	if (new_nslots < ps->nslots || new_nslots > SIZE_MAX / sizeof(*ps->slots)) {
		errno = ENOMEM;
		return -1;
	}
	ps->slots = calloc(new_nslots, sizeof(*ps->slots));
	if (!ps->slots) {
		ps->slots = old;
		return -1;
	}
	ps->nslots = new_nslots;
	for (i = 0; i < old_nslots; i++) {
		if (old[i])
			*find_slot(ps, ps->res->tests[old[i] - 1].name) = old[i];
	}
	free(old);
	return 0;
}

/* The test named by the text [p, end), added if it is new. */
static int find_or_add_test(struct parser *ps, const char *p, const char *end, size_t *index)
{
	struct console_result *res = ps->res;
	char name[KTAP_NAME_MAX];
	struct ktap_test *test;
	size_t *slot;

	/* Names are compared as stored: made printable and truncated. */
	copy_printable(name, sizeof(name), p, end);
	if (reserve_slot(ps))
		return -1;
	slot = find_slot(ps, name);
	if (*slot) {
		*index = *slot - 1;
		return 0;
	}

	test = grow_array(res->tests, &ps->tests_cap, res->ntests, sizeof(*res->tests));
	if (!test)
		return -1;
	res->tests = test;
	test = &res->tests[res->ntests];
	memset(test, 0, sizeof(*test));
	memcpy(test->name, name, sizeof(name));
	test->status = KTAP_MISSING;
	test->duration_ns = -1;
	*index = res->ntests++;
	*slot = res->ntests;
	return 0;
}

static int add_metric(struct parser *ps, const char *name, const char *name_end, double value)
{
	struct console_result *res = ps->res;
	struct ktap_metric *metric;

	metric = grow_array(res->metrics, &ps->metrics_cap, res->nmetrics, sizeof(*res->metrics));
	if (!metric)
		return -1;
	res->metrics = metric;
	metric = &res->metrics[res->nmetrics++];
	copy_printable(metric->name, sizeof(metric->name), name, name_end);
	metric->value = value;
	return 0;
}

/* "READY cpus=N ...": the first cpus= token that holds a plain number. */
static void handle_ready(struct parser *ps, const char *p, const char *end, bool whole)
{
	const char *token;
	long long cpus;

	ps->res->ready = 1;
	if (!whole)
		return;
	for (p = skip_blanks(p, end); p < end; p = skip_blanks(token, end)) {
		token = skip_token(p, end);
		if (starts_with(p, token, "cpus=") &&
		    parse_count(p + strlen("cpus="), token, &cpus) && cpus <= INT_MAX) {
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
	if (find_or_add_test(ps, name, end, &index))
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
	if (find_or_add_test(ps, name, end, &index))
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

	rest = match_word(p, end, "READY");
	if (rest) {
		handle_ready(ps, rest, end, whole);
		return 0;
	}
	if (match_word(p, end, "BOOT-TIMEOUT")) {
		ps->res->boot_timeout = 1;
		return 0;
	}
	if (match_word(p, end, "SHUTDOWN-OK")) {
		ps->res->shutdown_ok = 1;
		return 0;
	}

	/* The rest take a test name, which a cut line may have shortened. */
	if (!whole)
		return 0;
	rest = match_word(p, end, "TEST-BEGIN");
	if (rest)
		return begin_test(ps, skip_blanks(rest, end), end);
	rest = match_word(p, end, "TEST-TIMEOUT");
	if (rest)
		return time_out_test(ps, skip_blanks(rest, end), end);
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
	rest = match_word(p, end, "ok");
	if (!rest) {
		*passed = false;
		rest = match_word(p, end, "not");
		if (!rest)
			return NULL;
		rest = match_word(skip_blanks(rest, end), end, "ok");
		if (!rest)
			return NULL;
	}
	rest = skip_blanks(rest, end);
	if (rest == end || !is_digit(*rest))
		return NULL;
	while (rest < end && is_digit(*rest))
		rest++;
	if (rest < end && !is_blank(*rest))
		return NULL;
	return rest;
}

/* Whether [p, end) is @name, as stored (printable, truncated). */
static bool same_name(const char *p, const char *end, const char *name)
{
	char copy[KTAP_NAME_MAX];

	copy_printable(copy, sizeof(copy), p, end);
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
	if (n < 0 || find_or_add_test(ps, full, full + strlen(full), index))
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

	p = skip_blanks(p, end);
	/* TAP allows "ok 1 - name". */
	dash_end = match_word(p, end, "-");
	if (dash_end)
		p = skip_blanks(dash_end, end);

	name = p;
	name_end = name;
	while (name_end < end && *name_end != '#')
		name_end++;
	directive = name_end < end ? skip_blanks(name_end + 1, end) : end;
	name_end = trim_end(name, name_end);

	/* "SKIP", or a longer word such as "skipped", starts a skip directive. */
	if (passed && starts_with_nocase(directive, end, "skip")) {
		status = KTAP_SKIP;
		directive = skip_blanks(skip_token(directive, end), end);
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
	} else if (find_or_add_test(ps, name, name_end, &index)) {
		return -1;
	}

found:
	test = &ps->res->tests[index];
	test->status = status;
	copy_printable(test->reason, sizeof(test->reason), directive, end);
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

	if (!parse_count(p, end, &duration))
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

	name_end = skip_token(p, end);
	value = skip_blanks(name_end, end);
	value_end = skip_token(value, end);
	if (p == name_end || !parse_double(value, value_end, &number))
		return 0;
	return add_metric(ps, p, name_end, number);
}

/* @p is just past the '#' of a KTAP diagnostic line. */
static int handle_diagnostic(struct parser *ps, const char *p, const char *end)
{
	const char *rest;

	p = skip_blanks(p, end);
	rest = match_word(p, end, "duration_ns");
	if (rest) {
		handle_duration(ps, skip_blanks(rest, end), end);
		return 0;
	}
	rest = match_word(p, end, "metric");
	if (rest)
		return handle_metric(ps, skip_blanks(rest, end), end);
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
			if (s > p && is_word_char(s[-1]))
				continue;
			if (s + len < end && is_word_char(text[len - 1]) && is_word_char(s[len]))
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
	copy_printable(res->kernel_error, sizeof(res->kernel_error), p, end);
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
	while (p + indent < end && is_blank(p[indent]))
		indent++;
	p = skip_leading_junk(p, end);
	rest = p;
	p = skip_printk_prefix(p, end);
	end = trim_end(p, end);

	/*
	 * Not in a kernel message: the console writes each one whole. Nor in
	 * a diagnostic that quotes the kernel's log ("# dmesg: [    1.000000]
	 * ..."): a timestamp after a blank there is the test's own text.
	 */
	spliced = p == rest ? ktap_lines_find_splice(line, p, end) : NULL;
	if (spliced && *p == '#' && is_blank(spliced[-1]))
		spliced = NULL;
	if (spliced) {
		rest = skip_printk_prefix(spliced, end);
		if (has_kernel_failure(rest, end))
			record_kernel_error(ps, rest, end);
		return ktap_lines_carry(&ps->lines, line, spliced);
	}

	/*
	 * After a prompt comes the shell's echo of a command, or a kernel message
	 * that came while the shell waited: the prompt ends no line.
	 */
	rest = match_word(p, end, SHELL_PROMPT);
	if (rest) {
		rest = skip_blanks(rest, end);
		p = skip_printk_prefix(rest, end);
		if (p == rest)
			return 0;
	}
	/* The echo alone on its line, when expect logged a marker after the prompt */
	if (p == end || find_text(p, end, SHELL_ECHO))
		return 0;

	if (starts_with(p, end, MARKER_PREFIX))
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
	free(ps->slots);
	ktap_lines_free(&ps->lines);
}

static void result_init(struct console_result *res)
{
	memset(res, 0, sizeof(*res));
	res->cpus = -1;
}

/* @res is overwritten, not freed: free a previous result first. */
int console_parse(const char *buf, size_t len, struct console_result *res)
{
	struct parser ps = {
		.res = res,
		.current = NO_TEST,
		.error_test = NO_TEST,
		.pending_duration = -1,
	};
	struct ktap_test *test;

	if (!res || (!buf && len)) {
		errno = EINVAL;
		return -1;
	}
	result_init(res);
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
	result_init(res);
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

void console_result_free(struct console_result *res)
{
	if (!res)
		return;
	free(res->tests);
	free(res->metrics);
	memset(res, 0, sizeof(*res));
}

size_t ktap_count_top(const struct console_result *res)
{
	size_t i, n = 0;

	for (i = 0; i < res->ntests; i++)
		n += !res->tests[i].nested;
	return n;
}

const char *ktap_status_name(enum ktap_status status)
{
	switch (status) {
	case KTAP_PASS:
		return "pass";
	case KTAP_FAIL:
		return "fail";
	case KTAP_SKIP:
		return "skip";
	case KTAP_TIMEOUT:
		return "timeout";
	case KTAP_MISSING:
		return "missing";
	}
	return "unknown";
}
