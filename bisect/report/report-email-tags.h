/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-email-tags.h - the lines of the mail that are for tools: the
 * trailers a fix copies (Reported-by, Closes) and regzbot's command.
 */
#ifndef BISECT_REPORT_EMAIL_TAGS_H
#define BISECT_REPORT_EMAIL_TAGS_H

#include "report/report-model.h"

/*
 * On a first bad commit (cfg >= 0), the trailers a fix in a patch of its
 * own should carry, each "| "-prefixed as the kernel test robot gives
 * them (b4 then takes no trailer from the reply): Reported-by: the mail's
 * From:, and Closes: the report's own lore link when the mail goes to a
 * list (it answers a thread). Nothing for cfg -1.
 */
void email_tags(struct report_out *r, long cfg);

/*
 * "#regzbot introduced: <12-digit sha>" of the earliest commit that breaks
 * what the base passed and that no later commit fixes (a first bad commit
 * whose failure reaches the tip), or that moved a figure the wrong way (a
 * performance regression). Nothing when there is none.
 */
void email_regzbot(struct report_out *r);

#endif
