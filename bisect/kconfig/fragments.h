/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fragments.h - the configuration fragments a run can verify:
 * configs/NAME.config, each merged over configs/base.config.
 */
#ifndef BISECT_FRAGMENTS_H
#define BISECT_FRAGMENTS_H

#include "lib/util.h"

/*
 * The names (NAME of NAME.config, base.config left out) of the fragments
 * in dir, sorted, into names. 0, or -1 after an error message.
 */
int fragments_list(const char *dir, struct argv_array *names);
/* The first sentence of the leading '#' comment of the fragment at path (nothing if none). */
void fragment_describe(const char *path, struct strbuf *out);
/*
 * The lines of after whose value differs from before's ("CONFIG_X=y (was
 * not set)", "# CONFIG_Y is not set (was m)"), in after's order, then (unless
 * only_after: a fragment's lines against a .config) those before set that
 * after no longer has; appended to out. Returns how many.
 */
size_t fragment_changes(const char *before, const char *after, int only_after,
			struct strbuf *out);

#endif
