// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable step --db DB --run N
 *
 * Run by 'git rebase --exec' at every commit of the series: for each
 * configuration of the run, build HEAD, boot it, run the smoke tests, and
 * record every stage. Keep-going runs always exit 0 so the rebase visits
 * every commit; stop-on-failure runs exit 1 on a failure so git stops there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin.h"
#include "cache.h"
#include "db.h"
#include "kbuild.h"
#include "layout.h"
#include "progress.h"
#include "run-parallel.h"
#include "tree.h"
#include "qemu.h"
#include "util.h"

struct step {
	sqlite3 *db;
	const char *db_path;
	struct run_info run;
	char *work_dir;
	char *sha;
	char *tree;
	int position;
	int total;		/* commits in the series */
	long long commit_id;
	int failed;
};

static void on_signal(int sig)
{
	/* Take the build or the guest down with us; the run cleans the rest. */
	child_signal_current(SIGKILL);
	qemu_kill_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

static char *rev(const char *dir, const char *what)
{
	struct strbuf out = STRBUF_INIT;

	if (git(dir, &out, "rev-parse", "--verify", what, NULL))
		die("git rev-parse %s failed in %s", what, dir);
	return strbuf_detach(&out, NULL);
}

/* git grep CONFIG_SMP kernel/sched/ | grep -v endif | wc -l, as the cover letter counts. */
static int count_smp_lines(const char *dir)
{
	struct strbuf out = STRBUF_INIT;
	const char *p;
	int n = 0;

	git_quiet(dir, &out, "grep", "CONFIG_SMP", "--", "kernel/sched/", NULL);
	for (p = out.buf; p && *p; ) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (!memmem(p, len, "endif", 5))
			n++;
		p = end ? end + 1 : NULL;
	}
	strbuf_release(&out);
	return n;
}

static long long record(struct step *st, const char *config, const char *stage,
			const char *status, double duration, const char *evidence,
			const char *log_path, const char *reproduce, const char *cache_key,
			const char *image_key)
{
	struct result_row row = {
		.config = config, .stage = stage, .status = status, .duration = duration,
		.evidence = evidence && *evidence ? evidence : NULL, .log_path = log_path,
		.reproduce = reproduce, .cache_key = cache_key, .image_key = image_key,
	};

	if (strcmp(status, "pass"))
		st->failed = 1;
	return db_result_set(st->db, st->run.id, st->commit_id, &row);
}

static void size_metrics(struct step *st, const char *config, const char *out_dir)
{
	char *vmlinux = xasprintf("%s/vmlinux", out_dir);
	char *bzimage = xasprintf("%s/arch/x86/boot/bzImage", out_dir);
	const char *argv[] = { "size", vmlinux, NULL };
	struct strbuf out = STRBUF_INIT;
	unsigned long long text, data, bss;
	struct stat sb;

	if (!run_capture(NULL, &out, argv)) {
		const char *line2 = strchr(out.buf, '\n');

		if (line2 && sscanf(line2 + 1, "%llu %llu %llu", &text, &data, &bss) == 3) {
			db_metric_set(st->db, st->commit_id, config, "text", text);
			db_metric_set(st->db, st->commit_id, config, "data", data);
			db_metric_set(st->db, st->commit_id, config, "bss", bss);
		}
	}
	if (!stat(bzimage, &sb))
		db_metric_set(st->db, st->commit_id, config, "bzimage_bytes", sb.st_size);
	strbuf_release(&out);
	free(vmlinux);
	free(bzimage);
}

/* An SMP configuration boots on 2 CPUs, a UP one on 1. */
static int config_cpus(const char *config)
{
	char *path = xasprintf("%s/configs/%s.config", project_dir(), config);
	struct strbuf text = STRBUF_INIT;
	int cpus = 1;

	if (!strbuf_read_file(&text, path) && strstr(text.buf, "CONFIG_SMP=y"))
		cpus = 2;
	strbuf_release(&text);
	free(path);
	return cpus;
}

