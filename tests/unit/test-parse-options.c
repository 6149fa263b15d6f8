// SPDX-License-Identifier: GPL-2.0
/*
 * test-parse-options.c - the option tables: flags, strict integers, choices,
 * values given as --x=v and --x v, "--", positionals, and the usage text
 * generated from the table.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/parse-options.h"
#include "lib/util.h"
#include "tap.h"

struct t_opts {
	int stop;
	int ccache;
	int jobs;
	long long run;
	const char *configs;
	const char *format;
	const char *out;
};

struct t_common {
	const char *db;
};

static const char *const formats[] = { "html", "json", "junit", NULL };

static const struct opt t_options[] = {
	OPT_BOOL(0, "stop-on-failure", struct t_opts, stop, "stop at the first failure"),
	OPT_SET_INT(0, "keep-going", struct t_opts, stop, 0, "go on after a failure"),
	OPT_SET_INT_INIT(0, "ccache", struct t_opts, ccache, 1, -1, "ccache"),
	OPT_SET_INT_INIT(0, "no-ccache", struct t_opts, ccache, 0, -1, "no ccache"),
	OPT_INT('j', "jobs", struct t_opts, jobs, "N", 1, 64, 4, "make -j"),
	OPT_INT(0, "run", struct t_opts, run, "N", 1, 1000000000000LL, 0, "the run"),
	OPT_STRING(0, "configs", struct t_opts, configs, "LIST", "up,smp", OPT_CONFIGS,
		   "configurations"),
	OPT_CHOICE(0, "format", struct t_opts, format, formats, "html", "the format"),
	OPT_STRING('o', "output", struct t_opts, out, "FILE", NULL, OPT_FILE, "where to write"),
	OPT_STRING(0, "secret", struct t_opts, out, "X", NULL, OPT_HIDDEN, "not shown"),
	OPT_STRING(0, "config", struct t_opts, configs, "LIST", NULL, OPT_HIDDEN, "an alias"),
	OPT_END(),
};

static const struct opt t_common_options[] = {
	OPT_STRING(0, "db", struct t_common, db, "PATH", "db/x.db", OPT_FILE, "the database"),
	OPT_END(),
};

static const struct opt_usage t_usage = {
	.name = "test", .synopsis = "[<options>] <series>\n[<options>] --repo <r> <range>",
	.help = "a test command",
	.tables = { t_options, t_common_options, NULL },
	.min_args = 0, .max_args = 2,
};

static struct t_opts o;
static struct t_common co;
static char err_text[8192];
static const char *parsed_args[32];

/*
 * Parse a NULL-terminated argument list (after the command name) with
 * stdout and stderr going to a file, kept in err_text.
 */
