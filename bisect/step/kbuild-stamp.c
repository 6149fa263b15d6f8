// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-stamp.c - when the configure step may be skipped (kbuild-stamp.h).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "step/cache.h"
#include "step/kbuild-stamp.h"
#include "kconfig/kconfig.h"
#include "lib/hash.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* Where configure() keeps what the build directory's .config was made from. */
#define CONFIGURE_STAMP ".bisectable-configured"

/* The first executable NAME on PATH, as "name path size mtime" in key. */
static void add_tool(struct strbuf *key, const char *name)
{
	const char *path = getenv("PATH"), *p, *colon;

	for (p = path ? path : ""; *p; p = *colon ? colon + 1 : colon) {
		char *file, *real;
		struct stat st;

		colon = strchrnul(p, ':');
		file = xasprintf("%.*s/%s", (int)(colon - p), p, name);
		real = access(file, X_OK) ? NULL : realpath(file, NULL);
		free(file);
		if (real && !stat(real, &st)) {
			strbuf_addf(key, "tool %s %s %lld %lld.%09ld\n", name, real,
				    (long long)st.st_size, (long long)st.st_mtim.tv_sec,
				    st.st_mtim.tv_nsec);
			free(real);
			return;
		}
		free(real);
	}
	strbuf_addf(key, "tool %s none\n", name);
}

/*
 * What tinyconfig + merge_config.sh + olddefconfig make of this commit:
 * the files Kconfig reads (their blob ids at HEAD, kconfig.c's key, and
 * none of them changed in the work tree), both fragments, the tools its
 * $(shell) probes ask (gcc, ld, as, pahole, rustc, bindgen: where each is
 * and its size and mtime, so an upgrade counts), the environment they read,
 * and bisectable itself. NULL if it cannot be told: configure() runs.
 */
char *kbuild_stamp_key(const struct kbuild_job *job, const char *base, const char *frag)
{
	static const char *const tools[] = {
		"gcc", "ld", "as", "pahole", "rustc", "bindgen", NULL
	};
	/* The environment Kconfig and the top Makefile read. */
	static const char *const vars[] = {
		"ARCH", "SUBARCH", "CROSS_COMPILE", "LLVM", "CC", "LD", "HOSTCC", "PAHOLE",
		"RUSTC", "BINDGEN", NULL
	};
	extern char **environ;
	char **e;
	struct strbuf key = STRBUF_INIT, text = STRBUF_INIT;
	char *tree = kconfig_tree_key(job->src, "HEAD"), *h = NULL;
	size_t i;

	/*
	 * Another architecture's configure reads its own arch/ Makefile and
	 * cross compiler, which the key below does not name: it always runs.
	 */
	if (job->arch)
		goto out;
	if (!tree || git_quiet(job->src, NULL, "diff", "--quiet", "HEAD", "--",
			       ":(glob)**/Kconfig*", "Makefile", "scripts", "arch/x86/Makefile",
			       "arch/x86/configs", "kernel/configs", NULL))
		goto out;
	strbuf_addf(&key, "configure 1\ntool %s\nkconfig %s\nconfig %s\n",
		    cache_tool_identity(), tree, job->config);
	if (strbuf_read_file(&text, base) < 0)
		goto out;
	strbuf_addf(&key, "base %zu\n", text.len);
	strbuf_add(&key, text.buf, text.len);
	strbuf_reset(&text);
	if (frag && strbuf_read_file(&text, frag) < 0)
		goto out;
	strbuf_addf(&key, "fragment %zu\n", text.len);
	strbuf_add(&key, text.buf, text.len);
	/* Only for a start of its own: the keys of tinyconfig's stay those of before. */
	if (job->start_target)
		strbuf_addf(&key, "start %s\n", job->start_target);
	strbuf_reset(&text);
	if (job->start_file) {
		if (strbuf_read_file(&text, job->start_file) < 0)
			goto out;
		strbuf_addf(&key, "start-file %zu\n", text.len);
		strbuf_add(&key, text.buf, text.len);
	}
	for (i = 0; tools[i]; i++)
		add_tool(&key, tools[i]);
	for (i = 0; vars[i]; i++)
		strbuf_addf(&key, "env %s=%s\n", vars[i], getenv(vars[i]) ? getenv(vars[i]) : "");
	for (e = environ; *e; e++)
		if (!strncmp(*e, "KCONFIG_", 8))
			strbuf_addf(&key, "env %s\n", *e);
	h = sha256_buf(key.buf, key.len);
out:
	free(tree);
	strbuf_release(&key);
	strbuf_release(&text);
	return h;
}

/*
 * Whether the build directory's .config is what configure() made from the
 * same inputs (key) and nobody has changed it since: then tinyconfig,
 * merge_config.sh and olddefconfig would write it again byte for byte.
 */
int kbuild_stamp_matches(const struct kbuild_job *job, const char *key)
{
	char *stamp = xasprintf("%s/%s", job->out, CONFIGURE_STAMP);
	char *dotconfig = xasprintf("%s/.config", job->out), *sum = NULL, *want = NULL;
	struct strbuf text = STRBUF_INIT;
	int ret = 0;

	if (!key || strbuf_read_file(&text, stamp) < 0)
		goto out;
	sum = sha256_file(dotconfig);
	want = xasprintf("%s\n%s\n", key, sum ? sum : "none");
	ret = sum && !strcmp(text.buf, want);
out:
	strbuf_release(&text);
	free(stamp);
	free(dotconfig);
	free(sum);
	free(want);
	return ret;
}

void kbuild_stamp_write(const struct kbuild_job *job, const char *key)
{
	char *stamp = xasprintf("%s/%s", job->out, CONFIGURE_STAMP);
	char *dotconfig = xasprintf("%s/.config", job->out), *sum = sha256_file(dotconfig);

	if (key && sum) {
		char *text = xasprintf("%s\n%s\n", key, sum);

		write_file(stamp, text, strlen(text));
		free(text);
	}
	free(stamp);
	free(dotconfig);
	free(sum);
}

void kbuild_stamp_remove(const struct kbuild_job *job)
{
	char *stamp = xasprintf("%s/%s", job->out, CONFIGURE_STAMP);

	unlink(stamp);
	free(stamp);
}
