/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-stamp.h - the stamp a configured build directory keeps: what its
 * .config was made from (the Kconfig files at HEAD, the fragments, the tools
 * Kconfig probes, their environment, bisectable) and the .config's hash.
 * While both match, tinyconfig + merge_config.sh + olddefconfig would write
 * the same .config again, and kbuild.c skips them.
 */
#ifndef BISECT_KBUILD_STAMP_H
#define BISECT_KBUILD_STAMP_H

#include "step/kbuild-job.h"

/* The key of this commit's inputs; allocated, NULL if it cannot be told. */
char *kbuild_stamp_key(const struct kbuild_job *job, const char *base, const char *frag);
/* 1 if the build directory's stamp is key and its .config is unchanged. */
int kbuild_stamp_matches(const struct kbuild_job *job, const char *key);
/* After a configure that passed its checks. */
void kbuild_stamp_write(const struct kbuild_job *job, const char *key);
/* Before a configure: one that fails or is killed leaves no stamp to trust. */
void kbuild_stamp_remove(const struct kbuild_job *job);

#endif