/* Everything one configuration needs at this commit. */
struct config_step {
	const char *config;
	char *out_dir;
	char *configs_dir;
	char *build_log;
	char *kernel;
	char *console;
	char *initrd;
	char *script;
	char *accel;
	char *tests;
	struct kbuild_job kjob;
	struct boot_job bjob;
	char *env[4];			/* NULL-terminated */
};

static void config_step_init(struct config_step *cs, struct step *st, const char *config,
			     const char *log_dir)
{
	char *c;

	memset(cs, 0, sizeof(*cs));
	cs->config = config;
	cs->out_dir = build_dir(st->work_dir, config);
	cs->configs_dir = project_path("configs");
	cs->build_log = xasprintf("%s/%s-build.log", log_dir, config);
	cs->kernel = xasprintf("%s/arch/x86/boot/bzImage", cs->out_dir);
	cs->console = xasprintf("%s/%s-console.log", log_dir, config);
	cs->initrd = project_path("guest/initramfs.cpio.gz");
	cs->script = project_path("expect-scripts/boot-test.exp");
	cs->accel = option_get(st->run.options, "accel");
	if (!cs->accel)
		cs->accel = xstrdup("tcg");
	cs->tests = option_get(st->run.options, "tests");
	/* Stored comma-separated; expect takes them space-separated. */
	if (!cs->tests || !strcmp(cs->tests, "all")) {
		free(cs->tests);
		cs->tests = xstrdup(smoke_tests_all);
	}
	for (c = cs->tests; *c; c++)
		if (*c == ',')
			*c = ' ';

	cs->kjob.src = st->work_dir;
	cs->kjob.out = cs->out_dir;
	cs->kjob.configs_dir = cs->configs_dir;
	cs->kjob.config = config;
	cs->kjob.log_path = cs->build_log;
	cs->kjob.jobs = option_int(st->run.options, "jobs", (int)sysconf(_SC_NPROCESSORS_ONLN));
	cs->kjob.use_ccache = option_int(st->run.options, "ccache", 0);
	/* Plain ASCII quotes in compiler messages: evidence reads the same everywhere. */
	cs->env[0] = xstrdup("LC_ALL=C");
	if (cs->kjob.use_ccache) {
		char *cache = cache_dir();

		/* Outside the repository, size-capped. */
		cs->env[1] = xasprintf("CCACHE_DIR=%s/ccache", cache);
		cs->env[2] = xstrdup("CCACHE_MAXSIZE=5G");
		free(cache);
	}
	cs->kjob.env = (const char *const *)cs->env;

	cs->bjob.kernel = cs->kernel;
	cs->bjob.initrd = cs->initrd;
	cs->bjob.log_path = cs->console;
	cs->bjob.expect_script = cs->script;
	cs->bjob.accel = cs->accel;
	cs->bjob.tests = cs->tests;
	cs->bjob.cpus = config_cpus(config);
	cs->bjob.boot_timeout = option_int(st->run.options, "boot-timeout", 120);
	cs->bjob.test_timeout = option_int(st->run.options, "test-timeout", 60);
}

static void config_step_free(struct config_step *cs)
{
	free(cs->env[0]);
	free(cs->env[1]);
	free(cs->env[2]);
	free(cs->out_dir);
	free(cs->configs_dir);
	free(cs->build_log);
	free(cs->kernel);
	free(cs->console);
	free(cs->initrd);
	free(cs->script);
	free(cs->accel);
	free(cs->tests);
}

/* Where a cached result came from, for the progress lines. */
static void print_cached(struct step *st, const char *config, const char *what,
			 long long origin)
{
	sqlite3_stmt *q = db_prepare(st->db, "SELECT r.run_id, c.position, r.status FROM results r"
				     " JOIN commits c ON c.id = r.commit_id WHERE r.id = ?");

	sqlite3_bind_int64(q, 1, origin);
	if (sqlite3_step(q) == SQLITE_ROW)
		fprintf(stderr, "  %-8s %s %s: cached from run %lld commit %d\n", config, what,
			db_column_str(q, 2), (long long)sqlite3_column_int64(q, 0),
			sqlite3_column_int(q, 1));
	sqlite3_finalize(q);
}

