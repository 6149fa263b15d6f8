// SPDX-License-Identifier: GPL-2.0
/*
 * report-email.c - the report as a plain-text mail in the shape of the
 * kernel test robot's: a reply in the series' thread when it came as mails
 * (report-email-headers.c), the tree, base and series, the trailers a fix
 * copies (report-email-tags.c), then per configuration
 * the first bad commit, its stage, the lines that show why (new ones
 * prefixed ">> "), the commands that reproduce it and the configuration
 * fragment, and the bisection holes. A first bad commit at boot or test
 * says how many of its boots failed and how sure it is; the known
 * failures of a configuration (its base's, not counted) are listed under
 * its line, "known at the base, not counted: ...". A bisectable verdict says
 * how many of the series' changed lines its configuration compiled, and the
 * series line of 'bisectable first-bad' follows the verdicts, then each
 * commit that claims no change and whose machine code changed (the finding
 * "no-change claim broken", judge/codediff-run.h); regzbot's line, when a
 * commit broke what the base passed, comes last.
 *
 * Everything from the database or a log goes through mail_text()
 * (report-email-text.c): one line of printable UTF-8, so a subject or a log
 * line cannot add a header or end the headers early. The headers are
 * report-email-headers.c's; message ids are taken again through
 * mail_msg_ids() there.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report-confidence.h"
#include "report/report-coverage.h"
#include "step/kbuild.h"
#include "report/report-email-headers.h"
#include "report/report-email-tags.h"
#include "report/report-email-text.h"
#include "judge/codediff-text.h"
#include "judge/compare.h"
#include "judge/partial.h"
#include "report/report-model.h"
#include "lib/util.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"

/* The configuration whose first bad commit comes first (not the base), or -1. */
static long first_bad_config(const struct report_model *m)
{
	long best = -1;
	size_t i;

	for (i = 0; i < m->nconfigs; i++) {
		const struct verdict *v = &m->verdicts[i];

		if (v->bad && !v->base_bad &&
		    (best < 0 || v->position < m->verdicts[best].position))
			best = i;
	}
	return best;
}

static void email_intro(struct report_out *r, long cfg)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	const struct commit *base = report_commit_at(m, 0);
	size_t i;

	strbuf_addstr(o, "Hi,\n\nbisectable built, booted and tested each commit of this series"
		      "\non its own.");
	if (cfg >= 0) {
		strbuf_addf(o, " Patch %d/%d is the first that breaks ", m->verdicts[cfg].position,
			    m->last_position);
		mail_text(o, m->configs[cfg], 100);
		strbuf_addstr(o, ".");
	}
	if (email_count_regressions(m))
		strbuf_addf(o, "\nIt found %zu performance regression%s, listed below.",
			    email_count_regressions(m), email_count_regressions(m) == 1 ? "" : "s");
	strbuf_addstr(o, "\n\n");
	strbuf_addstr(o, "tree/base: linux ");
	mail_text(o, m->run.base_version, 100);
	strbuf_addstr(o, " ");
	mail_text(o, m->run.base_sha, 100);
	if (base && base->subject) {
		strbuf_addstr(o, " (\"");
		mail_text(o, base->subject, MAIL_LINE_MAX);
		strbuf_addstr(o, "\")");
	}
	strbuf_addstr(o, "\nseries:    ");
	mail_text(o, m->run.series, MAIL_LINE_MAX);
	strbuf_addstr(o, " (");
	mail_text(o, m->run.series_kind, 20);
	strbuf_addf(o, ", %d patches)\n", m->last_position);
	strbuf_addstr(o, "configs:   ");
	for (i = 0; i < m->nconfigs; i++) {
		strbuf_addstr(o, i ? " " : "");
		mail_text(o, m->configs[i], 100);
	}
	strbuf_addf(o, "\nrun:       %lld (", m->run.id);
	mail_text(o, m->run.state, 20);
	strbuf_addstr(o, ", started ");
	mail_text(o, m->run.started_at, 40);
	strbuf_addstr(o, ") on ");
	mail_text(o, m->run.host, 100);
	strbuf_addstr(o, ", bisectable ");
	mail_text(o, m->run.tool_version, 40);
	strbuf_addstr(o, "\n\n");
}

