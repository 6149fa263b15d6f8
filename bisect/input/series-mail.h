/* SPDX-License-Identifier: GPL-2.0 */
/*
 * series-mail.h - who a series came from and where it was posted: the
 * thread a reply to it goes under (its cover letter, else its first
 * patch), the author and the Cc list (the patch mails' To and Cc, or the
 * To:/Cc: lines of a b4 cover letter), and for a b4 prep branch its
 * change-id. Stored with the run as the member "mail" of runs.options,
 * beside the run configuration (run-config.h does not read it):
 *
 *   "mail": {"thread": "<id>", "references": "<id> <id>", "subject":
 *     "[PATCH v2 0/3] title", "author": "A U Thor <a@example.org>",
 *     "cc": ["B <b@example.org>", ...], "change_id": "20261207-name-0123",
 *     "branch": "b4/name", "revision": 2}   (each member only when known)
 *
 * Everything in it came from the series' mails or commits: an address
 * holding a control character (CR and LF included) is dropped when it is
 * read, ids are mail_msg_ids()'s, and the subject is one line.
 */
#ifndef BISECT_SERIES_MAIL_H
#define BISECT_SERIES_MAIL_H

#include <stddef.h>

struct series;

struct series_mail {
	char *thread;		/* the Message-ID a reply goes under, "<id>", or NULL */
	char *references;	/* that mail's own References, "<id> ...", or NULL */
	char *subject;		/* that mail's Subject, when it is the cover letter */
	char *author;		/* the series' author, "Name <addr>", or NULL */
	char **cc;		/* the series' Cc list, without the author */
	size_t ncc;
	char *change_id;	/* a b4 prep branch's */
	char *branch;
	int revision;		/* a b4 prep branch's, 0: none */
};

void series_mail_free(struct series_mail *sm);

/*
 * One address as a mail header can take it: s trimmed, at most 300 bytes,
 * with an '@', and no control character (CR, LF, tab, DEL, C1). Allocated,
 * or NULL when it is not one.
 */
char *mail_address_clean(const char *s, size_t len);

/*
 * Add each address of a header value ("A <a@b>, \"C, D\" <c@d>") to sm's Cc
 * list, once per address (compared without case), none equal to the author.
 */
void series_mail_add_cc(struct series_mail *sm, const char *value);

/* The author's address in "Name <addr>" (or addr alone), allocated. */
char *mail_address_only(const char *s);

/*
 * The thread a reply to a series goes under, from its first patch's
 * Message-ID and References: patch 1 of several replies to the cover
 * letter, so there (its References before the cover's id are the cover's
 * own); else under the patch itself. Nothing without ids.
 */
void series_mail_thread_of(struct series_mail *sm, const char *id, const char *refs,
			   size_t npatches);

/*
 * What the series' mails say: the cover letter (s->cover_*) or the first
 * patch as the thread, its author, and every To and Cc of them.
 */
void series_mail_from_series(struct series_mail *sm, const struct series *s);

/*
 * runs.options with sm as its member "mail" (allocated; options as it is
 * when sm holds nothing or options is not a JSON object).
 */
char *series_mail_into_options(const char *options, const struct series_mail *sm);

/* The member "mail" of runs.options; 0, or -1 if there is none (sm then empty). */
int series_mail_from_options(const char *options, struct series_mail *sm);

#endif
