// SPDX-License-Identifier: GPL-2.0
/*
 * repair.c - 'bisectable repair' (repair.h): the holes of a run, the
 * search for a rewrite that closes each, its verification by runs of the
 * same database, and the outcome.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/repair.h"
#include "run/repair-output.h"
#include "run/repair-rewrite.h"
#include "run/repair-verify.h"
#include "db/db.h"
#include "db/db-judge.h"
#include "db/db-run.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "lib/escape.h"
#include "lib/util.h"

struct repair_hole {
	struct hole h;		/* from, to, fixed_by, stage (commits not kept) */
	struct argv_array configs;
	struct strbuf evidence;
	struct strbuf words;	/* "2/4 does not build (fixed by 3/4)" */
	int closed;
	struct strbuf moved;	/* what closed it */
	struct strbuf tries;	/* what was tried and why it failed, a line each */
	char *on;		/* its configurations, "up,smp" */
};

struct repair {
	sqlite3 *db;
	const struct repair_opts *o;
	struct run_info run;
	struct repair_verifier verifier;
	struct repair_series orig, cur;
	struct repair_hole *holes;
	size_t nholes;
	char *scratch;
	/* The trees of each verified candidate that failed, and why (a pair each). */
	struct argv_array failed;
};

static struct repair_hole *hole_find(struct repair *r, const struct hole *h)
{
	size_t i;

	for (i = 0; i < r->nholes; i++)
		if (r->holes[i].h.from == h->from && r->holes[i].h.fixed_by == h->fixed_by)
			return &r->holes[i];
	r->holes = xrealloc(r->holes, (r->nholes + 1) * sizeof(*r->holes));
	memset(&r->holes[r->nholes], 0, sizeof(*r->holes));
	r->holes[r->nholes].h = *h;
	r->holes[r->nholes].h.commits = NULL;
	r->holes[r->nholes].h.ncommits = 0;
	strbuf_init(&r->holes[r->nholes].evidence);
	strbuf_init(&r->holes[r->nholes].words);
	strbuf_init(&r->holes[r->nholes].moved);
	strbuf_init(&r->holes[r->nholes].tries);
	hole_text(h, (int)r->orig.n, NULL, NULL, &r->holes[r->nholes].words);
	return &r->holes[r->nholes++];
}

/* The evidence of the hole's first commit on its configurations, a line each. */
static void hole_evidence(struct repair *r, struct repair_hole *rh)
{
	long long id = db_commit_id(r->db, r->run.id, rh->h.from);
	struct db_commit_result *res;
	size_t n, i, j;

	n = db_commit_results_load(r->db, id, &res);
	for (i = 0; i < n; i++) {
		if (!res[i].evidence || strcmp(res[i].stage, stage_names[rh->h.stage]) ||
		    (strcmp(res[i].status, "fail") && strcmp(res[i].status, "timeout")))
			continue;
		for (j = 0; j < rh->configs.argc; j++)
			if (!strcmp(rh->configs.argv[j], res[i].config))
				strbuf_addf(&rh->evidence, "%s\n", res[i].evidence);
	}
	db_commit_results_free(res, n);
}

/* The holes of the run on every configuration, latest first. */
static int load_holes(struct repair *r)
{
	struct run_verdict rv;
	size_t i, j;

	if (run_verdict_load(r->db, r->run.id, NULL, NULL, &rv))
		return -1;
	for (i = 0; i < rv.n; i++)
		for (j = 0; j < rv.v[i].nholes; j++)
			argv_push(&hole_find(r, &rv.v[i].holes[j])->configs, rv.v[i].config);
	run_verdict_free(&rv);
	for (i = 1; i < r->nholes; i++) {
		struct repair_hole rh = r->holes[i];

		for (j = i; j > 0 && r->holes[j - 1].h.from < rh.h.from; j--)
			r->holes[j] = r->holes[j - 1];
		r->holes[j] = rh;
	}
	for (i = 0; i < r->nholes; i++) {
		struct strbuf on = STRBUF_INIT;

		for (j = 0; j < r->holes[i].configs.argc; j++)
			strbuf_addf(&on, "%s%s", j ? "," : "", r->holes[i].configs.argv[j]);
		r->holes[i].on = strbuf_detach(&on, NULL);
		hole_evidence(r, &r->holes[i]);
	}
	return 0;
}

