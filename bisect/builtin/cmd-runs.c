// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable runs [--db DB]: the runs in the database, newest last, with the
 * first bad commit of each configuration and the verdict (verdict.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db-judge.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "judge/partial.h"
#include "judge/verdict.h"

/* One word for a whole run: "bisectable", "first bad up 2/4 smp 3/4", "incomplete". */
static void verdict_summary(const struct run_verdict *rv, struct strbuf *out)
{
	int bad = 0, bisectable = rv->n > 0;
	size_t i;

	for (i = 0; i < rv->n; i++) {
		const struct verdict *v = &rv->v[i];

		if (v->bad)
			strbuf_addf(out, "%s %s %d/%d", bad++ ? "" : "first bad", term_str(v->config),
				    v->position, v->commits);
		bisectable &= v->bisectable;
	}
	if (!bad)
		strbuf_addstr(out, bisectable ? "bisectable" : "incomplete");
}

int cmd_runs(struct cmd_ctx *ctx)
{
	struct db_run_row *runs;
	size_t n = db_run_rows_load(ctx->db, &runs), i;

	printf("%-4s %-20s %-11s %-9s %-7s %-16s %-24s %-24s %s\n", "run", "started", "state",
	       "base", "commits", "configs", "first bad", "verdict", "series");
	for (i = 0; i < n; i++) {
		struct strbuf first = STRBUF_INIT, verdict = STRBUF_INIT;
		const struct db_run_row *r = &runs[i];
		struct run_verdict rv;
		char *partial;
		size_t j;

		if (run_verdict_load(ctx->db, r->id, NULL, NULL, &rv) < 0)
			continue;
		/* run --only: a comparison, neither a first bad nor a verdict. */
		partial = partial_positions(rv.run.options, rv.n ? rv.v[0].commits : 0);
		for (j = 0; j < rv.n && !partial; j++)
			if (rv.v[j].bad)
				strbuf_addf(&first, "%s%s@%d", first.len ? " " : "", term_str(rv.v[j].config),
					    rv.v[j].position);
		if (partial)
			strbuf_addf(&verdict, "partial: %s", partial);
		else
			verdict_summary(&rv, &verdict);
		free(partial);
		printf("%-4lld %-20s %-11s %-9s %-7d %-16s %-24s %-24s %s\n", r->id,
		       term_str(r->started_at), term_str(r->state), term_str(r->base_version),
		       r->commits, term_str(r->configs), first.len ? first.buf : "-", verdict.buf,
		       term_str(r->series));
		strbuf_release(&first);
		strbuf_release(&verdict);
		run_verdict_free(&rv);
	}
	db_run_rows_free(runs, n);
	return 0;
}
