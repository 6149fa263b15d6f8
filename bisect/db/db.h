/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db.h - the SQLite store of runs, commits, per-stage results, smoke tests
 * and metrics. Schema: db/schema.sql (embedded at build time).
 */
#ifndef BISECT_DB_H
#define BISECT_DB_H

#include <sqlite3.h>

#include "db/db-schema.h"
#include "db/db-stmt.h"

#define DEFAULT_DB_PATH "db/bisectable.db"
/* The first schema version whose runs have an identity (runs.uuid). */
#define DB_VERSION_RUN_UUID	10

struct run_info {
	long long id;
	char *series;
	char *series_kind;
	char *repo;
	char *work_dir;
	char *base_version;
	char *base_sha;
	char *tip_sha;
	char *configs;
	char *options;
	char *started_at;
	char *ended_at;
	char *state;
	char *tool_version;
	char *host;
	char *kind;		/* "series" (NULL) or "bisect"; written, not loaded */
};

/*
 * 0 if path is a regular file or names nothing yet; else -1 with a message.
 * A FIFO would block SQLite's open forever, a device (/dev/null) would get
 * a -journal beside it: neither is opened.
 */
int db_check_file(const char *path);
/* Open (creating it and its schema if needed); dies with a clear message. */
sqlite3 *db_open(const char *path);
/* Open an existing database to read only (no schema, no migration); dies on errors. */
sqlite3 *db_open_readonly(const char *path);
/* file:PATH?immutable=1, the path percent-encoded as a URI wants it (allocated). */
char *db_immutable_uri(const char *path);
void db_close(sqlite3 *db);
/*
 * The file a log path of the database in db_dir names (relative to db_dir,
 * symlinks resolved), allocated, if it lies inside <db_dir>/logs; else NULL.
 * A path in a database is data (it may come from another machine's
 * database): nothing outside the database's own logs is ever opened.
 */
char *db_log_file(const char *db_dir, const char *path);
/* db_log_file() of db's own directory, and only a regular file there. */
char *db_own_log(sqlite3 *db, const char *path);

long long db_insert_run(sqlite3 *db, const struct run_info *run);
/* A run's configurations and run configuration, once derived ones joined. */
void db_run_set_options(sqlite3 *db, long long run_id, const char *configs, const char *options);
/*
 * A configuration's spec (config-spec.h) and what base.config and
 * olddefconfig changed in its start: the first changes recorded stay.
 */
void db_run_config_changes(sqlite3 *db, long long run_id, const char *config, const char *spec,
			   const char *changes);
/* Those changes (allocated), or NULL. */
char *db_run_config_changes_get(sqlite3 *db, long long run_id, const char *config);
/* A run_configs row: derived or given, verified at stages (2 or 4). */
void db_run_config_put(sqlite3 *db, long long run_id, const char *config, int derived,
		       int stages, const char *fragment, const char *covers);
/* id 0 loads the latest run. Returns 0, or -1 if there is no such run. */
int db_load_run(sqlite3 *db, long long id, struct run_info *run);
void db_finish_run(sqlite3 *db, long long id, const char *state, const char *tip_sha);
void run_info_free(struct run_info *run);
/* 1 if some build of the run finished (passed or failed), as recorded. */
int db_run_has_builds(sqlite3 *db, long long run_id);

long long db_commit_set(sqlite3 *db, long long run_id, int position, const char *sha,
			const char *tree, const char *subject, const char *author,
			const char *patch);
long long db_commit_id(sqlite3 *db, long long run_id, int position);
/* The patch mail's Message-ID and References ("<id> ..."), either NULL if none. */
void db_commit_mail(sqlite3 *db, long long commit_id, const char *message_id,
		    const char *references);

struct result_row {
	const char *config;
	const char *stage;
	const char *status;
	double duration;
	const char *evidence;
	const char *log_path;
	const char *reproduce;
	const char *cache_key;
	const char *image_key;
	long long cached_from;	/* 0 for none */
	const char *known;	/* the known failures it met, a line each; NULL: none */
};

/* Replace the result of one cell (and the tests that hung off it). */
long long db_result_set(sqlite3 *db, long long run_id, long long commit_id,
			const struct result_row *row);
/* source: "build" (kbuild), "guest" (the console) or "series" (its metrics file). */
void db_metric_set(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const char *name, double value);
/* A figure with what makes it a performance verdict (schema.sql, table metrics). */
struct metric_sample {
	const char *name;
	double value;		/* the median of the boot's samples */
	const char *unit;	/* NULL: undeclared */
	const char *better;	/* "lower", "higher" or NULL: undeclared */
	double noise_pct;	/* declared noise floor, -1 if none */
	double spread_pct;	/* (max - min) / median of the samples, -1 for one sample */
};
/* Insert or replace one metric; noisy is set when spread_pct exceeds noise_pct. */
void db_metric_put(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const struct metric_sample *m);
void db_warnings_clear(sqlite3 *db, long long commit_id, const char *config);
void db_warning_add(sqlite3 *db, long long commit_id, const char *config, const char *object,
		    const char *message);
/*
 * What a build's coverage is judged by (table kconfigs): its .config lines,
 * and the tree's files its objects depend on (NULL: not known).
 */
void db_kconfig_set(sqlite3 *db, long long result_id, const char *dotconfig,
		    const char *compiled);

#endif
