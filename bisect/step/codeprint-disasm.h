/* SPDX-License-Identifier: GPL-2.0 */
/*
 * codeprint-disasm.h - a digest of each function of a vmlinux from
 * 'objdump -d --no-show-raw-insn', fed one line at a time: each
 * instruction without its address, the addresses and displacements in it
 * replaced, so that two builds whose functions only moved give equal
 * digests. Pure functions over text, for the unit test to feed.
 */
#ifndef BISECT_CODEPRINT_DISASM_H
#define BISECT_CODEPRINT_DISASM_H

#include <stdint.h>

#include "lib/util.h"

/*
 * A symbol's name as two builds can compare it: gcc's numbered suffixes
 * (".123" of a static local, "foo.constprop.0") lose their numbers, as
 * scripts/bloat-o-meter drops them. Into out (reset first).
 */
void codeprint_name(const char *name, struct strbuf *out);

/*
 * One instruction's text (what follows "address:\t") normalised into out
 * (appended): an address in [lo, hi) is "A" (also as a negative
 * displacement: -0x7eba3200 in -mcmodel=kernel code), a RIP-relative displacement
 * "D(%rip)", "<sym+0x1c>" is "<sym>" unless sym is self (a branch inside
 * the function keeps its offset), runs of blanks are one space.
 */
void disasm_normalise(const char *insn, const char *self, uint64_t lo, uint64_t hi,
		      struct strbuf *out);

struct disasm_state {
	uint64_t lo, hi;		/* the image's addresses */
	/* The size of the function at addr (0: unknown: up to the next label). */
	uint64_t (*size_of)(uint64_t addr, void *data);
	/* A function done: its address, its label (normalised) and its 16-digit digest. */
	void (*done)(uint64_t addr, const char *label, const char *digest, void *data);
	void *data;
	/* Internal */
	uint64_t addr, end;
	struct strbuf label, text;
	int in_function;
};

void disasm_init(struct disasm_state *d);
void disasm_feed(struct disasm_state *d, const char *line);
/* The last function done; then d is released. */
void disasm_finish(struct disasm_state *d);

#endif
