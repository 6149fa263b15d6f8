/* SPDX-License-Identifier: GPL-2.0 */
/*
 * codediff-run.h - every commit of a run against its parent, in every
 * configuration built (codediff.h), and the findings: a commit whose
 * message claims no change (claims.h) whose code changed somewhere.
 */
#ifndef BISECT_CODEDIFF_RUN_H
#define BISECT_CODEDIFF_RUN_H

#include <sqlite3.h>

#include "judge/codediff.h"

struct codediff_cell {
	int position;			/* >= 1; its parent is position - 1 */
	char *config;
	struct codediff diff;
};

/* "no-change claim broken": the commit, the configurations and what changed. */
struct codediff_finding {
	int position;
	char *sha, *subject;
	const char *claim;		/* the phrase (codediff_run.claims owns it) */
	char **configs;			/* where the code changed */
	size_t nconfigs;
	char **symbols;			/* what changed there, each once */
	size_t nsymbols;
};

struct codediff_run {
	struct codediff_cell *cells;	/* by position, then configuration */
	size_t ncells;
	struct codediff_finding *findings;
	size_t nfindings;
	char **claims;			/* by position (claims[0]: the base): the phrase, or NULL */
	int ncommits;
};

/* Every cell of the run; a database without codeprints gives cells of kind unknown. */
void codediff_run_load(sqlite3 *db, long long run_id, struct codediff_run *out);
void codediff_run_release(struct codediff_run *r);
/* One cell only: position (>= 1) against position - 1 in config. */
void codediff_cell_load(sqlite3 *db, long long run_id, int position, const char *config,
			struct codediff *d);
/* Any two positions of the run in config: to against from (compare). */
void codediff_between(sqlite3 *db, long long run_id, int from, int to, const char *config,
		      struct codediff *d);
/* The cell at (position, config), or NULL. */
const struct codediff *codediff_run_cell(const struct codediff_run *r, int position,
					 const char *config);
/* The finding at position, or NULL. */
const struct codediff_finding *codediff_run_finding(const struct codediff_run *r, int position);

#endif
