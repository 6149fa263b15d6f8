// SPDX-License-Identifier: GPL-2.0
/*
 * suite.c - read the guest suites' declarations (see suite.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/layout.h"
#include "input/arch.h"
#include "step/suite.h"
#include "lib/util.h"

#define MAX_WORDS	64

unsigned int suite_profile(const char *name)
{
	if (!strcmp(name, "quick"))
		return SUITE_PROFILE_QUICK;
	if (!strcmp(name, "full"))
		return SUITE_PROFILE_FULL;
	return 0;
}

/* Names go into a shell command line in the guest: nothing a shell parses. */
static int valid_name(const char *s)
{
	return *s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-") == strlen(s);
}

/* "5%" or "5" to 5.0; -1 if it is not a number of percent. */
static double parse_pct(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || (*end && strcmp(end, "%")) || v < 0 || v > 1000)
		return -1;
	return v;
}

static char *rest_of(char **words, size_t from, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = from; i < n; i++) {
		if (i > from)
			strbuf_addstr(&sb, " ");
		strbuf_addstr(&sb, words[i]);
	}
	return strbuf_detach(&sb, NULL);
}

static int suite_declares_arch(const struct suite *s, const char *arch)
{
	return str_index(s->arches, s->narches, arch) >= 0;
}

int suite_supports_arch(const struct suite *s, const char *arch)
{
	return s->narches ? suite_declares_arch(s, arch) : !strcmp(arch, ARCH_DEFAULT);
}

static int parse_directive(struct suite *s, char **w, size_t n, char *why, size_t len)
{
	size_t i;

	if (!strcmp(w[0], "describe") && n >= 2) {
		free(s->describe);
		s->describe = rest_of(w, 1, n);
	} else if (!strcmp(w[0], "timeout") && n == 2) {
		if (parse_int(w[1], 1, 86400, &s->timeout))
			return snprintf(why, len, "timeout must be 1 to 86400 seconds"), -1;
	} else if ((!strcmp(w[0], "file") || !strcmp(w[0], "program")) && n == 2) {
		/* The initramfs builder's business (guest/mkinitramfs.sh). */
	} else if (!strcmp(w[0], "build") && n == 2) {
		/* A file of the suite's directory: no path, no dot file. */
		if (w[1][0] == '.' || strchr(w[1], '/'))
			return snprintf(why, len, "bad build program name '%s'", w[1]), -1;
		free(s->build);
		s->build = xstrdup(w[1]);
	} else if (!strcmp(w[0], "piece-file") && n == 2) {
		if (w[1][0] == '.' || strchr(w[1], '/'))
			return snprintf(why, len, "bad piece-file name '%s'", w[1]), -1;
		s->piece_files = xrealloc(s->piece_files,
					  (s->npiece_files + 1) * sizeof(*s->piece_files));
		s->piece_files[s->npiece_files++] = xstrdup(w[1]);
	} else if (!strcmp(w[0], "test") && n >= 2) {
		struct suite_test t = { 0 };

		if (!valid_name(w[1]))
			return snprintf(why, len, "bad test name '%s'", w[1]), -1;
		for (i = 0; i < s->ntests; i++)
			if (!strcmp(s->tests[i].name, w[1]))
				return snprintf(why, len, "test %s is declared twice", w[1]), -1;
		for (i = 2; i < n; i++) {
			unsigned int p = suite_profile(w[i]);

			if (!p)
				return snprintf(why, len, "unknown profile '%s'", w[i]), -1;
			t.profiles |= p;
		}
		if (!t.profiles)
			t.profiles = SUITE_PROFILE_QUICK | SUITE_PROFILE_FULL;
		t.name = xstrdup(w[1]);
		s->tests = xrealloc(s->tests, (s->ntests + 1) * sizeof(*s->tests));
		s->tests[s->ntests++] = t;
	} else if (!strcmp(w[0], "arch") && n >= 2) {
		for (i = 1; i < n; i++) {
			if (!arch_name_ok(w[i]))
				return snprintf(why, len, "bad architecture name '%s'", w[i]), -1;
			if (suite_declares_arch(s, w[i]))
				return snprintf(why, len, "architecture %s is declared twice", w[i]),
					-1;
			s->arches = xrealloc(s->arches, (s->narches + 1) * sizeof(*s->arches));
			s->arches[s->narches++] = xstrdup(w[i]);
		}
	} else if (!strcmp(w[0], "metric") && n >= 5) {
		struct suite_metric m = { 0 };

		if (!valid_name(w[1]))
			return snprintf(why, len, "bad metric name '%s'", w[1]), -1;
		if (strcmp(w[3], "lower") && strcmp(w[3], "higher") && strcmp(w[3], "none"))
			return snprintf(why, len, "metric %s: say lower, higher or none, not '%s'",
					w[1], w[3]), -1;
		m.noise_pct = parse_pct(w[4]);
		if (m.noise_pct < 0)
			return snprintf(why, len, "metric %s: bad noise floor '%s'", w[1], w[4]), -1;
		m.name = xstrdup(w[1]);
		m.unit = xstrdup(w[2]);
		/* none: a figure of a schedule's shape, right near a target; never a verdict */
		m.better = strcmp(w[3], "none") ? xstrdup(w[3]) : NULL;
		m.text = rest_of(w, 5, n);
		s->metrics = xrealloc(s->metrics, (s->nmetrics + 1) * sizeof(*s->metrics));
		s->metrics[s->nmetrics++] = m;
	} else {
		return snprintf(why, len, "cannot read '%s' here (guest/suites/README)", w[0]), -1;
	}
	return 0;
}

