// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable - verify that every commit of a kernel patch series builds,
 * boots and passes scheduler smoke tests, on every configuration.
 *
 * The command table: what each command is called, what it takes and what
 * it needs set up. Options are parsed here, from each command's table, and
 * the database is opened here (read-write, or read-only for the commands
 * that only look), so every command takes --db the same way.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "builtin/help.h"
#include "lib/layout.h"
#include "lib/util.h"
#include "step/step-run.h"

struct help_opts {
	int man;
	int bash_completion;
};

static const struct opt help_option_list[] = {
	OPT_BOOL(0, "man", struct help_opts, man,
		 "print the man page (roff): bisectable(1), or bisectable-COMMAND(1) of a command"),
	OPT_BOOL(0, "bash-completion", struct help_opts, bash_completion,
		 "print the bash completion script"),
	OPT_END(),
};

static DEFINE_CMD_OPTIONS(help, struct help_opts, help_option_list);

static int cmd_help(struct cmd_ctx *ctx);

const struct cmd_entry commands[] = {
	{ "run", "[<options>] <series-dir | series.mbox>\n[<options>] --repo <repo> <base>..<tip>\n"
	  "--resume [<run>]",
	  "verify a series (quilt dir, *.patch dir, mbox, or --repo R base..tip)",
	  &run_options, 0, 1, CMD_DB_RW | CMD_ARGS_FILES, cmd_run },
	{ "bisect", "[<options>] --repo <repo> <good> <bad>",
	  "find the first bad commit with git bisect run in a clone of the repository",
	  &bisect_options, 2, 2, CMD_DB_RW, cmd_bisect },
	{ "first-bad", "[<options>]", "print the first bad commit per configuration",
	  &first_bad_options, 0, 0, CMD_DB_RO, cmd_first_bad },
	{ "repair", "[<options>]",
	  "close each bisection hole of a run, keeping the tip tree byte-identical",
	  &repair_options, 0, 0, CMD_DB_RW, cmd_repair },
	{ "regressions", "[<options>]",
	  "list every metric and configuration that moved the wrong way past a threshold",
	  &regressions_options, 0, 0, CMD_DB_RO, cmd_regressions },
	{ "compare", "[<options>]", "print two positions' sizes and figures side by side",
	  &compare_options, 0, 0, CMD_DB_RO, cmd_compare },
	{ "runs", "[--db PATH]", "list the runs in the database",
	  NULL, 0, 0, CMD_DB_RO, cmd_runs },
	{ "show", "[<options>] <sha-prefix | position>", "print every result of one commit",
	  &show_options, 1, 1, CMD_DB_RO, cmd_show },
	{ "report", "[<options>]",
	  "write a run's report: HTML, JSON, JUnit, mail, KCIDB, patchwork or trace",
	  &report_options, 0, 0, CMD_DB_RO, cmd_report },
	{ "notes", "[<options>]",
	  "write a run's results as git notes beside its commits (refs/notes/bisectable)",
	  &notes_options, 0, 0, CMD_DB_RO, cmd_notes },
	{ "configs", "\n--repo <repo> <base>..<tip>",
	  "list the configurations a run can verify, or the symbols guarding a range's lines",
	  &configs_options, 0, 1, 0, cmd_configs },
	{ "merge", "[<options>] <other.db>...",
	  "fold the runs of other databases (other machines, Slurm jobs) into this one",
	  &merge_options, 1, -1, CMD_DB_RW | CMD_ARGS_FILES, cmd_merge },
	{ "coverage", "[<options>]",
	  "list the changed lines of a run that no configuration compiled",
	  &coverage_options, 0, 0, CMD_DB_RO, cmd_coverage },
	{ "import", "[<options>]", "import linux-source-6.12 into the cache (run does it too)",
	  &import_options, 0, 0, 0, cmd_import },
	{ "gc", "[<options>]",
	  "remove the work trees and build directories no run used for a while",
	  &gc_options, 0, 0, 0, cmd_gc },
	{ "step", "[<options>] --run N\n--bisect-run [<options>] [--config LIST] [--stage S]",
	  "verify HEAD; run by git rebase --exec, or by your own git bisect run (--bisect-run)",
	  &step_options, 0, 0, CMD_DB_PATH | CMD_INTERNAL, cmd_step },
	{ "help", "[<command>]", "describe a command, or all of them",
	  &help_options, 0, 1, 0, cmd_help },
};
const size_t ncommands = ARRAY_SIZE(commands);

