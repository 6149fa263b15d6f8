/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-config.h - what a run verifies and how. 'bisectable run' fills one
 * from its options and the series' metrics file (series-metrics.h),
 * validates it once (run/run-check.h), and stores it with the run as one
 * JSON document (runs.options); every step of the rebase reads the same
 * typed values back, so no step re-parses options.
 *
 * The document: {"format": "bisectable-run-config", "version": 1,
 *   "configs": ["up", "smp"], "mode": "keep-going" | "stop-on-failure",
 *   "accel": "tcg", "jobs": 2, "boot_timeout": 120, "test_timeout": 60,
 *   "retries": 1 (optional, 1 when absent), "repeat": 1, "confirm": 0
 *   (both optional: 1 when absent), "flake_rate": 0.5 (absent: 0),
 *   "rtc": "2026-01-01T00:00:00", "cpu": "max" (each only when given),
 *   "tests": ["smoke.fork_exec_wait", ...], "ccache": true, "cache": true,
 *   "parallel": true, "base": true, "sandbox": true (absent: true),
 *   "metrics": [{"name": ..., "description": ..., "git_grep": [...]}],
 *   "declared": [{"config": "defconfig+up", "figure": "text", "from": ...,
 *   "to": ..., "unit": "bytes"}] (only when the series declares figures),
 *   "suites": ["smoke", "rt-tests"], "profile": "quick" (both absent in runs
 *   from before suites, whose tests were bare smoke test names),
 *   "derive": true, "boot_derived": false, "configs_dir": "/.../configs/auto/7",
 *   "build_only": ["auto-1"] (all four absent before --configs auto; build_only
 *   also with --build-only), "config_specs": ["defconfig+up=defconfig:up"]
 *   (only when a configuration is not a configs/ name), "only": "base,tip"
 *   (only for a partial run), "arches": ["x86_64", "riscv64"] (only with
 *   --arch other than x86_64 alone)}
 */
#ifndef BISECT_RUN_CONFIG_H
#define BISECT_RUN_CONFIG_H

#include <stddef.h>

#include "input/series-metrics.h"
#include "lib/util.h"

enum run_mode {
	RUN_KEEP_GOING,		/* record a failure and go on: a full verdict */
	RUN_STOP_ON_FAILURE,	/* stop the rebase at the first failure (fix-up) */
};

struct run_config {
	char **configs;			/* configuration names, in order */
	size_t nconfigs;
	enum run_mode mode;
	char *accel;			/* "tcg" or "kvm" */
	int jobs;			/* make -j */
	int boot_timeout;		/* seconds to the guest's shell */
	int test_timeout;		/* seconds per smoke test */
	int retries;			/* tries again after an error or a timeout */
	int repeat;			/* boots of every commit (--repeat; builds once) */
	/*
	 * boots that confirm a first failure, at the commit and at its parent
	 * (--confirm; 1: none; 0: as many as flake_rate needs, see
	 * judge/confidence.h). Absent in runs from before it: 1.
	 */
	int confirm;
	/*
	 * The smallest per-boot failure rate the soak of the tip and the base
	 * must catch (--flake-rate; 0: no soak). Absent in runs from before it: 0.
	 */
	double flake_rate;
	/*
	 * What enters the guest from outside, pinned or varied (guest-variation.md):
	 * the RTC's start (QEMU -rtc base=RTC,clock=vm) and the CPU model (-cpu).
	 * NULL: the host's clock, QEMU's default model (qemu64), no argument.
	 */
	char *rtc;
	char *cpu;
	char **suites;			/* guest suites (guest/suites/NAME), in order */
	size_t nsuites;
	char *profile;			/* "quick" or "full" */
	char **tests;			/* "SUITE.TEST", in the order they run */
	size_t ntests;
	int ccache;			/* compile through ccache */
	int use_cache;			/* reuse results from the result cache */
	int parallel;			/* one process per configuration */
	int verify_base;		/* verify the base as position 0 first */
	int sandbox;			/* builds without network, writing only their dirs */
	char *distcc_hosts;		/* --distcc: DISTCC_HOSTS of the builds, or NULL */
	/*
	 * ccache's remote storage (--ccache-remote, BISECTABLE_CCACHE_REMOTE),
	 * or NULL. Not recorded with the run (a URL may hold a password):
	 * a resumed run takes it from its own command line again.
	 */
	char *ccache_remote;
	struct series_metric *metrics;
	size_t nmetrics;
	/* The figures the series declares at its two ends (its metrics file's declare lines) */
	struct series_declared *declared;
	size_t ndeclared;
	/*
	 * --configs auto: configurations derived from the series' diff
	 * (config-derive.h) join the given ones. Their fragments are written
	 * with copies of the given ones into configs_dir (configs/auto/<run>);
	 * they are built at every commit but booted only with --boot auto:
	 * build_only lists those that are not.
	 */
	int derive;
	int boot_derived;
	/*
	 * No --configs given: up and smp, and derived configurations only where
	 * they compile what those two leave out, within a budget: at most
	 * auto_budget of them (-1: no limit), none over defconfig (a full
	 * build each) and none of another architecture (coverage names it).
	 */
	int derive_default;
	int auto_budget;
	char *configs_dir;		/* NULL: the project's configs/ */
	char **build_only;
	size_t nbuild_only;
	/*
	 * "KEY=SPEC" of each configuration not named by a configs/ name
	 * (input/config-spec.h): configs holds its KEY, what results, build
	 * directories and logs are named by; SPEC, a path in it made
	 * absolute, is what it is built from.
	 */
	char **config_specs;
	size_t nconfig_specs;
	/*
	 * --only: the positions verified ("base,tip", "0,3"), as given; NULL
	 * for all of them. A run with it is a comparison, not a verdict.
	 */
	char *only;
	/*
	 * --arch: the architectures each configuration is built for, in order
	 * (input/arch.h); configs then holds "ARCH+KEY" for each one but
	 * x86_64. Empty for x86_64 alone, as runs from before it.
	 */
	char **arches;
	size_t narches;
};

