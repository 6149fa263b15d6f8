// SPDX-License-Identifier: GPL-2.0
/* run-setup.c - from the options of 'bisectable run' to a run (see run-setup.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db-run.h"
#include "lib/layout.h"
#include "step/build-remote.h"
#include "run/run.h"
#include "run/run-check.h"
#include "run/run-setup.h"
#include "step/results-remote.h"
#include "lib/escape.h"
#include "lib/run-command.h"

int run_setup_check_distcc(void)
{
	const char *argv[] = { "sh", "-c", "command -v distcc >/dev/null", NULL };
	struct child c = { .argv = argv };

	if (run_child(&c))
		return error("--distcc: distcc is not installed (Debian's distcc)");
	return 0;
}

int run_setup_have_ccache(void)
{
	const char *argv[] = { "sh", "-c", "command -v ccache >/dev/null", NULL };
	struct child c = { .argv = argv };

	return !run_child(&c);
}

int run_setup_check_machine(const struct run_config *rc, const char *db_path)
{
	if (run_check_tools(rc->sandbox) || run_check_arch_tools(rc) ||
	    (rc->distcc_hosts && run_setup_check_distcc()))
		return -1;
	return run_check_exec_paths(db_path);
}

int run_setup_verify(struct run *r, const struct run_opts *o)
{
	r->strict_claims = o->strict_claims;
	run_setup_record_results_remote(r);
	return run_verify(r);
}

void run_setup_local_defaults(struct run_opts *o)
{
	if (o->ccache < 0)
		o->ccache = run_setup_have_ccache();
	/* Through distcc, as many compiles at once as the hosts have slots. */
	if (!o->jobs && o->distcc && *o->distcc)
		o->jobs = distcc_slots(o->distcc);
	if (!o->jobs)
		o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
}

void run_setup_ccache_remote(const struct run_opts *o, struct run_config *rc)
{
	const char *url = o->ccache_remote ? o->ccache_remote : getenv("BISECTABLE_CCACHE_REMOTE");

	free(rc->ccache_remote);
	rc->ccache_remote = url && *url ? xstrdup(url) : NULL;
	/* The steps (git rebase --exec 'bisectable step') read it from there. */
	if (rc->ccache_remote && rc->ccache)
		setenv("BISECTABLE_CCACHE_REMOTE", rc->ccache_remote, 1);
	else
		unsetenv("BISECTABLE_CCACHE_REMOTE");
	if (rc->ccache_remote && !rc->ccache) {
		char *shown = url_public(rc->ccache_remote);

		warning("ccache's remote storage %s is not used: the run compiles without ccache",
			shown);
		free(shown);
	}
}

/* "0.5" or "50%": a fraction in [0, 0.99]; -1 if it is not one. */
static int parse_flake_rate(const char *text, double *rate)
{
	char *end;
	double v;

	if (!text || !*text)
		return -1;
	errno = 0;
	v = strtod(text, &end);
	if (*end == '%' && end[1] == '\0') {
		v /= 100;
		end++;
	}
	if (errno || *end || !(v >= 0 && v <= 0.99))
		return -1;
	*rate = v;
	return 0;
}

int run_setup_config(const struct run_opts *o, const struct run_target *t,
		     struct run_config *rc)
{
	char *configs_dir = project_path("configs");
	int ret;

