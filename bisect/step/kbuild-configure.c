// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-configure.c - a configuration's .config: tinyconfig (or the start
 * asked for) + base.config + <config>.config through the kernel's own
 * merge_config.sh and olddefconfig, skipped when kbuild-stamp.c says the
 * inputs are those of the .config already there, and every option the
 * fragments set checked to have survived.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/arch.h"
#include "kconfig/dotconfig.h"
#include "kconfig/fragments.h"
#include "step/kbuild-exec.h"
#include "step/kbuild-stamp.h"
#include "step/kbuild-configure.h"
#include "lib/util.h"

int kbuild_fragments(const char *configs_dir, const char *config, char **base, char **frag)
{
	*base = xasprintf("%s/base.config", configs_dir);
	*frag = xasprintf("%s/%s.config", configs_dir, config);
	if (!file_exists(*base))
		return error("no base configuration %s", *base);
	if (!file_exists(*frag))
		return error("unknown configuration '%s': no %s", config, *frag);
	return 0;
}

int kbuild_check_config(const char *dotconfig, const char *fragment_text,
			const char *fragment_name, char *evidence, size_t len)
{
	struct dotconfig want, have;
	size_t i;
	int ret = 0;

	dotconfig_parse(fragment_text, &want);
	dotconfig_parse(dotconfig, &have);
	for (i = 0; i < want.n && !ret; i++) {
		const char *value = dotconfig_get(&have, want.v[i].name);

		if (!value)
			value = "n";
		if (strcmp(value, want.v[i].value)) {
			snprintf(evidence, len, "CONFIG_%s=%s (%s) is %s in .config: olddefconfig "
				 "dropped it (unmet dependency?)", want.v[i].name, want.v[i].value,
				 fragment_name, !strcmp(value, "n") ? "not set" : value);
			ret = -1;
		}
	}
	dotconfig_release(&want);
	dotconfig_release(&have);
	return ret;
}

/*
 * merge_config.sh's line: base.config, the fragment, then the lines the
 * architecture needs (arch.config in O=, written by configure()).
 */
static void merge_argv(const struct kbuild_job *job, struct argv_array *argv,
		       const char *dotconfig, const char *base, const char *frag)
{
	argv_pushl(argv, "scripts/kconfig/merge_config.sh", "-m", "-O", job->out, dotconfig,
		   base, NULL);
	if (frag)
		argv_push(argv, frag);
	if (job->arch)
		argv_pushf(argv, "%s/arch.config", job->out);
}

/* The architecture's fragment lines into O=/arch.config (configs/arch/NAME.arch). */
static int write_arch_fragment(const struct kbuild_job *job)
{
	struct strbuf text = STRBUF_INIT;
	char *path;
	size_t i;
	int ret;

	if (!job->arch)
		return 0;
	strbuf_addf(&text, "# from configs/arch/%s.arch\n", job->arch->name);
	for (i = 0; i < job->arch->nfragment; i++)
		strbuf_addf(&text, "%s\n", job->arch->fragment[i]);
	path = xasprintf("%s/arch.config", job->out);
	ret = mkdir_p(job->out) || write_file(path, text.buf, text.len);
	free(path);
	strbuf_release(&text);
	return ret ? -1 : 0;
}

/* tinyconfig + base.config + the fragment, as ever. */
static int make_tiny(const struct kbuild_job *job, struct kbuild_result *res, const char *base,
		     const char *frag, const char *dotconfig)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	int ret = -1;

	kbuild_make_argv(job, &argv, "tinyconfig");
	if (kbuild_run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "make tinyconfig failed");
		goto out;
	}
	argv_clear(&argv);
	merge_argv(job, &argv, dotconfig, base, frag);
	if (kbuild_run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "merge_config.sh failed");
		goto out;
	}
	argv_clear(&argv);
	kbuild_make_argv(job, &argv, "olddefconfig");
	if (kbuild_run_logged(job, argv.argv, res)) {
		snprintf(res->evidence, sizeof(res->evidence), "make olddefconfig failed");
		goto out;
	}
	ret = 0;
out:
	argv_clear(&argv);
	return ret;
}

