/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-configure.h - a configuration's .config from its fragments (kbuild-configure.c).
 */
#ifndef BISECT_KBUILD_CONFIGURE_H
#define BISECT_KBUILD_CONFIGURE_H

#include <stddef.h>

#include "step/kbuild-job.h"

/* The fragments of a configuration, in merge order; -1 if one is missing. */
int kbuild_fragments(const char *configs_dir, const char *config, char **base, char **frag);
/*
 * Check that every option a fragment sets survived olddefconfig. Returns 0,
 * or -1 with "CONFIG_X=y (fragment) is not in .config: ..." in evidence.
 */
int kbuild_check_config(const char *dotconfig, const char *fragment_text,
			const char *fragment_name, char *evidence, size_t len);

/* Make the job's .config (or keep the one there); 0, or -1 with res->evidence. */
int kbuild_configure(const struct kbuild_job *job, struct kbuild_result *res);

#endif
