/* SPDX-License-Identifier: GPL-2.0 */
/*
 * config-spec.h - what a configuration's name says it is. Three forms:
 *
 *   NAME              tinyconfig + configs/base.config + configs/NAME.config
 *   TARGET:FRAGMENT   make TARGET (defconfig, allnoconfig, ...) + base.config
 *                     + FRAGMENT, a configs/ name or a path (with a '/');
 *                     an empty FRAGMENT adds nothing but base.config
 *   PATH              a full .config (a name with a '/'): + base.config,
 *                     then olddefconfig
 *
 * A name given by a user, a path above all, is untrusted: it never reaches
 * a shell, and what the run keys its results, build directory and logs by
 * is derived from it with letters, digits and "_.-+" only (the '+' marks a
 * derived key; no configs/ name has one, so the two never meet).
 */
#ifndef BISECT_CONFIG_SPEC_H
#define BISECT_CONFIG_SPEC_H

#include <stddef.h>

enum config_kind {
	CONFIG_KIND_FRAGMENT,	/* NAME */
	CONFIG_KIND_TARGET,	/* TARGET:FRAGMENT */
	CONFIG_KIND_DOTCONFIG,	/* PATH of a full .config */
};

struct config_spec {
	enum config_kind kind;
	/*
	 * The result key and file name: "up", "defconfig+up", "allmodconfig"
	 * (an empty fragment), "defconfig+my-frag" (a fragment's path),
	 * "file+my" (the .config at .../my.config).
	 */
	char *key;
	char *target;		/* the kbuild target it starts from; NULL for a .config */
	char *fragment;		/* a configs/ name, or NULL */
	char *path;		/* the fragment's or the .config's path, or NULL */
};

/*
 * Parse spec into cs (released with config_spec_release either way).
 * Returns 0, or -1 with why ("unknown kbuild configuration target 'x'",
 * "control characters in a path", ...).
 */
int config_spec_parse(const char *spec, struct config_spec *cs, char *why, size_t len);
void config_spec_release(struct config_spec *cs);

/*
 * A comma-separated list of names with each one that parses replaced by its
 * key ("defconfig:up,up" -> "defconfig+up,up"), for the commands that read
 * results by configuration; allocated, NULL for NULL.
 */
char *config_spec_keys(const char *list);

/* target is one of the kbuild configuration targets bisectable runs. */
int config_target_known(const char *target);
/* The targets, ", "-separated, for messages and the documentation. */
const char *config_targets(void);
/* A configuration from target is built and not booted unless asked (allmodconfig). */
int config_target_build_only(const char *target);
/* The kbuild target a configuration starts from: tinyconfig for a NAME. */
static inline const char *config_spec_start(const struct config_spec *cs)
{
	return cs->target;
}

#endif
