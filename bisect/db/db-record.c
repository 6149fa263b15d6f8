// SPDX-License-Identifier: GPL-2.0
/*
 * db-record.c - a run's rows (db.h): the run, its configurations, its
 * commits, each stage's result, the metrics, warnings and .config of a build.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-row.h"
#include "lib/util.h"

long long db_insert_run(sqlite3 *db, const struct run_info *run)
{
	char host[256] = "unknown";
	const char *version = BISECTABLE_VERSION, *host_name = host;
	sqlite3_stmt *st;
	char *now = now_iso8601();
	long long id;

	gethostname(host, sizeof(host) - 1);
	st = db_prepare(db,
		"INSERT INTO runs (series, series_kind, repo, work_dir, base_version, base_sha,"
		" tip_sha, configs, options, started_at, state, tool_version, host, kind, uuid)"
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, COALESCE(?, 'series'),"
		" lower(hex(randomblob(16))))");
	DB_BIND(st, 1, DB_COL(run->series), DB_COL(run->series_kind), DB_COL(run->repo),
		DB_COL(run->work_dir), DB_COL(run->base_version), DB_COL(run->base_sha),
		DB_COL(run->tip_sha), DB_COL(run->configs), DB_COL(run->options), DB_COL(now),
		DB_COL(version), DB_COL(host_name), DB_COL(run->kind));
	db_done(db, st);
	id = sqlite3_last_insert_rowid(db);
	free(now);
	return id;
}

/*
 * The run configuration changes (derived configurations joined); what the
 * document holds beside it, the series' "mail" (input/series-mail.h), stays.
 */
void db_run_set_options(sqlite3 *db, long long run_id, const char *configs, const char *options)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE runs SET configs = ?1, options ="
				      " CASE WHEN json_valid(options) AND json_valid(?2) AND"
				      " json_type(options, '$.mail') = 'object'"
				      " THEN json_set(?2, '$.mail', json(json_extract(options, '$.mail')))"
				      " ELSE ?2 END WHERE id = ?3");

	DB_BIND(st, 1, DB_COL(configs), DB_COL(options), DB_COL(run_id));
	db_done(db, st);
}

void db_run_config_put(sqlite3 *db, long long run_id, const char *config, int derived,
		       int stages, const char *fragment, const char *covers)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT OR REPLACE INTO run_configs (run_id, config, origin, stages, fragment,"
		" covers) VALUES (?, ?, ?, ?, ?, ?)");

	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	db_bind_text(st, 3, derived ? "derived" : "given");
	DB_BIND(st, 4, DB_COL(stages), DB_COL(fragment), DB_COL(covers));
	db_done(db, st);
}

void db_run_config_changes(sqlite3 *db, long long run_id, const char *config, const char *spec,
			   const char *changes)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT INTO run_configs (run_id, config, spec, changes) VALUES (?1, ?2, ?3, ?4)"
		" ON CONFLICT (run_id, config) DO UPDATE SET spec = ?3,"
		" changes = coalesce(changes, ?4)");

	DB_BIND(st, 1, DB_COL(run_id), DB_COL(config), DB_COL(spec), DB_COL(changes));
	db_done(db, st);
}

char *db_run_config_changes_get(sqlite3 *db, long long run_id, const char *config)
{
	sqlite3_stmt *st;
	char *changes = NULL;

	if (!db_has_column(db, "run_configs", "changes"))
		return NULL;
	st = db_prepare(db, "SELECT changes FROM run_configs WHERE run_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		changes = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return changes;
}

int db_load_run(sqlite3 *db, long long id, struct run_info *run)
{
	sqlite3_stmt *st;
	int ret = -1;

	memset(run, 0, sizeof(*run));
	st = db_prepare(db,
		"SELECT id, series, series_kind, repo, work_dir, base_version, base_sha, tip_sha,"
		" configs, options, started_at, ended_at, state, tool_version, host FROM runs"
		" WHERE id = ?1 OR (?1 = 0 AND id = (SELECT MAX(id) FROM runs))");
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(run->id), DB_COL(run->series), DB_COL(run->series_kind),
			DB_COL(run->repo), DB_COL(run->work_dir), DB_COL(run->base_version),
			DB_COL(run->base_sha), DB_COL(run->tip_sha), DB_COL(run->configs),
			DB_COL(run->options), DB_COL(run->started_at), DB_COL(run->ended_at),
			DB_COL(run->state), DB_COL(run->tool_version), DB_COL(run->host));
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}

void db_finish_run(sqlite3 *db, long long id, const char *state, const char *tip_sha)
{
	sqlite3_stmt *st;
	char *now = now_iso8601();

	st = db_prepare(db, "UPDATE runs SET state = ?, ended_at = ?, tip_sha = COALESCE(?, tip_sha)"
			" WHERE id = ?");
	DB_BIND(st, 1, DB_COL(state), DB_COL(now), DB_COL(tip_sha), DB_COL(id));
	db_done(db, st);
	free(now);
}

int db_run_has_builds(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT 1 FROM results WHERE run_id = ?"
				      " AND stage = 'build' AND status IN ('pass', 'fail') LIMIT 1");
	int yes;

	sqlite3_bind_int64(st, 1, run_id);
	yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}

