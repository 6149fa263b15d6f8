/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse-options.h - one option parser for every command, on getopt_long.
 *
 * A command describes its options in a table. Each entry says where the
 * value goes (an offset into the command's own options struct), its default,
 * the name of its value and its help text, so that the usage text, the man
 * page and the shell completion are all generated from the same table:
 *
 *	struct show_opts { long long run; const char *output, *format; int verbose; };
 *	static const char *const formats[] = { "text", "json", NULL };
 *	const struct opt show_options[] = {
 *		OPT_INT(0, "run", struct show_opts, run, "N", 1, LLONG_MAX, 0,
 *			"the run (default: the latest)"),
 *		OPT_STRING('o', "output", struct show_opts, output, "FILE", NULL, OPT_FILE,
 *			   "where to write it"),
 *		OPT_CHOICE(0, "format", struct show_opts, format, formats, "text",
 *			   "output format"),
 *		OPT_BOOL('v', "verbose", struct show_opts, verbose, "say more"),
 *		OPT_END(),
 *	};
 *
 * Integers are parsed strictly: the whole string, base 10, within the
 * entry's range ("4x", "" and out-of-range values are usage errors).
 */
#ifndef BISECT_PARSE_OPTIONS_H
#define BISECT_PARSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum opt_type {
	OPT_TYPE_END,
	OPT_TYPE_BOOL,		/* int: set to .set_to (1 unless OPT_SET_INT) */
	OPT_TYPE_STRING,	/* const char *: the argument */
	OPT_TYPE_INT,		/* int or long long (by .size): strictly parsed, in [min, max] */
	OPT_TYPE_CHOICE,	/* const char *: one of .choices (the table's string) */
};

/* Flags of an entry. */
#define OPT_HIDDEN	1	/* accepted, but not in usage, man page or completion */
#define OPT_CONFIGS	2	/* the value is configuration names (for completion) */
#define OPT_FILE	4	/* the value is a file or directory name (for completion) */

struct opt {
	enum opt_type type;
	int short_name;			/* 0 for none */
	const char *long_name;		/* NULL for none */
	size_t offset;			/* of the value in the command's options struct */
	size_t size;			/* of the value: OPT_TYPE_INT stores an int or a long long */
	const char *argh;		/* the value's name in usage ("N", "PATH") */
	const char *help;		/* one line, without the default */
	long long min, max;		/* OPT_TYPE_INT */
	long long def;			/* default of INT; BOOL: the value the flag sets */
	long long init;			/* BOOL: the value before any flag (0 unless _INIT) */
	const char *def_str;		/* default of STRING and CHOICE */
	const char *const *choices;	/* OPT_TYPE_CHOICE, NULL-terminated */
	int flags;
};

#define OPT_END() { .type = OPT_TYPE_END }
#define OPT_ENTRY_(t, s, l, st, field, a, h) \
	.type = (t), .short_name = (s), .long_name = (l), .offset = offsetof(st, field), \
	.size = sizeof(((st *)0)->field), .argh = (a), .help = (h)
#define OPT_BOOL(s, l, st, field, h) \
	{ OPT_ENTRY_(OPT_TYPE_BOOL, s, l, st, field, NULL, h), .def = 1 }
/* A flag that stores val (e.g. --no-ccache storing 0 where --ccache stores 1). */
#define OPT_SET_INT(s, l, st, field, val, h) \
	{ OPT_ENTRY_(OPT_TYPE_BOOL, s, l, st, field, NULL, h), .def = (val) }
/* The same with a starting value other than 0 (-1: "not said": both flags share it). */
#define OPT_SET_INT_INIT(s, l, st, field, val, start, h) \
	{ OPT_ENTRY_(OPT_TYPE_BOOL, s, l, st, field, NULL, h), .def = (val), .init = (start) }
/* fl: OPT_FILE, OPT_CONFIGS, OPT_HIDDEN or 0 */
#define OPT_STRING(s, l, st, field, a, dflt, fl, h) \
	{ OPT_ENTRY_(OPT_TYPE_STRING, s, l, st, field, a, h), .def_str = (dflt), .flags = (fl) }
#define OPT_INT(s, l, st, field, a, lo, hi, dflt, h) \
	{ OPT_ENTRY_(OPT_TYPE_INT, s, l, st, field, a, h), .min = (lo), .max = (hi), \
	  .def = (dflt) }
#define OPT_CHOICE(s, l, st, field, list, dflt, h) \
	{ OPT_ENTRY_(OPT_TYPE_CHOICE, s, l, st, field, NULL, h), .def_str = (dflt), \
	  .choices = (list) }

/* Everything the usage text of one command is made of. */
#define OPT_TABLES_MAX 3
struct opt_usage {
	const char *name;		/* "run" */
	const char *synopsis;		/* after "bisectable NAME", lines split at '\n' */
	const char *help;		/* one line */
	/* The command's table, then the common ones (--db), NULL-terminated. */
	const struct opt *tables[OPT_TABLES_MAX + 1];
	int min_args, max_args;		/* positional arguments; max -1: any number */
};

#define PARSE_OPT_HELP	(-1)	/* --help was given, the usage is on stdout: exit 0 */
#define PARSE_OPT_ERROR	(-2)	/* the error and the usage are on stderr: exit 2 */

/*
 * Set every option of u->tables[i] in values[i] to its default, then parse
 * argv (argv[0] is the command's name). Returns the number of positional
 * arguments, which are moved to argv[0..n-1], or PARSE_OPT_HELP or
 * PARSE_OPT_ERROR. "--" ends the options.
 */
int parse_options(const struct opt_usage *u, void *const *values, int argc, const char **argv);

/* The generated usage text: synopsis, help line and one line per option. */
void usage_print(const struct opt_usage *u, FILE *out);
/* Print an error and the usage to stderr; returns PARSE_OPT_ERROR. */
int usage_error(const struct opt_usage *u, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "-n, --name VALUE", "--name VALUE" or "-n VALUE" of an entry (usage, man page). */
void opt_describe(const struct opt *o, char *buf, size_t size);
/* The value's name: argh, or {a|b|c} of a choice; NULL for a flag. */
void opt_value_name(const struct opt *o, char *buf, size_t size);

#endif
