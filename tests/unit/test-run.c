// SPDX-License-Identifier: GPL-2.0
/*
 * test-run.c - a run's preparation and record (run/run.c) without a
 * kernel: the paths git's --exec line must carry, where the series'
 * metrics come from, and a range of a user's repository (a tiny one):
 * what is refused, the work tree a run gets (its own per repository, and
 * per job with BISECTABLE_WORK_TAG), and the run and commits recorded.
 * Needs git; works in a temporary directory (BISECTABLE_CACHE points there).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/db.h"
#include "input/run-config.h"
#include "run/run.h"
#include "lib/util.h"
#include "scratch.h"
#include "quiet.h"
#include "tap.h"

static char *tmp;

static void put(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", tmp, rel);

	if (write_file(path, text, strlen(text)) < 0)
		diag("cannot write %s", path);
	free(path);
}

/* f(arg) with stderr silenced. */
static int quietly(int (*f)(void *), void *arg)
{
	int saved = stderr_to(NULL), ret = f(arg);

	stderr_back(saved);
	return ret;
}

static int exec_paths(void *db_path)
{
	return run_check_exec_paths(db_path);
}

static void test_exec_paths(void)
{
	is_int(quietly(exec_paths, "runs.db"), 0,
	       "a plain database path fits on git's --exec line");
	is_int(quietly(exec_paths, "a\nb.db"), -1, "one with a line break is refused");
	is_int(quietly(exec_paths, "a\rb.db"), -1, "and one with a carriage return");
}

static void test_load_metrics(void)
{
	struct run_target t = { 0 };
	struct run_config rc;
	char *series = xasprintf("%s/series", tmp), *other = xasprintf("%s/other-metrics", tmp);

	mkdir_p(series);
	run_config_init(&rc);
	is_int(run_load_metrics(&rc, &t), 0, "no series, no metrics file: none");
	t.series = series;
	is_int(run_load_metrics(&rc, &t), 0, "a series without a metrics file: none");
	is_int((int)rc.nmetrics, 0, "and no metric");
	put("series/metrics", "metric beside git-grep -e x\n");
	is_int(run_load_metrics(&rc, &t), 0, "the metrics file beside the patches");
	ok(rc.nmetrics == 1 && !strcmp(rc.metrics[0].name, "beside"), "is read");
	run_config_free(&rc);
	run_config_init(&rc);
	put("other-metrics", "metric given git-grep -e y\n");
	t.metrics = other;
	is_int(run_load_metrics(&rc, &t), 0, "--metrics FILE");
	ok(rc.nmetrics == 1 && !strcmp(rc.metrics[0].name, "given"),
	   "is read instead of the series' own");
	run_config_free(&rc);
	free(series);
	free(other);
}

struct prepare_args {
	struct run *r;
	struct run_target *t;
	struct run_config *rc;
};

static int prepare(void *arg)
{
	struct prepare_args *a = arg;

	return run_prepare(a->r, a->t, a->rc);
}

/* run_prepare on a range of repo, stderr silenced; r is released after. */
static int prepare_range(const char *repo, const char *range, sqlite3 *db,
			 struct run_config *rc, char **work_dir)
{
	struct run r = RUN_INIT;
	struct run_target t = { .repo = repo, .range = range };
	struct prepare_args a = { &r, &t, rc };
	int ret;

	r.db = db;
	ret = quietly(prepare, &a);
	if (work_dir)
		*work_dir = r.work_dir ? xstrdup(r.work_dir) : NULL;
	if (r.lock_fd >= 0)
		close(r.lock_fd);
	run_release(&r);
	return ret;
}

