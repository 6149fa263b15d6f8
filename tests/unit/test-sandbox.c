// SPDX-License-Identifier: GPL-2.0
/*
 * The sandbox a series' Makefiles run in: no write outside the directories
 * given, no network. Each property is checked against the same command run
 * without the sandbox, so the test can tell a sandbox from a broken probe.
 * And what bisectable itself writes, outside the sandbox, in the directories
 * the build wrote: never through a link the build left there.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/sandbox.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "tap.h"

/* boxed: 0 not sandboxed, 1 sandboxed, 2 sandboxed but keeping the network */
static int run(const char *const *argv, int boxed, const char *const *writable)
{
	struct argv_array a = ARGV_ARRAY_INIT;
	struct child c = { .quiet = 1, .timeout = 30, .own_group = 1 };
	int ret;

	if (boxed == 2) {
		sandbox_argv_network(&a, writable, "/", argv, 1);
		c.argv = a.argv;
	} else if (boxed) {
		sandbox_argv(&a, writable, "/", argv);
		c.argv = a.argv;
	} else {
		c.argv = argv;
	}
	ret = run_child(&c);
	argv_clear(&a);
	return ret;
}

static void test_writes(const char *dir)
{
	const char *touch[] = { "sh", "-c", "echo x > /usr/bisectable-escaped", NULL };

	char *w = xasprintf("%s/w", dir), *r = xasprintf("%s/r", dir);
	char *wf = xasprintf("%s/f", w), *rf = xasprintf("%s/f", r);
	char *script = xasprintf("echo ok > '%s'; echo escaped > '%s'", wf, rf);
	const char *argv[] = { "sh", "-c", script, NULL };
	const char *writable[] = { w, NULL };

	mkdir_p(w);
	mkdir_p(r);
	ok(run(argv, 1, writable) != 0, "a write outside the writable directories fails");
	ok(file_exists(wf), "a write inside one succeeds");
	ok(!file_exists(rf), "and nothing reached the other directory");
	unlink(wf);
	ok(run(touch, 2, writable) != 0 && !file_exists("/usr/bisectable-escaped"),
	   "keeping the network keeps the file system read-only");
	is_int(run(argv, 0, NULL), 0, "control: the same command writes both without the sandbox");
	ok(file_exists(rf), "control: the other file is there then");
	free(w);
	free(r);
	free(wf);
	free(rf);
	free(script);
}

static void test_network(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	char *script;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) || listen(fd, 4) ||
	    getsockname(fd, (struct sockaddr *)&sa, &len)) {
		ok(0, "a listening socket on 127.0.0.1");
		return;
	}
	script = xasprintf("exec 3<>/dev/tcp/127.0.0.1/%d", ntohs(sa.sin_port));
	{
		const char *argv[] = { "bash", "-c", script, NULL };

		ok(run(argv, 1, NULL) != 0, "the sandbox cannot reach a server on the host's loopback");
		is_int(run(argv, 0, NULL), 0, "control: the same connection works without it");
		is_int(run(argv, 2, NULL), 0,
		       "a sandbox that keeps the network (distcc, remote ccache) reaches it");
	}
	close(fd);
	free(script);
}

/* Processes whose command line has needle, but for pgrep itself. */
static int count_procs(const char *needle)
{
	char *cmd = xasprintf("pgrep -fc '%s'", needle);
	FILE *p = popen(cmd, "r");
	int n = -1;

	if (p) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	free(cmd);
	return n;
}

/*
 * The step that started a build is killed (SIGKILL: nothing of it runs):
 * make's own children (sub-makes, the compilers) must go too, or they go
 * on writing into the build directory the next run builds in.
 */
static void test_dies_with_step(void)
{
	/*
	 * A marker no other process has: sleep's argument, with this test's
	 * pid (another run of this test, or one it left behind, must not be
	 * counted: with it the first wait ended at once, the step was killed
	 * before bwrap had set up, and that left processes for the next run).
	 */
	char *script = xasprintf("sleep 61.%d & sleep 61.%d; wait", (int)getpid(),
				 (int)getpid());
	char *marker = xasprintf("sleep 61[.]%d", (int)getpid());
	const char *argv[] = { "sh", "-c", script, NULL };
	struct argv_array boxed = ARGV_ARRAY_INIT;
	pid_t step;
	int i, n = -1;

	sandbox_argv(&boxed, NULL, "/", argv);
	step = fork();
	if (step == 0) {
		struct child c = { .argv = boxed.argv, .quiet = 1 };

		_exit(run_child(&c));
	}
	for (i = 0; i < 50 && count_procs(marker) < 2; i++)
		usleep(100 * 1000);
	ok(count_procs(marker) >= 2, "the sandboxed command and its child run");
	kill(step, SIGKILL);
	waitpid(step, NULL, 0);
	for (i = 0; i < 50 && (n = count_procs(marker)) > 0; i++)
		usleep(100 * 1000);
	is_int(n, 0, "the step killed, every process of its build is gone");
	argv_clear(&boxed);
	free(marker);
	free(script);
}

/* out/.bisectable-warnings -> victim, out/resolved -> elsewhere: both left alone. */
static void test_no_write_through_links(const char *dir)
{
	char *out = xasprintf("%s/links-out", dir), *victim = xasprintf("%s/victim", dir);
	char *elsewhere = xasprintf("%s/elsewhere", dir), *link, *text;
	struct strbuf got = STRBUF_INIT;

	mkdir_p(out);
	mkdir_p(elsewhere);
	write_file(victim, "keep", 4);
	link = xasprintf("%s/.bisectable-warnings", out);
	if (symlink(victim, link))
		diag("cannot plant %s", link);
	ok(write_file(link, "x", 1) < 0, "write_file does not follow a link the build left");
	free(link);
	link = xasprintf("%s/resolved", out);
	if (symlink(elsewhere, link))
		diag("cannot plant %s", link);
	ok(write_file_beneath(out, "resolved/k.config", "x", 1) < 0,
	   "write_file_beneath does not go through a linked directory");
	free(link);
	ok(strbuf_read_file(&got, victim) == 0 && !strcmp(got.buf, "keep"), "the victim is intact");
	text = xasprintf("%s/elsewhere/k.config", dir);
	ok(access(text, F_OK) < 0, "and nothing was written elsewhere");
	free(text);
	ok(write_file_beneath(out, "plain.config", "y", 1) == 0, "a plain file is written");
	strbuf_release(&got);
	free(out);
	free(victim);
	free(elsewhere);
}

int main(void)
{
	char dir[] = "/var/tmp/bisectable-sandbox.XXXXXX";
	const char *why;

	if (!sandbox_available(&why)) {
		diag("no sandbox on this machine (%s): nothing to test", why);
		plan(0);
		return done_testing();
	}
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return done_testing();
	}
	test_writes(dir);
	test_network();
	test_no_write_through_links(dir);
	test_dies_with_step();
	remove_tree(dir);
	return done_testing();
}