static const struct cmd_entry *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < ncommands; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

static int cmd_help(struct cmd_ctx *ctx)
{
	const struct help_opts *o = ctx->opts;
	const struct cmd_entry *e;

	if (o->bash_completion) {
		help_bash_completion(commands, ncommands, stdout);
	} else if (!ctx->argc) {
		if (o->man)
			help_man(commands, ncommands, stdout);
		else
			help_commands(commands, ncommands, stdout);
	} else if ((e = find_command(ctx->argv[0])) != NULL) {
		if (o->man)
			help_man_command(e, stdout);
		else
			help_command(e, stdout);
	} else {
		return error("unknown command '%s'", ctx->argv[0]), EXIT_ERROR;
	}
	return 0;
}

/* Open the database the way e wants it; ctx->db_path is --db or the default. */
static int open_db(const struct cmd_entry *e, struct cmd_ctx *ctx)
{
	if (e->flags & CMD_DB_RO) {
		if (!file_exists(ctx->db_path))
			return error("no database %s: run 'bisectable run' first", ctx->db_path);
		ctx->db = db_open_readonly(ctx->db_path);
	} else if (e->flags & CMD_DB_RW) {
		ctx->db = db_open(ctx->db_path);
	}
	return 0;
}

/*
 * step --bisect-run (however spelled) answers git bisect run: a usage error
 * or a help request there must abort the bisection (128), not read as a bad
 * commit (2) or a good one (0).
 */
static int error_status(const struct cmd_entry *e, int argc, const char **argv)
{
	if (e->fn == cmd_step && step_argv_bisect_run(argc, argv))
		return die_status = 128;
	return EXIT_ERROR;
}

static int run_command(const struct cmd_entry *e, int argc, const char **argv)
{
	struct cmd_ctx ctx = { 0 };
	struct opt_usage u;
	char *db_default = NULL;
	void *values[2];
	int n, ret, failed = error_status(e, argc, argv);

	cmd_usage_init(e, &u);
	ctx.opts = xcalloc(1, e->options ? e->options->size : 1);
	values[0] = ctx.opts;
	values[1] = &ctx;
	n = parse_options(&u, values, argc, argv);
	if (n < 0) {
		free(ctx.opts);
		if (n != PARSE_OPT_HELP)
			return failed;
		/* parse_options printed the options; the command's page follows them. */
		help_prose(e->name, stdout);
		return failed == 128 ? failed : 0;	/* 0 is "good" to git bisect run */
	}
	ctx.argc = n;
	ctx.argv = argv;
	if (e->flags & CMD_DB_ANY && !ctx.db_path) {
		char *dir;

		ctx.db_path = db_default = default_db_path();
		/* Its directory may not exist yet (the XDG data of an installed one). */
		dir = xstrdup(db_default);
		if (e->flags & CMD_DB_RW && mkdir_p(dirname(dir)) < 0)
			warning("cannot create %s: %s", dir, strerror(errno));
		free(dir);
	}
	if (open_db(e, &ctx))
		ret = failed;
	else
		ret = e->fn(&ctx);
	if (ctx.db)
		db_close(ctx.db);
	free(db_default);
	free(ctx.opts);
	return ret;
}

int main(int argc, const char **argv)
{
	const struct cmd_entry *e;

	if (argc < 2) {
		help_commands(commands, ncommands, stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		help_commands(commands, ncommands, stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("bisectable %s\n", BISECTABLE_VERSION);
		return 0;
	}
	e = find_command(argv[1]);
	if (!e) {
		error("unknown command '%s'", argv[1]);
		help_commands(commands, ncommands, stderr);
		return EXIT_ERROR;
	}
	return run_command(e, argc - 1, argv + 1);
}
