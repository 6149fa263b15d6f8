// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable run [options] SERIES
 * bisectable run [options] --repo REPO BASE..TIP
 *
 * Import the series onto the base in a work tree of our own (the user's
 * repository is only read), record every commit, then let
 * 'git rebase --exec "bisectable step"' visit each of them in order.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "db.h"
#include "kbuild.h"
#include "layout.h"
#include "series.h"
#include "tree.h"
#include "util.h"
#include "verdict.h"

struct run_opts {
	const char *db_path;
	const char *configs;
	const char *repo;
	const char *tarball;
	const char *accel;
	const char *tests;
	int stop_on_failure;
	int jobs;
	int boot_timeout;
	int test_timeout;
	int ccache;
	int no_cache;
	int no_parallel;
	int no_base;
	const char *target;	/* series path or BASE..TIP */
};

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
	/* The rebase runs in a group of its own: end it, its steps clean up. */
	child_signal_current(SIGTERM);
}

static int run_usage(void)
{
	fprintf(stderr,
		"usage: bisectable run [options] <series-dir | series.mbox>\n"
		"       bisectable run [options] --repo <repo> <base>..<tip>\n\n"
		"  --configs LIST        configurations (configs/<name>.config), default up,smp\n"
		"  --db PATH             database, default db/bisectable.db of the project\n"
		"  --stop-on-failure     stop the rebase at the first failing commit (fix-up)\n"
		"  --accel tcg|kvm       QEMU accelerator, default tcg\n"
		"  --jobs N              make -j, default the number of CPUs\n"
		"  --tests LIST          smoke tests to run, default all\n"
		"  --boot-timeout S      seconds to the guest's shell, default 120\n"
		"  --test-timeout S      seconds per smoke test, default 60\n"
		"  --no-ccache           do not compile through ccache (default: if installed)\n"
		"  --no-cache            build and boot every commit even if a result is known\n"
		"  --no-parallel         verify the configurations one after the other\n"
		"  --no-base             do not verify the base first (position 0)\n"
		"  --tarball PATH        kernel tarball, default " DEFAULT_TARBALL "\n");
	return EXIT_ERROR;
}

static int parse_opts(int argc, const char **argv, struct run_opts *o)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return -1;
		if (!strcmp(a, "--stop-on-failure")) {
			o->stop_on_failure = 1;
		} else if (!strcmp(a, "--keep-going")) {
			o->stop_on_failure = 0;
		} else if (!strcmp(a, "--ccache")) {
			o->ccache = 1;
		} else if (!strcmp(a, "--no-ccache")) {
			o->ccache = 0;
		} else if (!strcmp(a, "--no-cache")) {
			o->no_cache = 1;
		} else if (!strcmp(a, "--no-parallel")) {
			o->no_parallel = 1;
		} else if (!strcmp(a, "--no-base")) {
			o->no_base = 1;
		} else if (a[0] == '-' && a[1] == '-' && !v) {
			return error("option %s needs a value", a);
		} else if (!strcmp(a, "--db")) {
			o->db_path = argv[++i];
		} else if (!strcmp(a, "--configs") || !strcmp(a, "--config")) {
			o->configs = argv[++i];
		} else if (!strcmp(a, "--repo")) {
			o->repo = argv[++i];
		} else if (!strcmp(a, "--tarball")) {
			o->tarball = argv[++i];
		} else if (!strcmp(a, "--accel")) {
			o->accel = argv[++i];
		} else if (!strcmp(a, "--tests")) {
			o->tests = argv[++i];
		} else if (!strcmp(a, "--jobs") || !strcmp(a, "-j")) {
			o->jobs = atoi(argv[++i]);
		} else if (!strcmp(a, "--boot-timeout")) {
			o->boot_timeout = atoi(argv[++i]);
		} else if (!strcmp(a, "--test-timeout")) {
			o->test_timeout = atoi(argv[++i]);
		} else if (a[0] == '-') {
			return error("unknown option %s", a);
		} else if (o->target) {
			return error("more than one series given: %s and %s", o->target, a);
		} else {
			o->target = a;
		}
	}
	if (!o->target)
		return error("no series given");
	if (strcmp(o->accel, "tcg") && strcmp(o->accel, "kvm"))
		return error("--accel must be tcg or kvm");
	if (o->boot_timeout <= 0 || o->test_timeout <= 0 || o->jobs <= 0)
		return error("timeouts and --jobs must be positive");
	return 0;
}

