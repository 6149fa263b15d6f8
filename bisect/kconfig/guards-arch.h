/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guards-arch.h - which architecture each changed line is for, and the
 * guards of each architecture's lines: a line in a file under an
 * architecture's source_dir (arch/riscv/) or guarded by its own symbol
 * (CONFIG_RISCV) is that architecture's (configs/arch/NAME.arch); every
 * other line, and every line under x86_64's own tree (arch/x86/), is
 * x86_64's, as all lines were before. A line may be two architectures'
 * (a CONFIG_X86_32 line under arch/x86/: x86_64's and i386's).
 */
#ifndef BISECT_GUARDS_ARCH_H
#define BISECT_GUARDS_ARCH_H

#include <stddef.h>

#include "input/arch.h"
#include "kconfig/guards.h"

/* The guards of one architecture's changed lines: each symbol once, its arms or'ed. */
struct arch_lines {
	char **symbols;
	unsigned *masks;	/* GUARD_*: the arms its lines need of each symbol */
	size_t nsymbols;
	size_t lines;		/* its changed lines, guarded or not */
};

struct arch_claims {
	struct arch_lines own;	/* x86_64's (ARCH_DEFAULT) */
	struct arch_desc *arches;	/* the others of configs/arch/, by name */
	struct arch_lines *lines;	/* theirs, one per arch */
	size_t narches;
};

/* Every architecture of configs/arch/ but x86_64, no line yet. 0 or -1. */
int arch_claims_init(struct arch_claims *c);
/* The same over the architectures given (for the unit tests); they are moved into c. */
void arch_claims_init_with(struct arch_claims *c, struct arch_desc *arches, size_t n);
/* Claim the changed lines of one file of a diff (guards_commit_each's arguments). */
void arch_claims_file(struct arch_claims *c, const struct diff_file *f,
		      const struct guard_file *pre, const struct guard_file *post);
/*
 * guards_commit() and arch_claims_file() in one read of the commit: its
 * counts into counts (sorted), its lines claimed into c. 0 or -1.
 */
int guards_commit_claims(const char *repo, const char *commit, struct guard_counts *counts,
			 struct arch_claims *c);
void arch_claims_release(struct arch_claims *c);

#endif