/* The run's commits as a series of the repository they live in. */
static int load_series(struct repair *r)
{
	struct argv_array shas = ARGV_ARRAY_INIT;
	int n = db_count_commits(r->db, r->run.id), p, ret = -1;

	for (p = 1; p <= n; p++) {
		struct db_commit_row row;
		char pos[16];
		long long id;

		snprintf(pos, sizeof(pos), "%d", p);
		id = db_commit_find(r->db, r->run.id, pos, 1);
		if (!id || db_commit_row_load(r->db, id, &row)) {
			error("run %lld has no commit at %d/%d", r->run.id, p, n);
			goto out;
		}
		if (!row.sha || !*row.sha) {
			/* repair moves changes between commits; it cannot make a patch apply */
			error("%d/%d of run %lld was never applied: nothing to rewrite", p, n,
			      r->run.id);
			db_commit_row_free(&row);
			goto out;
		}
		argv_push(&shas, row.sha);
		db_commit_row_free(&row);
	}
	if (!repair_series_load(&r->orig, r->run.work_dir, r->scratch, r->run.base_sha,
				shas.argv, shas.argc) &&
	    !repair_series_load(&r->cur, r->run.work_dir, r->scratch, r->run.base_sha,
				shas.argv, shas.argc))
		ret = 0;
out:
	argv_clear(&shas);
	return ret;
}

/* The outcome of one tried candidate: "  [2/5] WORDS: WHY". */
static void tried(struct repair_hole *rh, size_t i, size_t n, const char *words,
		  const char *why)
{
	printf("  [%zu/%zu] %s: %s\n", i + 1, n, term_str(words), term_str(why));
	fflush(stdout);
	if (why && strcmp(why, "closed"))
		strbuf_addf(&rh->tries, "  tried %s: %s\n", words, why);
}

/* The trees of a series, one string: two candidates that agree verify alike. */
static char *trees_of(const struct repair_series *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < s->n; i++)
		strbuf_addf(&sb, "%s ", s->v[i].tree);
	return strbuf_detach(&sb, NULL);
}

/* Why a candidate of these trees failed before (a squash after "every hunk"), or NULL. */
static const char *failed_before(const struct repair *r, const char *trees)
{
	size_t i;

	for (i = 0; i + 1 < r->failed.argc; i += 2)
		if (!strcmp(r->failed.argv[i], trees))
			return r->failed.argv[i + 1];
	return NULL;
}

/* Try one candidate: 1 closed (cur replaced), 0 not (why), -1 error. */
static int try_candidate(struct repair *r, struct repair_hole *rh,
			 const struct repair_candidate *c, const struct repair_hunks *hunks,
			 struct strbuf *why)
{
	struct repair_series next;
	const char *before;
	char *trees;
	int ret;

	if (repair_rewrite(&r->cur, rh->h.from, rh->h.fixed_by, c, hunks, &next, why)) {
		repair_series_free(&next);
		return 0;
	}
	trees = trees_of(&next);
	before = failed_before(r, trees);
	if (before) {
		strbuf_addf(why, "the same trees as a candidate before it: %s", before);
		ret = 0;
	} else {
		ret = repair_verify_range(&r->verifier, &next, &rh->configs, rh->h.from,
					  rh->h.fixed_by - (int)(r->cur.n - next.n), why);
	}
	if (ret == 0 && !before)
		argv_pushl(&r->failed, trees, why->buf, NULL);
	free(trees);
	if (ret == 1) {
		size_t i;

		for (i = 0; i < r->cur.dropped.argc; i++)
			argv_push(&next.dropped, r->cur.dropped.argv[i]);
		repair_series_free(&r->cur);
		r->cur = next;
	} else {
		repair_series_free(&next);
	}
	return ret;
}

static int repair_hole(struct repair *r, struct repair_hole *rh)
{
	const struct repair_commit *bad = &r->cur.v[rh->h.from - 1];
	const struct repair_commit *fix = &r->cur.v[rh->h.fixed_by - 1];
	struct strbuf diff = STRBUF_INIT, words = STRBUF_INIT, why = STRBUF_INIT;
	struct repair_candidate *plan;
	struct repair_hunks hunks = { NULL, 0 };
	size_t i, n = 0;
	int ret = 0;

	if (repair_commit_diff(&r->cur, rh->h.fixed_by, &diff) ||
	    repair_hunks_parse(diff.buf, &hunks))
		strbuf_reset(&diff);
	repair_hunks_order(&hunks, rh->evidence.buf);
	plan = xcalloc(r->o->max_candidates + 1, sizeof(*plan));
	n = repair_candidates_plan(hunks.n ? hunks.n : 1, r->o->max_candidates, plan);
	printf("repair: hole %s on %s: %zu hunk%s in \"%s\", %zu candidate%s\n",
	       rh->words.buf, term_str(rh->on), hunks.n, hunks.n == 1 ? "" : "s",
	       term_str(fix->subject), n, n == 1 ? "" : "s");
	for (i = 0; i < n && ret == 0; i++) {
		if (!hunks.n && plan[i].kind <= REPAIR_MOVE_ALL)
			continue;
		strbuf_reset(&words);
		strbuf_reset(&why);
		repair_candidate_words(&words, &plan[i], &hunks, fix->subject, bad->subject);
		ret = try_candidate(r, rh, &plan[i], &hunks, &why);
		tried(rh, i, n, words.buf, ret == 1 ? "closed" : why.buf);
		if (ret == 1)
			strbuf_addf(&rh->moved, "%s (candidate %zu of %zu tried)", words.buf,
				    i + 1, n);
	}
	rh->closed = ret == 1;
	repair_hunks_free(&hunks);
	strbuf_release(&diff);
	strbuf_release(&words);
	strbuf_release(&why);
	free(plan);
	return ret < 0 ? -1 : 0;
}

