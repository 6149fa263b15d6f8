// SPDX-License-Identifier: GPL-2.0
/*
 * run-lifecycle.c - what a run finds when it starts: runs whose owner died
 * (still 'running', their work tree's lock free) become 'interrupted', and
 * a work tree the user was working in (after a --stop-on-failure stop) is
 * left alone unless --discard says otherwise.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"
#include "util.h"

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
			"interrupted", ids[i]);
	}
	free(ids);
	return (int)n;
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
	/* An interrupted or failed run of ours left it: nothing there is the user's. */
	state = last_state(db, work_dir);
	ours = state && (!strcmp(state, "interrupted") || !strcmp(state, "failed"));
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
