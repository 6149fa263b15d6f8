// SPDX-License-Identifier: GPL-2.0
/*
 * report-json.c - the report as one JSON document (libjansson); its layout
 * is described in report.h. Strings go through utf8_sanitize().
 */
#include <jansson.h>
#include <math.h>		/* isfinite() only: no -lm */
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "judge/codediff-text.h"
#include "judge/compare.h"
#include "judge/coverage-text.h"
#include "judge/known.h"
#include "lib/escape.h"
#include "report/report-coverage.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"

static json_t *jstr(const char *s)
{
	return report_json_text(s);
}

static json_t *jnum(double v)
{
	if (!isfinite(v))
		return json_null();
	if (dabs(v) < 9007199254740992.0 && v == (double)(long long)v)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static void jset(json_t *obj, const char *key, json_t *value)
{
	json_object_set_new(obj, key, value ? value : json_null());
}

/* A key that came from the database (a configuration or metric name). */
static void jset_data(json_t *obj, const char *key, json_t *value)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_sanitize(&sb, key, strlen(key));
	jset(obj, sb.buf, value);
	strbuf_release(&sb);
}

/* log_url beside log_path, only with a base for the logs (report --log-url-base). */
static void json_log_url(struct report_out *r, json_t *obj, const char *path)
{
	char *url = report_log_url(r->m, path);

	if (url)
		jset(obj, "log_url", json_string(url));
	free(url);
}

/* Known failures as stored (a line each) as an array of lines; [] for none. */
static json_t *json_known_lines(const char *text)
{
	struct known_set ks = { 0 };
	json_t *arr = json_array();
	size_t i;

	known_set_add_text(&ks, text);
	for (i = 0; i < ks.n; i++)
		json_array_append_new(arr, jstr(ks.lines[i]));
	known_set_free(&ks);
	return arr;
}

static json_t *json_tests(const struct cell *cell)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; i < cell->ntests; i++) {
		const struct report_test *t = &cell->tests[i];
		json_t *jt = json_object();

		jset(jt, "name", jstr(t->name));
		jset(jt, "status", jstr(t->status));
		jset(jt, "reason", jstr(t->reason));
		jset(jt, "duration", t->has_duration ? jnum(t->duration) : json_null());
		jset(jt, "runs", json_integer(t->runs));
		jset(jt, "fails", json_integer(t->fails));
		jset(jt, "known", json_boolean(t->known));
		json_array_append_new(arr, jt);
	}
	return arr;
}

static json_t *json_warnings(struct report_out *r, long ci, size_t cfg)
{
	const struct report_warnings *ws = &r->m->commits[ci].warnings[cfg];
	long parent = parent_of(ci);
	json_t *arr = json_array();
	size_t i;

	for (i = 0; i < ws->n; i++) {
		json_t *w = json_object();

		jset(w, "object", jstr(ws->w[i].object));
		jset(w, "message", jstr(ws->w[i].message));
		jset(w, "new", json_boolean(parent >= 0 && ws->w[i].fresh));
		json_array_append_new(arr, w);
	}
	return arr;
}

static json_t *json_size_pair(const long long v[2])
{
	return v[0] < 0 || v[1] < 0 ? json_null() :
	       json_pack("{s:I, s:I}", "old", (json_int_t)v[0], "new", (json_int_t)v[1]);
}

/* One cell's codediff (codediff.h): its kind, words, what was normalised, what changed. */
static json_t *json_codediff(const struct codediff *d)
{
	json_t *jd = json_object(), *syms = json_array(), *files = json_array();
	json_t *sections = json_array();
	struct strbuf text = STRBUF_INIT;
	size_t i;

	codediff_describe(d, &text);
	jset(jd, "kind", json_string(codediff_kind_name(d->kind)));
	jset(jd, "text", jstr(text.buf));
	jset(jd, "line_entries", json_integer(d->line_entries));
	for (i = 0; i < d->nfiles; i++)
		json_array_append_new(files, json_pack("{s:o, s:i}", "file", jstr(d->files[i].file),
						       "entries", d->files[i].entries));
	jset(jd, "line_files", files);
	for (i = 0; i < d->nsymbols; i++) {
		const struct codediff_symbol *s = &d->symbols[i];
		char type[2] = { s->letter, '\0' };

		json_array_append_new(syms, json_pack("{s:o, s:s, s:o, s:o}", "name", jstr(s->name),
			"type", type, "old_size", s->old_size < 0 ? json_null() :
			json_integer(s->old_size), "new_size", s->new_size < 0 ? json_null() :
			json_integer(s->new_size)));
	}
	jset(jd, "symbols", syms);
	for (i = 0; i < d->nsections; i++)
		json_array_append_new(sections, jstr(d->sections[i]));
	jset(jd, "unexplained_sections", sections);
	jset(jd, "bug_table_changed", json_boolean(d->bug_table_changed));
	jset(jd, "text_bytes", json_size_pair(d->text));
	jset(jd, "data_bytes", json_size_pair(d->data));
	jset(jd, "bss_bytes", json_size_pair(d->bss));
	jset(jd, "codeprint_seconds", d->seconds > 0 ? jnum(d->seconds) : json_null());
	jset(jd, "build_seconds", d->build_seconds > 0 ? jnum(d->build_seconds) : json_null());
	strbuf_release(&text);
	return jd;
}

