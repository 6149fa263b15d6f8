// SPDX-License-Identifier: GPL-2.0
/*
 * verdict-text.c - a run's verdicts (verdict.h) in the words 'first-bad'
 * prints, and 'run' at its end: formatting into a strbuf, no database, no
 * output stream. It is in judge/ rather than with the commands because run/
 * (below builtin/ and report/) prints the same lines when a run ends.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/codediff-run.h"
#include "judge/codediff-text.h"
#include "judge/confidence.h"
#include "judge/coverage-text.h"
#include "judge/verdict.h"
#include "judge/partial.h"
#include "judge/verdict-text.h"
#include "lib/escape.h"
#include "lib/util.h"

/* Text from the database, "" for NULL: control characters written out (escape.h). */
static const char *str(const char *s)
{
	return term_str(s);
}

/* "1 error: 2/4 build: evidence" (the first error), or nothing. */
static void errors_text(const struct verdict *v, struct strbuf *out, const char *what)
{
	if (!v->errors)
		return;
	if (v->bad)
		strbuf_addf(out, "%snot verified before it: an error", what);
	else
		strbuf_addf(out, "%s%d error%s", what, v->errors, v->errors == 1 ? "" : "s");
	strbuf_addf(out, ": %d/%d %s", v->error_position, v->commits,
		    stage_names[v->error_stage]);
	if (v->error_evidence && *v->error_evidence)
		strbuf_addf(out, ": %s", str(v->error_evidence));
}

const char *hole_commit_what(const struct hole_commit *c)
{
	static const char *const what[NR_STAGES][2][2] = {
		/* [stage][timeout][builds] */
		[STAGE_APPLY] = { { "does not apply", "does not apply" },
				  { "apply timeout", "apply timeout" } },
		[STAGE_BUILD] = { { "does not build", "does not build" },
				  { "build timeout", "build timeout" } },
		[STAGE_BOOT] = { { "does not boot", "builds, does not boot" },
				 { "boot timeout", "builds, boot timeout" } },
		[STAGE_TEST] = { { "fails its tests", "builds, fails its tests" },
				 { "test timeout", "builds, test timeout" } },
	};

	if (!c->bad || (unsigned int)c->stage >= NR_STAGES)
		return "not verified";
	return what[c->stage][!!c->timeout][!!c->builds];
}

static void hole_ref(struct strbuf *out, int position, int commits, hole_ref_fn *ref,
		     void *data)
{
	if (ref)
		ref(out, position, commits, data);
	else
		strbuf_addf(out, "%d/%d", position, commits);
}

void hole_text(const struct hole *h, int commits, hole_ref_fn *ref, void *data,
	       struct strbuf *out)
{
	int i, j;

	if (!h->ncommits) {	/* no detail: the stage of its first commit */
		hole_ref(out, h->from, commits, ref, data);
		if (h->to != h->from) {
			strbuf_addstr(out, "..");
			hole_ref(out, h->to, commits, ref, data);
		}
		strbuf_addf(out, " %s", hole_what(h->stage));
	}
	for (i = 0; i < h->ncommits; i = j) {
		const char *what = hole_commit_what(&h->commits[i]);

		for (j = i + 1; j < h->ncommits; j++)
			if (strcmp(hole_commit_what(&h->commits[j]), what))
				break;
		strbuf_addstr(out, i ? "; " : "");
		hole_ref(out, h->commits[i].position, commits, ref, data);
		if (j - 1 != i) {
			strbuf_addstr(out, "..");
			hole_ref(out, h->commits[j - 1].position, commits, ref, data);
		}
		strbuf_addf(out, " %s", what);
	}
	strbuf_addstr(out, " (fixed by ");
	hole_ref(out, h->fixed_by, commits, ref, data);
	if (h->boots)
		strbuf_addf(out, "; flaky before it: %d of %d boots failed, the fix passed %d of %d;"
			    " confidence %d%%", h->failed_boots, h->boots, h->fix_boots,
			    h->fix_boots, confidence_percent(h->confidence));
	strbuf_addstr(out, ")");
}

