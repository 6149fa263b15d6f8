/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guards-kbuild.h - the Makefile/Kbuild and Kconfig scanners.
 */
#ifndef BISECT_GUARDS_KBUILD_H
#define BISECT_GUARDS_KBUILD_H

#include "kconfig/guard-set.h"

/* out->lines[1..out->nlines] are allocated and empty. */
void guards_scan_make(const char *text, struct guard_file *out);
void guards_scan_kconfig(const char *text, struct guard_file *out);

#endif
