/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-email-headers.h - the e-mail's headers (report_email_set_from()
 * is in report-model.h).
 */
#ifndef BISECT_REPORT_EMAIL_HEADERS_H
#define BISECT_REPORT_EMAIL_HEADERS_H

#include <stddef.h>

#include "report/report-model.h"

struct series_mail;

/*
 * Subject, the thread (In-Reply-To and References), From, To, Cc, Date,
 * Message-ID, then the blank line. cfg: the configuration whose first bad
 * patch the mail is about (-1: none).
 */
void email_headers(struct report_out *r, long cfg);
/*
 * The thread the mail goes under (series-mail.h: the run's "mail", else its
 * first patch's ids) into sm (to free); 1 if the series came as mails.
 */
int email_thread(const struct report_model *m, struct series_mail *sm);
/* The run's series is an mbox that starts with its cover letter (git am stops there). */
int email_mbox_has_cover(const struct report_model *m);
/* The mail's own Message-ID, "<bisectable.run-ID.TIME@host>". */
void email_message_id(struct strbuf *o, const struct report_model *m);
/* The mail's From: ('report --from', else bisectable <bisectable@localhost>). */
const char *email_from(void);
/* The performance regressions of every configuration (noisy moves are none). */
size_t email_count_regressions(const struct report_model *m);

#endif
