// SPDX-License-Identifier: GPL-2.0
/*
 * db-codeprint.c - the statements of table codeprints and commits.message
 * (db-codeprint.h). A symbol table is some 17,000 lines for a tinyconfig
 * kernel: it is kept deflated (zlib), about a quarter of its size.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "db/db-codeprint.h"
#include "db/db-row.h"
#include "db/db-schema.h"
#include "db/db-stmt.h"
#include "lib/util.h"

static void bind_deflated(sqlite3_stmt *st, int idx, const char *text)
{
	uLongf len;
	Bytef *out;

	if (!text) {
		sqlite3_bind_null(st, idx);
		return;
	}
	len = compressBound(strlen(text));
	out = xmalloc(len);
	if (compress2(out, &len, (const Bytef *)text, strlen(text), 6) != Z_OK)
		die("zlib: cannot compress a symbol table");
	sqlite3_bind_blob(st, idx, out, len, SQLITE_TRANSIENT);
	free(out);
}

/* The inflated text of column col, NULL for NULL or a blob that does not inflate. */
static char *column_inflated(sqlite3_stmt *st, int col)
{
	const void *in = sqlite3_column_blob(st, col);
	int inlen = sqlite3_column_bytes(st, col);
	struct strbuf out = STRBUF_INIT;
	z_stream z = { 0 };
	int ret = Z_OK;

	if (!in)
		return NULL;
	if (inflateInit(&z) != Z_OK)
		return NULL;
	z.next_in = (Bytef *)in;
	z.avail_in = inlen;
	while (ret == Z_OK) {
		strbuf_grow(&out, 65536);
		z.next_out = (Bytef *)out.buf + out.len;
		z.avail_out = out.alloc - out.len - 1;
		ret = inflate(&z, Z_NO_FLUSH);
		out.len = (char *)z.next_out - out.buf;
		if (ret == Z_BUF_ERROR && z.avail_in)
			ret = Z_OK;
	}
	inflateEnd(&z);
	out.buf[out.len] = '\0';
	if (ret != Z_STREAM_END) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

void db_codeprint_put(sqlite3 *db, long long result_id, const struct codeprint *cp)
{
	sqlite3_stmt *st = db_prepare(db, "INSERT OR REPLACE INTO codeprints (result_id,"
				      " image_sha, vmlinux_sha, sections, nsymbols, seconds,"
				      " symbols, bug_entries) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

	DB_BIND(st, 1, DB_COL(result_id), DB_COL(cp->image_sha), DB_COL(cp->vmlinux_sha),
		DB_COL(cp->sections), DB_COL(cp->nsymbols), DB_COL(cp->seconds));
	bind_deflated(st, 7, cp->symbols);
	bind_deflated(st, 8, cp->bug_entries);
	db_done(db, st);
}

long long db_codeprint_find(sqlite3 *db, const char *vmlinux_sha, const char *image_sha)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT result_id FROM codeprints WHERE vmlinux_sha = ?"
				      " AND image_sha = ? ORDER BY result_id DESC LIMIT 1");
	long long id = 0;

	DB_BIND(st, 1, DB_COL(vmlinux_sha), DB_COL(image_sha));
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

void db_codeprint_copy(sqlite3 *db, long long result_id, long long origin)
{
	sqlite3_stmt *st = db_prepare(db, "INSERT OR REPLACE INTO codeprints (result_id,"
				      " image_sha, vmlinux_sha, sections, nsymbols, seconds, symbols,"
				      " bug_entries) SELECT ?, image_sha, vmlinux_sha, sections,"
				      " nsymbols, 0, symbols, bug_entries FROM codeprints"
				      " WHERE result_id = ?");

	DB_BIND(st, 1, DB_COL(result_id), DB_COL(origin));
	db_done(db, st);
}

static long long size_metric(sqlite3 *db, long long commit_id, const char *config,
			     const char *name)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT value FROM metrics WHERE commit_id = ?"
				      " AND config = ? AND name = ?");
	long long v = -1;

	DB_BIND(st, 1, DB_COL(commit_id), DB_COL(config), DB_COL(name));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

