/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guard-set.h - the symbols that guard a line, each with the values
 * ("arms") of the symbol under which the line is compiled.
 */
#ifndef BISECT_GUARD_SET_H
#define BISECT_GUARD_SET_H

#include <stddef.h>

struct strbuf;

/* The values of a symbol under which a line is compiled (a mask of them). */
#define GUARD_Y		1
#define GUARD_M		2
#define GUARD_N		4
#define GUARD_ON	(GUARD_Y | GUARD_M)
#define GUARD_ANY	(GUARD_Y | GUARD_M | GUARD_N)	/* the line decides on it: both arms */

struct guard {
	char *symbol;		/* without CONFIG_ (and without _MODULE) */
	unsigned mask;		/* GUARD_*; GUARD_ANY: both arms matter */
	int complex;		/* the condition was too complex to tell the arm */
};

struct guard_set {
	struct guard *v;	/* in the order added */
	size_t n, alloc;
	/*
	 * An index of v by symbol once the set is big (open addressing, each
	 * slot an index of v plus one, 0 empty): a line nested in thousands
	 * of conditionals has thousands of guards, and adding one must not
	 * read them all.
	 */
	size_t *slots, nslots;
};

/*
 * The most guards a line is given: no kernel line has near as many, and a
 * file nested in thousands of conditionals would otherwise give each of
 * its lines thousands (time and memory the square of its size). Beyond
 * it new symbols are left out: the outermost, added first, are kept.
 */
#define GUARD_SET_MAX	256

/* Add (symbol, mask): a symbol already there gets the intersection. */
void guard_set_add(struct guard_set *s, const char *symbol, size_t len, unsigned mask,
		   int complex);
void guard_set_release(struct guard_set *s);
/* "y", "m", "n", "y/m", "m/n", "y/n", "y,n" (both arms: GUARD_ANY), "?" (complex) */
const char *guard_arm_name(const struct guard *g);

/* The guards of every line of one file: lines[1..nlines] (lines[0] unused). */
struct guard_file {
	struct guard_set *lines;
	size_t nlines;
};

void guard_file_release(struct guard_file *f);
/* The guards of s that decide something, "SMP=n RT_GROUP_SCHED=y NUMA=?"; "" if none. */
void guard_set_format(const struct guard_set *s, struct strbuf *out);

/* Take from's guards into an empty to, leaving from empty (no copy). */
void guard_set_move(struct guard_set *to, struct guard_set *from);
/* Merge from into to: a symbol in both gets the intersection of its arms. */
void guard_set_merge(struct guard_set *to, const struct guard_set *from);
/* Merge the symbols of from into to as deciding both arms (GUARD_ANY). */
void guard_set_merge_any(struct guard_set *to, const struct guard_set *from);

#endif
