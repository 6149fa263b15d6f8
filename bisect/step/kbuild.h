/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild.h - configure and build one kernel configuration at the checked-out
 * commit, in a build directory that is reused from commit to commit; the
 * face of the build and its parts (configure, exec, log).
 */
#ifndef BISECT_KBUILD_H
#define BISECT_KBUILD_H

#include <stddef.h>

#include "step/build-remote.h"
#include "step/kbuild-configure.h"
#include "step/kbuild-exec.h"
#include "step/kbuild-job.h"
#include "step/kbuild-log.h"
#include "lib/util.h"

/* The first line of 'gcc --version' without '#' (as the kernel's Makefile), or NULL. */
const char *kbuild_gcc_version_text(void);

int kbuild_run(const struct kbuild_job *job, struct kbuild_result *res);
void kbuild_result_free(struct kbuild_result *res);

#endif
