// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-log.c - the part of a log a report shows for a cell that is
 * not pass (report/report-log.c): a build's error and warning lines with
 * the evidence marked, the console around a boot's evidence line, else the
 * last 40 lines; terminal escapes dropped, long lines cut; a log found
 * beside the database; a log that is missing or not a file. Works in a
 * temporary directory.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report-model.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static char *tmp;

static char *put(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", tmp, rel);

	write_file(path, text, strlen(text));
	return path;
}

/* The nth line (from 0) of text, allocated. */
static char *line_of(const char *text, long n)
{
	const char *p = text, *nl;

	while (n-- > 0 && (nl = strchr(p, '\n')))
		p = nl + 1;
	return xstrndup(p, strcspn(p, "\n"));
}

static void test_build(void)
{
	struct cell cell = { .evidence = "kernel/sched/core.c:42:9: error: implicit declaration" };
	struct excerpt ex;
	char *marked;

	cell.log_path = put("logs/build.log",
			    "  CC      kernel/fork.o\n"
			    "kernel/fork.c:1:1: warning: unused\n"
			    "  CC      kernel/sched/core.o\n"
			    "kernel/sched/core.c:42:9: error: implicit declaration of 'f'\n"
			    "   42 |         f(rq);\n"
			    "make[2]: *** [scripts/Makefile.build:229: kernel/sched/core.o]"
			    " Error 1\n"
			    "  LD      vmlinux\n");
	is_int(log_excerpt(tmp, &cell, STAGE_BUILD, &ex), 0, "a build log is read");
	is_str(ex.what, "its last error and warning lines", "a build: its error and warning lines");
	ok(!strstr(ex.text.buf, "  CC  ") && !strstr(ex.text.buf, "  LD  "),
	   "without the progress lines");
	ok(strstr(ex.text.buf, "warning: unused") && strstr(ex.text.buf, "   42 |"),
	   "with the warnings and gcc's source quote");
	ok(ex.cut, "and says lines were left out between them");
	marked = line_of(ex.text.buf, ex.marked);
	ok(ex.marked >= 0 && !strncmp(marked, cell.evidence, strlen(cell.evidence)),
	   "the evidence line is the one marked");
	free(marked);
	excerpt_release(&ex);
	free(cell.log_path);
}

static void test_console(void)
{
	struct cell cell = { .evidence = xstrdup("Kernel panic - not syncing: VFS") };
	struct strbuf log = STRBUF_INIT;
	struct excerpt ex;
	char *marked;
	int i;

	for (i = 0; i < 100; i++)
		strbuf_addf(&log, "[ %d.0] line %d\n", i, i);
	strbuf_addstr(&log, "[ 100.0] \x1b[31mKernel panic - not syncing: VFS\x1b[0m\r\n");
	for (i = 101; i < 200; i++)
		strbuf_addf(&log, "[ %d.0] line %d\n", i, i);
	cell.log_path = put("logs/console.log", log.buf);
	is_int(log_excerpt(tmp, &cell, STAGE_BOOT, &ex), 0, "a console log is read");
	is_str(ex.what, "the console around the evidence line", "a boot: around its evidence");
	marked = line_of(ex.text.buf, ex.marked);
	is_str(marked, "[ 100.0] Kernel panic - not syncing: VFS",
	       "the evidence line marked, its colours and CR gone");
	free(marked);
	ok(strstr(ex.text.buf, "line 80\n") && strstr(ex.text.buf, "line 119\n") &&
	   !strstr(ex.text.buf, "line 79\n") && !strstr(ex.text.buf, "line 120\n"),
	   "20 lines before it and 19 after");
	excerpt_release(&ex);

	free(cell.evidence);
	cell.evidence = NULL;
	is_int(log_excerpt(tmp, &cell, STAGE_TEST, &ex), 0, "without evidence");
	is_str(ex.what, "its last lines", "the last lines");
	ok(strstr(ex.text.buf, "line 199\n") && strstr(ex.text.buf, "line 160\n") &&
	   !strstr(ex.text.buf, "line 159\n"), "40 of them");
	excerpt_release(&ex);
	strbuf_release(&log);
	free(cell.log_path);
}

static void test_files(void)
{
	struct cell cell = { 0 };
	struct strbuf long_line = STRBUF_INIT;
	struct excerpt ex;
	char *path;

	strbuf_addstr(&long_line, "x");
	while (long_line.len < 1000)
		strbuf_addstr(&long_line, "\xc3\xa9");
	strbuf_addstr(&long_line, "\n");
	path = put("logs/long.log", long_line.buf);
	free(path);
	cell.log_path = "logs/long.log";
	is_int(log_excerpt("/nonexistent", &cell, STAGE_TEST, &ex), -1,
	       "a relative log that is nowhere: -1");
	excerpt_release(&ex);
	is_int(log_excerpt(tmp, &cell, STAGE_TEST, &ex), 0, "one beside the database is found");
	ok(ex.text.len < 420 && strstr(ex.text.buf, "\xc3\xa9 \xe2\x80\xa6\n"),
	   "a long line is cut at 400 bytes, between characters, with an ellipsis");
	excerpt_release(&ex);
	cell.log_path = path = xasprintf("%s/logs", tmp);
	is_int(log_excerpt(tmp, &cell, STAGE_TEST, &ex), -1, "a directory is no log");
	excerpt_release(&ex);
	free(path);
	cell.log_path = NULL;
	is_int(log_excerpt(NULL, &cell, STAGE_TEST, &ex), -1, "nor is no path");
	excerpt_release(&ex);
	strbuf_release(&long_line);
}

/* A path in the database is data: nothing outside <db dir>/logs is opened. */
static void test_outside(void)
{
	static const char *const rel[] = { "secret", "../secret", "logs/../secret",
					   "logs/link", "logs/dirlink/secret", NULL };
	struct strbuf sb = STRBUF_INIT;
	char *secret = put("secret", "root:x:0:0\n"), *mine = put("logs/mine.log", "mine\n");
	char *link = xasprintf("%s/logs/link", tmp), *dirlink = xasprintf("%s/logs/dirlink", tmp);
	int i;

	if (symlink(secret, link) || symlink(tmp, dirlink))
		perror("symlink");
	ok(log_read(tmp, secret, &sb) < 0 && !sb.len, "an absolute path outside logs/ is refused");
	for (i = 0; rel[i]; i++) {
		char *abs = xasprintf("%s/%s", tmp, rel[i]);

		ok(log_read(tmp, rel[i], &sb) < 0 && !sb.len, "refused: %s", rel[i]);
		ok(log_read(tmp, abs, &sb) < 0 && !sb.len, "refused: <db dir>/%s", rel[i]);
		free(abs);
	}
	ok(log_read(tmp, "/etc/passwd", &sb) < 0 && !sb.len, "/etc/passwd is refused");
	ok(log_read(tmp, "../../../../../../../../etc/passwd", &sb) < 0 && !sb.len,
	   "../../../../etc/passwd is refused");
	ok(log_read(NULL, mine, &sb) < 0 && !sb.len, "without a database directory, nothing");
	strbuf_reset(&sb);
	ok(!log_read(tmp, mine, &sb) && !strcmp(sb.buf, "mine\n"), "a log inside logs/ is read");
	strbuf_release(&sb);
	free(secret);
	free(mine);
	free(link);
	free(dirlink);
}

int main(void)
{
	char *logs;

	tmp = scratch_tmp("log");
	logs = xasprintf("%s/logs", tmp);
	mkdir_p(logs);
	free(logs);
	test_build();
	test_console();
	test_files();
	test_outside();
	remove_tree(tmp);
	return done_testing();
}
