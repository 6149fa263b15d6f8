/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repair-rewrite.h - a candidate of 'bisectable repair' made as git objects
 * only: trees through a private index (GIT_INDEX_FILE in a scratch
 * directory, read-tree, apply --cached, write-tree), commits written as
 * objects that keep the original's author, committer and message (text
 * from the series never enters argv or the environment). No work tree and
 * no ref is touched.
 *
 * A hole from..fix-1 closed by moving a patch P (a hunk of the fixing
 * commit, all of it) into commit from: every commit from..fix-1 gets the
 * tree it had plus P, the fixing commit keeps its own tree (left empty, it
 * is dropped), and every later commit keeps its tree with a new parent: the
 * tip tree stays what it was by construction.
 */
#ifndef BISECT_REPAIR_REWRITE_H
#define BISECT_REPAIR_REWRITE_H

#include "run/repair-candidates.h"
#include "lib/util.h"

struct repair_commit {
	char *sha;
	char *tree;
	char *subject;
	int from;		/* its position in the series the run verified (0: new) */
	int changed;		/* its diff is not the original's (a trailer says how) */
};

struct repair_series {
	char *git_dir;		/* the repository the objects go to (git -C) */
	char *scratch;		/* private files: the index, patches, commit texts */
	char *base;		/* the base commit, position 0 */
	char *base_tree;
	struct repair_commit *v;	/* positions 1..n at v[0..n-1] */
	size_t n;
	struct argv_array dropped;	/* what a move left empty: "3/4 \"subject\"" */
};

/*
 * The series of shas (positions 1..n) on base in git_dir, with their trees
 * and subjects; scratch is a directory of the caller's. 0, or -1 after an
 * error message.
 */
int repair_series_load(struct repair_series *s, const char *git_dir, const char *scratch,
		       const char *base, const char *const *shas, size_t n);
void repair_series_free(struct repair_series *s);

/*
 * Make candidate c for the hole whose first bad commit is at position from
 * and whose fixing commit is at fix (h: its hunks, ordered): out is the
 * rewritten series (repair_series_free it). 0, or -1 with why it cannot be
 * made in why ("the hunk does not apply at 2/4: ...").
 */
int repair_rewrite(const struct repair_series *s, int from, int fix,
		   const struct repair_candidate *c, const struct repair_hunks *h,
		   struct repair_series *out, struct strbuf *why);

/* The diff of the commit at position (git diff-tree -p), into out. 0 or -1. */
int repair_commit_diff(const struct repair_series *s, int position, struct strbuf *out);

/* The tip's sha ("" for none). */
const char *repair_tip(const struct repair_series *s);

#endif
