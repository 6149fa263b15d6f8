// SPDX-License-Identifier: GPL-2.0
/*
 * report-check.c - a commit in a configuration as a check (report-check.h):
 * its state from the report model's cells, verdicts and coverage, and the
 * line that says why in first-bad's words (verdict-text.h, coverage-text.h).
 */
#include <string.h>

#include "judge/confidence.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "lib/escape.h"
#include "lib/util.h"
#include "report/report-check.h"
#include "report/report-coverage.h"

/* A log line in a description: the first line, at most this many bytes. */
#define CHECK_EVIDENCE_MAX	160

const char *const check_state_names[NR_CHECK_STATES] = {
	[CHECK_PENDING] = "pending", [CHECK_SUCCESS] = "success",
	[CHECK_WARNING] = "warning", [CHECK_FAIL] = "fail",
};

enum check_state check_state_of(const struct check_facts *f)
{
	if (f->bad)
		return f->base_bad || f->flaky ? CHECK_WARNING : CHECK_FAIL;
	if (f->unverified)
		return CHECK_PENDING;
	if (f->flaky || f->uncompiled || f->claim_broken)
		return CHECK_WARNING;
	return CHECK_SUCCESS;
}

void check_context(const char *config, struct strbuf *out)
{
	const char *p;

	strbuf_addstr(out, "bisectable-");
	for (p = config; *p; p++) {
		int ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			 (*p >= '0' && *p <= '9') || *p == '-' || *p == '_';

		strbuf_add(out, ok ? p : "_", 1);
	}
}

/* The first line of s, at most max bytes of valid UTF-8, controls as blanks. */
static void add_one_line(struct strbuf *out, const char *s, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len = strcspn(s, "\r\n"), i;

	utf8_sanitize(&sb, s, len);
	utf8_truncate(&sb, max);
	for (i = 0; i < sb.len; i++)
		if ((unsigned char)sb.buf[i] < ' ' || sb.buf[i] == 0x7f)
			sb.buf[i] = ' ';
	strbuf_trim(&sb);
	strbuf_addstr(out, sb.buf);
	strbuf_release(&sb);
}

static int cell_flaky(const struct cell *cell)
{
	if (cell->confirmed && !strcmp(cell->confirmed, "flaky"))
		return 1;
	return cell->tries > 1 && cell->failed_tries > 0 && cell->failed_tries < cell->tries;
}

/* The commit's coverage row (coverage.h) at its position, or NULL. */
static const struct coverage_commit *coverage_at(const struct report_model *m, int position)
{
	size_t i;

	if (!report_coverage_known(m))
		return NULL;
	for (i = 0; i < m->coverage.ncommits; i++)
		if (m->coverage.commits[i].position == position)
			return &m->coverage.commits[i];
	return NULL;
}

static void check_coverage(const struct report_model *m, const struct commit *c, size_t cfg,
			   struct commit_check *check)
{
	const struct coverage_commit *cc = coverage_at(m, c->position);
	size_t i;

	check->compiled = check->changed = -1;
	if (!cc || !cc->judged)
		return;
	for (i = 0; i < m->coverage.nconfigs; i++)
		if (!strcmp(m->coverage.configs[i], m->configs[cfg]))
			check->compiled = (long)cc->compiled_by[i];
	check->changed = (long)cc->changed;
	check->facts.uncompiled = cc->changed - cc->compiled;
}

/*
 * The facts of the stages: the first bad one, else the first not verified
 * (*at, its cell), and the log that shows the state.
 */
static void check_cells(const struct report_model *m, const struct commit *c, size_t cfg,
			struct commit_check *check, enum stage *at)
{
	const struct verdict *v = &m->verdicts[cfg];
	int nstages = v->build_only ? STAGE_BOOT : NR_STAGES, s, unverified = -1;

	*at = NR_STAGES;
	for (s = 0; s < nstages; s++) {
		const struct cell *cell = &c->cells[cfg * NR_STAGES + s];

		if (cell_flaky(cell))
			check->facts.flaky = 1;
		if (!empty(cell->log_path) && !check->facts.bad && unverified < 0)
			check->log_path = cell->log_path;
		if (status_is_bad(cell->status) && !check->facts.bad) {
			check->facts.bad = 1;
			*at = s;
		} else if (cell->status != ST_PASS && unverified < 0 && !status_is_bad(cell->status)) {
			unverified = s;
		}
	}
	if (!check->facts.bad && unverified >= 0) {
		check->facts.unverified = 1;
		*at = unverified;
	}
	check->facts.base_bad = v->bad && v->base_bad;
	check->facts.first_bad = check->facts.bad && v->bad && !v->base_bad &&
				 v->position == c->position;
	if (check->facts.first_bad)
		check->facts.flaky = v->kind && !strcmp(v->kind, "flaky");
}

