// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - the stages of one commit x configuration (see verify.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db-run.h"
#include "db/db-tries.h"
#include "step/build-remote.h"
#include "step/cache.h"
#include "step/confirm.h"
#include "input/config-spec.h"
#include "judge/confidence.h"
#include "judge/coverage.h"
#include "kconfig/dotconfig.h"
#include "step/kbuild.h"
#include "lib/layout.h"
#include "step/progress.h"
#include "step/qemu.h"
#include "step/results-remote.h"
#include "lib/run-parallel.h"
#include "input/tree.h"
#include "lib/run-command.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "step/suite.h"
#include "step/suite-build.h"
#include "step/suite-words.h"
#include "step/verify.h"
#include "input/arch.h"

/* Everything one configuration needs at this commit. */
struct config_step {
	struct verify_commit *vc;
	const char *config;
	char *out_dir;
	char *configs_dir;
	char *build_log;
	char *kernel;
	char *console;
	char *initrd;
	char *script;
	char *tests;
	char *build_key;
	char *boot_key;
	char *image_key;
	char *src_rel;			/* the tree from the build directory, or NULL */
	struct config_spec spec;	/* what the configuration is built from */
	char *fragment_path;		/* its fragment, or its full .config; NULL: none */
	struct arch_desc arch;		/* its architecture's file, unless x86_64 */
	int has_arch;
	struct kbuild_job kjob;
	struct boot_job bjob;
	struct argv_array env;		/* of the build: "NAME=value" */
	struct known_set known;		/* the configuration's known failures (the base's) */
	const char *known_text;		/* what record() stores as results.known */
};

static char *rev(const char *dir, const char *what)
{
	struct strbuf out = STRBUF_INIT;

	if (git(dir, &out, "rev-parse", "--verify", what, NULL))
		die("git rev-parse %s failed in %s", what, dir);
	return strbuf_detach(&out, NULL);
}

static char *log_format(const char *dir, const char *format)
{
	struct strbuf out = STRBUF_INIT;

	git(dir, &out, "log", "-1", format, "HEAD", NULL);
	return strbuf_detach(&out, NULL);
}

static int position_of_head(const char *dir, const char *base)
{
	struct strbuf count = STRBUF_INIT;
	char *range = xasprintf("%s..HEAD", base), *end;
	long n;

	if (git(dir, &count, "rev-list", "--count", range, NULL))
		die("cannot count %s", range);
	n = strtol(count.buf, &end, 10);
	if (*end || n < 0)
		die("git rev-list --count %s printed '%s'", range, count.buf);
	free(range);
	strbuf_release(&count);
	return (int)n;
}

void verify_commit_init(struct verify_commit *vc, sqlite3 *db, const char *db_path,
			const struct run_info *run, const struct run_config *rc,
			const char *work_dir)
{
	size_t i;

	memset(vc, 0, sizeof(*vc));
	vc->db = db;
	vc->db_path = db_path;
	vc->run = run;
	vc->rc = rc;
	vc->work_dir = work_dir;
	vc->sha = rev(work_dir, "HEAD");
	vc->tree = rev(work_dir, "HEAD^{tree}");
	vc->subject = log_format(work_dir, "--format=%s");
	vc->author = log_format(work_dir, "--format=%an <%ae>");
	vc->position = position_of_head(work_dir, run->base_sha);

	db_begin(db);
	vc->commit_id = db_commit_set(db, run->id, vc->position, vc->sha, vc->tree, vc->subject,
				      vc->author, NULL);
	db_commit(db);
	vc->log_dir = commit_log_dir(db_path, run->id, vc->position, vc->sha);
	vc->metric_values = xcalloc(rc->nmetrics, sizeof(*vc->metric_values));
	for (i = 0; i < rc->nmetrics; i++)
		vc->metric_values[i] = series_metric_count(&rc->metrics[i], work_dir);
}

