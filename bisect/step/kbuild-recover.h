/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-recover.h - a build directory that a killed or damaged build left.
 *
 * make killed with SIGKILL (the machine stopped, a session ended, the OOM
 * killer) leaves what it was writing cut short: a .cmd file truncated at a
 * 64 KiB write, a partial object. kbuild includes every .cmd file, so one
 * cut short stops each later make of the directory at once ("unterminated
 * variable reference"), with nothing compiled: every commit of every run
 * then "fails to build" though none is at fault.
 *
 * Two defences: a marker that is in the directory only while a build runs,
 * so the next build knows the last one was killed and removes what it
 * wrote; and, for damage the marker cannot see (a directory from before
 * it, a disk that filled), a make error in one of the directory's own .cmd
 * files is the machine's fault: that file and its target go, and the build
 * is tried again.
 */
#ifndef BISECT_KBUILD_RECOVER_H
#define BISECT_KBUILD_RECOVER_H

#include <stddef.h>

/* The marker's name in the build directory. */
#define KBUILD_BUILDING_MARKER ".bisectable-building"

/*
 * Before a configure or build in out: if the marker is there, the build
 * before this one was killed, and every file of out written since the
 * marker (mtime at or after it) is removed; then the marker is (re)made.
 * Returns the number of files removed, 0 if the last build ended, -1 if
 * the marker cannot be made (the build goes on: only recovery is lost).
 */
int kbuild_recover_begin(const char *out);
/* After make returned, whatever it returned. */
void kbuild_recover_end(const char *out);

/*
 * A failed build's log: if make stopped on a .cmd file of out (a relative
 * path, or one under out; never one with ".."), removes that file and the
 * target it describes, says so in evidence and returns 1; else 0.
 */
int kbuild_damaged_cmd(const char *log, const char *out, char *evidence, size_t len);

#endif
