// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-report.c - bisectable report [--db PATH] [--run N]
 *			[--format html|json|junit] [-o FILE]
 *
 * Writes the report of a run (the latest by default) to
 * reports/run-N.{html,json,xml} of the checkout (run-N.* in the current
 * directory when installed), to FILE, or to stdout with "-o -". The file
 * is written beside its final name first and renamed into place, so that a
 * report that is being mailed or served is never half written.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "db.h"
#include "layout.h"
#include "report.h"
#include "util.h"

struct report_opts {
	long long run;
	const char *format;
	const char *output;
};

static const char *const formats[] = { "html", "json", "junit", "xml", NULL };

static const struct opt report_option_list[] = {
	OPT_INT(0, "run", struct report_opts, run, "N", 1, LLONG_MAX, 0,
		"the run to report (default: the latest)"),
	OPT_CHOICE(0, "format", struct report_opts, format, formats, "html",
		   "the format (junit and xml are both JUnit XML)"),
	OPT_STRING('o', "output", struct report_opts, output, "FILE", NULL, OPT_FILE,
		   "where to write it, - for stdout (default: run-N.html, .json or .xml in "
		   "reports/ of the checkout, or in the current directory)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(report, struct report_opts, report_option_list);

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

/* reports/run-N.EXT of the checkout (created), or run-N.EXT here when installed. */
static char *default_output(long long id, enum report_format fmt)
{
	char *dir;
	char *path;

	if (project_installed())
		return xasprintf("run-%lld.%s", id, report_format_ext(fmt));
	dir = project_path("reports");
	if (mkdir_p(dir) < 0) {
		error("cannot create %s: %s", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	path = xasprintf("%s/run-%lld.%s", dir, id, report_format_ext(fmt));
	free(dir);
	return path;
}

int cmd_report(struct cmd_ctx *ctx)
{
	const struct report_opts *o = ctx->opts;
	enum report_format fmt;
	long long id;
	char *path;
	int ret;

	if (report_parse_format(o->format, &fmt) < 0)
		return error("unknown format '%s'", o->format), EXIT_ERROR;
	if (o->output && !*o->output)
		return error("-o wants a file name, or - for stdout"), EXIT_ERROR;
	id = report_resolve_run(ctx->db, o->run);
	if (!id) {
		if (o->run)
			error("there is no run %lld in %s", o->run, ctx->db_path);
		else
			error("there is no run in %s yet", ctx->db_path);
		return EXIT_ERROR;
	}
	if (o->output && !strcmp(o->output, "-"))
		return report_write(ctx->db, id, fmt, stdout) ? EXIT_ERROR : 0;
	path = o->output ? xstrdup(o->output) : default_output(id, fmt);
	if (!path)
		return EXIT_ERROR;
	ret = write_to_file(ctx->db, id, fmt, path);
	if (!ret)
		printf("%s\n", path);
	free(path);
	return ret ? EXIT_ERROR : 0;
}
