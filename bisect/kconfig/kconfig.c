// SPDX-License-Identifier: GPL-2.0
/*
 * kconfig.c - the kernel's own Kconfig, asked without a build (kconfig.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/hash.h"
#include "kconfig/kconfig.h"
#include "lib/sandbox.h"
#include "lib/run-command.h"

/*
 * What olddefconfig reads: every Kconfig file, the top Makefile and the
 * architecture's (they set SRCARCH and the toolchain variables Kconfig's
 * $(shell) functions test), scripts/ (conf itself is built from it), and
 * the configs tinyconfig merges. The architecture's are x86's unless
 * another architecture is asked for (kconfig_arch).
 */
static void export_paths(const char *srcarch, struct argv_array *out)
{
	argv_pushl(out, ":(top,glob)**/Kconfig*", ":(top)Makefile", ":(top)scripts", NULL);
	argv_pushf(out, ":(top)arch/%s/Makefile", srcarch);
	argv_pushf(out, ":(top)arch/%s/configs", srcarch);
	argv_push(out, ":(top)kernel/configs");
}

/* A path of the tree Kconfig reads (the same set as export_paths). */
static int kconfig_path(const char *path, const char *srcarch)
{
	const char *base = strrchr(path, '/'), *rest;
	size_t len = strlen(srcarch);

	base = base ? base + 1 : path;
	if (!strncmp(base, "Kconfig", 7) || !strcmp(path, "Makefile") ||
	    !strncmp(path, "scripts/", 8) || !strncmp(path, "kernel/configs/", 15))
		return 1;
	if (strncmp(path, "arch/", 5) || strncmp(path + 5, srcarch, len) || path[5 + len] != '/')
		return 0;
	rest = path + 5 + len + 1;
	return !strcmp(rest, "Makefile") || !strncmp(rest, "configs/", 8);
}

/* x86_64's when arch is NULL: the key and the export of before. */
static const char *srcarch_of(const struct kconfig_arch *arch)
{
	return arch && arch->srcarch ? arch->srcarch : "x86";
}

char *kconfig_tree_key_arch(const char *git_dir, const char *commit,
			    const struct kconfig_arch *arch)
{
	struct strbuf list = STRBUF_INIT, mine = STRBUF_INIT;
	const char *p, *eol, *tab;
	char *key = NULL;

	if (*commit == '-' || git(git_dir, &list, "ls-tree", "-r", "--full-tree", commit, NULL))
		goto out;
	for (p = list.buf; *p; p = *eol ? eol + 1 : eol) {
		eol = strchrnul(p, '\n');
		tab = memchr(p, '\t', eol - p);
		if (!tab)
			continue;
		{
			char *path = xstrndup(tab + 1, eol - tab - 1);

			if (kconfig_path(path, srcarch_of(arch)))
				strbuf_add(&mine, p, eol - p + 1);
			free(path);
		}
	}
	/* Another architecture's answers are its own: ARCH= decides them too. */
	if (arch && arch->kbuild_arch)
		strbuf_addf(&mine, "--arch %s %s\n", arch->kbuild_arch,
			    arch->cross_compile ? arch->cross_compile : "");
	key = sha256_buf(mine.buf, mine.len);
out:
	strbuf_release(&list);
	strbuf_release(&mine);
	return key;
}

char *kconfig_tree_key(const char *git_dir, const char *commit)
{
	return kconfig_tree_key_arch(git_dir, commit, NULL);
}

int kconfig_tree_export_arch(const char *git_dir, const char *commit, const char *dir,
			     const struct kconfig_arch *arch)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *tar = xasprintf("%s.tar", dir);
	int ret = -1;

	if (*commit == '-' || mkdir_p(dir))
		goto out;
	/* -C, not --git-dir: git_dir may be a work tree (configs --repo R) or bare. */
	argv_pushl(&argv, "git", "-C", git_dir, "archive", "--format=tar", "-o", tar,
		   commit, "--", NULL);
	export_paths(srcarch_of(arch), &argv);
	if (run_capture(NULL, NULL, argv.argv)) {
		error("cannot export the Kconfig files of %.12s", commit);
		goto out;
	}
	argv_clear(&argv);
	argv_pushl(&argv, "tar", "-x", "-f", tar, "-C", dir, NULL);
	if (run_capture(NULL, NULL, argv.argv)) {
		error("cannot unpack the Kconfig files of %.12s", commit);
		goto out;
	}
	ret = 0;
