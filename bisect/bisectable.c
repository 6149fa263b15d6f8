// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable - verify that every commit of a kernel patch series builds,
 * boots and passes scheduler smoke tests, on every configuration.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "util.h"

struct command {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *help;
};

static const struct command commands[] = {
	{ "run",       cmd_run,       "verify a series (quilt dir, *.patch dir, mbox, or --repo R base..tip)" },
	{ "first-bad", cmd_first_bad, "print the first bad commit per configuration" },
	{ "runs",      cmd_runs,      "list the runs in the database" },
	{ "show",      cmd_show,      "print every result of one commit" },
	{ "report",    cmd_report,    "write the HTML (or JSON, JUnit) bisect report of a run" },
	{ "import",    cmd_import,    "import linux-source-6.12 into the cache (run does it too)" },
	{ "step",      cmd_step,      "verify HEAD; run by git rebase --exec, not by hand" },
};

static int usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: bisectable <command> [<args>]\n\ncommands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\n'bisectable <command> --help' describes a command's options.\n");
	return out == stdout ? 0 : EXIT_ERROR;
}

int main(int argc, const char **argv)
{
	size_t i;

	if (argc < 2)
		return usage(stderr);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return usage(stdout);
	if (!strcmp(argv[1], "--version")) {
		printf("bisectable %s\n", BISECTABLE_VERSION);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	error("unknown command '%s'", argv[1]);
	return usage(stderr);
}
