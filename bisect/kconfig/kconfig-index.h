/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kconfig-index.h - a light index of a tree's Kconfig "config" entries
 * (type, prompt, dependencies, who selects them): not a Kconfig
 * implementation, only what is needed to propose the fragment that might
 * reach an arm Kconfig dropped. Kconfig itself (kconfig.h) always has the
 * last word.
 */
#ifndef BISECT_KCONFIG_INDEX_H
#define BISECT_KCONFIG_INDEX_H

#include <stddef.h>

#include "lib/util.h"

struct kconfig_symbol {
	char *name;
	char type;		/* 'b' bool, 't' tristate, 'v' int/hex/string, 0 unknown */
	int prompt;		/* a user can set it (it has a prompt somewhere) */
	int in_choice;		/* a member of a choice */
	struct strbuf depends;	/* its dependencies, enclosing if/menu included */
	struct argv_array selected_by;	/* symbols whose entry has "select NAME" */
	size_t open_parens;	/* '(' owed at the front of depends (kconfig-index.c) */
};

struct kconfig_index {
	struct kconfig_symbol *v;
	size_t n, alloc;
	/* v by name (open addressing, each slot an index of v plus one, 0 empty) */
	size_t *slots, nslots;
};

/*
 * Index the Kconfig files under dir (an exported tree): every architecture
 * directory but x86's is left out, as a build here is for x86.
 */
int kconfig_index_load(const char *dir, struct kconfig_index *ix);
/* The same keeping arch/SRCARCH instead of arch/x86 (NULL: x86). */
int kconfig_index_load_arch(const char *dir, const char *srcarch, struct kconfig_index *ix);
/* Index one Kconfig file's text (for the unit tests, and by kconfig_index_load). */
void kconfig_index_add_text(struct kconfig_index *ix, const char *text);
const struct kconfig_symbol *kconfig_find(const struct kconfig_index *ix, const char *name);
void kconfig_index_release(struct kconfig_index *ix);

/*
 * What a dependency expression asks of its symbols, as assignments that
 * satisfy it: "A && !B && (C || D)" gives A=y, B=n, C=y (the first
 * alternative of an ||). Appended to out as "SYMBOL=v" words; constants,
 * $(...) and comparisons with values are left out.
 */
void kconfig_depends_assign(const char *expr, struct argv_array *out);

#endif
