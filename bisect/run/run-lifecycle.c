// SPDX-License-Identifier: GPL-2.0
/*
 * run-lifecycle.c - what a run finds when it starts: runs whose owner died
 * (still 'running', their work tree's lock free) become 'interrupted', and
 * a work tree the user was working in (after a --stop-on-failure stop) is
 * left alone unless --discard says otherwise; the work tree's lock and
 * owner file; which run a --resume takes up.
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

#include "db/db.h"
#include "db/db-run.h"
#include "input/tree.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "run/run-lifecycle.h"

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

/*
 * 1 if run id was started on this machine. A run merged from another
 * machine's database names a work tree of that machine: whether its
 * bisectable is gone cannot be told from here, and its path is not ours to
 * lock (the same path here may be anything, a directory of the user's).
 */
static int run_is_local(sqlite3 *db, long long id)
{
	char host[256] = "unknown";
	struct run_info run = { 0 };
	int local;

	gethostname(host, sizeof(host) - 1);
	if (db_load_run(db, id, &run) < 0)
		return 0;
	local = run.host && !strcmp(run.host, host);
	run_info_free(&run);
	return local;
}

int run_mark_interrupted(sqlite3 *db)
{
	struct run_ref *runs;
	size_t n = db_runs_running(db, &runs), i;
	int marked = 0;

	for (i = 0; i < n; i++) {
		if (!run_is_local(db, runs[i].id) || !owner_gone(runs[i].work_dir))
			continue;
		db_finish_run(db, runs[i].id, "interrupted", NULL);
		warning("run %lld was left 'running' by a bisectable that is gone: marked "
			"interrupted ('bisectable run --resume %lld' continues it)", runs[i].id,
			runs[i].id);
		marked++;
	}
	run_refs_free(runs, n);
	return marked;
}

int run_lock_work_dir(const char *work_dir)
{
	char *parent = xstrdup(work_dir);
	int fd;

	*strrchr(parent, '/') = '\0';
	mkdir_p(parent);
	free(parent);
	fd = tree_lock(work_dir);
	if (fd < 0)
		error("%s is in use by another bisectable run", work_dir);
	return fd;
}

static char *owner_path(const char *work_dir)
{
	return xasprintf("%s.owner", work_dir);
}

void run_claim_work_dir(const char *work_dir, long long run_id, const char *db_path,
			const char *state)
{
	char *path = owner_path(work_dir), *tmp = xasprintf("%s.tmp", path);
	char *db = db_path ? abspath(db_path) : xstrdup("");
	char *line = xasprintf("%s\t%lld\t%s\n", state, run_id, db);

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
		state = db_last_state_in(db, work_dir);
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

long long run_resumable(sqlite3 *db, long long id)
{
	char *state, *kind;
	long long found = db_resume_candidate(db, id, &state, &kind);

	if (!found) {
		error(id ? "there is no run %lld" : "there is no interrupted or failed run%.0lld",
		      id);
	} else if (!strcmp(kind, "bisect")) {
		error("run %lld is a bisection: run 'bisectable bisect' again (the"
		      " commits it verified come from the result cache)", found);
		found = 0;
	} else if (strcmp(state, "interrupted") && strcmp(state, "failed")) {
		error("run %lld is %s: only an interrupted or failed run can be resumed",
		      found, state);
		found = 0;
	}
	free(state);
	free(kind);
	return found;
}
