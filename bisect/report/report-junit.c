// SPDX-License-Identifier: GPL-2.0
/*
 * report-junit.c - the report as JUnit XML: a testsuite per configuration,
 * a testcase per commit x stage; a cell that is fail or timeout is a
 * failure with its evidence, log excerpt and reproducer, an error of the
 * machine is an error (the same content), a skipped stage is skipped. A
 * cell never verified (the run stopped or is still going) is an error: a
 * run that is not complete is never green. It follows the constraints of
 * Jenkins' junit-10.xsd (tests/unit/junit-bisectable.xsd states them): no
 * "skipped" on <testsuites>, nothing but the verdict inside a <testcase>;
 * the cells reused from the cache are listed in the suite's <system-out>.
 * A performance regression is no failure: each is a property of its suite,
 * as judge/regress.c finds them ('bisectable regressions'). A failure of
 * several boots says how many failed ("failed 2 of 3 boots (flaky): ...",
 * the first bad also its confidence, as verdict.c judged it); a known
 * failure (the base has it too) is no failure: the suite names each as a
 * property, and its <system-out> the cells that met one. What the verdict
 * covers, the configuration's figure and the series line, are properties.
 */
#include <string.h>

#include "lib/escape.h"
#include "report/report-confidence.h"
#include "report/report-coverage.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "judge/known.h"
#include "judge/verdict.h"

/* <property name="NAME" value="VALUE"/>, the value escaped. */
static void junit_property(struct strbuf *o, const char *name, const char *value)
{
	strbuf_addf(o, "      <property name=\"%s\" value=\"", name);
	html_escape(o, value);
	strbuf_addstr(o, "\"/>\n");
}

/*
 * The message of a bad cell: its evidence (its status without one), after
 * how many of its boots failed when it had several; for the first bad
 * commit, with the confidence.
 */
static void junit_message(struct report_out *r, size_t cfg, const struct cell *cell)
{
	struct strbuf msg = STRBUF_INIT, boots = STRBUF_INIT;
	const char *marker;

	if (cell == first_bad_cell(r->m, cfg) && confidence_text(r->m, cfg, &msg)) {
		strbuf_addstr(&msg, ": ");
	} else if (status_is_bad(cell->status) && cell_boots(cell, &boots, &marker)) {
		strbuf_addf(&msg, "failed %d of %d boots", cell->failed_tries, cell->tries);
		if (marker)
			strbuf_addf(&msg, " (%s)", marker);
		strbuf_addstr(&msg, ": ");
	}
	strbuf_addstr(&msg, empty(cell->evidence) ? status_names[cell->status] : cell->evidence);
	html_escape(&r->buf, msg.buf);
	strbuf_release(&boots);
	strbuf_release(&msg);
}

static void junit_testcase(struct report_out *r, long ci, size_t cfg, enum stage stage)
{
	struct strbuf *o = &r->buf;
	struct commit *c = &r->m->commits[ci];
	const struct cell *cell = &c->cells[cfg * NR_STAGES + stage];
	char buf[13];
	const char *sha = short_sha(c->sha, buf);

	strbuf_addstr(o, "    <testcase classname=\"");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addf(o, "\" name=\"%02d ", c->position);
	html_escape(o, sha ? sha : "-");
	strbuf_addf(o, " %s: ", stage_names[stage]);
	html_escape(o, c->subject);
	strbuf_addstr(o, "\"");
	if (cell->has_duration)
		strbuf_addf(o, " time=\"%.3f\"", cell->duration);
	strbuf_addstr(o, ">\n");

	if (!cell->id) {
		strbuf_addstr(o, "      <error message=\"not verified\" type=\"not run\"/>\n");
	} else if (cell->status == ST_SKIP) {
		strbuf_addstr(o, "      <skipped message=\"");
		html_escape(o, empty(cell->evidence) ? "skipped" : cell->evidence);
		strbuf_addstr(o, "\"/>\n");
	} else if (status_is_bad(cell->status) || cell->status == ST_ERROR) {
		/* An error of the machine is JUnit's error, the commit's failure a failure. */
		const char *tag = cell->status == ST_ERROR ? "error" : "failure";
		struct excerpt ex;

		strbuf_addf(o, "      <%s message=\"", tag);
		junit_message(r, cfg, cell);
		strbuf_addf(o, "\" type=\"%s\">", status_names[cell->status]);
		if (!empty(cell->evidence)) {
			html_escape(o, cell->evidence);
			strbuf_addstr(o, "\n");
		}
		if (!empty(cell->log_path)) {
			strbuf_addstr(o, "log: ");
			html_escape(o, cell->log_path);
			strbuf_addstr(o, "\n");
			if (log_excerpt(r->m->db_dir, cell, stage, &ex) == 0) {
				html_escape_n(o, ex.text.buf, ex.text.len);
				excerpt_release(&ex);
			}
		}
		if (!empty(cell->reproduce)) {
			strbuf_addstr(o, "reproduce: ");
			html_escape(o, cell->reproduce);
			strbuf_addstr(o, "\n");
		}
		strbuf_addf(o, "</%s>\n", tag);
	}
	strbuf_addstr(o, "    </testcase>\n");
}

