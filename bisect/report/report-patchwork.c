// SPDX-License-Identifier: GPL-2.0
/*
 * report-patchwork.c - the report as patchwork checks (libjansson): for
 * each patch of the series, identified by its mail's Message-ID (patchwork's
 * msgid), one check per configuration in the shape of the body that
 * patchwork's REST API takes at POST /api/1.x/patches/ID/checks/:
 *
 *   { "format": "bisectable-patchwork", "format_version": 1, "generator",
 *     "run": N, "series": "...",
 *     "patches": [ { "msgid": "<...>" (null: the commit came from no mail),
 *                    "position", "sha", "subject",
 *                    "checks": [ { "state", "context", "description",
 *                                  "target_url" (only with a log URL base) } ] } ] }
 *
 * The state and description are report-check.c's, as the git notes say
 * them. target_url is the check's log below --log-url-base, left out when
 * there is none or it is longer than patchwork's URL field takes.
 * Documentation/reports.md shows how to post them.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "report/report-check.h"
#include "report/report-model.h"

/* patchwork's target_url is a Django URLField: at most 200 characters. */
#define PATCHWORK_URL_MAX	200

static json_t *pw_check(const struct report_model *m, long ci, size_t cfg)
{
	struct commit_check check;
	struct strbuf context = STRBUF_INIT;
	json_t *j;
	char *url;

	if (commit_check_of(m, ci, cfg, &check) < 0)
		return NULL;
	check_context(m->configs[cfg], &context);
	j = json_object();
	json_object_set_new(j, "state", json_string(check_state_names[check.state]));
	json_object_set_new(j, "context", report_json_text(context.buf));
	json_object_set_new(j, "description", report_json_text(check.description.buf));
	url = check.log_path ? report_log_url(m, check.log_path) : NULL;
	if (url && strlen(url) <= PATCHWORK_URL_MAX)
		json_object_set_new(j, "target_url", json_string(url));
	free(url);
	strbuf_release(&context);
	commit_check_release(&check);
	return j;
}

static json_t *pw_patch(const struct report_model *m, long ci)
{
	const struct commit *c = &m->commits[ci];
	json_t *p = json_object(), *checks = json_array();
	size_t cfg;

	json_object_set_new(p, "msgid", report_json_text(c->message_id));
	json_object_set_new(p, "position", json_integer(c->position));
	json_object_set_new(p, "sha", report_json_text(c->sha));
	json_object_set_new(p, "subject", report_json_text(c->subject));
	for (cfg = 0; cfg < m->nconfigs; cfg++) {
		json_t *check = pw_check(m, ci, cfg);

		if (check)
			json_array_append_new(checks, check);
	}
	json_object_set_new(p, "checks", checks);
	return p;
}

void report_patchwork(struct report_out *r)
{
	const struct report_model *m = r->m;
	json_t *root = json_object(), *patches = json_array();
	size_t i;

	json_object_set_new(root, "format", json_string("bisectable-patchwork"));
	json_object_set_new(root, "format_version", json_integer(1));
	json_object_set_new(root, "generator", json_string("bisectable " BISECTABLE_VERSION));
	json_object_set_new(root, "run", json_integer(m->run.id));
	json_object_set_new(root, "series", report_json_text(m->run.series));
	for (i = 0; i < m->ncommits; i++)
		if (m->commits[i].position > 0)
			json_array_append_new(patches, pw_patch(m, i));
	json_object_set_new(root, "patches", patches);
	report_flush(r);
	if (json_dumpf(root, r->out, JSON_INDENT(2)) < 0 || fputc('\n', r->out) == EOF)
		r->write_error = 1;
	json_decref(root);
}
