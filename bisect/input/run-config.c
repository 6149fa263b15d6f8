// SPDX-License-Identifier: GPL-2.0
/*
 * run-config.c - the typed options of a run: their defaults, their lists,
 * and the JSON document (libjansson) a run stores them as. Checking them
 * against the fragments and suites is run/run-check.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/layout.h"
#include "input/config-spec.h"
#include "input/arch.h"
#include "input/run-config.h"
#include "input/series-metrics.h"
#include "lib/util.h"

#define RUN_CONFIG_FORMAT	"bisectable-run-config"
#define RUN_CONFIG_VERSION	1

void run_config_list_clear(char ***list, size_t *n)
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

void run_config_list_split(char ***list, size_t *n, const char *s)
{
	const char *comma;

	run_config_list_clear(list, n);
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
	run_config_set_configs(rc, RUN_DEFAULT_CONFIGS);
	rc->auto_budget = -1;
	run_config_list_split(&rc->suites, &rc->nsuites, RUN_CONFIG_SUITES);
	rc->profile = xstrdup("quick");
	/* The tests stay empty until run_config_set_tests() reads the suites. */
	rc->mode = RUN_KEEP_GOING;
	rc->accel = xstrdup("tcg");
	rc->jobs = cpus > 0 ? (int)cpus : 1;
	rc->boot_timeout = 120;
	rc->test_timeout = 60;
	rc->retries = 1;
	rc->repeat = 1;
	rc->confirm = 0;
	rc->flake_rate = 0.5;
	rc->use_cache = 1;
	rc->parallel = 1;
	rc->verify_base = 1;
	rc->sandbox = 1;
}

void run_config_free(struct run_config *rc)
{
	size_t i;

	run_config_list_clear(&rc->configs, &rc->nconfigs);
	run_config_list_clear(&rc->tests, &rc->ntests);
	run_config_list_clear(&rc->suites, &rc->nsuites);
	run_config_list_clear(&rc->build_only, &rc->nbuild_only);
	run_config_list_clear(&rc->config_specs, &rc->nconfig_specs);
	run_config_list_clear(&rc->arches, &rc->narches);
	free(rc->only);
	free(rc->configs_dir);
	free(rc->profile);
	free(rc->accel);
	free(rc->distcc_hosts);
	free(rc->ccache_remote);
	free(rc->rtc);
	free(rc->cpu);
	for (i = 0; i < rc->nmetrics; i++)
		series_metric_free(&rc->metrics[i]);
	free(rc->metrics);
	for (i = 0; i < rc->ndeclared; i++)
		series_declared_free(&rc->declared[i]);
	free(rc->declared);
	memset(rc, 0, sizeof(*rc));
}

/* A path made absolute (steps run in the work tree); unresolved, as given for checking. */
static char *absolute_spec(const char *spec, const struct config_spec *cs)
{
	char *real, *ret;

	if (!cs->path || cs->path[0] == '/' || !(real = realpath(cs->path, NULL)))
		return xstrdup(spec);
	ret = cs->kind == CONFIG_KIND_DOTCONFIG ? xstrdup(real) :
		xasprintf("%s:%s", cs->target, real);
	free(real);
	return ret;
}

void run_config_set_configs(struct run_config *rc, const char *list)
{
	size_t i;

	run_config_list_split(&rc->configs, &rc->nconfigs, list);
	run_config_list_clear(&rc->config_specs, &rc->nconfig_specs);
	for (i = 0; i < rc->nconfigs; i++) {
		struct config_spec cs;
		char why[512];

		/* One that does not parse stays as given: validation says why. */
		if (!config_spec_parse(rc->configs[i], &cs, why, sizeof(why)) &&
		    strcmp(cs.key, rc->configs[i])) {
			char *spec = absolute_spec(rc->configs[i], &cs);
			char *pair = xasprintf("%s=%s", cs.key, spec);

			push(&rc->config_specs, &rc->nconfig_specs, pair, strlen(pair));
			free(rc->configs[i]);
			rc->configs[i] = xstrdup(cs.key);
			free(pair);
			free(spec);
		}
		config_spec_release(&cs);
	}
}

