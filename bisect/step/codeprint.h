/* SPDX-License-Identifier: GPL-2.0 */
/*
 * codeprint.h - what a passing build's machine code is, read from the
 * vmlinux and the image it left (db/db-codeprint.h's struct codeprint):
 * no build of its own, one objdump of vmlinux.
 */
#ifndef BISECT_CODEPRINT_H
#define BISECT_CODEPRINT_H

#include "db/db-codeprint.h"

/*
 * vmlinux and image of a build; objdump is the program to disassemble it
 * with ("objdump", or the cross toolchain's). 0, or -1 when vmlinux is not
 * an ELF file or objdump failed (why in note).
 */
int codeprint_record(const char *vmlinux, const char *image, const char *objdump,
		     struct codeprint *cp, char *note, size_t note_size);

#endif
