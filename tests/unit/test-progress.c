// SPDX-License-Identifier: GPL-2.0
/*
 * The live progress lines: their format, their drawing, and run_parallel()
 * with them copying the children's lines whole while a helper of theirs
 * still holds the pipe.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "db/db.h"
#include "step/progress.h"
#include "lib/run-parallel.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"

static void test_format(void)
{
	struct progress_cell cells[] = {
		{ .config = "up", .stage = "build", .elapsed = 62, .eta = -1 },
		{ .config = "smp-full", .stage = "boot", .elapsed = 5, .eta = 541 },
	};
	char buf[256], small[8];
	size_t len;

	len = progress_format(buf, sizeof(buf), 3, 11, &cells[0], 0);
	is_str(buf, "[3/11] up       build  1m02s", "position, configuration, stage and time");
	is_int((int)len, (int)strlen(buf), "the length returned is the length written");
	progress_format(buf, sizeof(buf), 3, 11, &cells[1], 0);
	is_str(buf, "[3/11] smp-full boot   0m05s, about 10m left", "an estimate once known");
	len = progress_format(buf, sizeof(buf), 3, 11, &cells[1], 20);
	is_int((int)len, 19, "cut to one less than the terminal width");
	is_str(buf, "[3/11] smp-full boo", "cut, still terminated");
	len = progress_format(small, sizeof(small), 3, 11, &cells[1], 0);
	ok(len < sizeof(small) && small[len] == '\0', "a small buffer is not overrun");
	cells[0].config = "u\033]0;x\007";	/* a configuration name from a merged database */
	progress_format(buf, sizeof(buf), 3, 11, &cells[0], 0);
	is_str(buf, "[3/11] u\\033]0;x\\a build  1m02s", "a name's control characters written out");
}

/* A child that prints two lines in pieces, leaves a helper holding its stderr, and exits. */
static int child(void *data)
{
	const char *name = data;

	dprintf(2, "  %s build", name);
	usleep(300000);
	dprintf(2, " pass\n  %s boot pass\n", name);
	if (!fork()) {	/* the helper: outlives its parent, keeps the pipe */
		close_all_but_stderr();	/* not prove's pipes */
		sleep(30);
		_exit(0);
	}
	return !strcmp(name, "smp") ? 1 : 0;
}

/* A database with a run of configurations up and smp, and its commit 1. */
static char *make_db(const char *dir, long long *run_id, long long *commit_id)
{
	struct run_info run = { .series = "s", .series_kind = "patches", .work_dir = "/w",
				.base_version = "6.12", .base_sha = "b", .configs = "up,smp",
				.options = "" };
	char *db_path = xasprintf("%s/t.db", dir);
	sqlite3 *db = db_open(db_path);

	*run_id = db_insert_run(db, &run);
	*commit_id = db_commit_set(db, *run_id, 1, "aaa", "t", "one", NULL, NULL);
	db_close(db);
	return db_path;
}

/* Our stderr into a file while f runs; the file's contents into out. */
static void capture_stderr(const char *path, struct strbuf *out, void (*f)(void *), void *arg)
{
	int saved, fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fd, STDERR_FILENO);
	f(arg);
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(fd);
	strbuf_reset(out);
	strbuf_read_file(out, path);
	unlink(path);
}

struct wait_args {
	struct run_job *jobs;
	struct progress *p;
	int ret;
};

static void run_jobs(void *arg)
{
	struct wait_args *a = arg;
	struct run_parallel_opts opts = { .capture = 1, .on_line = progress_on_line,
					  .on_tick = progress_on_tick, .ctx = a->p };

	a->ret = run_parallel(a->jobs, 2, &opts);
	progress_end(a->p);
}

static void test_wait(const char *dir)
{
	struct run_job jobs[] = { { .name = "up", .fn = child, .data = "up" },
				  { .name = "smp", .fn = child, .data = "smp" } };
	struct progress p;
	struct wait_args args = { .jobs = jobs, .p = &p };
	struct strbuf out = STRBUF_INIT;
	long long run_id, commit_id;
	char *db_path = make_db(dir, &run_id, &commit_id), *out_path = xasprintf("%s/e", dir);
	time_t t0 = time(NULL);

	progress_begin(&p, db_path, run_id, commit_id, 1, 4);
	capture_stderr(out_path, &out, run_jobs, &args);
	is_int(args.ret, 0, "run_parallel with the progress display");
	ok(time(NULL) - t0 < 10, "returns when the children exit, not when their helpers do");
	is_int(jobs[0].status, 0, "up's exit status is kept");
	is_int(jobs[1].status, 1, "so is smp's");
	ok(strstr(out.buf, "  up build pass\n") != NULL,
	   "a line written in two pieces comes out whole");
	ok(strstr(out.buf, "  smp boot pass\n") != NULL, "every line comes out");
	ok(strstr(out.buf, "[1/4] up       build  0m00s\n[1/4] smp      build  0m00s") != NULL,
	   "the status lines are drawn");
	ok(out.len >= 4 && !strcmp(out.buf + out.len - 4, "\r\033[K"), "and cleared at the end");
	strbuf_release(&out);
	unlink(db_path);
	free(db_path);
	free(out_path);
}

struct display_args {
	struct progress *p;
	struct run_job *jobs;
};

static void display(void *arg)
{
	struct display_args *a = arg;

	progress_on_tick(a->p, a->jobs, 3);
	/* A child's line (evidence of a build) with a control sequence in it. */
	progress_on_line(a->p, &a->jobs[1], "  smp build pass\033[2J\n", 21);
	a->jobs[0].ended = a->jobs[0].started + 5;
	progress_on_tick(a->p, a->jobs, 3);
	progress_end(a->p);
}

/* The block of status lines drawn, a line printed above it, redrawn, cleared. */
static void test_display(const char *dir)
{
	double now = now_seconds();
	struct run_job jobs[] = {
		{ .name = "up", .pid = 1, .started = now - 62.5 },
		{ .name = "smp", .pid = 1, .started = now - 3.5 },
		{ .name = "kasan" },	/* not started yet */
	};
	struct progress p;
	struct display_args args = { .p = &p, .jobs = jobs };
	struct strbuf out = STRBUF_INIT;
	long long run_id, commit_id;
	char *db_path = make_db(dir, &run_id, &commit_id), *out_path = xasprintf("%s/e", dir);
	const char *block = "[1/4] up       build  1m02s\n[1/4] smp      build  0m03s\n"
			    "[1/4] kasan    queued 0m00s";
	const char *block2 = "[1/4] up       build  0m05s\n[1/4] smp      build  0m03s\n"
			     "[1/4] kasan    queued 0m00s";
	char *want = xasprintf("\r\033[K%s\r\033[K\033[A\033[K\033[A\033[K  smp build pass\\033[2J\n%s"
			       "\r\033[K\033[A\033[K\033[A\033[K%s\r\033[K\033[A\033[K\033[A\033[K",
			       block, block, block2);

	progress_begin(&p, db_path, run_id, commit_id, 1, 4);
	capture_stderr(out_path, &out, display, &args);
	is_str(out.buf, want, "drawn, a line above it (its ESC written out), redrawn with the time"
	       " a job took, cleared");
	free(want);
	strbuf_release(&out);
	unlink(db_path);
	free(db_path);
	free(out_path);
}

int main(void)
{
	char dir[] = "/tmp/bisectable-progress.XXXXXX";

	signal(SIGCHLD, SIG_DFL);
	test_format();
	if (!mkdtemp(dir))
		return 1;
	test_wait(dir);
	test_display(dir);
	rmdir(dir);
	return done_testing();
}