static int parse(const char *first, ...)
{
	static const char *argv[32];
	void *values[] = { &o, &co };
	int argc = 0, ret, saved_out, saved_err;
	FILE *tmp = tmpfile();
	const char *a;
	va_list ap;
	size_t n;

	argv[argc++] = "test";
	va_start(ap, first);
	for (a = first; a; a = va_arg(ap, const char *))
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(1);
	saved_err = dup(2);
	dup2(fileno(tmp), 1);
	dup2(fileno(tmp), 2);
	ret = parse_options(&t_usage, values, argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	rewind(tmp);
	n = fread(err_text, 1, sizeof(err_text) - 1, tmp);
	err_text[n] = '\0';
	fclose(tmp);
	/* The positionals, for the caller to look at. */
	memcpy(parsed_args, argv, sizeof(parsed_args));
	return ret;
}

static void test_defaults_and_bools(void)
{
	is_int(parse(NULL, NULL), 0, "no arguments");
	is_int(o.jobs, 4, "int default");
	is_int(o.run, 0, "long long default");
	is_str(o.configs, "up,smp", "string default, not undone by a later alias");
	is_str(o.format, "html", "choice default");
	is_str(co.db, "db/x.db", "common table default");
	ok(!o.stop && !o.out, "bool and NULL string defaults");
	is_int(o.ccache, -1, "a flag's starting value");
	is_int(parse("--no-ccache", NULL), 0, "--no-ccache");
	is_int(o.ccache, 0, "sets 0");
	is_int(parse("--no-ccache", "--ccache", NULL), 0, "--no-ccache --ccache");
	is_int(o.ccache, 1, "sets 1");

	is_int(parse("--stop-on-failure", NULL), 0, "a bool");
	is_int(o.stop, 1, "bool set");
	is_int(parse("--stop-on-failure", "--keep-going", NULL), 0, "a bool and its opposite");
	is_int(o.stop, 0, "the last one wins");
	is_int(parse("--stop-on-failure=yes", NULL), PARSE_OPT_ERROR, "a bool takes no value");
	ok(strstr(err_text, "--stop-on-failure takes no value") != NULL, "and says so");
}

static void test_ints(void)
{
	is_int(parse("--jobs", "8", NULL), 0, "--jobs 8");
	is_int(o.jobs, 8, "int set");
	is_int(parse("--jobs=16", NULL), 0, "--jobs=16");
	is_int(o.jobs, 16, "int set with =");
	is_int(parse("-j", "2", NULL), 0, "-j 2");
	is_int(o.jobs, 2, "short option");
	is_int(parse("-j3", NULL), 0, "-j3");
	is_int(o.jobs, 3, "short option, value attached");
	is_int(parse("--jobs", "4x", NULL), PARSE_OPT_ERROR, "4x is no integer");
	ok(strstr(err_text, "--jobs wants an integer from 1 to 64, not '4x'") != NULL,
	   "the error names the option, its range and the value");
	ok(strstr(err_text, "usage: bisectable test") != NULL, "the usage follows the error");
	is_int(parse("--jobs=", NULL), PARSE_OPT_ERROR, "an empty string is no integer");
	is_int(parse("--jobs", " 4", NULL), PARSE_OPT_ERROR, "nor is one with a blank");
	is_int(parse("--jobs", "-1", NULL), PARSE_OPT_ERROR, "-1 is out of range");
	is_int(parse("--jobs", "0", NULL), PARSE_OPT_ERROR, "0 is out of range");
	is_int(parse("--jobs", "65", NULL), PARSE_OPT_ERROR, "65 is out of range");
	is_int(parse("--jobs", "99999999999999999999", NULL), PARSE_OPT_ERROR, "overflow");
	is_int(parse("--run", "123456789012", NULL), 0, "a long long value");
	is_int(o.run, 123456789012LL, "long long set");

	{
		long long v = 7;
		int i = 7;

		is_int(parse_ll("12", 0, 100, &v), 0, "parse_ll");
		is_int(v, 12, "parse_ll value");
		is_int(parse_ll("+3", 0, 100, &v), -1, "parse_ll: no sign but -");
		is_int(parse_ll("-3", -5, 100, &v), 0, "parse_ll: a negative in range");
		is_int(parse_int("3 ", 0, 100, &i), -1, "parse_int: trailing blank");
		is_int(parse_int("", 0, 100, &i), -1, "parse_int: empty");
		is_int(parse_int(NULL, 0, 100, &i), -1, "parse_int: NULL");
		is_int(i, 7, "a failed parse leaves the value alone");
	}
}

static void test_strings_and_choices(void)
{
	is_int(parse("--configs=up", "-o", "r.html", "--db", "/tmp/y.db", NULL), 0, "strings");
	is_str(o.configs, "up", "--configs=up");
	is_str(o.out, "r.html", "-o FILE");
	is_str(co.db, "/tmp/y.db", "an option of the common table");
	is_int(parse("--format", "json", NULL), 0, "a choice");
	is_str(o.format, "json", "choice set");
	is_int(parse("--format=xml", NULL), PARSE_OPT_ERROR, "not one of the choices");
	ok(strstr(err_text, "--format wants one of html|json|junit, not 'xml'") != NULL,
	   "the error lists the choices");
	is_int(parse("--configs", NULL), PARSE_OPT_ERROR, "a missing value");
	ok(strstr(err_text, "option --configs needs a value") != NULL, "says so");
	is_int(parse("-o", NULL), PARSE_OPT_ERROR, "a missing value of a short option");
	ok(strstr(err_text, "option -o needs a value") != NULL, "says so");
	is_int(parse("--config", "smp", NULL), 0, "an alias");
	is_str(o.configs, "smp", "sets the same field");
	is_int(parse("--configs=", NULL), 0, "an empty value is a value");
	is_str(o.configs, "", "the empty string");
}

static void test_unknown_and_positionals(void)
{
	is_int(parse("--bogus", NULL), PARSE_OPT_ERROR, "an unknown option");
	ok(strstr(err_text, "unknown option --bogus") != NULL, "says so");
	is_int(parse("-x", NULL), PARSE_OPT_ERROR, "an unknown short option");
	ok(strstr(err_text, "unknown option -x") != NULL, "says so");

	is_int(parse("a", "--jobs", "5", "b", NULL), 2, "options between positionals");
	is_str(parsed_args[0], "a", "first positional");
	is_str(parsed_args[1], "b", "second positional, in order");
	is_str(parsed_args[2], NULL, "NULL-terminated");
	is_int(o.jobs, 5, "and the option");
	is_int(parse("--", "--jobs", NULL), 1, "-- ends the options");
	is_str(parsed_args[0], "--jobs", "what follows -- is a positional");
	is_int(o.jobs, 4, "and not an option");
	is_int(parse("a", "b", "c", NULL), PARSE_OPT_ERROR, "too many positionals");
	ok(strstr(err_text, "unexpected argument 'c'") != NULL, "names the first extra one");
}

static void test_usage(void)
{
	const struct opt *op;
	const struct opt *const tables[] = { t_options, t_common_options };
	size_t t;

	is_int(parse("--help", NULL), PARSE_OPT_HELP, "--help");
	ok(strstr(err_text, "usage: bisectable test [<options>] <series>\n") != NULL,
	   "the first synopsis line");
	ok(strstr(err_text, "   or: bisectable test [<options>] --repo <r> <range>\n") != NULL,
	   "the second synopsis line");
	ok(strstr(err_text, "a test command") != NULL, "the help line");
	for (t = 0; t < ARRAY_SIZE(tables); t++) {
		for (op = tables[t]; op->type != OPT_TYPE_END; op++) {
			char want[128];

			snprintf(want, sizeof(want), "--%s", op->long_name);
			if (op->flags & OPT_HIDDEN)
				ok(!strstr(err_text, strcat(want, " ")), "usage hides %s", want);
			else
				ok(strstr(err_text, want) && strstr(err_text, op->help),
				   "usage has %s and its help", want);
		}
	}
	ok(strstr(err_text, "-j, --jobs N") != NULL, "short and long form with the value name");
	ok(strstr(err_text, "--format html|json|junit") != NULL, "a choice lists its values");
	ok(strstr(err_text, "make -j (default: 4)") != NULL, "an int default");
	ok(strstr(err_text, "configurations (default: up,smp)") != NULL, "a string default");
	is_int(parse("-h", NULL), PARSE_OPT_HELP, "-h");
}

int main(void)
{
	test_defaults_and_bools();
	test_ints();
	test_strings_and_choices();
	test_unknown_and_positionals();
	test_usage();
	return done_testing();
}
