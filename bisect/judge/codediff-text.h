/* SPDX-License-Identifier: GPL-2.0 */
/*
 * codediff-text.h - a codediff in words, one wording for show, first-bad
 * and the run: a cell's line, its symbols as scripts/bloat-o-meter lays
 * them out, and the finding of a broken no-change claim.
 */
#ifndef BISECT_CODEDIFF_TEXT_H
#define BISECT_CODEDIFF_TEXT_H

#include "judge/codediff.h"
#include "judge/codediff-run.h"
#include "lib/util.h"

/*
 * "identical", "code identical (line numbers only: 1 bug-table entry in
 * kernel/sched/fair.c)", "changed: add/remove: 1/0 grow/shrink: 0/0
 * up/down: 23/0 (23); text +23, data +0, bss +0"; appended to out.
 */
void codediff_describe(const struct codediff *d, struct strbuf *out);
/* Its symbols, a line each, indent first: name, old and new size, delta. */
void codediff_symbol_lines(const struct codediff *d, const char *indent, struct strbuf *out);
/*
 * "no-change claim broken: 2/3 1234567890ab "subject" says "no code
 * change"; its code changed on up, smp: tick". Untrusted text as it is:
 * the caller escapes it for where it goes.
 */
void codediff_finding_describe(const struct codediff_finding *f, int ncommits,
			       struct strbuf *out);

#endif
