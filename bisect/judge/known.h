/* SPDX-License-Identifier: GPL-2.0 */
/*
 * known.h - known failures: what already fails at the base of a run.
 *
 * A failure is named by a line "NAME: SIGNATURE": NAME is the test
 * (SUITE.TEST) or "kernel" for a kernel error on the console (a WARNING,
 * BUG, Oops, panic line); SIGNATURE is the evidence with what changes from
 * boot to boot normalised away: printk timestamps, addresses and other hex
 * numbers become "X", decimal numbers (PIDs, CPUs, line numbers, timings)
 * "N", and runs of blanks one blank. Two failures are "the same way" when
 * their lines are equal.
 *
 * A configuration's known failures are those of its base (position 0) in
 * the run: a later commit that fails only in known ways is not counted
 * against (its result says pass, and lists what it met); one that fails a
 * known test differently, or another test, still fails.
 */
#ifndef BISECT_KNOWN_H
#define BISECT_KNOWN_H

#include <stddef.h>

#include "lib/util.h"

struct known_set {
	char **lines;
	size_t n;
};

/* Append the failure line of name failing with evidence to out. */
void failure_line(struct strbuf *out, const char *name, const char *evidence);

/* Add line to the set, unless it has it; 1 if it was added. */
int known_set_add(struct known_set *ks, const char *line);
int known_set_has(const struct known_set *ks, const char *line);
/* Add every line of text (newline-separated, as stored); text may be NULL. */
void known_set_add_text(struct known_set *ks, const char *text);
/* The set as stored, a line each in the order added; NULL when it is empty. */
char *known_set_text(const struct known_set *ks);
void known_set_free(struct known_set *ks);

#endif
