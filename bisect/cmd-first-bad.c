// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable first-bad [--db DB] [--run N] [--config C] [--stage S]
 *
 * For each configuration, the first commit whose result is not pass, with
 * stage and evidence, or that the series is bisectable for it. Exit 0 when
 * every commit passes, 1 when some commit does not, 2 on errors.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "db.h"
#include "util.h"

struct first_bad_opts {
	long long run;
	const char *config;
	const char *stage;
};

static const char *const stages[] = { "apply", "build", "boot", "test", NULL };

static const struct opt first_bad_option_list[] = {
	OPT_INT(0, "run", struct first_bad_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "config", struct first_bad_opts, config, "NAME", NULL, OPT_CONFIGS,
		   "only this configuration (default: every one of the run)"),
	OPT_CHOICE(0, "stage", struct first_bad_opts, stage, stages, NULL,
		   "only look at this stage"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(first_bad, struct first_bad_opts, first_bad_option_list);

static const char first_bad_sql[] =
	"SELECT c.position, c.sha, c.subject, r.stage, r.status, r.evidence"
	" FROM results r JOIN commits c ON c.id = r.commit_id"
	" WHERE r.run_id = ?1 AND r.config = ?2 AND r.status <> 'pass'"
	"   AND (?3 IS NULL OR (r.stage = ?3 AND r.status <> 'skip'))"
	" ORDER BY c.position, CASE r.stage WHEN 'apply' THEN 0 WHEN 'build' THEN 1"
	"   WHEN 'boot' THEN 2 ELSE 3 END LIMIT 1";

/* Commits of the run with a passing result at every stage for config. */
static const char passed_sql[] =
	"SELECT COUNT(*) FROM commits c WHERE c.run_id = ?1 AND c.position > 0 AND 4 = (SELECT COUNT(*)"
	" FROM results r WHERE r.commit_id = c.id AND r.config = ?2 AND r.status = 'pass')";

int print_first_bad(sqlite3 *db, long long run_id, const char *config, const char *stage,
		    FILE *out)
{
	struct run_info run;
	char *configs, *c, *save = NULL;
	int total = 0, ret = 0;
	sqlite3_stmt *st;

	if (db_load_run(db, run_id, &run))
		return error(run_id ? "no run %lld in the database" : "no runs in the database%.0lld",
			     run_id), EXIT_ERROR;
	st = db_prepare(db, "SELECT COUNT(*) FROM commits WHERE run_id = ? AND position > 0");
	sqlite3_bind_int64(st, 1, run.id);
	if (sqlite3_step(st) == SQLITE_ROW)
		total = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);

	configs = xstrdup(config ? config : run.configs);
	for (c = strtok_r(configs, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		int passed = 0, have;

		st = db_prepare(db, first_bad_sql);
		sqlite3_bind_int64(st, 1, run.id);
		db_bind_text(st, 2, c);
		db_bind_text(st, 3, stage);
		have = sqlite3_step(st) == SQLITE_ROW;
		if (have && sqlite3_column_int(st, 0) == 0) {
			fprintf(out, "%s: the base %.7s itself is bad at %s: %s%s%s\n", c,
				db_column_str(st, 1), db_column_str(st, 3), db_column_str(st, 4),
				*db_column_str(st, 5) ? ": " : "", db_column_str(st, 5));
			ret = EXIT_BAD;
			sqlite3_finalize(st);
			continue;
		} else if (have) {
			fprintf(out, "%s: first bad %d/%d %.7s \"%s\" at %s: %s%s%s\n", c,
				sqlite3_column_int(st, 0), total, db_column_str(st, 1),
				db_column_str(st, 2), db_column_str(st, 3), db_column_str(st, 4),
				*db_column_str(st, 5) ? ": " : "", db_column_str(st, 5));
			ret = EXIT_BAD;
			sqlite3_finalize(st);
			continue;
		}
		sqlite3_finalize(st);
		st = db_prepare(db, passed_sql);
		sqlite3_bind_int64(st, 1, run.id);
		db_bind_text(st, 2, c);
		if (sqlite3_step(st) == SQLITE_ROW)
			passed = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
		if (stage) {
			fprintf(out, "%s: no bad commit at stage %s (%d/%d commits pass every "
				"stage)\n", c, stage, passed, total);
		} else if (passed == total && total > 0) {
			fprintf(out, "%s: bisectable (%d/%d commits pass)\n", c, passed, total);
		} else {
			fprintf(out, "%s: incomplete: %d/%d commits verified and passing (run %s)\n",
				c, passed, total, run.state);
			ret = EXIT_BAD;
		}
	}
	free(configs);
	run_info_free(&run);
	return ret;
}

int cmd_first_bad(struct cmd_ctx *ctx)
{
	const struct first_bad_opts *o = ctx->opts;

	return print_first_bad(ctx->db, o->run, o->config, o->stage, stdout);
}
