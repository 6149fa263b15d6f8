/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guards.h - which Kconfig symbols guard the lines a commit changes.
 *
 * A C source or header is scanned for its preprocessor conditions
 * (#if/#ifdef/#ifndef/#elif/#else/#endif, with comments, strings and line
 * continuations understood), a Makefile or Kbuild file for its $(CONFIG_X)
 * lines and ifdef/ifeq conditionals, a Kconfig file for its config blocks.
 * Every line gets the set of symbols that decide whether it is compiled, each
 * with the values ("arms") of the symbol under which it is. The scanners are
 * pure functions over text; guards_commit() reads a commit's diff and its
 * pre- and post-images with git.
 */
#ifndef BISECT_GUARDS_H
#define BISECT_GUARDS_H

#include <stddef.h>

#include "kconfig/guard-set.h"

enum guard_kind {
	GUARD_KIND_NONE,	/* not a file whose lines are guarded by Kconfig */
	GUARD_KIND_C,		/* *.c, *.h, *.S */
	GUARD_KIND_MAKE,	/* Makefile*, Kbuild*, *.mk */
	GUARD_KIND_KCONFIG,	/* Kconfig* */
};

enum guard_kind guards_kind(const char *path);

void guards_scan_file(const char *text, enum guard_kind kind, struct guard_file *out);

/* One file of a unified diff: the removed (old) and added (new) line numbers. */
struct diff_file {
	char *old_path, *new_path;	/* NULL for /dev/null */
	size_t *del, ndel, del_alloc;
	size_t *add, nadd, add_alloc;
};

struct diff_files {
	struct diff_file *v;
	size_t n, alloc;
};

/*
 * Parse a unified diff (git diff-tree -p output, a/ and b/ prefixes). Paths
 * git had to quote are skipped. Returns 0, or -1 if the text is not a diff.
 */
int guards_parse_diff(const char *text, struct diff_files *out);
void diff_files_release(struct diff_files *d);

/* How many changed lines each (symbol, arm) guards, over a commit. */
struct guard_count {
	struct guard g;
	size_t lines;
};

struct guard_counts {
	struct guard_count *v;
	size_t n, alloc;
	size_t changed;		/* changed lines of files of a guarded kind */
	size_t unguarded;	/* of those, lines no symbol guards */
	size_t files;		/* files of a guarded kind */
};

/* Count the changed lines of f (lines of pre/post, either may be NULL). */
void guards_count_file(const struct diff_file *f, const struct guard_file *pre,
		       const struct guard_file *post, struct guard_counts *c);
/* Sort by symbol, then arm. */
void guard_counts_sort(struct guard_counts *c);
void guard_counts_release(struct guard_counts *c);

/*
 * Read the diff of commit against its first parent in repo and count its
 * guarded lines. Returns 0, or -1 after an error.
 */
int guards_commit(const char *repo, const char *commit, struct guard_counts *c);

/*
 * Per line: fn is called for every file of a guarded kind that commit (diff
 * against its first parent) changes, with the guards of its pre-image (for
 * the removed lines; empty if it had no parent or the file is new) and of
 * its post-image (the added lines). A nonzero return from fn stops the walk
 * and is returned. Returns 0, or -1 after an error.
 */
typedef int (*guards_file_fn)(const struct diff_file *f, enum guard_kind kind,
			      const struct guard_file *pre, const struct guard_file *post,
			      void *data);
int guards_commit_each(const char *repo, const char *commit, guards_file_fn fn, void *data);

#endif
