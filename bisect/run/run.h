/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h - one run of bisectable over a series, from the target to the
 * verdict: put the series (or the user's range) into a work tree of our
 * own, record the run and its commits, verify the base, then let
 * 'git rebase --exec "bisectable step"' visit every commit (verify.h does
 * the work at each one), and end the run in the state it reached.
 */
#ifndef BISECT_RUN_H
#define BISECT_RUN_H

#include <sqlite3.h>

#include "db/db.h"
#include "input/run-config.h"
#include "input/series.h"
#include "input/series-mail.h"
#include "input/b4.h"
#include "input/tree.h"
#include "lib/run-command.h"
#include "run/run-lifecycle.h"

struct run_target {
	const char *series;	/* quilt dir, *.patch dir or mbox; or NULL */
	const char *repo;	/* with range: the user's repository */
	const char *range;	/* BASE..TIP in repo; with b4 1, the branch */
	/*
	 * 1: range is a b4 prep branch (run --b4); 0: a range that starts
	 * with b4's cover letter commit is one; -1: never (bisect).
	 */
	int b4;
	const char *tarball;	/* the kernel the series applies to */
	const char *metrics;	/* a metrics file other than the series' own */
	int discard;		/* throw away what the user left in the work tree */
};

struct run {
	sqlite3 *db;
	const char *db_path;
	struct run_config *rc;
	struct run_info info;
	char *work_dir;
	struct strbuf base, tip;
	struct series series;
	struct series_mail mail;	/* its thread and addresses, kept in runs.options */
	struct kernel_base kernel;
	size_t applied;		/* patches git am applied */
	char *failed_msg;	/* why the next one did not apply, or NULL */
	long long id;
	int ncommits;
	int lock_fd;		/* the work tree's lock, -1 before it is taken */
	struct derive_series *derived;	/* --configs auto: what was derived, or NULL */
	int alive[2];		/* a pipe only 'run' writes to: its steps see EOF if it dies */
	char alive_env[40];	/* BISECTABLE_RUN_FD=<alive[0]> for the steps */
	int strict_claims;	/* a broken no-change claim is a reason to exit EXIT_BAD */
};

/* struct run's initializer. */
#define RUN_INIT { .base = STRBUF_INIT, .tip = STRBUF_INIT, .lock_fd = -1, \
		   .alive = { -1, -1 } }

/* The paths on the step's --exec line (the database, this binary) fit on one line. */
int run_check_exec_paths(const char *db_path);
/*
 * Every tool a run starts, with the Debian package that brings it; with
 * sandbox, a warning (once per run) if builds cannot be sandboxed here.
 */
int run_check_tools(int sandbox);
/*
 * --arch: each architecture's cross compiler and QEMU are installed (their
 * Debian packages named when not). 0, or -1 after an error each.
 */
int run_check_arch_tools(const struct run_config *rc);
/* The same for one architecture: its cross compiler, and its QEMU if boot. 0 or -1. */
int run_check_arch_tool(const char *arch, int boot);
/* The metrics a series declares: t->metrics, else a 'metrics' file beside its patches. */
int run_load_metrics(struct run_config *rc, const struct run_target *t);
/*
 * Resolve the target into a work tree (locked for this run) and apply the
 * series. rc must have been validated. Returns 0 or -1.
 */
int run_prepare(struct run *r, const struct run_target *t, struct run_config *rc);
/*
 * --configs auto (run-derive.c): derive configurations from the applied
 * commits' diff (config-derive.h) and add them to r->rc, before the run is
 * recorded; once it is, write their fragments with copies of the given ones
 * to configs/auto/<run>/ and point the run's configuration there.
 */
int run_derive(struct run *r);
void run_write_derived(struct run *r);
/* Record the run, its commits and the patches that did not apply. */
void run_record(struct run *r);
/*
 * Verify the base, then every commit; end the run. Returns the exit status
 * of 'bisectable run': 0 bisectable, EXIT_BAD, EXIT_ERROR, 128+signal.
 */
int run_verify(struct run *r);
void run_release(struct run *r);
/* The alive pipe of r and its BISECTABLE_RUN_FD for the steps; 0 or -1. */
int run_open_alive(struct run *r);
/*
 * Run c as a process of r (a step, the rebase, git bisect run): it holds
 * the work tree's lock and the alive pipe's read end, and dies with r.
 */
int run_owned(struct run *r, struct child *c);

/*
 * Take up run id (0: the latest interrupted or failed one) where it ended:
 * its work tree back at its tip, its configuration from the database, the
 * state 'running' again. run_verify() then re-verifies every commit, and
 * the result cache answers for every cell already recorded.
 */
int run_resume(struct run *r, long long id, struct run_config *rc);

#endif
