/* SPDX-License-Identifier: GPL-2.0 */
/*
 * series.h - a patch series as the user gives it: a quilt directory (with a
 * series file), a directory of numbered *.patch files, or an mbox; applied
 * one patch at a time with git am so a patch that does not apply is a
 * result for that patch.
 */
#ifndef BISECT_SERIES_H
#define BISECT_SERIES_H

#include <stddef.h>

struct series_patch {
	char *path;
	char *subject;		/* from its Subject: header, [PATCH ...] removed */
	char *author;		/* from its From: header */
	char *message_id;	/* its Message-ID as "<id>", or NULL (not a mail) */
	char *references;	/* the thread above it: References (else In-Reply-To), */
				/* "<id> <id>...", or NULL */
	char *to_cc;		/* its To and Cc headers, ", " between them, or NULL */
	int strip;		/* git am -pN: quilt's -pN of the series file, else 1 */
};

struct series {
	const char *kind;	/* "quilt", "patches" or "mbox" */
	char *path;
	struct series_patch *patches;
	size_t npatches;
	char *split_dir;	/* where an mbox was split, removed by series_free */
	/*
	 * An mbox's first message when it has no diff and patches follow (as
	 * git format-patch --cover-letter and b4 write it): never applied, the
	 * thread a reply goes under. Its path is NULL when there is none;
	 * cover_subject is its Subject as sent ("[PATCH v2 0/3] ...").
	 */
	struct series_patch cover;
	char *cover_subject;
};

/*
 * Load and check a series; returns -1 with a message naming the problem (the
 * user's file, and for an mbox the message number), s then freed and empty.
 */
int series_load(const char *path, struct series *s);
void series_free(struct series *s);

/*
 * git am the patches onto HEAD of work_dir, in order. Returns the number
 * applied; if patch k (0-based) failed, *failed_msg gets git's reason.
 */
size_t series_apply(const char *work_dir, const struct series *s, char **failed_msg);

/*
 * Commit the patches onto base as objects only, in git_dir: a private index,
 * git apply --cached, write-tree and commit-tree. No work tree is touched and
 * no ref moves, so it can run beside a run that holds the work tree. Returns
 * the number committed (their SHAs appended to shas); if patch k failed,
 * *failed_msg gets the reason.
 */
struct argv_array;
size_t series_commit_objects(const char *git_dir, const char *base, const struct series *s,
			     struct argv_array *shas, char **failed_msg);

/* Subject of a patch text, cleaned for display; allocated. */
char *patch_subject(const char *text);

/*
 * The message ids of a mail header's value ("<a@b> <c@d>", comments and
 * folding between them ignored), each "<...>" of printable ASCII without
 * spaces, separated by one space; at most max of them (0: all), the last
 * ones kept. NULL if there is none. Allocated.
 */
char *mail_msg_ids(const char *value, size_t max);

#endif
