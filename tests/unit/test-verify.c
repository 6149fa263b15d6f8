// SPDX-License-Identifier: GPL-2.0
/*
 * test-verify.c - the work at one commit (step/verify.c) up to where a
 * kernel would be needed: the commit in a tiny repository identified
 * (sha, tree, subject, author, its position after the base), recorded,
 * its log directory made and the series' metrics counted there; and the
 * progress line of a run, of its base, of a bisection, with the time left.
 * Needs git; works in a temporary directory.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "input/run-config.h"
#include "step/verify.h"
#include "lib/util.h"
#include "scratch.h"
#include "quiet.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/* verify_print_progress's line (allocated), stderr captured. */
static char *progress_line(struct verify_commit *vc, int at_base)
{
	char *path = xasprintf("%s/progress", tmp);
	struct strbuf sb = STRBUF_INIT;
	int saved = stderr_to(path);

	verify_print_progress(vc, at_base);
	stderr_back(saved);
	strbuf_read_file(&sb, path);
	free(path);
	return strbuf_detach(&sb, NULL);
}

static void test_commit(void)
{
	char *repo = xasprintf("%s/work", tmp), *db_path = xasprintf("%s/runs.db", tmp);
	struct strbuf base = STRBUF_INIT, sha = STRBUF_INIT, tree = STRBUF_INIT;
	struct run_info run = {
		.series = "s", .series_kind = "range", .work_dir = repo, .base_version = "6.12",
		.configs = "up", .options = "{}",
	};
	struct verify_commit vc;
	struct run_config rc;
	struct stat st;
	char *line, *want;
	sqlite3 *db;

	mkdir_p(repo);
	git(repo, NULL, "init", "-q", NULL);
	commit_file(repo, "a.c", "#ifdef CONFIG_SMP\n#endif\n", "base");
	git(repo, &base, "rev-parse", "HEAD", NULL);
	commit_file(repo, "b.c", "CONFIG_SMP\n", "sched: one");
	commit_file(repo, "c.c", "CONFIG_SMP\nCONFIG_SMP\n", "sched: two");
	git(repo, &sha, "rev-parse", "HEAD", NULL);
	git(repo, &tree, "rev-parse", "HEAD^{tree}", NULL);

	db = db_open(db_path);
	run.base_sha = base.buf;
	run.id = db_insert_run(db, &run);
	db_commit_set(db, run.id, 1, "earlier", NULL, "one", NULL, NULL);
	db_commit_set(db, run.id, 3, "later", NULL, "three", NULL, NULL);
	run_config_init(&rc);
	rc.metrics = xcalloc(2, sizeof(*rc.metrics));
	rc.nmetrics = 2;
	rc.metrics[0].name = xstrdup("smp_lines");
	argv_pushl(&rc.metrics[0].grep, "-e", "CONFIG_SMP", NULL);
	rc.metrics[1].name = xstrdup("none");
	argv_pushl(&rc.metrics[1].grep, "-e", "no-line-has-this", NULL);

	verify_commit_init(&vc, db, db_path, &run, &rc, repo);
	is_str(vc.sha, sha.buf, "HEAD's sha");
	is_str(vc.tree, tree.buf, "its tree");
	is_str(vc.subject, "sched: two", "its subject");
	is_str(vc.author, "Ann <ann@example.org>", "its author");
	is_int(vc.position, 2, "its position: commits after the base");
	ok(vc.commit_id > 0 &&
	   count(db, "SELECT COUNT(*) FROM commits WHERE position = 2 AND subject ="
		 " 'sched: two' AND author = 'Ann <ann@example.org>'") == 1,
	   "recorded in the run");
	want = xasprintf("%s/logs/run-%lld/002-%.12s", tmp, run.id, sha.buf);
	is_str(vc.log_dir, want, "its log directory, by run, position and sha");
	ok(stat(vc.log_dir, &st) == 0 && S_ISDIR(st.st_mode), "is made");
	free(want);
	ok(vc.metric_values[0] == 4, "the series' metric counted in its tree: %ld",
	   vc.metric_values[0]);
	ok(vc.metric_values[1] == 0, "one that matches nothing counts 0");

	/*
	 * The run's time is the wall clock since its row was made: on a loaded
	 * machine (a kernel build beside the tests) that is seconds or more,
	 * so only the shape of the times is compared.
	 */
	line = progress_line(&vc, 0);
	want = xasprintf("[2/3] %.12s sched: two (run ", sha.buf);
	ok(!strncmp(line, want, strlen(want)) && strstr(line, "s, about ") &&
	   ends_with(line, "m left)\n"),
	   "the progress line: position, commits, sha, subject, time, time left");
	is_int(vc.total, 3, "the commits of the run counted");
	free(line);
	free(want);

	{
		sqlite3_stmt *up = db_prepare(db, "UPDATE runs SET started_at = strftime("
					      "'%Y-%m-%dT%H:%M:%SZ', 'now', '-570 seconds')");

		db_done(db, up);
	}
	line = progress_line(&vc, 0);
	want = xasprintf("[2/3] %.12s sched: two (run 9m3", sha.buf);
	ok(!strncmp(line, want, strlen(want)) && ends_with(line, "s, about 10m left)\n"),
	   "from commit 2 on, the time left: 2 commits took 9m30s, this one and 1 to go");
	free(line);
	free(want);

	vc.position = 0;
	line = progress_line(&vc, 1);
	ok(strncmp(line, "[0/3, the base] ", 16) == 0 && !strstr(line, "left"),
	   "the base's line says so, with no time left");
	free(line);

	{
		sqlite3_stmt *up = db_prepare(db, "UPDATE runs SET kind = 'bisect'");

		db_done(db, up);
	}
	vc.position = 2;
	line = progress_line(&vc, 0);
	want = xasprintf("[2/3, bisect] %.12s sched: two (bisect 9m3", sha.buf);
	ok(!strncmp(line, want, strlen(want)) && ends_with(line, "s)\n") && !strstr(line, "left"),
	   "a bisection's line: no end to count to");
	free(line);
	free(want);

	verify_commit_release(&vc);
	run_config_free(&rc);
	db_close(db);
	strbuf_release(&base);
	strbuf_release(&sha);
	strbuf_release(&tree);
	free(repo);
	free(db_path);
}

int main(void)
{
	tmp = scratch_git_tmp("verify");
	test_commit();
	remove_tree(tmp);
	return done_testing();
}
