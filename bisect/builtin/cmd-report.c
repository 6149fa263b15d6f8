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
 * file is written beside its final name first and renamed into place, so
 * that a report that is being mailed or served is never half written; a
 * symlink's target is written that way; a device or FIFO is written to.
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

/* Beside its final name first, then renamed over it: never half written. */
static int write_atomically(sqlite3 *db, long long run_id, enum report_format fmt,
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

/* A device or a FIFO is written to, never replaced. */
static int write_in_place(sqlite3 *db, long long run_id, enum report_format fmt,
			  const char *path)
{
	FILE *out = fopen(path, "w");
	int ret;

	if (!out)
		return error("cannot write %s: %s", path, strerror(errno));
	ret = report_write(db, run_id, fmt, out);
	if (fclose(out) == EOF && !ret)
		ret = error("cannot write %s: %s", path, strerror(errno));
	return ret;
}

/*
 * A regular file (or none yet) is replaced atomically; a symlink is
 * followed and its target written the same way; a character device or a
 * FIFO is written in place; anything else is refused.
 */
static int write_to_file(sqlite3 *db, long long run_id, enum report_format fmt,
			 const char *path)
{
	char *target = NULL;
	struct stat st;
	int ret;

	if (lstat(path, &st) < 0) {
		if (errno == ENOENT)
			return write_atomically(db, run_id, fmt, path);
		return error("cannot write %s: %s", path, strerror(errno));
	}
	if (S_ISLNK(st.st_mode)) {
		target = realpath(path, NULL);
		if (!target || stat(target, &st) < 0) {
			free(target);
			return error("%s is a symbolic link to nothing: not writing through it",
				     path);
		}
		path = target;
	}
	if (S_ISREG(st.st_mode))
		ret = write_atomically(db, run_id, fmt, path);
	else if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		ret = write_in_place(db, run_id, fmt, path);
	else if (S_ISDIR(st.st_mode))
		ret = error("%s is a directory: give a file name", path);
	else
		ret = error("%s is neither a file, a character device nor a FIFO: not "
			    "writing to it", path);
	free(target);
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
	ret = write_to_file(ctx->db, id, fmt, path);
	if (!ret)
		printf("%s\n", path);
	free(path);
	free(from);
	return ret ? EXIT_ERROR : 0;
}
