/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify-build.h - stage build of one configuration (verify-build.c).
 */
#ifndef BISECT_VERIFY_BUILD_H
#define BISECT_VERIFY_BUILD_H

#include "step/verify-config.h"

/* Configure and build the image, record it; 1 if it passed. */
int verify_stage_build(struct config_step *cs);

#endif