/* What became of each hole: closed by what, or not and why. */
static int print_outcome(const struct repair *r)
{
	int unclosed = 0;
	size_t i;

	for (i = 0; i < r->nholes; i++) {
		const struct repair_hole *rh = &r->holes[i];

		if (rh->closed) {
			printf("closed: hole %s on %s: %s\n", rh->words.buf, term_str(rh->on),
			       term_str(rh->moved.buf));
			continue;
		}
		unclosed++;
		printf("not closed: hole %s on %s, not without changing the tip:\n",
		       rh->words.buf, term_str(rh->on));
		repair_print_lines(rh->tries.buf);
	}
	for (i = 0; i < r->cur.dropped.argc; i++)
		printf("dropped: %s, left empty by the move\n", term_str(r->cur.dropped.argv[i]));
	return unclosed;
}

static int setup(struct repair *r)
{
	char *tmpl = xasprintf("%s/bisectable-repair.XXXXXX",
			       getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");

	if (db_load_run(r->db, r->o->run, &r->run)) {
		free(tmpl);
		return r->o->run ? error("there is no run %lld", r->o->run) :
				   error("there is no run yet");
	}
	if (r->run.kind && !strcmp(r->run.kind, "bisect"))
		return free(tmpl), error("run %lld is a bisect run: no series to repair",
					 r->run.id);
	if (!r->run.repo && r->o->branch)
		return free(tmpl), error("--branch needs a --repo run; run %lld is a series: "
					 "use -o DIR", r->run.id);
	if (!r->run.repo && !r->o->out_dir)
		return free(tmpl), error("run %lld is a series: say where the repaired one "
					 "goes with -o DIR", r->run.id);
	r->scratch = mkdtemp(tmpl);
	if (!r->scratch)
		return free(tmpl), error("cannot make a scratch directory");
	return 0;
}

static int repair_all(struct repair *r)
{
	size_t i;
	int closed = 0;

	for (i = 0; i < r->nholes; i++) {
		if (repair_hole(r, &r->holes[i]))
			return -1;
		closed += r->holes[i].closed;
	}
	return closed;
}

/* The holes (one per configuration that has it) that stay open. */
static size_t holes_left(const struct repair *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nholes; i++)
		if (!r->holes[i].closed)
			n += r->holes[i].configs.argc;
	return n;
}

/* Verify the rewrite end to end, then write it out. 0, 1 (holes left), -1. */
static int finish(struct repair *r)
{
	struct strbuf why = STRBUF_INIT;
	int ret;

	printf("repair: verifying the rewritten series on every configuration\n");
	fflush(stdout);
	ret = repair_verify_all(&r->verifier, &r->cur, holes_left(r), &why);
	if (ret < 0) {
		error("%s", why.buf);
	} else if (ret == 0) {
		printf("not bisectable end to end: %s\n", term_str(why.buf));
		ret = 1;
	} else {
		ret = repair_output(&r->orig, &r->cur, &r->run, r->o->out_dir, r->o->branch)
			? -1 : 0;
	}
	strbuf_release(&why);
	return ret;
}

static void repair_free(struct repair *r)
{
	size_t i;

	for (i = 0; i < r->nholes; i++) {
		argv_clear(&r->holes[i].configs);
		strbuf_release(&r->holes[i].evidence);
		strbuf_release(&r->holes[i].words);
		strbuf_release(&r->holes[i].moved);
		strbuf_release(&r->holes[i].tries);
		free(r->holes[i].on);
	}
	free(r->holes);
	argv_clear(&r->failed);
	repair_series_free(&r->orig);
	repair_series_free(&r->cur);
	repair_verifier_free(&r->verifier);
	if (r->scratch)
		remove_tree(r->scratch);
	free(r->scratch);
	run_info_free(&r->run);
}

int repair_run(sqlite3 *db, const struct repair_opts *o)
{
	struct repair r = { .db = db, .o = o };
	int closed, ret = EXIT_ERROR;

	if (setup(&r) || load_series(&r) || load_holes(&r) ||
	    repair_verifier_init(&r.verifier, db, o->db_path, &r.run, r.scratch))
		goto out;
	if (!r.nholes) {
		printf("run %lld has no bisection hole: nothing to repair\n", r.run.id);
		ret = 0;
		goto out;
	}
	closed = repair_all(&r);
	if (closed < 0)
		goto out;
	ret = 0;
	if (closed)
		ret = finish(&r);
	if (ret >= 0)
		ret = print_outcome(&r) || ret ? EXIT_BAD : 0;
	else
		ret = EXIT_ERROR;
out:
	repair_free(&r);
	return ret;
}
