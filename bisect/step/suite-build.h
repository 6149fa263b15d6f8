/* SPDX-License-Identifier: GPL-2.0 */
/*
 * suite-build.h - the initramfs a run boots: guest/initramfs.cpio, then
 * one piece per chosen suite that declares a 'build' program (the kernel
 * selftests), built from the run's base tree.
 */
#ifndef BISECT_SUITE_BUILD_H
#define BISECT_SUITE_BUILD_H

#include <stddef.h>

#include "input/run-config.h"

/*
 * The initramfs for rc's suites (allocated): the base image itself when no
 * chosen suite builds anything, else <cache>/suites/initrd-SHA.cpio,
 * the base image followed by each piece. A piece is built once per base
 * tree (keyed by the tree's id and the build program's bytes), in the
 * sandbox when rc->sandbox, from a copy of base_sha's tree exported from
 * the repository of work_dir. Returns NULL with why filled when a build
 * fails: the machine's or the base tree's problem, not a commit's.
 */
char *suites_initrd(const struct run_config *rc, const char *work_dir, const char *base_sha,
		    char *why, size_t why_len);

#endif
