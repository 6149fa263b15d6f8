/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guards-cpp.h - the C preprocessor scanner.
 */
#ifndef BISECT_GUARDS_CPP_H
#define BISECT_GUARDS_CPP_H

#include "kconfig/guard-set.h"

/* out->lines[1..out->nlines] are allocated and empty. */
void guards_scan_c(const char *text, struct guard_file *out);

#endif
