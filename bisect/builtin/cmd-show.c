// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable show [--db DB] [--run N] COMMIT: every result of one commit
 * (a sha prefix, or a position in the series), with its smoke tests and
 * metrics. Without --run, the latest run that has the commit.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "lib/util.h"

static void show_commit(sqlite3 *db, long long commit_id)
{
	sqlite3_stmt *st, *t;

	st = db_prepare(db, "SELECT c.run_id, c.position, c.sha, c.subject, c.author,"
			" (SELECT COUNT(*) FROM commits x WHERE x.run_id = c.run_id"
			"  AND x.position > 0)"
			" FROM commits c WHERE c.id = ?");
	sqlite3_bind_int64(st, 1, commit_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		printf("run %lld, commit %d/%d %s\n  %s\n  Author: %s\n\n",
		       (long long)sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
		       sqlite3_column_int(st, 5), db_column_str(st, 2), db_column_str(st, 3),
		       db_column_str(st, 4));
	sqlite3_finalize(st);

	st = db_prepare(db, "SELECT id, config, stage, status, duration, evidence, log_path,"
			" reproduce FROM results WHERE commit_id = ? ORDER BY config,"
			" CASE stage WHEN 'apply' THEN 0 WHEN 'build' THEN 1 WHEN 'boot' THEN 2"
			" ELSE 3 END");
	sqlite3_bind_int64(st, 1, commit_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		printf("%-8s %-6s %-8s %6.1fs  %s\n", db_column_str(st, 1), db_column_str(st, 2),
		       db_column_str(st, 3), sqlite3_column_double(st, 4), db_column_str(st, 5));
		if (*db_column_str(st, 6))
			printf("%26s log: %s\n", "", db_column_str(st, 6));
		if (strcmp(db_column_str(st, 3), "pass") && *db_column_str(st, 7))
			printf("%26s reproduce: %s\n", "", db_column_str(st, 7));
		t = db_prepare(db, "SELECT name, status, reason, duration FROM tests"
			       " WHERE result_id = ? ORDER BY id");
		sqlite3_bind_int64(t, 1, sqlite3_column_int64(st, 0));
		while (sqlite3_step(t) == SQLITE_ROW)
			printf("%26s %-20s %-8s %s\n", "", db_column_str(t, 0), db_column_str(t, 1),
			       db_column_str(t, 2));
		sqlite3_finalize(t);
	}
	sqlite3_finalize(st);

	st = db_prepare(db, "SELECT config, name, value FROM metrics WHERE commit_id = ?"
			" ORDER BY config, name");
	sqlite3_bind_int64(st, 1, commit_id);
	printf("\nmetrics:\n");
	while (sqlite3_step(st) == SQLITE_ROW)
		printf("  %-8s %-18s %.15g\n", db_column_str(st, 0), db_column_str(st, 1),
		       sqlite3_column_double(st, 2));
	sqlite3_finalize(st);
}

struct show_opts {
	long long run;
};

static const struct opt show_option_list[] = {
	OPT_INT(0, "run", struct show_opts, run, "N", 1, LLONG_MAX, 0,
		"look in this run (default: the latest that has the commit)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(show, struct show_opts, show_option_list);

int cmd_show(struct cmd_ctx *ctx)
{
	const struct show_opts *o = ctx->opts;
	const char *which = ctx->argv[0];
	long long run_id = o->run, commit_id = 0;
	sqlite3 *db = ctx->db;
	sqlite3_stmt *st;
	int i, is_pos = 1;

	for (i = 0; which[i]; i++)
		if (!isdigit((unsigned char)which[i]))
			is_pos = 0;
	/* A short all-digit argument is a position; a long one may be a sha. */
	if (strlen(which) > 4)
		is_pos = 0;
	/* A sha prefix is hex: '%' or '_' would match any commit. */
	if (!is_pos && (strlen(which) < 4 || strspn(which, "0123456789abcdefABCDEF") != strlen(which)))
		return error("'%s' is neither a commit position nor a sha prefix of 4+ hex digits",
			     which), EXIT_ERROR;
	st = db_prepare(db, "SELECT id FROM commits WHERE (?1 = 0 OR run_id = ?1) AND"
			" ((?3 AND position = CAST(?2 AS INTEGER)) OR"
			"  (NOT ?3 AND substr(sha, 1, length(?2)) = lower(?2)))"
			" AND (?1 <> 0 OR run_id = (SELECT MAX(run_id) FROM commits x WHERE"
			"  (?3 AND x.position = CAST(?2 AS INTEGER)) OR"
			"  (NOT ?3 AND substr(x.sha, 1, length(?2)) = lower(?2))))"
			" ORDER BY run_id DESC, position");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, which);
	sqlite3_bind_int(st, 3, is_pos);
	if (sqlite3_step(st) == SQLITE_ROW)
		commit_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (!commit_id)
		return error("no commit %s in %s", which, ctx->db_path), EXIT_ERROR;
	show_commit(db, commit_id);
	return 0;
}