/* The defaults of 'bisectable run': up,smp, every smoke test, tcg... */
void run_config_init(struct run_config *rc);
void run_config_free(struct run_config *rc);

/* The suites 'run' picks when none are given. */
#define RUN_CONFIG_SUITES	"smoke,rt-tests"
/* No --configs: these, and derived ones within RUN_DEFAULT_AUTO_BUDGET (derive_default) */
#define RUN_DEFAULT_CONFIGS	"up,smp"
#define RUN_DEFAULT_AUTO_BUDGET	2

/*
 * Replace the configurations / suites by a comma-separated list. A
 * configuration's name is parsed (config-spec.h): configs gets its key, and
 * config_specs the name, when they differ.
 */
void run_config_set_configs(struct run_config *rc, const char *list);
/*
 * --build-only: the configurations of list (NULL: none; parsed as --configs
 * is) join configs if not there and are built only; so is every
 * configuration from allmodconfig or allyesconfig.
 */
void run_config_set_build_only(struct run_config *rc, const char *list);
/*
 * The positions of --only LIST ("base", "tip", numbers; comma-separated) in
 * a run whose tip is at position last: sorted, each once, into *positions
 * (allocated). 0, or -1 with why.
 */
int run_config_only_positions(const char *list, int last, int **positions, size_t *n,
			      char *why, size_t len);
/* Whether the run verifies position (its tip at last): always, without --only. */
int run_config_only_wanted(const struct run_config *rc, int position, int last);
/* What configuration config (a key of configs) is built from: its spec, or config itself. */
const char *run_config_spec(const struct run_config *rc, const char *config);
void run_config_set_suites(struct run_config *rc, const char *list);
/*
 * --arch LIST: each configuration (and build-only one) is built for each
 * architecture, keyed "ARCH+KEY" but on x86_64 (arch.h); its spec stays
 * what it is built from. "x86_64" alone (or NULL) changes nothing.
 */
void run_config_set_arches(struct run_config *rc, const char *list);
/* Leave configuration config (a key of configs) out: its spec and build-only mark too. */
void run_config_drop(struct run_config *rc, const char *config);
/* --rtc and --cpu: NULL or "host" leaves the host's clock, NULL QEMU's model. */
void run_config_set_guest(struct run_config *rc, const char *rtc, const char *cpu);
/*
 * The lists of a run_config (configs, suites, tests, build_only): emptied;
 * replaced by the items of a comma-separated list, empty items kept so
 * that run_config_validate sees them; one item added (copied).
 */
void run_config_list_clear(char ***list, size_t *n);
void run_config_list_split(char ***list, size_t *n, const char *csv);
void run_config_list_add(char ***list, size_t *n, const char *s);

/*
 * The JSON document (allocated), and back: from_json initialises rc and
 * returns 0 or -1; free rc with run_config_free either way.
 */
char *run_config_to_json(const struct run_config *rc);
int run_config_from_json(const char *json, struct run_config *rc);

/* Where the run's fragments are (allocated): configs_dir, else the project's. */
char *run_config_configs_dir(const struct run_config *rc);
/* Whether config is built but not booted in this run. */
int run_config_build_only(const struct run_config *rc, const char *config);
/* Add a configuration (a derived one, built only unless boot_derived). */
void run_config_add_config(struct run_config *rc, const char *name, int build_only);

/* The configurations comma-separated, as runs.configs stores them (allocated). */
char *run_config_configs_list(const struct run_config *rc);

/* Where series_metrics_load() appends the series' metrics of rc. */
static inline struct series_metrics run_config_metrics(struct run_config *rc)
{
	return (struct series_metrics){ &rc->metrics, &rc->nmetrics, &rc->declared,
					&rc->ndeclared };
}

#endif
