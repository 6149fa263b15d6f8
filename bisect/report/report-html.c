// SPDX-License-Identifier: GPL-2.0
/*
 * report-html.c - the report as one self-contained HTML page (no script, no
 * external asset): the run, the verdicts, the matrix of commits x
 * configurations x stages (a cell that is not pass opens to its evidence,
 * log excerpt, smoke tests, new warnings and reproducer), the performance
 * regressions apart from that and the metrics with their deltas
 * (report-html-metrics.c), and the charts of report-svg.c.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "report/report-confidence.h"
#include "report/report-html-common.h"
#include "report/report-html-metrics.h"
#include "report/report-model.h"
#include "report/report-options.h"
#include "lib/util.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"

#define WARNINGS_MAX	50		/* new warnings listed for one cell */

/* What a cell shows for each status. */
static const char *const status_marks[NR_STATUSES] = {
	[ST_NONE]	= "\xc2\xb7 not run",		/* · */
	[ST_PASS]	= "\xe2\x9c\x93 pass",		/* ✓ */
	[ST_FAIL]	= "\xe2\x9c\x97 FAIL",		/* ✗ */
	[ST_TIMEOUT]	= "\xe2\x97\xb7 timeout",	/* ◷ */
	[ST_SKIP]	= "\xe2\x80\x93 skip",		/* – */
	[ST_ERROR]	= "\xe2\x9a\xa0 error",		/* ⚠ */
};

static const char html_style[] =
	":root{color-scheme:light}\n"
	"body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",\"DejaVu Sans\",sans-serif;"
	"margin:1.5em;color:#1b1b1b;background:#fff}\n"
	"h1{font-size:1.5em;margin:0 0 .6em}\n"
	"h2{font-size:1.2em;margin:1.8em 0 .6em;border-bottom:1px solid #ccc}\n"
	"h3{font-size:1.05em;margin:1.2em 0 .4em}\n"
	"table{border-collapse:collapse}\n"
	/* Wide tables scroll inside the page; the page itself never does. */
	".scroll{overflow-x:auto;max-width:100%}\n"
	"table.info td{overflow-wrap:anywhere}\n"
	"table#options{margin:0}\n"
	"table#options th{width:auto;font-weight:400}\n"
	"details.cov-file>summary code{font-weight:600}\n"
	"details.cov-commit>summary{color:#7a4000;font-size:85%}\n"
	"th,td{border:1px solid #d0d0d0;padding:3px 7px;vertical-align:top;text-align:left}\n"
	"th{background:#f1f3f5;font-weight:600}\n"
	"table.info th{width:10em}\n"
	"code,pre{font-family:\"DejaVu Sans Mono\",Menlo,Consolas,monospace;font-size:90%}\n"
	"pre{margin:.3em 0;white-space:pre-wrap;word-break:break-all}\n"
	".note{color:#555;font-size:90%}\n"
	".pass{background:#e2f3e0;color:#135c1b}\n"
	".fail{background:#fbdcdc;color:#8c0b0b;font-weight:700}\n"
	".timeout{background:#fde6c8;color:#7a4000;font-weight:700}\n"
	".skip{background:#ececec;color:#555}\n"
	".error{background:#e9e2f6;color:#4a2a80;font-weight:700}\n"
	".none{background:#fff;color:#999}\n"
	".ok{color:#135c1b;font-weight:700}\n"
	".bad{color:#8c0b0b;font-weight:700}\n"
	".pending{color:#7a4000;font-weight:700}\n"
	"table.matrix th.grp,table.matrix td.grp{border-left:3px solid #777}\n"
	"table.matrix td.cell{white-space:nowrap}\n"
	"table.matrix td.subj{min-width:16em;max-width:34em}\n"
	".author{display:block;color:#666;font-size:85%}\n"
	"table.matrix tr.base td{background:#f7f7f7}\n"
	"td.first-bad{outline:3px solid #c00;outline-offset:-3px}\n"
	".tag{display:inline-block;font-size:75%;font-weight:400;border:1px solid currentColor;"
	"border-radius:3px;padding:0 3px;margin-left:4px;vertical-align:1px}\n"
	".tag.first{background:#c00;color:#fff;border-color:#c00}\n"
	"summary{cursor:pointer}\n"
	".detail{width:44em;max-width:85vw;white-space:normal;font-weight:400;color:#1b1b1b;"
	"background:#fff;border:1px solid #bbb;padding:.4em .6em;margin:.3em 0}\n"
	".detail p{margin:.3em 0}\n"
	".detail ul{margin:.2em 0;padding-left:1.4em}\n"
	"pre.log{max-height:26em;overflow:auto;background:#f8f8f8;border:1px solid #ddd;"
	"padding:4px 6px;font-size:80%}\n"
	"pre.log mark{background:#ffe066;font-weight:700}\n"
	"td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
	".delta{display:block;font-size:78%;color:#555}\n"
	".delta.worse{color:#a31515}\n"
	".delta.better{color:#13700f}\n"
	/* A performance regression is marked, not red: it is not a failure. */
	"td.perf-regression{background:#fff3d1}\n"
	".tag.perf{background:#8a5300;color:#fff;border-color:#8a5300;font-weight:700}\n"
	"td.noisy{color:#777;font-style:italic}\n"
	".tag.noisy{color:#666;font-style:normal}\n"
	"tr.units th{font-weight:400;font-size:80%;color:#555}\n"
	".charts{display:flex;flex-wrap:wrap;gap:1em}\n"
	".charts svg{border:1px solid #ddd;background:#fff;max-width:100%;height:auto}\n"
	"figure.chart{margin:0;width:560px;max-width:100%}\n"
	"figure.chart figcaption{font-weight:700;font-size:13px;margin:0 0 .2em}\n"
	"footer{margin-top:2.5em;color:#666;font-size:85%}\n";