static void describe_bad(const struct report_model *m, const struct commit *c, size_t cfg,
			 enum stage at, struct commit_check *check)
{
	const struct verdict *v = &m->verdicts[cfg];
	const struct cell *cell = &c->cells[cfg * NR_STAGES + at];
	const struct cell *build = &c->cells[cfg * NR_STAGES + STAGE_BUILD];
	struct hole_commit hc = {
		.position = c->position, .bad = 1, .stage = at,
		.timeout = cell->status == ST_TIMEOUT, .builds = build->status == ST_PASS,
	};
	struct strbuf *d = &check->description;

	if (check->facts.base_bad)
		strbuf_addstr(d, "the base fails too: ");
	else if (check->facts.first_bad)
		strbuf_addstr(d, "first bad: ");
	strbuf_addstr(d, hole_commit_what(&hc));
	if (!check->facts.first_bad && !check->facts.base_bad && v->bad)
		strbuf_addf(d, " (first bad: %d/%d)", v->position, v->commits);
	if (!empty(cell->evidence)) {
		strbuf_addstr(d, ": ");
		add_one_line(d, cell->evidence, CHECK_EVIDENCE_MAX);
	}
	if (check->facts.first_bad) {
		check->confidence = confidence_percent(v->confidence);
		strbuf_addstr(d, "; ");
		if (!verdict_boots_text(v, d))
			strbuf_addf(d, "confidence %d%%", check->confidence);
	} else if (check->facts.flaky) {
		strbuf_addf(d, "; failed %d of %d boots (flaky)", cell->failed_tries, cell->tries);
	}
}

static void describe_unverified(const struct commit *c, size_t cfg, enum stage at,
				struct commit_check *check)
{
	const struct cell *cell = &c->cells[cfg * NR_STAGES + at];
	struct strbuf *d = &check->description;

	if (cell->status == ST_NONE) {
		strbuf_addf(d, "not verified: no result at %s", stage_names[at]);
		return;
	}
	strbuf_addf(d, "not verified at %s: %s", stage_names[at], status_names[cell->status]);
	if (cell->status == ST_ERROR)
		strbuf_addstr(d, " (the machine failed, not the commit)");
	if (!empty(cell->evidence)) {
		strbuf_addstr(d, ": ");
		add_one_line(d, cell->evidence, CHECK_EVIDENCE_MAX);
	}
	if (!empty(cell->log_path))
		check->log_path = cell->log_path;
}

static void describe_pass(const struct report_model *m, const struct commit *c, size_t cfg,
			  struct commit_check *check)
{
	struct strbuf *d = &check->description;
	int s;

	strbuf_addstr(d, m->verdicts[cfg].build_only ? "applies and builds (built only)" :
		      "builds, boots and passes its tests");
	/* How sure a pass is, the soak's odds, is known of the tip only. */
	if (c->position == m->verdicts[cfg].commits && m->verdicts[cfg].tip_boots > 0) {
		strbuf_addstr(d, "; ");
		verdict_odds_text(&m->verdicts[cfg], d);
	}
	for (s = 0; s < NR_STAGES; s++) {
		const struct cell *cell = &c->cells[cfg * NR_STAGES + s];

		if (cell_flaky(cell)) {
			strbuf_addf(d, "; %s failed %d of %d boots (flaky)", stage_names[s],
				    cell->failed_tries, cell->tries);
			break;
		}
	}
}

int commit_check_of(const struct report_model *m, long ci, size_t cfg, struct commit_check *check)
{
	const struct commit *c;
	enum stage at;

	if (ci < 0 || (size_t)ci >= m->ncommits || cfg >= m->nconfigs)
		return -1;
	c = &m->commits[ci];
	if (c->position < 1)
		return -1;
	memset(check, 0, sizeof(*check));
	strbuf_init(&check->description);
	check->confidence = -1;
	check_cells(m, c, cfg, check, &at);
	check_coverage(m, c, cfg, check);
	/* Issue 40 (no-change claims) sets check->facts.claim_broken here. */
	if (check->facts.bad)
		describe_bad(m, c, cfg, at, check);
	else if (check->facts.unverified)
		describe_unverified(c, cfg, at, check);
	else
		describe_pass(m, c, cfg, check);
	if (check->changed > 0 && check->compiled >= 0)
		strbuf_addf(&check->description, "; %ld of %ld changed line%s compiled",
			    check->compiled, check->changed, check->changed == 1 ? "" : "s");
	if (check->facts.uncompiled)
		strbuf_addf(&check->description, ", %zu by no configuration",
			    check->facts.uncompiled);
	check->state = check_state_of(&check->facts);
	return 0;
}

void commit_check_release(struct commit_check *check)
{
	strbuf_release(&check->description);
}
