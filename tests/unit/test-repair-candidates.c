// SPDX-License-Identifier: GPL-2.0
/*
 * repair-candidates.c: a fixing commit's diff split into hunks that apply
 * alone, ordered by what the evidence names (file, symbol, function); the
 * candidates cheapest first and bounded; the trailers; the quilt names.
 */
#include <stdlib.h>
#include <string.h>

#include "run/repair-candidates.h"
#include "lib/util.h"
#include "tap.h"

static const char fix_diff[] =
	"diff --git a/Documentation.txt b/Documentation.txt\n"
	"index 1111111..2222222 100644\n"
	"--- a/Documentation.txt\n"
	"+++ b/Documentation.txt\n"
	"@@ -1,2 +1,3 @@\n"
	" notes\n"
	"+more notes\n"
	" end\n"
	"diff --git a/b.c b/b.c\n"
	"index 3333333..4444444 100644\n"
	"--- a/b.c\n"
	"+++ b/b.c\n"
	"@@ -1,3 +1,4 @@ int setup(void)\n"
	" one\n"
	"+define x\n"
	" two\n"
	" three\n"
	"@@ -20,2 +21,3 @@ int other(void)\n"
	" twenty\n"
	"+later\n"
	" twentyone\n"
	"diff --git a/y.c b/y.c\n"
	"new file mode 100644\n"
	"index 0000000..5555555\n"
	"--- /dev/null\n"
	"+++ b/y.c\n"
	"@@ -0,0 +1 @@\n"
	"+define y\n";

static void test_parse(void)
{
	struct repair_hunks h;
	char *patch;

	ok(repair_hunks_parse(fix_diff, &h) == 0, "a diff of three files parses");
	is_int((int)h.n, 4, "four hunks: one, two in b.c, one in a new file");
	is_str(h.v[0].file, "Documentation.txt", "first hunk's file");
	is_str(h.v[1].file, "b.c", "second hunk's file");
	is_int(h.v[1].line, 2, "b.c's first hunk changes line 2 (past its context)");
	is_int(h.v[2].line, 22, "b.c's second hunk at new line 22");
	is_str(h.v[3].file, "y.c", "a new file's hunk names it");
	patch = repair_hunk_patch(&h.v[2]);
	is_str(patch, "diff --git a/b.c b/b.c\nindex 3333333..4444444 100644\n--- a/b.c\n"
	       "+++ b/b.c\n@@ -20,2 +21,3 @@ int other(void)\n twenty\n+later\n twentyone\n",
	       "a hunk's patch is its file header and it alone");
	free(patch);
	patch = repair_hunk_patch(&h.v[3]);
	ok(strstr(patch, "new file mode 100644\n") && strstr(patch, "+define y\n"),
	   "a new file's hunk keeps its mode line");
	free(patch);
	repair_hunks_free(&h);
	ok(repair_hunks_parse("", &h) == -1, "an empty diff has no hunk");

	ok(repair_hunks_parse("diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n"
			      "diff --git a/logo.bin b/logo.bin\nindex 1..2 100644\n"
			      "GIT binary patch\nliteral 3\nKcmZ>\n\n", &h) == 0,
	   "a mode change and a binary patch parse");
	ok(h.n == 2 && !strcmp(h.v[0].file, "run.sh") && !*h.v[0].text &&
	   !strcmp(h.v[1].file, "logo.bin"), "each is one hunk of its header alone");
	patch = repair_hunk_patch(&h.v[1]);
	ok(strstr(patch, "GIT binary patch\nliteral 3\n") != NULL, "which keeps the binary data");
	free(patch);
	repair_hunks_order(&h, "logo.bin: error: bad 'logo'");
	is_str(h.v[0].file, "logo.bin", "and is ordered by the evidence too");
	repair_hunks_free(&h);

	/* A series' hunk header is untrusted: a start past INT_MAX is no line. */
	ok(repair_hunks_parse("diff --git a/c.c b/c.c\n--- a/c.c\n+++ b/c.c\n"
			      "@@ -1 +99999999999999999999 @@\n+x\n", &h) == 0 && h.n == 1,
	   "a hunk starting past INT_MAX parses");
	is_int(h.n ? h.v[0].line : -1, 0, "at no line");
	repair_hunks_free(&h);
}

