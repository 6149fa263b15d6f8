/* SPDX-License-Identifier: GPL-2.0 */
/*
 * db-codeprint.h - table codeprints: what a passing build's machine code is
 * (step/codeprint.h records it, judge/codediff.h compares two), and the
 * commit message a claim of no change is read from.
 */
#ifndef BISECT_DB_CODEPRINT_H
#define BISECT_DB_CODEPRINT_H

#include <sqlite3.h>

struct codeprint {
	char *image_sha;		/* SHA-256 of the image */
	char *vmlinux_sha;		/* SHA-256 of vmlinux */
	char *symbols;			/* "name\tletter\tsize\tdigest\n", by name */
	char *bug_entries;		/* "file\tline\tflags\n" per entry, NULL: no table */
	char *sections;			/* "name\tsize\tdigest\n" */
	long long nsymbols;
	double seconds;			/* what recording it took */
	double build_seconds;		/* read only: the build's own duration */
	long long text, data, bss;	/* read only: the build's sizes (metrics), -1 unknown */
};

/* Record result_id's (a build) codeprint; symbols and bug entries are compressed. */
void db_codeprint_put(sqlite3 *db, long long result_id, const struct codeprint *cp);
/* The build whose codeprint is of a vmlinux with that SHA-256 and image; 0: none. */
long long db_codeprint_find(sqlite3 *db, const char *vmlinux_sha, const char *image_sha);
/* Copy origin's codeprint to result_id. */
void db_codeprint_copy(sqlite3 *db, long long result_id, long long origin);
/*
 * The codeprint of the passing build at (run, position, config), its own or
 * its origin's when it was reused from the cache: 0, or -1 when there is
 * none (not built, failed, recorded by an older bisectable).
 */
int db_codeprint_get(sqlite3 *db, long long run_id, int position, const char *config,
		     struct codeprint *cp);
void codeprint_release(struct codeprint *cp);

/* The commit's message, as the step read it. */
void db_commit_message_set(sqlite3 *db, long long commit_id, const char *message);
/* Allocated; NULL when not recorded. */
char *db_commit_message(sqlite3 *db, long long run_id, int position);

/* The configurations the run has a build result of, by name (allocated, NULL-ended). */
char **db_build_configs(sqlite3 *db, long long run_id, size_t *n);
/* The last position of the run's commits (0: the base only). */
int db_count_positions(sqlite3 *db, long long run_id);
/* The commit at position: its sha and subject (allocated); 0, or -1 if none. */
int db_commit_brief(sqlite3 *db, long long run_id, int position, char **sha, char **subject);

#endif