/* The claim of commit c and, when broken, the finding. */
static void json_commit_claim(struct report_out *r, const struct commit *c, json_t *jc)
{
	const struct codediff_run *cr = &r->m->codediff;
	const struct codediff_finding *f = codediff_run_finding(cr, c->position);
	json_t *jf, *configs, *syms;
	size_t i;

	jset(jc, "claim", c->position > 0 && c->position <= cr->ncommits ?
	     jstr(cr->claims[c->position]) : json_null());
	if (!f) {
		jset(jc, "codediff_finding", json_null());
		return;
	}
	configs = json_array();
	syms = json_array();
	for (i = 0; i < f->nconfigs; i++)
		json_array_append_new(configs, jstr(f->configs[i]));
	for (i = 0; i < f->nsymbols; i++)
		json_array_append_new(syms, jstr(f->symbols[i]));
	jf = json_pack("{s:s, s:o, s:o, s:o}", "finding", "no-change claim broken", "claim",
		       jstr(f->claim), "configs", configs, "symbols", syms);
	jset(jc, "codediff_finding", jf);
}

static json_t *json_commit(struct report_out *r, long ci)
{
	struct commit *c = &r->m->commits[ci];
	json_t *jc = json_object(), *results = json_object(), *metrics = json_object();
	json_t *warnings = json_object(), *noisy = json_object();
	size_t cfg, m;
	int s;

	jset(jc, "position", json_integer(c->position));
	jset(jc, "sha", jstr(c->sha));
	jset(jc, "tree", jstr(c->tree));
	jset(jc, "subject", jstr(c->subject));
	jset(jc, "author", jstr(c->author));
	jset(jc, "patch", jstr(c->patch));
	for (cfg = 0; cfg < r->m->nconfigs; cfg++) {
		json_t *stages = json_object(), *values = json_object(), *nv = json_array();

		for (s = 0; s < NR_STAGES; s++) {
			const struct cell *cell = &c->cells[cfg * NR_STAGES + s];
			json_t *jr;

			if (!cell->id)
				continue;
			jr = json_object();
			jset(jr, "status", json_string(status_names[cell->status]));
			jset(jr, "duration", cell->has_duration ? jnum(cell->duration) :
			     json_null());
			jset(jr, "evidence", jstr(cell->evidence));
			jset(jr, "log_path", jstr(cell->log_path));
			json_log_url(r, jr, cell->log_path);
			jset(jr, "reproduce", jstr(cell->reproduce));
			jset(jr, "cache_key", jstr(cell->cache_key));
			jset(jr, "cached_from", cell->cached_from ?
			     json_integer(cell->cached_from) : json_null());
			jset(jr, "recorded_at", jstr(cell->recorded_at));
			jset(jr, "tries", json_integer(cell->tries));
			jset(jr, "failed_tries", json_integer(cell->failed_tries));
			jset(jr, "confirmed", jstr(cell->confirmed));
			jset(jr, "known", json_known_lines(cell->known));
			jset(jr, "tests", json_tests(cell));
			jset(stages, stage_names[s], jr);
		}
		for (m = 0; m < r->m->nmetrics; m++) {
			size_t k = cfg * r->m->nmetrics + m;

			if (c->has_value[k])
				jset_data(values, r->m->metrics[m], jnum(c->values[k]));
			if (c->has_value[k] && c->noisy[k])
				json_array_append_new(nv, jstr(r->m->metrics[m]));
		}
		jset_data(noisy, r->m->configs[cfg], nv);
		jset_data(results, r->m->configs[cfg], stages);
		jset_data(metrics, r->m->configs[cfg], values);
		jset_data(warnings, r->m->configs[cfg], json_warnings(r, ci, cfg));
	}
	jset(jc, "results", results);
	if (c->position > 0) {
		json_t *cd = json_object();

		for (cfg = 0; cfg < r->m->nconfigs; cfg++) {
			const struct codediff *d = codediff_run_cell(&r->m->codediff, c->position,
								     r->m->configs[cfg]);

			if (d)
				jset_data(cd, r->m->configs[cfg], json_codediff(d));
		}
		jset(jc, "codediff", cd);
		json_commit_claim(r, c, jc);
	}
	jset(jc, "metrics", metrics);
	jset(jc, "noisy_metrics", noisy);
	jset(jc, "warnings", warnings);
	return jc;
}

