// SPDX-License-Identifier: GPL-2.0
/*
 * verdict.c - first bad, complete and bisectable per run and configuration
 * (see verdict.h for the definition), and the lines 'first-bad' prints.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "judge/verdict.h"
#include "lib/util.h"

const char *const stage_names[NR_STAGES] = { "apply", "build", "boot", "test" };

#define ALL_STAGES	((1u << NR_STAGES) - 1)

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
	verdict_clear_bad(v);
	free(v->holes);
	free(v->error_evidence);
	free(v->config);
	memset(v, 0, sizeof(*v));
}

/* What a commit of the series is for the holes: every stage passed, or one is bad. */
struct commit_state {
	int position;
	int good;
	int bad;		/* the first bad stage + 1, 0: none */
};

struct commit_states {
	struct commit_state *c;
	size_t n;
};

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
			v->holes = xrealloc(v->holes, (v->nholes + 1) * sizeof(*v->holes));
			v->holes[v->nholes++] = open;
			is_open = 0;
		}
	}
}

/* The commit whose rows were just read: count it, at the stages needed. */
static void count_commit(struct verdict *v, struct commit_states *cs, int position,
			 unsigned int present, unsigned int passing, unsigned int bad,
			 unsigned int need)
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
	v->commits++;
	if ((passing & need) == need)
		v->passed++;
	if ((present & need) != need)
		v->complete = 0;
}

/* The stages config is verified at in the run: all, or apply and build (run_configs). */
static unsigned int stages_needed(sqlite3 *db, long long run_id, const char *config)
{
	unsigned int need = ALL_STAGES;
	sqlite3_stmt *st;

	if (!db_has_column(db, "run_configs", "stages"))
		return need;
	st = db_prepare(db, "SELECT stages FROM run_configs WHERE run_id = ? AND config = ?");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) == 2)
		need = (1u << STAGE_APPLY) | (1u << STAGE_BUILD);
	sqlite3_finalize(st);
	return need;
}

/* Rows of one commit x stage: 0 position, 1 sha, 2 subject, 3 stage, 4 status, 5, 6. */
static void take_row(struct verdict *v, sqlite3_stmt *st, int stage)
{
	verdict_clear_bad(v);
	v->bad = 1;
	v->position = sqlite3_column_int(st, 0);
	v->base_bad = v->position == 0;
	v->stage = stage;
	v->sha = db_column_dup(st, 1);
	v->subject = db_column_dup(st, 2);
	v->status = db_column_dup(st, 4);
	v->evidence = db_column_dup(st, 5);
	v->log_path = db_column_dup(st, 6);
}

/* An error result: not verified there, not bad; the first one is the evidence. */
static void take_error(struct verdict *v, sqlite3_stmt *st, int stage)
{
	int pos = sqlite3_column_int(st, 0);

	if (!v->errors++ || pos < v->error_position ||
	    (pos == v->error_position && stage < (int)v->error_stage)) {
		free(v->error_evidence);
		v->error_position = pos;
		v->error_stage = stage;
		v->error_evidence = db_column_dup(st, 5);
	}
}

int verdict_load(sqlite3 *db, long long run_id, const char *config, const char *stage,
		 struct verdict *v)
{
	int only = stage ? stage_parse(stage) : -1, position = -1;
	unsigned int present = 0, passing = 0, bad = 0, need;
	struct commit_states cs = { NULL, 0 };
	sqlite3_stmt *st;

	memset(v, 0, sizeof(*v));
	v->config = xstrdup(config);
	v->complete = 1;
	need = stages_needed(db, run_id, config);
	v->build_only = need != ALL_STAGES;
	st = db_prepare(db,
		"SELECT c.position, c.sha, c.subject, r.stage, r.status, r.evidence, r.log_path"
		" FROM commits c LEFT JOIN results r ON r.commit_id = c.id AND r.config = ?2"
		" WHERE c.run_id = ?1 ORDER BY c.position");
	sqlite3_bind_int64(st, 1, run_id);
	db_bind_text(st, 2, config);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int pos = sqlite3_column_int(st, 0), s;

		if (pos != position) {
			count_commit(v, &cs, position, present, passing, bad, need);
			position = pos;
			present = passing = bad = 0;
		}
		s = stage_parse(db_column_str(st, 3));
		if (s < 0)
			continue;	/* no result (or a stage this version does not know) */
		v->has_results = 1;
		present |= 1u << s;
		if (!strcmp(db_column_str(st, 4), "pass"))
			passing |= 1u << s;
		if (!strcmp(db_column_str(st, 4), "error"))
			take_error(v, st, s);
		if (status_bad(db_column_str(st, 4)))
			bad |= 1u << s;
		if (!status_bad(db_column_str(st, 4)) || (stage && s != only))
			continue;
		if (!v->bad || pos < v->position || (pos == v->position && s < (int)v->stage))
			take_row(v, st, s);
	}
	sqlite3_finalize(st);
	count_commit(v, &cs, position, present, passing, bad, need);
	find_holes(v, &cs);
	free(cs.c);
	if (!v->commits || v->errors)
		v->complete = 0;
	v->bisectable = v->commits > 0 && v->passed == v->commits && !v->bad && !v->errors;
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
		verdict_load(db, rv->run.id, c, stage, &rv->v[rv->n++]);
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