static void html_info_row(struct report_out *r, const char *label, const char *value)
{
	struct strbuf *o = &r->buf;

	strbuf_addf(o, "<tr><th>%s</th><td>", label);
	if (empty(value))
		strbuf_addstr(o, "\xe2\x80\x94");	/* — */
	else
		html_escape(o, value);
	strbuf_addstr(o, "</td></tr>\n");
}

/*
 * The compiler each configuration was built with (CONFIG_CC_VERSION_TEXT of
 * its kept .config): one name when they all agree, else "config: name" each.
 */
static void html_compilers_row(struct report_out *r)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	const char *first = NULL;
	size_t i, known = 0, same = 1;

	for (i = 0; m->compilers && i < m->nconfigs; i++) {
		if (!m->compilers[i])
			continue;
		if (first && strcmp(first, m->compilers[i]))
			same = 0;
		if (!first)
			first = m->compilers[i];
		known++;
	}
	if (!known)
		return;
	if (same && known == m->nconfigs) {
		html_info_row(r, "Compiler", first);
		return;
	}
	strbuf_addstr(o, "<tr><th>Compiler</th><td>");
	for (i = 0, known = 0; i < m->nconfigs; i++) {
		if (!m->compilers[i])
			continue;
		if (known++)
			strbuf_addstr(o, "<br>");
		strbuf_addstr(o, "<b>");
		html_escape(o, m->configs[i]);
		strbuf_addstr(o, "</b> ");
		html_escape(o, m->compilers[i]);
	}
	strbuf_addstr(o, "</td></tr>\n");
}

/*
 * The options that differ from 'bisectable run's defaults, as a table
 * inside the run's one (the JSON document runs past any page).
 */
static void html_options_row(struct report_out *r, const char *json)
{
	struct strbuf *o = &r->buf;
	struct report_option *rows;
	ssize_t n = report_options_changed(json, &rows), i;

	if (n < 0) {
		html_info_row(r, "Options", json);
		return;
	}
	strbuf_addstr(o, "<tr><th>Options</th><td>");
	if (!n)
		strbuf_addstr(o, "the defaults");
	else
		strbuf_addstr(o, "<table id=\"options\">\n");
	for (i = 0; i < n; i++) {
		strbuf_addf(o, "<tr><th>%s</th><td>", rows[i].label);
		html_escape(o, rows[i].value);
		strbuf_addstr(o, "</td></tr>\n");
	}
	if (n)
		strbuf_addstr(o, "</table>\n<span class=\"note\">(what differs from the"
			      " defaults of <code>bisectable run</code>)</span>");
	strbuf_addstr(o, "</td></tr>\n");
	report_options_free(rows, n);
}

