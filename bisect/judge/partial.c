// SPDX-License-Identifier: GPL-2.0
/* partial.c - a run of some positions only, in words (see partial.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "judge/partial.h"
#include "lib/escape.h"
#include "lib/util.h"

char *partial_positions(const char *options, int commits)
{
	struct strbuf out = STRBUF_INIT;
	struct run_config rc;
	char why[256];
	int *positions = NULL;
	size_t n = 0, i;

	/* A document that does not read is an older run's: whole. */
	if (!options || run_config_from_json(options, &rc) || !rc.only) {
		if (options)
			run_config_free(&rc);
		return NULL;
	}
	/* A position past the tip (a series that did not apply whole): not verified. */
	if (run_config_only_positions(rc.only, commits, &positions, &n, why, sizeof(why)))
		run_config_only_positions(rc.only, 999999999, &positions, &n, why, sizeof(why));
	for (i = 0; i < n; i++)
		strbuf_addf(&out, "%s%d", i ? "," : "", positions[i]);
	free(positions);
	run_config_free(&rc);
	if (!out.len)
		strbuf_addstr(&out, "none");
	return strbuf_detach(&out, NULL);
}

void partial_header(const char *positions, struct strbuf *out)
{
	strbuf_addf(out, "partial run: positions %s only; not a bisectability verdict\n",
		    positions);
}

/* What one position did: "pass", "fails at build: evidence", ...; 1 if not a pass. */
static int position_text(const struct db_result_cells *cells, int position, struct strbuf *out)
{
	const struct db_result_cell *bad = NULL, *error = NULL;
	size_t i, results = 0;

	for (i = 0; i < cells->n; i++) {
		const struct db_result_cell *c = &cells->c[i];

		if (c->position != position || !c->status)
			continue;
		results++;
		if (!bad && (!strcmp(c->status, "fail") || !strcmp(c->status, "timeout")))
			bad = c;
		if (!error && !strcmp(c->status, "error"))
			error = c;
	}
	if (!bad)
		bad = error;
	if (!results) {
		strbuf_addstr(out, "not verified");
		return 1;
	}
	if (!bad) {
		strbuf_addstr(out, "pass");
		return 0;
	}
	strbuf_addf(out, "%s at %s", !strcmp(bad->status, "fail") ? "fails" :
		    !strcmp(bad->status, "timeout") ? "times out" : "an error", bad->stage);
	if (bad->evidence && *bad->evidence)
		strbuf_addf(out, ": %s", term_str(bad->evidence));
	return 1;
}

int partial_config_text(const char *config, const struct db_result_cells *cells,
			const char *positions, int commits, struct strbuf *out)
{
	const char *p = positions;
	int bad = 0;

	strbuf_addf(out, "%s:", term_str(config));
	while (*p) {
		char *end;
		long position = strtol(p, &end, 10);

		if (end == p)
			break;
		strbuf_addf(out, "%s %ld/%d ", p == positions ? "" : ";", position, commits);
		bad |= position_text(cells, (int)position, out);
		p = *end == ',' ? end + 1 : end;
		if (end == p)
			break;
	}
	strbuf_addstr(out, "\n");
	return bad;
}

int partial_text(sqlite3 *db, const struct run_verdict *rv, const char *positions,
		 struct strbuf *out)
{
	size_t i;
	int bad = 0;

	partial_header(positions, out);
	for (i = 0; i < rv->n; i++) {
		struct db_result_cells cells;

		db_result_cells_load(db, rv->run.id, rv->v[i].config, &cells);
		bad |= partial_config_text(rv->v[i].config, &cells, positions, rv->v[i].commits,
					   out);
		db_result_cells_free(&cells);
	}
	return bad ? EXIT_BAD : 0;
}
