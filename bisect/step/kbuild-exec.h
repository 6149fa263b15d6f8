/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-exec.h - the tree's own commands (kbuild-exec.c): kbuild's make line,
 * and one command run into the build's log, sandboxed on request.
 */
#ifndef BISECT_KBUILD_EXEC_H
#define BISECT_KBUILD_EXEC_H

#include "lib/util.h"
#include "step/kbuild-job.h"

/* The argv of the build command (for the log and the reproducer). */
void kbuild_make_argv(const struct kbuild_job *job, struct argv_array *argv, const char *target);
/* The image's make target: bzImage, or the architecture's ("Image", "zImage"). */
const char *kbuild_image_target(const struct kbuild_job *job);

/*
 * Run one command of the tree's own (make, merge_config.sh), its output
 * appended to job->log_path; its exit code, also in res->exit_code.
 */
int kbuild_run_logged(const struct kbuild_job *job, const char *const *argv,
		      struct kbuild_result *res);
/* One line of bisectable's own into the build's log. */
void kbuild_log_line(const struct kbuild_job *job, const char *line);

#endif