/* The lines of a log excerpt, new ones (the errors, the evidence) prefixed ">> ". */
static void email_evidence(struct report_out *r, const struct cell *cell, enum stage stage)
{
	struct strbuf *o = &r->buf;
	struct excerpt ex;
	const char *p, *end;
	long line = 0;
	int marked = 0;

	strbuf_addstr(o, stage == STAGE_BUILD ? "All errors (new ones prefixed by >>):\n\n" :
		      stage == STAGE_APPLY ? "git am says (new lines prefixed by >>):\n\n" :
		      "Console excerpt (new lines prefixed by >>):\n\n");
	if (stage == STAGE_APPLY || log_excerpt(r->m->db_dir, cell, stage, &ex) < 0 ||
	    !ex.text.len) {
		if (stage != STAGE_APPLY)
			excerpt_release(&ex);
		strbuf_addstr(o, ">> ");
		mail_text(o, empty(cell->evidence) ? status_names[cell->status] : cell->evidence,
			  MAIL_LINE_MAX);
		strbuf_addstr(o, "\n\n");
		return;
	}
	for (p = ex.text.buf; *p; p = end + 1, line++) {
		struct kbuild_line kl;
		int is_new;

		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		kl.s = p;
		kl.len = end - p;
		is_new = line == ex.marked ||
			 (stage == STAGE_BUILD && kbuild_problem(&kl));
		marked |= is_new;
		mail_tree_line(o, r->m->run.work_dir, is_new ? ">> " : "   ", p, end - p);
		if (!*end)
			break;
	}
	if (!marked && !empty(cell->evidence)) {
		strbuf_addstr(o, ">> ");
		mail_text(o, cell->evidence, MAIL_LINE_MAX);
		strbuf_addstr(o, "\n");
	}
	strbuf_addstr(o, "\n");
	excerpt_release(&ex);
}

static int test_failed(const struct report_test *t)
{
	return strcmp(t->status, "pass") && strcmp(t->status, "skip");
}

/*
 * A failing test's own part of the console: from the guest's
 * "BISECTABLE-TEST-BEGIN name" line to its "BISECTABLE-END" line, at most
 * SECTION_LINES of it, its "not ok" and "# fail" lines new (">> ").
 * Returns 0 if the console has no such part.
 */
/* A line where the guest or its kernel says something went wrong. */
static int kernel_complaint(const char *p, size_t len)
{
	static const char *const marks[] = {
		"BISECTABLE-TEST-TIMEOUT", "BUG:", "WARNING:", "Oops", "Kernel panic",
		"INFO: task", "self-detected stall",
	};
	char *line = xstrndup(p, len);
	size_t i;
	int found = 0;

	for (i = 0; i < ARRAY_SIZE(marks) && !found; i++)
		found = strstr(line, marks[i]) != NULL;
	free(line);
	return found;
}

#define SECTION_LINES	30
#define SECTIONS_MAX	5
static int email_test_section(struct strbuf *o, const char *log, const char *name)
{
	char *begin = xasprintf("BISECTABLE-TEST-BEGIN %s", name);
	const char *p = log, *end;
	size_t n = 0, blen = strlen(begin);
	int found = 0;

	/* the last run of it (a retried boot logs it again) */
	for (end = log; (end = strstr(end, begin)); end += blen)
		if ((end == log || end[-1] == '\n') && (end[blen] == '\n' || end[blen] == '\r'))
			p = end, found = 1;
	free(begin);
	if (!found)
		return 0;
	strbuf_addstr(o, "\n");
	for (; *p && n < SECTION_LINES; p = end + 1, n++) {
		int is_new;

		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		is_new = !strncmp(p, "not ok", 6) || !strncmp(p, "# fail", 6) ||
			 kernel_complaint(p, end - p);
		mail_line(o, is_new ? ">> " : "   ", p, end - p);
		if (!strncmp(p, "BISECTABLE-END", 14) || !*end)
			break;
	}
	return 1;
}

/*
 * The failing tests of a test result with their reasons, then the part of
 * the console of each (the first SECTIONS_MAX). Returns the number shown.
 */
