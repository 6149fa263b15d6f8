/* SPDX-License-Identifier: GPL-2.0 */
/*
 * b4.h - a branch of 'b4 prep' as a series. b4 (0.12, its "commit" cover
 * strategy, the default) starts the branch with an empty commit that holds
 * the cover letter: its first line is the series' title, then the letter
 * (To: and Cc: lines among its trailers), then a line
 * "--- b4-submit-tracking ---", comment lines and a JSON document:
 * {"series": {"revision": 1, "change-id": "20261207-name-0123456789ab",
 * "base-branch": "master", "prefixes": [], "history": {"v1": ["msgid"]}}}
 * (history: the cover letter's Message-ID of each revision b4 sent). The
 * series is the commits after that cover letter commit, and its base, as
 * b4 send writes it (base-commit:), is the cover letter commit's parent.
 *
 * Verified in bisectable's own clone of the user's repository, where the
 * first patch is grafted onto the base (git replace --graft): the rebase,
 * the positions and the records then skip the cover letter, and every
 * commit keeps the user's sha. The user's repository is only read.
 */
#ifndef BISECT_B4_H
#define BISECT_B4_H

#include "input/series-mail.h"
#include "lib/util.h"

#define B4_MARKER	"--- b4-submit-tracking ---"

struct b4_prep {
	char *cover;		/* the cover letter commit */
	char *base;		/* its parent: b4's base-commit */
	char *title;		/* the cover letter's first line */
	char *author;		/* its author, "Name <addr>" */
	char *change_id;
	char *base_branch;
	char *prefixes;		/* "RFC" ..., space-separated, or NULL */
	int revision;
	int npatches;		/* the commits after the cover letter, to the tip */
	char *sent;		/* the last revision b4 sent: its cover letter's "<id>" */
	int sent_revision;
	struct series_mail mail;	/* To: and Cc: lines of the letter */
};

void b4_prep_free(struct b4_prep *b);

/*
 * Is the tip a b4 prep branch? With base (a range base..tip): when the
 * oldest commit of the range is b4's cover letter commit. Without (run
 * --b4): the latest cover letter commit on tip's first parents. Fills b
 * and returns 1; 0 when it is not one (b empty); -1 after an error.
 */
int b4_prep_find(const char *repo, const char *base, const char *tip, struct b4_prep *b);

/*
 * How the run names the series (runs.series): the branch (or tip name),
 * the cover letter's title and the change-id. Allocated.
 */
char *b4_series_name(const struct b4_prep *b, const char *branch);

/* The series' thread (the sent revision's cover letter), author and Cc list into sm. */
void b4_series_mail(const struct b4_prep *b, const char *branch, struct series_mail *sm);

/*
 * In bisectable's clone work_dir: drop every graft (refs/replace/), then,
 * when base..tip starts with a b4 cover letter commit, graft the commit
 * after it onto base. 0 or -1 after an error.
 */
int b4_graft(const char *work_dir, const char *base, const char *tip);

#endif
