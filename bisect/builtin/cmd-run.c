// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable run [options] SERIES
 * bisectable run [options] --repo REPO BASE..TIP | --repo REPO --b4 [BRANCH]
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

#include "step/build-remote.h"
#include "builtin/builtin.h"
#include "db/db.h"
#include "lib/layout.h"
#include "step/results-remote.h"
#include "run/run.h"
#include "run/run-setup.h"
#include "run/run-slurm.h"
#include "input/tree.h"
#include "lib/util.h"

static const char *const accels[] = { "tcg", "kvm", NULL };
static const char *const profiles[] = { "quick", "full", NULL };
static const char *const boots[] = { "given", "auto", NULL };

static const struct opt run_option_list[] = {
	OPT_STRING(0, "configs", struct run_opts, configs, "LIST", NULL, OPT_CONFIGS,
		   "configurations, comma-separated ('bisectable configs' lists them),"
		   " TARGET:FRAGMENT (defconfig:up) or a .config's path; 'auto' adds those"
		   " derived from the series' diff (default: up,smp and up to 2 derived)"),
	OPT_INT(0, "auto-budget", struct run_opts, auto_budget, "N", 0, 64, -1,
		"at most N derived configurations (default: 2, or no limit with 'auto')"),
	OPT_STRING(0, "build-only", struct run_opts, build_only, "LIST", NULL, OPT_CONFIGS,
		   "configurations built and never booted (added to --configs);"
		   " allmodconfig and allyesconfig are always built only"),
	OPT_STRING(0, "arch", struct run_opts, arch, "LIST", "x86_64", 0,
		   "architectures each configuration is built and booted for, comma-separated"
		   " (configs/arch/ARCH.arch); results on one other than x86_64 are keyed"
		   " ARCH+CONFIG"),
	OPT_STRING(0, "only", struct run_opts, only, "LIST", NULL, 0,
		   "verify only these positions (base, tip, numbers; e.g. base,tip): a"
		   " comparison of them, not a bisectability verdict"),
	OPT_CHOICE(0, "boot", struct run_opts, boot, boots, "given",
		   "which configurations are booted: the given ones, or derived ones too"),
	OPT_STRING(0, "config", struct run_opts, configs, "LIST", NULL, OPT_CONFIGS | OPT_HIDDEN,
		   "the same as --configs"),
	OPT_STRING(0, "repo", struct run_opts, repo, "REPO", NULL, OPT_FILE,
		   "verify the range BASE..TIP of this repository (only read)"),
	OPT_BOOL(0, "b4", struct run_opts, b4, "with --repo: a 'b4 prep' branch (default: HEAD),"
		 " the commits after its cover letter, on b4's base"),
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
	OPT_INT(0, "repeat", struct run_opts, repeat, "N", 1, 100, 1,
		"boots every commit N times (builds once): a flaky test shows as k of N"),
	OPT_STRING(0, "flake-rate", struct run_opts, flake_rate, "P", "0.5", 0,
		   "soaks the tip and the base to catch a failure in P of the boots or more,"
		   " at 98% (0: no soak)"),
	OPT_INT(0, "confirm", struct run_opts, confirm, "N", 0, 100, 0,
		"boots a first failure and its parent until each has N boots"
		" (0: as --flake-rate needs; 1: never)"),
	OPT_GUEST_VARIATION(struct run_opts),
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
	OPT_BOOL(0, "strict-claims", struct run_opts, strict_claims,
		 "exit 1 for a commit that claims no change and whose code changed"),
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
	if (run_setup_results_remote(o) || run_resume(&r, id, &rc))
		goto out;
	run_setup_ccache_remote(o, &rc);
	if (run_setup_check_machine(&rc, o->db_path ? o->db_path : ctx->db_path))
		goto out;
	ret = run_setup_verify(&r, o);
out:
	run_release(&r);
	run_config_free(&rc);
	return ret;
}

/* run --slurm: the configurations as Slurm jobs, their databases as one run here. */
static int run_on_slurm(struct cmd_ctx *ctx, const struct run_opts *o,
			const struct run_config *rc)
{
	struct argv_array args = ARGV_ARRAY_INIT;
	struct slurm_run s = {
		.db = ctx->db, .db_path = ctx->db_path, .rc = rc, .partition = o->partition,
		.timeout = o->slurm_timeout, .strict_claims = o->strict_claims,
	};
	int ret;

	if (o->stop_on_failure)
		return error("--stop-on-failure needs the work tree here: not with --slurm"),
			EXIT_ERROR;
	if (rc->narches)
		return error("--arch is not carried to Slurm jobs yet: run it here"), EXIT_ERROR;
	if (rc->derive)
		return error("--configs auto: derived from the applied series, which no single Slurm"
			     " job has: save what 'bisectable configs' prints as configs/NAME.config"), EXIT_ERROR;
	run_setup_slurm_args(o, &args);
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
	if (ctx->argc > 1 || (o.b4 && !o.repo) || (!ctx->argc && !o.b4))
		return error("give one series (or --repo R BASE..TIP, or --repo R --b4 [BRANCH]),"
			     " or --resume"), EXIT_ERROR;
	if (o.distcc && *o.distcc && distcc_slots(o.distcc) < 0)
		return error("--distcc '%s' names no host, or a slot count that is not 1..1024", o.distcc), EXIT_ERROR;
	o.db_path = ctx->db_path;
	o.target = ctx->argc ? ctx->argv[0] : "HEAD";
	run_config_init(&rc);
	if (o.slurm) {
		/* Each node decides ccache and -j for itself unless told. */
		t.series = o.repo ? NULL : o.target;
		t.metrics = o.metrics;
		run_config_free(&rc);
		if (!run_setup_results_remote(&o) && !run_setup_config(&o, &t, &rc))
			ret = run_on_slurm(ctx, &o, &rc);
		goto out;
	}
	run_setup_local_defaults(&o);
	if (!o.repo && strstr(o.target, "..") && !file_exists(o.target)) {
		error("%s looks like a range: give --repo", o.target);
		goto out;
	}
	t = (struct run_target){ .series = o.repo ? NULL : o.target, .repo = o.repo,
				 .range = o.repo ? o.target : NULL, .b4 = o.b4, .tarball = o.tarball,
				 .metrics = o.metrics, .discard = o.discard };
	run_config_free(&rc);
	if (run_setup_results_remote(&o) || run_setup_config(&o, &t, &rc) ||
	    run_setup_check_machine(&rc, o.db_path))
		goto out;
	r.db_path = o.db_path;	/* opened and checked by bisectable.c */
	r.db = ctx->db;
	run_mark_interrupted(r.db);
	if (run_prepare(&r, &t, &rc) || (rc.derive && run_derive(&r)))
		goto out;
	run_record(&r);
	run_write_derived(&r);
	ret = run_setup_verify(&r, &o);
out:
	run_release(&r);
	run_config_free(&rc);
	return ret;
}