static int email_tests(struct report_out *r, const struct cell *cell)
{
	struct strbuf *o = &r->buf, log = STRBUF_INIT;
	size_t i, n = 0, sections = 0;

	for (i = 0; i < cell->ntests; i++) {
		const struct report_test *t = &cell->tests[i];

		if (!test_failed(t))
			continue;
		if (!n++)
			strbuf_addstr(o, "Failing tests:\n\n");
		strbuf_addstr(o, ">> ");
		mail_text(o, t->name, 100);
		strbuf_addstr(o, ": ");
		mail_text(o, t->status, 20);
		if (t->runs > 1)
			strbuf_addf(o, " (%d of %d runs)", t->fails, t->runs);
		if (t->known)
			strbuf_addstr(o, " (known at the base, not counted)");
		if (!empty(t->reason)) {
			strbuf_addstr(o, ": ");
			mail_text(o, t->reason, MAIL_LINE_MAX);
		}
		strbuf_addstr(o, "\n");
	}
	if (n && log_read(r->m->db_dir, cell->log_path, &log) == 0) {
		size_t header = o->len;

		strbuf_addstr(o, "\nTheir console (new lines prefixed by >>):\n");
		for (i = 0; i < cell->ntests && sections < SECTIONS_MAX; i++)
			if (test_failed(&cell->tests[i]))
				sections += email_test_section(o, log.buf, cell->tests[i].name);
		if (!sections) {	/* none of them is in the console: no header */
			o->len = header;
			o->buf[o->len] = '\0';
		}
	}
	if (n)
		strbuf_addstr(o, "\n");
	strbuf_release(&log);
	return n;
}

/* The patch files 1..position, shell-quoted, as one git am line. */
static void email_apply(struct report_out *r, int position)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf, word = STRBUF_INIT;
	int k;

	if (m->run.repo) {
		const struct commit *c = report_commit_at(m, position);

		strbuf_addstr(o, "        git -C ");
		strbuf_add_sq(&word, m->run.repo);
		mail_text(o, word.buf, MAIL_LINE_MAX);
		strbuf_addstr(o, " checkout --detach ");
		mail_text(o, c ? c->sha : "", 64);
		strbuf_addstr(o, "\n");
		strbuf_release(&word);
		return;
	}
	if (m->run.series_kind && !strcmp(m->run.series_kind, "mbox")) {
		/* Its split files are gone: the mbox, then back to patch k. */
		strbuf_addstr(o, "        git am ");
		strbuf_add_sq(&word, m->run.series ? m->run.series : "?");
		mail_text(o, word.buf, MAIL_LINE_MAX);
		strbuf_addstr(o, "\n");
		if (email_mbox_has_cover(m))
			strbuf_addstr(o, "        git am --skip    # its cover letter: no diff\n");
		if (m->last_position > position)
			strbuf_addf(o, "        git reset --hard HEAD~%d    # back to patch %d/%d\n",
				    m->last_position - position, position, m->last_position);
		strbuf_release(&word);
		return;
	}
	strbuf_addstr(o, "        git am");
	for (k = 1; k <= position; k++) {
		const struct commit *c = report_commit_at(m, k);

		strbuf_reset(&word);
		strbuf_add_sq(&word, c && c->patch ? c->patch : "?");
		strbuf_addstr(o, " \\\n                ");
		mail_text(o, word.buf, MAIL_LINE_MAX);
	}
	strbuf_addstr(o, "\n");
	strbuf_release(&word);
}

