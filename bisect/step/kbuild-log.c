// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-log.c - reading a build's log: the warnings of each object (the
 * map a build directory keeps across builds), the objects compiled, whether
 * the machine failed rather than the commit, the first error line, and the
 * lines the report quotes from a failed build.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step/kbuild-log.h"
#include "lib/util.h"

/*
 * Strip the source-tree prefix gcc puts in front of paths in O= builds: the
 * absolute tree, or the relative one ccache gives it under CCACHE_BASEDIR.
 */
static const char *strip_prefix(const char *s, const char *const *src_prefixes)
{
	for (; src_prefixes && *src_prefixes; src_prefixes++) {
		size_t len = strlen(*src_prefixes);

		if (len && !strncmp(s, *src_prefixes, len) && (s[len] == '/' || !s[len])) {
			s += len;
			while (*s == '/')
				s++;
			break;
		}
	}
	return s;
}

/* "  CC      kernel/sched/core.o": kbuild's quiet command line names a target. */
static int target_line(const char *l, size_t n, char *target, size_t tlen)
{
	size_t i = 2, start;

	if (n < 5 || l[0] != ' ' || l[1] != ' ' || !isupper((unsigned char)l[2]))
		return 0;
	while (i < n && (isupper((unsigned char)l[i]) || isdigit((unsigned char)l[i]) ||
			 l[i] == '_' || l[i] == '-'))
		i++;
	if (i >= n || l[i] != ' ')
		return 0;
	while (i < n && l[i] == ' ')
		i++;
	start = i;
	while (i < n && l[i] != ' ')
		i++;
	if (i == start || i - start >= tlen)
		return 0;
	memcpy(target, l + start, i - start);
	target[i - start] = '\0';
	return 1;
}

struct warn_map {
	char **object;
	char **message;
	size_t n;
};

static void map_add(struct warn_map *m, const char *object, const char *message)
{
	m->object = xrealloc(m->object, (m->n + 1) * sizeof(*m->object));
	m->message = xrealloc(m->message, (m->n + 1) * sizeof(*m->message));
	m->object[m->n] = xstrdup(object);
	m->message[m->n] = xstrdup(message);
	m->n++;
}

static void map_free(struct warn_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->object[i]);
		free(m->message[i]);
	}
	free(m->object);
	free(m->message);
}

static int in_list(char **list, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

size_t kbuild_fold_warnings(const char *map, const char *log, const char *const *src_prefixes,
			    struct strbuf *out)
{
	struct warn_map fresh = { 0 };
	char **rebuilt = NULL;
	size_t nrebuilt = 0, total = 0, i;
	char target[512] = "";
	const char *p;

	/* The warnings of this build, by the target whose output held them. */
	for (p = log; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char t[512];

		if (target_line(p, n, t, sizeof(t))) {
			strcpy(target, t);
			if (!in_list(rebuilt, nrebuilt, t)) {
				rebuilt = xrealloc(rebuilt, (nrebuilt + 1) * sizeof(*rebuilt));
				rebuilt[nrebuilt++] = xstrdup(t);
			}
		} else if (memmem(p, n, "warning:", 8)) {
			char *msg = xstrndup(p, n);
			char *c;

			for (c = msg; *c; c++)
				if (*c == '\t' || (unsigned char)*c < 0x20)
					*c = ' ';
			map_add(&fresh, target[0] ? target : "(build)",
				strip_prefix(msg, src_prefixes));
			free(msg);
		}
		p = end ? end + 1 : NULL;
	}

	/* Objects not rebuilt keep the warnings they had. */
	strbuf_reset(out);
	for (p = map; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *tab = memchr(p, '\t', n);

		/* A line that is not "object<TAB>...warning:..." is not ours: drop it. */
		if (tab && memmem(tab, n - (tab - p), "warning:", 8)) {
			char *object = xstrndup(p, tab - p);

			if (!in_list(rebuilt, nrebuilt, object)) {
				strbuf_add(out, p, n);
				strbuf_addstr(out, "\n");
				total++;
			}
			free(object);
		}
		p = end ? end + 1 : NULL;
	}
	for (i = 0; i < fresh.n; i++) {
		strbuf_addf(out, "%s\t%s\n", fresh.object[i], fresh.message[i]);
		total++;
	}
	for (i = 0; i < nrebuilt; i++)
		free(rebuilt[i]);
	free(rebuilt);
	map_free(&fresh);
	strbuf_grow(out, 0);
	return total;
}

/* The whole line of log around hit, allocated. */
static char *line_at(const char *log, const char *hit)
{
	const char *start = hit, *end = strchr(hit, '\n');

	while (start > log && start[-1] != '\n')
		start--;
	return xstrndup(start, end ? (size_t)(end - start) : strlen(start));
}

int kbuild_infra_error(const char *log, int exit_code, char *evidence, size_t len)
{
	static const struct {
		const char *needle, *cause;
	} signs[] = {
		{ "No space left on device", "no space left on device" },
		{ "Killed signal terminated program", "the compiler was killed" },
		{ "internal compiler error: Killed", "the compiler was killed" },
		{ "Segmentation fault signal terminated program", "the compiler crashed" },
		{ "internal compiler error: Segmentation fault", "the compiler crashed" },
		{ "virtual memory exhausted", "out of memory" },
		{ "out of memory allocating", "out of memory" },
		{ "Cannot allocate memory", "out of memory" },
		{ "fork: Resource temporarily unavailable", "cannot fork" },
		{ "Cannot fork", "cannot fork" },
		{ "] Killed", "a build command was killed" },
		{ "] Error 137", "a build command was killed (exit 137)" },
		{ "bwrap: ", "the sandbox could not be set up" },
	};
	size_t i;

	for (i = 0; log && i < ARRAY_SIZE(signs); i++) {
		const char *hit = strstr(log, signs[i].needle);

		if (hit) {
			char *line = line_at(log, hit);

			snprintf(evidence, len, "%s: %s", signs[i].cause, line);
			free(line);
			return 1;
		}
	}
	if (exit_code < 0 || exit_code == 126 || exit_code == 127) {
		snprintf(evidence, len, "a build command could not be run (exit %d)", exit_code);
		return 1;
	}
	if (exit_code >= 128) {
		snprintf(evidence, len, "make was killed by signal %d", exit_code - 128);
		return 1;
	}
	return 0;
}

void kbuild_error_line(const char *log, const char *const *src_prefixes, char *evidence,
		       size_t len)
{
	static const char *const patterns[] = {
		": error:", ": fatal error:", "undefined reference to",
		/* make's own reason ("FILE:LINE: *** ...  Stop."), not the "Error 2" of each level */
		".  Stop.", "Error ", "*** ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(patterns); i++) {
		const char *hit = strstr(log, patterns[i]);

		if (hit) {
			const char *start = hit, *end = strchr(hit, '\n');
			size_t n;
			char *line;

			while (start > log && start[-1] != '\n')
				start--;
			n = end ? (size_t)(end - start) : strlen(start);
			line = xstrndup(start, n);
			snprintf(evidence, len, "%s", strip_prefix(line, src_prefixes));
			free(line);
			return;
		}
	}
	snprintf(evidence, len, "build failed (see the log)");
}

size_t kbuild_count_rebuilt(const char *log)
{
	const char *p = log;
	size_t n = 0;

	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len > 8 && (!strncmp(p, "  CC ", 5) || !strncmp(p, "  AS ", 5)))
			n++;
		p = end ? end + 1 : NULL;
	}
	return n;
}