/* The .config a configuration starts from: make TARGET's, or the file given, into start. */
static int make_start(const struct kbuild_job *job, struct kbuild_result *res,
		      const char *dotconfig, struct strbuf *start)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	int ret = -1;

	if (job->start_file) {
		if (strbuf_read_file(start, job->start_file) < 0 ||
		    write_file(dotconfig, start->buf, start->len)) {
			snprintf(res->evidence, sizeof(res->evidence), "cannot copy %s to %s",
				 job->start_file, dotconfig);
			goto out;
		}
		ret = 0;
		goto out;
	}
	kbuild_make_argv(job, &argv, job->start_target);
	if (kbuild_run_logged(job, argv.argv, res) || strbuf_read_file(start, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "make %s failed", job->start_target);
		goto out;
	}
	ret = 0;
out:
	argv_clear(&argv);
	return ret;
}

/*
 * What base.config added to the start, and for a full .config what
 * olddefconfig changed in it: into the log and res->changes, never silently.
 */
static void say_changes(const struct kbuild_job *job, struct kbuild_result *res,
			const char *start, const char *base_text, const char *merged,
			const char *final)
{
	struct strbuf out = STRBUF_INIT, lines = STRBUF_INIT;
	const char *from = job->start_file ? "the .config given" : job->start_target;

	if (fragment_changes(start, base_text, 1, &lines))
		strbuf_addf(&out, "# added to %s for the boot in QEMU (configs/base.config):\n%s",
			    from, lines.buf);
	strbuf_reset(&lines);
	if (job->start_file && fragment_changes(merged, final, 0, &lines))
		strbuf_addf(&out, "# changed by olddefconfig:\n%s", lines.buf);
	if (out.len) {
		kbuild_log_line(job, out.buf);
		res->changes = strbuf_detach(&out, NULL);
	}
	strbuf_release(&out);
	strbuf_release(&lines);
}

/* A start of its own (kbuild_job.start_target or start_file) + base.config + the fragment. */
static int make_from_start(const struct kbuild_job *job, struct kbuild_result *res,
			   const char *base, const char *frag, const char *dotconfig)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf start = STRBUF_INIT, base_text = STRBUF_INIT, merged = STRBUF_INIT;
	struct strbuf final = STRBUF_INIT;
	int ret = -1;

	if (make_start(job, res, dotconfig, &start))
		goto out;
	merge_argv(job, &argv, dotconfig, base, frag);
	if (kbuild_run_logged(job, argv.argv, res) || strbuf_read_file(&merged, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "merge_config.sh failed");
		goto out;
	}
	argv_clear(&argv);
	kbuild_make_argv(job, &argv, "olddefconfig");
	if (kbuild_run_logged(job, argv.argv, res) || strbuf_read_file(&final, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "make olddefconfig failed");
		goto out;
	}
	strbuf_read_file(&base_text, base);
	say_changes(job, res, start.buf, base_text.buf, merged.buf, final.buf);
	ret = 0;
out:
	argv_clear(&argv);
	strbuf_release(&start);
	strbuf_release(&base_text);
	strbuf_release(&merged);
	strbuf_release(&final);
	return ret;
}

/* The fragments of the job, in merge order (frag NULL: none); -1 if one is missing. */
static int job_fragments(const struct kbuild_job *job, char **base, char **frag)
{
	if (!job->start_target && !job->start_file)
		return kbuild_fragments(job->configs_dir, job->config, base, frag);
	*base = xasprintf("%s/base.config", job->configs_dir);
	*frag = job->fragment ? xstrdup(job->fragment) : NULL;
	if (!file_exists(*base))
		return error("no base configuration %s", *base);
	if (*frag && !file_exists(*frag))
		return error("configuration '%s': no fragment %s", job->config, *frag);
	return 0;
}

/*
 * The lines of base that the fragment does not set again: merge_config.sh
 * lets the later file win (a derived 32-bit fragment's CONFIG_64BIT=n over
 * base.config's =y), so such a line is the fragment's to check.
 */
static void base_not_overridden(const char *base_text, const char *frag_text,
				struct strbuf *out)
{
	struct dotconfig frag, line;
	const char *p = base_text;