int suite_parse(const char *name, const char *text, struct suite *s)
{
	char *copy = xstrdup(text), *line, *save = NULL, *words[MAX_WORDS], *wsave, *w, why[256];
	int lineno = 0, ret = 0;
	const char *p;

	memset(s, 0, sizeof(*s));
	s->name = xstrdup(name);
	if (!valid_name(name))
		ret = error("bad suite name '%s'", name);
	/* Keep line numbers: split on '\n' by hand, empty lines included. */
	for (line = copy; line; line = save) {
		size_t n = 0;

		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		if (!*p || *p == '#')
			continue;
		for (w = strtok_r(line, " \t\r", &wsave); w && n < MAX_WORDS;
		     w = strtok_r(NULL, " \t\r", &wsave))
			words[n++] = w;
		if (parse_directive(s, words, n, why, sizeof(why)))
			ret = error("%s:%d: %s", name, lineno, why);
	}
	if (!ret && !s->ntests)
		ret = error("%s: declares no test", name);
	/* A piece exists only when there is a build to make it. */
	if (!ret && s->npiece_files && !s->build)
		ret = error("%s: piece-file needs a build program", name);
	free(copy);
	return ret;
}

void suite_free(struct suite *s)
{
	size_t i;

	for (i = 0; i < s->ntests; i++)
		free(s->tests[i].name);
	for (i = 0; i < s->nmetrics; i++) {
		free(s->metrics[i].name);
		free(s->metrics[i].unit);
		free(s->metrics[i].better);
		free(s->metrics[i].text);
	}
	for (i = 0; i < s->narches; i++)
		free(s->arches[i]);
	for (i = 0; i < s->npiece_files; i++)
		free(s->piece_files[i]);
	free(s->piece_files);
	free(s->arches);
	free(s->tests);
	free(s->metrics);
	free(s->name);
	free(s->describe);
	free(s->build);
	memset(s, 0, sizeof(*s));
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct suite *)a)->name, ((const struct suite *)b)->name);
}

int suites_load(const char *dir, struct suite_set *set)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int ret = 0;

	memset(set, 0, sizeof(*set));
	if (!d)
		return error("cannot read the suites in %s", dir);
	while ((e = readdir(d))) {
		struct strbuf text = STRBUF_INIT;
		char *path;

		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s/suite", dir, e->d_name);
		if (strbuf_read_file(&text, path) >= 0) {
			set->suites = xrealloc(set->suites, (set->n + 1) * sizeof(*set->suites));
			if (suite_parse(e->d_name, text.buf, &set->suites[set->n]))
				ret = -1;
			set->n++;
		}
		strbuf_release(&text);
		free(path);
	}
	closedir(d);
	qsort(set->suites, set->n, sizeof(*set->suites), by_name);
	return ret;
}

void suites_free(struct suite_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		suite_free(&set->suites[i]);
	free(set->suites);
	memset(set, 0, sizeof(*set));
}

const struct suite_set *suites_default(void)
{
	static struct suite_set set;
	static int loaded;

	if (!loaded) {
		char *dir = project_path("guest/suites");

		if (suites_load(dir, &set))
			die("the guest suites in %s cannot be read", dir);
		free(dir);
		loaded = 1;
	}
	return &set;
}

const struct suite *suites_find(const struct suite_set *set, const char *name)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (!strcmp(set->suites[i].name, name))
			return &set->suites[i];
	return NULL;
}

const struct suite_test *suites_find_test(const struct suite_set *set, const char *full,
					  const struct suite **suite)
{
	const char *dot = strchr(full, '.');
	const struct suite *s;
	char *name;
	size_t i;

	if (!dot)
		return NULL;
	name = xstrndup(full, dot - full);
	s = suites_find(set, name);
	free(name);
	for (i = 0; s && i < s->ntests; i++) {
		if (!strcmp(s->tests[i].name, dot + 1)) {
			if (suite)
				*suite = s;
			return &s->tests[i];
		}
	}
	return NULL;
}

const struct suite_metric *suites_find_metric(const struct suite_set *set, const char *name)
{
	size_t i, j;

	for (i = 0; i < set->n; i++)
		for (j = 0; j < set->suites[i].nmetrics; j++)
			if (!strcmp(set->suites[i].metrics[j].name, name))
				return &set->suites[i].metrics[j];
	return NULL;
}