	run_config_init(rc);
	if (run_load_metrics(rc, t)) {
		free(configs_dir);
		return -1;
	}
	run_config_set_configs(rc, o->configs ? o->configs : RUN_DEFAULT_CONFIGS);
	if (!o->configs && !o->slurm) {
		/* A job of Slurm sees only its own configuration: nothing to derive from. */
		rc->derive = rc->derive_default = 1;
		rc->auto_budget = o->auto_budget >= 0 ? o->auto_budget : RUN_DEFAULT_AUTO_BUDGET;
	} else {
		rc->auto_budget = o->auto_budget;
	}
	/* 'auto' is not a fragment: it asks for the derived ones (run-derive.c). */
	for (size_t i = 0; i < rc->nconfigs; i++) {
		if (strcmp(rc->configs[i], "auto"))
			continue;
		free(rc->configs[i]);
		memmove(&rc->configs[i], &rc->configs[i + 1],
			(rc->nconfigs - i - 1) * sizeof(*rc->configs));
		rc->nconfigs--;
		i--;
		rc->derive = 1;
	}
	if (rc->derive && !rc->nconfigs)
		run_config_set_configs(rc, "up,smp");
	run_config_set_build_only(rc, o->build_only);
	rc->only = o->only ? xstrdup(o->only) : NULL;
	/* Derived configurations start from tinyconfig and configs/ fragments (config-derive.h). */
	if (rc->derive && rc->nconfig_specs) {
		free(configs_dir);
		return error("--configs auto goes with names of configs/ only, not with '%s'",
			     term_str(strchr(rc->config_specs[0], '=') + 1));
	}
	run_config_set_arches(rc, o->arch);
	rc->boot_derived = !strcmp(o->boot, "auto");
	run_config_set_suites(rc, o->suites);
	free(rc->profile);
	rc->profile = xstrdup(o->profile);
	run_config_set_tests(rc, o->tests);
	rc->mode = o->stop_on_failure ? RUN_STOP_ON_FAILURE : RUN_KEEP_GOING;
	free(rc->accel);
	rc->accel = xstrdup(o->accel);
	rc->jobs = o->jobs ? o->jobs : 1;	/* --slurm: each job's own default */
	rc->boot_timeout = o->boot_timeout;
	rc->test_timeout = o->test_timeout;
	rc->retries = o->retries;
	rc->repeat = o->repeat;
	rc->confirm = o->confirm;
	if (parse_flake_rate(o->flake_rate, &rc->flake_rate))
		return error("--flake-rate '%s': a failure rate from 0 (no soak) to 0.99",
			     term_str(o->flake_rate));
	/* Without a rate to aim at, a first failure is confirmed as before it: 3 boots. */
	if (!rc->confirm && !rc->flake_rate)
		rc->confirm = 3;
	run_config_set_guest(rc, o->rtc, o->cpu);
	rc->ccache = o->ccache;
	rc->use_cache = !o->no_cache;
	rc->parallel = !o->no_parallel;
	rc->verify_base = !o->no_base;
	rc->sandbox = !o->no_sandbox;
	rc->distcc_hosts = o->distcc && *o->distcc ? xstrdup(o->distcc) : NULL;
	run_setup_ccache_remote(o, rc);
	run_config_drop_impossible(rc, configs_dir);
	ret = run_config_validate(rc, configs_dir);
	free(configs_dir);
	return ret;
}

int run_setup_results_remote(const struct run_opts *o)
{
	const char *url = o->results_remote ? o->results_remote : results_remote_url();

	if (!url)
		return 0;
	if (results_remote_check_url(url))
		return -1;
	setenv(RESULTS_REMOTE_ENV, url, 1);
	return 0;
}

void run_setup_record_results_remote(struct run *r)
{
	char *shown;

	if (!results_remote_url())
		return;
	/* Without its password: the database is read by reports and merged elsewhere. */
	shown = url_public(results_remote_url());
	db_run_set_results_remote(r->db, r->id, shown);
	info("results store: %s", shown);
	free(shown);
}

void run_setup_slurm_args(const struct run_opts *o, struct argv_array *a)
{
	char *path;

	argv_pushl(a, "--accel", o->accel, "--suites", o->suites, "--profile", o->profile,
		   "--tests", o->tests, NULL);
	argv_pushf(a, "--boot-timeout=%d", o->boot_timeout);
	argv_pushf(a, "--test-timeout=%d", o->test_timeout);
	argv_pushf(a, "--retries=%d", o->retries);
	argv_pushf(a, "--repeat=%d", o->repeat);
	argv_pushf(a, "--confirm=%d", o->confirm);
	if (o->flake_rate)
		argv_pushl(a, "--flake-rate", o->flake_rate, NULL);
	if (o->rtc)
		argv_pushl(a, "--rtc", o->rtc, NULL);
	if (o->cpu)
		argv_pushl(a, "--cpu", o->cpu, NULL);
	if (o->jobs)
		argv_pushf(a, "--jobs=%d", o->jobs);
	if (o->ccache >= 0)
		argv_push(a, o->ccache ? "--ccache" : "--no-ccache");
	if (o->no_cache)
		argv_push(a, "--no-cache");
	if (o->no_base)
		argv_push(a, "--no-base");
	if (o->only)
		argv_pushl(a, "--only", o->only, NULL);
	if (o->no_sandbox)
		argv_push(a, "--no-sandbox");
	if (o->discard)
		argv_push(a, "--discard");
	if (o->metrics) {
		path = abspath(o->metrics);
		argv_pushl(a, "--metrics", path, NULL);
		free(path);
	}
	/*
	 * The results store and ccache's remote storage reach the jobs in
	 * the environment (sbatch --export=ALL), as they reach the steps
	 * here: their URLs may hold a password, a job's command line is
	 * shown to every user of the cluster.
	 */
	if (o->distcc && *o->distcc)
		argv_pushl(a, "--distcc", o->distcc, NULL);
	path = abspath(o->tarball);
	argv_pushl(a, "--tarball", path, NULL);
	free(path);
	if (o->repo) {
		path = abspath(o->repo);
		argv_pushl(a, "--repo", path, o->b4 ? "--b4" : o->target, o->b4 ? o->target : NULL,
			   NULL);
	} else {
		path = abspath(o->target);
		argv_push(a, path);
	}
	free(path);
}
