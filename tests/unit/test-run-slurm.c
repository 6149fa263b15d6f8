// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-slurm.c - 'run --slurm' (run/run-slurm.c) against a fake
 * cluster: sbatch and squeue are shell scripts first in PATH. The fake
 * sbatch records its argv and runs the job at once; the job is this very
 * binary (run-slurm submits its own path with 'run --db DB --configs ONE'),
 * which then plays a 'bisectable run' that records a two-commit run. What
 * is checked: the sbatch line, the work tag each job gets, the jobs'
 * databases folded into one run with every configuration in order, a job
 * that ends without a status and one sbatch refused made errors (never
 * passes), the verdict's exit status, and no cluster at all.
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
#include "run/run-slurm.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

/*
 * The fake sbatch: its arguments, one a line, in <tmp>/sbatch-CONFIG.args.
 * "nosubmit" is refused; "lost" is queued and never runs (no status file);
 * any other runs now: the options are dropped, the rest is job.sh's line.
 */
static const char fake_sbatch[] =
	"#!/bin/sh\n"
	"top=$(dirname \"$0\")/..\n"
	"for a; do case $a in --job-name=*) name=${a#--job-name=bisectable-};; esac; done\n"
	"printf '%s\\n' \"$@\" > \"$top/sbatch-$name.args\"\n"
	"case $name in nosubmit) echo 'sbatch: error: refused' >&2; exit 1;;\n"
	"lost) echo '77;cluster'; exit 0;; esac\n"
	"while [ $# -gt 0 ]; do case $1 in --*) shift;; *) break;; esac; done\n"
	"\"$@\" > \"$top/job-$name.out\" 2>&1\n"
	"echo \"10$$;cluster\"\n";

/* Nothing queued: a job is over once sbatch has returned. */
static const char fake_squeue[] = "#!/bin/sh\nexit 0\n";

static void put(const char *rel, const char *text, mode_t mode)
{
	char *path = xasprintf("%s/%s", tmp, rel);

	if (write_file(path, text, strlen(text)) < 0 || chmod(path, mode) < 0)
		diag("cannot write %s", path);
	free(path);
}

static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_read_file(&sb, path);
	return strbuf_detach(&sb, NULL);
}

/*
 * The job's side: 'SELF run --db DB --configs CONFIG ...' records a run of
 * two commits in DB; "bad" fails its tests at commit 2 (exit EXIT_BAD, as
 * 'run' would). The work tag it was given goes to <DB>.tag.
 */
static int fake_job(int argc, char **argv)
{
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .options = "{}",
	};
	static const char *const stages[] = { "apply", "build", "boot", "test" };
	const char *db_path = NULL, *config = NULL, *tag = getenv("BISECTABLE_WORK_TAG");
	long long id, commit;
	sqlite3 *db;
	char *tag_file;
	int i, s, bad;

	for (i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--db"))
			db_path = argv[i + 1];
		else if (!strcmp(argv[i], "--configs"))
			config = argv[i + 1];
	}
	if (!db_path || !config)
		return EXIT_ERROR;
	tag_file = xasprintf("%s.tag", db_path);
	write_file(tag_file, tag ? tag : "", tag ? strlen(tag) : 0);
	free(tag_file);
	bad = !strcmp(config, "bad");
	run.configs = xstrdup(config);
	db = db_open(db_path);
	id = db_insert_run(db, &run);
	for (i = 1; i <= 2; i++) {
		char sha[16], tree[16];

		snprintf(sha, sizeof(sha), "c%d", i);
		snprintf(tree, sizeof(tree), "t%d", i);
		commit = db_commit_set(db, id, i, sha, tree, "subject", "A <a@b>", NULL);
		for (s = 0; s < 4; s++) {
			int failing = bad && i == 2 && s == 3;
			struct result_row row = { .config = config, .stage = stages[s],
						  .status = failing ? "fail" : "pass" };

			db_result_set(db, id, commit, &row);
		}
	}
	db_close(db);
	free(run.configs);
	return bad ? EXIT_BAD : 0;
}

