// SPDX-License-Identifier: GPL-2.0
/*
 * verify-config.c - one configuration at the commit (verify-config.h): what
 * it is built and booted from, and its results and figures recorded.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db-run.h"
#include "db/db-tries.h"
#include "judge/confidence.h"
#include "judge/coverage.h"
#include "lib/layout.h"
#include "lib/escape.h"
#include "step/suite-words.h"
#include "step/verify-config.h"
#include "lib/util.h"

/*
 * An SMP configuration boots on 2 CPUs, a UP one on 1: as its fragment
 * says, else as its full .config says, else as its start target makes it
 * (tinyconfig and allnoconfig leave SMP off, the others turn it on).
 */
static int config_cpus(const char *path, const struct config_spec *spec)
{
	struct strbuf text = STRBUF_INIT;
	char smp = 0, *value = NULL;

	if (path && !strbuf_read_file(&text, path) && (value = dotconfig_value(text.buf, "SMP")))
		smp = dotconfig_tristate_of(value);
	free(value);
	if (!smp && spec->target)
		smp = strcmp(spec->target, "tinyconfig") && strcmp(spec->target, "allnoconfig") ?
			'y' : 'n';
	strbuf_release(&text);
	return smp == 'y' ? 2 : 1;
}

static void build_env(struct config_step *cs)
{
	const struct run_config *rc = cs->vc->rc;
	char *cache = cache_dir(), *distcc_dir = xasprintf("%s/distcc", cache);

	/* Plain ASCII quotes in compiler messages: evidence reads the same everywhere. */
	argv_push(&cs->env, "LC_ALL=C");
	if (cs->kjob.use_ccache) {
		/* Outside the repository, size-capped. */
		argv_pushf(&cs->env, "CCACHE_DIR=%s/ccache", cache);
		argv_push(&cs->env, "CCACHE_MAXSIZE=5G");
	}
	build_remote_env(&cs->env, cs->out_dir, distcc_dir, rc->distcc_hosts, rc->ccache_remote,
			 cs->kjob.use_ccache, cache);
	cs->kjob.env = cs->env.argv;
	/* distcc makes its lock/ and state/ there, but not the directory itself. */
	if (rc->distcc_hosts)
		mkdir_p(distcc_dir);
	free(distcc_dir);
	free(cache);
}

/*
 * What the configuration is built from (config-spec.h): a configs/ name as
 * ever; else a start target or a full .config, and a fragment if any.
 */
static void config_step_spec(struct config_step *cs, const char *spec)
{
	char why[512];

	if (config_spec_parse(spec, &cs->spec, why, sizeof(why)))
		die("configuration '%s': %s", term_str(spec), why);
	if (cs->spec.fragment)
		cs->fragment_path = xasprintf("%s/%s.config", cs->configs_dir, cs->spec.fragment);
	else if (cs->spec.path)
		cs->fragment_path = xstrdup(cs->spec.path);
	if (cs->spec.kind == CONFIG_KIND_FRAGMENT)
		return;
	cs->kjob.start_target = cs->spec.target;
	cs->kjob.start_file = cs->spec.kind == CONFIG_KIND_DOTCONFIG ? cs->spec.path : NULL;
	cs->kjob.fragment = cs->spec.kind == CONFIG_KIND_DOTCONFIG ? NULL : cs->fragment_path;
}

/* The architecture of the configuration's key ("riscv64+up"): its file, unless x86_64. */
static void config_step_arch(struct config_step *cs, const char *config)
{
	char arch[64], why[512];

	arch_key_split(config, arch, sizeof(arch));
	if (!strcmp(arch, ARCH_DEFAULT))
		return;
	if (arch_load(arch, &cs->arch, why, sizeof(why)))
		die("configuration '%s': %s", term_str(config), term_str(why));
	cs->has_arch = 1;
}

/*
 * Another architecture's guest: guest/initramfs-ARCH.cpio (mkinitramfs.sh
 * ARCH) when there is one; else the default one, which run warned about.
 */
static void config_step_arch_initrd(struct config_step *cs)
{
	char *rel = xasprintf("guest/initramfs-%s.cpio", cs->arch.name);
	char *path = project_path(rel);

	free(rel);
	if (!file_exists(path)) {
		free(path);
		return;
	}
	free(cs->initrd);
	cs->initrd = path;
}

