/* SPDX-License-Identifier: GPL-2.0 */
/*
 * layout.h - where things are: the project's own files (configs, expect
 * scripts, guest image) beside the binary, and the per-run logs and
 * per-configuration build directories outside the repository.
 */
#ifndef BISECT_LAYOUT_H
#define BISECT_LAYOUT_H

/*
 * The project's data (configs/, expect-scripts/, guest/, db/schema.sql):
 * $BISECTABLE_HOME, else <bindir>/../share/bisectable of an installed
 * binary, else the directory of the binary (a checkout).
 */
const char *project_dir(void);
char *project_path(const char *rel);		/* allocated */
/* 1 when the data was found in <bindir>/../share/bisectable. */
int project_installed(void);
/*
 * The database when no --db is given (allocated): db/bisectable.db of the
 * checkout, or $XDG_DATA_HOME/bisectable/bisectable.db (default
 * ~/.local/share/bisectable/) of an installed binary.
 */
char *default_db_path(void);
/*
 * Logs of one run (allocated; not created): <db dir>/logs/run-N for the
 * database that logged first in its directory (named in logs/.database),
 * <db dir>/logs/<name without .db>/run-N for any other: two databases in
 * one directory never share a run's logs, and the first keeps the layout
 * it always had.
 */
char *run_log_dir(const char *db_path, long long run_id);
/* Logs of one commit of a run: <run_log_dir>/<pos>-<sha12>/, created. */
char *commit_log_dir(const char *db_path, long long run_id, int position, const char *sha);
/* The O= directory of one configuration for one work tree, in the cache. */
char *build_dir(const char *work_dir, const char *config);

/*
 * The cache: $BISECTABLE_CACHE, else $XDG_CACHE_HOME/bisectable, else
 * ~/.cache/bisectable (created; allocated).
 */
char *cache_dir(void);

#endif
