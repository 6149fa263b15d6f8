// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-exec.c - the tree's own commands, which are untrusted code: kbuild's
 * make line for a target, and one command run with its output appended to
 * the build's log, in the sandbox when the job asks for it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "input/arch.h"
#include "lib/run-command.h"
#include "lib/sandbox.h"
#include "step/kbuild-exec.h"
#include "lib/util.h"

const char *kbuild_image_target(const struct kbuild_job *job)
{
	return job->arch ? job->arch->image_target : "bzImage";
}

/* CC= of a build through ccache or distcc: the cross compiler's gcc on another arch. */
static void push_cc(const struct kbuild_job *job, struct argv_array *argv, const char *wrapper)
{
	if (job->arch)
		argv_pushf(argv, "CC=%s %sgcc", wrapper, job->arch->cross_compile);
	else
		argv_pushf(argv, "CC=%s gcc", wrapper);
}

void kbuild_make_argv(const struct kbuild_job *job, struct argv_array *argv, const char *target)
{
	argv_pushl(argv, "make", "-C", job->src, NULL);
	argv_pushf(argv, "O=%s", job->out);
	/* Words of their own, never a shell string: the arch file is data from outside. */
	if (job->arch) {
		argv_pushf(argv, "ARCH=%s", job->arch->kbuild_arch);
		argv_pushf(argv, "CROSS_COMPILE=%s", job->arch->cross_compile);
	}
	if (target && !strcmp(target, kbuild_image_target(job))) {
		argv_pushf(argv, "-j%d", job->jobs > 0 ? job->jobs : 1);
		/* One target's output in one piece, so warnings map to their object. */
		argv_push(argv, "--output-sync=target");
		/* Reproducible builds: identical sources give identical images. */
		argv_pushl(argv, "KBUILD_BUILD_TIMESTAMP=Thu Jan  1 00:00:00 UTC 2000",
			   "KBUILD_BUILD_USER=bisectable", "KBUILD_BUILD_HOST=bisectable",
			   "KBUILD_BUILD_VERSION=1", NULL);
		/*
		 * On the make line, not only in the environment: kernels since
		 * 5.2 set CC themselves and only a command-line CC overrides it.
		 * distcc behind ccache is ccache's CCACHE_PREFIX (build-remote.h).
		 */
		if (job->use_ccache)
			push_cc(job, argv, "ccache");
		else if (job->distcc_hosts && *job->distcc_hosts) {
			push_cc(job, argv, "distcc");
			if (job->cc_version_text)
				argv_pushf(argv, "CC_VERSION_TEXT=%s", job->cc_version_text);
		}
		/*
		 * ccache hands gcc the tree's files relative to the build
		 * directory then, which the kernel's own
		 * -fmacro-prefix-map=$(srctree)/= does not catch: __FILE__ in
		 * WARN() and BUG() would name "../../../work/linux-source/..."
		 * and the image would differ from a build without it.
		 */
		if (job->src_rel && *job->src_rel)
			argv_pushf(argv, "KCPPFLAGS=-fmacro-prefix-map=%s/=", job->src_rel);
	}
	argv_push(argv, target);
}

/* The directories a build writes: the tree, its O= directory, ccache's, distcc's. */
static void writable_dirs(const struct kbuild_job *job, const char *dirs[5])
{
	size_t i, n = 0;

	dirs[n++] = job->src;
	dirs[n++] = job->out;
	for (i = 0; job->env && job->env[i]; i++)
		if (!strncmp(job->env[i], "CCACHE_DIR=", 11))
			dirs[n++] = job->env[i] + 11;
		else if (!strncmp(job->env[i], "DISTCC_DIR=", 11))
			dirs[n++] = job->env[i] + 11;
	dirs[n] = NULL;
}

/*
 * Run one command of the tree's own (make, merge_config.sh): untrusted code,
 * so in the sandbox when the job asks for it and the machine can make one.
 */
int kbuild_run_logged(const struct kbuild_job *job, const char *const *argv,
		      struct kbuild_result *res)
{
	struct argv_array boxed = ARGV_ARRAY_INIT;
	struct strbuf line = STRBUF_INIT;
	struct child c = { .argv = argv, .dir = job->src, .out_path = job->log_path,
			   .out_append = 1, .env = job->env };
	FILE *log = fopen(job->log_path, "a");
	const char *why = NULL, *dirs[5];
	int ret;

	if (job->sandbox && sandbox_available(&why)) {
		size_t i;

		writable_dirs(job, dirs);
		/* bwrap binds only what exists; ccache's directory may not yet. */
		for (i = 0; dirs[i]; i++)
			mkdir_p(dirs[i]);
		sandbox_argv_network(&boxed, dirs, job->src, argv, job->network);
		c.argv = boxed.argv;
	}
	if (log) {
		argv_to_line(&line, argv);
		fprintf(log, "$ %s\n", line.buf);
		if (job->sandbox && why && *why)
			fprintf(log, "# not sandboxed: %s\n", why);
		fclose(log);
	}
	ret = run_child(&c);
	strbuf_release(&line);
	argv_clear(&boxed);
	res->exit_code = ret;
	return ret;
}

void kbuild_log_line(const struct kbuild_job *job, const char *line)
{
	FILE *f = fopen(job->log_path, "a");

	if (f) {
		fprintf(f, "%s\n", line);
		fclose(f);
	}
}
