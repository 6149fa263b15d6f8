/* SPDX-License-Identifier: GPL-2.0 */
/*
 * help.h - everything generated from the command and option tables: the
 * command list, the man page bisectable(1) and the bash completion.
 */
#ifndef BISECT_HELP_H
#define BISECT_HELP_H

#include <stdio.h>

#include "builtin/builtin.h"

/* "usage: bisectable <command> ..." and one line per listed command. */
void help_commands(const struct cmd_entry *cmds, size_t n, FILE *out);
/* The man page, roff (man(7) macros). */
void help_man(const struct cmd_entry *cmds, size_t n, FILE *out);
/* A bash completion script for the commands, their options and values. */
void help_bash_completion(const struct cmd_entry *cmds, size_t n, FILE *out);

#endif