static void html_header(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	const struct run_info *run = &r->m->run;

	strbuf_addstr(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
		      " style-src 'unsafe-inline'\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		      "<meta name=\"generator\" content=\"bisectable ");
	html_escape(o, BISECTABLE_VERSION);
	strbuf_addf(o, "\">\n<title>bisectable run %lld: ", run->id);
	html_escape(o, run->series);
	strbuf_addf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", html_style);

	strbuf_addf(o, "<header>\n<h1>Bisect report: run %lld</h1>\n"
		    "<div class=\"scroll\">\n<table class=\"info\" id=\"run\">\n", run->id);
	strbuf_addstr(o, "<tr><th>Series</th><td>");
	html_escape(o, run->series);
	if (!empty(run->series_kind)) {
		strbuf_addstr(o, " <span class=\"note\">(");
		html_escape(o, run->series_kind);
		strbuf_addstr(o, ")</span>");
	}
	strbuf_addstr(o, "</td></tr>\n");
	if (!empty(run->repo))
		html_info_row(r, "Repository", run->repo);
	strbuf_addstr(o, "<tr><th>Base</th><td>");
	html_escape(o, run->base_version);
	html_sha(o, " ", run->base_sha);
	strbuf_addstr(o, "</td></tr>\n<tr><th>Tip</th><td>");
	if (!html_sha(o, "", run->tip_sha))
		strbuf_addstr(o, "\xe2\x80\x94");
	strbuf_addf(o, " <span class=\"note\">(%zu commit%s)</span></td></tr>\n", r->m->ncommits,
		    r->m->ncommits == 1 ? "" : "s");
	html_info_row(r, "Started", run->started_at);
	html_info_row(r, "Ended", run->ended_at);
	strbuf_addstr(o, "<tr><th>State</th><td>");
	html_escape(o, run->state);
	if (run->state && !strcmp(run->state, "running"))
		strbuf_addstr(o, " <span class=\"note\">(results so far)</span>");
	strbuf_addstr(o, "</td></tr>\n");
	html_info_row(r, "Configurations", run->configs);
	html_options_row(r, run->options);
	html_compilers_row(r);
	html_info_row(r, "Host", r->m->run.host);
	html_info_row(r, "Tool version", r->m->run.tool_version);
	strbuf_addstr(o, "</table>\n</div>\n</header>\n");
}

/* A commit of a hole: "2/4", a link to its column, its subject as title. */
static void html_hole_ref(struct strbuf *o, int position, int commits, void *data)
{
	struct report_out *r = data;
	const struct commit *c = report_commit_at(r->m, position);

	strbuf_addf(o, "<a href=\"#commit-%d\" title=\"", position);
	html_escape(o, c ? c->subject : "");
	strbuf_addf(o, "\">%d/%d</a>", position, commits);
}

/*
 * The bisection holes (verdict.h): broken commits that a later commit
 * fixes, where 'git bisect' would stop on a commit the tip hides. In the
 * words of every output (hole_text).
 */
static void html_holes(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	size_t i, k, n = 0;

	for (i = 0; i < r->m->nconfigs; i++)
		n += r->m->verdicts[i].nholes;
	if (!n)
		return;
	strbuf_addstr(o, "<h3>Bisection holes</h3>\n<p>Broken commits that a later commit"
		      " fixes: <code>git bisect</code> can stop on one of them although the"
		      " tip works.</p>\n<ul class=\"holes\">\n");
	for (i = 0; i < r->m->nconfigs; i++) {
		const struct verdict *v = &r->m->verdicts[i];

		for (k = 0; k < v->nholes; k++) {
			const struct hole *h = &v->holes[k];

			strbuf_addstr(o, "<li class=\"hole\" data-config=\"");
			html_escape(o, r->m->configs[i]);
			strbuf_addf(o, "\" data-from=\"%d\" data-to=\"%d\"><b>", h->from, h->to);
			html_escape(o, r->m->configs[i]);
			strbuf_addstr(o, "</b>: <span class=\"bad\">");
			hole_text(h, v->commits, html_hole_ref, r, o);
			strbuf_addstr(o, "</span></li>\n");
		}
	}
	strbuf_addf(o, "</ul>\n<p class=\"repair\">To close them, keeping the tip tree"
		    " byte-identical: <code>bisectable repair --run %lld</code></p>\n",
		    r->m->run.id);
}

