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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "db.h"
#include "layout.h"
#include "run.h"
#include "tree.h"
#include "util.h"

struct run_opts {
	const char *db_path;
	const char *configs;
	const char *repo;
	const char *tarball;
	const char *accel;
	const char *tests;
	const char *metrics;
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
		"  --metrics FILE        the series' metrics (default: SERIES/metrics if any)\n"
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
		} else if (!strcmp(a, "--metrics")) {
			o->metrics = argv[++i];
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
	return 0;
}

static int have_ccache(void)
{
	const char *argv[] = { "sh", "-c", "command -v ccache >/dev/null", NULL };
	struct child c = { .argv = argv };

	return !run_child(&c);
}

/* The run's typed configuration from the options, checked once, here. */
static int make_config(const struct run_opts *o, const struct run_target *t,
		       struct run_config *rc)
{
	char *configs_dir = project_path("configs");
	int ret;

	run_config_init(rc);
	if (run_load_metrics(rc, t)) {
		free(configs_dir);
		return -1;
	}
	run_config_set_configs(rc, o->configs);
	run_config_set_tests(rc, o->tests);
	rc->mode = o->stop_on_failure ? RUN_STOP_ON_FAILURE : RUN_KEEP_GOING;
	free(rc->accel);
	rc->accel = xstrdup(o->accel);
	rc->jobs = o->jobs;
	rc->boot_timeout = o->boot_timeout;
	rc->test_timeout = o->test_timeout;
	rc->ccache = o->ccache;
	rc->use_cache = !o->no_cache;
	rc->parallel = !o->no_parallel;
	rc->verify_base = !o->no_base;
	ret = run_config_validate(rc, configs_dir);
	free(configs_dir);
	return ret;
}

int cmd_run(int argc, const char **argv)
{
	struct run_opts o = {
		.configs = "up,smp", .tarball = DEFAULT_TARBALL, .accel = "tcg", .tests = "all",
		.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), .boot_timeout = 120,
		.test_timeout = 60,
	};
	struct run_target t = { 0 };
	struct run_config rc;
	struct run r = { .base = STRBUF_INIT, .tip = STRBUF_INIT };
	char *db_default = project_path(DEFAULT_DB_PATH);
	int ret = EXIT_ERROR;

	o.db_path = db_default;
	o.ccache = have_ccache();
	run_config_init(&rc);
	if (parse_opts(argc, argv, &o)) {
		ret = run_usage();
		goto out;
	}
	if (!o.repo && strstr(o.target, "..") && !file_exists(o.target)) {
		error("%s looks like a range: give --repo", o.target);
		goto out;
	}
	t.series = o.repo ? NULL : o.target;
	t.repo = o.repo;
	t.range = o.repo ? o.target : NULL;
	t.tarball = o.tarball;
	t.metrics = o.metrics;
	run_config_free(&rc);
	if (make_config(&o, &t, &rc) || run_check_tools())
		goto out;
	/* A database problem is found before any work is done. */
	r.db_path = o.db_path;
	r.db = db_open(o.db_path);
	if (run_prepare(&r, &t, &rc))
		goto out_db;
	run_record(&r);
	ret = run_verify(&r);
out_db:
	db_close(r.db);
out:
	run_release(&r);
	run_config_free(&rc);
	free(db_default);
	return ret;
}
