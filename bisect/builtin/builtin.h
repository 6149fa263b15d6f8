/* SPDX-License-Identifier: GPL-2.0 */
/*
 * builtin.h - the subcommands, one file each (cmd-*.c), dispatched from the
 * command table in bisectable.c. The table says what each command takes
 * (its option table, its positional arguments) and what it needs set up
 * first (the database); bisectable.c parses the options, opens the
 * database, and calls the command with the result. A command returns the
 * process exit status (0, EXIT_BAD, EXIT_ERROR).
 */
#ifndef BISECT_BUILTIN_H
#define BISECT_BUILTIN_H

#include <stddef.h>
#include <stdio.h>
#include <sqlite3.h>

#include "lib/parse-options.h"

/* What a command gets: the open database, its parsed options, its arguments. */
struct cmd_ctx {
	sqlite3 *db;		/* CMD_DB_RW or CMD_DB_RO, else NULL; closed after fn */
	const char *db_path;	/* --db, or the default database */
	void *opts;		/* the command's options struct, parsed */
	int argc;		/* positional arguments only */
	const char **argv;	/* NULL-terminated */
};

/* Set-up flags of a command entry. */
#define CMD_DB_RW	1	/* open the database read-write, creating it and its schema */
#define CMD_DB_RO	2	/* open it read-only; it must exist */
#define CMD_HIDDEN	4	/* not in the command list, man page or completion */
#define CMD_INTERNAL	8	/* listed, but run by bisectable itself (step) */
#define CMD_ARGS_FILES	16	/* the arguments are file names (for completion) */
#define CMD_DB_PATH	32	/* takes --db, but opens the database itself (step) */
#define CMD_DB_ANY	(CMD_DB_RW | CMD_DB_RO | CMD_DB_PATH)

/* A command's option table and the size of the struct its values go to. */
struct cmd_options {
	const struct opt *table;	/* OPT_END-terminated */
	size_t size;
};

struct cmd_entry {
	const char *name;
	const char *synopsis;		/* after "bisectable NAME"; lines split at '\n' */
	const char *help;		/* one line */
	const struct cmd_options *options;	/* NULL: none but --help (and --db) */
	int min_args, max_args;		/* positional arguments; max -1: any number */
	int flags;
	int (*fn)(struct cmd_ctx *ctx);
};

/* The command table (bisectable.c) and the options every --db command takes. */
extern const struct cmd_entry commands[];
extern const size_t ncommands;
extern const struct opt common_db_options[];
/* The option tables of e for parse_options and the usage text. */
void cmd_usage_init(const struct cmd_entry *e, struct opt_usage *u);

/* Each command's function and options (cmd-NAME.c defines both). */
/*
 * --rtc and --cpu, the same in every command that boots (run, bisect): what
 * enters the guest from outside, pinned or varied (guest-variation.md).
 * type has const char *rtc and *cpu.
 */
#define OPT_GUEST_VARIATION(type)						\
	OPT_STRING(0, "rtc", type, rtc, "BASE", NULL, 0,			\
		   "the guest's clock starts at BASE, YYYY-MM-DD[THH:MM:SS] UTC, at every" \
		   " boot ('host', the default: the host's time)"),		\
	OPT_STRING(0, "cpu", type, cpu, "MODEL", NULL, 0,			\
		   "QEMU's CPU model, e.g. max, which has RDRAND (default: qemu64, without)")

#define DECLARE_CMD(name) \
	extern const struct cmd_options name##_options; \
	int cmd_##name(struct cmd_ctx *ctx)
/* In cmd-NAME.c: the table list, whose values go to a struct type. */
#define DEFINE_CMD_OPTIONS(name, type, list) \
	const struct cmd_options name##_options = { (list), sizeof(type) }

DECLARE_CMD(run);
DECLARE_CMD(step);
DECLARE_CMD(first_bad);
DECLARE_CMD(regressions);
DECLARE_CMD(compare);
DECLARE_CMD(runs);
DECLARE_CMD(show);
DECLARE_CMD(report);
DECLARE_CMD(notes);
DECLARE_CMD(import);
DECLARE_CMD(configs);
DECLARE_CMD(merge);
DECLARE_CMD(coverage);
DECLARE_CMD(bisect);
DECLARE_CMD(gc);
DECLARE_CMD(repair);

#endif