/* Under a first bad commit at boot or test: its boots and the confidence. */
static void html_confidence(struct report_out *r, size_t cfg)
{
	struct strbuf text = STRBUF_INIT;

	if (confidence_text(r->m, cfg, &text)) {
		strbuf_addstr(&r->buf, "<br><span class=\"note confidence\">");
		html_escape(&r->buf, text.buf);
		strbuf_addstr(&r->buf, "</span>");
	}
	strbuf_release(&text);
}

static void html_verdicts(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	size_t i;

	strbuf_addstr(o, "<section id=\"verdicts\">\n<h2>Verdict</h2>\n<div class=\"scroll\">\n"
		      "<table class=\"verdicts\">\n"
		      "<tr><th>Configuration</th><th>Verdict</th><th>Stage</th><th>Evidence</th>"
		      "<th>Commits passing every stage</th></tr>\n");
	for (i = 0; i < r->m->nconfigs; i++) {
		struct verdict *v = &r->m->verdicts[i];

		strbuf_addstr(o, "<tr class=\"verdict\" data-config=\"");
		html_escape(o, r->m->configs[i]);
		strbuf_addstr(o, "\"><th>");
		html_escape(o, r->m->configs[i]);
		strbuf_addstr(o, "</th><td>");
		if (v->bad) {
			strbuf_addstr(o, "<span class=\"bad\">\xe2\x9c\x97 first bad:</span> "
				      "<a href=\"#first-bad-");
			html_escape(o, r->m->configs[i]);
			strbuf_addstr(o, "\">");
			html_commit_ref(r, v->sha, v->position, v->subject);
			strbuf_addstr(o, "</a>");
			html_confidence(r, i);
			strbuf_addf(o, "</td><td class=\"%s\">%s %s</td><td>",
				    status_names[status_parse(v->status)], stage_names[v->stage],
				    status_marks[status_parse(v->status)]);
			if (!empty(v->evidence)) {
				strbuf_addstr(o, "<code>");
				html_escape(o, v->evidence);
				strbuf_addstr(o, "</code>");
			}
			strbuf_addstr(o, "</td>");
		} else if (!v->has_results) {
			strbuf_addstr(o, "<span class=\"pending\">no results</span></td>"
				      "<td></td><td></td>");
		} else if (v->bisectable) {
			struct strbuf odds = STRBUF_INIT;

			verdict_odds_text(v, &odds);
			strbuf_addstr(o, "<span class=\"ok\">\xe2\x9c\x93 bisectable</span></td>"
				      "<td></td><td>every commit passes every stage");
			html_verdict_coverage(r, i);
			if (odds.len) {
				strbuf_addstr(o, "; ");
				html_escape(o, odds.buf);
			}
			strbuf_addstr(o, "</td>");
			strbuf_release(&odds);
		} else if (v->errors) {
			strbuf_addf(o, "<span class=\"pending\">incomplete</span></td><td class="
				    "\"error\">%s %s</td><td>%d error%s of the machine, not verified"
				    " there; the first at %d/%d: <code>",
				    stage_names[v->error_stage], status_marks[ST_ERROR], v->errors,
				    v->errors == 1 ? "" : "s", v->error_position, v->commits);
			html_escape(o, v->error_evidence ? v->error_evidence : "");
			strbuf_addstr(o, "</code></td>");
		} else if (!v->complete) {
			strbuf_addstr(o, "<span class=\"pending\">no failure so far</span></td>"
				      "<td></td><td>not every commit has all four stages yet</td>");
		} else {
			strbuf_addstr(o, "<span class=\"pending\">no failure</span></td>"
				      "<td></td><td>not every commit passes every stage"
				      " (skipped)</td>");
		}
		strbuf_addf(o, "<td class=\"num\">%d of %d</td></tr>\n", v->passed, v->commits);
	}
	strbuf_addstr(o, "</table>\n</div>\n");
	html_series_coverage(r);
	html_holes(r);
	html_known(r);
	strbuf_addstr(o, "</section>\n");
}

