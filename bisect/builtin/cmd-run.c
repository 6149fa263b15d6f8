// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable run [options] SERIES
 * bisectable run [options] --repo REPO BASE..TIP
 *
 * Import the series onto the base in a work tree of our own (the user's
 * repository is only read), record every commit, then let
 * 'git rebase --exec "bisectable step"' visit each of them in order.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "step/build-remote.h"
#include "builtin/builtin.h"
#include "db/db.h"
#include "lib/layout.h"
#include "step/results-remote.h"
#include "run/run.h"
#include "run/run-check.h"
#include "run/run-slurm.h"
#include "input/tree.h"
#include "lib/util.h"

struct run_opts {
	const char *db_path;
	const char *configs;
	const char *repo;
	const char *tarball;
	const char *accel;
	const char *suites;
	const char *profile;
	const char *tests;
	const char *metrics;
	const char *results_remote;
	const char *partition;
	int slurm;
	int slurm_timeout;
	int stop_on_failure;
	int jobs;
	int boot_timeout;
	int test_timeout;
	int retries;
	int ccache;
	int no_cache;
	int no_parallel;
	int no_base;
	int no_sandbox;
	const char *distcc;
	const char *ccache_remote;
	int discard;
	int resume;
	const char *boot;
	const char *target;	/* series path or BASE..TIP */
};

static const char *const accels[] = { "tcg", "kvm", NULL };
static const char *const profiles[] = { "quick", "full", NULL };
static const char *const boots[] = { "given", "auto", NULL };

