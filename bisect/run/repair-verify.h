/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repair-verify.h - a candidate of 'bisectable repair' verified by the
 * usual pipeline: a 'bisectable run' of the same database, with the
 * original run's options, over the rewritten range of the repository its
 * objects were written to (--repo, only read). Its unchanged commits have
 * the trees the cache knows, so only the rewritten ones are built.
 */
#ifndef BISECT_REPAIR_VERIFY_H
#define BISECT_REPAIR_VERIFY_H

#include <sqlite3.h>

#include "db/db.h"
#include "input/run-config.h"
#include "run/repair-rewrite.h"

struct repair_verifier {
	sqlite3 *db;
	char *self;		/* this binary */
	char *db_path;
	const struct run_info *run;
	struct run_config rc;	/* the original run's options */
	const char *scratch;	/* the runs' logs go here */
	int runs;		/* runs made so far */
};

/* 0, or -1 after an error message (the run's options do not read). */
int repair_verifier_init(struct repair_verifier *v, sqlite3 *db, const char *db_path,
			 const struct run_info *run, const char *scratch);
void repair_verifier_free(struct repair_verifier *v);

/*
 * Verify s up to position to (the later commits keep their trees and
 * parents' trees) on configs, the base not again: 1 when every commit from..to
 * passed on each, 0 when one did not (why says which, and its evidence),
 * -1 when the run itself failed (why says so).
 */
int repair_verify_range(struct repair_verifier *v, const struct repair_series *s,
			const struct argv_array *configs, int from, int to, struct strbuf *why);

/*
 * Verify s end to end on every configuration of the run (the base too when
 * the run verified it): 1 when it has no more holes than holes_left (those
 * that could not be closed), 0 when it has more (why names them all), -1
 * when the run failed.
 */
int repair_verify_all(struct repair_verifier *v, const struct repair_series *s,
		      size_t holes_left, struct strbuf *why);

#endif