/* A line of the suite's <system-out> about one cell, if it has something to say. */
static void junit_cell_note(struct strbuf *o, const struct commit *c, enum stage s,
			    const struct cell *cell, int *any)
{
	struct known_set known = { 0 };
	size_t i;

	known_set_add_text(&known, cell->known);
	if ((cell->cached_from || known.n) && !(*any)++)
		strbuf_addstr(o, "    <system-out>");
	if (cell->cached_from)
		strbuf_addf(o, "%02d %s: reused from the cache (result %lld)\n",
			    c->position, stage_names[s], cell->cached_from);
	if (known.n) {
		strbuf_addf(o, "%02d %s: known failures met, not counted: ", c->position,
			    stage_names[s]);
		for (i = 0; i < known.n; i++) {
			strbuf_addstr(o, i ? "; " : "");
			html_escape(o, known.lines[i]);
		}
		strbuf_addstr(o, "\n");
	}
	known_set_free(&known);
}

/*
 * The suite's <system-out>: which cells were reused from the cache, and
 * which met known failures (a testcase holds nothing but its verdict).
 */
static void junit_system_out(struct report_out *r, size_t cfg)
{
	struct strbuf *o = &r->buf;
	size_t i;
	int s, any = 0;

	for (i = 0; i < r->m->ncommits; i++)
		for (s = 0; s < NR_STAGES; s++)
			junit_cell_note(o, &r->m->commits[i], s,
					&r->m->commits[i].cells[cfg * NR_STAGES + s], &any);
	if (any)
		strbuf_addstr(o, "</system-out>\n");
}

/*
 * <property name="known_failure" value="NAME: SIGNATURE (fixed by 4/4)"/>
 * for each known failure of cfg, and the confidence of its first bad at
 * boot or test (<property name="first_bad_confidence" .../>).
 */
static void junit_known_properties(struct report_out *r, size_t cfg)
{
	const struct verdict *v = &r->m->verdicts[cfg];
	struct strbuf *o = &r->buf, value = STRBUF_INIT;
	size_t i;
	int fixed;

	for (i = 0; i < v->known.n; i++) {
		strbuf_reset(&value);
		strbuf_addstr(&value, v->known.lines[i]);
		fixed = known_fixed_at(v, v->known.lines[i]);
		if (fixed >= 0)
			strbuf_addf(&value, " (fixed by %d/%d)", fixed, r->m->last_position);
		junit_property(o, "known_failure", value.buf);
	}
	strbuf_reset(&value);
	if (confidence_text(r->m, cfg, &value)) {
		junit_property(o, "first_bad_confidence", value.buf);
	}
	strbuf_release(&value);
}

/*
 * <property name="performance_regression" value="pipe_rtt_ns +15.5% at 4:
 * 6378.53 -> 7365.08 ns (lower is better)"/>, one per regression of cfg.
 */
static void junit_perf_properties(struct report_out *r, size_t cfg)
{
	const struct report_model *m = r->m;
	const struct report_perf *rp = &m->perf[cfg];
	struct strbuf *o = &r->buf, value = STRBUF_INIT;
	size_t i;

	for (i = 0; i < rp->nmoves; i++) {
		const struct report_move *mv = &rp->moves[i];
		size_t k = cfg * m->nmetrics + mv->metric;
		const struct perf_direction *d = &m->directions[k];

		if (mv->noisy)
			continue;
		strbuf_reset(&value);
		strbuf_addstr(&value, m->metrics[mv->metric]);
		if (mv->has_pct)
			strbuf_addf(&value, " %+.1f%%", mv->pct);
		else
			strbuf_addf(&value, " %+.15g from 0", mv->delta);
		strbuf_addf(&value, " at %d: %.15g -> %.15g", m->commits[mv->commit].position,
			    m->commits[mv->ref].values[k], m->commits[mv->commit].values[k]);
		if (!empty(d->unit))
			strbuf_addf(&value, " %s", d->unit);
		strbuf_addf(&value, " (%s is better)", perf_better_name(d->better));
		junit_property(o, "performance_regression", value.buf);
	}
	strbuf_release(&value);
}

