// SPDX-License-Identifier: GPL-2.0
/*
 * run-setup.c: run's options again for a Slurm job (no password on its
 * command line, paths made absolute), the defaults of a run here, and
 * ccache's remote storage passed to the steps or not.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run-setup.h"
#include "lib/util.h"
#include "tap.h"

static char *joined(const struct argv_array *a)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < a->argc; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", a->argv[i]);
	return strbuf_detach(&sb, NULL);
}

static void check_slurm_args(void)
{
	struct run_opts o = {
		.accel = "tcg", .suites = "smoke", .profile = "quick", .tests = "all",
		.boot_timeout = 120, .test_timeout = 60, .retries = 1, .ccache = -1,
		.repeat = 1, .confirm = 3,
		.tarball = "/t/linux.tar.xz", .target = "/s/series", .no_base = 1,
		.results_remote = "redis://user:secret@host:6379",
		.ccache_remote = "redis://user:secret@host:6380",
	};
	struct argv_array a = ARGV_ARRAY_INIT;
	char *line;

	run_setup_slurm_args(&o, &a);
	line = joined(&a);
	is_str(line, "--accel tcg --suites smoke --profile quick --tests all --boot-timeout=120"
	       " --test-timeout=60 --retries=1 --repeat=1 --confirm=3 --no-base --tarball /t/linux.tar.xz /s/series",
	       "a job's options: ccache and -j left to the node, the series last");
	ok(!strstr(line, "secret"), "no store's password on a job's command line");
	free(line);
	argv_clear(&a);

	o.jobs = 8;
	o.ccache = 0;
	o.repo = "/r/linux";
	o.target = "v6.1..HEAD";
	o.distcc = "a/8 b/8";
	run_setup_slurm_args(&o, &a);
	line = joined(&a);
	ok(strstr(line, "--jobs=8 --no-ccache") && strstr(line, "--distcc a/8 b/8") &&
	   strstr(line, "--repo /r/linux v6.1..HEAD"), "-j, ccache, distcc and a range: %s", line);
	free(line);
	argv_clear(&a);

	o.rtc = "2026-01-01";
	o.cpu = "max";
	run_setup_slurm_args(&o, &a);
	line = joined(&a);
	ok(strstr(line, " --rtc 2026-01-01 --cpu max ") != NULL,
	   "the guest's clock and CPU model when given: %s", line);
	free(line);
	argv_clear(&a);
}

static void check_defaults(void)
{
	struct run_opts o = { .ccache = 0 };

	run_setup_local_defaults(&o);
	ok(o.jobs >= 1 && o.ccache == 0, "-j of the CPUs, ccache as told");
	o.jobs = 0;
	o.distcc = "a/8 b/4";
	run_setup_local_defaults(&o);
	is_int(o.jobs, 12, "through distcc: as many jobs as the hosts' slots");
	o.jobs = 3;
	run_setup_local_defaults(&o);
	is_int(o.jobs, 3, "-j given stays");
}

static void check_ccache_remote(void)
{
	struct run_opts o = { .ccache_remote = "redis://h:6379" };
	struct run_config rc;

	run_config_init(&rc);
	rc.ccache = 1;
	run_setup_ccache_remote(&o, &rc);
	is_str(rc.ccache_remote, "redis://h:6379", "the option");
	is_str(getenv("BISECTABLE_CCACHE_REMOTE"), "redis://h:6379", "passed to the steps");
	rc.ccache = 0;
	run_setup_ccache_remote(&o, &rc);
	ok(!getenv("BISECTABLE_CCACHE_REMOTE"), "without ccache, not passed on");
	o.ccache_remote = NULL;
	setenv("BISECTABLE_CCACHE_REMOTE", "", 1);
	run_setup_ccache_remote(&o, &rc);
	ok(!rc.ccache_remote, "an empty environment is none");
	run_config_free(&rc);
}

int main(void)
{
	check_slurm_args();
	check_defaults();
	check_ccache_remote();
	return done_testing();
}