static const struct opt run_option_list[] = {
	OPT_STRING(0, "configs", struct run_opts, configs, "LIST", "up,smp", OPT_CONFIGS,
		   "configurations, comma-separated ('bisectable configs' lists them);"
		   " 'auto' adds those derived from the series' diff"),
	OPT_CHOICE(0, "boot", struct run_opts, boot, boots, "given",
		   "which configurations are booted: the given ones, or derived ones too"),
	OPT_STRING(0, "config", struct run_opts, configs, "LIST", NULL, OPT_CONFIGS | OPT_HIDDEN,
		   "the same as --configs"),
	OPT_STRING(0, "repo", struct run_opts, repo, "REPO", NULL, OPT_FILE,
		   "verify the range BASE..TIP of this repository (only read)"),
	OPT_BOOL(0, "stop-on-failure", struct run_opts, stop_on_failure,
		 "stop the rebase at the first failing commit, to fix it up"),
	OPT_SET_INT(0, "keep-going", struct run_opts, stop_on_failure, 0,
		    "record a failing commit and go on (the default)"),
	OPT_CHOICE(0, "accel", struct run_opts, accel, accels, "tcg", "QEMU accelerator"),
	OPT_INT('j', "jobs", struct run_opts, jobs, "N", 1, 1024, 0,
		"make -j (default: the number of CPUs)"),
	OPT_STRING(0, "suites", struct run_opts, suites, "LIST", RUN_CONFIG_SUITES, 0,
		   "guest suites to run, comma-separated (guest/suites/NAME)"),
	OPT_CHOICE(0, "profile", struct run_opts, profile, profiles, "quick",
		   "the suites' quick tests, or the full (longer) ones"),
	OPT_STRING(0, "tests", struct run_opts, tests, "LIST", "all", 0,
		   "only these tests, comma-separated: SUITE.TEST, or TEST of a chosen suite"),
	OPT_INT(0, "boot-timeout", struct run_opts, boot_timeout, "S", 1, 86400, 120,
		"seconds to the guest's shell"),
	OPT_INT(0, "test-timeout", struct run_opts, test_timeout, "S", 1, 86400, 60,
		"seconds per test of a suite that declares no timeout"),
	OPT_INT(0, "retries", struct run_opts, retries, "N", 0, 5, 1,
		"tries again after an error of the machine or a timeout (0: never)"),
	OPT_STRING(0, "metrics", struct run_opts, metrics, "FILE", NULL, OPT_FILE,
		   "the series' metrics (default: SERIES/metrics if there is one)"),
	OPT_STRING(0, "results-remote", struct run_opts, results_remote, "URL", NULL, 0,
		   "share verdicts by cache key in this store (redis://HOST:PORT;"
		   " default: $" RESULTS_REMOTE_ENV ")"),
	OPT_SET_INT_INIT(0, "ccache", struct run_opts, ccache, 1, -1,
			 "compile through ccache (the default when it is installed)"),
	OPT_SET_INT_INIT(0, "no-ccache", struct run_opts, ccache, 0, -1,
			 "do not compile through ccache"),
	OPT_BOOL(0, "no-cache", struct run_opts, no_cache,
		 "build and boot every commit even if a result is known"),
	OPT_BOOL(0, "no-parallel", struct run_opts, no_parallel,
		 "verify the configurations one after the other"),
	OPT_BOOL(0, "no-base", struct run_opts, no_base,
		 "do not verify the base first (position 0)"),
	OPT_BOOL(0, "no-sandbox", struct run_opts, no_sandbox,
		 "run the series' Makefiles without bubblewrap (network, writes anywhere)"),
	OPT_STRING(0, "distcc", struct run_opts, distcc, "HOSTS", NULL, 0,
		   "compile through distcc on these hosts (DISTCC_HOSTS: 'hostA/8 hostB/8'); "
		   "-j follows their slots"),
	OPT_STRING(0, "ccache-remote", struct run_opts, ccache_remote, "URL", NULL, 0,
		   "ccache's remote storage, e.g. redis://host:6379 (default: "
		   "$BISECTABLE_CCACHE_REMOTE)"),
	OPT_BOOL(0, "resume", struct run_opts, resume,
		 "take up an interrupted or failed run (the latest, or the run N given)"),
	OPT_BOOL(0, "discard", struct run_opts, discard,
		 "throw away a fix-up, changes or a rebase left in the work tree"),
	OPT_STRING(0, "tarball", struct run_opts, tarball, "PATH", DEFAULT_TARBALL, OPT_FILE,
		   "the kernel tarball"),
	OPT_BOOL(0, "slurm", struct run_opts, slurm,
		 "one Slurm job (sbatch) per configuration, then one run here"),
	OPT_STRING(0, "partition", struct run_opts, partition, "P", NULL, 0,
		   "with --slurm: the partition of the jobs"),
	OPT_INT(0, "slurm-timeout", struct run_opts, slurm_timeout, "S", 10, 30 * 86400, 86400,
		"with --slurm: seconds to wait for the jobs, then cancel them"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(run, struct run_opts, run_option_list);

static int run_check_distcc(void)
{
	const char *argv[] = { "sh", "-c", "command -v distcc >/dev/null", NULL };
	struct child c = { .argv = argv };

	if (run_child(&c))
		return error("--distcc: distcc is not installed (Debian's distcc)");
	return 0;
}

static int have_ccache(void)
{
	const char *argv[] = { "sh", "-c", "command -v ccache >/dev/null", NULL };
	struct child c = { .argv = argv };

	return !run_child(&c);
}

/* The option, else the environment; not recorded with the run (run-config.h). */
static void set_ccache_remote(const struct run_opts *o, struct run_config *rc)
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

/* The run's typed configuration from the options, checked once, here. */
static int make_config(const struct run_opts *o, const struct run_target *t,
		       struct run_config *rc)
{
	char *configs_dir = project_path("configs");
	int ret;

	run_config_init(rc);
	if (run_load_metrics(rc, t)) {
		free(configs_dir);
		return -1;
	}
	run_config_set_configs(rc, o->configs);
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
	rc->ccache = o->ccache;
	rc->use_cache = !o->no_cache;
	rc->parallel = !o->no_parallel;
	rc->verify_base = !o->no_base;
	rc->sandbox = !o->no_sandbox;
	rc->distcc_hosts = o->distcc && *o->distcc ? xstrdup(o->distcc) : NULL;
	set_ccache_remote(o, rc);
	ret = run_config_validate(rc, configs_dir);
	free(configs_dir);
	return ret;
}

/*
 * The shared results store: the option over the environment, which the
 * steps (git rebase --exec) inherit. 0, or -1 for a URL that is not one.
 */
static int use_results_remote(const struct run_opts *o)
{
	const char *url = o->results_remote ? o->results_remote : results_remote_url();

	if (!url)
		return 0;
	if (results_remote_check_url(url))
		return -1;
	setenv(RESULTS_REMOTE_ENV, url, 1);
	return 0;
}

/* Say in the run's record which store it used (see results-remote.h). */
static void record_results_remote(struct run *r)
{
	sqlite3_stmt *st;
	char *shown;

	if (!results_remote_url())
		return;
	/* Without its password: the database is read by reports and merged elsewhere. */
	shown = url_public(results_remote_url());
	st = db_prepare(r->db, "UPDATE runs SET results_remote = ?, results_remote_lost = NULL WHERE id = ?");
	db_bind_text(st, 1, shown);
	sqlite3_bind_int64(st, 2, r->id);
	db_done(r->db, st);
	info("results store: %s", shown);
	free(shown);
}

/* run --resume [N]: the run's own configuration, its recorded results reused. */
static int resume(struct cmd_ctx *ctx)
{
	const struct run_opts *o = ctx->opts;
	struct run r = RUN_INIT;
	struct run_config rc;
	long long id = 0;
	int ret = EXIT_ERROR;

	run_config_init(&rc);
	if (ctx->argc && parse_ll(ctx->argv[0], 1, LLONG_MAX, &id)) {
		error("--resume takes a run number, not '%s'", ctx->argv[0]);
		goto out;
	}
	r.db_path = ctx->db_path;
	r.db = ctx->db;
	run_mark_interrupted(r.db);
	run_config_free(&rc);
	if (use_results_remote(o) || run_resume(&r, id, &rc))
		goto out;
	set_ccache_remote(o, &rc);
	if (run_check_tools(rc.sandbox) || (rc.distcc_hosts && run_check_distcc()) ||
	    run_check_exec_paths(o->db_path ? o->db_path : ctx->db_path))
		goto out;
	record_results_remote(&r);
	ret = run_verify(&r);
out:
	run_release(&r);
	run_config_free(&rc);
	return ret;
}

/* What each Slurm job is given after its --db and --configs: our options and the target. */
static void slurm_job_args(const struct run_opts *o, struct argv_array *a)
{
	char *path;

	argv_pushl(a, "--accel", o->accel, "--suites", o->suites, "--profile", o->profile,
		   "--tests", o->tests, NULL);
	argv_pushf(a, "--boot-timeout=%d", o->boot_timeout);
	argv_pushf(a, "--test-timeout=%d", o->test_timeout);
	argv_pushf(a, "--retries=%d", o->retries);
	if (o->jobs)
		argv_pushf(a, "--jobs=%d", o->jobs);
	if (o->ccache >= 0)
		argv_push(a, o->ccache ? "--ccache" : "--no-ccache");
	if (o->no_cache)
		argv_push(a, "--no-cache");
	if (o->no_base)
		argv_push(a, "--no-base");
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
		argv_pushl(a, "--repo", path, o->target, NULL);
	} else {
		path = abspath(o->target);
		argv_push(a, path);
	}
	free(path);
}

/* run --slurm: the configurations as Slurm jobs, their databases as one run here. */
static int run_on_slurm(struct cmd_ctx *ctx, const struct run_opts *o,
			const struct run_config *rc)
{
	struct argv_array args = ARGV_ARRAY_INIT;
	struct slurm_run s = {
		.db = ctx->db, .db_path = ctx->db_path, .rc = rc, .partition = o->partition,
		.timeout = o->slurm_timeout,
	};
	int ret;

	if (o->stop_on_failure)
		return error("--stop-on-failure needs the work tree here: not with --slurm"),
			EXIT_ERROR;
	slurm_job_args(o, &args);
	s.job_args = args.argv;
	ret = run_slurm(&s);
	argv_clear(&args);
	return ret;
}

int cmd_run(struct cmd_ctx *ctx)
{
	struct run_opts o = *(struct run_opts *)ctx->opts;
	struct run_target t = { 0 };
	struct run_config rc;
	struct run r = RUN_INIT;
	int ret = EXIT_ERROR;

	if (o.resume && o.slurm)
		return error("--resume takes up a run here: not with --slurm"), EXIT_ERROR;
	if (o.resume)
		return resume(ctx);
	if (o.partition && !o.slurm)
		return error("--partition is for --slurm"), EXIT_ERROR;
	if (ctx->argc != 1)
		return error("give one series (or --repo R BASE..TIP), or --resume"), EXIT_ERROR;
	if (o.distcc && *o.distcc && distcc_slots(o.distcc) < 0)
		return error("--distcc '%s' names no host, or a slot count that is not 1..1024", o.distcc), EXIT_ERROR;
	o.db_path = ctx->db_path;
	o.target = ctx->argv[0];
	run_config_init(&rc);
	if (o.slurm) {
		/* Each node decides ccache and -j for itself unless told. */
		t.series = o.repo ? NULL : o.target;
		t.metrics = o.metrics;
		run_config_free(&rc);
		if (use_results_remote(&o) || make_config(&o, &t, &rc))
			goto out;
		/*
		 * The derived configurations come from the applied series and the
		 * given ones together; a job sees only its own configuration.
		 */
		if (rc.derive) {
			error("--configs auto: the configurations are derived from the applied"
			      " series and all the given ones, which no single Slurm job has:"
			      " save those 'bisectable configs' prints as configs/NAME.config"
			      " and give them by name");
			goto out;
		}
		ret = run_on_slurm(ctx, &o, &rc);
		goto out;
	}
	if (o.ccache < 0)
		o.ccache = have_ccache();
	/* Through distcc, as many compiles at once as the hosts have slots. */
	if (!o.jobs && o.distcc && *o.distcc)
		o.jobs = distcc_slots(o.distcc);
	if (!o.jobs)
		o.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (!o.repo && strstr(o.target, "..") && !file_exists(o.target)) {
		error("%s looks like a range: give --repo", o.target);
		goto out;
	}
	t.series = o.repo ? NULL : o.target;
	t.repo = o.repo;
	t.range = o.repo ? o.target : NULL;
	t.tarball = o.tarball;
	t.metrics = o.metrics;
	t.discard = o.discard;
	run_config_free(&rc);
	if (use_results_remote(&o) || make_config(&o, &t, &rc) || run_check_tools(rc.sandbox) ||
	    (rc.distcc_hosts && run_check_distcc()) ||
	    run_check_exec_paths(o.db_path))
		goto out;
	/* The database was opened (and checked) before any work, by bisectable.c. */
	r.db_path = o.db_path;
	r.db = ctx->db;
	run_mark_interrupted(r.db);
	if (run_prepare(&r, &t, &rc) || (rc.derive && run_derive(&r)))
		goto out;
	run_record(&r);
	run_write_derived(&r);
	record_results_remote(&r);
	ret = run_verify(&r);
out:
	run_release(&r);
	run_config_free(&rc);
	return ret;
}
