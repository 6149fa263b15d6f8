// SPDX-License-Identifier: GPL-2.0
/*
 * series-metrics.c - a series' metrics file, read into the run's options,
 * each metric checked as it is read, and counted with git grep.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/series-metrics.h"
#include "lib/run-command.h"
#include "lib/util.h"

void series_metric_free(struct series_metric *m)
{
	free(m->name);
	free(m->description);
	argv_clear(&m->grep);
}

void series_declared_free(struct series_declared *d)
{
	free(d->config);
	free(d->figure);
}

static int valid_name(const char *s)
{
	return *s && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

/*
 * Only what selects lines: a series is untrusted, and some of git grep's
 * options run programs (-O) or read outside the tree (--no-index, -f).
 */
int series_metric_check(const struct series_metric *m, char *why, size_t len)
{
	static const char *const allowed[] = {
		"-e", "--and", "--or", "--not", "(", ")", "-i", "--ignore-case", "-w",
		"--word-regexp", "-E", "--extended-regexp", "-F", "--fixed-strings", "-G",
		"--basic-regexp", "-v", "--invert-match", "-I",
	};
	int patterns = 0, paths = 0;
	size_t i, j;

	if (!valid_name(m->name))
		return snprintf(why, len, "metric name '%s' is not [a-z0-9_]+", m->name), -1;
	for (i = 0; i < m->grep.argc; i++) {
		const char *a = m->grep.argv[i];

		if (paths) {
			paths++;
			continue;
		}
		if (!strcmp(a, "--")) {
			paths = 1;
			continue;
		}
		for (j = 0; j < ARRAY_SIZE(allowed); j++)
			if (!strcmp(a, allowed[j]))
				break;
		if (j == ARRAY_SIZE(allowed))
			return snprintf(why, len, "'%s' is not a pattern option (-e P, --and, "
					"--or, --not, -i, -w, -E, -F, -v, --)", a), -1;
		if (!strcmp(a, "-e")) {
			if (++i == m->grep.argc)
				return snprintf(why, len, "-e needs a pattern"), -1;
			patterns++;
		}
	}
	if (!patterns)
		return snprintf(why, len, "no -e PATTERN"), -1;
	return 0;
}

/* Split a line into blank-separated words (the line is modified). */
static size_t split_words(char *line, char **words, size_t max)
{
	size_t n = 0;
	char *save = NULL, *w;

	for (w = strtok_r(line, " \t\r", &save); w && n < max; w = strtok_r(NULL, " \t\r", &save))
		words[n++] = w;
	return n;
}

static struct series_metric *find_metric(struct series_metrics *ms, const char *name)
{
	size_t i;

	for (i = 0; i < *ms->n; i++)
		if (!strcmp((*ms->v)[i].name, name))
			return &(*ms->v)[i];
	return NULL;
}

/* Characters of a unit: it is printed in terminals and reports as it is. */
#define UNIT_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_%/.-"

/*
 * unit NAME UNIT lower|higher: the series says which way its figure should
 * go, so that a move the other way can be a performance verdict (perf.h).
 * Declared once: two lines that disagree would make the verdict depend on
 * the order of the file.
 */
static int metrics_unit(struct series_metrics *ms, char **words, size_t n, char *why, size_t len)
{
	struct series_metric *m;
	size_t ulen;

	if (n != 4 || (strcmp(words[3], "lower") && strcmp(words[3], "higher")))
		return snprintf(why, len, "expected 'unit NAME UNIT lower|higher'"), -1;
	m = find_metric(ms, words[1]);
	if (!m)
		return snprintf(why, len, "unit %s before its metric line", words[1]), -1;
	if (m->unit[0])
		return snprintf(why, len, "unit %s is declared twice", words[1]), -1;
	ulen = strlen(words[2]);
	if (ulen >= sizeof(m->unit) || strspn(words[2], UNIT_CHARS) != ulen)
		return snprintf(why, len, "unit %s: '%s' is not a unit (up to %zu of"
				" [A-Za-z0-9_%%/.-])", words[1], words[2],
				sizeof(m->unit) - 1), -1;
	memcpy(m->unit, words[2], ulen + 1);
	m->better = strcmp(words[3], "lower") ? "higher" : "lower";
	return 0;
}

/* A number of a declare line: all of the word, finite. */
static int declared_number(const char *s, double *value)
{
	char *end;

	*value = strtod(s, &end);
	return end != s && !*end && isfinite(*value) ? 0 : -1;
}

/*
 * declare CONFIG FIGURE FROM TO [UNIT]: the series' own claim of a figure
 * at its two ends, printed beside bisectable's measurement of it. CONFIG
 * is stored as runs store a TARGET:FRAGMENT name (defconfig+up).
 */