/* One move past the threshold (report-model.h), as regress.c found it. */
static json_t *json_move(struct report_out *r, size_t cfg, const struct report_move *mv)
{
	const struct report_model *m = r->m;
	const struct commit *c = &m->commits[mv->commit], *p = &m->commits[mv->ref];
	size_t k = cfg * m->nmetrics + mv->metric;
	json_t *j = json_object();

	jset(j, "metric", jstr(m->metrics[mv->metric]));
	jset(j, "unit", jstr(m->directions[k].unit));
	jset(j, "better", jstr(perf_better_name(m->directions[k].better)));
	jset(j, "position", json_integer(c->position));
	jset(j, "sha", jstr(c->sha));
	jset(j, "subject", jstr(c->subject));
	jset(j, "value", jnum(c->values[k]));
	jset(j, "reference_position", json_integer(p->position));
	jset(j, "reference", jnum(p->values[k]));
	jset(j, "delta", jnum(mv->delta));
	/* null: the reference is 0, any move the wrong way from it is past. */
	jset(j, "delta_pct", mv->has_pct ? jnum(mv->pct) : json_null());
	jset(j, "noisy", json_boolean(mv->noisy));
	return j;
}

/*
 * The performance verdicts of a configuration, apart from its functional
 * verdict: regressions[] and noisy_moves[], with the threshold they used.
 */
static void json_perf(struct report_out *r, size_t cfg, json_t *jv)
{
	const struct report_perf *rp = &r->m->perf[cfg];
	json_t *regressions = json_array(), *noisy = json_array();
	size_t i;

	for (i = 0; i < rp->nmoves; i++)
		json_array_append_new(rp->moves[i].noisy ? noisy : regressions,
				      json_move(r, cfg, &rp->moves[i]));
	jset(jv, "regression_threshold_pct", jnum(r->m->threshold));
	jset(jv, "regressions", regressions);
	jset(jv, "noisy_moves", noisy);
}

/* directions.CONFIG.METRIC: unit, better (null: never judged), from. */
static json_t *json_directions(struct report_out *r)
{
	const struct report_model *m = r->m;
	json_t *all = json_object();
	size_t cfg, i;

	for (cfg = 0; cfg < m->nconfigs; cfg++) {
		json_t *jc = json_object();

		for (i = 0; i < m->nmetrics; i++) {
			const struct perf_direction *d = &m->directions[cfg * m->nmetrics + i];

			jset_data(jc, m->metrics[i], json_pack("{s:o, s:o, s:o}",
				  "unit", jstr(d->unit), "better",
				  jstr(perf_better_name(d->better)), "from", jstr(d->from)));
		}
		jset_data(all, m->configs[cfg], jc);
	}
	return all;
}

/* What each commit of a hole did: position, stage, status, builds, what. */
static json_t *json_hole_commits(const struct hole *h)
{
	json_t *arr = json_array();
	int i;

	for (i = 0; i < h->ncommits; i++) {
		const struct hole_commit *c = &h->commits[i];

		json_array_append_new(arr, json_pack("{s:i, s:o, s:o, s:b, s:s}",
			"position", c->position,
			"stage", c->bad ? json_string(stage_names[c->stage]) : json_null(),
			"status", c->bad ? json_string(c->timeout ? "timeout" : "fail") : json_null(),
			"builds", c->builds, "what", hole_commit_what(c)));
	}
	return arr;
}

/*
 * holes[]: every configuration's bisection holes (verdict.h), in config
 * order; text is the line 'first-bad' prints after "config: hole: ".
 */
