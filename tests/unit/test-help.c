// SPDX-License-Identifier: GPL-2.0
/*
 * test-help.c - the prose of Documentation/bisectable-CMD.md reaches the
 * binary: `bisectable help run` prints the option table and then the run
 * page, and the man pages carry the pages as roff with no Markdown left.
 * Run from the checkout (BISECTABLE_HOME): the pages are read from
 * Documentation/ to compare with what was built in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "builtin/help.h"
#include "lib/util.h"
#include "tap.h"
#include "lib/markdown-roff.h"

static const struct cmd_entry run_entry = {
	"run", "[<options>] <series-dir | series.mbox>", "verify a series",
	&run_options, 0, 1, CMD_DB_RW, cmd_run,
};

static char *output_of(void (*fn)(const struct cmd_entry *, FILE *), const struct cmd_entry *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		die("open_memstream failed");
	fn(e, f);
	fclose(f);
	return buf;
}

/* The first paragraph after the page's title, as the file has it. */
static char *first_paragraph(const char *page)
{
	const char *start = strstr(page, "\n\n"), *end;

	if (!start)
		return xstrdup("");
	start += 2;
	end = strstr(start, "\n\n");
	return end ? xstrndup(start, end - start) : xstrdup(start);
}

/* A line of roff that still shows Markdown, or NULL. */
static const char *markdown_left(const char *roff)
{
	static const char *const markers[] = { "`", "**", "```", "|---", "](", "\n#", "\n- ",
					       "\n|" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(markers); i++)
		if (strstr(roff, markers[i]))
			return markers[i];
	return NULL;
}

static void test_help_run(void)
{
	struct strbuf page = STRBUF_INIT;
	char *out = output_of(help_command, &run_entry), *para, *at, *options;

	ok(strbuf_read_file(&page, "Documentation/bisectable-run.md") == 0 && page.len,
	   "Documentation/bisectable-run.md is there");
	is_str(help_page("run"), page.buf, "the binary has the page as the file has it");
	para = first_paragraph(page.buf);
	ok(strlen(para) > 40, "the run page starts with a paragraph");
	options = strstr(out, "--configs");
	at = strstr(out, para);
	ok(options != NULL, "help run has the option table");
	ok(at != NULL, "help run has the run page's first paragraph");
	ok(options && at && at > options, "after the option table");
	ok(!strstr(out, "# bisectable run"), "but not the page's title");
	free(para);
	free(out);
	strbuf_release(&page);
	ok(help_page("nosuch") == NULL, "no page for an unknown command");
}

static void test_man(void)
{
	char *man = output_of(help_man_command, &run_entry);
	const char *left = markdown_left(man);

	ok(!strncmp(man, ".TH BISECTABLE\\-RUN 1 ", 22), "bisectable-run(1) is roff");
	ok(strstr(man, "\n.SH OPTIONS\n") != NULL, "with the options");
	ok(strstr(man, "\n.SH DESCRIPTION\n") != NULL, "and the prose");
	ok(strstr(man, "\\fB\\-\\-repo R BASE..TIP\\fR") != NULL, "a code span is bold");
	ok(left == NULL, "no Markdown left in bisectable-run.1 (%s)", left ? left : "none");
	free(man);
}

/* Every command's page, as bisectable-NAME(1): no Markdown left in any. */
static void test_every_page(void)
{
	static const char *const names[] = { "run", "bisect", "first-bad", "regressions", "runs",
					      "show", "report", "notes", "configs", "merge", "coverage",
					      "import", "gc", "step", "help" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		struct cmd_entry e = { names[i], "", "a command", NULL, 0, 0, 0, NULL };
		char *man = output_of(help_man_command, &e);
		const char *left = markdown_left(man);

		ok(help_page(names[i]) != NULL, "%s has a page", names[i]);
		ok(left == NULL, "no Markdown left in bisectable-%s.1 (%s)", names[i],
		   left ? left : "none");
		free(man);
	}
}

static void test_markdown(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	markdown_roff("## Exit status\n\n"
		      "A *word*, **bold `code` too**, [a link](https://x.org/) and\n"
		      "a `span\nover lines`.\n"
		      ".dot at the start, a \\ backslash\n\n"
		      "- one item\n  continued\n- two\n\n"
		      "```\n$ bisectable run -j2\n.not a request\n```\n\n"
		      "| exit | means |\n|---|---|\n| 0 | good \\| fine |\n",
		      1, f);
	fclose(f);
	is_str(buf,
	       ".SH EXIT STATUS\n"
	       ".PP\n"
	       "A \\fIword\\fR, \\fBbold \\fBcode\\fB too\\fR, a link (https://x.org/) and\n"
	       "a \\fBspan\nover lines\\fR.\n"
	       "\\&.dot at the start, a \\e backslash\n"
	       ".IP \\(bu 2\n"
	       "one item\ncontinued\n"
	       ".IP \\(bu 2\n"
	       "two\n"
	       ".PP\n.RS 4\n.nf\n"
	       "$ bisectable run \\-j2\n\\&.not a request\n"
	       ".fi\n.RE\n"
	       ".TP\n\\fB0\\fR\nmeans: good | fine\n",
	       "Markdown to roff: headings, emphasis, code, links, lists, code blocks, tables");
	free(buf);
}

int main(void)
{
	test_help_run();
	test_man();
	test_every_page();
	test_markdown();
	return done_testing();
}
