// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-report.c - bisectable report [--db PATH] [--run N]
 *			[--format html|json|junit] [-o FILE]
 *
 * Writes the report of a run (the latest by default) to
 * reports/run-N.{html,json,xml}, to FILE, or to stdout with "-o -". The file
 * is written beside its final name first and renamed into place, so that a
 * report that is being mailed or served is never half written.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "db.h"
#include "report.h"
#include "util.h"

static const char report_usage[] =
	"usage: bisectable report [--db PATH] [--run N] [--format html|json|junit] [-o FILE]\n"
	"\n"
	"  --db PATH        the database (default " DEFAULT_DB_PATH ")\n"
	"  --run N          the run to report (default: the latest)\n"
	"  --format FMT     html (default), json, or junit (JUnit XML)\n"
	"  -o, --output F   where to write it (default reports/run-N.html, .json or .xml;\n"
	"                   - for stdout)\n";

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error("%s", msg);
	fputs(report_usage, stderr);
	return EXIT_ERROR;
}

/*
 * "--name VALUE" or "--name=VALUE" at argv[*i]: 1 with *value set, 0 if
 * argv[*i] is another option, -1 if the value is missing.
 */
static int option_value(int argc, const char **argv, int *i, const char *name,
			const char **value)
{
	size_t len = strlen(name);
	const char *arg = argv[*i];

	if (strncmp(arg, name, len))
		return 0;
	if (arg[len] == '=') {
		*value = arg + len + 1;
		return 1;
	}
	if (arg[len])
		return 0;
	if (*i + 1 >= argc)
		return -1;
	*value = argv[++*i];
	return 1;
}

static int write_to_file(sqlite3 *db, long long run_id, enum report_format fmt,
			 const char *path)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	FILE *out = fopen(tmp, "w");
	int ret;

	if (!out) {
		error("cannot write %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	ret = report_write(db, run_id, fmt, out);
	if (fclose(out) == EOF && !ret)
		ret = error("cannot write %s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, path) < 0)
		ret = error("cannot rename %s to %s: %s", tmp, path, strerror(errno));
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

int cmd_report(int argc, const char **argv)
{
	const char *db_path = DEFAULT_DB_PATH, *run_arg = NULL, *fmt_arg = "html";
	const char *out_arg = NULL, *value;
	enum report_format fmt;
	long long run_id = 0, id;
	char *path = NULL, *end;
	sqlite3 *db;
	int i, rc, ret;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			fputs(report_usage, stdout);
			return 0;
		}
		if ((rc = option_value(argc, argv, &i, "--db", &value)) != 0)
			db_path = value;
		else if ((rc = option_value(argc, argv, &i, "--run", &value)) != 0)
			run_arg = value;
		else if ((rc = option_value(argc, argv, &i, "--format", &value)) != 0)
			fmt_arg = value;
		else if ((rc = option_value(argc, argv, &i, "--output", &value)) != 0 ||
			 (rc = option_value(argc, argv, &i, "-o", &value)) != 0)
			out_arg = value;
		else
			return usage_error("unknown argument '%s'", arg);
		if (rc < 0)
			return usage_error("%s needs a value", arg);
	}
	if (report_parse_format(fmt_arg, &fmt) < 0)
		return usage_error("unknown format '%s' (html, json or junit)", fmt_arg);
	if (run_arg) {
		errno = 0;
		run_id = strtoll(run_arg, &end, 10);
		if (errno || end == run_arg || *end || run_id <= 0)
			return usage_error("--run wants a run number, not '%s'", run_arg);
	}
	if (out_arg && !*out_arg)
		return usage_error("-o wants a file name, or - for stdout");
	if (!file_exists(db_path)) {
		error("there is no database at %s", db_path);
		return EXIT_ERROR;
	}

	db = db_open(db_path);
	id = report_resolve_run(db, run_id);
	if (!id) {
		if (run_id)
			error("there is no run %lld in %s", run_id, db_path);
		else
			error("there is no run in %s yet", db_path);
		db_close(db);
		return EXIT_ERROR;
	}

	if (out_arg && !strcmp(out_arg, "-")) {
		ret = report_write(db, id, fmt, stdout);
	} else {
		if (out_arg) {
			path = xstrdup(out_arg);
		} else {
			path = xasprintf("reports/run-%lld.%s", id, report_format_ext(fmt));
			if (mkdir_p("reports") < 0) {
				error("cannot create reports/: %s", strerror(errno));
				free(path);
				db_close(db);
				return EXIT_ERROR;
			}
		}
		ret = write_to_file(db, id, fmt, path);
		if (!ret)
			printf("%s\n", path);
		free(path);
	}
	db_close(db);
	return ret ? EXIT_ERROR : 0;
}
