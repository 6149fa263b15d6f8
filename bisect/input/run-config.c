// SPDX-License-Identifier: GPL-2.0
/*
 * run-config.c - the typed options of a run, validated once, stored as
 * JSON (libjansson), and a series' declared metrics.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "step/kbuild.h"
#include "lib/layout.h"
#include "input/run-config.h"
#include "step/suite.h"
#include "lib/run-command.h"
#include "lib/util.h"

#define RUN_CONFIG_FORMAT	"bisectable-run-config"
#define RUN_CONFIG_VERSION	1

static void free_list(char ***list, size_t *n)
{
	size_t i;

	for (i = 0; i < *n; i++)
		free((*list)[i]);
	free(*list);
	*list = NULL;
	*n = 0;
}

static void push(char ***list, size_t *n, const char *s, size_t len)
{
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = xstrndup(s, len);
}

/* Split a comma-separated list; empty items are kept, so validation sees them. */
static void split_list(char ***list, size_t *n, const char *s)
{
	const char *comma;

	free_list(list, n);
	for (;;) {
		comma = strchr(s, ',');
		push(list, n, s, comma ? (size_t)(comma - s) : strlen(s));
		if (!comma)
			break;
		s = comma + 1;
	}
}

void run_config_init(struct run_config *rc)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	memset(rc, 0, sizeof(*rc));
	run_config_set_configs(rc, "up,smp");
	split_list(&rc->suites, &rc->nsuites, RUN_CONFIG_SUITES);
	rc->profile = xstrdup("quick");
	/* The tests stay empty until run_config_set_tests() reads the suites. */
	rc->mode = RUN_KEEP_GOING;
	rc->accel = xstrdup("tcg");
	rc->jobs = cpus > 0 ? (int)cpus : 1;
	rc->boot_timeout = 120;
	rc->test_timeout = 60;
	rc->retries = 1;
	rc->use_cache = 1;
	rc->parallel = 1;
	rc->verify_base = 1;
	rc->sandbox = 1;
}

static void metric_free(struct series_metric *m)
{
	free(m->name);
	free(m->description);
	argv_clear(&m->grep);
}

void run_config_free(struct run_config *rc)
{
	size_t i;

	free_list(&rc->configs, &rc->nconfigs);
	free_list(&rc->tests, &rc->ntests);
	free_list(&rc->suites, &rc->nsuites);
	free_list(&rc->build_only, &rc->nbuild_only);
	free(rc->configs_dir);
	free(rc->profile);
	free(rc->accel);
	free(rc->distcc_hosts);
	free(rc->ccache_remote);
	for (i = 0; i < rc->nmetrics; i++)
		metric_free(&rc->metrics[i]);
	free(rc->metrics);
	memset(rc, 0, sizeof(*rc));
}

void run_config_set_configs(struct run_config *rc, const char *list)
{
	split_list(&rc->configs, &rc->nconfigs, list);
}

char *run_config_configs_dir(const struct run_config *rc)
{
	return rc->configs_dir ? xstrdup(rc->configs_dir) : project_path("configs");
}

int run_config_build_only(const struct run_config *rc, const char *config)
{
	size_t i;

	for (i = 0; i < rc->nbuild_only; i++)
		if (!strcmp(rc->build_only[i], config))
			return 1;
	return 0;
}

void run_config_add_config(struct run_config *rc, const char *name, int build_only)
{
	push(&rc->configs, &rc->nconfigs, name, strlen(name));
	if (build_only)
		push(&rc->build_only, &rc->nbuild_only, name, strlen(name));
}

void run_config_set_suites(struct run_config *rc, const char *list)
{
	split_list(&rc->suites, &rc->nsuites, list);
}

/* A test the list names without its suite: the first chosen suite that has it. */
static char *qualify(const struct run_config *rc, const char *name)
{
	const struct suite_set *set = suites_default();
	size_t i, j;

	if (strchr(name, '.'))
		return xstrdup(name);
	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);

		for (j = 0; s && j < s->ntests; j++)
			if (!strcmp(s->tests[j].name, name))
				return xasprintf("%s.%s", s->name, name);
	}
	return xstrdup(name);	/* unknown: validation says so */
}

void run_config_set_tests(struct run_config *rc, const char *list)
{
	unsigned int profile = suite_profile(rc->profile);
	const struct suite_set *set;
	size_t i, j;

	free_list(&rc->tests, &rc->ntests);
	if (strcmp(list, "all")) {
		split_list(&rc->tests, &rc->ntests, list);
		for (i = 0; i < rc->ntests; i++) {
			char *q = qualify(rc, rc->tests[i]);

			free(rc->tests[i]);
			rc->tests[i] = q;
		}
		return;
	}
	set = suites_default();
	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);

		for (j = 0; s && j < s->ntests; j++) {
			char *full;

			if (!(s->tests[j].profiles & profile))
				continue;
			full = xasprintf("%s.%s", s->name, s->tests[j].name);
			push(&rc->tests, &rc->ntests, full, strlen(full));
			free(full);
		}
	}
}