/* Config names are file names under configs/: check them before any work. */
static int check_configs(const char *configs)
{
	char *copy = xstrdup(configs), *save = NULL, *c;
	int ret = 0;

	for (c = strtok_r(copy, ",", &save); c && !ret; c = strtok_r(NULL, ",", &save)) {
		char *base = NULL, *frag = NULL, *dir = project_path("configs");

		if (!*c || strchr(c, '/') || c[0] == '.')
			ret = error("bad configuration name '%s'", c);
		else
			ret = kbuild_fragments(dir, c, &base, &frag);
		free(base);
		free(frag);
		free(dir);
	}
	free(copy);
	return ret;
}

/* Each tool, and the Debian package that brings it. */
static int check_tools(void)
{
	static const char *const tools[][2] = {
		{ "git", "git" }, { "make", "make" }, { "gcc", "gcc" }, { "flex", "flex" },
		{ "bison", "bison" }, { "bc", "bc" }, { "expect", "expect" },
		{ "qemu-system-x86_64", "qemu-system-x86" }, { "size", "binutils" },
	};
	char *initrd = project_path("guest/initramfs.cpio.gz");
	size_t i;
	int ret = 0;

	for (i = 0; i < ARRAY_SIZE(tools); i++) {
		const char *argv[] = { "sh", "-c", "command -v \"$1\" >/dev/null", "sh",
				       tools[i][0], NULL };
		struct child c = { .argv = argv };

		if (run_child(&c))
			ret = error("%s not found: install Debian's %s package", tools[i][0],
				    tools[i][1]);
	}
	if (!file_exists(initrd))
		ret = error("no guest image %s: run 'make' first", initrd);
	free(initrd);
	return ret;
}

static int lock_work_dir(const char *work_dir)
{
	char *parent = xstrdup(work_dir);

	*strrchr(parent, '/') = '\0';
	mkdir_p(parent);
	free(parent);
	if (tree_lock(work_dir) < 0)
		return error("%s is in use by another bisectable run", work_dir);
	return 0;
}

static char *options_string(const struct run_opts *o)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "mode=%s accel=%s jobs=%d boot-timeout=%d test-timeout=%d tests=%s",
		    o->stop_on_failure ? "stop-on-failure" : "keep-going", o->accel, o->jobs,
		    o->boot_timeout, o->test_timeout, o->tests);
	if (o->ccache)
		strbuf_addstr(&sb, " ccache=1");
	if (o->no_cache)
		strbuf_addstr(&sb, " no-cache=1");
	if (o->no_parallel)
		strbuf_addstr(&sb, " parallel=0");
	return strbuf_detach(&sb, NULL);
}