static void email_reproduce(struct report_out *r, size_t cfg, const struct commit *c,
			    enum stage stage)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	int s;

	strbuf_addstr(o, "reproduce:\n        # the base: linux ");
	mail_text(o, m->run.base_version, 100);
	strbuf_addstr(o, " at ");
	mail_text(o, m->run.base_sha, 64);
	strbuf_addstr(o, m->run.repo ? "\n" : " ('bisectable import' of linux-source)\n");
	if (m->compilers && m->compilers[cfg]) {
		strbuf_addstr(o, "        # compiler: ");
		mail_text(o, m->compilers[cfg], 200);
		strbuf_addstr(o, "\n");
	}
	email_apply(r, c->position);
	/* What kbuild.c does: the two fragments (below) over tinyconfig. */
	strbuf_addstr(o, "        # the configuration: the fragments below, over tinyconfig\n"
		      "        make O=build tinyconfig\n"
		      "        scripts/kconfig/merge_config.sh -m -O build build/.config"
		      " base.config ");
	mail_text(o, m->configs[cfg], 100);
	strbuf_addstr(o, ".config\n        make O=build olddefconfig\n"
		      "        # the commands bisectable ran\n");
	for (s = STAGE_BUILD; s <= (int)stage; s++) {
		const struct cell *cell = &c->cells[cfg * NR_STAGES + s];

		/* boot and test are one QEMU run: its line once */
		if (empty(cell->reproduce) ||
		    (s == STAGE_TEST && c->cells[cfg * NR_STAGES + STAGE_BOOT].reproduce &&
		     !strcmp(cell->reproduce, c->cells[cfg * NR_STAGES + STAGE_BOOT].reproduce)))
			continue;
		strbuf_addstr(o, "        ");
		mail_text(o, cell->reproduce, 4 * MAIL_LINE_MAX);
		strbuf_addstr(o, "\n");
	}
	strbuf_addstr(o, "\n");
}

/* configs/base.config and configs/NAME.config, as they are now. */
static void email_fragment(struct report_out *r, size_t cfg)
{
	struct strbuf *o = &r->buf;
	const char *text = r->m->fragments ? r->m->fragments[cfg] : NULL;

	strbuf_addstr(o, "configuration ");
	mail_text(o, r->m->configs[cfg], 100);
	if (!text || !r->m->base_fragment) {
		strbuf_addstr(o, ": configs/base.config or configs/");
		mail_text(o, r->m->configs[cfg], 100);
		strbuf_addstr(o, ".config is not here\n\n");
		return;
	}
	if (r->m->derived && r->m->derived[cfg]) {
		strbuf_addstr(o, " (configs/base.config, then the fragment the run derived):\n\n");
		email_lines(o, r->m->base_fragment);
		strbuf_addstr(o, "        # ");
		mail_text(o, r->m->configs[cfg], 100);
		strbuf_addstr(o, ".config, derived from the series' diff\n");
	} else {
		strbuf_addstr(o, " (configs/base.config, then configs/");
		mail_text(o, r->m->configs[cfg], 100);
		strbuf_addstr(o, ".config):\n\n");
		email_lines(o, r->m->base_fragment);
		strbuf_addstr(o, "        # configs/");
		mail_text(o, r->m->configs[cfg], 100);
		strbuf_addstr(o, ".config\n");
	}
	email_lines(o, text);
	strbuf_addstr(o, "\n");
}

/*
 * Under a configuration's verdict line: the boots and confidence of its
 * first bad commit at boot or test, then each known failure (the base's,
 * not counted) and the commit that no longer meets it; then a blank line.
 */
static void email_confidence_known(struct report_out *r, size_t cfg)
{
	const struct verdict *v = &r->m->verdicts[cfg];
	struct strbuf *o = &r->buf, text = STRBUF_INIT;
	size_t i;
	int fixed;

	if (confidence_text(r->m, cfg, &text)) {
		strbuf_addstr(o, "    ");
		mail_text(o, text.buf, MAIL_LINE_MAX);
		strbuf_addstr(o, "\n");
	}
	for (i = 0; i < v->known.n; i++) {
		strbuf_addstr(o, "    known at the base, not counted: ");
		mail_text(o, v->known.lines[i], MAIL_LINE_MAX);
		fixed = known_fixed_at(v, v->known.lines[i]);
		if (fixed >= 0)
			strbuf_addf(o, " (fixed by %d/%d)", fixed, r->m->last_position);
		strbuf_addstr(o, "\n");
	}
	strbuf_addstr(o, "\n");
	strbuf_release(&text);
}

/* "; 4 of 6 changed lines compiled" in a bisectable verdict's line (coverage-text.h). */
static void email_config_coverage(struct report_out *r, size_t cfg)
{
	struct strbuf figure = STRBUF_INIT;

	if (!report_config_coverage(r->m, cfg, &figure)) {
		strbuf_addstr(&r->buf, "; ");
		mail_text(&r->buf, figure.buf, MAIL_LINE_MAX);
	}
	strbuf_release(&figure);
}

