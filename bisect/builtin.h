/* SPDX-License-Identifier: GPL-2.0 */
/*
 * builtin.h - the subcommands, one file each (cmd-*.c), dispatched from the
 * command table in bisectable.c. Each gets argv[0] = its own name and
 * returns the process exit status (0, EXIT_BAD, EXIT_ERROR).
 */
#ifndef BISECT_BUILTIN_H
#define BISECT_BUILTIN_H

int cmd_run(int argc, const char **argv);
int cmd_step(int argc, const char **argv);
int cmd_first_bad(int argc, const char **argv);
int cmd_runs(int argc, const char **argv);
int cmd_show(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_import(int argc, const char **argv);

#endif
