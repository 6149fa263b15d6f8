// SPDX-License-Identifier: GPL-2.0
/*
 * verdict.c - first bad, complete and bisectable per run and configuration
 * (see verdict.h for the definition), as data: verdict-text.c words it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db-judge.h"
#include "input/run-config.h"
#include "judge/confidence.h"
#include "judge/verdict.h"
#include "lib/util.h"

const char *const stage_names[NR_STAGES] = { "apply", "build", "boot", "test" };

#define ALL_STAGES	((1u << NR_STAGES) - 1)
#define BUILD_STAGES	((1u << STAGE_APPLY) | (1u << STAGE_BUILD))

int stage_parse(const char *name)
{
	int i;

	for (i = 0; i < NR_STAGES; i++)
		if (name && !strcmp(name, stage_names[i]))
			return i;
	return -1;
}

static int status_bad(const char *status)
{
	return !strcmp(status, "fail") || !strcmp(status, "timeout");
}

static void verdict_clear_bad(struct verdict *v)
{
	free(v->sha);
	free(v->subject);
	free(v->status);
	free(v->evidence);
	free(v->log_path);
	v->sha = v->subject = v->status = v->evidence = v->log_path = NULL;
	v->bad = v->base_bad = 0;
}

void verdict_free(struct verdict *v)
{
	size_t i;

	verdict_clear_bad(v);
	for (i = 0; i < v->nholes; i++)
		free(v->holes[i].commits);
	free(v->holes);
	free(v->error_evidence);
	free(v->config);
	known_set_free(&v->known);
	for (i = 0; i < v->nfixed; i++)
		free(v->fixed[i].line);
	free(v->fixed);
	memset(v, 0, sizeof(*v));
}

/* What a commit of the series is for the holes: every stage passed, or one is bad. */
struct commit_state {
	int position;
	int good;
	int bad;		/* the first bad stage + 1, 0: none */
	int timeout;		/* that stage timed out */
	int builds;		/* the build passed */
};

struct commit_states {
	struct commit_state *c;
	size_t n;
};

/* What each commit from open->from to open->to did. */
static void hole_commits(struct hole *open, const struct commit_states *cs)
{
	size_t i;

	open->commits = NULL;
	open->ncommits = 0;
	for (i = 0; i < cs->n; i++) {
		const struct commit_state *c = &cs->c[i];
		struct hole_commit *hc;

		if (c->position < open->from || c->position > open->to)
			continue;
		open->commits = xrealloc(open->commits,
					 (open->ncommits + 1) * sizeof(*open->commits));
		hc = &open->commits[open->ncommits++];
		hc->position = c->position;
		hc->bad = c->bad != 0;
		hc->stage = c->bad ? c->bad - 1 : STAGE_APPLY;
		hc->timeout = c->timeout;
		hc->builds = c->builds;
	}
}

/*
 * The holes: a bad commit opens one (unless one is open), a later bad
 * commit extends it, a good commit closes it (fixed_by); what is still open
 * at the tip is no hole, only the first bad commit.
 */
static void find_holes(struct verdict *v, const struct commit_states *cs)
{
	struct hole open = { 0 };
	int is_open = 0;
	size_t i;

	for (i = 0; i < cs->n; i++) {
		const struct commit_state *c = &cs->c[i];

		if (c->bad) {
			if (!is_open) {
				open.from = c->position;
				open.stage = c->bad - 1;
				is_open = 1;
			}
			open.to = c->position;
		} else if (c->good && is_open) {
			open.fixed_by = c->position;
			hole_commits(&open, cs);
			v->holes = xrealloc(v->holes, (v->nholes + 1) * sizeof(*v->holes));
			v->holes[v->nholes++] = open;
			is_open = 0;
		}
	}
}

