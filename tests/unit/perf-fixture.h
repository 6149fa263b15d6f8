/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf-fixture.h - what the performance verdict's unit tests share: a
 * fixture run whose figures move (fixture()), and 'first-bad --metric' and
 * 'regressions' on it as the lines regress-text.c makes of their moves.
 */
#ifndef TESTS_UNIT_PERF_FIXTURE_H
#define TESTS_UNIT_PERF_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "judge/regress.h"
#include "judge/regress-text.h"
#include "lib/util.h"
#include "scratch.h"

#define HOSTILE_SUBJECT "perf: <script>alert(1)</script> & \"quotes\"\x1b[31m"

/*
 * Run 1, up and smp, the base and four commits:
 *   pipe_rtt_ns (built-in: ns, lower)   up 6377.45 6377.45 6378.53 7365.08 7367.63
 *                                       smp 7988 each
 *   ops (declared: ops/s, higher)       up 1000 1000 900 900 -; commit 4 has none
 *   lat_us (declared, noise 1%)         up 10 10 20 (spread 5%: noisy) 10.2 10.3
 *   nice_ratio (built-in: no direction) up 60 90 30 60 60
 *   rows (declared unit, no direction)  up 1 100 1 100 1
 *   warnings (built-in: lower)          up 0 0 0 2 2
 */
static inline void fixture(sqlite3 *db)
{
	static const double pipe[] = { 6377.45, 6377.45, 6378.53, 7365.08, 7367.63 };
	static const double nice[] = { 60, 90, 30, 60, 60 };
	static const double warn[] = { 0, 0, 0, 2, 2 };
	long long id, c;
	int pos;

	db_begin(db);
	id = scratch_run(db, "up,smp", "{}");
	for (pos = 0; pos <= 4; pos++) {
		char sha[41], subject[64];
		struct metric_sample ops = { "ops", pos == 2 || pos == 3 ? 900 : 1000, "ops/s",
					     "higher", -1, -1 };
		double lat_us = pos == 2 ? 20 : pos < 2 ? 10 : 10 + pos / 10.0;
		struct metric_sample lat = { "lat_us", lat_us, "us", "lower", 1,
					     pos == 2 ? 5 : 0.5 };
		struct metric_sample rows = { "rows", pos % 2 ? 100 : 1, "rows", NULL, -1, -1 };

		/* "3000...0": the commit's position, then zeros. */
		memset(sha, '0', 40);
		sha[0] = '0' + pos;
		sha[40] = '\0';
		snprintf(subject, sizeof(subject), "commit %d", pos);
		c = db_commit_set(db, id, pos, sha, NULL, pos == 3 ? HOSTILE_SUBJECT : subject,
				  NULL, NULL);
		db_metric_set(db, c, "up", "guest", "pipe_rtt_ns", pipe[pos]);
		db_metric_set(db, c, "smp", "guest", "pipe_rtt_ns", 7988);
		if (pos < 4)
			db_metric_put(db, c, "up", "guest", &ops);
		db_metric_put(db, c, "up", "guest", &lat);
		db_metric_put(db, c, "up", "guest", &rows);
		db_metric_set(db, c, "up", "guest", "nice_ratio", nice[pos]);
		db_metric_set(db, c, "up", "build", "warnings", warn[pos]);
	}
	db_commit(db);
}

/* The fixture run in a new database in dir (a mkdtemp() template). */
static inline sqlite3 *perf_fixture_open(char *dir)
{
	char *path;
	sqlite3 *db;

	db = scratch_dir_db(dir, &path);
	fixture(db);
	free(path);
	return db;
}

static inline void perf_fixture_close(sqlite3 *db, const char *dir)
{
	db_close(db);
	remove_tree(dir);
}

/* Every move of r as the line regress-text.c makes of it, each with a newline. */
static inline char *moves_text(const struct perf_run *r, int with_delta)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->series[i].scan.nmoves; j++) {
			perf_move_text(&sb, &r->series[i].series, &r->series[i].scan.moves[j],
				       r->against, with_delta);
			strbuf_addstr(&sb, "\n");
		}
	return strbuf_detach(&sb, NULL);
}

/* first-bad --metric on run 0 (the latest), and its moves as lines. */
static inline char *first_bad(sqlite3 *db, const char *configs, const char *metric,
			      double threshold, enum perf_against against, struct perf_run *r)
{
	if (perf_first_bad(db, 0, configs, metric, threshold, against, r))
		return NULL;
	return moves_text(r, 0);
}

static inline char *regressions(sqlite3 *db, const char *configs, double threshold,
				enum perf_against against, struct perf_run *r)
{
	if (perf_regressions(db, 0, configs, threshold, against, r))
		return NULL;
	return moves_text(r, 1);
}

static inline int contains(const char *hay, const char *needle)
{
	return hay && strstr(hay, needle) != NULL;
}

#endif