out:
	unlink(tar);
	free(tar);
	argv_clear(&argv);
	return ret;
}

int kconfig_tree_export(const char *git_dir, const char *commit, const char *dir)
{
	return kconfig_tree_export_arch(git_dir, commit, dir, NULL);
}

/* One command of the tree's (make, merge_config.sh), sandboxed, output to the log. */
static int run_tree_command(struct kconfig_eval *ev, const char *const *argv)
{
	struct argv_array boxed = ARGV_ARRAY_INIT;
	/* The scratch tree too: bwrap's private /tmp would otherwise hide it. */
	const char *writable[] = { ev->out, ev->src, NULL }, *why = NULL;
	static const char *const env[] = { "LC_ALL=C", NULL };
	struct child c = { .argv = argv, .dir = ev->src, .out_path = ev->log, .out_append = 1,
			   .env = env, .own_group = 1, .timeout = 300 };
	int ret;

	if (ev->sandbox && sandbox_available(&why)) {
		sandbox_argv(&boxed, writable, ev->src, argv);
		c.argv = boxed.argv;
	}
	ret = run_child(&c);
	argv_clear(&boxed);
	return ret;
}

static void make_argv(const struct kconfig_eval *ev, struct argv_array *argv, const char *target)
{
	argv_pushl(argv, "make", "-s", "-C", ev->src, NULL);
	argv_pushf(argv, "O=%s", ev->out);
	if (ev->kbuild_arch) {
		argv_pushf(argv, "ARCH=%s", ev->kbuild_arch);
		argv_pushf(argv, "CROSS_COMPILE=%s", ev->cross_compile ? ev->cross_compile : "");
	}
	argv_push(argv, target);
}

/*
 * The .config of make target in the scratch directory, made once and kept
 * there as bisectable-TARGET.config (tinyconfig also builds conf itself).
 */
static int make_start(struct kconfig_eval *ev, const char *target, const char *kept_as,
		      struct strbuf *into)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *saved = xasprintf("%s/%s", ev->out, kept_as);
	char *dotconfig = xasprintf("%s/.config", ev->out);
	int ret = -1;

	strbuf_reset(into);
	if (!strbuf_read_file(into, saved)) {
		free(saved);
		free(dotconfig);
		return 0;
	}
	make_argv(ev, &argv, target);
	if (run_tree_command(ev, argv.argv))
		error("make %s failed in %s (see %s)", target, ev->src, ev->log);
	else if (strbuf_read_file(into, dotconfig) < 0)
		error("no .config after make %s in %s", target, ev->out);
	else if (write_file(saved, into->buf, into->len))
		error("cannot write %s", saved);
	else
		ret = 0;
	free(dotconfig);
	free(saved);
	argv_clear(&argv);
	return ret;
}

int kconfig_eval_init_arch(struct kconfig_eval *ev, const char *src, const char *out,
			   const char *base_config, int sandbox, const struct kconfig_arch *arch)
{
	char *saved;

	memset(ev, 0, sizeof(*ev));
	strbuf_init(&ev->tiny);
	strbuf_init(&ev->defconfig);
	ev->src = xstrdup(src);
	ev->out = xstrdup(out);
	ev->log = xasprintf("%s.log", out);
	ev->base_config = xstrdup(base_config);
	ev->sandbox = sandbox;
	unlink(ev->log);
	if (mkdir_p(out))
		return error("cannot create %s: %s", out, strerror(errno));
	if (arch && arch->kbuild_arch) {
		ev->kbuild_arch = xstrdup(arch->kbuild_arch);
		ev->cross_compile = xstrdup(arch->cross_compile ? arch->cross_compile : "");
		/* Its lines go over base.config, as a build's arch.config does (kbuild.c). */
		ev->arch_fragment = xasprintf("%s/bisectable-arch.config", out);
		if (write_file(ev->arch_fragment, arch->fragment ? arch->fragment : "",
			       arch->fragment ? strlen(arch->fragment) : 0))
			return error("cannot write %s", ev->arch_fragment);
	}
	saved = xasprintf("%s/resolved", out);
	mkdir_p(saved);
	free(saved);
	return make_start(ev, "tinyconfig", "bisectable-tiny.config", &ev->tiny);
}

int kconfig_eval_init(struct kconfig_eval *ev, const char *src, const char *out,
		      const char *base_config, int sandbox)
{
	return kconfig_eval_init_arch(ev, src, out, base_config, sandbox, NULL);
}

