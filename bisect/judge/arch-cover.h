/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch-cover.h - the architectures a series touches: a changed file under
 * an architecture's own tree (arch/riscv/), or a changed line guarded by its
 * own symbol (CONFIG_RISCV), as configs/arch/NAME.arch says: 'configs'
 * prints them. Which lines are whose, for --configs auto, is
 * kconfig/guards-arch.h.
 */
#ifndef BISECT_ARCH_COVER_H
#define BISECT_ARCH_COVER_H

#include <stddef.h>

#include "lib/util.h"

/*
 * The architectures other than x86_64 that the commits shas (of git_dir)
 * touch, given the symbols guarding their changed lines: appended to arches
 * as "NAME (why)". 0, or -1 when a commit's files could not be listed.
 */
int arch_cover(const char *git_dir, const struct argv_array *shas,
	       const char *const *symbols, size_t nsymbols, struct argv_array *arches);

#endif