static void html_tests(struct report_out *r, const struct cell *cell)
{
	struct strbuf *o = &r->buf;
	int passed = 0, listed = 0;
	size_t i;

	for (i = 0; i < cell->ntests; i++) {
		const struct report_test *t = &cell->tests[i];

		if (!strcmp(t->status, "pass")) {
			passed++;
			continue;
		}
		if (!listed++)
			strbuf_addstr(o, "<p><b>Smoke tests not passing:</b></p>"
				      "<ul class=\"tests\">");
		strbuf_addstr(o, "<li><code>");
		html_escape(o, t->name);
		strbuf_addstr(o, "</code> ");
		html_escape(o, t->status);
		if (t->runs > 1)
			strbuf_addf(o, " (%d of %d runs)", t->fails, t->runs);
		if (t->known)
			strbuf_addstr(o, " <span class=\"tag known\">known</span>");
		if (t->reason) {
			strbuf_addstr(o, ": ");
			html_escape(o, t->reason);
		}
		strbuf_addstr(o, "</li>");
	}
	if (listed)
		strbuf_addstr(o, "</ul>");
	if (cell->ntests)
		strbuf_addf(o, "<p class=\"note\">%d of %zu tests passed.</p>", passed,
			    cell->ntests);
}

/*
 * The warnings of a commit x config that were not there at the previous
 * commit (all of them if there is none), at most WARNINGS_MAX.
 */
static void html_warnings(struct report_out *r, long ci, size_t cfg)
{
	const struct report_warnings *ws = &r->m->commits[ci].warnings[cfg];
	struct strbuf *o = &r->buf;
	long parent = parent_of(ci);
	size_t i;
	int n = 0;

	for (i = 0; i < ws->n; i++) {
		const struct report_warning *w = &ws->w[i];

		if (!w->fresh)
			continue;
		if (n == 0) {
			if (parent >= 0)
				strbuf_addf(o, "<p><b>New warnings</b> (not at %d):</p>"
					    "<ul class=\"warnings\">",
					    r->m->commits[parent].position);
			else
				strbuf_addstr(o, "<p><b>Warnings</b> (no earlier commit to compare"
					      " with):</p><ul class=\"warnings\">");
		}
		if (n++ >= WARNINGS_MAX)
			continue;
		strbuf_addstr(o, "<li><code>");
		html_escape(o, w->message);
		strbuf_addstr(o, "</code>");
		if (*w->object) {
			strbuf_addstr(o, " <span class=\"note\">(");
			html_escape(o, w->object);
			strbuf_addstr(o, ")</span>");
		}
		strbuf_addstr(o, "</li>");
	}
	if (n > WARNINGS_MAX)
		strbuf_addf(o, "<li>and %d more</li>", n - WARNINGS_MAX);
	if (n)
		strbuf_addstr(o, "</ul>");
}

static void html_excerpt_lines(struct report_out *r, const struct excerpt *ex)
{
	struct strbuf *o = &r->buf;
	const char *p = ex->text.buf, *end = p + ex->text.len;
	long i = 0;

	strbuf_addstr(o, "<pre class=\"log\">");
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (i == ex->marked)
			strbuf_addstr(o, "<mark>");
		html_escape_n(o, p, len);
		if (i == ex->marked)
			strbuf_addstr(o, "</mark>");
		strbuf_addstr(o, "\n");
		p = nl ? nl + 1 : end;
		i++;
	}
	strbuf_addstr(o, "</pre>");
}

/*
 * "<p><b>Log</b> <code>PATH</code>": with a base for the logs (report
 * --log-url-base), the path is a link a reader of the report can open.
 */
static void html_log_path(struct report_out *r, const char *path)
{
	struct strbuf *o = &r->buf;
	char *url = report_log_url(r->m, path);

	strbuf_addstr(o, "<p><b>Log</b> ");
	if (url) {
		strbuf_addstr(o, "<a href=\"");
		html_escape(o, url);
		strbuf_addstr(o, "\">");
	}
	strbuf_addstr(o, "<code>");
	html_escape(o, path);
	strbuf_addstr(o, url ? "</code></a>" : "</code>");
	free(url);
}

