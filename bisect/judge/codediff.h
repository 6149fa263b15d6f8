/* SPDX-License-Identifier: GPL-2.0 */
/*
 * codediff.h - what a commit changed in the machine code of one
 * configuration: its build's codeprint against its parent's (the position
 * before it, same configuration and architecture), classified as
 * identical, code identical (with what was normalised) or changed (each
 * symbol added, removed or changed, in the style of scripts/bloat-o-meter,
 * and the text/data/bss totals).
 */
#ifndef BISECT_CODEDIFF_H
#define BISECT_CODEDIFF_H

#include <stddef.h>

#include "db/db-codeprint.h"

enum codediff_kind {
	CODEDIFF_UNKNOWN,		/* no codeprint of this build or of its parent's */
	CODEDIFF_IDENTICAL,		/* the image is byte-identical */
	CODEDIFF_CODE_IDENTICAL,	/* every symbol and section equal once normalised */
	CODEDIFF_CHANGED,
};

struct codediff_symbol {
	char *name;
	char letter;			/* nm's, of the new one (the old one when removed) */
	long long old_size, new_size;	/* -1: not there */
};

struct codediff_file {
	char *file;
	int entries;			/* bug-table entries whose line alone moved */
};

struct codediff {
	enum codediff_kind kind;
	struct codediff_symbol *symbols;	/* added, removed, changed; by name */
	size_t nsymbols, added, removed, changed;
	long long delta;			/* the sum of their size changes */
	/* Bug-table entries that differ in their line number only, by file. */
	int line_entries;
	struct codediff_file *files;
	size_t nfiles;
	int bug_table_changed;		/* entries added, removed, or another file or flag */
	/* Sections whose contents differ where no symbol says why (string literals). */
	char **sections;
	size_t nsections;
	/* The image differs, but nothing vmlinux's symbols and sections hold. */
	int image_only;
	long long text[2], data[2], bss[2];	/* old, new; -1 unknown */
	/* What recording the new build's codeprint cost, and that build's time; 0 unknown. */
	double seconds, build_seconds;
};

/* old and new (either NULL: unknown) into d. */
void codediff_compare(const struct codeprint *old, const struct codeprint *new,
		      struct codediff *d);
void codediff_release(struct codediff *d);
/* "identical", "code identical", "changed", "unknown". */
const char *codediff_kind_name(enum codediff_kind kind);

#endif