static void boot_and_test(struct step *st, struct config_step *cs, const char *boot_key,
			  const char *image_key)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct boot_outcome bo;
	long long result_id;
	size_t i;

	qemu_boot(&cs->bjob, &bo);
	expect_argv(&cs->bjob, &argv, NULL);
	argv_to_line(&repro, argv.argv);

	db_begin(st->db);
	record(st, cs->config, "boot", bo.boot_status, bo.duration, bo.boot_evidence, cs->console,
	       repro.buf, boot_key, image_key);
	result_id = record(st, cs->config, "test", bo.test_status, bo.duration, bo.test_evidence,
			   cs->console, repro.buf, boot_key, image_key);
	for (i = 0; i < bo.console.ntests; i++) {
		const struct ktap_test *t = &bo.console.tests[i];

		db_test_add(st->db, result_id, t->name, ktap_status_name(t->status), t->reason,
			    t->duration_ns >= 0 ? t->duration_ns / 1e9 : -1);
	}
	for (i = 0; i < bo.console.nmetrics; i++)
		db_metric_set(st->db, st->commit_id, cs->config, bo.console.metrics[i].name,
			      bo.console.metrics[i].value);
	db_commit(st->db);

	fprintf(stderr, "  %-8s boot %s%s%s, test %s%s%s (%.0fs)\n", cs->config, bo.boot_status,
		bo.boot_evidence[0] ? ": " : "", bo.boot_evidence, bo.test_status,
		bo.test_evidence[0] ? ": " : "", bo.test_evidence, bo.duration);
	boot_outcome_free(&bo);
	argv_clear(&argv);
	strbuf_release(&repro);
}

/* Reuse the boot and test results of origin boot/test; 0 if there are none. */
static int reuse_boot(struct step *st, const char *config, const char *column, const char *key,
		      const char *boot_key)
{
	long long boot = cache_lookup(st->db, column, key, "boot");
	long long test = cache_lookup(st->db, column, key, "test");

	if (!boot || !test)
		return 0;
	db_begin(st->db);
	cache_copy(st->db, st->run.id, st->commit_id, config, boot, boot_key);
	cache_copy(st->db, st->run.id, st->commit_id, config, test, boot_key);
	db_commit(st->db);
	print_cached(st, config, "boot", boot);
	print_cached(st, config, "test", test);
	{
		sqlite3_stmt *q = db_prepare(st->db, "SELECT COUNT(*) FROM results WHERE"
					     " commit_id = ? AND config = ? AND status <> 'pass'");

		sqlite3_bind_int64(q, 1, st->commit_id);
		db_bind_text(q, 2, config);
		if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0))
			st->failed = 1;
		sqlite3_finalize(q);
	}
	return 1;
}

