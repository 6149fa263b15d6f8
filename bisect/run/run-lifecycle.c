// SPDX-License-Identifier: GPL-2.0
/*
 * run-lifecycle.c - what a run finds when it starts: runs whose owner died
 * (still 'running', their work tree's lock free) become 'interrupted', and
 * a work tree the user was working in (after a --stop-on-failure stop) is
 * left alone unless --discard says otherwise; and taking up a run that
 * did not end (run --resume).
 *
 * Which run last had a work tree is written beside it, in <work_dir>.owner
 * ("STATE<TAB>RUN<TAB>DATABASE"), not only in a database: the work tree
 * and the build cache are shared by every database of the machine (make
 * verify's, a test's, the user's own), so a run killed while it belonged
 * to one database must not read as the user's work to a run of another.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run.h"
#include "lib/util.h"

/* A run still 'running' whose lock nobody holds: its bisectable is gone. */
static int owner_gone(const char *work_dir)
{
	char *path = xasprintf("%s.lock", work_dir);
	int fd = lock_file(path, 0);

	free(path);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

int run_mark_interrupted(sqlite3 *db)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, work_dir FROM runs WHERE state = 'running'"
				     " AND work_dir IS NOT NULL ORDER BY id");
	long long *ids = NULL;
	size_t n = 0, i;

	while (sqlite3_step(q) == SQLITE_ROW) {
		if (!owner_gone(db_column_str(q, 1)))
			continue;
		ids = xrealloc(ids, (n + 1) * sizeof(*ids));
		ids[n++] = sqlite3_column_int64(q, 0);
	}
	sqlite3_finalize(q);
	for (i = 0; i < n; i++) {
		db_finish_run(db, ids[i], "interrupted", NULL);
		warning("run %lld was left 'running' by a bisectable that is gone: marked "
			"interrupted ('bisectable run --resume %lld' continues it)", ids[i], ids[i]);
	}
	free(ids);
	return (int)n;
}

static char *owner_path(const char *work_dir)
{
	return xasprintf("%s.owner", work_dir);
}

void run_claim_work_dir(const struct run *r, const char *state)
{
	char *path = owner_path(r->work_dir), *tmp = xasprintf("%s.tmp", path);
	char *db = r->db_path ? abspath(r->db_path) : xstrdup("");
	char *line = xasprintf("%s\t%lld\t%s\n", state, r->id, db);

	/* Renamed into place: a kill never leaves half a line. */
	if (write_file(tmp, line, strlen(line)) || rename(tmp, path))
		warning("cannot write %s: %s", path, strerror(errno));
	free(line);
	free(db);
	free(tmp);
	free(path);
}

char *run_owner_state(const char *work_dir)
{
	struct strbuf text = STRBUF_INIT;
	char *path = owner_path(work_dir), *state = NULL;

	if (strbuf_read_file(&text, path) >= 0 && text.len)
		state = xstrndup(text.buf, strcspn(text.buf, "\t\n"));
	strbuf_release(&text);
	free(path);
	return state;
}

/* The state of the latest run of this database in work_dir, allocated, or NULL. */
static char *last_state(sqlite3 *db, const char *work_dir)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT state FROM runs WHERE work_dir = ?"
				     " ORDER BY id DESC LIMIT 1");
	char *state = NULL;

	db_bind_text(q, 1, work_dir);
	if (sqlite3_step(q) == SQLITE_ROW)
		state = db_column_dup(q, 0);
	sqlite3_finalize(q);
	return state;
}

static int git_path_exists(const char *work_dir, const char *name)
{
	struct strbuf path = STRBUF_INIT;
	char *abs;
	int ret;

	if (git_quiet(work_dir, &path, "rev-parse", "--git-path", name, NULL) || !path.len) {
		strbuf_release(&path);
		return 0;
	}
	abs = path.buf[0] == '/' ? xstrdup(path.buf) : xasprintf("%s/%s", work_dir, path.buf);
	ret = file_exists(abs);
	free(abs);
	strbuf_release(&path);
	return ret;
}

/* What of the user's is in work_dir: a rebase, an am, changes; "" for nothing. */
static void user_work(const char *work_dir, struct strbuf *what)
{
	struct strbuf status = STRBUF_INIT;

	if (git_path_exists(work_dir, "rebase-merge"))
		strbuf_addstr(what, "  a rebase in progress (a fix-up: 'git rebase --continue' "
			      "verifies it, 'git rebase --abort' gives it up)\n");
	if (git_path_exists(work_dir, "rebase-apply"))
		strbuf_addstr(what, "  a git am or rebase in progress ('git am --continue' or "
			      "'git rebase --continue')\n");
	if (!git_quiet(work_dir, &status, "status", "--porcelain=v1", NULL) && status.len)
		strbuf_addf(what, "  uncommitted or untracked changes:\n%s\n", status.buf);
	strbuf_release(&status);
}

