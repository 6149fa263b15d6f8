// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-report.c - bisectable report [--db PATH] [--run N]
 *			[--format html|json|junit|email|kcidb|patchwork] [-o FILE]
 *			[--from ADDR] [--to ADDRS] [--cc ADDRS]
 *			[--log-url-base URL]
 *
 * Writes the report of a run (the latest by default) to
 * reports/run-N.{html,json,xml,eml,kcidb.json,patchwork.json} of the checkout (run-N.* in the current
 * directory when installed), to FILE, or to stdout with "-o -". A regular
 * file is replaced whole (report-file.c).
 * The mail's From: is --from, else the git identity seen from the
 * database's directory (its repository's, or the user's). log_url (KCIDB, JSON)
 * and patchwork's target_url
 * is --log-url-base (else $BISECTABLE_LOG_URL_BASE) and the log's path
 * below the database's directory; without either there is none.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "lib/layout.h"
#include "lib/run-command.h"
#include "report/report.h"
#include "report/report-model.h"
#include "lib/util.h"

struct report_opts {
	long long run;
	const char *format;
	const char *output;
	const char *from;
	const char *to;
	const char *cc;
	const char *log_url_base;
};

static const char *const formats[] = { "html", "json", "junit", "xml", "email", "kcidb",
					"patchwork", "trace", NULL };

static const struct opt report_option_list[] = {
	OPT_INT(0, "run", struct report_opts, run, "N", 1, LLONG_MAX, 0,
		"the run to report (default: the latest)"),
	OPT_CHOICE(0, "format", struct report_opts, format, formats, "html",
		   "the format (junit, xml: JUnit XML; email: a reply to the first bad patch; kcidb:"
		   " KCIDB v5; patchwork: checks per patch; trace: the run's timeline, for Perfetto)"),
	OPT_STRING('o', "output", struct report_opts, output, "FILE", NULL, OPT_FILE,
		   "where to write it, - for stdout (default: run-N.EXT in reports/ or here)"),
	OPT_STRING(0, "from", struct report_opts, from, "ADDR", NULL, 0,
		   "the mail's From: (default: git config user.name and user.email,"
		   " else bisectable <bisectable@localhost>)"),
	OPT_STRING(0, "to", struct report_opts, to, "ADDRS", NULL, 0,
		   "the mail's To:, comma-separated (default: the series' author, when it"
		   " came as mails or a b4 branch; '' for none)"),
	OPT_STRING(0, "cc", struct report_opts, cc, "ADDRS", NULL, 0,
		   "the mail's Cc:, comma-separated (default: the To and Cc of the series'"
		   " mails; '' for none)"),
	OPT_STRING(0, "log-url-base", struct report_opts, log_url_base, "URL", NULL, 0,
		   "where the database's logs/ is published: log_url (KCIDB, JSON) and"
		   " target_url (patchwork) are URL/logs/... (default: $BISECTABLE_LOG_URL_BASE, else no log_url)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(report, struct report_opts, report_option_list);

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

/* "Name <email>" of git config as seen from the database's directory, or NULL. */
static char *git_identity(const char *db_path)
{
	struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;
	char *dir = xstrdup(db_path), *slash = strrchr(dir, '/'), *ident = NULL;

	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		strcpy(dir, ".");
	if (!git_quiet(dir, &email, "config", "user.email", NULL) && email.len &&
	    !strpbrk(email.buf, "<>\n")) {
		if (git_quiet(dir, &name, "config", "user.name", NULL) || strpbrk(name.buf, "<>\n"))
			strbuf_reset(&name);
		ident = name.len ? xasprintf("%s <%s>", name.buf, email.buf) :
				   xasprintf("<%s>", email.buf);
	}
	strbuf_release(&name);
	strbuf_release(&email);
	free(dir);
	return ident;
}

/* "scheme:..." with no blank, quote or angle bracket: usable as a URI prefix. */
static int url_base_ok(const char *base)
{
	const char *p = base;

	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return 0;
	while (*p && *p != ':')
		if (!strchr("+-.", *p) && !((*p >= 'a' && *p <= 'z') ||
					   (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return 0;
		else
			p++;
	if (*p != ':')
		return 0;
	for (; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f || strchr("\"<>\\^`{|}", *p))
			return 0;
	return 1;
}

/* A header value given on the command line: one line, no control character. */
static int header_value_ok(const char *what, const char *v)
{
	for (; v && *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f)
			return error("%s: a control character (a line break?) has no place in a"
				     " mail header", what);
	return 0;
}

int cmd_report(struct cmd_ctx *ctx)
{
	const struct report_opts *o = ctx->opts;
	enum report_format fmt;
	const char *base;
	long long id;
	char *path, *from = NULL;
	int ret;

	if (report_parse_format(o->format, &fmt) < 0)
		return error("unknown format '%s'", o->format), EXIT_ERROR;
	if (o->output && !*o->output)
		return error("-o wants a file name, or - for stdout"), EXIT_ERROR;
	base = o->log_url_base ? o->log_url_base : getenv("BISECTABLE_LOG_URL_BASE");
	if (base && *base && !url_base_ok(base))
		return error("log URL base '%s' is no URL (scheme:..., no blanks or quotes)",
			     base), EXIT_ERROR;
	report_set_log_url_base(base);
	id = report_resolve_run(ctx->db, o->run);
	if (!id) {
		if (o->run)
			error("there is no run %lld in %s", o->run, ctx->db_path);
		else
			error("there is no run in %s yet", ctx->db_path);
		return EXIT_ERROR;
	}
	if (header_value_ok("--from", o->from) || header_value_ok("--to", o->to) ||
	    header_value_ok("--cc", o->cc))
		return EXIT_ERROR;
	if (fmt == REPORT_EMAIL) {
		report_email_set_from(o->from ? o->from : (from = git_identity(ctx->db_path)));
		report_email_set_addresses(o->to, o->cc);
	}
	if (o->output && !strcmp(o->output, "-")) {
		ret = report_write(ctx->db, id, fmt, stdout);
		free(from);
		return ret ? EXIT_ERROR : 0;
	}
	path = o->output ? xstrdup(o->output) : default_output(id, fmt);
	if (!path) {
		free(from);
		return EXIT_ERROR;
	}
	ret = report_write_file(ctx->db, id, fmt, path);
	if (!ret)
		printf("%s\n", path);
	free(path);
	free(from);
	return ret ? EXIT_ERROR : 0;
}