static void record_not_run(sqlite3 *db, long long run_id, long long commit_id,
			   const char *configs, const char *apply_status, const char *evidence)
{
	char *copy = xstrdup(configs), *save = NULL, *c;
	static const char *const later[] = { "build", "boot", "test" };
	size_t i;

	for (c = strtok_r(copy, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		struct result_row row = { .config = c, .stage = "apply", .status = apply_status,
					  .evidence = evidence };

		db_result_set(db, run_id, commit_id, &row);
		for (i = 0; i < ARRAY_SIZE(later); i++) {
			struct result_row skip = { .config = c, .stage = later[i],
						   .status = "skip",
						   .evidence = "not run: the patch was not applied" };

			db_result_set(db, run_id, commit_id, &skip);
		}
	}
	free(copy);
}

/* Record the commits base..HEAD of the work tree (positions from 1). */
static int record_commits(sqlite3 *db, long long run_id, const char *work_dir,
			  const char *base, const struct series *s)
{
	struct strbuf list = STRBUF_INIT;
	char *range = xasprintf("%s..HEAD", base), *line, *save = NULL;
	int pos = 0;

	if (git(work_dir, &list, "log", "--reverse", "--format=%H%x09%T%x09%an <%ae>%x09%s",
		range, NULL))
		die("cannot list %s", range);
	for (line = strtok_r(list.buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[4] = { line, NULL, NULL, NULL };
		int i;

		for (i = 1; i < 4; i++) {
			f[i] = strchr(f[i - 1], '\t');
			if (!f[i])
				break;
			*f[i]++ = '\0';
		}
		if (i < 4)
			continue;
		pos++;
		db_commit_set(db, run_id, pos, f[0], f[1], f[3], f[2],
			      s && (size_t)pos <= s->npatches ? s->patches[pos - 1].path : NULL);
	}
	free(range);
	strbuf_release(&list);
	return pos;
}

static int rebase(const struct run_opts *o, const char *work_dir, const char *base,
		  long long run_id)
{
	static const char *const env[] = {
		"GIT_COMMITTER_NAME=bisectable", "GIT_COMMITTER_EMAIL=bisectable@localhost",
		NULL
	};
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf exec = STRBUF_INIT;
	char *self = self_exe_path(), *db = abspath(o->db_path);
	struct child c = { 0 };
	int ret;

	/* git runs the exec line through the shell: every word quoted. */
	strbuf_add_sq(&exec, self);
	strbuf_addstr(&exec, " step --db ");
	strbuf_add_sq(&exec, db);
	strbuf_addf(&exec, " --run %lld", run_id);
	/* A fix-up that makes a later commit redundant drops it, as git would. */
	argv_pushl(&argv, "git", "-C", work_dir, "rebase", "--empty=drop", "--exec", exec.buf,
		   NULL);
	/* After a fix-up and 'git rebase --continue', the failed step runs again. */
	if (o->stop_on_failure)
		argv_push(&argv, "--reschedule-failed-exec");
	argv_push(&argv, base);
	c.argv = argv.argv;
	c.env = env;
	c.own_group = 1;
	ret = run_child(&c);
	argv_clear(&argv);
	strbuf_release(&exec);
	free(self);
	free(db);
	return ret;
}

/*
 * Verify the base first, as position 0: a base that does not build or boot
 * is not the series' fault, and the series' figures need the base's.
 */
static int verify_base(const char *work_dir, const char *base, const char *tip,
		       const char *db_path, long long run_id)
{
	char *self = self_exe_path(), *db = abspath(db_path), *id = xasprintf("%lld", run_id);
	const char *argv[] = { self, "step", "--db", db, "--run", id, "--base", NULL };
	struct child c = { .argv = argv, .dir = work_dir, .own_group = 1 };
	int ret;

	if (git(work_dir, NULL, "checkout", "-q", "--detach", base, NULL))
		return error("cannot check out the base %s", base);
	ret = run_child(&c);
	if (git(work_dir, NULL, "checkout", "-q", "--detach", tip, NULL))
		return error("cannot check out the tip %s", tip);
	free(self);
	free(db);
	free(id);
	return ret == EXIT_ERROR || ret > 128 ? -1 : 0;
}

static void print_fixup_help(const char *work_dir)
{
	fprintf(stderr,
		"\nStopped at the first failing commit. To fix it:\n"
		"  cd %s\n"
		"  (edit, build, then) git commit --amend\n"
		"  git rebase --continue      # verifies the amended commit, then the rest\n"
		"or 'git rebase --abort' to give up. 'bisectable first-bad' shows the evidence.\n",
		work_dir);
}

int cmd_run(int argc, const char **argv)
{
	struct run_opts o = {
		.configs = "up,smp", .tarball = DEFAULT_TARBALL, .accel = "tcg", .tests = "all",
		.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), .boot_timeout = 120,
		.test_timeout = 60,
	};
	struct run_info run = { 0 };
	struct series s = { 0 };
	struct kernel_base kb = { 0 };
	struct strbuf base = STRBUF_INIT, tip = STRBUF_INIT;
	char *work_dir = NULL, *failed_msg = NULL, *cache, *db_default;
	size_t applied = 0, i;
	int ncommits, rc, ret;
	sqlite3 *db;
	long long run_id;

	db_default = project_path(DEFAULT_DB_PATH);
	o.db_path = db_default;
	{
		const char *argv_cc[] = { "sh", "-c", "command -v ccache >/dev/null", NULL };
		struct child c = { .argv = argv_cc };

		o.ccache = !run_child(&c);
	}
	if (parse_opts(argc, argv, &o))
		return run_usage();
	if (check_configs(o.configs) || check_tools())
		return EXIT_ERROR;
	if (!o.repo && strstr(o.target, "..") && !file_exists(o.target))
		return error("%s looks like a range: give --repo", o.target), EXIT_ERROR;
	/* A database problem is found before any work is done. */
	db = db_open(o.db_path);
	cache = cache_dir();

	if (o.repo) {
		char *dots = strstr(o.target, "..");
		char *b, *t, *name, *copy;
		unsigned long hash = 5381;
		const char *p;

		if (!dots)
			return error("with --repo, give a range BASE..TIP"), EXIT_ERROR;
		b = xstrndup(o.target, dots - o.target);
		t = xstrdup(dots + 2);
		if (!*t) {
			free(t);
			t = xstrdup("HEAD");
		}
		/* Only reads: rev-parse does not touch the user's refs or index. */
		{
			char *bc = xasprintf("%s^{commit}", b), *tc = xasprintf("%s^{commit}", t);
			int bad = git_quiet(o.repo, &base, "rev-parse", "--verify", "-q", bc, NULL) ||
				git_quiet(o.repo, &tip, "rev-parse", "--verify", "-q", tc, NULL);

			free(bc);
			free(tc);
			if (bad)
				return error("%s: cannot resolve %s in %s", o.target,
					     base.len ? t : b, o.repo), EXIT_ERROR;
		}
		run.repo = abspath(o.repo);
		for (p = run.repo; *p; p++)
			hash = hash * 33 + (unsigned char)*p;
		copy = xstrdup(run.repo);
		name = strrchr(copy, '/') ? strrchr(copy, '/') + 1 : copy;
		work_dir = xasprintf("%s/work/%s-%08lx", cache, *name ? name : "repo",
				     hash & 0xffffffffUL);
		free(copy);
		free(b);
		free(t);
		if (lock_work_dir(work_dir) ||
		    tree_prepare_clone(run.repo, work_dir, tip.buf))
			return EXIT_ERROR;
		{
			char *git_dir = xasprintf("%s/.git", work_dir);

			run.base_version = tree_version(git_dir, base.buf);
			free(git_dir);
		}
		run.series_kind = (char *)"range";
	} else {
		if (series_load(o.target, &s))
			return EXIT_ERROR;
		if (tree_import(o.tarball, &kb))
			return EXIT_ERROR;
		work_dir = xasprintf("%s/work/%s", cache, "linux-source");
		if (lock_work_dir(work_dir) ||
		    tree_prepare_worktree(kb.git_dir, work_dir, kb.sha))
			return EXIT_ERROR;
		strbuf_addstr(&base, kb.sha);
		run.base_version = xstrdup(kb.version);
		run.series_kind = (char *)s.kind;
		info("applying %zu patches (%s) with git am", s.npatches, s.kind);
		applied = series_apply(work_dir, &s, &failed_msg);
		git(work_dir, &tip, "rev-parse", "HEAD", NULL);
	}

	run.series = o.repo ? (char *)o.target : s.path;
	run.work_dir = work_dir;
	run.base_sha = base.buf;
	run.tip_sha = tip.buf;
	run.configs = (char *)o.configs;
	run.options = options_string(&o);

	db_begin(db);
	run_id = db_insert_run(db, &run);
	ncommits = record_commits(db, run_id, work_dir, base.buf, o.repo ? NULL : &s);
	if (failed_msg) {
		for (i = applied; i < s.npatches; i++) {
			long long id = db_commit_set(db, run_id, (int)i + 1, NULL, NULL,
						     s.patches[i].subject, s.patches[i].author,
						     s.patches[i].path);
			char *why = i == applied ? xasprintf("%s", failed_msg) :
				xasprintf("not tested: patch %zu did not apply", applied + 1);

			record_not_run(db, run_id, id, o.configs, i == applied ? "fail" : "skip",
				       why);
			free(why);
		}
		error("patch %zu/%zu (%s) does not apply: %s", applied + 1, s.npatches,
		      s.patches[applied].subject, failed_msg);
	}
	db_commit(db);
	info("run %lld: %d commits on linux %s, configurations %s", run_id, ncommits,
	     run.base_version, o.configs);

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	rc = 0;
	if (!o.no_base && !interrupted)
		rc = verify_base(work_dir, base.buf, tip.buf, o.db_path, run_id);
	if (!rc && ncommits && !interrupted)
		rc = rebase(&o, work_dir, base.buf, run_id);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);

	if (interrupted) {
		tree_abort_in_progress(work_dir);
		db_finish_run(db, run_id, "interrupted", NULL);
		error("interrupted; the work tree was reset, run %lld is marked interrupted",
		      run_id);
		ret = 128 + interrupted;
	} else if (rc && o.stop_on_failure) {
		db_finish_run(db, run_id, "stopped", NULL);
		print_fixup_help(work_dir);
		ret = EXIT_BAD;
	} else if (rc) {
		tree_abort_in_progress(work_dir);
		db_finish_run(db, run_id, "failed", NULL);
		error("git rebase --exec failed (exit %d); run %lld is incomplete", rc, run_id);
		ret = EXIT_ERROR;
	} else {
		db_finish_run(db, run_id, "done", tip.buf);
		ret = verdict_report(db, run_id, NULL, NULL, stdout);
	}
	db_close(db);
	free(run.options);
	free(run.base_version);
	free(run.repo);
	free(failed_msg);
	series_free(&s);
	kernel_base_free(&kb);
	free(work_dir);
	free(cache);
	free(db_default);
	strbuf_release(&base);
	strbuf_release(&tip);
	return ret;
}