/* The series line under the configurations' verdicts, as first-bad ends. */
static void email_series(struct report_out *r)
{
	struct strbuf line = STRBUF_INIT;

	if (!report_series_coverage(r->m, &line)) {
		mail_text(&r->buf, line.buf, 2 * MAIL_LINE_MAX);
		strbuf_addstr(&r->buf, "\n\n");
	}
	strbuf_release(&line);
}

/*
 * "no-change claim broken: 2/4 f4f31b7ff037 "subject" says "No functional
 * change"; its code changed on smp: idle_cpu", a line per finding, as
 * first-bad prints them; nothing without one. The subject is the commit's:
 * the whole line goes through mail_text().
 */
static void email_claims(struct report_out *r)
{
	const struct codediff_run *cr = &r->m->codediff;
	struct strbuf line = STRBUF_INIT;
	size_t i;

	for (i = 0; i < cr->nfindings; i++) {
		if (!i)
			strbuf_addstr(&r->buf, "Claims of no change that the machine code"
				      " contradicts (each commit against its parent):\n\n");
		strbuf_reset(&line);
		codediff_finding_describe(&cr->findings[i], cr->ncommits, &line);
		mail_text(&r->buf, line.buf, 2 * MAIL_LINE_MAX);
		strbuf_addstr(&r->buf, "\n");
	}
	if (cr->nfindings)
		strbuf_addstr(&r->buf, "\n");
	strbuf_release(&line);
}

static void email_config(struct report_out *r, size_t cfg)
{
	const struct report_model *m = r->m;
	const struct verdict *v = &m->verdicts[cfg];
	struct strbuf *o = &r->buf;
	const struct commit *c;

	mail_text(o, m->configs[cfg], 100);
	if (!v->bad) {
		if (v->bisectable) {
			strbuf_addf(o, ": bisectable (%d/%d commits pass every stage",
				    v->passed, v->commits);
			email_config_coverage(r, cfg);
			if (v->tip_boots > 0)
				strbuf_addstr(o, ";\n  ");
			verdict_odds_text(v, o);
			strbuf_addstr(o, ")\n");
		} else {
			strbuf_addf(o, ": incomplete (%d/%d commits verified and passing,"
				    " %d error%s of the machine)\n", v->passed, v->commits,
				    v->errors, v->errors == 1 ? "" : "s");
		}
		email_confidence_known(r, cfg);
		return;
	}
	c = report_commit_at(m, v->position);
	if (v->base_bad) {
		strbuf_addstr(o, ": the base itself is bad at ");
	} else {
		strbuf_addstr(o, ": first bad commit: ");
		patch_name(o, m, v->position);
		strbuf_addstr(o, "\n    commit ");
		mail_text(o, v->sha, 64);
		strbuf_addstr(o, ", at ");
	}
	strbuf_addf(o, "%s: %s\n", stage_names[v->stage], status_names[status_parse(v->status)]);
	email_confidence_known(r, cfg);
	if (!c)
		return;
	/* A test stage's own tests tell more than the console's last lines. */
	if (v->stage != STAGE_TEST || !email_tests(r, &c->cells[cfg * NR_STAGES + v->stage]))
		email_evidence(r, &c->cells[cfg * NR_STAGES + v->stage], v->stage);
	email_reproduce(r, cfg, c, v->stage);
	email_fragment(r, cfg);
}

/* "up: 2/4 does not build; 3/4 builds, test timeout (fixed by 4/4)", one line each. */
static void email_holes(struct report_out *r)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	size_t i, k, n = 0;

	for (i = 0; i < m->nconfigs; i++) {
		const struct verdict *v = &m->verdicts[i];

		for (k = 0; k < v->nholes; k++) {
			if (!n++)
				strbuf_addstr(o, "bisection holes (broken commits a later commit"
					      " fixes: git bisect can stop on them):\n\n");
			strbuf_addstr(o, "        ");
			mail_text(o, m->configs[i], 100);
			strbuf_addstr(o, ": ");
			hole_text(&v->holes[k], v->commits, NULL, NULL, o);
			strbuf_addstr(o, "\n");
		}
	}
	strbuf_addstr(o, n ? "\n" : "bisection holes: none\n\n");
	if (n)
		strbuf_addf(o, "to close them, keeping the tip tree byte-identical:\n\n"
			    "        bisectable repair --run %lld\n\n", m->run.id);
}

