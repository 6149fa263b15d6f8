// SPDX-License-Identifier: GPL-2.0
/*
 * parse-options.c - the option tables of the commands, parsed with
 * getopt_long, and the usage text generated from them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/parse-options.h"
#include "lib/util.h"

/* getopt_long's val of the i-th entry over all tables: past every short option. */
#define LONG_VAL_BASE 256

void opt_value_name(const struct opt *o, char *buf, size_t size)
{
	size_t len = 0, i;

	if (o->type == OPT_TYPE_BOOL) {
		*buf = '\0';
		return;
	}
	if (o->type != OPT_TYPE_CHOICE) {
		snprintf(buf, size, "%s", o->argh ? o->argh : "VALUE");
		return;
	}
	buf[0] = '\0';
	for (i = 0; o->choices[i] && len + 1 < size; i++)
		len += snprintf(buf + len, size - len, "%s%s", i ? "|" : "", o->choices[i]);
}

void opt_describe(const struct opt *o, char *buf, size_t size)
{
	char value[128];
	int n;

	opt_value_name(o, value, sizeof(value));
	if (o->short_name && o->long_name)
		n = snprintf(buf, size, "-%c, --%s", o->short_name, o->long_name);
	else if (o->long_name)
		n = snprintf(buf, size, "--%s", o->long_name);
	else
		n = snprintf(buf, size, "-%c", o->short_name);
	if (*value && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - n, " %s", value);
}

/* Width of the usage text, and the column the help texts start at. */
#define USAGE_WIDTH	80
#define USAGE_HELP_COL	27