int kbuild_line_contains(const struct kbuild_line *l, const char *needle, int fold)
{
	size_t n = strlen(needle), i, j;

	if (!n || n > l->len)
		return !n;
	for (i = 0; i + n <= l->len; i++) {
		for (j = 0; j < n; j++) {
			char a = l->s[i + j], b = needle[j];

			if (fold && a >= 'A' && a <= 'Z')
				a += 'a' - 'A';
			if (a != b)
				break;
		}
		if (j == n)
			return 1;
	}
	return 0;
}

/* "  CC      kernel/error-injection.o": a kbuild progress line, never an error. */
int kbuild_progress(const struct kbuild_line *l)
{
	size_t i = 2;

	if (l->len < 4 || l->s[0] != ' ' || l->s[1] != ' ')
		return 0;
	while (i < l->len && ((l->s[i] >= 'A' && l->s[i] <= 'Z') || l->s[i] == '_' ||
			      (l->s[i] >= '0' && l->s[i] <= '9')))
		i++;
	return i > 3 && i < l->len && l->s[i] == ' ';
}

int kbuild_problem(const struct kbuild_line *l)
{
	if (kbuild_progress(l))
		return 0;
	return kbuild_line_contains(l, "error", 1) || kbuild_line_contains(l, "warning:", 0) ||
	       kbuild_line_contains(l, "undefined reference", 0);
}

/* " 4242 |   rq_pin_lock(rq);" or "      |   ^~~": gcc's quote of the source. */
int kbuild_gcc_snippet(const struct kbuild_line *l)
{
	size_t i = 0;

	while (i < l->len && l->s[i] == ' ')
		i++;
	if (!i)
		return 0;
	while (i < l->len && l->s[i] >= '0' && l->s[i] <= '9')
		i++;
	while (i < l->len && l->s[i] == ' ')
		i++;
	return i < l->len && l->s[i] == '|';
}

/* A problem line, or the source gcc quotes right under one. */
int kbuild_line_wanted(const struct kbuild_line *lines, size_t i)
{
	if (kbuild_problem(&lines[i]))
		return 1;
	if (!kbuild_gcc_snippet(&lines[i]) || !i)
		return 0;
	if (kbuild_problem(&lines[i - 1]))
		return 1;
	return i >= 2 && kbuild_gcc_snippet(&lines[i - 1]) && kbuild_problem(&lines[i - 2]);
}