/*
 * One line per performance regression (judge/regress.h, as 'regressions'
 * finds them), as the kernel test robot gives its %change:
 *   up: pipe_rtt_ns +15.5% at 4/11 beac260 "subject": 6378.53 -> 7365.08 ns
 *       (lower is better)
 * Noisy moves are no verdict and are left out. Nothing without regressions.
 */
static void email_perf(struct report_out *r)
{
	const struct report_model *m = r->m;
	struct strbuf *o = &r->buf;
	size_t cfg, i, k;
	int n = 0;

	for (cfg = 0; cfg < m->nconfigs; cfg++)
		for (i = 0; i < m->perf[cfg].nmoves; i++) {
			const struct report_move *mv = &m->perf[cfg].moves[i];
			const struct commit *c = &m->commits[mv->commit];
			const struct perf_direction *dir;
			const char *better;

			if (mv->noisy)
				continue;
			k = cfg * m->nmetrics + mv->metric;
			dir = &m->directions[k];
			better = perf_better_name(dir->better);
			if (!n++)
				strbuf_addf(o, "Performance, each commit against its parent (moves past"
					    " %g%% the wrong way):\n\n", m->threshold);
			mail_text(o, m->configs[cfg], 100);
			strbuf_addstr(o, ": ");
			mail_text(o, m->metrics[mv->metric], 100);
			if (mv->has_pct)
				strbuf_addf(o, " %+.1f%%", mv->pct);
			else
				strbuf_addf(o, " %+.15g from 0", mv->delta);
			strbuf_addf(o, " at %d/%d %.7s \"", c->position, m->last_position,
				    c->sha ? c->sha : "-");
			mail_text(o, c->subject, 200);
			strbuf_addf(o, "\": %.15g -> %.15g", m->commits[mv->ref].values[k],
				    c->values[k]);
			if (dir->unit && *dir->unit) {
				strbuf_addstr(o, strcmp(dir->unit, "%") ? " " : "");
				mail_text(o, dir->unit, 40);
			}
			strbuf_addf(o, " (%s is better)\n", better ? better : "neither way");
		}
	if (n)
		strbuf_addstr(o, "\n");
}

/* The base and the tip side by side, as bisectable compare prints them. */
static void email_compare(struct report_out *r)
{
	const struct comparison *c = &r->m->compare;
	struct strbuf line = STRBUF_INIT;
	size_t i, j, n = 0;

	for (i = 0; i < c->n; i++) {
		for (j = 0; j < c->configs[i].n; j++) {
			if (!n++)
				strbuf_addf(&r->buf, "Base -> tip, position %d against %d"
					    " (bisectable compare):\n\n", c->from, c->to);
			strbuf_reset(&line);
			compare_line(&line, c->configs[i].config, &c->configs[i].figures[j]);
			mail_line(&r->buf, "", line.buf, line.len - 1);
		}
	}
	if (n)
		strbuf_addstr(&r->buf, "\n");
	strbuf_release(&line);
}

void report_email(struct report_out *r)
{
	long cfg = first_bad_config(r->m);
	size_t i;

	email_headers(r, cfg);
	email_intro(r, cfg);
	email_tags(r, cfg);
	if (r->m->partial) {
		struct strbuf line = STRBUF_INIT;

		partial_header(r->m->partial, &line);
		strbuf_addf(&r->buf, "%s\n", line.buf);
		strbuf_release(&line);
	}
	/* The configuration the subject is about first, then the others in order. */
	if (cfg >= 0)
		email_config(r, cfg);
	for (i = 0; i < r->m->nconfigs; i++)
		if ((long)i != cfg)
			email_config(r, i);
	email_series(r);
	email_claims(r);
	email_perf(r);
	email_compare(r);
	email_holes(r);
	email_regzbot(r);
	strbuf_addstr(&r->buf, "-- \nbisectable ");
	mail_text(&r->buf, BISECTABLE_VERSION, 40);
	strbuf_addstr(&r->buf, "\n");
}
