/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify-boot.h - stage boot and test of one configuration (verify-boot.c).
 */
#ifndef BISECT_VERIFY_BOOT_H
#define BISECT_VERIFY_BOOT_H

#include "step/verify-config.h"

/* Boot the image and run the suites, as often as the run wants; record it all. */
void verify_stage_boot(struct config_step *cs);

#endif
