// SPDX-License-Identifier: GPL-2.0
/*
 * report-kcidb-codediff.c - the KCIDB test "codediff" of a build
 * (report-kcidb-codediff.h), beside its "boot" and "test": what the commit
 * changed in the machine code of that configuration against its parent.
 *
 *   status   PASS for identical and code identical, and for changed when
 *            the commit claims no change in none of its phrases; FAIL when
 *            it claims one and its code changed: the finding "no-change
 *            claim broken", whose line is the test's log_excerpt
 *   comment  the classification in words (codediff-text.h)
 *   misc     kind ("identical", "code identical", "changed"), claim (the
 *            phrase the message claims, if any), claim_broken, and for
 *            changed the symbols and sections that changed
 *
 * A cell with no codeprint of its own or of its parent's (unknown) has no
 * such test. The subject, the claim and the symbols' names come from the
 * series: every string goes through utf8_sanitize().
 */
#include <stdlib.h>
#include <string.h>

#include "judge/codediff-text.h"
#include "lib/escape.h"
#include "report/report-kcidb-codediff.h"

#define KCIDB_EXCERPT_MAX	16384	/* the schema's maxLength of log_excerpt */
#define SYMBOLS_MAX		64	/* names listed in misc, at most */

static json_t *clean_str(const char *s, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	utf8_sanitize(&sb, s, strlen(s));
	utf8_truncate(&sb, max);
	j = json_stringn(sb.buf, sb.len);
	strbuf_release(&sb);
	return j;
}

/* What changed: the symbols, then the sections no symbol explains. */
static json_t *changed_names(const struct codediff *d)
{
	json_t *names = json_array();
	size_t i;

	for (i = 0; i < d->nsymbols && json_array_size(names) < SYMBOLS_MAX; i++)
		json_array_append_new(names, clean_str(d->symbols[i].name, 256));
	for (i = 0; i < d->nsections && json_array_size(names) < SYMBOLS_MAX; i++)
		json_array_append_new(names, clean_str(d->sections[i], 256));
	return names;
}

static json_t *codediff_misc(const struct codediff *d, const char *claim, int broken)
{
	json_t *misc = json_object();

	json_object_set_new(misc, "kind", json_string(codediff_kind_name(d->kind)));
	if (claim)
		json_object_set_new(misc, "claim", clean_str(claim, 256));
	json_object_set_new(misc, "claim_broken", json_boolean(broken));
	if (d->kind == CODEDIFF_CHANGED)
		json_object_set_new(misc, "changed", changed_names(d));
	return misc;
}

void kcidb_codediff_test(const struct report_model *m, const struct commit *c, size_t cfg,
			 const char *build_id, json_t *tests)
{
	const struct codediff_run *cr = &m->codediff;
	const struct codediff *d = c->position > 0 ?
		codediff_run_cell(cr, c->position, m->configs[cfg]) : NULL;
	const struct codediff_finding *f;
	const char *claim;
	struct strbuf text = STRBUF_INIT;
	json_t *t;
	char *id;
	int broken;

	if (!d || d->kind == CODEDIFF_UNKNOWN)
		return;
	claim = c->position <= cr->ncommits && cr->claims ? cr->claims[c->position] : NULL;
	broken = claim && d->kind == CODEDIFF_CHANGED;
	id = xasprintf("%s:codediff", build_id);
	t = json_object();
	json_object_set_new(t, "build_id", clean_str(build_id, (size_t)-1));
	json_object_set_new(t, "id", clean_str(id, (size_t)-1));
	json_object_set_new(t, "origin", json_string("bisectable"));
	json_object_set_new(t, "path", json_string("codediff"));
	json_object_set_new(t, "status", json_string(broken ? "FAIL" : "PASS"));
	codediff_describe(d, &text);
	json_object_set_new(t, "comment", clean_str(text.buf, (size_t)-1));
	f = broken ? codediff_run_finding(cr, c->position) : NULL;
	if (f) {
		strbuf_reset(&text);
		codediff_finding_describe(f, cr->ncommits, &text);
		json_object_set_new(t, "log_excerpt", clean_str(text.buf, KCIDB_EXCERPT_MAX));
	}
	json_object_set_new(t, "misc", codediff_misc(d, claim, broken));
	json_array_append_new(tests, t);
	strbuf_release(&text);
	free(id);
}
