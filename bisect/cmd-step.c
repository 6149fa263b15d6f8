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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "db.h"
#include "kbuild.h"
#include "layout.h"
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
	return out.buf;
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

static void record(struct step *st, const char *config, const char *stage, const char *status,
		   double duration, const char *evidence, const char *log_path,
		   const char *reproduce)
{
	struct result_row row = {
		.config = config, .stage = stage, .status = status, .duration = duration,
		.evidence = evidence && *evidence ? evidence : NULL, .log_path = log_path,
		.reproduce = reproduce,
	};

	db_result_set(st->db, st->run.id, st->commit_id, &row);
	if (strcmp(status, "pass"))
		st->failed = 1;
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
		const char *line2 = strchr(strbuf_str(&out), '\n');

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

	if (!strbuf_read_file(&text, path) && strstr(strbuf_str(&text), "CONFIG_SMP=y"))
		cpus = 2;
	strbuf_release(&text);
	free(path);
	return cpus;
}

static void boot_and_test(struct step *st, const char *config, const char *out_dir,
			  const char *log_dir)
{
	char *kernel = xasprintf("%s/arch/x86/boot/bzImage", out_dir);
	char *console = xasprintf("%s/%s-console.log", log_dir, config);
	char *initrd = project_path("guest/initramfs.cpio.gz");
	char *script = project_path("expect-scripts/boot-test.exp");
	char *accel = option_get(st->run.options, "accel");
	char *tests = option_get(st->run.options, "tests");
	struct boot_job job = {
		.kernel = kernel, .initrd = initrd, .log_path = console, .expect_script = script,
		.accel = accel ? accel : "tcg",
		.cpus = config_cpus(config),
		.boot_timeout = option_int(st->run.options, "boot-timeout", 120),
		.test_timeout = option_int(st->run.options, "test-timeout", 60),
	};
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct boot_outcome bo;
	long long result_id;
	char *c;
	size_t i;

	/* Stored comma-separated; expect takes them space-separated. */
	if (!tests || !strcmp(tests, "all")) {
		free(tests);
		tests = xstrdup(smoke_tests_all);
	}
	for (c = tests; *c; c++)
		if (*c == ',')
			*c = ' ';
	job.tests = tests;

	qemu_boot(&job, &bo);
	expect_argv(&job, &argv, NULL);
	argv_to_line(&repro, argv.argv);

	db_begin(st->db);
	record(st, config, "boot", bo.boot_status, bo.duration, bo.boot_evidence, console,
	       repro.buf);
	result_id = 0;
	record(st, config, "test", bo.test_status, bo.duration, bo.test_evidence, console,
	       repro.buf);
	{
		sqlite3_stmt *q = db_prepare(st->db, "SELECT id FROM results WHERE commit_id = ?"
					     " AND config = ? AND stage = 'test'");

		sqlite3_bind_int64(q, 1, st->commit_id);
		db_bind_text(q, 2, config);
		if (sqlite3_step(q) == SQLITE_ROW)
			result_id = sqlite3_column_int64(q, 0);
		sqlite3_finalize(q);
	}
	for (i = 0; i < bo.console.ntests; i++) {
		const struct ktap_test *t = &bo.console.tests[i];

		db_test_add(st->db, result_id, t->name, ktap_status_name(t->status), t->reason,
			    t->duration_ns >= 0 ? t->duration_ns / 1e9 : -1);
	}
	for (i = 0; i < bo.console.nmetrics; i++)
		db_metric_set(st->db, st->commit_id, config, bo.console.metrics[i].name,
			      bo.console.metrics[i].value);
	db_commit(st->db);

	fprintf(stderr, "  %-8s boot %s%s%s, test %s%s%s (%.0fs)\n", config, bo.boot_status,
		bo.boot_evidence[0] ? ": " : "", bo.boot_evidence, bo.test_status,
		bo.test_evidence[0] ? ": " : "", bo.test_evidence, bo.duration);
	boot_outcome_free(&bo);
	argv_clear(&argv);
	strbuf_release(&repro);
	free(kernel);
	free(console);
	free(initrd);
	free(script);
	free(accel);
	free(tests);
}