static json_t *json_holes(struct report_out *r)
{
	json_t *arr = json_array();
	size_t i, k;

	for (i = 0; i < r->m->nconfigs; i++) {
		const struct verdict *v = &r->m->verdicts[i];

		for (k = 0; k < v->nholes; k++) {
			const struct hole *h = &v->holes[k];
			struct strbuf text = STRBUF_INIT;

			hole_text(h, v->commits, NULL, NULL, &text);
			json_array_append_new(arr, json_pack("{s:o, s:i, s:i, s:s, s:i, s:o, s:s}",
				"config", jstr(r->m->configs[i]), "from", h->from, "to", h->to,
				"stage", stage_names[h->stage], "fixed_by", h->fixed_by,
				"commits", json_hole_commits(h), "text", text.buf));
			strbuf_release(&text);
		}
	}
	return arr;
}

/* The changed lines no configuration compiled (coverage.h); null if not recorded. */
static json_t *json_coverage(struct report_out *r)
{
	const struct coverage *cov = &r->m->coverage;
	json_t *j, *by = json_object(), *lines = json_array();
	struct strbuf hint = STRBUF_INIT;
	size_t i, k;

	if (!cov->recorded) {
		json_decref(by);
		json_decref(lines);
		return json_null();
	}
	for (i = 0; i < cov->nconfigs; i++)
		jset_data(by, cov->configs[i], json_integer(cov->compiled_by[i]));
	for (i = 0; i < cov->ncommits; i++) {
		const struct coverage_commit *cc = &cov->commits[i];

		for (k = 0; k < cc->nmissed; k++) {
			const struct coverage_line *l = &cc->missed[k];

			strbuf_reset(&hint);
			coverage_line_hint(l, &hint);
			json_array_append_new(lines, json_pack("{s:i, s:o, s:o, s:I, s:s, s:o, s:b,"
				" s:o, s:o}", "position", cc->position, "sha", jstr(cc->sha), "path",
				jstr(l->path), "line", (json_int_t)l->line, "side",
				l->sign == '+' ? "added" : "removed", "guard", jstr(l->guard),
				"undecided", l->undecided, "arch", jstr(l->arch), "hint",
				jstr(hint.buf)));
		}
	}
	strbuf_release(&hint);
	j = json_object();
	jset(j, "changed_lines", json_integer(cov->changed));
	jset(j, "compiled", json_integer(cov->compiled));
	jset(j, "never_compiled", json_integer(cov->never));
	jset(j, "undecided", json_integer(cov->undecided));
	jset(j, "kconfig_lines", json_integer(cov->kconfig));
	jset(j, "not_judged", json_integer(cov->unjudged));
	jset(j, "compiled_by", by);
	jset(j, "lines", lines);
	return j;
}

/* The run's row, as recorded. */
static json_t *json_run(struct report_out *r)
{
	const struct run_info *run = &r->m->run;
	json_t *jrun = json_object();

	jset(jrun, "id", json_integer(run->id));
	jset(jrun, "series", jstr(run->series));
	jset(jrun, "series_kind", jstr(run->series_kind));
	jset(jrun, "repo", jstr(run->repo));
	jset(jrun, "work_dir", jstr(run->work_dir));
	jset(jrun, "base_version", jstr(run->base_version));
	jset(jrun, "base_sha", jstr(run->base_sha));
	jset(jrun, "tip_sha", jstr(run->tip_sha));
	jset(jrun, "configs", jstr(run->configs));
	jset(jrun, "options", jstr(run->options));
	jset(jrun, "started_at", jstr(run->started_at));
	jset(jrun, "ended_at", jstr(run->ended_at));
	jset(jrun, "state", jstr(run->state));
	jset(jrun, "tool_version", jstr(r->m->run.tool_version));
	jset(jrun, "host", jstr(r->m->run.host));
	return jrun;
}

/* A count of verdict.h where -1 is none: null. */
static json_t *jcount(int n)
{
	return n < 0 ? json_null() : json_integer(n);
}

/*
 * How sure the first bad is, as verdict.c judged it (confidence.h): null
 * without one or at the base; the configuration's known failures and the
 * commits that fixed them.
 */
static void json_confidence(const struct verdict *v, json_t *jv)
{
	json_t *known = json_array(), *fixed = json_array();
	size_t i;

	jset(jv, "confidence", v->bad && !v->base_bad ? jnum(v->confidence) : json_null());
	jset(jv, "kind", jstr(v->kind));
	jset(jv, "boots", json_integer(v->boots));
	jset(jv, "failed_boots", json_integer(v->failed_boots));
	jset(jv, "parent_boots", jcount(v->parent_boots));
	jset(jv, "parent_passes", jcount(v->parent_passes));
	for (i = 0; i < v->known.n; i++)
		json_array_append_new(known, jstr(v->known.lines[i]));
	for (i = 0; i < v->nfixed; i++)
		json_array_append_new(fixed, json_pack("{s:o, s:i}", "line",
				      jstr(v->fixed[i].line), "position", v->fixed[i].position));
	jset(jv, "known", known);
	jset(jv, "fixed", fixed);
}

