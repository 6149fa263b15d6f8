/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repair.h - 'bisectable repair': rewrite a run's series so that each of
 * its bisection holes closes while the tip tree stays byte-identical.
 *
 * For each hole (latest first, so that the positions of the earlier ones
 * stay put), on the configurations that had it, the candidates of
 * repair-candidates.h are made as git objects (repair-rewrite.h) and
 * verified cheapest first, each by a run of the same database over the
 * rewritten range (its unchanged commits are the cache's), at most
 * max_candidates of them. The rewrite that closed every hole it could is
 * verified again on every configuration of the run, then written out
 * (repair-output.h).
 */
#ifndef BISECT_REPAIR_H
#define BISECT_REPAIR_H

#include <sqlite3.h>

struct repair_opts {
	long long run;		/* 0: the latest */
	const char *out_dir;	/* -o: a quilt directory, or NULL */
	const char *branch;	/* --branch: a new branch of the user's repository */
	int max_candidates;	/* per hole */
	const char *db_path;
};

#define REPAIR_DEFAULT_CANDIDATES 8

/*
 * Repair the run, printing progress and the outcome. Returns 0 when every
 * hole closed (or there was none), EXIT_BAD when some could not be closed
 * without changing the tip, EXIT_ERROR on errors.
 */
int repair_run(sqlite3 *db, const struct repair_opts *o);

#endif
