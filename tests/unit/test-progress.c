// SPDX-License-Identifier: GPL-2.0
/*
 * The live progress lines: their format, and progress_wait() copying the
 * children's lines whole while a helper of theirs still holds the pipe.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "progress.h"
#include "util.h"
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
}

/* A child that prints two lines in pieces, leaves a helper holding its stderr, and exits. */
static pid_t spawn(const char *name, int *fd)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds))
		exit(2);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		dprintf(2, "  %s build", name);
		usleep(300000);
		dprintf(2, " pass\n  %s boot pass\n", name);
		if (!fork()) {	/* the helper: outlives its parent, keeps the pipe */
			close(STDOUT_FILENO);	/* but not prove's */
			sleep(30);
			_exit(0);
		}
		_exit(!strcmp(name, "smp") ? 1 : 0);
	}
	close(fds[1]);
	*fd = fds[0];
	return pid;
}

static void test_wait(void)
{
	char dir[] = "/tmp/bisectable-progress.XXXXXX";
	struct run_info run = { .series = "s", .series_kind = "patches", .work_dir = "/w",
				.base_version = "6.12", .base_sha = "b", .configs = "up,smp",
				.options = "" };
	struct progress_child children[2] = { { .config = "up" }, { .config = "smp" } };
	struct strbuf out = STRBUF_INIT;
	char *db_path, *out_path;
	long long run_id, commit_id;
	sqlite3 *db;
	time_t t0;
	int saved, out_fd;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	db_path = xasprintf("%s/t.db", dir);
	out_path = xasprintf("%s/stderr", dir);
	db = db_open(db_path);
	run_id = db_insert_run(db, &run);
	commit_id = db_commit_set(db, run_id, 1, "aaa", "t", "one", NULL, NULL);
	db_close(db);

	children[0].pid = spawn("up", &children[0].fd);
	children[1].pid = spawn("smp", &children[1].fd);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(out_fd, STDERR_FILENO);
	t0 = time(NULL);
	progress_wait(children, 2, db_path, run_id, commit_id, 1, 4);
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(out_fd);

	ok(time(NULL) - t0 < 10, "returns when the children exit, not when their helpers do");
	ok(children[0].exited && WIFEXITED(children[0].status) &&
	   WEXITSTATUS(children[0].status) == 0, "up's exit status is kept");
	ok(children[1].exited && WEXITSTATUS(children[1].status) == 1, "so is smp's");
	strbuf_read_file(&out, out_path);
	ok(strstr(out.buf, "  up build pass\n") != NULL,
	   "a line written in two pieces comes out whole");
	ok(strstr(out.buf, "  smp boot pass\n") != NULL, "every line comes out");
	ok(children[0].fd == -1 && children[1].fd == -1, "the pipes are closed");
	strbuf_release(&out);
	unlink(db_path);
	unlink(out_path);
	free(db_path);
	free(out_path);
	rmdir(dir);
}

int main(void)
{
	signal(SIGCHLD, SIG_DFL);
	test_format();
	test_wait();
	return done_testing();
}