/* The commit whose rows were just read: count it, at the stages needed. */
static void count_commit(struct verdict *v, struct commit_states *cs, int position,
			 unsigned int present, unsigned int passing, unsigned int bad,
			 unsigned int timeout, unsigned int need)
{
	struct commit_state *c;
	int s;

	if (position < 1)
		return;		/* the base is not one of the series' commits */
	cs->c = xrealloc(cs->c, (cs->n + 1) * sizeof(*cs->c));
	c = &cs->c[cs->n++];
	c->position = position;
	c->good = (passing & need) == need;
	c->bad = 0;
	for (s = NR_STAGES - 1; s >= 0; s--)
		if (bad & (1u << s))
			c->bad = s + 1;
	c->timeout = c->bad && (timeout & (1u << (c->bad - 1)));
	c->builds = !!(passing & (1u << STAGE_BUILD));
	v->commits++;
	if ((passing & need) == need)
		v->passed++;
	if ((present & need) != need)
		v->complete = 0;
}

/* The first bad result so far: take its strings from the cell. */
static void take_row(struct verdict *v, struct db_result_cell *c, int stage)
{
	verdict_clear_bad(v);
	v->bad = 1;
	v->position = c->position;
	v->base_bad = v->position == 0;
	v->stage = stage;
	v->sha = c->sha;
	v->subject = c->subject;
	v->status = c->status;
	v->evidence = c->evidence;
	v->log_path = c->log_path;
	c->sha = c->subject = c->status = c->evidence = c->log_path = NULL;
}

/* An error result: not verified there, not bad; the first one is the evidence. */
static void take_error(struct verdict *v, struct db_result_cell *c, int stage)
{
	if (!v->errors++ || c->position < v->error_position ||
	    (c->position == v->error_position && stage < (int)v->error_stage)) {
		free(v->error_evidence);
		v->error_position = c->position;
		v->error_stage = stage;
		v->error_evidence = c->evidence;
		c->evidence = NULL;
	}
}

/* An error before the first bad result: the bisection could end earlier. */
static int error_before_bad(const struct verdict *v)
{
	return v->bad && v->errors && (v->error_position < v->position ||
				       (v->error_position == v->position &&
					v->error_stage < v->stage));
}

/* The cell of position at stage s, or NULL. */
static const struct db_result_cell *cell_at(const struct db_result_cells *cells, int position,
					    int s)
{
	size_t i;

	for (i = 0; i < cells->n; i++)
		if (cells->c[i].position == position && stage_parse(cells->c[i].stage) == s)
			return &cells->c[i];
	return NULL;
}

/* How sure the first bad is, from its boots and its parent's (confidence.h). */
static void judge_confidence(struct verdict *v, const struct db_result_cells *cells)
{
	const struct db_result_cell *c, *p, *pboot;
	int parent_failed;

	v->parent_boots = v->parent_passes = -1;
	if (!v->bad || v->base_bad)
		return;
	if (v->stage < STAGE_BOOT) {
		v->confidence = 1;	/* git's and the compiler's verdicts repeat */
		return;
	}
	c = cell_at(cells, v->position, v->stage);
	if (!c)
		return;
	/* A bad result is at least one failed boot of one (rows written by hand, merged). */
	v->boots = c->tries > 0 ? c->tries : 1;
	v->failed_boots = c->failed_tries > 0 ? c->failed_tries : 1;
	p = cell_at(cells, v->position - 1, v->stage);
	pboot = cell_at(cells, v->position - 1, STAGE_BOOT);
	parent_failed = 0;
	if (p && p->status && strcmp(p->status, "skip") && strcmp(p->status, "error")) {
		parent_failed = p->failed_tries +
			(v->stage == STAGE_TEST && pboot ? pboot->failed_tries : 0);
		v->parent_boots = p->tries;
		v->parent_passes = p->tries > parent_failed ? p->tries - parent_failed : 0;
	}
	v->kind = c->confirmed && *c->confirmed ?
		(!strcmp(c->confirmed, "inherited") ? "inherited" :
		 !strcmp(c->confirmed, "flaky") ? "flaky" : "deterministic") :
		confidence_class(v->failed_boots, v->boots, parent_failed);
	v->confidence = parent_failed ? 0 :
		confidence_of(v->failed_boots, v->boots, v->parent_passes < 0 ? 0 :
			      v->parent_passes);
}