static int validate_configs(const struct run_config *rc, const char *configs_dir)
{
	size_t i, j;
	int ret = 0;

	if (!rc->nconfigs)
		ret = error("no configuration given");
	for (i = 0; i < rc->nconfigs; i++) {
		const char *c = rc->configs[i];
		char *base = NULL, *frag = NULL;

		if (!*c || strchr(c, '/') || c[0] == '.' || strspn(c, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") != strlen(c)) {
			ret = error("bad configuration name '%s'", c);
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->configs[j], c))
				break;
		if (j < i) {
			/* Two makes would share one O= directory. */
			ret = error("configuration '%s' is given twice", c);
			continue;
		}
		if (kbuild_fragments(configs_dir, c, &base, &frag))
			ret = -1;
		free(base);
		free(frag);
	}
	return ret;
}

static int validate_tests(const struct run_config *rc)
{
	const struct suite_set *set = suites_default();
	size_t i, j;
	int ret = 0;

	if (!suite_profile(rc->profile ? rc->profile : ""))
		ret = error("unknown profile '%s' (quick or full)", rc->profile ? rc->profile : "");
	if (!rc->nsuites)
		ret = error("no suite given");
	for (i = 0; i < rc->nsuites; i++) {
		if (!suites_find(set, rc->suites[i])) {
			struct strbuf known = STRBUF_INIT;

			for (j = 0; j < set->n; j++)
				strbuf_addf(&known, "%s%s", j ? ", " : "", set->suites[j].name);
			ret = error("unknown suite '%s' (there are: %s)", rc->suites[i], known.buf);
			strbuf_release(&known);
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->suites[j], rc->suites[i]))
				ret = error("suite '%s' is given twice", rc->suites[i]);
	}
	if (!rc->ntests)
		ret = error("no test given, or none of the suites has one in this profile");
	for (i = 0; i < rc->ntests; i++) {
		if (!suites_find_test(set, rc->tests[i], NULL)) {
			ret = error("unknown test '%s' (guest/suites/SUITE/suite lists a"
				    " suite's tests)", rc->tests[i]);
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->tests[j], rc->tests[i]))
				ret = error("test '%s' is given twice", rc->tests[i]);
	}
	return ret;
}

static int valid_name(const char *s)
{
	return *s && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

/*
 * Only what selects lines: a series is untrusted, and some of git grep's
 * options run programs (-O) or read outside the tree (--no-index, -f).
 */
static int series_metric_check(const struct series_metric *m, char *why, size_t len)
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

int run_config_validate(const struct run_config *rc, const char *configs_dir)
{
	char why[256];
	size_t i, j;
	int ret = 0;

	if (validate_configs(rc, configs_dir))
		ret = -1;
	if (validate_tests(rc))
		ret = -1;
	if (!rc->accel || (strcmp(rc->accel, "tcg") && strcmp(rc->accel, "kvm")))
		ret = error("the accelerator must be tcg or kvm");
	if (rc->jobs <= 0 || rc->boot_timeout <= 0 || rc->test_timeout <= 0)
		ret = error("timeouts and jobs must be positive");
	if (rc->retries < 0 || rc->retries > 5)
		ret = error("retries must be 0 to 5");
	for (i = 0; i < rc->nmetrics; i++) {
		if (series_metric_check(&rc->metrics[i], why, sizeof(why)))
			ret = error("metric %s: %s", rc->metrics[i].name, why);
		for (j = 0; j < i; j++)
			if (!strcmp(rc->metrics[j].name, rc->metrics[i].name))
				ret = error("metric %s is declared twice", rc->metrics[i].name);
	}
	return ret;
}

static char *join(char *const *list, size_t n, const char *sep)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addstr(&sb, sep);
		strbuf_addstr(&sb, list[i]);
	}
	return strbuf_detach(&sb, NULL);
}

char *run_config_tests_words(const struct run_config *rc)
{
	const struct suite_set *set = suites_default();
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < rc->ntests; i++) {
		const struct suite *s = NULL;

		suites_find_test(set, rc->tests[i], &s);
		strbuf_addf(&sb, "%s%s:%d", i ? " " : "", rc->tests[i],
			    s && s->timeout ? s->timeout : rc->test_timeout);
	}
	return strbuf_detach(&sb, NULL);
}