/* Whether list holds s. */
static int listed(char *const *list, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

void run_config_set_build_only(struct run_config *rc, const char *list)
{
	struct run_config more;
	size_t i;

	if (list && *list) {
		/* Parsed as --configs is: keys, and the names that need one. */
		memset(&more, 0, sizeof(more));
		run_config_set_configs(&more, list);
		for (i = 0; i < more.nconfigs; i++) {
			const char *spec = run_config_spec(&more, more.configs[i]);

			if (!listed(rc->configs, rc->nconfigs, more.configs[i])) {
				push(&rc->configs, &rc->nconfigs, more.configs[i],
				     strlen(more.configs[i]));
				if (spec != more.configs[i]) {
					char *pair = xasprintf("%s=%s", more.configs[i], spec);

					push(&rc->config_specs, &rc->nconfig_specs, pair,
					     strlen(pair));
					free(pair);
				}
			}
			if (!listed(rc->build_only, rc->nbuild_only, more.configs[i]))
				push(&rc->build_only, &rc->nbuild_only, more.configs[i],
				     strlen(more.configs[i]));
		}
		run_config_free(&more);
	}
	/* allmodconfig's and allyesconfig's kernels are for build coverage. */
	for (i = 0; i < rc->nconfigs; i++) {
		struct config_spec cs;
		char why[512];

		if (!config_spec_parse(run_config_spec(rc, rc->configs[i]), &cs, why, sizeof(why)) &&
		    cs.target && config_target_build_only(cs.target) &&
		    !listed(rc->build_only, rc->nbuild_only, rc->configs[i]))
			push(&rc->build_only, &rc->nbuild_only, rc->configs[i],
			     strlen(rc->configs[i]));
		config_spec_release(&cs);
	}
}

/* The configurations of rc on one architecture, into the lists given. */
static void configs_on_arch(const struct run_config *rc, const char *arch, char ***configs,
			    size_t *nconfigs, char ***specs, size_t *nspecs, char ***build_only,
			    size_t *nbuild_only)
{
	size_t i;

	for (i = 0; i < rc->nconfigs; i++) {
		char *key = arch_config_key(arch, rc->configs[i]);
		const char *spec = run_config_spec(rc, rc->configs[i]);

		push(configs, nconfigs, key, strlen(key));
		if (strcmp(key, spec)) {
			char *pair = xasprintf("%s=%s", key, spec);

			push(specs, nspecs, pair, strlen(pair));
			free(pair);
		}
		if (run_config_build_only(rc, rc->configs[i]))
			push(build_only, nbuild_only, key, strlen(key));
		free(key);
	}
}

void run_config_set_arches(struct run_config *rc, const char *list)
{
	char **configs = NULL, **specs = NULL, **build_only = NULL;
	size_t nconfigs = 0, nspecs = 0, nbuild_only = 0, i;

	run_config_list_clear(&rc->arches, &rc->narches);
	if (!list || !strcmp(list, ARCH_DEFAULT))
		return;
	run_config_list_split(&rc->arches, &rc->narches, list);
	for (i = 0; i < rc->narches; i++)
		configs_on_arch(rc, rc->arches[i], &configs, &nconfigs, &specs, &nspecs,
				&build_only, &nbuild_only);
	run_config_list_clear(&rc->configs, &rc->nconfigs);
	run_config_list_clear(&rc->config_specs, &rc->nconfig_specs);
	run_config_list_clear(&rc->build_only, &rc->nbuild_only);
	rc->configs = configs;
	rc->nconfigs = nconfigs;
	rc->config_specs = specs;
	rc->nconfig_specs = nspecs;
	rc->build_only = build_only;
	rc->nbuild_only = nbuild_only;
}

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* One item of --only: base, tip or a position from 0 to last; -1 if none. */
static int only_item(const char *s, size_t len, int last)
{
	long value = 0;
	size_t i;

	if (len == 4 && !strncmp(s, "base", 4))
		return 0;
	if (len == 3 && !strncmp(s, "tip", 3))
		return last;
	if (!len || len > 9)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		value = value * 10 + (s[i] - '0');
	}
	return value <= last ? (int)value : -1;
}

int run_config_only_positions(const char *list, int last, int **positions, size_t *n,
			      char *why, size_t len)
{
	const char *s = list, *comma;
	size_t k, out = 0;

	*positions = NULL;
	*n = 0;
	do {
		int p;

		comma = strchrnul(s, ',');
		p = only_item(s, comma - s, last);
		if (p < 0) {
			snprintf(why, len, "--only: '%.*s' is not base, tip or a position from 0 to %d",
				 (int)(comma - s > 64 ? 64 : comma - s), s, last);
			free(*positions);
			*positions = NULL;
			*n = 0;
			return -1;
		}
		*positions = xrealloc(*positions, (*n + 1) * sizeof(**positions));
		(*positions)[(*n)++] = p;
		s = comma + 1;
	} while (*comma);
	qsort(*positions, *n, sizeof(**positions), compare_ints);
	for (k = 0; k < *n; k++)
		if (!out || (*positions)[out - 1] != (*positions)[k])
			(*positions)[out++] = (*positions)[k];
	*n = out;
	return 0;
}