/*
 * A hole whose first commit failed only some of its boots: a fix that
 * passed every boot may only have been lucky (see struct hole).
 */
static void judge_holes(struct verdict *v, const struct db_result_cells *cells)
{
	size_t i;

	for (i = 0; i < v->nholes; i++) {
		struct hole *h = &v->holes[i];
		const struct db_result_cell *c = cell_at(cells, h->from, h->stage);
		const struct db_result_cell *fix = cell_at(cells, h->fixed_by, h->stage);

		h->confidence = 1;
		if (h->stage < STAGE_BOOT || !c || !fix || c->failed_tries < 1 ||
		    c->failed_tries >= c->tries)
			continue;
		h->failed_boots = c->failed_tries;
		h->boots = c->tries;
		h->fix_boots = fix->tries;
		h->confidence = confidence_of(h->failed_boots, h->boots, h->fix_boots);
	}
}

/*
 * The known failures (those the base met) and, for each, the first commit
 * that booted and ran its tests without meeting it.
 */
static void judge_known(struct verdict *v, const struct db_result_cells *cells)
{
	size_t i, k;

	for (i = 0; i < cells->n; i++)
		if (cells->c[i].position == 0)
			known_set_add_text(&v->known, cells->c[i].known);
	for (k = 0; k < v->known.n; k++) {
		const char *line = v->known.lines[k];

		for (i = 0; i < cells->n; i++) {
			const struct db_result_cell *c = &cells->c[i];
			struct known_set met = { 0 };
			const struct db_result_cell *boot;
			int gone;

			if (c->position < 1 || stage_parse(c->stage) != STAGE_TEST || !c->status ||
			    (strcmp(c->status, "pass") && strcmp(c->status, "fail")))
				continue;
			boot = cell_at(cells, c->position, STAGE_BOOT);
			known_set_add_text(&met, c->known);
			known_set_add_text(&met, boot ? boot->known : NULL);
			gone = !known_set_has(&met, line);
			known_set_free(&met);
			if (!gone)
				continue;
			v->fixed = xrealloc(v->fixed, (v->nfixed + 1) * sizeof(*v->fixed));
			v->fixed[v->nfixed].line = xstrdup(line);
			v->fixed[v->nfixed++].position = c->position;
			break;
		}
	}
}

/* The tip's boots at test: the last position with a test result. */
static void judge_tip(struct verdict *v, const struct db_result_cells *cells)
{
	size_t i;

	for (i = 0; i < cells->n; i++) {
		const struct db_result_cell *c = &cells->c[i];

		if (stage_parse(c->stage) != STAGE_TEST || !c->status || !strcmp(c->status, "error"))
			continue;
		v->tip_boots = c->tries;
		v->tip_passes = c->tries - c->failed_tries;
	}
}

double verdict_odds_rate(double flake_rate)
{
	return flake_rate > 0 ? flake_rate : 0.5;
}

void verdict_odds_text(const struct verdict *v, struct strbuf *out)
{
	double rate = verdict_odds_rate(v->flake_rate);

	if (v->tip_boots < 1)
		return;
	/* Floored: the odds are never said higher than they were. */
	strbuf_addf(out, "tip passed %d of %d boot%s: a failure in %.0f%% or more of boots"
		    " would have shown with %d%% probability", v->tip_passes, v->tip_boots,
		    v->tip_boots == 1 ? "" : "s", 100 * rate,
		    (int)floor(100 * flake_caught(rate, v->tip_boots) + 1e-9));
}

void verdict_set_odds(struct verdict *v, const char *options)
{
	struct run_config rc;

	/* The rate the soak aimed at; a run from before it (or unreadable): none. */
	v->flake_rate = 0;
	if (options) {
		if (!run_config_from_json(options, &rc))
			v->flake_rate = rc.flake_rate;
		run_config_free(&rc);
	}
	v->flake_caught = flake_caught(verdict_odds_rate(v->flake_rate), v->tip_boots);
}

