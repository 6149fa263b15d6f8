/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap.h - parse a captured serial console: the guest's ready marker, the
 * KTAP output of the smoke tests, the markers the expect script logs, and
 * kernel failure lines (panic, BUG, Oops, WARNING, Call Trace).
 *
 * Console protocol (guest/init, guest/smoke.c, expect-scripts/boot-test.exp):
 *   BISECTABLE-READY cpus=N ...       guest /init reached its shell
 *   BISECTABLE-TEST-BEGIN SUITE.TEST  logged by expect before starting it
 *   KTAP version 1 / 1..1 / ok 1 TEST [# SKIP reason] / not ok 1 TEST [# reason]
 *       (under SUITE.TEST, "ok 1 TEST" at the left margin is its result and
 *       indented results are its subtests, stored as SUITE.TEST.SUB)
 *   # metric NAME VALUE               a figure; repeated lines are samples
 *   # duration_ns VALUE               guest time the current test took
 *   BISECTABLE-END RC                 the shell echoes the test's exit code
 *   BISECTABLE-TEST-TIMEOUT NAME      logged by expect: NAME stopped answering
 *   BISECTABLE-BOOT-TIMEOUT           logged by expect: no ready marker in time
 *   BISECTABLE-SHUTDOWN-OK            logged by expect: the guest powered off
 */
#ifndef BISECT_KTAP_H
#define BISECT_KTAP_H

#include <stddef.h>

#include "step/ktap-result.h"

/*
 * Parse a whole console log. Robust against CR/LF mixes, kernel messages
 * interleaved with test output, truncated lines and non-UTF-8 bytes (text
 * copied out is made printable ASCII). Returns 0, or -1 on allocation failure.
 */
int console_parse(const char *buf, size_t len, struct console_result *res);
int console_parse_file(const char *path, struct console_result *res);

#endif
