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
	int imported;		/* this call imported the tarball (first use, or it changed) */
};

/* A tarball against the record of the import made from it (tree_tarball_check). */
enum tarball_state {
	TARBALL_SAME,		/* same path, size and mtime */
	TARBALL_TOUCHED,	/* those differ, the SHA-256 does not: the record is updated */
	TARBALL_CHANGED,	/* another SHA-256: import it anew */
	TARBALL_UNRECORDED,	/* no record for base_sha (an import by an older bisectable) */
	TARBALL_ERROR,		/* cannot stat or read it (an error was printed) */
};

/*
 * Import the tarball unless already imported; fills base. The import is
 * <cache>/<name>.git; its config (section bisectable) records the tarball's
 * path, size, mtime and SHA-256. A tarball whose size or mtime changed is
 * hashed; new content is imported anew into the same repository:
 * refs/bisectable/base moves to the new commit, refs/bisectable/imports/<sha>
 * keeps every import. The same content always gives the same commit.
 */
int tree_import(const char *tarball, struct kernel_base *base);
enum tarball_state tree_tarball_check(const char *git_dir, const char *base_sha,
				      const char *tarball);
/*
 * Remove the scratch directories (cache/import.*) of imports that were
 * killed: those whose lock file no process holds. Returns how many.
 */
int tree_remove_stale_imports(const char *cache);
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
