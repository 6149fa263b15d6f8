// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable first-bad [--db DB] [--run N] [--config C] [--stage S]
 *
 * For each configuration, the first commit whose result is not pass, with
 * stage and evidence, or that the series is bisectable for it (verdict.c).
 * Exit 0 when every commit passes, 1 when some commit does not, 2 on errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "db.h"
#include "layout.h"
#include "util.h"
#include "verdict.h"

int cmd_first_bad(int argc, const char **argv)
{
	const char *db_path = NULL, *config = NULL, *stage = NULL;
	char *db_default = project_path(DEFAULT_DB_PATH);
	long long run_id = 0;
	sqlite3 *db;
	int i, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			db_path = argv[++i];
		else if (!strcmp(argv[i], "--run") && i + 1 < argc)
			run_id = atoll(argv[++i]);
		else if (!strcmp(argv[i], "--config") && i + 1 < argc)
			config = argv[++i];
		else if (!strcmp(argv[i], "--stage") && i + 1 < argc)
			stage = argv[++i];
		else {
			fprintf(stderr, "usage: bisectable first-bad [--db DB] [--run N] "
				"[--config C] [--stage apply|build|boot|test]\n");
			return EXIT_ERROR;
		}
	}
	if (stage && strcmp(stage, "apply") && strcmp(stage, "build") && strcmp(stage, "boot") &&
	    strcmp(stage, "test"))
		return error("unknown stage '%s'", stage), EXIT_ERROR;
	if (!db_path)
		db_path = db_default;
	if (!file_exists(db_path))
		return error("no database %s: run 'bisectable run' first", db_path), EXIT_ERROR;
	db = db_open(db_path);
	ret = verdict_report(db, run_id, config, stage, stdout);
	db_close(db);
	free(db_default);
	return ret;
}