int run_config_only_wanted(const struct run_config *rc, int position, int last)
{
	char why[128];
	int *positions, wanted = 0;
	size_t n, i;

	if (!rc->only)
		return 1;
	if (run_config_only_positions(rc->only, last, &positions, &n, why, sizeof(why)))
		return 0;
	for (i = 0; i < n; i++)
		if (positions[i] == position)
			wanted = 1;
	free(positions);
	return wanted;
}

const char *run_config_spec(const struct run_config *rc, const char *config)
{
	size_t i, len = strlen(config);

	for (i = 0; i < rc->nconfig_specs; i++)
		if (!strncmp(rc->config_specs[i], config, len) && rc->config_specs[i][len] == '=')
			return rc->config_specs[i] + len + 1;
	return config;
}

void run_config_set_guest(struct run_config *rc, const char *rtc, const char *cpu)
{
	free(rc->rtc);
	free(rc->cpu);
	rc->rtc = rtc && strcmp(rtc, "host") ? xstrdup(rtc) : NULL;
	rc->cpu = cpu ? xstrdup(cpu) : NULL;
}

/* Remove item i of a list, keeping the order. */
static void list_remove(char **list, size_t *n, size_t i)
{
	free(list[i]);
	memmove(list + i, list + i + 1, (*n - i - 1) * sizeof(*list));
	(*n)--;
}

void run_config_drop(struct run_config *rc, const char *config)
{
	size_t i, len = strlen(config);

	for (i = rc->nconfig_specs; i-- > 0;)
		if (!strncmp(rc->config_specs[i], config, len) && rc->config_specs[i][len] == '=')
			list_remove(rc->config_specs, &rc->nconfig_specs, i);
	for (i = rc->nbuild_only; i-- > 0;)
		if (!strcmp(rc->build_only[i], config))
			list_remove(rc->build_only, &rc->nbuild_only, i);
	for (i = rc->nconfigs; i-- > 0;)
		if (!strcmp(rc->configs[i], config))
			list_remove(rc->configs, &rc->nconfigs, i);
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
	run_config_list_split(&rc->suites, &rc->nsuites, list);
}

void run_config_list_add(char ***list, size_t *n, const char *s)
{
	push(list, n, s, strlen(s));
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

static json_t *json_declared(const struct run_config *rc)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < rc->ndeclared; i++) {
		const struct series_declared *d = &rc->declared[i];

		json_array_append_new(a, json_pack("{s:s, s:s, s:f, s:f, s:s*}", "config",
						   d->config, "figure", d->figure, "from",
						   d->from, "to", d->to, "unit",
						   d->unit[0] ? d->unit : NULL));
	}
	return a;
}

