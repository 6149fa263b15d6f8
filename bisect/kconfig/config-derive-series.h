/* SPDX-License-Identifier: GPL-2.0 */
/*
 * config-derive-series.h - over a series: the guards per commit, then the
 * derivation (config-derive.h) at its tip.
 */
#ifndef BISECT_CONFIG_DERIVE_SERIES_H
#define BISECT_CONFIG_DERIVE_SERIES_H

#include "kconfig/config-derive.h"

struct derive_commit {
	char *sha;
	struct guard_counts counts;
};

/*
 * Another architecture whose lines the series changes (guards-arch.h): the
 * derivation of the arms its lines need, at its own Kconfig (ARCH=), over
 * the same fixed configurations. Its derived ones are numbered after
 * x86_64's (auto-3 when x86_64 has two), so one directory holds them all.
 */
struct derive_arch {
	char *name;		/* "riscv64" */
	size_t lines;		/* its changed lines */
	struct derive_result result;
	int derived;		/* result is filled */
	char *why_not;		/* why not (no cross compiler), or NULL */
	/*
	 * The configurations the run adds for it: a fixed one that covers an
	 * arm ("riscv64+up"), every derived one ("riscv64+auto-3"), or, when
	 * no guard asks for one, the last fixed one its Kconfig keeps; with
	 * each one's spec ("up", "auto-3", "defconfig:auto-3").
	 */
	struct argv_array keys, specs;
};

struct derive_series {
	struct derive_commit *commits;
	size_t ncommits;
	char **symbols;		/* every symbol guarding a changed line, sorted */
	size_t nsymbols;
	struct derive_result result;	/* x86_64's: the lines no other architecture claims */
	int derived;		/* result is filled (derive was asked) */
	struct derive_arch *arches;	/* the other architectures with lines of their own */
	size_t narches;
	double seconds;		/* the whole of it */
};

/*
 * The guards of every commit of shas (in git_dir, a bare repository or a
 * work tree), then, if derive, the derivation at the last commit's Kconfig
 * over the fixed configurations (names of configs/NAME.config): x86_64's
 * over the lines no other architecture claims, then each other
 * architecture's over its own lines (out->arches). The Kconfig scratch
 * trees are kept in the cache by tree and architecture, so a second call
 * is quicker.
 * Returns 0 or -1 (an error was printed).
 */
int derive_series(const char *git_dir, const struct argv_array *shas,
		  const char *const *fixed, size_t nfixed, int derive, struct derive_series *out);
void derive_series_release(struct derive_series *ds);

#endif