static void html_cell_details(struct report_out *r, long ci, size_t cfg, enum stage stage,
			      const struct cell *cell)
{
	struct strbuf *o = &r->buf;
	struct excerpt ex;

	strbuf_addstr(o, "<div class=\"detail\">");
	if (!empty(cell->evidence)) {
		strbuf_addstr(o, "<p><b>Evidence:</b> <code class=\"evidence\">");
		html_escape(o, cell->evidence);
		strbuf_addstr(o, "</code></p>");
	}
	if (cell->has_duration || !empty(cell->recorded_at)) {
		strbuf_addstr(o, "<p class=\"note\">");
		if (cell->has_duration)
			strbuf_addf(o, "%.1f s. ", cell->duration);
		if (!empty(cell->recorded_at)) {
			strbuf_addstr(o, "Recorded ");
			html_escape(o, cell->recorded_at);
			strbuf_addstr(o, ".");
		}
		if (cell->cached_from)
			strbuf_addf(o, " Reused from the cache (result %lld).", cell->cached_from);
		strbuf_addstr(o, "</p>");
	}
	html_cell_boots_known(r, cell);
	if (!empty(cell->log_path)) {
		if (log_excerpt(r->m->db_dir, cell, stage, &ex) == 0) {
			html_log_path(r, cell->log_path);
			strbuf_addf(o, ", %s%s:</p>", ex.what, ex.cut ? " (others left out)" : "");
			html_excerpt_lines(r, &ex);
			excerpt_release(&ex);
		} else {
			html_log_path(r, cell->log_path);
			strbuf_addstr(o, " (not readable where this report was made)</p>");
		}
	}
	html_tests(r, cell);
	if (stage == STAGE_BUILD)
		html_warnings(r, ci, cfg);
	if (!empty(cell->reproduce)) {
		strbuf_addstr(o, "<p><b>Reproduce:</b></p><pre><code class=\"reproduce\">");
		html_escape(o, cell->reproduce);
		strbuf_addstr(o, "</code></pre>");
	}
	strbuf_addstr(o, "</div>");
}

static void html_cell(struct report_out *r, long ci, size_t cfg, enum stage stage)
{
	struct strbuf *o = &r->buf;
	struct commit *c = &r->m->commits[ci];
	const struct cell *cell = &c->cells[cfg * NR_STAGES + stage];
	struct verdict *v = &r->m->verdicts[cfg];
	int first = v->bad && v->position == c->position && v->stage == stage;
	int nwarn = 0;

	strbuf_addf(o, "<td class=\"cell %s%s%s\"", status_names[cell->status],
		    stage == STAGE_APPLY ? " grp" : "", first ? " first-bad" : "");
	if (first) {
		strbuf_addstr(o, " id=\"first-bad-");
		html_escape(o, r->m->configs[cfg]);
		strbuf_addstr(o, "\"");
	}
	strbuf_addstr(o, " data-config=\"");
	html_escape(o, r->m->configs[cfg]);
	strbuf_addf(o, "\" data-stage=\"%s\" data-position=\"%d\">", stage_names[stage],
		    c->position);

	/* A pass opens too when it met known failures: which, and its tests. */
	if (cell->id && (cell->status != ST_PASS || cell->known)) {
		strbuf_addf(o, "<details><summary>%s", status_marks[cell->status]);
		if (first)
			strbuf_addstr(o, "<span class=\"tag first\">first bad</span>");
		html_cell_marks(r, cell);
		if (cell->cached_from)
			strbuf_addstr(o, "<span class=\"tag cached\">cached</span>");
		strbuf_addstr(o, "</summary>");
		html_cell_details(r, ci, cfg, stage, cell);
		strbuf_addstr(o, "</details>");
	} else {
		strbuf_addstr(o, status_marks[cell->status]);
		html_cell_marks(r, cell);
		if (cell->cached_from)
			strbuf_addf(o, "<span class=\"tag cached\" title=\"reused from result"
				    " %lld\">cached</span>", cell->cached_from);
		if (cell->id && stage == STAGE_BUILD && parent_of(ci) >= 0)
			nwarn = r->m->commits[ci].warnings[cfg].nfresh;
		if (nwarn) {
			strbuf_addf(o, "<details class=\"warn\"><summary>\xe2\x9a\xa0 %d new"
				    " warning%s</summary><div class=\"detail\">", nwarn,
				    nwarn == 1 ? "" : "s");
			html_warnings(r, ci, cfg);
			strbuf_addstr(o, "</div></details>");
		}
	}
	if (cell->id && stage == STAGE_BUILD && c->position > 0)
		html_codediff_cell(r, c->position, r->m->configs[cfg]);
	strbuf_addstr(o, "</td>");
}