static int has(sqlite3 *db, const char *sql)
{
	return count(db, sql) > 0;
}

/* run_slurm() with stdout (the verdict) into *verdict and stderr to a file. */
static int slurm_quietly(const struct slurm_run *s, char **verdict)
{
	char *out = xasprintf("%s/verdict", tmp), *err = xasprintf("%s/stderr", tmp);
	int saved_out = dup(1), saved_err = dup(2), ret;
	int fd_out = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int fd_err = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	struct strbuf sb = STRBUF_INIT;

	fflush(NULL);
	dup2(fd_out, 1);
	dup2(fd_err, 2);
	ret = run_slurm(s);
	fflush(NULL);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	close(fd_out);
	close(fd_err);
	strbuf_read_file(&sb, out);
	*verdict = strbuf_detach(&sb, NULL);
	free(out);
	free(err);
	return ret;
}

/* The sbatch line of config: its arguments with the run's own paths as DIR, SELF, CWD. */
static void test_sbatch_line(const char *dir, const char *cwd)
{
	char *args_path = xasprintf("%s/sbatch-up.args", tmp);
	char *tag_path = xasprintf("%s/up.db.tag", dir);
	char *args = slurp(args_path), *self = self_exe_path(), *tag = slurp(tag_path);
	char *stamp = xstrdup(strrchr(dir, '/') + 1);
	char *want = xasprintf("--parsable\n--export=ALL\n--job-name=bisectable-up\n"
			       "--output=%s/up.out\n--chdir=%s\n--partition=debug\n"
			       "%s/job.sh\n%s/up.rc\nslurm-%s-up\n%s\nrun\n--db\n%s/up.db\n"
			       "--configs\nup\n--jobs\n1\n/the/target\n",
			       dir, cwd, dir, dir, stamp, self, dir);
	char *want_tag = xasprintf("slurm-%s-up", stamp);

	is_str(args, want, "sbatch: the job's name, log, directory, partition, then job.sh's line");
	is_str(tag, want_tag, "the job runs with a work tag of its own");
	free(want_tag);
	free(args_path);
	free(tag_path);
	free(args);
	free(self);
	free(stamp);
	free(want);
	free(tag);
}

static void test_run(void)
{
	const char *job_args[] = { "--jobs", "1", "/the/target", NULL };
	char *db_path = xasprintf("%s/runs.db", tmp), *verdict, *dir, *cwd = abspath(".");
	struct run_config rc;
	struct slurm_run s = { .db_path = db_path, .rc = &rc, .partition = "debug",
			       .timeout = 30, .job_args = job_args };
	int ret;

	run_config_init(&rc);
	run_config_set_configs(&rc, "up,bad,lost,nosubmit");
	s.db = db_open(db_path);
	ret = slurm_quietly(&s, &verdict);
	is_int(ret, EXIT_BAD, "a configuration with a bad commit: exit EXIT_BAD");
	{
		char *slurm = xasprintf("%s/slurm", tmp), *cmd;
		struct strbuf name = STRBUF_INIT;
		const char *argv[] = { "ls", slurm, NULL };

		run_capture(NULL, &name, argv);
		strbuf_trim(&name);
		dir = xasprintf("%s/%s", slurm, name.buf);
		ok(!strchr(name.buf, '\n') && !strncmp(name.buf, "20", 2),
		   "one directory of jobs, <db dir>/slurm/<stamp>: %s", name.buf);
		cmd = xasprintf("%s/job.sh", dir);
		ok(access(cmd, X_OK) == 0, "with the batch script, executable");
		free(cmd);
		strbuf_release(&name);
		free(slurm);
	}
	test_sbatch_line(dir, cwd);
	is_int(count(s.db, "SELECT COUNT(*) FROM runs"), 1, "the jobs' runs are one run");
	ok(has(s.db, "SELECT 1 FROM runs WHERE configs = 'up,bad,lost,nosubmit' AND"
	       " state = 'done'"),
	   "with every configuration asked for, in order, and done");
	ok(has(s.db, "SELECT 1 FROM runs WHERE options LIKE '%\"configs\":[\"up\",\"bad\",\"lost\","
	       "\"nosubmit\"]%'"), "its options are the whole run's");
	is_int(count(s.db, "SELECT COUNT(*) FROM results WHERE config = 'up' AND status = 'pass'"),
	       8, "up's cells, merged as its job recorded them");
	is_int(count(s.db, "SELECT COUNT(*) FROM results WHERE config = 'bad' AND status = 'fail'"),
	       1, "bad's failing test, merged");
	is_int(count(s.db, "SELECT COUNT(*) FROM results WHERE config = 'lost' AND status = 'error'"
		     " AND evidence LIKE 'Slurm job 77 failed (no exit status: %'"), 8,
	       "a job that ended without a status: every cell an error naming the job"
	       " ('77;cluster')");
	is_int(count(s.db, "SELECT COUNT(*) FROM results WHERE config = 'nosubmit' AND"
		     " status = 'error' AND evidence = 'its Slurm job could not be submitted'"), 8,
	       "a job sbatch refused: every cell an error that says so");
	is_int(count(s.db, "SELECT COUNT(*) FROM results WHERE config IN ('lost', 'nosubmit') AND"
		     " status <> 'error'"), 0, "a failed job's configuration never passes");
	ok(strstr(verdict, "up: bisectable") && strstr(verdict, "bad: first bad 2/2"),
	   "the verdict of the one run is printed");
	db_close(s.db);
	free(verdict);
	free(dir);
	free(cwd);
	free(db_path);
	run_config_free(&rc);
}