static void test_order(void)
{
	struct repair_hunks h;

	repair_hunks_parse(fix_diff, &h);
	repair_hunks_order(&h, "a.c:2:1: error: implicit declaration of function 'x'");
	is_str(h.v[0].text, "@@ -1,3 +1,4 @@ int setup(void)\n one\n+define x\n two\n three\n",
	       "the hunk that names the symbol x comes first");
	is_str(h.v[1].file, "Documentation.txt", "the others keep their diff order");
	is_str(h.v[2].file, "b.c", "b.c's other hunk next");
	is_str(h.v[3].file, "y.c", "and y.c last");
	repair_hunks_free(&h);

	repair_hunks_parse(fix_diff, &h);
	repair_hunks_order(&h, "y.c:1:1: error: expected ';'");
	is_str(h.v[0].file, "y.c", "the file the compiler named comes first");
	repair_hunks_free(&h);

	repair_hunks_parse(fix_diff, &h);
	repair_hunks_order(&h, "BUG: at other+0x12/0x40");
	is_int(h.v[0].line, 22, "a backtrace's function picks the hunk of that function");
	repair_hunks_free(&h);

	repair_hunks_parse(fix_diff, &h);
	repair_hunks_order(&h, "RIP: 0010:other+0x5/0x10");
	is_int(h.v[0].line, 22, "so does a RIP line's (after a colon)");
	repair_hunks_free(&h);

	repair_hunks_parse(fix_diff, &h);
	repair_hunks_order(&h, NULL);
	is_str(h.v[0].file, "Documentation.txt", "no evidence: the diff's order");
	repair_hunks_free(&h);
}

/* The shipped fixture: the fix of up-build-break, and its compiler's error. */
static void test_fixture(void)
{
	struct strbuf patch = STRBUF_INIT;
	struct repair_hunks h;
	char *trailer;
	struct repair_candidate c = { REPAIR_MOVE_HUNK, 0 };

	if (strbuf_read_file(&patch, "tests/fixtures/up-build-break/"
			     "0003-sched-syscalls-Restore-the-CONFIG_SMP-guard-around-t.patch") < 0) {
		ok(0, "the fixture's patch reads (run from the top of the tree)");
		return;
	}
	ok(repair_hunks_parse(patch.buf, &h) == 0 && h.n == 1, "its fix is one hunk");
	repair_hunks_order(&h, "kernel/sched/syscalls.c:215:15: error: 'struct rq' has no member"
			   " named 'ttwu_pending'");
	is_int(h.v[0].score, 6, "the compiler names its file and a symbol of it");
	trailer = repair_trailer_bad(&c, &h, "sched/syscalls: Restore the CONFIG_SMP guard around"
				     " ttwu_pending");
	is_str(trailer, "[bisectable: moved the hunk at kernel/sched/syscalls.c:214 from "
	       "\"sched/syscalls: Restore the CONFIG_SMP guard around ttwu_...\"]",
	       "its trailer names the #ifdef's line");
	ok(strstr(h.v[0].text, "+#endif\n") && !strstr(h.v[0].text, "-- \n"),
	   "the hunk ends with its last line, not the mail's signature");
	free(trailer);
	repair_hunks_free(&h);
	strbuf_release(&patch);
}