int run_check_user_work(sqlite3 *db, const char *work_dir, int discard)
{
	struct strbuf what = STRBUF_INIT;
	char *dotgit = xasprintf("%s/.git", work_dir), *state;
	int ret = 0, ours;

	if (discard || !file_exists(dotgit)) {
		free(dotgit);
		return 0;
	}
	free(dotgit);
	/*
	 * An interrupted or failed run left it, of this database or another
	 * ('running' in the owner file: that run was killed, as its lock is
	 * ours now): nothing there is the user's. Work trees from before the
	 * owner file have only this database's word.
	 */
	state = run_owner_state(work_dir);
	if (!state)
		state = last_state(db, work_dir);
	ours = state && (!strcmp(state, "interrupted") || !strcmp(state, "failed") ||
			 !strcmp(state, "running"));
	free(state);
	if (!ours)
		user_work(work_dir, &what);
	if (what.len) {
		error("the work tree %s holds work that is not committed:\n%s"
		      "To continue it: cd %s; git rebase --continue (after git commit --amend)\n"
		      "To throw it away: bisectable run --discard ...", work_dir, what.buf,
		      work_dir);
		ret = -1;
	}
	strbuf_release(&what);
	return ret;
}

/* The run to resume: id, or the latest that a kill or an error ended. */
static long long resumable(sqlite3 *db, long long id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT id, state, kind FROM runs WHERE (?1 = 0 AND"
				     " state IN ('interrupted', 'failed') AND kind = 'series')"
				     " OR id = ?1 ORDER BY id DESC LIMIT 1");
	long long found = 0;

	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		const char *state = db_column_str(q, 1);

		if (!strcmp(db_column_str(q, 2), "bisect"))
			error("run %lld is a bisection: run 'bisectable bisect' again (the"
			      " commits it verified come from the result cache)",
			      (long long)sqlite3_column_int64(q, 0));
		else if (strcmp(state, "interrupted") && strcmp(state, "failed"))
			error("run %lld is %s: only an interrupted or failed run can be resumed",
			      (long long)sqlite3_column_int64(q, 0), state);
		else
			found = sqlite3_column_int64(q, 0);
	} else {
		error(id ? "there is no run %lld" : "there is no interrupted or failed run%.0lld",
		      id);
	}
	sqlite3_finalize(q);
	return found;
}

static int count_commits(sqlite3 *db, long long run_id)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT COUNT(*) FROM commits WHERE run_id = ?"
				     " AND position > 0 AND sha IS NOT NULL");
	int n = 0;

	sqlite3_bind_int64(q, 1, run_id);
	if (sqlite3_step(q) == SQLITE_ROW)
		n = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return n;
}

int run_resume(struct run *r, long long id, struct run_config *rc)
{
	sqlite3_stmt *q;

	r->id = resumable(r->db, id);
	if (!r->id || db_load_run(r->db, r->id, &r->info))
		return -1;
	if (run_config_from_json(r->info.options, rc))
		return error("run %lld has no run configuration this bisectable can read",
			     r->id);
	r->rc = rc;
	r->work_dir = xstrdup(r->info.work_dir);
	if (!r->info.tip_sha || !file_exists(r->work_dir))
		return error("run %lld cannot be resumed: its work tree %s is gone", r->id,
			     r->work_dir);
	/* Another run may have had the work tree since, and left the user's fix-up in it. */
	if (run_lock_work_dir(r) || run_check_user_work(r->db, r->work_dir, 0))
		return -1;
	run_claim_work_dir(r, "running");
	if (tree_checkout_clean(r->work_dir, r->info.tip_sha))
		return -1;
	strbuf_addstr(&r->base, r->info.base_sha);
	strbuf_addstr(&r->tip, r->info.tip_sha);
	r->ncommits = count_commits(r->db, r->id);
	q = db_prepare(r->db, "UPDATE runs SET state = 'running', ended_at = NULL WHERE id = ?");
	sqlite3_bind_int64(q, 1, r->id);
	db_done(r->db, q);
	info("resuming run %lld: %d commits on linux %s; recorded results are reused",
	     r->id, r->ncommits, r->info.base_version);
	return 0;
}
