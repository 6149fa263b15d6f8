/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repair-output.h - where a repaired series goes: a ref
 * refs/bisectable/repaired/run-N in the repository its objects are in (the
 * run's private clone for a --repo run), a new branch of the user's
 * repository (--branch, never over an existing one), a quilt directory
 * (-o: a series file and numbered patches, as git format-patch writes
 * them); and what is printed: git range-diff of old and new, the tip tree
 * before and after.
 */
#ifndef BISECT_REPAIR_OUTPUT_H
#define BISECT_REPAIR_OUTPUT_H

#include "db/db.h"
#include "run/repair-rewrite.h"

/* 0, or -1 after an error message (nothing existing is overwritten). */
int repair_output(const struct repair_series *orig, const struct repair_series *cur,
		  const struct run_info *run, const char *out_dir, const char *branch);

/* The quilt directory dir (new, or empty) of s. 0, or -1 after an error. */
int repair_write_quilt(const struct repair_series *s, const char *dir);

/* Text of many lines printed a line at a time, each through term_escape(). */
void repair_print_lines(const char *text);

#endif