static void test_plan(void)
{
	struct repair_candidate c[16];
	size_t n;

	n = repair_candidates_plan(3, 8, c);
	is_int((int)n, 6, "three hunks: each, all, reorder, squash");
	ok(c[0].kind == REPAIR_MOVE_HUNK && c[0].hunk == 0 && c[2].hunk == 2,
	   "the hunks one at a time, in order");
	ok(c[3].kind == REPAIR_MOVE_ALL && c[4].kind == REPAIR_REORDER &&
	   c[5].kind == REPAIR_SQUASH, "then all, the reorder, the squash");
	n = repair_candidates_plan(1, 8, c);
	ok(n == 3 && c[0].kind == REPAIR_MOVE_HUNK && c[1].kind == REPAIR_REORDER,
	   "one hunk: no 'all' that would be the same");
	n = repair_candidates_plan(12, 8, c);
	is_int((int)n, 8, "bounded by K");
	ok(c[5].kind == REPAIR_MOVE_ALL && c[6].kind == REPAIR_REORDER &&
	   c[7].kind == REPAIR_SQUASH, "a bound keeps all, reorder and squash, drops hunks");
	n = repair_candidates_plan(3, 2, c);
	ok(n == 2 && c[0].kind == REPAIR_MOVE_HUNK && c[1].kind == REPAIR_MOVE_HUNK,
	   "a small bound: the cheapest first");
}

static void test_trailers(void)
{
	struct repair_hunks h;
	struct repair_candidate c = { REPAIR_MOVE_HUNK, 1 };
	struct strbuf sb = STRBUF_INIT;

	repair_hunks_parse(fix_diff, &h);
	is_str_free(repair_trailer_bad(&c, &h, "sched/core: Use cpu_of() in the idle path"),
		    "[bisectable: moved the hunk at b.c:2 from \"sched/core: Use cpu_of() in the "
		    "idle path\"]", "the first bad commit's trailer names hunk and fix");
	is_str_free(repair_trailer_fix(&c, &h, "use x"),
		    "[bisectable: its hunk at b.c:2 moved into \"use x\"]", "the fix's trailer");
	c.kind = REPAIR_REORDER;
	is_str_free(repair_trailer_fix(&c, &h, "use x"), "[bisectable: moved before \"use x\"]",
		    "a reordered fix's trailer");
	c.kind = REPAIR_MOVE_ALL;
	is_str_free(repair_trailer_fix(&c, &h, "use x"),
		    "[bisectable: its hunks moved into \"use x\"]", "what a move of all left");
	c.kind = REPAIR_SQUASH;
	is_str_free(repair_trailer_bad(&c, &h, "a subject that is far longer than sixty bytes, "
				       "which is cut short"),
		    "[bisectable: squashed in \"a subject that is far longer than sixty bytes, "
		    "which is c...\"]", "a long subject is cut at 57 bytes and \"...\"");
	c.kind = REPAIR_MOVE_ALL;
	repair_candidate_words(&sb, &c, &h, "fix x", "use x");
	is_str(sb.buf, "move every hunk of \"fix x\" into \"use x\"", "words of a candidate");
	strbuf_release(&sb);
	repair_hunks_free(&h);
}

static void test_quilt(void)
{
	const char *names[2];
	struct strbuf sb = STRBUF_INIT;
	char *a = repair_patch_name(1, "sched/core: Use cpu_of() in idle_cpu()");
	char *b = repair_patch_name(12, "  ..weird//subject!!  ");

	is_str(a, "0001-sched-core-Use-cpu_of-in-idle_cpu.patch",
	       "a patch named as format-patch does");
	is_str(b, "0012-weird-subject.patch", "runs of odd bytes are one dash, none at the ends");
	names[0] = a;
	names[1] = b;
	repair_series_text(&sb, names, 2);
	is_str(sb.buf, "0001-sched-core-Use-cpu_of-in-idle_cpu.patch\n0012-weird-subject.patch\n",
	       "the series file lists them in order");
	strbuf_release(&sb);
	free(a);
	free(b);
}

int main(void)
{
	test_parse();
	test_order();
	test_fixture();
	test_plan();
	test_trailers();
	test_quilt();
	return done_testing();
}