static void test_range(void)
{
	char *repo = xasprintf("%s/user/linux", tmp), *db_path = xasprintf("%s/runs.db", tmp);
	char *work, *want, *tagged;
	struct run r = RUN_INIT;
	struct run_target t = { .range = "HEAD~2..HEAD" };
	struct run_config rc;
	sqlite3 *db;
	pid_t pid;
	int status = 0;

	mkdir_p(repo);
	git(repo, NULL, "init", "-q", NULL);
	commit_file(repo, "Makefile", "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\n", "base");
	commit_file(repo, "a.c", "int a;\n", "sched: add a");
	commit_file(repo, "b.c", "int b;\n", "sched: add b");
	db = db_open(db_path);
	run_config_init(&rc);

	is_int(prepare_range(repo, "HEAD~2", db, &rc, NULL), -1, "a range needs its '..'");
	is_int(prepare_range(repo, "HEAD..HEAD~2", db, &rc, NULL), -1,
	       "a reversed range is refused");
	is_int(prepare_range(repo, "HEAD..HEAD", db, &rc, NULL), -1, "an empty range is refused");
	is_int(prepare_range(repo, "nosuch..HEAD", db, &rc, NULL), -1,
	       "a base that is not there is refused");

	setenv("BISECTABLE_WORK_TAG", "job-1", 1);
	is_int(prepare_range(repo, "HEAD~1..", db, &rc, &tagged), 0,
	       "BASE.. is BASE..HEAD");
	unsetenv("BISECTABLE_WORK_TAG");
	ok(tagged && strlen(tagged) > 6 && !strcmp(tagged + strlen(tagged) - 6, "-job-1"),
	   "a job's work tree carries its work tag: %s", tagged ? tagged : "(none)");

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct run r2 = RUN_INIT;
		struct run_target t2 = { .repo = repo, .range = "HEAD~1..HEAD" };
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 2);
		setenv("BISECTABLE_WORK_TAG", "../escape", 1);
		r2.db = db;
		run_prepare(&r2, &t2, &rc);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) != 0,
	   "a work tag that is not a plain name is refused");

	r.db = db;
	r.db_path = db_path;
	t.repo = repo;
	is_int(quietly(prepare, &(struct prepare_args){ &r, &t, &rc }), 0,
	       "a range of two commits is prepared");
	work = r.work_dir ? xstrdup(r.work_dir) : xstrdup("");
	want = xasprintf("%s/cache/work/linux-", tmp);
	ok(!strncmp(work, want, strlen(want)) && strlen(work) == strlen(want) + 8,
	   "in a work tree of its own, <cache>/work/<name>-<hash>: %s", work);
	ok(tagged && strcmp(tagged, work), "another than the job's");
	is_str(r.info.series_kind, "range", "its kind");
	is_str(r.info.base_version, "6.12.3", "the base's version, from its Makefile");
	run_record(&r);
	ok(r.id > 0 && r.ncommits == 2, "recorded: the run and its two commits");
	is_int(count(db, "SELECT COUNT(*) FROM runs WHERE series_kind = 'range' AND"
		     " series = 'HEAD~2..HEAD' AND configs = 'up,smp' AND state = 'running'"),
	       1, "the run: its range, its configurations, running");
	is_int(count(db, "SELECT COUNT(*) FROM commits WHERE (position = 1 AND subject ="
		     " 'sched: add a') OR (position = 2 AND subject = 'sched: add b' AND author ="
		     " 'Ann <ann@example.org>')"), 2,
	       "the commits by position, subject and author");
	{
		char *owner = run_owner_state(work);

		is_str(owner, "running", "the work tree's owner file says the run is running");
		free(owner);
	}
	if (r.lock_fd >= 0)
		close(r.lock_fd);
	run_release(&r);
	db_close(db);
	run_config_free(&rc);
	free(work);
	free(want);
	free(tagged);
	free(repo);
	free(db_path);
}

int main(void)
{
	tmp = scratch_git_tmp("run");
	scratch_cache(tmp);
	unsetenv("BISECTABLE_WORK_TAG");
	test_exec_paths();
	test_load_metrics();
	test_range();
	remove_tree(tmp);
	return done_testing();
}
