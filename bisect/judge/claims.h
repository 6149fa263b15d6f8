/* SPDX-License-Identifier: GPL-2.0 */
/*
 * claims.h - whether a commit message claims that the commit changes no
 * code ("No functional change", "NFC", "Whitespace only", ...): the one
 * table of such phrases, read case-insensitively across line breaks.
 */
#ifndef BISECT_CLAIMS_H
#define BISECT_CLAIMS_H

#include <stddef.h>

/*
 * The table's phrase that message claims (as the table writes it), or NULL
 * when it claims none; message may be NULL.
 */
const char *claims_no_change(const char *message);

#endif