/*
 * The changed lines configuration cfg compiled, of all of the series'
 * (coverage-text.h), and first-bad's figure; null when coverage is not known.
 */
static void json_verdict_coverage(struct report_out *r, size_t cfg, json_t *jv)
{
	struct strbuf figure = STRBUF_INIT;
	int known = !report_config_coverage(r->m, cfg, &figure);

	jset(jv, "compiled", known ? json_integer(coverage_config_compiled(&r->m->coverage,
					r->m->configs[cfg])) : json_null());
	jset(jv, "changed_lines_total", known ? json_integer(coverage_total(&r->m->coverage)) :
	     json_null());
	jset(jv, "coverage_text", known ? jstr(figure.buf) : json_null());
	strbuf_release(&figure);
}

/*
 * What the series as a whole is: its answer (report-coverage.h), whether
 * every configuration is bisectable, the figures over all configurations
 * and first-bad's series line; the figures and text null when coverage is
 * not known.
 */
static json_t *json_series(struct report_out *r)
{
	const struct coverage *cov = &r->m->coverage;
	struct strbuf line = STRBUF_INIT;
	int known = !report_series_coverage(r->m, &line);
	json_t *j = json_object();

	jset(j, "answer", jstr(report_series_answer(r->m)));
	jset(j, "bisectable", json_boolean(report_series_bisectable(r->m)));
	jset(j, "compiled", known ? json_integer(cov->compiled) : json_null());
	jset(j, "uncompiled", known ? json_integer(coverage_uncompiled(cov)) : json_null());
	jset(j, "changed_lines_total", known ? json_integer(coverage_total(cov)) : json_null());
	jset(j, "share", known ? jnum(coverage_share(cov)) : json_null());
	jset(j, "text", known ? jstr(line.buf) : json_null());
	strbuf_release(&line);
	return j;
}

/* One configuration's verdict: its counts, first error and first bad commit. */
static json_t *json_verdict(struct report_out *r, size_t i)
{
	struct verdict *v = &r->m->verdicts[i];
	json_t *jv = json_object(), *fb = json_null();

	jset(jv, "config", jstr(r->m->configs[i]));
	jset(jv, "commits", json_integer(v->commits));
	jset(jv, "passed", json_integer(v->passed));
	jset(jv, "complete", json_boolean(v->complete));
	jset(jv, "bisectable", json_boolean(v->bisectable));
	json_verdict_coverage(r, i, jv);
	/* The odds of the pass: what the tip's boots rule out (judge/confidence.h). */
	if (v->tip_boots > 0) {
		json_t *odds = json_object();

		jset(odds, "tip_boots", json_integer(v->tip_boots));
		jset(odds, "tip_passes", json_integer(v->tip_passes));
		jset(odds, "flake_rate", json_real(v->flake_rate));
		jset(odds, "rate", json_real(verdict_odds_rate(v->flake_rate)));
		jset(odds, "caught", json_real(v->flake_caught));
		jset(jv, "odds", odds);
	}
	jset(jv, "errors", json_integer(v->errors));
	if (v->errors) {
		json_t *fe = json_object();

		jset(fe, "position", json_integer(v->error_position));
		jset(fe, "stage", json_string(stage_names[v->error_stage]));
		jset(fe, "evidence", jstr(v->error_evidence));
		jset(jv, "first_error", fe);
	} else {
		jset(jv, "first_error", json_null());
	}
	if (v->bad) {
		fb = json_object();
		jset(fb, "position", json_integer(v->position));
		jset(fb, "sha", jstr(v->sha));
		jset(fb, "subject", jstr(v->subject));
		jset(fb, "stage", json_string(stage_names[v->stage]));
		jset(fb, "status", json_string(status_names[status_parse(v->status)]));
		jset(fb, "evidence", jstr(v->evidence));
		jset(fb, "log_path", jstr(v->log_path));
		json_log_url(r, fb, v->log_path);
	}
	jset(jv, "first_bad", fb);
	json_confidence(v, jv);
	json_perf(r, i, jv);
	return jv;
}

