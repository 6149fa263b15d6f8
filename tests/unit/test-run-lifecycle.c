// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-lifecycle.c - what a run finds when it starts (run/run-lifecycle.c):
 * the owner file beside a work tree, runs left 'running' by a bisectable
 * that is gone (their lock free) marked interrupted and the others left
 * alone, the user's work in a work tree refused unless a run of ours left
 * it or --discard, and which runs --resume takes up. Needs git; works in a
 * temporary directory.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "input/run-config.h"
#include "run/run.h"
#include "lib/util.h"
#include "scratch.h"
#include "quiet.h"
#include "tap.h"

static char *tmp;
static int saved_stderr = -1;

/* stderr to /dev/null between quiet() and loud(): the refusals print why. */
static void quiet(void)
{
	saved_stderr = stderr_to(NULL);
}

static void loud(void)
{
	stderr_back(saved_stderr);
}

/* run_mark_interrupted() marks WANT runs, saying why it does not on stderr. */
static void is_marked(sqlite3 *db, int want, const char *what)
{
	quiet();
	is_int(run_mark_interrupted(db), want, "%s", what);
	loud();
}

/* The one call of run_claim_work_dir (its arguments are the run's). */
static void claim(const struct run *r, const char *state)
{
	run_claim_work_dir(r->work_dir, r->id, r->db_path, state);
}

static void exec_sql(sqlite3 *db, const char *sql)
{
	if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
		diag("%s: %s", sql, sqlite3_errmsg(db));
}

/* SET (SQL: "state = 'done'") in the run ID. */
static void update_run(sqlite3 *db, long long id, const char *set)
{
	char *sql = xasprintf("UPDATE runs SET %s WHERE id = %lld", set, id);

	exec_sql(db, sql);
	free(sql);
}

/* A repository with one commit at tmp/NAME; its path (allocated). */
static char *repo(const char *name)
{
	char *dir = xasprintf("%s/%s", tmp, name), *file = xasprintf("%s/%s/f", tmp, name);

	mkdir_p(dir);
	git(dir, NULL, "init", "-q", NULL);
	write_file(file, "a\n", 2);
	git(dir, NULL, "add", "f", NULL);
	git(dir, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a",
	    NULL);
	free(file);
	return dir;
}

static long long add_run(sqlite3 *db, const char *work_dir, const char *tip, const char *options)
{
	struct run_info run = {
		.series = "s", .series_kind = "range", .work_dir = (char *)work_dir,
		.base_version = "6.12", .base_sha = (char *)tip, .tip_sha = (char *)tip,
		.configs = "up", .options = (char *)options,
	};

	return db_insert_run(db, &run);
}

static void test_owner_file(void)
{
	struct run r = RUN_INIT;
	char *state, *path;
	struct strbuf text = STRBUF_INIT;

	r.work_dir = xasprintf("%s/wt", tmp);
	r.db_path = "runs.db";
	r.id = 5;
	state = run_owner_state(r.work_dir);
	ok(state == NULL, "no owner file: no state");
	claim(&r, "running");
	state = run_owner_state(r.work_dir);
	is_str(state, "running", "the state a run claimed its work tree in");
	free(state);
	path = xasprintf("%s.owner", r.work_dir);
	strbuf_read_file(&text, path);
	ok(!strncmp(text.buf, "running\t5\t/", 11) && strstr(text.buf, "/runs.db\n"),
	   "one line: state, run, the database's absolute path");
	claim(&r, "done");
	is_str_free(run_owner_state(r.work_dir), "done", "replaced by how the run ended");
	strbuf_release(&text);
	free(path);
	free(r.work_dir);
}

static void test_mark_interrupted(sqlite3 *db)
{
	char *alive = xasprintf("%s/alive", tmp), *gone = xasprintf("%s/gone", tmp);
	char *lock = xasprintf("%s.lock", alive);
	long long a, g, d;
	int fd = lock_file(lock, 0);
	char *sql;

	a = add_run(db, alive, "t", "{}");
	g = add_run(db, gone, "t", "{}");
	d = add_run(db, gone, "t", "{}");
	update_run(db, d, "state = 'done'");
	is_marked(db, 1, "one run left 'running' by a bisectable that is gone");
	sql = xasprintf("SELECT (SELECT state FROM runs WHERE id = %lld) = 'interrupted' AND"
			" (SELECT state FROM runs WHERE id = %lld) = 'running' AND"
			" (SELECT state FROM runs WHERE id = %lld) = 'done'", g, a, d);
	is_int(count(db, sql), 1, "is interrupted; one whose lock is held, and one done, are not");
	free(sql);
	if (fd >= 0)
		close(fd);
	is_marked(db, 1, "once its lock is free, the other one too");
	exec_sql(db, "DELETE FROM runs");
	free(alive);
	free(gone);
	free(lock);
}

