// SPDX-License-Identifier: GPL-2.0
/*
 * test-codediff.c - judge/codediff.c and codediff-text.c on canned
 * codeprints: the same image is identical; the same symbols with a bug
 * table whose lines alone moved are code identical, counted by file; a
 * symbol added, removed or changed is changed, with bloat-o-meter's line
 * and the sizes' totals; a string literal that changed with no symbol to
 * say so is changed, naming the section, never hidden.
 */
#include <stdio.h>
#include <string.h>

#include "judge/codediff.h"
#include "judge/codediff-text.h"
#include "lib/util.h"
#include "tap.h"

static const char syms[] =
	"jiffies\tD\t8\t-\n"
	"tick\tT\t34\t3617fef38943a5fc\n"
	"update_curr\tt\t120\t0123456789abcdef\n";

static void words(const struct codeprint *a, const struct codeprint *b, const char *want,
		  const char *what)
{
	struct strbuf out = STRBUF_INIT;
	struct codediff d;

	codediff_compare(a, b, &d);
	codediff_describe(&d, &out);
	is_str(out.buf, want, "%s", what);
	codediff_release(&d);
	strbuf_release(&out);
}

int main(void)
{
	struct codeprint a = { .image_sha = "aa", .symbols = (char *)syms,
			       .bug_entries = "kernel/sched/fair.c\t10\t0\nkernel/sched/core.c\t5\t0\n",
			       .sections = ".rodata\t8\t1111111111111111\n", .text = 1000,
			       .data = 100, .bss = 50 };
	struct codeprint b = a;
	struct strbuf lines = STRBUF_INIT;
	struct codediff d;

	words(&a, &a, "identical", "the same image: identical");
	words(NULL, &a, "unknown (no codeprint of this build or of its parent's)",
	      "no parent's codeprint: unknown");
	b.image_sha = "bb";
	b.bug_entries = "kernel/sched/fair.c\t12\t0\nkernel/sched/core.c\t5\t0\n";
	words(&a, &b, "code identical (line numbers only: 1 bug-table entry in kernel/sched/fair.c)",
	      "a WARN's line moved: code identical, named");
	b.bug_entries = a.bug_entries;
	words(&a, &b, "code identical (the image differs, in nothing that vmlinux's symbols and"
	      " sections hold)", "nothing else differs: said so");
	b.bug_entries = "kernel/sched/fair.c\t10\t0\n";
	words(&a, &b, "changed: add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 (0); the bug table"
	      " changed; text +0, data +0, bss +0", "a bug-table entry gone: changed");
	b.bug_entries = a.bug_entries;
	b.sections = ".rodata\t8\t2222222222222222\n";
	words(&a, &b, "changed: add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 (0); no symbol"
	      " explains what changed in .rodata; text +0, data +0, bss +0",
	      "a string literal changed: the section named");
	b.sections = a.sections;
	b.symbols = "extra\tT\t13\taaaaaaaaaaaaaaaa\n"
		    "jiffies\tD\t8\t-\n"
		    "tick\tT\t40\t9999999999999999\n";
	b.text = 1019;
	words(&a, &b, "changed: add/remove: 1/1 grow/shrink: 1/0 up/down: 19/-120 (-101);"
	      " text +19 (+1.90%), data +0, bss +0", "one added, one removed, one grown");
	codediff_compare(&a, &b, &d);
	is_int(d.nsymbols, 3, "three symbols listed");
	codediff_symbol_lines(&d, "  ", &lines);
	ok(strstr(lines.buf, "  extra") && strstr(lines.buf, "      -      13     +13\n"),
	   "extra: - to 13, +13");
	ok(strstr(lines.buf, "  update_curr") && strstr(lines.buf, "    120       -    -120\n"),
	   "update_curr: 120 to -, -120");
	ok(strstr(lines.buf, "  tick") && strstr(lines.buf, "     34      40      +6\n"),
	   "tick: 34 to 40, +6");
	codediff_release(&d);
	strbuf_release(&lines);
	return done_testing();
}