/*
 * The base and the tip side by side (compare.h): per configuration, per
 * figure, both ends (null: not measured), the change in percent (null:
 * none) and the unit. NULL when the run stored no figure.
 */
static json_t *json_compare(const struct comparison *c)
{
	json_t *jc, *configs = json_object();
	size_t i, j, figures = 0;
	double pct;

	for (i = 0; i < c->n; i++) {
		json_t *jf = json_object();

		for (j = 0; j < c->configs[i].n; j++) {
			const struct compare_figure *f = &c->configs[i].figures[j];

			json_t *jfig = json_pack("{s:o, s:o, s:o, s:o}",
				"from", f->has_from ? jnum(f->from) : json_null(),
				"to", f->has_to ? jnum(f->to) : json_null(),
				"change_pct", compare_change(f, &pct) ? jnum(pct) : json_null(),
				"unit", jstr(f->unit));

			/* The series' own claim of the figure (its metrics file's declare). */
			if (f->declared) {
				struct compare_figure d = { .has_from = 1, .has_to = 1,
					.from = f->declared_from, .to = f->declared_to };

				jset(jfig, "declared", json_pack("{s:o, s:o, s:o}", "from",
					jnum(d.from), "to", jnum(d.to), "change_pct",
					compare_change(&d, &pct) ? jnum(pct) : json_null()));
			}
			jset_data(jf, f->name, jfig);
			figures++;
		}
		jset_data(configs, c->configs[i].config, jf);
	}
	if (!figures) {
		json_decref(configs);
		return NULL;
	}
	jc = json_pack("{s:i, s:i}", "from", c->from, "to", c->to);
	jset(jc, "configs", configs);
	return jc;
}

/*
 * Only for a run with --arch beyond x86_64: each configuration's
 * architecture (input/arch.h), so the reports of x86_64 runs stay as they were.
 */
static void json_architectures(const struct report_out *r, json_t *root)
{
	json_t *arches = json_object();
	char arch[64];
	size_t i;
	int other = 0;

	for (i = 0; i < r->m->nconfigs; i++) {
		arch_key_split(r->m->configs[i], arch, sizeof(arch));
		other |= strcmp(arch, ARCH_DEFAULT) != 0;
		jset_data(arches, r->m->configs[i], jstr(arch));
	}
	if (other)
		jset(root, "architectures", arches);
	else
		json_decref(arches);
}

static json_t *json_root(struct report_out *r)
{
	json_t *root = json_object(), *configs = json_array();
	json_t *verdicts = json_array(), *commits = json_array(), *names = json_array(), *perf;
	json_t *compare;
	size_t i;

	jset(root, "format", json_string("bisectable-report"));
	jset(root, "format_version", json_integer(1));
	jset(root, "generator", jstr("bisectable " BISECTABLE_VERSION));
	jset(root, "run", json_run(r));
	/* Only for run --only: the reports of whole runs stay those of before. */
	if (r->m->partial) {
		jset(root, "partial", jstr(r->m->partial));
		jset(root, "partial_note", jstr("a comparison of these positions, not a"
						" bisectability verdict"));
	}

	jset(root, "series", json_series(r));
	for (i = 0; i < r->m->nconfigs; i++) {
		json_array_append_new(configs, jstr(r->m->configs[i]));
		json_array_append_new(verdicts, json_verdict(r, i));
	}
	jset(root, "configs", configs);
	json_architectures(r, root);
	jset(root, "verdicts", verdicts);
	jset(root, "holes", json_holes(r));

	for (i = 0; i < r->m->nmetrics; i++)
		json_array_append_new(names, jstr(r->m->metrics[i]));
	jset(root, "metric_names", names);
	jset(root, "metric_directions", json_directions(r));
	perf = json_pack("{s:o, s:s}", "threshold_pct", jnum(r->m->threshold), "against",
			 "parent");
	jset(root, "performance", perf);
	for (i = 0; i < r->m->ncommits; i++)
		json_array_append_new(commits, json_commit(r, i));
	jset(root, "commits", commits);
	jset(root, "coverage", json_coverage(r));
	/* Only with figures, as the HTML report's section. */
	compare = json_compare(&r->m->compare);
	if (compare)
		jset(root, "compare", compare);
	return root;
}


void report_json(struct report_out *r)
{
	json_t *root = json_root(r);

	report_flush(r);
	if (json_dumpf(root, r->out, JSON_INDENT(2)) < 0 || fputc('\n', r->out) == EOF)
		r->write_error = 1;
	json_decref(root);
}
