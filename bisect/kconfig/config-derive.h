/* SPDX-License-Identifier: GPL-2.0 */
/*
 * config-derive.h - the configurations a series needs, from the Kconfig
 * symbols that guard its changed lines (guards.h): both arms of each symbol
 * (y and n; m too for a tristate when modules are on), each checked with the
 * kernel's own Kconfig (kconfig.h), and the fewest fragments that cover
 * every arm that can be reached, chosen greedily on top of the configurations
 * the user always runs (up, smp).
 *
 * An arm Kconfig drops (olddefconfig sets the symbol otherwise) is tried
 * again with its "depends on" (or, for a symbol without a prompt, one of the
 * symbols that select it; for n, the selectors that forced it on) added to
 * the fragment, a level at a time, up to DERIVE_MAX_LEVEL levels; past that
 * it is reported unreachable over tinyconfig, with the reason.
 *
 * The arms tinyconfig cannot reach (what it leaves off that nothing in a
 * fragment can turn on: drivers and filesystems are the typical case) are
 * then derived again over defconfig; a configuration derived so is named
 * defconfig+auto-N (defconfig:auto-N, its fragment auto-N.config) and keeps
 * why it starts there. An arm neither start reaches gives both reasons.
 */
#ifndef BISECT_CONFIG_DERIVE_H
#define BISECT_CONFIG_DERIVE_H

#include <stddef.h>

#include "kconfig/guards.h"
#include "kconfig/kconfig.h"
#include "kconfig/kconfig-index.h"
#include "lib/util.h"

#define DERIVE_MAX_LEVEL	3
#define DERIVE_MAX_CONFIGS	8

struct derived_arm {
	char *symbol;
	char value;		/* 'y', 'm' or 'n' */
	int config;		/* index of the configuration that covers it, or -1 */
	int level;		/* dependency levels added to reach it */
	struct argv_array extra;	/* the assignments added for it ("SYM=v") */
	char *reason;		/* why it cannot be reached, when config < 0 */
	char *tiny_reason;	/* why not over tinyconfig, when tried over defconfig */
};

struct derived_config {
	char *name;		/* "up", "smp", "auto-N" or "defconfig+auto-N" for a derived one */
	char *fragment;		/* its fragment text */
	const char *start;	/* "tinyconfig" or "defconfig" (static strings) */
	struct strbuf dotconfig;	/* what Kconfig made of it, at the derivation's tree */
	int derived;
	int dropped;		/* fixed, but its fragment does not hold on this architecture */
};

struct derive_result {
	struct derived_arm *arms;
	size_t narms;
	struct derived_config *configs;
	size_t nconfigs;
	unsigned resolved;	/* olddefconfig runs */
	int modules;		/* modules are on in base.config: m arms count */
};

/*
 * Derive over symbols (names without CONFIG_); the fixed configurations
 * (names and fragment texts) come first in out->configs and are resolved
 * first. Returns 0, or -1 when Kconfig itself could not be run.
 */
int config_derive(struct kconfig_eval *ev, const struct kconfig_index *ix,
		  const char *const *symbols, size_t nsymbols,
		  const char *const *fixed_names, const char *const *fixed_fragments,
		  size_t nfixed, struct derive_result *out);
/*
 * The same for another architecture's lines: masks[i] (GUARD_*) are the arms
 * of symbols[i] its lines need, and only those arms are derived; a fixed
 * configuration whose fragment does not hold there is dropped (covers
 * nothing).
 */
int config_derive_masks(struct kconfig_eval *ev, const struct kconfig_index *ix,
			const char *const *symbols, const unsigned *masks, size_t nsymbols,
			const char *const *fixed_names, const char *const *fixed_fragments,
			size_t nfixed, struct derive_result *out);
void derive_result_release(struct derive_result *r);

/*
 * Why derived configuration config starts where it does: NULL over
 * tinyconfig, else "tinyconfig cannot reach SYM=v: REASON" of the first arm
 * it covers (allocated).
 */
char *derive_start_reason(const struct derive_result *r, size_t config);

/* The fragment text of a derived configuration: a comment saying what it covers, then its lines. */
void derive_fragment_text(const struct derive_result *r, size_t config, const char *origin,
			  struct strbuf *out);

#endif