static void verify_config(struct step *st, const char *config, const char *log_dir,
			  int smp_lines)
{
	struct config_step cs;
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct kbuild_result kb;
	int use_cache = !option_int(st->run.options, "no-cache", 0);
	char *build_key, *boot_key, *image_key = NULL;
	long long origin;
	size_t i;

	config_step_init(&cs, st, config, log_dir);
	build_key = cache_key_build(st->tree, cs.configs_dir, config);
	boot_key = cache_key_boot(build_key, &cs.bjob);

	db_begin(st->db);
	record(st, config, "apply", "pass", 0, NULL, NULL, NULL, NULL, NULL);
	db_metric_set(st->db, st->commit_id, config, "sched_smp_lines", smp_lines);
	db_commit(st->db);

	/* The same tree, fragments and compiler were already built (and booted). */
	origin = use_cache ? cache_lookup(st->db, "cache_key", build_key, "build") : 0;
	if (origin) {
		sqlite3_stmt *q = db_prepare(st->db, "SELECT status FROM results WHERE id = ?");
		int passed;

		sqlite3_bind_int64(q, 1, origin);
		passed = sqlite3_step(q) == SQLITE_ROW && !strcmp(db_column_str(q, 0), "pass");
		sqlite3_finalize(q);
		if (!passed) {
			db_begin(st->db);
			cache_copy(st->db, st->run.id, st->commit_id, config, origin, NULL);
			record(st, config, "boot", "skip", 0, "not run: build failed", NULL, NULL,
			       NULL, NULL);
			record(st, config, "test", "skip", 0, "not run: build failed", NULL, NULL,
			       NULL, NULL);
			db_commit(st->db);
			st->failed = 1;
			print_cached(st, config, "build", origin);
			goto out;
		}
		if (cache_lookup(st->db, "cache_key", boot_key, "boot") &&
		    cache_lookup(st->db, "cache_key", boot_key, "test")) {
			db_begin(st->db);
			cache_copy(st->db, st->run.id, st->commit_id, config, origin, NULL);
			db_commit(st->db);
			print_cached(st, config, "build", origin);
			reuse_boot(st, config, "cache_key", boot_key, boot_key);
			goto out;
		}
	}

	kbuild_run(&cs.kjob, &kb);
	kbuild_make_argv(&cs.kjob, &argv, "bzImage");
	strbuf_addstr(&repro, "git -C ");
	strbuf_add_sq(&repro, st->work_dir);
	strbuf_addf(&repro, " checkout --detach %s && ", st->sha);
	argv_to_line(&repro, argv.argv);

	db_begin(st->db);
	record(st, config, "build", kb.ok ? "pass" : "fail", kb.duration, kb.evidence,
	       cs.build_log, repro.buf, build_key, NULL);
	if (kb.ok) {
		db_warnings_clear(st->db, st->commit_id, config);
		for (i = 0; i < kb.nwarnings; i++)
			db_warning_add(st->db, st->commit_id, config, kb.warnings[i].object,
				       kb.warnings[i].message);
		db_metric_set(st->db, st->commit_id, config, "warnings", kb.nwarnings);
		db_metric_set(st->db, st->commit_id, config, "rebuilt_objects", kb.rebuilt);
		if (kb.restored >= 0)
			db_metric_set(st->db, st->commit_id, config, "restored_mtimes",
				      kb.restored);
		size_metrics(st, config, cs.out_dir);
	} else {
		record(st, config, "boot", "skip", 0, "not run: build failed", NULL, NULL, NULL,
		       NULL);
		record(st, config, "test", "skip", 0, "not run: build failed", NULL, NULL, NULL,
		       NULL);
	}
	db_commit(st->db);
	fprintf(stderr, "  %-8s build %s%s%s (%.0fs, %zu objects rebuilt, %zu warnings",
		config, kb.ok ? "pass" : "FAIL", kb.ok ? "" : ": ", kb.ok ? "" : kb.evidence,
		kb.duration, kb.rebuilt, kb.nwarnings);
	if (kb.restored > 0)
		fprintf(stderr, ", %d unchanged sources kept their mtime", kb.restored);
	fprintf(stderr, ")\n");
	if (kb.ok) {
		/* A byte-identical image was booted already (e.g. a comment-only change). */
		image_key = cache_key_image(cs.kernel, &cs.bjob);
		if (!use_cache || !reuse_boot(st, config, "image_key", image_key, boot_key))
			boot_and_test(st, &cs, boot_key, image_key);
	}
	kbuild_result_free(&kb);
out:
	argv_clear(&argv);
	strbuf_release(&repro);
	free(build_key);
	free(boot_key);
	free(image_key);
	config_step_free(&cs);
}

struct config_job {
	struct step *st;
	const char *config;
	const char *log_dir;
	int smp_lines;
};

/* A child of verify_parallel: one configuration, with its own connection. */
static int verify_child(void *data)
{
	struct config_job *cj = data;
	struct step *st = cj->st;

	st->db = db_open(st->db_path);
	st->failed = 0;
	verify_config(st, cj->config, cj->log_dir, cj->smp_lines);
	db_close(st->db);
	return st->failed ? EXIT_BAD : 0;
}