static int declared_from_json(json_t *a, struct run_config *rc)
{
	size_t i;
	json_t *v;

	if (!json_is_array(a))
		return -1;
	json_array_foreach(a, i, v) {
		struct series_declared d = { 0 };
		const char *config, *figure, *unit = NULL;

		if (json_unpack(v, "{s:s, s:s, s:F, s:F, s?s}", "config", &config, "figure",
				&figure, "from", &d.from, "to", &d.to, "unit", &unit))
			return -1;
		if (unit && strlen(unit) < sizeof(d.unit))
			memcpy(d.unit, unit, strlen(unit) + 1);
		d.config = xstrdup(config);
		d.figure = xstrdup(figure);
		rc->declared = xrealloc(rc->declared, (rc->ndeclared + 1) * sizeof(*rc->declared));
		rc->declared[rc->ndeclared++] = d;
	}
	return 0;
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
	json_object_set_new(doc, "repeat", json_integer(rc->repeat));
	json_object_set_new(doc, "confirm", json_integer(rc->confirm));
	json_object_set_new(doc, "flake_rate", json_real(rc->flake_rate));
	if (rc->derive || rc->configs_dir || rc->nbuild_only) {
		json_object_set_new(doc, "derive", json_boolean(rc->derive));
		json_object_set_new(doc, "boot_derived", json_boolean(rc->boot_derived));
		json_object_set_new(doc, "derive_default", json_boolean(rc->derive_default));
		json_object_set_new(doc, "auto_budget", json_integer(rc->auto_budget));
		if (rc->configs_dir)
			json_object_set_new(doc, "configs_dir", json_string(rc->configs_dir));
		json_object_set_new(doc, "build_only", json_list(rc->build_only, rc->nbuild_only));
	}
	if (rc->distcc_hosts)
		json_object_set_new(doc, "distcc", json_string(rc->distcc_hosts));
	/* Only when given: the documents of runs of configs/ names stay those of before. */
	if (rc->nconfig_specs)
		json_object_set_new(doc, "config_specs",
				    json_list(rc->config_specs, rc->nconfig_specs));
	if (rc->only)
		json_object_set_new(doc, "only", json_string(rc->only));
	if (rc->ndeclared)
		json_object_set_new(doc, "declared", json_declared(rc));
	/* Only with --arch: the documents of x86_64 runs stay those of before. */
	if (rc->narches)
		json_object_set_new(doc, "arches", json_list(rc->arches, rc->narches));
	/* Only when given: the documents of runs without them stay those of before. */
	if (rc->rtc)
		json_object_set_new(doc, "rtc", json_string(rc->rtc));
	if (rc->cpu)
		json_object_set_new(doc, "cpu", json_string(rc->cpu));
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

	run_config_list_clear(list, n);
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
				series_metric_free(&m);
				return -1;
			}
			argv_push(&m.grep, json_string_value(w));
		}
		rc->metrics = xrealloc(rc->metrics, (rc->nmetrics + 1) * sizeof(*rc->metrics));
		rc->metrics[rc->nmetrics++] = m;
	}
	return 0;
}

/* An optional string member: 0 (absent: *value stays NULL), or -1 if not a string. */
static int optional_string(json_t *doc, const char *key, char **value)
{
	json_t *v = json_object_get(doc, key);

	if (!v)
		return 0;
	if (!json_is_string(v))
		return -1;
	*value = xstrdup(json_string_value(v));
	return 0;
}

/* What the derivation of configurations was asked and made (run_config_to_json). */
static int derive_from_json(json_t *doc, struct run_config *rc)
{
	json_t *budget = json_object_get(doc, "auto_budget");
	json_t *dir = json_object_get(doc, "configs_dir");
	json_t *build_only = json_object_get(doc, "build_only");

	rc->derive = json_is_true(json_object_get(doc, "derive"));
	rc->boot_derived = json_is_true(json_object_get(doc, "boot_derived"));
	rc->derive_default = json_is_true(json_object_get(doc, "derive_default"));
	rc->auto_budget = json_is_integer(budget) ? (int)json_integer_value(budget) : -1;
	if (json_is_string(dir))
		rc->configs_dir = xstrdup(json_string_value(dir));
	return build_only ? list_from_json(build_only, &rc->build_only, &rc->nbuild_only) : 0;
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
	if (derive_from_json(doc, rc))
		goto out_doc;
	profile = json_string_value(json_object_get(doc, "profile"));
	if (profile) {
		free(rc->profile);
		rc->profile = xstrdup(profile);
	}
	/* Absent: a run from before them, one boot per commit and no confirmation. */
	rc->repeat = json_is_integer(json_object_get(doc, "repeat")) ?
		(int)json_integer_value(json_object_get(doc, "repeat")) : 1;
	rc->confirm = json_is_integer(json_object_get(doc, "confirm")) ?
		(int)json_integer_value(json_object_get(doc, "confirm")) : 1;
	rc->flake_rate = json_is_number(json_object_get(doc, "flake_rate")) ?
		json_number_value(json_object_get(doc, "flake_rate")) : 0;
	/* Absent: built on this machine only. */
	distcc = json_string_value(json_object_get(doc, "distcc"));
	if (distcc)
		rc->distcc_hosts = xstrdup(distcc);
	if (optional_string(doc, "rtc", &rc->rtc) || optional_string(doc, "cpu", &rc->cpu) ||
	    optional_string(doc, "only", &rc->only))
		goto out_doc;
	if ((json_object_get(doc, "config_specs") &&
	     list_from_json(json_object_get(doc, "config_specs"), &rc->config_specs,
			    &rc->nconfig_specs)) ||
	    (json_object_get(doc, "declared") &&
	     declared_from_json(json_object_get(doc, "declared"), rc)))
		goto out_doc;
	if (json_object_get(doc, "arches") &&
	    list_from_json(json_object_get(doc, "arches"), &rc->arches, &rc->narches))
		goto out_doc;
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
