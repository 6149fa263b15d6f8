// SPDX-License-Identifier: GPL-2.0
/*
 * results-remote.c: the store's URL, redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]
 * as ccache's remote storage writes it, is checked before a run starts, and
 * is shown and recorded without its user and password (util.c's url_public()).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-run.h"

#include "step/results-remote.h"
#include "lib/util.h"
#include "tap.h"

static void is_public(const char *url, const char *want, const char *what)
{
	char *got = url_public(url);

	is_str(got, want, "%s", what);
	free(got);
}

/*
 * A store on 127.0.0.1 that answers the first command one byte a second,
 * for at most 20 s: each read gets a byte in time, the command never ends.
 */
static pid_t trickling_store(int *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	pid_t pid;

	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 1) ||
	    getsockname(fd, (struct sockaddr *)&a, &len))
		die("cannot listen on 127.0.0.1");
	*port = ntohs(a.sin_port);
	pid = fork();
	if (pid == 0) {
		static const char reply[] = "$40\r\n0123456789012345678901234567890123456789\r\n";
		char buf[4096];
		int c, i;

		alarm(25);
		c = accept(fd, NULL, NULL);
		if (c >= 0 && read(c, buf, sizeof(buf)) > 0)
			for (i = 0; i < 20 && write(c, reply + i, 1) == 1; i++)
				sleep(1);
		_exit(0);
	}
	close(fd);
	return pid;
}

/* A store that trickles is given up within the deadline of one command. */
static void test_trickling_store(void)
{
	char path[] = "/tmp/bisectable-trickle.XXXXXX";
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up", .options = "",
	};
	struct remote_cell cell = { .config = "up", .build_key = "k", .boot_key = "k" };
	struct strbuf say = STRBUF_INIT;
	int fd = mkstemp(path), port, bad = 0, status;
	char *url;
	pid_t pid;
	double start, took;

	close(fd);
	cell.db = db_open(path);
	cell.run_id = db_insert_run(cell.db, &run);
	pid = trickling_store(&port);
	url = xasprintf("redis://127.0.0.1:%d", port);
	setenv(RESULTS_REMOTE_ENV, url, 1);
	start = now_seconds();
	is_int(results_remote_fetch(&cell, &bad, &say), 0, "a trickling store answers nothing");
	took = now_seconds() - start;
	ok(took < 8, "given up within the 5 s deadline of a command (%.1f s)", took);
	ok(db_run_store_lost(cell.db, cell.run_id), "and the run goes on without it");
	results_remote_close();
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	unsetenv(RESULTS_REMOTE_ENV);
	db_close(cell.db);
	unlink(path);
	strbuf_release(&say);
	free(url);
}

int main(void)
{
	static const char *const good[] = {
		"redis://127.0.0.1", "redis://127.0.0.1:6380", "redis://cache/3",
		"redis://pw@cache:6379", "redis://:pw@cache", "redis://user:pw@cache:1/2",
		"redis://p%40ss%3Aw@cache", "redis://u:p@ss@cache",
	};
	static const char *const bad[] = {
		"http://cache", "redis://", "redis://:6379", "redis://cache:0",
		"redis://cache:70000", "redis://cache/x", "redis://@cache", "redis://u:@cache",
		"redis://p%4@cache", "redis://p%00w@cache", "redis://pw@", "redis://pw@:1",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(good); i++)
		is_int(results_remote_check_url(good[i]), 0, "accepted: %s", good[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		is_int(results_remote_check_url(bad[i]), -1, "refused: %s", bad[i]);

	is_public("redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/1", "no password: as given");
	is_public("redis://pw@cache:6379", "redis://***@cache:6379", "a password goes");
	is_public("redis://user:pw@cache/2", "redis://***@cache/2", "a user and password go");
	is_public("redis://u:p@ss@cache", "redis://***@cache", "up to the last '@' of the host part");
	/* "redis://se/cret@cache" looks the same: hiding too much is the safe side. */
	is_public("redis://cache/a@b", "redis://***@b", "an '@' after a '/' hides up to it");
	is_public("http://u:pw@cache:8080/ccache|layout=bazel", "http://***@cache:8080/ccache|layout=bazel",
		  "any scheme (ccache's http storage)");
	is_public("/var/cache/x@y", "/var/cache/x@y", "not a URL: as given");
	ok(url_public(NULL) == NULL, "no URL, none shown");
	test_trickling_store();
	return done_testing();
}