int kconfig_eval_start(struct kconfig_eval *ev, const char *start)
{
	if (strcmp(start, "defconfig") || ev->defconfig_made)
		return 0;
	if (make_start(ev, "defconfig", "bisectable-defconfig.config", &ev->defconfig))
		return -1;
	ev->defconfig_made = 1;
	return 0;
}

int kconfig_eval_resolve(struct kconfig_eval *ev, const char *fragment, struct strbuf *dotconfig)
{
	return kconfig_eval_resolve_over(ev, "tinyconfig", fragment, dotconfig);
}

/*
 * Where the answer for fragment is kept: the same tree (the scratch
 * directory is per tree), base and fragment always give the same .config,
 * so each answer is kept by their hash and asking again costs nothing.
 * NULL if base.config cannot be read.
 */
static char *kept_path(const struct kconfig_eval *ev, int over_defconfig, const char *fragment)
{
	struct strbuf both = STRBUF_INIT;
	char *key, *kept;

	if (strbuf_read_file(&both, ev->base_config) < 0) {
		error("cannot read %s", ev->base_config);
		strbuf_release(&both);
		return NULL;
	}
	/* Over tinyconfig the key is what it always was: the kept answers stay. */
	if (over_defconfig)
		strbuf_addstr(&both, "\n--defconfig");
	/* Another architecture's (a scratch tree of its own): its lines too. */
	if (ev->arch_fragment && strbuf_read_file(&both, ev->arch_fragment) < 0) {
		error("cannot read %s", ev->arch_fragment);
		strbuf_release(&both);
		return NULL;
	}
	strbuf_addstr(&both, "\n--\n");
	strbuf_addstr(&both, fragment);
	key = sha256_buf(both.buf, both.len);
	strbuf_release(&both);
	kept = xasprintf("%s/resolved/%s.config", ev->out, key);
	free(key);
	return kept;
}

int kconfig_eval_resolve_over(struct kconfig_eval *ev, const char *start, const char *fragment,
			      struct strbuf *dotconfig)
{
	int over_defconfig = !strcmp(start, "defconfig");
	const struct strbuf *start_config = over_defconfig ? &ev->defconfig : &ev->tiny;
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *path = xasprintf("%s/.config", ev->out);
	char *frag = xasprintf("%s/bisectable.fragment", ev->out);
	char *kept = kept_path(ev, over_defconfig, fragment);
	int ret = -1;

	if (!kept) {
		free(path);
		free(frag);
		return -1;
	}
	strbuf_reset(dotconfig);
	if (!strbuf_read_file(dotconfig, kept)) {
		ret = 0;
		goto out;
	}
	if (kconfig_eval_start(ev, start))
		goto out;
	if (write_file(path, start_config->buf, start_config->len) ||
	    write_file(frag, fragment, strlen(fragment))) {
		error("cannot write in %s: %s", ev->out, strerror(errno));
		goto out;
	}
	argv_pushl(&argv, "scripts/kconfig/merge_config.sh", "-m", "-O", ev->out, path,
		   ev->base_config, NULL);
	if (ev->arch_fragment)
		argv_push(&argv, ev->arch_fragment);
	argv_push(&argv, frag);
	if (run_tree_command(ev, argv.argv)) {
		error("merge_config.sh failed (see %s)", ev->log);
		goto out;
	}
	argv_clear(&argv);
	make_argv(ev, &argv, "olddefconfig");
	ev->resolved++;
	if (run_tree_command(ev, argv.argv)) {
		error("make olddefconfig failed (see %s)", ev->log);
		goto out;
	}
	if (strbuf_read_file(dotconfig, path) < 0) {
		error("no .config after olddefconfig in %s", ev->out);
		goto out;
	}
	/* resolved/ is in the directory the tree's commands write: no link through it. */
	{
		char *rel = xstrdup(kept + strlen(ev->out) + 1);

		write_file_beneath(ev->out, rel, dotconfig->buf, dotconfig->len);
		free(rel);
	}
	ret = 0;
out:
	argv_clear(&argv);
	free(path);
	free(frag);
	free(kept);
	return ret;
}

void kconfig_eval_release(struct kconfig_eval *ev)
{
	free(ev->src);
	free(ev->out);
	free(ev->log);
	free(ev->base_config);
	free(ev->kbuild_arch);
	free(ev->cross_compile);
	free(ev->arch_fragment);
	strbuf_release(&ev->tiny);
	strbuf_release(&ev->defconfig);
	memset(ev, 0, sizeof(*ev));
}