static void holes_text(const struct verdict *v, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < v->nholes; i++) {
		strbuf_addf(out, "%s: hole: ", str(v->config));
		hole_text(&v->holes[i], v->commits, NULL, NULL, out);
		strbuf_addstr(out, "\n");
	}
}

int verdict_boots_text(const struct verdict *v, struct strbuf *out)
{
	if (!v->bad || v->base_bad || !v->kind)
		return 0;
	strbuf_addf(out, "failed %d of %d boot%s (%s)", v->failed_boots, v->boots,
		    v->boots == 1 ? "" : "s", v->kind);
	if (v->parent_boots >= 0)
		strbuf_addf(out, ", parent passed %d of %d", v->parent_passes, v->parent_boots);
	else
		strbuf_addstr(out, ", no parent result");
	strbuf_addf(out, "; confidence %d%%", confidence_percent(v->confidence));
	return 1;
}

/* "; failed 3 of 3 boots (...); confidence 99%", or at apply and build "; confidence 100%". */
static void boots_confidence_text(const struct verdict *v, struct strbuf *out)
{
	strbuf_addstr(out, "; ");
	if (!verdict_boots_text(v, out))
		strbuf_addf(out, "confidence %d%%", confidence_percent(v->confidence));
}

/* "up: known at the base, not counted: LINE (fixed by 3/4)", a line each. */
static void known_text(const struct verdict *v, struct strbuf *out)
{
	size_t i, j;

	for (i = 0; i < v->known.n; i++) {
		strbuf_addf(out, "%s: known at the base, not counted: %s", str(v->config),
			    str(v->known.lines[i]));
		for (j = 0; j < v->nfixed; j++)
			if (!strcmp(v->fixed[j].line, v->known.lines[i]))
				strbuf_addf(out, " (fixed by %d/%d)", v->fixed[j].position,
					    v->commits);
		strbuf_addstr(out, "\n");
	}
}

/* "; 612 of 1038 changed lines compiled", when the run's coverage is known. */
static void coverage_figure(const struct run_verdict *rv, const struct verdict *v,
			    struct strbuf *out)
{
	struct strbuf figure = STRBUF_INIT;

	if (rv->coverage && !coverage_config_figure(rv->coverage, v->config, &figure))
		strbuf_addf(out, "; %s", figure.buf);
	strbuf_release(&figure);
}

/* The line of one configuration. */
static void config_text(const struct run_verdict *rv, const struct verdict *v,
			struct strbuf *out)
{
	const char *stage = rv->stage, *state = rv->run.state;
	const char *colon = v->evidence && *v->evidence ? ": " : "";

	if (v->base_bad) {
		strbuf_addf(out, "%s: the base %.7s itself is bad at %s: %s%s%s\n", str(v->config),
			    str(v->sha), stage_names[v->stage], str(v->status), colon,
			    str(v->evidence));
	} else if (v->bad) {
		strbuf_addf(out, "%s: first bad %d/%d %.7s \"%s\" at %s: %s%s%s", str(v->config),
			    v->position, v->commits, str(v->sha), str(v->subject),
			    stage_names[v->stage], str(v->status), colon, str(v->evidence));
		boots_confidence_text(v, out);
		if (v->error_before_bad) {
			errors_text(v, out, " (");
			strbuf_addstr(out, ")");
		}
		strbuf_addstr(out, "\n");
	} else if (stage) {
		strbuf_addf(out, "%s: no bad commit at stage %s (%d/%d commits pass every "
			    "stage)\n", str(v->config), stage, v->passed, v->commits);
	} else if (v->bisectable) {
		strbuf_addf(out, "%s: bisectable (%d/%d commits pass", str(v->config), v->passed,
			    v->commits);
		coverage_figure(rv, v, out);
		if (v->tip_boots > 0)
			strbuf_addstr(out, "; ");
		verdict_odds_text(v, out);
		strbuf_addstr(out, ")\n");
	} else {
		strbuf_addf(out, "%s: incomplete: %d/%d commits verified and passing"
			    " (run %s", str(v->config), v->passed, v->commits, str(state));
		errors_text(v, out, "; ");
		strbuf_addstr(out, ")\n");
	}
}