	dotconfig_parse(frag_text, &frag);
	while (*p) {
		const char *eol = strchrnul(p, '\n');
		char *one = xstrndup(p, eol - p);

		dotconfig_parse(one, &line);
		if (!line.n || !dotconfig_get(&frag, line.v[0].name))
			strbuf_addf(out, "%s\n", one);
		dotconfig_release(&line);
		free(one);
		p = *eol ? eol + 1 : eol;
	}
	dotconfig_release(&frag);
}

/* Every option base.config and the fragment set survived olddefconfig. */
static int check_fragments(const char *dotconfig_text, const char *base, const char *frag,
			   struct kbuild_result *res)
{
	struct strbuf base_text = STRBUF_INIT, frag_text = STRBUF_INIT, kept = STRBUF_INIT;
	int ret = -1;

	/* base NULL: not checked (another architecture's own lines win over it) */
	if ((base && strbuf_read_file(&base_text, base) < 0) ||
	    (frag && strbuf_read_file(&frag_text, frag) < 0))
		goto out;
	base_not_overridden(base_text.buf, frag_text.buf, &kept);
	if ((base && kbuild_check_config(dotconfig_text, kept.buf, base, res->evidence,
					 sizeof(res->evidence))) ||
	    (frag && kbuild_check_config(dotconfig_text, frag_text.buf, frag, res->evidence,
					 sizeof(res->evidence))))
		goto out;
	ret = 0;
out:
	strbuf_release(&base_text);
	strbuf_release(&frag_text);
	strbuf_release(&kept);
	return ret;
}

int kbuild_configure(const struct kbuild_job *job, struct kbuild_result *res)
{
	char *base = NULL, *frag = NULL, *dotconfig = xasprintf("%s/.config", job->out);
	char *key = NULL;
	struct strbuf text = STRBUF_INIT, old = STRBUF_INIT;
	struct stat st;
	int ret = -1, had_old, configured = 0;

	if (job_fragments(job, &base, &frag)) {
		snprintf(res->evidence, sizeof(res->evidence), "unknown configuration %s",
			 job->config);
		goto out;
	}
	if (write_arch_fragment(job)) {
		snprintf(res->evidence, sizeof(res->evidence), "cannot write arch.config in %s",
			 job->out);
		goto out;
	}
	had_old = !strbuf_read_file(&old, dotconfig) && !stat(dotconfig, &st);
	key = kbuild_stamp_key(job, base, frag);
	if (had_old && kbuild_stamp_matches(job, key)) {
		kbuild_log_line(job, "# .config unchanged: made from the same Kconfig files, fragments"
			 " and tools; tinyconfig, merge_config.sh and olddefconfig skipped");
		strbuf_add(&text, old.buf, old.len);
		goto check;
	}
	/* A configure that fails or is killed leaves no stamp to trust. */
	kbuild_stamp_remove(job);
	configured = 1;
	if (job->start_target || job->start_file ?
	    make_from_start(job, res, base, frag, dotconfig) :
	    make_tiny(job, res, base, frag, dotconfig))
		goto out;
	if (strbuf_read_file(&text, dotconfig) < 0) {
		snprintf(res->evidence, sizeof(res->evidence), "no .config after olddefconfig");
		goto out;
	}
check:
	/*
	 * base.config is written for x86 (CONFIG_X86_MPPARSE, 64BIT): on
	 * another architecture the fragment alone is held to its word.
	 */
	if (check_fragments(text.buf, job->arch ? NULL : base, frag, res))
		goto out;
	/* An unchanged .config keeps its mtime: make has nothing to redo for it. */
	if (configured && had_old && old.len == text.len && !memcmp(old.buf, text.buf, old.len)) {
		struct timespec times[2] = { st.st_atim, st.st_mtim };

		utimensat(AT_FDCWD, dotconfig, times, AT_SYMLINK_NOFOLLOW);
	}
	if (configured)
		kbuild_stamp_write(job, key);
	ret = 0;
out:
	free(key);
	strbuf_release(&text);
	strbuf_release(&old);
	free(base);
	free(frag);
	free(dotconfig);
	return ret;
}

