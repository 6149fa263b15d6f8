/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-slurm.h - 'bisectable run --slurm': one Slurm job per configuration.
 *
 * Each job (sbatch) runs 'bisectable run --configs ONE ...' on a node of the
 * cluster, walking every commit in order in a work tree and build
 * directories of its own (BISECTABLE_WORK_TAG) and its own database
 * <db dir>/slurm/<stamp>/<config>.db. The submitting side waits for the jobs
 * (bounded), folds their databases into one run of its own database
 * (merge.h) and prints the verdict. A job that fails (it exits with an
 * error, is killed, cancelled or never ends in time) makes its
 * configuration's missing cells errors, never passes.
 *
 * The cluster needs the same bisectable binary at the same path, its data
 * (configs, guest image), the tarball or repository at the same path, and
 * the slurm directory on storage the nodes share.
 */
#ifndef BISECT_RUN_SLURM_H
#define BISECT_RUN_SLURM_H

#include <sqlite3.h>

#include "input/run-config.h"

struct slurm_run {
	sqlite3 *db;			/* where the one run goes */
	const char *db_path;
	const struct run_config *rc;	/* validated: its configurations */
	const char *partition;		/* NULL: the cluster's default */
	int timeout;			/* seconds to wait for every job */
	int strict_claims;		/* a broken no-change claim exits EXIT_BAD */
	const char *const *job_args;	/* each job's options after --db and --configs,
					 * then its target; NULL-terminated */
};

/* Returns the exit status of 'run': 0 bisectable, EXIT_BAD, EXIT_ERROR. */
int run_slurm(const struct slurm_run *s);

#endif