/* The base and the tip are soaked (--flake-rate); the tip is the last position. */
int config_step_soaked(struct verify_commit *vc)
{
	struct db_run_progress p;

	if (vc->rc->flake_rate <= 0)
		return 0;
	if (!vc->total && !db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	return vc->position == 0 || vc->position == vc->total;
}

void config_step_init(struct config_step *cs, struct verify_commit *vc, const char *config)
{
	const struct run_config *rc = vc->rc;
	char why[64];

	memset(cs, 0, sizeof(*cs));
	cs->vc = vc;
	cs->config = config;
	cs->out_dir = build_dir(vc->work_dir, config);
	cs->configs_dir = run_config_configs_dir(rc);
	cs->build_log = xasprintf("%s/%s-build.log", vc->log_dir, config);
	config_step_arch(cs, config);
	cs->kernel = cs->has_arch ? xasprintf("%s/%s", cs->out_dir, cs->arch.image_path) :
		     xasprintf("%s/arch/x86/boot/bzImage", cs->out_dir);
	cs->console = xasprintf("%s/%s-console.log", vc->log_dir, config);
	cs->initrd = vc->initrd ? xstrdup(vc->initrd) : project_path("guest/initramfs.cpio");
	cs->script = project_path("expect-scripts/boot-test.exp");
	cs->tests = cs->has_arch ? suite_tests_words_arch(rc, cs->arch.name) :
		    suite_tests_words(rc);
	if (cs->has_arch)
		config_step_arch_initrd(cs);

	cs->kjob.src = vc->work_dir;
	cs->kjob.out = cs->out_dir;
	cs->kjob.configs_dir = cs->configs_dir;
	/* The fragment of "riscv64+up" is up's: the key's prefix is its architecture. */
	cs->kjob.config = cs->has_arch ? arch_key_split(config, why, sizeof(why)) : config;
	cs->kjob.arch = cs->has_arch ? &cs->arch : NULL;
	config_step_spec(cs, run_config_spec(rc, config));
	cs->kjob.log_path = cs->build_log;
	cs->kjob.jobs = rc->jobs;
	cs->kjob.use_ccache = rc->ccache;
	cs->kjob.sandbox = rc->sandbox;
	cs->kjob.distcc_hosts = rc->distcc_hosts;
	if (!rc->ccache && rc->distcc_hosts && *rc->distcc_hosts)
		cs->kjob.cc_version_text = kbuild_gcc_version_text();
	cs->kjob.network = (rc->distcc_hosts && *rc->distcc_hosts) ||
			   (rc->ccache && rc->ccache_remote && *rc->ccache_remote);
	/* build_remote_env sets CCACHE_BASEDIR then: see kbuild_job.src_rel. */
	if (rc->ccache && rc->ccache_remote && *rc->ccache_remote && !mkdir_p(cs->out_dir)) {
		cs->src_rel = relative_path(cs->out_dir, vc->work_dir);
		cs->kjob.src_rel = cs->src_rel;
	}
	build_env(cs);

	cs->bjob.kernel = cs->kernel;
	cs->bjob.initrd = cs->initrd;
	cs->bjob.log_path = cs->console;
	cs->bjob.expect_script = cs->script;
	cs->bjob.accel = rc->accel;
	cs->bjob.tests = cs->tests;
	cs->bjob.profile = rc->profile;
	cs->bjob.cpus = config_cpus(cs->fragment_path, &cs->spec);
	cs->bjob.boot_timeout = rc->boot_timeout;
	cs->bjob.test_timeout = rc->test_timeout;
	cs->bjob.rtc = rc->rtc;
	cs->bjob.cpu = rc->cpu;
	cs->bjob.arch = cs->kjob.arch;

	if (vc->position > 0) {
		char *known = db_base_known(vc->db, vc->run->id, config);

		known_set_add_text(&cs->known, known);
		free(known);
	}
	cs->bjob.known = &cs->known;
	/* A cached base or tip serves only with the boots of its soak. */
	cache_set_boot_policy(config_step_soaked(vc) && flake_soak_boots(rc->flake_rate) > rc->repeat ?
			      flake_soak_boots(rc->flake_rate) : rc->repeat, cs->known.n > 0);

	cs->build_key = cache_key_build(vc->tree, cs->configs_dir, config, &cs->kjob);
	cs->boot_key = cache_key_boot(cs->build_key, &cs->bjob);
}

void config_step_release(struct config_step *cs)
{
	argv_clear(&cs->env);
	arch_release(&cs->arch);
	known_set_free(&cs->known);
	free(cs->out_dir);
	free(cs->configs_dir);
	free(cs->build_log);
	free(cs->kernel);
	free(cs->console);
	free(cs->initrd);
	free(cs->script);
	free(cs->tests);
	free(cs->build_key);
	free(cs->boot_key);
	free(cs->image_key);
	free(cs->src_rel);
	free(cs->fragment_path);
	config_spec_release(&cs->spec);
}

long long config_step_record(struct config_step *cs, const char *stage, const char *status,
			       double duration, const char *evidence, const char *log_path,
			       const char *reproduce, const char *cache_key)
{
	struct result_row row = {
		.config = cs->config, .stage = stage, .status = status, .duration = duration,
		.evidence = evidence && *evidence ? evidence : NULL, .log_path = log_path,
		.reproduce = reproduce, .cache_key = cache_key,
		.image_key = strcmp(stage, "build") ? cs->image_key : NULL,
		.known = cs->known_text,
	};

	if (strcmp(status, "pass"))
		cs->vc->failed = 1;
	return db_result_set(cs->vc->db, cs->vc->run->id, cs->vc->commit_id, &row);
}

void config_step_metric(struct config_step *cs, const char *source, const char *name,
			double value)
{
	db_metric_set(cs->vc->db, cs->vc->commit_id, cs->config, source, name, value);
}

/* Boot and test were not run because the build failed (in one transaction). */
void config_step_not_booted(struct config_step *cs, const char *why)
{
	config_step_record(cs, "boot", "skip", 0, why, NULL, NULL, NULL);
	config_step_record(cs, "test", "skip", 0, why, NULL, NULL, NULL);
}

static void print_reused(struct config_step *cs, const char *what, long long origin)
{
	struct strbuf line = STRBUF_INIT;

	if (!origin)
		return;
	cache_describe(cs->vc->db, origin, &line);
	fprintf(stderr, "  %-8s %s %s\n", cs->config, what, term_str(line.buf));
	strbuf_release(&line);
}

void config_step_reuse(struct config_step *cs, const struct cache_hit *hit)
{
	if (cache_reuse(cs->vc->db, cs->vc->run->id, cs->vc->commit_id, cs->config, hit,
			cs->boot_key))
		cs->vc->failed = 1;
	print_reused(cs, "build", hit->build);
	print_reused(cs, "boot", hit->boot);
	print_reused(cs, "test", hit->test);
}