/* text from column USAGE_HELP_COL on, broken between words before USAGE_WIDTH. */
static void print_wrapped(const char *text, FILE *out)
{
	int col = USAGE_HELP_COL;

	while (*text) {
		size_t word = strcspn(text, " ");

		if (col > USAGE_HELP_COL && col + 1 + (int)word > USAGE_WIDTH) {
			fprintf(out, "\n%*s", USAGE_HELP_COL, "");
			col = USAGE_HELP_COL;
		} else if (col > USAGE_HELP_COL) {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)word, text);
		col += (int)word;
		text += word;
		while (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

static void print_option(const struct opt *o, FILE *out)
{
	struct strbuf help = STRBUF_INIT;
	char desc[160];
	int width = o->short_name ? USAGE_HELP_COL - 3 : USAGE_HELP_COL - 7;

	opt_describe(o, desc, sizeof(desc));
	/* Options without a short form line up with the long forms of those with one. */
	fprintf(out, "  %s", o->short_name ? "" : "    ");
	if ((int)strlen(desc) > width)
		fprintf(out, "%s\n%*s", desc, USAGE_HELP_COL, "");
	else
		fprintf(out, "%-*s ", width, desc);
	strbuf_addstr(&help, o->help);
	/* A negative default stands for "not given": the help says what that means. */
	if (o->type == OPT_TYPE_INT && o->def > 0)
		strbuf_addf(&help, " (default: %lld)", o->def);
	else if ((o->type == OPT_TYPE_STRING || o->type == OPT_TYPE_CHOICE) && o->def_str)
		strbuf_addf(&help, " (default: %s)", o->def_str);
	print_wrapped(help.buf, out);
	strbuf_release(&help);
}

void usage_print(const struct opt_usage *u, FILE *out)
{
	const char *line = u->synopsis ? u->synopsis : "", *end;
	const struct opt *o;
	int first = 1, t;

	do {
		end = strchr(line, '\n');
		fprintf(out, "%s bisectable %s%s%.*s\n", first ? "usage:" : "   or:", u->name,
			*line ? " " : "", end ? (int)(end - line) : (int)strlen(line), line);
		first = 0;
		line = end ? end + 1 : NULL;
	} while (line);
	if (u->help)
		fprintf(out, "\n%s\n", u->help);
	for (t = 0; t < OPT_TABLES_MAX && u->tables[t]; t++) {
		if (t == 0 || u->tables[t]->type != OPT_TYPE_END)
			fputc('\n', out);
		for (o = u->tables[t]; o->type != OPT_TYPE_END; o++)
			if (!(o->flags & OPT_HIDDEN))
				print_option(o, out);
	}
	fprintf(out, "  %-*s %s\n", USAGE_HELP_COL - 3, "-h, --help", "print this help");
}

int usage_error(const struct opt_usage *u, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error("%s", msg);
	usage_print(u, stderr);
	return PARSE_OPT_ERROR;
}

/* An entry before o in its table that stores to the same field (an alias, --no-x). */
static int field_seen(const struct opt *table, const struct opt *o)
{
	const struct opt *e;

	for (e = table; e < o; e++)
		if (e->offset == o->offset)
			return 1;
	return 0;
}

/* The first entry of a field gives its default. */
static void set_defaults(const struct opt *table, char *base)
{
	const struct opt *o;

	for (o = table; o->type != OPT_TYPE_END; o++) {
		void *p = base + o->offset;

		if (field_seen(table, o))
			continue;

		switch (o->type) {
		case OPT_TYPE_BOOL:
			*(int *)p = (int)o->init;
			break;
		case OPT_TYPE_INT:
			if (o->size == sizeof(int))
				*(int *)p = (int)o->def;
			else
				*(long long *)p = o->def;
			break;
		case OPT_TYPE_STRING:
		case OPT_TYPE_CHOICE:
			*(const char **)p = o->def_str;
			break;
		case OPT_TYPE_END:
			break;
		}
	}
}

/* Store arg as the value of o; a usage error if it does not parse. */
static int set_value(const struct opt_usage *u, const struct opt *o, char *base,
		     const char *arg)
{
	void *p = base + o->offset;
	char name[64];
	size_t i;

	if (o->long_name)
		snprintf(name, sizeof(name), "--%s", o->long_name);
	else
		snprintf(name, sizeof(name), "-%c", o->short_name);
	switch (o->type) {
	case OPT_TYPE_BOOL:
		*(int *)p = (int)o->def;
		return 0;
	case OPT_TYPE_STRING:
		*(const char **)p = arg;
		return 0;
	case OPT_TYPE_INT: {
		long long v, lo = o->min, hi = o->max;

		if (o->size == sizeof(int)) {
			lo = lo < INT_MIN ? INT_MIN : lo;
			hi = hi > INT_MAX ? INT_MAX : hi;
		}
		if (parse_ll(arg, lo, hi, &v) && hi >= INT_MAX)
			return usage_error(u, "%s wants an integer of at least %lld, not '%s'", name,
					   lo, arg);
		if (parse_ll(arg, lo, hi, &v))
			return usage_error(u, "%s wants an integer from %lld to %lld, not '%s'", name,
					   lo, hi, arg);
		if (o->size == sizeof(int))
			*(int *)p = (int)v;
		else
			*(long long *)p = v;
		return 0;
	}
	case OPT_TYPE_CHOICE:
		for (i = 0; o->choices[i]; i++) {
			if (!strcmp(arg, o->choices[i])) {
				*(const char **)p = o->choices[i];
				return 0;
			}
		}
		{
			char list[128];

			opt_value_name(o, list, sizeof(list));
			return usage_error(u, "%s wants one of %s, not '%s'", name, list, arg);
		}
	case OPT_TYPE_END:
		break;
	}
	return 0;
}

/* The table entry of getopt's answer c (a short name, or LONG_VAL_BASE + index). */
static const struct opt *find_entry(const struct opt_usage *u, int c, int *table)
{
	const struct opt *o;
	int t, idx = 0;

	for (t = 0; t < OPT_TABLES_MAX && u->tables[t]; t++) {
		for (o = u->tables[t]; o->type != OPT_TYPE_END; o++, idx++) {
			if ((c >= LONG_VAL_BASE && c - LONG_VAL_BASE == idx) ||
			    (c < LONG_VAL_BASE && o->short_name == c)) {
				*table = t;
				return o;
			}
		}
	}
	return NULL;
}

/* getopt_long's tables for u: the long options and the short option string. */
static void build_getopt(const struct opt_usage *u, struct option **longs, char **shorts)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, i = 0, l = 0;
	const struct opt *o;
	int t;

	for (t = 0; t < OPT_TABLES_MAX && u->tables[t]; t++)
		for (o = u->tables[t]; o->type != OPT_TYPE_END; o++)
			n++;
	*longs = xcalloc(n + 2, sizeof(**longs));
	/* '+' would stop at the first positional; ':' reports a missing value as ':'. */
	strbuf_addstr(&sb, ":h");
	for (t = 0; t < OPT_TABLES_MAX && u->tables[t]; t++) {
		for (o = u->tables[t]; o->type != OPT_TYPE_END; o++, i++) {
			int has_arg = o->type == OPT_TYPE_BOOL ? no_argument : required_argument;

			if (o->long_name) {
				(*longs)[l].name = o->long_name;
				(*longs)[l].has_arg = has_arg;
				(*longs)[l++].val = LONG_VAL_BASE + (int)i;
			}
			if (o->short_name)
				strbuf_addf(&sb, "%c%s", o->short_name, has_arg ? ":" : "");
		}
	}
	(*longs)[l].name = "help";
	(*longs)[l].val = 'h';
	*shorts = strbuf_detach(&sb, NULL);
}

static int bad_option(const struct opt_usage *u, int argc, const char **argv, int missing)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
	const struct opt *o;
	int t;

	if (optopt && optopt < LONG_VAL_BASE && (!arg || strncmp(arg, "--", 2)))
		return usage_error(u, missing ? "option -%c needs a value" :
				   "unknown option -%c", optopt);
	if (missing)
		return usage_error(u, "option %s needs a value", arg);
	o = optopt >= LONG_VAL_BASE ? find_entry(u, optopt, &t) : NULL;
	if (o)
		return usage_error(u, "option --%s takes no value", o->long_name);
	return usage_error(u, "unknown option %s", arg);
}

int parse_options(const struct opt_usage *u, void *const *values, int argc, const char **argv)
{
	struct option *longs;
	char *shorts;
	int t, c, ret = 0, nargs;

	for (t = 0; t < OPT_TABLES_MAX && u->tables[t]; t++)
		set_defaults(u->tables[t], values[t]);
	build_getopt(u, &longs, &shorts);
	optind = 0;	/* GNU: start afresh (a second parse in the same process) */
	opterr = 0;
	while (!ret && (c = getopt_long(argc, (char *const *)argv, shorts, longs, NULL)) != -1) {
		const struct opt *o;

		if (c == 'h') {
			usage_print(u, stdout);
			ret = PARSE_OPT_HELP;
		} else if (c == '?' || c == ':') {
			ret = bad_option(u, argc, argv, c == ':');
		} else if ((o = find_entry(u, c, &t)) != NULL) {
			ret = set_value(u, o, values[t], optarg);
		}
	}
	free(longs);
	free(shorts);
	if (ret)
		return ret;
	/* getopt moved the positionals (in order) behind the options. */
	nargs = argc - optind;
	memmove(argv, argv + optind, nargs * sizeof(*argv));
	argv[nargs] = NULL;
	if (nargs < u->min_args)
		return usage_error(u, nargs ? "too few arguments" : "missing arguments");
	if (u->max_args >= 0 && nargs > u->max_args)
		return usage_error(u, "unexpected argument '%s'", argv[u->max_args]);
	return nargs;
}
