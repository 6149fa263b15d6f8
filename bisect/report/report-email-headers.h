/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-email-headers.h - the e-mail's headers (report_email_set_from()
 * is in report-model.h).
 */
#ifndef BISECT_REPORT_EMAIL_HEADERS_H
#define BISECT_REPORT_EMAIL_HEADERS_H

#include <stddef.h>

#include "report/report-model.h"

/*
 * From, Date, Message-ID, Subject (a reply to the first bad patch of
 * configuration cfg, -1: none) and the thread of its mail, then the blank line.
 */
void email_headers(struct report_out *r, long cfg);
/* The performance regressions of every configuration (noisy moves are none). */
size_t email_count_regressions(const struct report_model *m);

#endif
