/* SPDX-License-Identifier: GPL-2.0 */
/*
 * help.h - everything generated from the command and option tables and the
 * command pages (Documentation/bisectable-NAME.md, built in): the command
 * list, `help NAME`, the man pages and the bash completion.
 */
#ifndef BISECT_HELP_H
#define BISECT_HELP_H

#include <stdio.h>

#include "builtin/builtin.h"

/* "usage: bisectable <command> ..." and one line per listed command. */
void help_commands(const struct cmd_entry *cmds, size_t n, FILE *out);
/* The man page bisectable(1), roff (man(7) macros), every command's prose in it. */
void help_man(const struct cmd_entry *cmds, size_t n, FILE *out);
/* The man page bisectable-NAME(1) of one command. */
void help_man_command(const struct cmd_entry *e, FILE *out);
/* `help NAME` and `NAME --help`: the usage from the option tables, then the prose. */
void help_command(const struct cmd_entry *e, FILE *out);
/* The prose of NAME's page: all of it but its title line; nothing if none. */
void help_prose(const char *name, FILE *out);
/* Documentation/bisectable-NAME.md as built in, or NULL. */
const char *help_page(const char *name);
/* A bash completion script for the commands, their options and values. */
void help_bash_completion(const struct cmd_entry *cmds, size_t n, FILE *out);

#endif
