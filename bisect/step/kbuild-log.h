/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-log.h - reading a build's log (kbuild-log.c).
 */
#ifndef BISECT_KBUILD_LOG_H
#define BISECT_KBUILD_LOG_H

#include <stddef.h>

#include "lib/util.h"

/*
 * Warnings bookkeeping: fold the build log of one build into the per-object
 * warning map of the build directory (objects rebuilt get their new set,
 * the others keep theirs). map/log are texts; the new map is written to out.
 */
size_t kbuild_fold_warnings(const char *map, const char *log, const char *const *src_prefixes,
			    struct strbuf *out);
/*
 * A failed build that is the machine's fault, not the commit's: make or a
 * command that could not be started (exit_code -1, 126, 127), make killed by
 * a signal (exit_code >= 128), a compiler killed or crashed (gcc's "Killed
 * signal terminated program cc1", "internal compiler error: Killed" or
 * "Segmentation fault", make's "] Killed", "Error 137"), out of memory, a
 * failed fork, ENOSPC, bwrap failing to make the sandbox. Returns 1 with the
 * cause and its line in evidence, else 0 (evidence untouched).
 */
int kbuild_infra_error(const char *log, int exit_code, char *evidence, size_t len);
/*
 * The first error line of a failed build log. src_prefixes (NULL-terminated,
 * as for kbuild_fold_warnings) are the ways the log names the tree: the
 * first one found at the start of a line is removed.
 */
void kbuild_error_line(const char *log, const char *const *src_prefixes, char *evidence,
		       size_t len);

/*
 * Reading a build log back, for the report's excerpt of a failed build: a
 * line (without its newline) is a kbuild progress line ("  CC      x.o"), a
 * problem (error, warning, undefined reference; never a progress line), or
 * gcc's quote of the source under one (" 42 |   code", "    |   ^~~").
 */
struct kbuild_line {
	const char *s;
	size_t len;
};

/* needle occurs in the line (fold: the line's A-Z as a-z; needle in lower case). */
int kbuild_line_contains(const struct kbuild_line *l, const char *needle, int fold);
int kbuild_progress(const struct kbuild_line *l);
int kbuild_problem(const struct kbuild_line *l);
int kbuild_gcc_snippet(const struct kbuild_line *l);
/* lines[i] is a problem, or the source gcc quotes right under one. */
int kbuild_line_wanted(const struct kbuild_line *lines, size_t i);

/* The objects a build log shows compiled ("  CC ", "  AS " lines). */
size_t kbuild_count_rebuilt(const char *log);

#endif
