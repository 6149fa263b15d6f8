/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repair-candidates.h - what 'bisectable repair' may try for one hole, as
 * data: the hunks of the fixing commit (split from its diff, ordered by
 * what the hole's evidence names), the candidates cheapest first, the
 * trailer each changed commit gets, the names of the quilt patches. Pure
 * functions over text; run/repair.c makes the git objects and verifies.
 */
#ifndef BISECT_REPAIR_CANDIDATES_H
#define BISECT_REPAIR_CANDIDATES_H

#include <stddef.h>

#include "lib/util.h"

/* One hunk of a diff, with the file header it needs to apply alone. */
struct repair_hunk {
	char *file;		/* the path it changes (b/ side, a/ when deleted) */
	int line;		/* its first changed line, in the new file */
	char *header;		/* "diff --git ...\n" up to the first "@@" */
	char *text;		/* "@@ ... @@ ...\n" and its lines */
	int score;		/* how much the evidence names it (higher: first) */
};

struct repair_hunks {
	struct repair_hunk *v;
	size_t n;
};

/*
 * Split a diff (git diff-tree -p, no colour) into its hunks. A file change
 * without hunks (a mode change, an empty new file, a binary patch) becomes
 * one hunk of its header alone. Returns 0, or -1 if it holds no change.
 */
int repair_hunks_parse(const char *diff, struct repair_hunks *out);
void repair_hunks_free(struct repair_hunks *h);

/*
 * Score each hunk by the evidence ("a.c:12:3: error: ... 'foo'", a
 * backtrace's "foo+0x12/0x40"): 4 for its file named, 2 for a line of it
 * naming a symbol the evidence names, 1 for its function (the @@ context)
 * named; then order them, higher first, ties in diff order.
 */
void repair_hunks_order(struct repair_hunks *h, const char *evidence);

/* The hunk as a patch that applies alone (allocated). */
char *repair_hunk_patch(const struct repair_hunk *hunk);

enum repair_kind {
	REPAIR_MOVE_HUNK,	/* one hunk of the fix into the first bad commit */
	REPAIR_MOVE_ALL,	/* every hunk of it (the fix left empty, dropped) */
	REPAIR_REORDER,		/* the fixing commit before the first bad one */
	REPAIR_SQUASH,		/* the fixing commit squashed into the first bad */
};

struct repair_candidate {
	enum repair_kind kind;
	size_t hunk;		/* REPAIR_MOVE_HUNK: its index in the ordered hunks */
};

/*
 * The candidates for a fix of nhunks hunks, cheapest first, at most max:
 * each hunk alone (in the order given), all of them (when there are more
 * than one), the reorder, the squash. Returns how many went to out.
 */
size_t repair_candidates_plan(size_t nhunks, size_t max, struct repair_candidate *out);

/* What a candidate does, for progress and reasons: "move the hunk at a.c:3". */
void repair_candidate_words(struct strbuf *out, const struct repair_candidate *c,
			    const struct repair_hunks *h, const char *fix_subject,
			    const char *bad_subject);

/*
 * The trailer of a commit a candidate changed (no newline):
 *   the first bad commit:  [bisectable: moved the hunk at F:L from "FIX"]
 *                          [bisectable: moved every hunk from "FIX"]
 *                          [bisectable: squashed in "FIX"]
 *   the fixing commit:     [bisectable: its hunk at F:L moved into "BAD"]
 *   the moved fix:         [bisectable: moved before "BAD"]
 *   what a move of every hunk did not leave empty:
 *                          [bisectable: its hunks moved into "BAD"]
 * subject is the other commit's subject, cut at 60 bytes with "...".
 */
char *repair_trailer_bad(const struct repair_candidate *c, const struct repair_hunks *h,
			 const char *fix_subject);
char *repair_trailer_fix(const struct repair_candidate *c, const struct repair_hunks *h,
			 const char *bad_subject);

/*
 * The quilt patch name of the n-th commit (1-based), as git format-patch
 * names it: "0001-sched-core-Use-cpu_of.patch" (at most 52 bytes of subject).
 */
char *repair_patch_name(int n, const char *subject);
/* The series file for these patch names, one a line. */
void repair_series_text(struct strbuf *out, const char *const *names, size_t n);

#endif
