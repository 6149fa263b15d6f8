// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-command.c - child processes (lib/run-command.c): exit codes, a
 * signal as 128+N, a program that cannot be started, output captured or
 * written to a file, the working directory and extra environment, a
 * timeout that kills the child's whole group, and git's trimmed output.
 * Works in a temporary directory.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util.h"
#include "scratch.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

static int sh(const char *script, struct child *c)
{
	const char *argv[] = { "sh", "-c", script, NULL };

	c->argv = argv;
	return run_child(c);
}

static void test_status(void)
{
	struct child c = { 0 };
	const char *none[] = { "/nonexistent/program", NULL };

	is_int(sh("exit 0", &c), 0, "exit 0");
	is_int(sh("exit 3", &c), 3, "exit 3 is 3");
	is_int(sh("kill -9 $$", &c), 128 + 9, "killed by SIGKILL: 128+9");
	memset(&c, 0, sizeof(c));
	c.argv = none;
	c.quiet = 1;
	is_int(run_child(&c), 127, "a program that is not there: 127, as a shell says");
}

static void test_output(void)
{
	struct strbuf out = STRBUF_INIT;
	struct child c = { .capture = &out, .quiet = 1 };
	const char *env[] = { "BISECTABLE_TEST_VAR=a b", NULL };
	char *path = xasprintf("%s/out", tmp);
	struct strbuf file = STRBUF_INIT;

	sh("echo out; echo err >&2", &c);
	is_str(out.buf, "out\n", "stdout captured, stderr not");
	strbuf_reset(&out);
	c.capture_stderr = 1;
	sh("echo out; echo err >&2", &c);
	ok(strstr(out.buf, "out\n") && strstr(out.buf, "err\n"), "with capture_stderr, both");
	strbuf_reset(&out);
	memset(&c, 0, sizeof(c));
	c.capture = &out;
	c.dir = tmp;
	c.env = env;
	sh("pwd; echo \"$BISECTABLE_TEST_VAR\"", &c);
	{
		char *want = xasprintf("%s\na b\n", tmp);

		is_str(out.buf, want,
		       "in its directory, with the extra environment, word for word");
		free(want);
	}
	memset(&c, 0, sizeof(c));
	c.out_path = path;
	sh("echo one; echo two >&2", &c);
	c.out_append = 1;
	sh("echo three", &c);
	strbuf_read_file(&file, path);
	is_str(file.buf, "one\ntwo\nthree\n", "out_path: stdout and stderr, then appended");
	strbuf_release(&file);
	strbuf_release(&out);
	free(path);
}

static void test_timeout(void)
{
	struct child c = { .own_group = 1, .timeout = 0.3, .quiet = 1 };
	char *marker = xasprintf("%s/grandchild", tmp), *script;
	double start = now_seconds();
	int ret;

	script = xasprintf("(sleep 1; touch %s) & sleep 30", marker);
	ret = sh(script, &c);
	ok(c.timed_out && ret != 0, "a child past its timeout is stopped, and says so");
	ok(now_seconds() - start < 10, "in about its timeout, not the child's 30 s");
	sleep(2);
	ok(!file_exists(marker), "its whole group goes: the grandchild never ran on");
	free(script);
	free(marker);
}

static void test_capture_and_git(void)
{
	const char *argv[] = { "printf", "  spaced  \\n\\n", NULL };
	struct strbuf out = STRBUF_INIT;

	is_int(run_capture(NULL, &out, argv), 0, "run_capture: the exit status");
	is_str(out.buf, "spaced", "and stdout, trimmed");
	strbuf_reset(&out);
	git(tmp, NULL, "init", "-q", NULL);
	is_int(git(tmp, &out, "rev-parse", "--is-inside-work-tree", NULL), 0, "git -C DIR");
	is_str(out.buf, "true", "its output, trimmed");
	strbuf_reset(&out);
	ok(git_quiet(tmp, &out, "rev-parse", "--verify", "-q", "nosuch", NULL) != 0,
	   "git_quiet: a failing git's status");
	strbuf_release(&out);
}

int main(void)
{
	tmp = scratch_git_tmp("command");
	test_status();
	test_output();
	test_timeout();
	test_capture_and_git();
	remove_tree(tmp);
	return done_testing();
}
