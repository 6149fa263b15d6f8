// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild.c - one build of one configuration: recover from a build that was
 * killed, give unchanged sources their mtime back, configure
 * (kbuild-configure.c), then the incremental image build, its warnings
 * folded into the build directory's map (kbuild-log.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "step/kbuild.h"
#include "step/kbuild-recover.h"
#include "step/kbuild-stamp.h"
#include "step/mtime.h"
#include "lib/run-command.h"
#include "lib/util.h"

const char *kbuild_gcc_version_text(void)
{
	static const char *const argv[] = { "gcc", "--version", NULL };
	static char *text;
	static int asked;
	struct strbuf out = STRBUF_INIT;
	size_t i, n = 0;

	if (asked)
		return text;
	asked = 1;
	if (!run_capture(NULL, &out, argv) && out.len) {
		for (i = 0; i < out.len && out.buf[i] != '\n'; i++)
			if (out.buf[i] != '#')
				out.buf[n++] = out.buf[i];
		out.buf[n] = '\0';
		text = n ? xstrdup(out.buf) : NULL;
	}
	strbuf_release(&out);
	return text;
}

/* How this build's log names the tree (see kbuild_job.src_rel). */
static void src_prefixes(const struct kbuild_job *job, const char *prefixes[3])
{
	size_t n = 0;

	prefixes[n++] = job->src;
	if (job->src_rel && *job->src_rel)
		prefixes[n++] = job->src_rel;
	prefixes[n] = NULL;
}

static void load_warnings(const char *map, struct kbuild_result *res)
{
	const char *p = map;

	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *tab = memchr(p, '\t', n);

		if (tab) {
			res->warnings = xrealloc(res->warnings,
						 (res->nwarnings + 1) * sizeof(*res->warnings));
			res->warnings[res->nwarnings].object = xstrndup(p, tab - p);
			res->warnings[res->nwarnings].message = xstrndup(tab + 1, n - (tab + 1 - p));
			res->nwarnings++;
		}
		p = end ? end + 1 : NULL;
	}
}

/*
 * A failed configure or build, from the log after log_start: the machine's
 * fault (res->error) or the commit's first error line. Where configure
 * already said why (a dropped option), that stays unless the log shows
 * the machine failed.
 */
static void classify_failure(const struct kbuild_job *job, struct kbuild_result *res,
			     const char *log, int configuring)
{
	const char *prefixes[3];

	res->ok = 0;
	src_prefixes(job, prefixes);
	if (kbuild_infra_error(log, res->exit_code, res->evidence, sizeof(res->evidence)) ||
	    kbuild_damaged_cmd(log, job->out, res->evidence, sizeof(res->evidence)))
		res->error = 1;
	else if (!configuring)
		kbuild_error_line(log, prefixes, res->evidence, sizeof(res->evidence));
}

/* Why make may redo more than the commit changed: in the log, not on screen. */
static void log_restored(const struct kbuild_job *job, const struct kbuild_result *res)
{
	FILE *f = fopen(job->log_path, "a");

	if (!f)
		return;
	if (res->restored >= 0)
		fprintf(f, "# %d unchanged sources got their mtime back\n", res->restored);
	else
		fprintf(f, "# mtimes not restored: %s\n", res->restore_note);
	fclose(f);
}

/* distcc's and ccache's logs of the last build only. */
static void remote_logs_reset(const struct kbuild_job *job)
{
	char *d = xasprintf("%s/%s", job->out, BUILD_REMOTE_DISTCC_LOG);
	char *c = xasprintf("%s/%s", job->out, BUILD_REMOTE_CCACHE_LOG);

	unlink(d);
	unlink(c);
	free(d);
	free(c);
}

int kbuild_run(const struct kbuild_job *job, struct kbuild_result *res)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf log = STRBUF_INIT, map = STRBUF_INIT, folded = STRBUF_INIT;
	char *map_path = xasprintf("%s/.bisectable-warnings", job->out);
	const char *prefixes[3];
	double start = now_seconds();
	size_t log_start = 0;
	struct stat st;
	int swept = -1;

	memset(res, 0, sizeof(*res));
	if (mkdir_p(job->out) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot create %s: %s", job->out,
			 strerror(errno));
		res->error = 1;
		goto out;
	}
	unlink(job->log_path);
	swept = kbuild_recover_begin(job->out);
	if (swept > 0) {
		char *note = xasprintf("# the last build in %s was killed: the %d files it had "
				       "written are removed, and configure runs", job->out, swept);

		/* Its .config may be one of them, or cut short. */
		kbuild_stamp_remove(job);
		kbuild_log_line(job, note);
		free(note);
	}
	res->restored = mtime_prepare(job->src, job->out, res->restore_note,
				      sizeof(res->restore_note));
	log_restored(job, res);
	if (kbuild_configure(job, res)) {
		strbuf_read_file(&log, job->log_path);
		classify_failure(job, res, log.buf, 1);
		goto out;
	}
	res->configured = 1;
	if (!stat(job->log_path, &st))
		log_start = st.st_size;
	kbuild_make_argv(job, &argv, kbuild_image_target(job));
	remote_logs_reset(job);
	res->ok = !kbuild_run_logged(job, argv.argv, res);
	build_remote_read(job->out, &res->remote);
	if (strbuf_read_file(&log, job->log_path) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot read %s: %s", job->log_path,
			 strerror(errno));
		res->ok = 0;
		res->error = 1;
		goto out;
	}
	if (log_start > log.len)
		log_start = 0;
	if (!res->ok) {
		classify_failure(job, res, log.buf + log_start, 0);
		goto out;
	}
	res->rebuilt = kbuild_count_rebuilt(log.buf + log_start);
	strbuf_read_file(&map, map_path);
	src_prefixes(job, prefixes);
	kbuild_fold_warnings(map.buf, log.buf + log_start, prefixes, &folded);
	write_file(map_path, folded.buf, folded.len);
	load_warnings(folded.buf, res);
	mtime_snapshot(job->src, job->out);
out:
	if (swept >= 0)
		kbuild_recover_end(job->out);
	res->duration = now_seconds() - start;
	argv_clear(&argv);
	strbuf_release(&log);
	strbuf_release(&map);
	strbuf_release(&folded);
	free(map_path);
	return res->ok ? 0 : -1;
}

void kbuild_result_free(struct kbuild_result *res)
{
	size_t i;

	for (i = 0; i < res->nwarnings; i++) {
		free(res->warnings[i].object);
		free(res->warnings[i].message);
	}
	free(res->warnings);
	res->warnings = NULL;
	res->nwarnings = 0;
	free(res->changes);
	res->changes = NULL;
	build_remote_stats_free(&res->remote);
}