int verdict_load(sqlite3 *db, long long run_id, const char *config, const char *stage,
		 struct verdict *v)
{
	int only = stage ? stage_parse(stage) : -1, position = -1;
	unsigned int present = 0, passing = 0, bad = 0, timeout = 0, need;
	struct commit_states cs = { NULL, 0 };
	struct db_result_cells cells;
	size_t i;

	memset(v, 0, sizeof(*v));
	v->config = xstrdup(config);
	v->complete = 1;
	need = db_config_stages(db, run_id, config) == 2 ? BUILD_STAGES : ALL_STAGES;
	v->build_only = need != ALL_STAGES;
	db_result_cells_load(db, run_id, config, &cells);
	for (i = 0; i < cells.n; i++) {
		struct db_result_cell *c = &cells.c[i];
		const char *status = c->status ? c->status : "";
		int s;

		if (c->position != position) {
			count_commit(v, &cs, position, present, passing, bad, timeout, need);
			position = c->position;
			present = passing = bad = timeout = 0;
		}
		s = stage_parse(c->stage);
		if (s < 0)
			continue;	/* no result (or a stage this version does not know) */
		v->has_results = 1;
		present |= 1u << s;
		if (!strcmp(status, "pass"))
			passing |= 1u << s;
		if (!strcmp(status, "error"))
			take_error(v, c, s);
		if (status_bad(status))
			bad |= 1u << s;
		if (!strcmp(status, "timeout"))
			timeout |= 1u << s;
		if (!status_bad(status) || (stage && s != only))
			continue;
		if (!v->bad || c->position < v->position ||
		    (c->position == v->position && s < (int)v->stage))
			take_row(v, c, s);
	}
	count_commit(v, &cs, position, present, passing, bad, timeout, need);
	find_holes(v, &cs);
	free(cs.c);
	judge_confidence(v, &cells);
	judge_holes(v, &cells);
	judge_known(v, &cells);
	judge_tip(v, &cells);
	db_result_cells_free(&cells);
	if (!v->commits || v->errors)
		v->complete = 0;
	v->bisectable = v->commits > 0 && v->passed == v->commits && !v->bad && !v->errors;
	v->error_before_bad = error_before_bad(v);
	return 0;
}

int run_verdict_load(sqlite3 *db, long long run_id, const char *configs, const char *stage,
		     struct run_verdict *rv)
{
	char *list, *c, *save = NULL;

	memset(rv, 0, sizeof(*rv));
	if (db_load_run(db, run_id, &rv->run))
		return error(run_id ? "no run %lld in the database" :
			     "no runs in the database%.0lld", run_id);
	rv->stage = stage;
	list = xstrdup(configs ? configs : rv->run.configs ? rv->run.configs : "");
	for (c = strtok_r(list, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		rv->v = xrealloc(rv->v, (rv->n + 1) * sizeof(*rv->v));
		verdict_load(db, rv->run.id, c, stage, &rv->v[rv->n]);
		verdict_set_odds(&rv->v[rv->n++], rv->run.options);
	}
	free(list);
	return 0;
}

void run_verdict_free(struct run_verdict *rv)
{
	size_t i;

	for (i = 0; i < rv->n; i++)
		verdict_free(&rv->v[i]);
	free(rv->v);
	run_info_free(&rv->run);
	memset(rv, 0, sizeof(*rv));
}

int verdict_exit(const struct run_verdict *rv)
{
	size_t i;

	for (i = 0; i < rv->n; i++) {
		const struct verdict *v = &rv->v[i];

		/* A first bad commit below the confidence asked for does not count. */
		if (v->bad && !v->base_bad && v->confidence < rv->min_confidence && !v->errors)
			continue;
		/* With a stage, only a bad result there counts. */
		if (v->bad || (!rv->stage && !v->bisectable))
			return EXIT_BAD;
	}
	return 0;
}

const char *hole_what(enum stage stage)
{
	static const char *const what[NR_STAGES] = {
		[STAGE_APPLY] = "does not apply", [STAGE_BUILD] = "does not build",
		[STAGE_BOOT] = "does not boot", [STAGE_TEST] = "fails its tests",
	};

	return (unsigned int)stage < NR_STAGES ? what[stage] : "is broken";
}