char *run_config_configs_list(const struct run_config *rc)
{
	return join(rc->configs, rc->nconfigs, ",");
}

static json_t *json_list(char *const *list, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(list[i]));
	return a;
}

static json_t *json_metrics(const struct run_config *rc)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < rc->nmetrics; i++) {
		const struct series_metric *m = &rc->metrics[i];

		json_array_append_new(a, json_pack("{s:s, s:s*, s:o, s:s*, s:s*}", "name", m->name,
						   "description", m->description, "git_grep",
						   json_list((char *const *)m->grep.argv,
							     m->grep.argc),
						   "unit", m->unit[0] ? m->unit : NULL,
						   "better", m->better));
	}
	return a;
}

char *run_config_to_json(const struct run_config *rc)
{
	json_t *doc;
	char *s, *ret;

	doc = json_pack("{s:s, s:i, s:o, s:s, s:s, s:i, s:i, s:i, s:i, s:o, s:b, s:b, s:b, s:b,"
			" s:b, s:o}",
			"format", RUN_CONFIG_FORMAT, "version", RUN_CONFIG_VERSION,
			"configs", json_list(rc->configs, rc->nconfigs),
			"mode", rc->mode == RUN_STOP_ON_FAILURE ? "stop-on-failure" : "keep-going",
			"accel", rc->accel, "jobs", rc->jobs, "boot_timeout", rc->boot_timeout,
			"test_timeout", rc->test_timeout, "retries", rc->retries,
			"tests", json_list(rc->tests, rc->ntests), "ccache", rc->ccache,
			"cache", rc->use_cache, "parallel", rc->parallel, "base", rc->verify_base,
			"sandbox", rc->sandbox, "metrics", json_metrics(rc));
	if (!doc)
		die("cannot encode the run configuration");
	json_object_set_new(doc, "suites", json_list(rc->suites, rc->nsuites));
	json_object_set_new(doc, "profile", json_string(rc->profile));
	if (rc->derive || rc->configs_dir || rc->nbuild_only) {
		json_object_set_new(doc, "derive", json_boolean(rc->derive));
		json_object_set_new(doc, "boot_derived", json_boolean(rc->boot_derived));
		if (rc->configs_dir)
			json_object_set_new(doc, "configs_dir", json_string(rc->configs_dir));
		json_object_set_new(doc, "build_only", json_list(rc->build_only, rc->nbuild_only));
	}
	if (rc->distcc_hosts)
		json_object_set_new(doc, "distcc", json_string(rc->distcc_hosts));
	s = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(doc);
	if (!s)
		die("out of memory");
	ret = xstrdup(s);
	free(s);
	return ret;
}

static int list_from_json(json_t *a, char ***list, size_t *n)
{
	size_t i;
	json_t *v;

	free_list(list, n);
	if (!json_is_array(a))
		return -1;
	json_array_foreach(a, i, v) {
		if (!json_is_string(v))
			return -1;
		push(list, n, json_string_value(v), json_string_length(v));
	}
	return 0;
}

static int metrics_from_json(json_t *a, struct run_config *rc)
{
	size_t i, j;
	json_t *v, *w;

	if (!json_is_array(a))
		return -1;
	json_array_foreach(a, i, v) {
		struct series_metric m = { 0 };
		const char *name = NULL, *desc = NULL, *unit = NULL, *better = NULL;
		json_t *grep = NULL;

		/* unit and better: absent in runs from before a series could declare them. */
		if (json_unpack(v, "{s:s, s?s, s:o, s?s, s?s}", "name", &name, "description", &desc,
				"git_grep", &grep, "unit", &unit, "better", &better) ||
		    !json_is_array(grep))
			return -1;
		if (unit && strlen(unit) < sizeof(m.unit))
			memcpy(m.unit, unit, strlen(unit) + 1);
		if (better)
			m.better = !strcmp(better, "lower") ? "lower" :
				!strcmp(better, "higher") ? "higher" : NULL;
		m.name = xstrdup(name);
		m.description = desc ? xstrdup(desc) : NULL;
		json_array_foreach(grep, j, w) {
			if (!json_is_string(w)) {
				metric_free(&m);
				return -1;
			}
			argv_push(&m.grep, json_string_value(w));
		}
		rc->metrics = xrealloc(rc->metrics, (rc->nmetrics + 1) * sizeof(*rc->metrics));
		rc->metrics[rc->nmetrics++] = m;
	}
	return 0;
}

