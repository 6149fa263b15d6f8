/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tree.h - the kernel tree: Debian's linux-source tarball imported once into
 * a git repository in the cache, and the work trees where series are applied,
 * rebased and built. Nothing here writes to the user's repository.
 */
#ifndef BISECT_TREE_H
#define BISECT_TREE_H

#define DEFAULT_TARBALL "/usr/src/linux-source-6.12.tar.xz"

struct kernel_base {
	char *git_dir;		/* bare repository holding the import */
	char *sha;		/* the imported commit */
	char *version;		/* e.g. 6.12.118, from its Makefile */
};

/* $BISECTABLE_CACHE, else $XDG_CACHE_HOME/bisectable, else ~/.cache/bisectable. */
char *cache_dir(void);
/* Import the tarball unless already imported; fills base. */
int tree_import(const char *tarball, struct kernel_base *base);
void kernel_base_free(struct kernel_base *base);
/* Kernel version (VERSION.PATCHLEVEL.SUBLEVEL) of a commit, allocated. */
char *tree_version(const char *git_dir, const char *commit);
/*
 * Make work_dir a clean checkout of commit: a worktree of git_dir (created on
 * first use), reused from run to run so unchanged files keep their mtimes and
 * builds stay incremental. An interrupted am or rebase left there is aborted.
 */
int tree_prepare_worktree(const char *git_dir, const char *work_dir, const char *commit);
/* Same for a shared clone of the user's repository (which is only read). */
int tree_prepare_clone(const char *repo, const char *work_dir, const char *commit);
/* Abort an am or rebase in progress in work_dir (after Ctrl-C, errors). */
void tree_abort_in_progress(const char *work_dir);
/* Check out commit in an existing work tree, forced, with nothing left over. */
int tree_checkout_clean(const char *work_dir, const char *commit);
/* Hold an exclusive lock on work_dir for this process's lifetime; -1 if busy. */
int tree_lock(const char *work_dir);

#endif
