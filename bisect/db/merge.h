/* SPDX-License-Identifier: GPL-2.0 */
/*
 * merge.h - fold the runs of another database into this one.
 *
 * Everything is matched by what identifies it, never by its row id: a run by
 * its identity (runs.uuid, random, made when it started; a database from
 * before identities by (host, started_at, series, base_sha)), a commit by
 * (run, position), a
 * result by (run, position, configuration, stage), a metric by (commit,
 * configuration, name), the warnings of a (commit, configuration) as one
 * set, a build's .config with its result, how a configuration was verified
 * (run_configs) by (run, configuration). What this database has already is kept; what it lacks is added with
 * new ids (results.cached_from and tests.result_id follow them). So merging
 * the same database twice adds nothing.
 *
 * The other database is data of another machine: the logs of the results
 * added are copied into this database's logs from the other's own logs/
 * (a path outside them is dropped), and no path of it is opened elsewhere.
 * A run of another host merged while 'running' stays so (it is not this
 * machine's to mark interrupted) until a later merge says how it ended.
 *
 * With into_run, every run of the other database is folded into that run
 * of this one: the per-configuration databases of one logical run (one per
 * Slurm job, run-slurm.c) become one run with all the configurations.
 */
#ifndef BISECT_MERGE_H
#define BISECT_MERGE_H

#include <sqlite3.h>

struct merge_stats {
	long long run_id;	/* ours of the last run merged */
	int runs, new_runs;
	int new_commits, new_results, new_tests, new_metrics, new_warnings;
	int new_kconfigs, new_run_configs;
};

/*
 * Merge the database at path into db. Returns 0, or -1 with a message (a
 * file that is not a bisectable database, one of a newer schema, no such
 * run into_run). The other database is only read.
 */
int merge_database(sqlite3 *db, const char *path, long long into_run, struct merge_stats *st);

#endif