int run_config_from_json(const char *text, struct run_config *rc)
{
	json_t *doc, *configs = NULL, *tests = NULL, *metrics = NULL, *suites;
	const char *format = NULL, *mode = NULL, *accel = NULL, *profile, *distcc;
	int version = 0, ret = -1;
	size_t i;

	run_config_init(rc);
	doc = json_loads(text, 0, NULL);
	if (!doc)
		return -1;
	/* retries and sandbox are optional: runs recorded before them get the defaults. */
	if (json_unpack(doc, "{s:s, s:i, s:o, s:s, s:s, s:i, s:i, s:i, s?i, s:o, s:b, s:b, s:b, "
			"s:b, s?b, s:o}", "format", &format, "version", &version, "configs", &configs,
			"mode", &mode, "accel", &accel, "jobs", &rc->jobs, "boot_timeout",
			&rc->boot_timeout, "test_timeout", &rc->test_timeout, "retries",
			&rc->retries, "tests", &tests,
			"ccache", &rc->ccache, "cache", &rc->use_cache, "parallel", &rc->parallel,
			"base", &rc->verify_base, "sandbox", &rc->sandbox, "metrics", &metrics))
		goto out_doc;
	if (strcmp(format, RUN_CONFIG_FORMAT) || version != RUN_CONFIG_VERSION)
		goto out_doc;
	if (list_from_json(configs, &rc->configs, &rc->nconfigs) ||
	    list_from_json(tests, &rc->tests, &rc->ntests) || metrics_from_json(metrics, rc))
		goto out_doc;
	/* Runs recorded before suites: their tests were the smoke suite's. */
	suites = json_object_get(doc, "suites");
	if (suites && list_from_json(suites, &rc->suites, &rc->nsuites))
		goto out_doc;
	if (!suites)
		run_config_set_suites(rc, "smoke");
	rc->derive = json_is_true(json_object_get(doc, "derive"));
	rc->boot_derived = json_is_true(json_object_get(doc, "boot_derived"));
	if (json_is_string(json_object_get(doc, "configs_dir")))
		rc->configs_dir = xstrdup(json_string_value(json_object_get(doc, "configs_dir")));
	if (json_object_get(doc, "build_only") &&
	    list_from_json(json_object_get(doc, "build_only"), &rc->build_only, &rc->nbuild_only))
		goto out_doc;
	profile = json_string_value(json_object_get(doc, "profile"));
	if (profile) {
		free(rc->profile);
		rc->profile = xstrdup(profile);
	}
	/* Absent: built on this machine only. */
	distcc = json_string_value(json_object_get(doc, "distcc"));
	if (distcc)
		rc->distcc_hosts = xstrdup(distcc);
	for (i = 0; i < rc->ntests; i++) {
		if (!strchr(rc->tests[i], '.')) {
			char *q = xasprintf("smoke.%s", rc->tests[i]);

			free(rc->tests[i]);
			rc->tests[i] = q;
		}
	}
	rc->mode = strcmp(mode, "stop-on-failure") ? RUN_KEEP_GOING : RUN_STOP_ON_FAILURE;
	free(rc->accel);
	rc->accel = xstrdup(accel);
	ret = 0;
out_doc:
	json_decref(doc);
	return ret;
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

static struct series_metric *find_metric(struct run_config *rc, const char *name)
{
	size_t i;

	for (i = 0; i < rc->nmetrics; i++)
		if (!strcmp(rc->metrics[i].name, name))
			return &rc->metrics[i];
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
static int metrics_unit(struct run_config *rc, char **words, size_t n, char *why, size_t len)
{
	struct series_metric *m;
	size_t ulen;

	if (n != 4 || (strcmp(words[3], "lower") && strcmp(words[3], "higher")))
		return snprintf(why, len, "expected 'unit NAME UNIT lower|higher'"), -1;
	m = find_metric(rc, words[1]);
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

static int metrics_line(struct run_config *rc, char *line, char *why, size_t len)
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
		m = find_metric(rc, desc);
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
		return metrics_unit(rc, words, n, why, len);
	if (strcmp(words[0], "metric") || n < 4 || strcmp(words[2], "git-grep"))
		return snprintf(why, len, "expected 'metric NAME git-grep ARGS...', "
				"'describe NAME TEXT' or 'unit NAME UNIT lower|higher'"), -1;
	rc->metrics = xrealloc(rc->metrics, (rc->nmetrics + 1) * sizeof(*rc->metrics));
	m = &rc->metrics[rc->nmetrics++];
	memset(m, 0, sizeof(*m));
	m->name = xstrdup(words[1]);
	for (i = 3; i < n; i++)
		argv_push(&m->grep, words[i]);
	return series_metric_check(m, why, len);
}

int series_metrics_load(struct run_config *rc, const char *path)
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
		if (metrics_line(rc, line, why, sizeof(why)))
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