struct junit_counts {
	int tests, failures, errors, skipped;
	double secs;
};

/* Cells of configurations [from, to): one testcase each. */
static void count_cells(const struct report_model *m, size_t from, size_t to,
			struct junit_counts *n)
{
	size_t i, cfg;
	int s;

	memset(n, 0, sizeof(*n));
	for (i = 0; i < m->ncommits; i++)
		for (cfg = from; cfg < to; cfg++)
			for (s = 0; s < NR_STAGES; s++) {
				const struct cell *cell = &m->commits[i].cells[cfg * NR_STAGES + s];

				n->tests++;
				n->failures += cell->id && status_is_bad(cell->status);
				n->errors += !cell->id || cell->status == ST_ERROR;
				n->skipped += cell->id && cell->status == ST_SKIP;
				n->secs += cell->has_duration ? cell->duration : 0;
			}
}

/*
 * What the verdict covers (coverage-text.h), as first-bad says it: the
 * configuration's figure, <property name="coverage" value="4 of 6 changed
 * lines compiled"/>, and the series line, <property name="series_coverage"
 * value="series: bisectable where compiled: ..."/> (a <testsuites> has no
 * properties: each suite names it).
 */
static void junit_coverage_properties(struct report_out *r, size_t cfg)
{
	struct strbuf text = STRBUF_INIT;

	if (!report_config_coverage(r->m, cfg, &text))
		junit_property(&r->buf, "coverage", text.buf);
	strbuf_reset(&text);
	if (!report_series_coverage(r->m, &text))
		junit_property(&r->buf, "series_coverage", text.buf);
	strbuf_release(&text);
}

void report_junit(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	struct junit_counts n;
	size_t i, cfg;
	int s;

	count_cells(r->m, 0, r->m->nconfigs, &n);
	strbuf_addf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<testsuites name=\"bisectable run %lld: ", r->m->run.id);
	html_escape(o, r->m->run.series);
	strbuf_addf(o, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n",
		    n.tests, n.failures, n.errors, n.secs);

	for (cfg = 0; cfg < r->m->nconfigs; cfg++) {
		count_cells(r->m, cfg, cfg + 1, &n);
		strbuf_addstr(o, "  <testsuite name=\"");
		html_escape(o, r->m->configs[cfg]);
		strbuf_addf(o, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\""
			    " time=\"%.3f\">\n    <properties>\n", n.tests, n.failures, n.errors,
			    n.skipped, n.secs);
		strbuf_addstr(o, "      <property name=\"series\" value=\"");
		html_escape(o, r->m->run.series);
		strbuf_addstr(o, "\"/>\n      <property name=\"base_version\" value=\"");
		html_escape(o, r->m->run.base_version);
		strbuf_addstr(o, "\"/>\n      <property name=\"verdict\" value=\"");
		if (r->m->verdicts[cfg].bad)
			strbuf_addf(o, "first bad %d", r->m->verdicts[cfg].position);
		else if (r->m->verdicts[cfg].bisectable)
			strbuf_addstr(o, "bisectable");
		else
			strbuf_addstr(o, "incomplete");
		strbuf_addstr(o, "\"/>\n");
		if (r->m->verdicts[cfg].tip_boots > 0) {
			struct strbuf odds = STRBUF_INIT;

			verdict_odds_text(&r->m->verdicts[cfg], &odds);
			junit_property(o, "odds", odds.buf);
			strbuf_release(&odds);
		}
		junit_coverage_properties(r, cfg);
		junit_perf_properties(r, cfg);
		junit_known_properties(r, cfg);
		strbuf_addstr(o, "    </properties>\n");
		for (i = 0; i < r->m->ncommits; i++) {
			for (s = 0; s < NR_STAGES; s++)
				junit_testcase(r, i, cfg, s);
			report_maybe_flush(r);
		}
		junit_system_out(r, cfg);
		strbuf_addstr(o, "  </testsuite>\n");
	}
	strbuf_addstr(o, "</testsuites>\n");
}