/*
 * One process per configuration: while one builds, another boots (QEMU's TCG
 * with icount runs on one CPU), so the CPUs stay busy. Each child has its
 * own database connection; SQLite connections do not survive a fork.
 */
static void verify_parallel(struct step *st, char *configs, const char *log_dir,
			    int smp_lines)
{
	/* On a terminal the children's lines go through us, above the live lines. */
	int live = isatty(STDERR_FILENO);
	struct progress progress;
	struct run_parallel_opts opts = { .capture = live, .ctx = &progress };
	struct config_job *cjs = NULL;
	struct run_job *jobs = NULL;
	char *config, *save = NULL;
	size_t n = 0, i;
	int ret;

	for (config = strtok_r(configs, ",", &save); config; config = strtok_r(NULL, ",", &save)) {
		cjs = xrealloc(cjs, (n + 1) * sizeof(*cjs));
		jobs = xrealloc(jobs, (n + 1) * sizeof(*jobs));
		cjs[n] = (struct config_job){ st, config, log_dir, smp_lines };
		jobs[n] = (struct run_job){ .name = config, .fn = verify_child };
		n++;
	}
	for (i = 0; i < n; i++)
		jobs[i].data = &cjs[i];
	if (live) {
		opts.on_line = progress_on_line;
		opts.on_tick = progress_on_tick;
		progress_begin(&progress, st->db_path, st->run.id, st->commit_id, st->position,
			       st->total);
	}
	db_close(st->db);
	ret = run_parallel(jobs, n, &opts);
	if (live)
		progress_end(&progress);
	if (ret < 0)
		die("cannot verify the configurations in parallel");
	for (i = 0; i < n; i++) {
		if (jobs[i].status == EXIT_BAD || jobs[i].status >= 128 || jobs[i].status < 0)
			st->failed = 1;
		if (jobs[i].status == EXIT_ERROR)
			die("verifying a configuration failed");
	}
	free(jobs);
	free(cjs);
	st->db = db_open(st->db_path);
}

