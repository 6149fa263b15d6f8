/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kconfig.h - ask the kernel's own Kconfig what a configuration fragment
 * becomes, without building anything: the Kconfig files of one commit are
 * exported into a scratch directory, tinyconfig is made there once, and each
 * fragment is merged over it (merge_config.sh) and completed by olddefconfig
 * in a scratch O= directory. A tree's Kconfig files and scripts are the
 * series' code, so every command runs in the sandbox.
 *
 * Its light index of the tree's "config" entries is kconfig-index.h.
 */
#ifndef BISECT_KCONFIG_H
#define BISECT_KCONFIG_H

#include <stddef.h>

#include "lib/util.h"

/*
 * What Kconfig reads of commit, as one hash (of the blob ids and paths): two
 * commits that differ only in C sources have the same, so their scratch
 * directory and its answers are shared. Allocated; NULL if git failed.
 */
char *kconfig_tree_key(const char *git_dir, const char *commit);
/* Export what Kconfig reads of commit (Kconfig*, Makefile, scripts/...) into dir. */
int kconfig_tree_export(const char *git_dir, const char *commit, const char *dir);

/*
 * Another architecture than x86_64 (configs/arch/NAME.arch): make is given
 * ARCH= and CROSS_COMPILE= (Kconfig tests the compiler), the tree's
 * arch/SRCARCH/ Makefile and configs are read instead of x86's, its
 * fragment lines go over base.config, and the key of its scratch tree
 * names it. NULL everywhere means x86_64, as before.
 */
struct kconfig_arch {
	const char *kbuild_arch;	/* ARCH= ("riscv") */
	const char *srcarch;		/* its directory under arch/ ("riscv"; i386's is x86) */
	const char *cross_compile;	/* CROSS_COMPILE= ("riscv64-linux-gnu-") */
	const char *fragment;		/* its .config lines, one a line, or NULL */
};

char *kconfig_tree_key_arch(const char *git_dir, const char *commit,
			    const struct kconfig_arch *arch);
int kconfig_tree_export_arch(const char *git_dir, const char *commit, const char *dir,
			     const struct kconfig_arch *arch);

struct kconfig_eval {
	char *src;		/* the exported tree */
	char *out;		/* scratch O= directory */
	char *log;		/* every command's output */
	char *base_config;	/* configs/base.config, merged under every fragment */
	struct strbuf tiny;	/* .config of tinyconfig, made once */
	struct strbuf defconfig;	/* .config of defconfig, made when first asked */
	int defconfig_made;
	int sandbox;
	unsigned resolved;	/* olddefconfig runs so far */
	char *kbuild_arch;	/* ARCH=, NULL for x86_64 */
	char *cross_compile;	/* CROSS_COMPILE= with it */
	char *arch_fragment;	/* its fragment lines' file in out, merged after base */
};

/* Make tinyconfig in out (src must be exported). Returns 0 or -1. */
int kconfig_eval_init(struct kconfig_eval *ev, const char *src, const char *out,
		      const char *base_config, int sandbox);
/* The same for architecture arch (NULL: x86_64). */
int kconfig_eval_init_arch(struct kconfig_eval *ev, const char *src, const char *out,
			   const char *base_config, int sandbox, const struct kconfig_arch *arch);
/*
 * tinyconfig + base.config + fragment, through olddefconfig: the .config
 * Kconfig makes of it (its CONFIG_ lines). Returns 0 or -1.
 */
int kconfig_eval_resolve(struct kconfig_eval *ev, const char *fragment, struct strbuf *dotconfig);
/*
 * The same over start, "tinyconfig" or "defconfig" (made once per scratch
 * directory, the first time it is asked for): a guard tinyconfig cannot
 * reach (a driver, a filesystem) may be reached over defconfig.
 */
/* Make start's .config now if it is not made yet: 0, or -1 (why is in ev->log). */
int kconfig_eval_start(struct kconfig_eval *ev, const char *start);
int kconfig_eval_resolve_over(struct kconfig_eval *ev, const char *start, const char *fragment,
			      struct strbuf *dotconfig);
void kconfig_eval_release(struct kconfig_eval *ev);

#endif