static int metrics_declare(struct series_metrics *ms, char **words, size_t n, char *why,
			   size_t len)
{
	struct series_declared d = { 0 };
	size_t clen = strlen(n > 1 ? words[1] : ""), ulen = n == 6 ? strlen(words[5]) : 0;
	char *p;

	if ((n != 5 && n != 6) || !clen)
		return snprintf(why, len, "expected 'declare CONFIG FIGURE FROM TO [UNIT]'"), -1;
	if (strspn(words[1], UNIT_CHARS ":+") != clen || !valid_name(words[2]))
		return snprintf(why, len, "declare: '%s %s' is not a configuration and a figure"
				" name", words[1], words[2]), -1;
	if (declared_number(words[3], &d.from) || declared_number(words[4], &d.to))
		return snprintf(why, len, "declare %s: '%s' or '%s' is not a number", words[2],
				words[3], words[4]), -1;
	if (ulen >= sizeof(d.unit) || strspn(n == 6 ? words[5] : "", UNIT_CHARS) != ulen)
		return snprintf(why, len, "declare %s: '%s' is not a unit", words[2],
				words[5]), -1;
	if (ulen)
		memcpy(d.unit, words[5], ulen + 1);
	d.config = xstrdup(words[1]);
	for (p = d.config; *p; p++)
		if (*p == ':')
			*p = '+';
	d.figure = xstrdup(words[2]);
	if (!ms->declared) {
		series_declared_free(&d);
		return 0;
	}
	*ms->declared = xrealloc(*ms->declared, (*ms->ndeclared + 1) * sizeof(**ms->declared));
	(*ms->declared)[(*ms->ndeclared)++] = d;
	return 0;
}

static int metrics_line(struct series_metrics *ms, char *line, char *why, size_t len)
{
	char *words[64], *desc;
	struct series_metric *m;
	size_t n, i;

	desc = line + strspn(line, " \t");
	if (!strncmp(desc, "describe", 8) && (desc[8] == ' ' || desc[8] == '\t')) {
		desc += 8 + strspn(desc + 8, " \t");
		n = strcspn(desc, " \t");
		if (!n)
			return snprintf(why, len, "describe needs a metric name"), -1;
		desc[n] = '\0';
		m = find_metric(ms, desc);
		if (!m)
			return snprintf(why, len, "describe %s before its metric line", desc), -1;
		desc += n + 1;
		desc += strspn(desc, " \t");
		free(m->description);
		m->description = xstrdup(desc);
		return 0;
	}
	n = split_words(line, words, ARRAY_SIZE(words));
	if (!n)
		return 0;
	if (!strcmp(words[0], "unit"))
		return metrics_unit(ms, words, n, why, len);
	if (!strcmp(words[0], "declare"))
		return metrics_declare(ms, words, n, why, len);
	if (strcmp(words[0], "metric") || n < 4 || strcmp(words[2], "git-grep"))
		return snprintf(why, len, "expected 'metric NAME git-grep ARGS...', "
				"'describe NAME TEXT', 'unit NAME UNIT lower|higher' or "
				"'declare CONFIG FIGURE FROM TO [UNIT]'"), -1;
	*ms->v = xrealloc(*ms->v, (*ms->n + 1) * sizeof(**ms->v));
	m = &(*ms->v)[(*ms->n)++];
	memset(m, 0, sizeof(*m));
	m->name = xstrdup(words[1]);
	for (i = 3; i < n; i++)
		argv_push(&m->grep, words[i]);
	return series_metric_check(m, why, len);
}

int series_metrics_load(struct series_metrics *ms, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	char *line, *next, why[256];
	int lineno = 0, ret = 0;

	if (strbuf_read_file(&text, path) < 0)
		return error("cannot read %s: %s", path, strerror(errno));
	for (line = text.buf; line && *line && !ret; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (line[strspn(line, " \t")] == '#')
			continue;
		if (metrics_line(ms, line, why, sizeof(why)))
			ret = error("%s:%d: %s", path, lineno, why);
	}
	strbuf_release(&text);
	return ret;
}

long series_metric_count(const struct series_metric *m, const char *dir)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf out = STRBUF_INIT;
	struct child c = { .quiet = 1, .capture = &out };
	long n = 0;
	size_t i;
	int rc;

	argv_pushl(&argv, "git", "-C", dir, "--no-pager", "grep", "--no-color", "-I", NULL);
	for (i = 0; i < m->grep.argc; i++)
		argv_push(&argv, m->grep.argv[i]);
	c.argv = argv.argv;
	rc = run_child(&c);
	/* git grep exits 1 when nothing matches: a count of 0. */
	if (rc == 0 || rc == 1) {
		for (i = 0; i < out.len; i++)
			n += out.buf[i] == '\n';
	} else {
		n = -1;
	}
	strbuf_release(&out);
	argv_clear(&argv);
	return n;
}