static void verify_config(struct step *st, const char *config, const char *log_dir,
			  int smp_lines)
{
	char *out_dir = build_dir(st->work_dir, config);
	char *configs_dir = project_path("configs");
	char *log = xasprintf("%s/%s-build.log", log_dir, config);
	struct kbuild_job job = {
		.src = st->work_dir, .out = out_dir, .configs_dir = configs_dir,
		.config = config, .log_path = log,
		.jobs = option_int(st->run.options, "jobs", (int)sysconf(_SC_NPROCESSORS_ONLN)),
		.use_ccache = option_int(st->run.options, "ccache", 0),
	};
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct kbuild_result kb;
	size_t i;

	kbuild_run(&job, &kb);
	kbuild_make_argv(&job, &argv, "bzImage");
	strbuf_addstr(&repro, "git -C ");
	strbuf_add_sq(&repro, st->work_dir);
	strbuf_addf(&repro, " checkout --detach %s && ", st->sha);
	argv_to_line(&repro, argv.argv);

	db_begin(st->db);
	record(st, config, "apply", "pass", 0, NULL, NULL, NULL);
	record(st, config, "build", kb.ok ? "pass" : "fail", kb.duration, kb.evidence, log,
	       repro.buf);
	db_metric_set(st->db, st->commit_id, config, "sched_smp_lines", smp_lines);
	if (kb.ok) {
		db_warnings_clear(st->db, st->commit_id, config);
		for (i = 0; i < kb.nwarnings; i++)
			db_warning_add(st->db, st->commit_id, config, kb.warnings[i].object,
				       kb.warnings[i].message);
		db_metric_set(st->db, st->commit_id, config, "warnings", kb.nwarnings);
		db_metric_set(st->db, st->commit_id, config, "rebuilt_objects", kb.rebuilt);
		size_metrics(st, config, out_dir);
	} else {
		record(st, config, "boot", "skip", 0, "not run: build failed", NULL, NULL);
		record(st, config, "test", "skip", 0, "not run: build failed", NULL, NULL);
	}
	db_commit(st->db);
	fprintf(stderr, "  %-8s build %s%s%s (%.0fs, %zu objects rebuilt, %zu warnings)\n",
		config, kb.ok ? "pass" : "FAIL", kb.ok ? "" : ": ", kb.ok ? "" : kb.evidence,
		kb.duration, kb.rebuilt, kb.nwarnings);
	if (kb.ok)
		boot_and_test(st, config, out_dir, log_dir);

	kbuild_result_free(&kb);
	argv_clear(&argv);
	strbuf_release(&repro);
	free(out_dir);
	free(configs_dir);
	free(log);
}

static int step_usage(void)
{
	fprintf(stderr, "usage: bisectable step --db DB --run N\n"
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
	int i, smp_lines, last;
	char cwd[4096];

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			db_path = argv[++i];
		else if (!strcmp(argv[i], "--run") && i + 1 < argc)
			run_id = atoll(argv[++i]);
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

	fprintf(stderr, "[%d] %.12s %s\n", st.position, st.sha, strbuf_str(&subject));
	log_dir = commit_log_dir(db_path, st.run.id, st.position, st.sha);
	smp_lines = count_smp_lines(cwd);
	configs = xstrdup(st.run.configs);
	for (config = strtok_r(configs, ",", &save); config; config = strtok_r(NULL, ",", &save))
		verify_config(&st, config, log_dir, smp_lines);

	/* The last commit of the series ends the run (also after a fix-up stop). */
	{
		sqlite3_stmt *q = db_prepare(st.db, "SELECT MAX(position) FROM commits"
					     " WHERE run_id = ? AND sha IS NOT NULL");

		sqlite3_bind_int64(q, 1, st.run.id);
		last = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int(q, 0) : 0;
		sqlite3_finalize(q);
	}
	if (st.position >= last)
		db_finish_run(st.db, st.run.id, "done", st.sha);

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