static void html_matrix(struct report_out *r)
{
	struct strbuf *o = &r->buf;
	size_t i, cfg;
	int s;

	strbuf_addstr(o, "<section id=\"matrix\">\n<h2>Matrix</h2>\n<p class=\"note\">"
		      "<span class=\"pass\">\xe2\x9c\x93 pass</span> "
		      "<span class=\"fail\">\xe2\x9c\x97 FAIL</span> "
		      "<span class=\"timeout\">\xe2\x97\xb7 timeout</span> "
		      "<span class=\"skip\">\xe2\x80\x93 skip</span> "
		      "<span class=\"error\">\xe2\x9a\xa0 error</span> (the machine failed,"
		      " not the commit: not verified, not cached, tried again) "
		      "<span class=\"none\">\xc2\xb7 not run</span>. "
		      "A cell that is not pass opens to show its evidence, log, smoke tests,"
		      " new warnings and the command that reproduces it. <span class=\"tag\">"
		      "cached</span>: the result was reused from an identical earlier build."
		      " The first bad cell of each configuration is framed.</p>\n");
	html_matrix_legend_more(r);
	strbuf_addstr(o, "<div class=\"scroll\">\n<table class=\"matrix\">\n<thead>\n"
		      "<tr><th rowspan=\"2\">#</th><th rowspan=\"2\">commit</th>"
		      "<th rowspan=\"2\">subject and author</th>");
	for (cfg = 0; cfg < r->m->nconfigs; cfg++) {
		strbuf_addstr(o, "<th colspan=\"4\" class=\"grp\">");
		html_escape(o, r->m->configs[cfg]);
		strbuf_addstr(o, "</th>");
	}
	strbuf_addstr(o, "</tr>\n<tr>");
	for (cfg = 0; cfg < r->m->nconfigs; cfg++)
		for (s = 0; s < NR_STAGES; s++)
			strbuf_addf(o, "<th%s>%s</th>", s ? "" : " class=\"grp\"", stage_names[s]);
	strbuf_addstr(o, "</tr>\n</thead>\n<tbody>\n");

	for (i = 0; i < r->m->ncommits; i++) {
		struct commit *c = &r->m->commits[i];

		strbuf_addf(o, "<tr id=\"commit-%d\"%s><td class=\"num\">%d</td><td>",
			    c->position, c->position ? "" : " class=\"base\"", c->position);
		if (!html_sha(o, "", c->sha))
			strbuf_addstr(o, "<span class=\"note\">not applied</span>");
		strbuf_addstr(o, "</td><td class=\"subj\">");
		if (!c->position)
			strbuf_addstr(o, "<span class=\"tag\">base</span> ");
		html_escape(o, c->subject);
		if (!empty(c->author)) {
			strbuf_addstr(o, "<span class=\"author\">");
			html_escape(o, c->author);
			strbuf_addstr(o, "</span>");
		}
		html_commit_coverage(r, c->position);
		html_codediff_commit(r, c->position);
		strbuf_addstr(o, "</td>");
		for (cfg = 0; cfg < r->m->nconfigs; cfg++)
			for (s = 0; s < NR_STAGES; s++)
				html_cell(r, i, cfg, s);
		strbuf_addstr(o, "</tr>\n");
		report_maybe_flush(r);
	}
	strbuf_addstr(o, "</tbody>\n</table>\n</div>\n</section>\n");
}

void report_html(struct report_out *r)
{
	char *now = now_iso8601();

	html_header(r);
	html_partial(r);
	html_verdicts(r);
	html_matrix(r);
	report_maybe_flush(r);
	html_performance(r);
	html_metrics(r);
	html_compare(r);
	html_coverage(r);
	strbuf_addstr(&r->buf, "<footer>Generated by bisectable ");
	html_escape(&r->buf, BISECTABLE_VERSION);
	strbuf_addstr(&r->buf, " at ");
	html_escape(&r->buf, now);
	strbuf_addstr(&r->buf, ".</footer>\n</body>\n</html>\n");
	free(now);
}
