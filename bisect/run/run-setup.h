/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-setup.h - from the options of 'bisectable run' to a run: its typed
 * configuration (run-config.h), the tools and stores the options name
 * (ccache, distcc, the results store), and the options again for each job
 * of a run on Slurm. The command parses and checks the options' shapes;
 * what they mean for a run is here.
 */
#ifndef BISECT_RUN_SETUP_H
#define BISECT_RUN_SETUP_H

#include "input/run-config.h"
#include "lib/util.h"
#include "run/run.h"

/* The options of 'bisectable run' as parsed (builtin/cmd-run.c's table). */
struct run_opts {
	const char *db_path;
	const char *configs;	/* NULL: up,smp and derived ones within auto_budget */
	int auto_budget;	/* --auto-budget N, -1: not given */
	const char *build_only;	/* --build-only LIST, or NULL */
	const char *only;	/* --only LIST of positions, or NULL */
	const char *arch;	/* --arch LIST of architectures, or NULL: x86_64 */
	const char *repo;
	int b4;			/* --b4: the target is a b4 prep branch (default HEAD) */
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
	int repeat;
	int confirm;
	const char *flake_rate;	/* --flake-rate P, parsed by run_setup_config */
	const char *rtc;	/* the guest's clock: NULL or "host", or a date */
	const char *cpu;	/* QEMU's CPU model, NULL for its default */
	int ccache;
	int no_cache;
	int no_parallel;
	int no_base;
	int no_sandbox;
	const char *distcc;
	const char *ccache_remote;
	int discard;
	int resume;
	int strict_claims;	/* --strict-claims: a broken no-change claim exits 1 */
	const char *boot;
	const char *target;	/* series path or BASE..TIP */
};

/* The run's typed configuration from the options, checked once, here. */
int run_setup_config(const struct run_opts *o, const struct run_target *t,
		     struct run_config *rc);
/* ccache's remote storage: the option, else the environment; not recorded with the run. */
void run_setup_ccache_remote(const struct run_opts *o, struct run_config *rc);
/* 0 if distcc is installed, else -1 after an error message. */
int run_setup_check_distcc(void);
/* 1 if ccache is installed. */
int run_setup_have_ccache(void);
/* A run here (not on Slurm): ccache if installed, -j of the CPUs or distcc's slots. */
void run_setup_local_defaults(struct run_opts *o);
/*
 * The shared results store: the option over the environment, which the
 * steps (git rebase --exec) inherit. 0, or -1 for a URL that is not one.
 */
int run_setup_results_remote(const struct run_opts *o);
/* Say in the run's record which store it used (see results-remote.h). */
void run_setup_record_results_remote(struct run *r);
/* What a run here needs of this machine: its tools, compilers and paths. 0 or -1. */
int run_setup_check_machine(const struct run_config *rc, const char *db_path);
/*
 * Verify the prepared run (run_verify()), where its results are stored said
 * first; with --strict-claims a broken no-change claim makes it exit 1.
 */
int run_setup_verify(struct run *r, const struct run_opts *o);
/* What each Slurm job is given after its --db and --configs: our options and the target. */
void run_setup_slurm_args(const struct run_opts *o, struct argv_array *a);

#endif