int db_codeprint_get(sqlite3 *db, long long run_id, int position, const char *config,
		     struct codeprint *cp)
{
	sqlite3_stmt *st;
	long long commit_id = 0;
	int ret = -1;

	memset(cp, 0, sizeof(*cp));
	/* A database of before version 14, opened read-only, has no such table. */
	if (!db_has_column(db, "codeprints", "result_id"))
		return -1;
	st = db_prepare(db, "SELECT c.id, p.image_sha, p.sections, p.nsymbols, p.seconds,"
			" o.duration, p.symbols, p.bug_entries FROM commits c"
			" JOIN results r ON r.commit_id = c.id AND r.config = ? AND r.stage = 'build'"
			" AND r.status = 'pass'"
			" JOIN codeprints p ON p.result_id = COALESCE(r.cached_from, r.id)"
			" JOIN results o ON o.id = p.result_id"
			" WHERE c.run_id = ? AND c.position = ?");
	DB_BIND(st, 1, DB_COL(config), DB_COL(run_id), DB_COL(position));
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(commit_id), DB_COL(cp->image_sha), DB_COL(cp->sections),
			DB_COL(cp->nsymbols), DB_COL(cp->seconds), DB_COL(cp->build_seconds));
		cp->symbols = column_inflated(st, 6);
		cp->bug_entries = column_inflated(st, 7);
		ret = cp->symbols ? 0 : -1;
	}
	sqlite3_finalize(st);
	if (ret) {
		codeprint_release(cp);
		return ret;
	}
	cp->text = size_metric(db, commit_id, config, "text");
	cp->data = size_metric(db, commit_id, config, "data");
	cp->bss = size_metric(db, commit_id, config, "bss");
	return 0;
}

void codeprint_release(struct codeprint *cp)
{
	free(cp->image_sha);
	free(cp->vmlinux_sha);
	free(cp->symbols);
	free(cp->bug_entries);
	free(cp->sections);
	memset(cp, 0, sizeof(*cp));
}

void db_commit_message_set(sqlite3 *db, long long commit_id, const char *message)
{
	sqlite3_stmt *st = db_prepare(db, "UPDATE commits SET message = ? WHERE id = ?");

	DB_BIND(st, 1, DB_COL(message), DB_COL(commit_id));
	db_done(db, st);
}

char *db_commit_message(sqlite3 *db, long long run_id, int position)
{
	sqlite3_stmt *st;
	char *msg = NULL;

	if (!db_has_column(db, "commits", "message"))
		return NULL;
	st = db_prepare(db, "SELECT message FROM commits WHERE run_id = ? AND position = ?");
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(position));
	if (sqlite3_step(st) == SQLITE_ROW)
		DB_READ(st, 0, DB_COL(msg));
	sqlite3_finalize(st);
	return msg;
}

char **db_build_configs(sqlite3 *db, long long run_id, size_t *n)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT DISTINCT config FROM results WHERE run_id = ?"
				      " AND stage = 'build' ORDER BY config");
	char **v = xcalloc(1, sizeof(*v));

	*n = 0;
	sqlite3_bind_int64(st, 1, run_id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		v = xrealloc(v, (*n + 2) * sizeof(*v));
		v[(*n)++] = db_column_dup(st, 0);
		v[*n] = NULL;
	}
	sqlite3_finalize(st);
	return v;
}

int db_commit_brief(sqlite3 *db, long long run_id, int position, char **sha, char **subject)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT sha, subject FROM commits WHERE run_id = ?"
				      " AND position = ?");
	int ret = -1;

	*sha = *subject = NULL;
	DB_BIND(st, 1, DB_COL(run_id), DB_COL(position));
	if (sqlite3_step(st) == SQLITE_ROW) {
		DB_READ(st, 0, DB_COL(*sha), DB_COL(*subject));
		ret = 0;
	}
	sqlite3_finalize(st);
	return ret;
}

int db_count_positions(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT MAX(position) FROM commits WHERE run_id = ?");
	int n = 0;

	sqlite3_bind_int64(st, 1, run_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}