void verdict_text(const struct run_verdict *rv, struct strbuf *out)
{
	size_t i;

	int bisectable = rv->n > 0;

	for (i = 0; i < rv->n; i++) {
		config_text(rv, &rv->v[i], out);
		/* Holes look at every stage: not with --stage. */
		if (!rv->stage)
			holes_text(&rv->v[i], out);
		known_text(&rv->v[i], out);
		bisectable &= rv->v[i].bisectable;
	}
	/* Unknown coverage qualifies a "bisectable" only: nothing else claims it. */
	if (rv->coverage && rv->series_line &&
	    (bisectable || coverage_answer(rv->coverage) != COVERAGE_UNKNOWN)) {
		coverage_series_text(rv->coverage, bisectable, out);
		strbuf_addstr(out, "\n");
	}
}

/* The exit status: verdict_exit(), then what coverage asks for. */
static int report_exit(const struct run_verdict *rv, double require_coverage)
{
	int ret = verdict_exit(rv);

	if (ret || require_coverage < 0 || !rv->coverage || !rv->series_line)
		return ret;
	if (coverage_answer(rv->coverage) == COVERAGE_PARTIAL &&
	    coverage_share(rv->coverage) < require_coverage)
		return EXIT_UNCOVERED;
	return 0;
}

/* The findings of broken no-change claims, a line each; how many there are. */
static size_t claim_findings(sqlite3 *db, long long run_id, struct strbuf *out)
{
	struct strbuf line = STRBUF_INIT;
	struct codediff_run r;
	size_t i, n;

	codediff_run_load(db, run_id, &r);
	for (i = 0; i < r.nfindings; i++) {
		strbuf_reset(&line);
		codediff_finding_describe(&r.findings[i], r.ncommits, &line);
		strbuf_addf(out, "%s\n", term_str(line.buf));
	}
	n = r.nfindings;
	codediff_run_release(&r);
	strbuf_release(&line);
	return n;
}

int verdict_report(sqlite3 *db, long long run_id, const struct verdict_ask *ask,
		   struct strbuf *out)
{
	struct coverage cov;
	struct run_verdict rv;
	char *partial;
	int ret;

	if (run_verdict_load(db, run_id, ask->configs, ask->stage, &rv) < 0)
		return EXIT_ERROR;
	rv.min_confidence = ask->min_confidence;
	/* Some positions only (run --only): a comparison, never a verdict. */
	partial = partial_positions(rv.run.options, rv.n ? rv.v[0].commits : 0);
	if (partial) {
		ret = partial_text(db, &rv, partial, out);
		free(partial);
		run_verdict_free(&rv);
		return ret;
	}
	/* Each configuration's figure; the series line with the whole run's verdict only. */
	memset(&cov, 0, sizeof(cov));
	/* Not known (no .config kept, results from a store): the series line says so. */
	if (!ask->stage) {
		if (coverage_load(db, rv.run.id, &cov)) {
			coverage_release(&cov);	/* judged in part: not known */
			memset(&cov, 0, sizeof(cov));
		}
		rv.coverage = &cov;
	}
	rv.series_line = !ask->configs;
	verdict_text(&rv, out);
	ret = report_exit(&rv, ask->require_coverage);
	if (!ask->stage && claim_findings(db, rv.run.id, out) && ask->strict_claims &&
	    (ret == 0 || ret == EXIT_UNCOVERED))
		ret = EXIT_BAD;
	coverage_release(&cov);
	run_verdict_free(&rv);
	return ret;
}
