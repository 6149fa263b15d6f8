/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commits.h - the commits a command reads without a work tree: those of a
 * range of a repository (only read), or a series committed as objects onto
 * the imported kernel base.
 */
#ifndef BISECT_COMMITS_H
#define BISECT_COMMITS_H

#include "input/tree.h"
#include "lib/util.h"

/*
 * The commits of range (BASE..TIP, TIP HEAD if left out) of repo, oldest
 * first, and their subjects. 0, or -1 after an error message.
 */
int commits_of_range(const char *repo, const char *range, struct argv_array *shas,
		     struct argv_array *subjects);
/*
 * The series at path (a directory or an mbox) committed onto tarball's
 * imported base (kb), and the patches' subjects. 0, or -1 after an error
 * message; kb is filled as far as the import went (kernel_base_free it).
 */
int commits_of_series(const char *path, const char *tarball, struct kernel_base *kb,
		      struct argv_array *shas, struct argv_array *subjects);

/* The commit what names in repo, its sha in sha (only reads). 0, or -1 after an error. */
int commits_resolve(const char *repo, const char *what, struct strbuf *sha);
/*
 * base an ancestor of tip, and at least one commit between them (range
 * names them in the messages). 0, or -1 after an error.
 */
int commits_check_range(const char *repo, const char *range, const char *base,
			const char *tip);

#endif
