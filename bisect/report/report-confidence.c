// SPDX-License-Identifier: GPL-2.0
/*
 * report-confidence.c - the confidence of a first bad commit and the known
 * failures, in words (report-confidence.h).
 */
#include <string.h>

#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "lib/util.h"
#include "report/report-confidence.h"

const struct cell *first_bad_cell(const struct report_model *m, size_t cfg)
{
	const struct verdict *v = &m->verdicts[cfg];
	const struct commit *c;

	if (!v->bad || v->base_bad)
		return NULL;
	c = report_commit_at(m, v->position);
	return c ? &c->cells[cfg * NR_STAGES + v->stage] : NULL;
}

int confidence_text(const struct report_model *m, size_t cfg, struct strbuf *out)
{
	if (!first_bad_cell(m, cfg))
		return 0;
	return verdict_boots_text(&m->verdicts[cfg], out);
}

int known_fixed_at(const struct verdict *v, const char *line)
{
	size_t i;

	for (i = 0; i < v->nfixed; i++)
		if (!strcmp(v->fixed[i].line, line))
			return v->fixed[i].position;
	return -1;
}

int cell_boots(const struct cell *cell, struct strbuf *out, const char **marker)
{
	*marker = NULL;
	if (cell->tries <= 1)
		return 0;
	strbuf_addf(out, "%d/%d", cell->failed_tries, cell->tries);
	if (cell->confirmed)
		*marker = cell->confirmed;
	else if (cell->failed_tries > 0 && cell->failed_tries < cell->tries)
		*marker = "flaky";
	return 1;
}