void verify_commit_release(struct verify_commit *vc)
{
	free(vc->sha);
	free(vc->tree);
	free(vc->subject);
	free(vc->author);
	free(vc->log_dir);
	free(vc->metric_values);
	free(vc->initrd);
}

void verify_print_progress(struct verify_commit *vc, int at_base)
{
	struct db_run_progress p;
	long elapsed;
	int bisect;

	if (!db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	elapsed = p.elapsed;
	bisect = p.bisect;
	/* git bisect picks the commits: no end to count to, so no time left. */
	if (bisect) {
		fprintf(stderr, "[%d/%d, bisect] %.12s %s (bisect %ldm%02lds)\n", vc->position,
			vc->total, vc->sha, term_str(vc->subject), elapsed / 60, elapsed % 60);
		return;
	}
	fprintf(stderr, "[%d/%d%s] %.12s %s (run %ldm%02lds", vc->position, vc->total,
		at_base ? ", the base" : "", vc->sha, term_str(vc->subject), elapsed / 60, elapsed % 60);
	/* The base's cold build would skew the estimate: count from commit 2 on. */
	if (vc->position >= 2 && vc->total > vc->position) {
		long left = elapsed * (vc->total - vc->position + 1) / vc->position;

		fprintf(stderr, ", about %ldm left", (left + 59) / 60);
	}
	fprintf(stderr, ")\n");
}

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
static int soaked_position(struct verify_commit *vc)
{
	struct db_run_progress p;

	if (vc->rc->flake_rate <= 0)
		return 0;
	if (!vc->total && !db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	return vc->position == 0 || vc->position == vc->total;
}

static void config_step_init(struct config_step *cs, struct verify_commit *vc,
			     const char *config)
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
	cache_set_boot_policy(soaked_position(vc) && flake_soak_boots(rc->flake_rate) > rc->repeat ?
			      flake_soak_boots(rc->flake_rate) : rc->repeat, cs->known.n > 0);

	cs->build_key = cache_key_build(vc->tree, cs->configs_dir, config, &cs->kjob);
	cs->boot_key = cache_key_boot(cs->build_key, &cs->bjob);
}

static void config_step_release(struct config_step *cs)
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

static long long record(struct config_step *cs, const char *stage, const char *status,
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

static void metric(struct config_step *cs, const char *source, const char *name,
		   double value)
{
	db_metric_set(cs->vc->db, cs->vc->commit_id, cs->config, source, name, value);
}

/* Boot and test were not run because the build failed (in one transaction). */
static void record_not_booted(struct config_step *cs, const char *why)
{
	record(cs, "boot", "skip", 0, why, NULL, NULL, NULL);
	record(cs, "test", "skip", 0, why, NULL, NULL, NULL);
}

/* Stage apply: the commit is there; the series' figures are counted in its tree. */
static void stage_apply(struct config_step *cs)
{
	const struct run_config *rc = cs->vc->rc;
	size_t i;

	db_begin(cs->vc->db);
	record(cs, "apply", "pass", 0, NULL, NULL, NULL, NULL);
	for (i = 0; i < rc->nmetrics; i++)
		if (cs->vc->metric_values[i] >= 0)
			metric(cs, "series", rc->metrics[i].name, cs->vc->metric_values[i]);
	db_commit(cs->vc->db);
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

static void reuse(struct config_step *cs, const struct cache_hit *hit)
{
	if (cache_reuse(cs->vc->db, cs->vc->run->id, cs->vc->commit_id, cs->config, hit,
			cs->boot_key))
		cs->vc->failed = 1;
	print_reused(cs, "build", hit->build);
	print_reused(cs, "boot", hit->boot);
	print_reused(cs, "test", hit->test);
}

/* This configuration's cells, as the shared results store wants them. */
static void remote_cell(struct config_step *cs, struct remote_cell *cell)
{
	*cell = (struct remote_cell){
		.db = cs->vc->db, .run_id = cs->vc->run->id, .commit_id = cs->vc->commit_id,
		.config = cs->config, .build_key = cs->build_key, .boot_key = cs->boot_key,
		.build_log = cs->build_log, .console_log = cs->console,
	};
}

/* The shared results store (results-remote.h): 1 if it answered. */
static int stage_remote(struct config_step *cs)
{
	struct strbuf say = STRBUF_INIT;
	struct remote_cell cell;
	int bad = 0, found;

	if (!results_remote_url())
		return 0;
	remote_cell(cs, &cell);
	found = results_remote_fetch(&cell, &bad, &say);
	if (bad)
		cs->vc->failed = 1;
	fputs(say.buf, stderr);
	strbuf_release(&say);
	return found;
}

/* Stage cached: 1 if the cache (this database's, else the shared store) answered. */
static int stage_cached(struct config_step *cs)
{
	struct cache_hit hit;

	if (!cs->vc->rc->use_cache)
		return 0;
	if (run_config_build_only(cs->vc->rc, cs->config)) {
		if (cache_plan_build(cs->vc->db, cs->build_key, &hit) == CACHE_MISS)
			return 0;
		reuse(cs, &hit);
		return 1;
	}
	switch (cache_plan(cs->vc->db, cs->build_key, cs->boot_key, &hit)) {
	case CACHE_MISS:
		return stage_remote(cs);
	case CACHE_BUILD_FAILED:
		reuse(cs, &hit);
		db_begin(cs->vc->db);
		record_not_booted(cs, "not run: build failed");
		db_commit(cs->vc->db);
		return 1;
	case CACHE_HIT:
		reuse(cs, &hit);
		return 1;
	}
	return 0;
}

/* vmlinux's text/data/bss and the bzImage's size. */
static void size_metrics(struct config_step *cs)
{
	char *vmlinux = xasprintf("%s/vmlinux", cs->out_dir);
	const char *argv[] = { "size", vmlinux, NULL };
	struct strbuf out = STRBUF_INIT;
	unsigned long long text, data, bss;
	struct stat sb;

	if (!run_capture(NULL, &out, argv)) {
		const char *line2 = strchr(out.buf, '\n');

		if (line2 && sscanf(line2 + 1, "%llu %llu %llu", &text, &data, &bss) == 3) {
			metric(cs, "build", "text", text);
			metric(cs, "build", "data", data);
			metric(cs, "build", "bss", bss);
		}
	}
	if (!stat(cs->kernel, &sb))
		metric(cs, "build", "bzimage_bytes", sb.st_size);
	strbuf_release(&out);
	free(vmlinux);
}

/*
 * What coverage judges this build by (coverage.h): the .config olddefconfig
 * made at this commit and, for a build that finished, the files its objects
 * depend on (a failed build stopped before some objects: its list would
 * leave out files that were never tried, so it has none and its .config
 * alone judges). 0 if configure did not finish: there is nothing to keep.
 */
static int kconfig_texts(struct config_step *cs, const struct kbuild_result *kb,
			 struct strbuf *dotconfig, struct strbuf *compiled, int *has_compiled)
{
	struct strbuf text = STRBUF_INIT;
	char *path;

	*has_compiled = 0;
	if (!kb->configured)
		return 0;
	path = xasprintf("%s/.config", cs->out_dir);
	if (strbuf_read_file(&text, path) >= 0)
		dotconfig_assignment_lines(text.buf, dotconfig);
	free(path);
	strbuf_release(&text);
	if (!dotconfig->len)
		return 0;
	/* No file found is a path the dependency lists spell otherwise: unknown. */
	if (kb->ok && !coverage_compiled_files(cs->out_dir, cs->vc->work_dir, compiled) &&
	    compiled->len)
		*has_compiled = 1;
	return 1;
}

static void record_build(struct config_step *cs, const struct kbuild_result *kb,
			 const char *reproduce)
{
	struct strbuf dotconfig = STRBUF_INIT, compiled = STRBUF_INIT;
	sqlite3 *db = cs->vc->db;
	int has_kconfig, has_compiled;
	long long id;
	size_t i;

	has_kconfig = kconfig_texts(cs, kb, &dotconfig, &compiled, &has_compiled);
	db_begin(db);
	id = record(cs, "build", kb->error ? "error" : kb->ok ? "pass" : "fail", kb->duration,
		    kb->evidence, cs->build_log, reproduce, cs->build_key);
	if (has_kconfig)
		db_kconfig_set(db, id, dotconfig.buf, has_compiled ? compiled.buf : NULL);
	strbuf_release(&dotconfig);
	strbuf_release(&compiled);
	if (!kb->ok) {
		record_not_booted(cs, kb->error ? "not run: build error" : "not run: build failed");
		db_commit(db);
		return;
	}
	db_warnings_clear(db, cs->vc->commit_id, cs->config);
	for (i = 0; i < kb->nwarnings; i++)
		db_warning_add(db, cs->vc->commit_id, cs->config, kb->warnings[i].object,
			       kb->warnings[i].message);
	metric(cs, "build", "warnings", kb->nwarnings);
	metric(cs, "build", "rebuilt_objects", kb->rebuilt);
	if (kb->remote.nhosts)
		metric(cs, "build", "distcc_remote_compiles", build_remote_distributed(&kb->remote));
	if (kb->remote.have_ccache && cs->vc->rc->ccache_remote) {
		metric(cs, "build", "ccache_local_hits", kb->remote.local_hits);
		metric(cs, "build", "ccache_remote_hits", kb->remote.remote_hits);
		metric(cs, "build", "ccache_misses", kb->remote.misses);
	}
	if (kb->restored >= 0)
		metric(cs, "build", "restored_mtimes", kb->restored);
	size_metrics(cs);
	db_commit(db);
}

/*
 * Build, and build again (--retries) while the machine is at fault: a killed
 * compiler, ENOSPC, a failed fork. The last try's log is the build log, the
 * earlier ones are kept beside it.
 */
static void build_tries(struct config_step *cs, struct kbuild_result *kb)
{
	int tries;

	for (tries = 1;; tries++) {
		kbuild_run(&cs->kjob, kb);
		if (!kb->error || tries > cs->vc->rc->retries)
			break;
		fprintf(stderr, "  %-8s build ERROR: %s: trying again (try %d of %d)\n",
			cs->config, term_str(kb->evidence), tries + 1, cs->vc->rc->retries + 1);
		keep_try_log(cs->build_log, tries);
		kbuild_result_free(kb);
	}
	if (kb->error && tries > 1) {
		char last[sizeof(kb->evidence)];

		snprintf(last, sizeof(last), "%s", kb->evidence);
		snprintf(kb->evidence, sizeof(kb->evidence), "after %d tries: %.400s", tries, last);
	}
}

/*
 * What base.config added to a start other than tinyconfig, and what
 * olddefconfig changed in a full .config: on screen, and with the run
 * (the first build's) for show and the reports.
 */
static void say_changes(struct config_step *cs, const char *changes)
{
	const char *line, *end;

	for (line = changes; *line; line = *end ? end + 1 : end) {
		char *one;

		end = strchrnul(line, '\n');
		one = xstrndup(line, end - line);
		fprintf(stderr, "  %-8s %s%s\n", cs->config, *one == '#' ? "" : "  ", term_str(one));
		free(one);
	}
	db_begin(cs->vc->db);
	db_run_config_changes(cs->vc->db, cs->vc->run->id, cs->config, run_config_spec(cs->vc->rc,
			      cs->config), changes);
	db_commit(cs->vc->db);
}

/* Stage build: returns 1 if it passed. */
static int stage_build(struct config_step *cs)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct kbuild_result kb;
	int ok;

	build_tries(cs, &kb);
	kbuild_make_argv(&cs->kjob, &argv, kbuild_image_target(&cs->kjob));
	strbuf_addstr(&repro, "git -C ");
	strbuf_add_sq(&repro, cs->vc->work_dir);
	strbuf_addf(&repro, " checkout --detach %s && ", cs->vc->sha);
	argv_to_line(&repro, argv.argv);
	record_build(cs, &kb, repro.buf);

	fprintf(stderr, "  %-8s build %s%s%s (%.0fs, %zu objects rebuilt, %zu warnings",
		cs->config, kb.ok ? "pass" : kb.error ? "ERROR" : "FAIL", kb.ok ? "" : ": ",
		kb.ok ? "" : term_str(kb.evidence), kb.duration, kb.rebuilt, kb.nwarnings);
	if (kb.restored > 0)
		fprintf(stderr, ", %d unchanged sources kept their mtime", kb.restored);
	if (cs->vc->rc->distcc_hosts || cs->vc->rc->ccache_remote) {
		struct strbuf where = STRBUF_INIT;

		build_remote_describe(&kb.remote, &where);
		if (where.len)
			fprintf(stderr, "; %s", where.buf);
		strbuf_release(&where);
	}
	fprintf(stderr, ")\n");
	if (kb.changes)
		say_changes(cs, kb.changes);
	ok = kb.ok;
	kbuild_result_free(&kb);
	argv_clear(&argv);
	strbuf_release(&repro);
	return ok;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * A figure printed several times in one boot is repeated samples: the
 * median is the value, (max - min) / median its spread, and the suite's
 * declaration gives its unit, direction and noise floor.
 */
static void record_guest_metrics(struct config_step *cs, const struct console_result *con)
{
	const struct suite_set *set = suites_default();
	double *v = xcalloc(con->nmetrics + 1, sizeof(*v));
	size_t i, j, n;

	for (i = 0; i < con->nmetrics; i++) {
		const char *name = con->metrics[i].name;
		const struct suite_metric *decl = suites_find_metric(set, name);
		struct metric_sample m = { .name = name, .noise_pct = -1, .spread_pct = -1 };

		for (j = 0; j < i; j++)
			if (!strcmp(con->metrics[j].name, name))
				break;
		if (j < i)
			continue;	/* its samples were taken with the first */
		for (n = 0, j = i; j < con->nmetrics; j++)
			if (!strcmp(con->metrics[j].name, name))
				v[n++] = con->metrics[j].value;
		qsort(v, n, sizeof(*v), by_value);
		m.value = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
		if (n > 1)
			m.spread_pct = m.value ? 100 * (v[n - 1] - v[0]) / fabs(m.value) :
				(v[n - 1] > v[0] ? 1000 : 0);
		if (decl) {
			m.unit = decl->unit;
			m.better = decl->better;
			m.noise_pct = decl->noise_pct;
		}
		db_metric_put(cs->vc->db, cs->vc->commit_id, cs->config, "guest", &m);
	}
	free(v);
}

/* The first boot of the cell: its results, tests, figures and first try. */
static void record_boot(struct config_step *cs, const struct boot_outcome *bo,
			const char *reproduce, const char *clock)
{
	sqlite3 *db = cs->vc->db;
	char *known = known_set_text(&bo->known_met);
	struct try_row boot = { bo->boot_status, bo->boot_evidence, cs->console, bo->duration,
				clock, "first" };
	struct try_row test = { bo->test_status, bo->test_evidence, cs->console, bo->duration,
				clock, "first" };
	long long result_id;

	db_begin(db);
	cs->known_text = known;
	result_id = record(cs, "boot", bo->boot_status, bo->duration, bo->boot_evidence,
			   cs->console, reproduce, cs->boot_key);
	db_try_add(db, result_id, &boot);
	result_id = record(cs, "test", bo->test_status, bo->duration, bo->test_evidence,
			   cs->console, reproduce, cs->boot_key);
	db_try_add(db, result_id, &test);
	cs->known_text = NULL;
	boot_record_tests(db, result_id, bo);
	record_guest_metrics(cs, &bo->console);
	db_commit(db);
	free(known);
}

/*
 * At the base, every failure of a boot that became ready is a known one of
 * the configuration: judge the boot again with them (see known.h).
 */
static void base_known(struct config_step *cs, struct boot_outcome *bo)
{
	if (cs->vc->position != 0)
		return;
	boot_failure_lines(bo, cs->bjob.cpus, &cs->known);
	if (cs->known.n)
		boot_judge_again(&cs->bjob, bo);
}

/* More boots of this commit: --repeat, the soak, then confirming a first failure. */
static void boot_more(struct config_step *cs)
{
	struct verify_commit *vc = cs->vc;
	struct reboot rb = {
		.db = vc->db, .db_path = vc->db_path, .run_id = vc->run->id,
		.config = cs->config, .bjob = &cs->bjob, .retries = vc->rc->retries,
		.n = vc->rc->confirm, .flake_rate = vc->rc->flake_rate,
		.base_known = vc->position == 0 ? &cs->known : NULL,
	};

	if (vc->rc->repeat > 1)
		reboot_until(&rb, vc->commit_id, vc->position, cs->kernel, vc->rc->repeat,
			     REBOOT_ALL, "repeat");
	if (soaked_position(vc))
		soak_cell(&rb, vc->commit_id, vc->position, cs->kernel);
	confirm_cell(&rb, vc->commit_id, vc->position);
	if (db_cell_failed(vc->db, vc->commit_id, cs->config))
		vc->failed = 1;
}

/* Stage boot and test: in QEMU, unless this very image was booted already. */
static void stage_boot(struct config_step *cs)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct boot_outcome bo;
	struct cache_hit hit = { 0 };
	char clock[32];

	/* The suites' test programs could not be built: nothing to boot is the commit's. */
	if (!cs->vc->initrd) {
		db_begin(cs->vc->db);
		record(cs, "boot", "error", 0, cs->vc->initrd_error, NULL, NULL, NULL);
		record(cs, "test", "error", 0, cs->vc->initrd_error, NULL, NULL, NULL);
		db_commit(cs->vc->db);
		fprintf(stderr, "  %-8s boot error: %s\n", cs->config, term_str(cs->vc->initrd_error));
		return;
	}
	/* A byte-identical image was booted already (e.g. a comment-only change). */
	cs->image_key = cache_key_image(cs->kernel, &cs->bjob);
	if (cs->vc->rc->use_cache && cache_find_boot(cs->vc->db, "image_key", cs->image_key,
						      &hit)) {
		reuse(cs, &hit);
		return;
	}
	if (cs->vc->rc->confirm > 1 || cs->vc->rc->repeat > 1 || cs->vc->rc->flake_rate > 0)
		image_keep(cs->kernel, cs->image_key);
	boot_clock_text(cs->bjob.rtc, 0, clock, sizeof(clock));
	boot_with_retries(&cs->bjob, cs->vc->rc->retries, cs->config, &bo);
	base_known(cs, &bo);
	expect_argv(&cs->bjob, &argv, NULL);
	argv_to_line(&repro, argv.argv);
	record_boot(cs, &bo, repro.buf, clock);
	fprintf(stderr, "  %-8s boot %s%s%s, test %s%s%s (%.0fs)\n", cs->config, bo.boot_status,
		bo.boot_evidence[0] ? ": " : "", term_str(bo.boot_evidence), bo.test_status,
		bo.test_evidence[0] ? ": " : "", term_str(bo.test_evidence), bo.duration);
	if (bo.known_met.n)
		fprintf(stderr, "  %-8s known failures met (not counted): %zu\n", cs->config,
			bo.known_met.n);
	boot_outcome_free(&bo);
	boot_more(cs);
	argv_clear(&argv);
	strbuf_release(&repro);
}

void verify_config(struct verify_commit *vc, const char *config)
{
	struct config_step cs;

	config_step_init(&cs, vc, config);
	stage_apply(&cs);
	/* A derived configuration costs build time only, unless --boot auto. */
	if (!stage_cached(&cs) && stage_build(&cs) && !run_config_build_only(vc->rc, config))
		stage_boot(&cs);
	if (results_remote_url()) {
		struct remote_cell cell;

		remote_cell(&cs, &cell);
		results_remote_publish(&cell);
	}
	config_step_release(&cs);
}

struct config_job {
	struct verify_commit *vc;
	const char *config;
};

/* A child of verify_parallel: one configuration, with its own connection. */
static int verify_child(void *data)
{
	struct config_job *cj = data;
	struct verify_commit *vc = cj->vc;

	vc->db = db_open(vc->db_path);
	vc->failed = 0;
	verify_config(vc, cj->config);
	results_remote_close();
	db_close(vc->db);
	return vc->failed ? EXIT_BAD : 0;
}

/*
 * One process per configuration: while one builds, another boots (QEMU's TCG
 * with icount runs on one CPU), so the CPUs stay busy. Each child has its
 * own database connection; SQLite connections do not survive a fork.
 */
static void verify_parallel(struct verify_commit *vc)
{
	/* On a terminal the children's lines go through us, above the live lines. */
	int live = isatty(STDERR_FILENO);
	struct progress progress;
	struct run_parallel_opts opts = { .capture = live, .ctx = &progress };
	size_t n = vc->rc->nconfigs, i;
	struct config_job *cjs = xcalloc(n, sizeof(*cjs));
	struct run_job *jobs = xcalloc(n, sizeof(*jobs));
	int ret;

	for (i = 0; i < n; i++) {
		cjs[i] = (struct config_job){ vc, vc->rc->configs[i] };
		jobs[i] = (struct run_job){ .name = cjs[i].config, .fn = verify_child,
					    .data = &cjs[i] };
	}
	if (live) {
		opts.on_line = progress_on_line;
		opts.on_tick = progress_on_tick;
		progress_begin(&progress, vc->db_path, vc->run->id, vc->commit_id, vc->position,
			       vc->total);
	}
	db_close(vc->db);
	ret = run_parallel(jobs, n, &opts);
	if (live)
		progress_end(&progress);
	if (ret < 0)
		die("cannot verify the configurations in parallel");
	for (i = 0; i < n; i++) {
		if (jobs[i].status == EXIT_BAD || jobs[i].status >= 128 || jobs[i].status < 0)
			vc->failed = 1;
		if (jobs[i].status == EXIT_ERROR)
			die("verifying a configuration failed");
	}
	free(jobs);
	free(cjs);
	vc->db = db_open(vc->db_path);
}

int verify_position_wanted(struct verify_commit *vc)
{
	struct db_run_progress p;

	if (!vc->rc->only)
		return 1;
	if (!db_run_progress(vc->db, vc->run->id, &p))
		vc->total = p.total;
	if (run_config_only_wanted(vc->rc, vc->position, vc->total))
		return 1;
	fprintf(stderr, "  not verified: the run verifies positions %s only (--only)\n",
		term_str(vc->rc->only));
	return 0;
}

void verify_configs(struct verify_commit *vc)
{
	size_t i;

	/* Once for all configurations: the pieces it needs are built before they fork. */
	free(vc->initrd);
	vc->initrd = suites_initrd(vc->rc, vc->work_dir, vc->run->base_sha, vc->initrd_error,
				   sizeof(vc->initrd_error));
	/* One configuration runs here, unless a terminal wants the live line. */
	if ((vc->rc->nconfigs == 1 && !isatty(STDERR_FILENO)) || !vc->rc->parallel) {
		for (i = 0; i < vc->rc->nconfigs; i++)
			verify_config(vc, vc->rc->configs[i]);
		return;
	}
	verify_parallel(vc);
}
