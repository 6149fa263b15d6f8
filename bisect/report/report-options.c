// SPDX-License-Identifier: GPL-2.0
/*
 * report-options.c - a run's options (runs.options, JSON) as rows of what
 * differs from 'bisectable run's defaults: a table a reader takes in,
 * where the raw document ran past the page.
 */
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "lib/util.h"
#include "report/report-model.h"
#include "report/report-options.h"

static void option_add(struct report_option **rows, size_t *n, const char *label,
		       struct strbuf *value)
{
	*rows = xrealloc(*rows, (*n + 1) * sizeof(**rows));
	(*rows)[*n].label = label;
	(*rows)[(*n)++].value = strbuf_detach(value, NULL);
}

static void option_list(struct report_option **rows, size_t *n, const char *label,
			char **items, size_t nitems, char **defaults, size_t ndefaults)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int same = nitems == ndefaults;

	for (i = 0; same && i < nitems; i++)
		same = !strcmp(items[i], defaults[i]);
	if (same || !nitems)
		return;
	for (i = 0; i < nitems; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", items[i]);
	option_add(rows, n, label, &sb);
}

static void option_int(struct report_option **rows, size_t *n, const char *label,
		       long value, long def, const char *unit)
{
	struct strbuf sb = STRBUF_INIT;

	if (value == def)
		return;
	if (unit)
		strbuf_addf(&sb, "%ld%s%s", value, *unit ? " " : "", unit);
	else
		strbuf_addstr(&sb, value ? "yes" : "no");
	option_add(rows, n, label, &sb);
}

static void option_str(struct report_option **rows, size_t *n, const char *label,
		       const char *value, const char *def)
{
	struct strbuf sb = STRBUF_INIT;

	if (empty(value) || (def && !strcmp(value, def)))
		return;
	strbuf_addstr(&sb, value);
	option_add(rows, n, label, &sb);
}

/* The run's own choices: a one-line summary of the tests and metrics. */
static void option_lists(struct report_option **rows, size_t *n, const struct run_config *rc)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (rc->ntests) {
		strbuf_addf(&sb, "%zu: ", rc->ntests);
		for (i = 0; i < rc->ntests; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", rc->tests[i]);
		option_add(rows, n, "Tests", &sb);
	}
	if (rc->nmetrics) {
		for (i = 0; i < rc->nmetrics; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", rc->metrics[i].name);
		option_add(rows, n, "Series metrics", &sb);
	}
}

ssize_t report_options_changed(const char *json, struct report_option **rows)
{
	struct run_config rc, def;
	size_t n = 0;

	*rows = NULL;
	if (empty(json))
		return -1;
	if (run_config_from_json(json, &rc)) {
		run_config_free(&rc);
		return -1;
	}
	run_config_init(&def);
	option_list(rows, &n, "Configurations", rc.configs, rc.nconfigs, def.configs,
		    def.nconfigs);
	option_list(rows, &n, "Suites", rc.suites, rc.nsuites, def.suites, def.nsuites);
	option_str(rows, &n, "Profile", rc.profile, def.profile);
	option_str(rows, &n, "Mode", rc.mode == RUN_STOP_ON_FAILURE ? "stop-on-failure" :
		   "keep-going", "keep-going");
	option_str(rows, &n, "Accelerator", rc.accel, def.accel);
	/* make -j defaults to the machine's CPUs: always worth saying. */
	option_int(rows, &n, "Jobs", rc.jobs, -1, "(make -j)");
	option_int(rows, &n, "Boot timeout", rc.boot_timeout, def.boot_timeout, "s");
	option_int(rows, &n, "Test timeout", rc.test_timeout, def.test_timeout, "s");
	option_int(rows, &n, "Retries", rc.retries, def.retries, "");
	option_int(rows, &n, "Boots per commit (repeat)", rc.repeat, def.repeat, "");
	option_int(rows, &n, "Boots confirming a failure", rc.confirm, def.confirm, "");
	option_str(rows, &n, "Guest clock", rc.rtc, NULL);
	option_str(rows, &n, "CPU model", rc.cpu, NULL);
	option_int(rows, &n, "ccache", rc.ccache, def.ccache, NULL);
	option_int(rows, &n, "Result cache", rc.use_cache, def.use_cache, NULL);
	option_int(rows, &n, "Parallel configurations", rc.parallel, def.parallel, NULL);
	option_int(rows, &n, "Verify the base", rc.verify_base, def.verify_base, NULL);
	option_int(rows, &n, "Sandboxed builds", rc.sandbox, def.sandbox, NULL);
	option_str(rows, &n, "distcc hosts", rc.distcc_hosts, NULL);
	option_int(rows, &n, "Derived configurations", rc.derive, def.derive, NULL);
	option_int(rows, &n, "Boot derived configurations", rc.boot_derived,
		   def.boot_derived, NULL);
	option_list(rows, &n, "Built only", rc.build_only, rc.nbuild_only, NULL, 0);
	option_lists(rows, &n, &rc);
	run_config_free(&def);
	run_config_free(&rc);
	return n;
}

void report_options_free(struct report_option *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(rows[i].value);
	free(rows);
}
