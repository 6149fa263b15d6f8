// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - the bisect report of a run: the run is loaded once into a model
 * (report-model.c), then written by the renderer of the format asked for
 * (report-html.c with report-svg.c, report-json.c, report-junit.c,
 * report-email.c, report-kcidb.c, report-patchwork.c). Every string that came from the
 * database, a log or the user goes through html_escape() (HTML and XML),
 * utf8_sanitize() (JSON) or mail_text() (e-mail): nothing else writes data
 * into the output.
 */
#include <errno.h>
#include <string.h>

#include "report/report.h"
#include "report/report-model.h"
#include "lib/util.h"

static const struct report_format_info {
	const char *name;
	const char *ext;	/* file extension, without the dot */
	void (*write)(struct report_out *r);
} formats[] = {
	[REPORT_HTML]	= { "html",	"html",	report_html },
	[REPORT_JSON]	= { "json",	"json",	report_json },
	[REPORT_JUNIT]	= { "junit",	"xml",	report_junit },
	[REPORT_EMAIL]	= { "email",	"eml",	report_email },
	[REPORT_KCIDB]	= { "kcidb",	"kcidb.json", report_kcidb },
	[REPORT_PATCHWORK] = { "patchwork", "patchwork.json", report_patchwork },
	[REPORT_TRACE]	= { "trace",	"trace.json", report_trace },
};

int report_parse_format(const char *name, enum report_format *fmt)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		if (!strcmp(name, formats[i].name) || !strcmp(name, formats[i].ext)) {
			*fmt = i;
			return 0;
		}
	}
	return -1;
}

const char *report_format_ext(enum report_format fmt)
{
	return (size_t)fmt < ARRAY_SIZE(formats) ? formats[fmt].ext : formats[REPORT_HTML].ext;
}

int report_write(sqlite3 *db, long long run_id, enum report_format fmt, FILE *out)
{
	struct report_model m;
	struct report_out r = { .m = &m, .out = out, .buf = STRBUF_INIT };
	int ret = 0;

	if (report_model_load(&m, db, run_id) < 0) {
		ret = -1;
		goto free_model;
	}
	if ((size_t)fmt >= ARRAY_SIZE(formats))
		fmt = REPORT_HTML;
	formats[fmt].write(&r);
	report_flush(&r);
	if (fflush(out) == EOF || ferror(out))
		r.write_error = 1;
	if (r.write_error)
		ret = error("cannot write the report: %s", strerror(errno));
free_model:
	strbuf_release(&r.buf);
	report_model_free(&m);
	return ret;
}