/* Every job refused: no run at all, an error. */
static void test_nothing_submitted(void)
{
	char *db_path = xasprintf("%s/none.db", tmp), *verdict;
	const char *job_args[] = { "x", NULL };
	struct run_config rc;
	struct slurm_run s = { .db_path = db_path, .rc = &rc, .timeout = 5,
			       .job_args = job_args };

	run_config_init(&rc);
	run_config_set_configs(&rc, "nosubmit");
	s.db = db_open(db_path);
	is_int(slurm_quietly(&s, &verdict), EXIT_ERROR, "no job recorded a run: EXIT_ERROR");
	is_int(count(s.db, "SELECT COUNT(*) FROM runs"), 0, "and no run is made up");
	db_close(s.db);
	free(verdict);
	free(db_path);
	run_config_free(&rc);
}

/* No sbatch in PATH. */
static void test_no_cluster(void)
{
	char *db_path = xasprintf("%s/none.db", tmp), *verdict, *path = xstrdup(getenv("PATH"));
	const char *job_args[] = { "x", NULL };
	struct run_config rc;
	struct slurm_run s = { .db_path = db_path, .rc = &rc, .timeout = 5,
			       .job_args = job_args };

	run_config_init(&rc);
	s.db = db_open(db_path);
	setenv("PATH", "/nonexistent", 1);
	is_int(slurm_quietly(&s, &verdict), EXIT_ERROR, "without sbatch: EXIT_ERROR");
	setenv("PATH", path, 1);
	db_close(s.db);
	free(verdict);
	free(path);
	free(db_path);
	run_config_free(&rc);
}

int main(int argc, char **argv)
{
	char *bin, *path;

	if (argc > 1 && !strcmp(argv[1], "run"))
		return fake_job(argc, argv);
	tmp = scratch_tmp("slurm");
	bin = xasprintf("%s/bin", tmp);
	mkdir_p(bin);
	put("bin/sbatch", fake_sbatch, 0755);
	put("bin/squeue", fake_squeue, 0755);
	put("bin/scancel", "#!/bin/sh\nexit 0\n", 0755);
	path = xasprintf("%s:%s", bin, getenv("PATH"));
	setenv("PATH", path, 1);
	test_run();
	test_nothing_submitted();
	test_no_cluster();
	free(path);
	free(bin);
	remove_tree(tmp);
	return done_testing();
}