/* A run merged from another machine, left 'running' there: not ours to touch. */
static void test_foreign_running(sqlite3 *db)
{
	char *there = xasprintf("%s/there/important", tmp), *lock = xasprintf("%s.lock", there);
	char *sql, *parent = xasprintf("%s/there", tmp);
	long long f;

	mkdir_p(parent);
	f = add_run(db, there, "t", "{}");
	update_run(db, f, "host = 'another-machine'");
	is_marked(db, 0, "a run of another host left 'running' is not marked");
	ok(!file_exists(lock), "and no lock is made at its path");
	sql = xasprintf("SELECT state = 'running' FROM runs WHERE id = %lld", f);
	is_int(count(db, sql), 1, "it stays 'running'");
	free(sql);
	exec_sql(db, "DELETE FROM runs");
	free(there);
	free(lock);
	free(parent);
}

static void test_user_work(sqlite3 *db)
{
	char *wt = repo("user"), *file = xasprintf("%s/f", wt), *apply;
	struct strbuf gitdir = STRBUF_INIT;
	struct run r = RUN_INIT;

	is_int(run_check_user_work(db, "/nonexistent/work", 0), 0, "no work tree yet: nothing");
	is_int(run_check_user_work(db, wt, 0), 0, "a clean work tree: nothing of the user's");
	write_file(file, "changed\n", 8);
	quiet();
	is_int(run_check_user_work(db, wt, 0), -1, "uncommitted changes are the user's: refused");
	loud();
	is_int(run_check_user_work(db, wt, 1), 0, "unless --discard");
	r.work_dir = wt;
	claim(&r, "interrupted");
	is_int(run_check_user_work(db, wt, 0), 0, "or an interrupted run of ours left them");
	claim(&r, "done");
	quiet();
	is_int(run_check_user_work(db, wt, 0), -1, "a run that ended: they are the user's again");
	loud();
	git(wt, NULL, "checkout", "-q", "--", "f", NULL);
	git(wt, &gitdir, "rev-parse", "--absolute-git-dir", NULL);
	apply = xasprintf("%s/rebase-apply", gitdir.buf);
	mkdir_p(apply);
	quiet();
	is_int(run_check_user_work(db, wt, 0), -1, "a git am in progress is the user's");
	loud();
	free(apply);
	strbuf_release(&gitdir);
	free(file);
	free(wt);
}

static int resume(sqlite3 *db, long long id, struct run_config *rc, int *ncommits)
{
	struct run r = RUN_INIT;
	int ret;

	/* Filled only once the run is found: free rc after, either way. */
	memset(rc, 0, sizeof(*rc));
	r.db = db;
	quiet();
	ret = run_resume(&r, id, rc);
	loud();
	if (ncommits)
		*ncommits = r.ncommits;
	if (r.lock_fd >= 0)
		close(r.lock_fd);
	run_release(&r);
	return ret;
}

static void test_resume(sqlite3 *db)
{
	char *wt = repo("resume"), *options, *sql;
	struct strbuf head = STRBUF_INIT;
	struct run_config rc, back;
	long long done, bisect, gone, id;
	int n = -1;

	run_config_init(&rc);
	options = run_config_to_json(&rc);
	git(wt, &head, "rev-parse", "HEAD", NULL);
	is_int(resume(db, 0, &back, NULL), -1, "nothing interrupted: nothing to resume");
	run_config_free(&back);
	done = add_run(db, wt, head.buf, options);
	update_run(db, done, "state = 'done'");
	is_int(resume(db, done, &back, NULL), -1, "a run that is done is not resumed");
	run_config_free(&back);
	bisect = add_run(db, wt, head.buf, options);
	update_run(db, bisect, "state = 'interrupted', kind = 'bisect'");
	is_int(resume(db, bisect, &back, NULL), -1, "nor a bisection");
	run_config_free(&back);
	gone = add_run(db, "/nonexistent/work", head.buf, options);
	update_run(db, gone, "state = 'failed'");
	is_int(resume(db, gone, &back, NULL), -1, "nor one whose work tree is gone");
	run_config_free(&back);
	id = add_run(db, wt, head.buf, options);
	sql = xasprintf("UPDATE runs SET state = 'interrupted', ended_at = 'x' WHERE id = %lld;"
			" INSERT INTO commits (run_id, position, sha, subject) VALUES"
			" (%lld, 0, 'b', 'base'), (%lld, 1, 'c1', 'one'), (%lld, 2, NULL, 'two')",
			id, id, id, id);
	exec_sql(db, sql);
	free(sql);
	is_int(resume(db, 0, &back, &n), 0, "the latest interrupted run is taken up");
	is_int(n, 1, "with its commits that have a sha, past the base");
	sql = xasprintf("SELECT COUNT(*) FROM runs WHERE id = %lld AND state = 'running' AND"
			" ended_at IS NULL", id);
	is_int(count(db, sql), 1, "running again");
	free(sql);
	ok(back.nconfigs == 2 && !strcmp(back.configs[1], "smp"),
	   "with its configuration read back");
	run_config_free(&back);
	run_config_free(&rc);
	strbuf_release(&head);
	free(options);
	free(wt);
}

int main(void)
{
	char *db_path;
	sqlite3 *db;

	tmp = scratch_git_tmp("lifecycle");
	db_path = xasprintf("%s/runs.db", tmp);
	db = db_open(db_path);
	test_owner_file();
	test_mark_interrupted(db);
	test_foreign_running(db);
	test_user_work(db);
	test_resume(db);
	db_close(db);
	free(db_path);
	remove_tree(tmp);
	return done_testing();
}