void run_info_free(struct run_info *run)
{
	free(run->series);
	free(run->series_kind);
	free(run->repo);
	free(run->work_dir);
	free(run->base_version);
	free(run->base_sha);
	free(run->tip_sha);
	free(run->configs);
	free(run->options);
	free(run->started_at);
	free(run->ended_at);
	free(run->state);
	free(run->tool_version);
	free(run->host);
	free(run->kind);
	memset(run, 0, sizeof(*run));
}

long long db_commit_id(sqlite3 *db, long long run_id, int position)
{
	sqlite3_stmt *st;
	long long id = 0;

	st = db_prepare(db, "SELECT id FROM commits WHERE run_id = ? AND position = ?");
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int(st, 2, position);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/*
 * Record the commit at a position. A different sha at a known position is an
 * amended commit (the fix-up workflow): its old results no longer apply.
 */
long long db_commit_set(sqlite3 *db, long long run_id, int position, const char *sha,
			const char *tree, const char *subject, const char *author,
			const char *patch)
{
	long long id = db_commit_id(db, run_id, position);
	sqlite3_stmt *st;

	if (!id) {
		st = db_prepare(db, "INSERT INTO commits (run_id, position, sha, tree, subject,"
				" author, patch) VALUES (?, ?, ?, ?, ?, ?, ?)");
		DB_BIND(st, 1, DB_COL(run_id), DB_COL(position), DB_COL(sha), DB_COL(tree),
			DB_COL(subject), DB_COL(author), DB_COL(patch));
		db_done(db, st);
		return sqlite3_last_insert_rowid(db);
	}
	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ?1 AND EXISTS"
			" (SELECT 1 FROM commits WHERE id = ?1 AND sha IS NOT ?2)");
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, sha);
	db_done(db, st);
	st = db_prepare(db, "UPDATE commits SET sha = ?, tree = ?, subject = COALESCE(?, subject),"
			" author = COALESCE(?, author), patch = COALESCE(?, patch) WHERE id = ?");
	DB_BIND(st, 1, DB_COL(sha), DB_COL(tree), DB_COL(subject), DB_COL(author), DB_COL(patch),
		DB_COL(id));
	db_done(db, st);
	return id;
}

void db_commit_mail(sqlite3 *db, long long commit_id, const char *message_id,
		    const char *references)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE commits SET message_id = ?,"
				      " mail_references = ? WHERE id = ?");

	DB_BIND(st, 1, DB_COL(message_id), DB_COL(references), DB_COL(commit_id));
	db_done(db, st);
}

long long db_result_set(sqlite3 *db, long long run_id, long long commit_id,
			const struct result_row *row)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "DELETE FROM results WHERE commit_id = ? AND config = ? AND stage = ?");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(row->config), DB_COL(row->stage));
	db_done(db, st);

	st = db_prepare(db, "INSERT INTO results (run_id, commit_id, config, stage, status,"
			" duration, evidence, log_path, reproduce, cache_key, image_key, cached_from,"
			" known, failed_tries) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?13,"
			" ?5 IN ('fail', 'timeout'))");
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(commit_id), DB_COL(row->config), DB_COL(row->stage),
		DB_COL(row->status), DB_COL(row->duration), DB_COL(row->evidence),
		DB_COL(row->log_path), DB_COL(row->reproduce), DB_COL(row->cache_key),
		DB_COL(row->image_key));
	if (row->cached_from)
		sqlite3_bind_int64(st, 12, row->cached_from);
	else
		sqlite3_bind_null(st, 12);
	db_bind_text(st, 13, row->known);
	db_done(db, st);
	return sqlite3_last_insert_rowid(db);
}

void db_metric_put(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const struct metric_sample *m)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO metrics (commit_id, config, source, name,"
			" value, unit, better, noise_pct, spread_pct, noisy)"
			" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(source), DB_COL(m->name),
		DB_COL(m->value), DB_COL(m->unit), DB_COL(m->better));
	if (m->noise_pct >= 0)
		sqlite3_bind_double(st, 8, m->noise_pct);
	if (m->spread_pct >= 0)
		sqlite3_bind_double(st, 9, m->spread_pct);
	sqlite3_bind_int(st, 10, m->noise_pct >= 0 && m->spread_pct > m->noise_pct);
	db_done(db, st);
}

void db_metric_set(sqlite3 *db, long long commit_id, const char *config, const char *source,
		   const char *name, double value)
{
	/* Undeclared: no unit, no direction, no noise floor, one sample. */
	struct metric_sample m = { .name = name, .value = value, .noise_pct = -1,
				   .spread_pct = -1 };

	db_metric_put(db, commit_id, config, source, &m);
}

void db_warnings_clear(sqlite3 *db, long long commit_id, const char *config)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "DELETE FROM warnings WHERE commit_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, commit_id);
	db_bind_text(st, 2, config);
	db_done(db, st);
}

void db_warning_add(sqlite3 *db, long long commit_id, const char *config, const char *object,
		    const char *message)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT INTO warnings (commit_id, config, object, message)"
			" VALUES (?, ?, ?, ?)");
	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(object), DB_COL(message));
	db_done(db, st);
}

void db_kconfig_set(sqlite3 *db, long long result_id, const char *dotconfig,
		    const char *compiled)
{
	sqlite3_stmt *st;

	st = db_prepare(db, "INSERT OR REPLACE INTO kconfigs (result_id, dotconfig, compiled)"
			" VALUES (?, ?, ?)");
	DB_BIND(st, 1, DB_COL(result_id), DB_COL(dotconfig), DB_COL(compiled));
	db_done(db, st);
}