static const char *str(const char *s)
{
	return s ? s : "";
}

/* "1 error: 2/4 build: evidence" (the first error), or nothing. */
static void print_errors(const struct verdict *v, FILE *out, const char *what)
{
	if (!v->errors)
		return;
	if (v->bad)
		fprintf(out, "%snot verified before it: an error", what);
	else
		fprintf(out, "%s%d error%s", what, v->errors, v->errors == 1 ? "" : "s");
	fprintf(out, ": %d/%d %s", v->error_position, v->commits, stage_names[v->error_stage]);
	if (v->error_evidence && *v->error_evidence)
		fprintf(out, ": %s", v->error_evidence);
}

/* An error before the first bad result: the bisection could end earlier. */
static int error_before_bad(const struct verdict *v)
{
	return v->errors && (v->error_position < v->position ||
			     (v->error_position == v->position && v->error_stage < v->stage));
}

const char *hole_what(enum stage stage)
{
	static const char *const what[NR_STAGES] = {
		[STAGE_APPLY] = "does not apply", [STAGE_BUILD] = "does not build",
		[STAGE_BOOT] = "does not boot", [STAGE_TEST] = "fails its tests",
	};

	return (unsigned int)stage < NR_STAGES ? what[stage] : "is broken";
}

void verdict_print_holes(const struct verdict *v, FILE *out)
{
	size_t i;

	for (i = 0; i < v->nholes; i++) {
		const struct hole *h = &v->holes[i];

		fprintf(out, "%s: hole: %d/%d", v->config, h->from, v->commits);
		if (h->to != h->from)
			fprintf(out, "..%d/%d", h->to, v->commits);
		fprintf(out, " %s (fixed by %d/%d)\n", hole_what(h->stage), h->fixed_by,
			v->commits);
	}
}

int verdict_print(const struct run_verdict *rv, FILE *out)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < rv->n; i++) {
		const struct verdict *v = &rv->v[i];
		const char *colon = v->evidence && *v->evidence ? ": " : "";

		if (v->base_bad) {
			fprintf(out, "%s: the base %.7s itself is bad at %s: %s%s%s\n", v->config,
				str(v->sha), stage_names[v->stage], v->status, colon,
				str(v->evidence));
			ret = EXIT_BAD;
		} else if (v->bad) {
			fprintf(out, "%s: first bad %d/%d %.7s \"%s\" at %s: %s%s%s", v->config,
				v->position, v->commits, str(v->sha), str(v->subject),
				stage_names[v->stage], v->status, colon, str(v->evidence));
			if (error_before_bad(v)) {
				print_errors(v, out, " (");
				fputc(')', out);
			}
			fputc('\n', out);
			ret = EXIT_BAD;
		} else if (rv->stage) {
			fprintf(out, "%s: no bad commit at stage %s (%d/%d commits pass every "
				"stage)\n", v->config, rv->stage, v->passed, v->commits);
		} else if (v->bisectable) {
			fprintf(out, "%s: bisectable (%d/%d commits pass)\n", v->config, v->passed,
				v->commits);
		} else {
			fprintf(out, "%s: incomplete: %d/%d commits verified and passing"
				" (run %s", v->config, v->passed, v->commits, str(rv->run.state));
			print_errors(v, out, "; ");
			fprintf(out, ")\n");
			ret = EXIT_BAD;
		}
		/* Holes look at every stage: not with --stage. */
		if (!rv->stage)
			verdict_print_holes(v, out);
	}
	return ret;
}

int verdict_report(sqlite3 *db, long long run_id, const char *configs, const char *stage,
		   FILE *out)
{
	struct run_verdict rv;
	int ret;

	if (run_verdict_load(db, run_id, configs, stage, &rv) < 0)
		return EXIT_ERROR;
	ret = verdict_print(&rv, out);
	run_verdict_free(&rv);
	return ret;
}

void verdict_summary(const struct run_verdict *rv, struct strbuf *out)
{
	int bad = 0, bisectable = rv->n > 0;
	size_t i;

	for (i = 0; i < rv->n; i++) {
		const struct verdict *v = &rv->v[i];

		if (v->bad)
			strbuf_addf(out, "%s %s %d/%d", bad++ ? "" : "first bad", v->config,
				    v->position, v->commits);
		bisectable &= v->bisectable;
	}
	if (!bad)
		strbuf_addstr(out, bisectable ? "bisectable" : "incomplete");
}