/* Nothing left to pick in the rebase's todo list: this is the series' tip. */
static int is_last_pick(const char *work_dir)
{
	struct strbuf path = STRBUF_INIT, todo = STRBUF_INIT;
	const char *p;
	int last = 1;

	if (git_quiet(work_dir, &path, "rev-parse", "--git-path", "rebase-merge/git-rebase-todo",
		      NULL) || !path.len)
		goto out;
	if (path.buf[0] != '/') {
		char *abs = xasprintf("%s/%s", work_dir, path.buf);

		strbuf_reset(&path);
		strbuf_addstr(&path, abs);
		free(abs);
	}
	if (strbuf_read_file(&todo, path.buf) < 0)
		goto out;
	for (p = todo.buf; *p; ) {
		if (!strncmp(p, "pick ", 5) || !strncmp(p, "p ", 2))
			last = 0;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
out:
	strbuf_release(&path);
	strbuf_release(&todo);
	return last;
}

/* "[3/11] sha subject (run 4m10s, about 9m left)": where the run is, and when it ends. */
static void print_progress(struct step *st, int at_base, const char *subject)
{
	sqlite3_stmt *q = db_prepare(st->db, "SELECT (SELECT COUNT(*) FROM commits WHERE"
				     " run_id = ?1 AND position > 0), strftime('%s', 'now') -"
				     " strftime('%s', started_at) FROM runs WHERE id = ?1");
	int total = 0;
	long elapsed = 0;

	sqlite3_bind_int64(q, 1, st->run.id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		total = sqlite3_column_int(q, 0);
		elapsed = sqlite3_column_int64(q, 1);
	}
	sqlite3_finalize(q);
	st->total = total;
	fprintf(stderr, "[%d/%d%s] %.12s %s (run %ldm%02lds", st->position, total,
		at_base ? ", the base" : "", st->sha, subject, elapsed / 60, elapsed % 60);
	/* The base's cold build would skew the estimate: count from commit 2 on. */
	if (st->position >= 2 && total > st->position) {
		long left = elapsed * (total - st->position + 1) / st->position;

		fprintf(stderr, ", about %ldm left", (left + 59) / 60);
	}
	fprintf(stderr, ")\n");
}

static int step_usage(void)
{
	fprintf(stderr, "usage: bisectable step --db DB --run N [--base]\n"
		"(run by git rebase --exec; use 'bisectable run')\n");
	return EXIT_ERROR;
}

int cmd_step(int argc, const char **argv)
{
	struct step st = { 0 };
	const char *db_path = NULL;
	long long run_id = 0;
	struct strbuf subject = STRBUF_INIT, author = STRBUF_INIT, count = STRBUF_INIT;
	char *range, *log_dir, *configs, *config, *save = NULL;
	int i, smp_lines, at_base = 0;
	char cwd[4096];

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			db_path = argv[++i];
		else if (!strcmp(argv[i], "--run") && i + 1 < argc)
			run_id = atoll(argv[++i]);
		else if (!strcmp(argv[i], "--base"))
			at_base = 1;
		else
			return step_usage();
	}
	if (!db_path || run_id <= 0)
		return step_usage();
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	st.db_path = db_path;
	st.db = db_open(db_path);
	if (db_load_run(st.db, run_id, &st.run))
		die("no run %lld in %s", run_id, db_path);
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd failed");
	st.work_dir = xstrdup(cwd);
	st.sha = rev(cwd, "HEAD");
	st.tree = rev(cwd, "HEAD^{tree}");
	range = xasprintf("%s..HEAD", st.run.base_sha);
	if (git(cwd, &count, "rev-list", "--count", range, NULL))
		die("cannot count %s", range);
	st.position = atoi(count.buf);
	git(cwd, &subject, "log", "-1", "--format=%s", "HEAD", NULL);
	git(cwd, &author, "log", "-1", "--format=%an <%ae>", "HEAD", NULL);

	db_begin(st.db);
	st.commit_id = db_commit_set(st.db, st.run.id, st.position, st.sha, st.tree, subject.buf,
				     author.buf, NULL);
	db_commit(st.db);

	print_progress(&st, at_base, subject.buf);
	log_dir = commit_log_dir(db_path, st.run.id, st.position, st.sha);
	smp_lines = count_smp_lines(cwd);
	configs = xstrdup(st.run.configs);
	/* One configuration runs here, unless a terminal wants the live line. */
	if ((!strchr(configs, ',') && !isatty(STDERR_FILENO)) ||
	    !option_int(st.run.options, "parallel", 1)) {
		for (config = strtok_r(configs, ",", &save); config;
		     config = strtok_r(NULL, ",", &save))
			verify_config(&st, config, log_dir, smp_lines);
	} else {
		verify_parallel(&st, configs, log_dir, smp_lines);
	}

	/*
	 * The last commit of the rebase ends the run, also after a fix-up
	 * stop; a fix-up that dropped commits leaves no stale positions.
	 */
	if (!at_base && is_last_pick(cwd)) {
		sqlite3_stmt *q = db_prepare(st.db, "DELETE FROM commits WHERE run_id = ?"
					     " AND position > ? AND sha IS NOT NULL");

		sqlite3_bind_int64(q, 1, st.run.id);
		sqlite3_bind_int(q, 2, st.position);
		db_done(st.db, q);
		db_finish_run(st.db, st.run.id, "done", st.sha);
	}

	free(configs);
	free(log_dir);
	free(range);
	strbuf_release(&subject);
	strbuf_release(&author);
	strbuf_release(&count);
	db_close(st.db);
	{
		char *mode = option_get(st.run.options, "mode");
		int stop = st.failed && mode && !strcmp(mode, "stop-on-failure");

		free(mode);
		run_info_free(&st.run);
		free(st.work_dir);
		free(st.sha);
		free(st.tree);
		return stop ? EXIT_BAD : 0;
	}
}
