// SPDX-License-Identifier: GPL-2.0
/*
 * test-verdict.c - verdict.c against the first_bad and verdict views of
 * db/schema.sql: fixture runs (all pass, a failure in the middle, a bad base,
 * a skip-only stage, a missing stage, a fix after a failure, two
 * configurations, an error of the machine at a commit, before a failure and at
 * the base, bisection holes in the middle, at the start, two of them, with
 * skips and errors inside, and a series broken to the tip) where both must
 * say the same for every run x config, the holes verdict_load finds, the
 * verdicts as data (what 'runs' sums up, the exit status), and the lines
 * first-bad prints for them (verdict-text.c). Run from the top of the tree.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "lib/util.h"
#include "judge/verdict.h"
#include "judge/verdict-text.h"
#include "tap.h"
#include "sql-file.h"

static void add_run(sqlite3 *db, long long id, const char *configs, const char *state)
{
	sqlite3_stmt *st = db_prepare(db,
		"INSERT INTO runs (id, series, series_kind, work_dir, base_version, base_sha,"
		" configs, options, started_at, state, tool_version, host)"
		" VALUES (?1, 'fixture', 'patches', '/w', '6.12', 'b0b0b0b0b0', ?2, '',"
		" '2025-01-01T00:00:00Z', ?3, 'test', 'host')");

	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, configs);
	db_bind_text(st, 3, state);
	db_done(db, st);
}

/*
 * A commit and its results for config: one letter per stage, apply to test,
 * p pass, f fail, t timeout, s skip, e error, - none. Inserted test first, so that
 * nothing can rely on the order of the rows.
 */
static void add_commit(sqlite3 *db, long long run, int position, const char *config,
		       const char *stages)
{
	static const char *const names[] = { "apply", "build", "boot", "test" };
	long long commit_id = db_commit_id(db, run, position);
	int s;

	if (!commit_id) {
		char sha[41], subject[32];

		snprintf(sha, sizeof(sha), "%02lld%02d%036d", run, position, 0);
		snprintf(subject, sizeof(subject), "commit %d of run %lld", position, run);
		commit_id = db_commit_set(db, run, position, sha, NULL, subject, NULL, NULL);
	}
	for (s = 3; s >= 0; s--) {
		struct result_row row = { .config = config, .stage = names[s] };
		char evidence[64];

		switch (stages[s]) {
		case 'p': row.status = "pass"; break;
		case 'f': row.status = "fail"; break;
		case 't': row.status = "timeout"; break;
		case 's': row.status = "skip"; break;
		case 'e': row.status = "error"; break;
		default: continue;
		}
		snprintf(evidence, sizeof(evidence), "%s %s at %d", config, row.status, position);
		row.evidence = row.status[0] == 'p' ? NULL : evidence;
		row.log_path = row.status[0] == 'p' ? NULL : "logs/x.log";
		db_result_set(db, run, commit_id, &row);
	}
}

/*
 * The fixture's runs: a run (its id, configurations and state; NULL: a row
 * of more results in the run above) and one configuration's commits, from
 * position FROM, each its add_commit() letters.
 */
static const struct fixture_run {
	long long id;
	const char *configs;
	const char *state;
	const char *config;
	int from;
	const char *commits[6];
} fixture_runs[] = {
	/* 1: all pass, base included */
	{ 1, "up", "done", "up", 0, { "pppp", "pppp", "pppp", "pppp" } },
	/* 2: commit 2 of 4 fails to build, the rest pass */
	{ 2, "up", "done", "up", 1, { "pppp", "pfss", "pppp", "pppp" } },
	/* 3: the base times out at boot, the commits pass */
	{ 3, "up", "done", "up", 0, { "ppt-", "pppp", "pppp" } },
	/* 4: the test stage is skipped everywhere: not bad, not bisectable either */
	{ 4, "up", "done", "up", 1, { "ppps", "ppps", "ppps" } },
	/* 5: commit 2 has no test result yet (a run that is still going) */
	{ 5, "up", "running", "up", 1, { "pppp", "ppp-", "----" } },
	/* 6: commit 2 fails its test, commit 3 fixes it */
	{ 6, "up", "done", "up", 1, { "pppp", "pppf", "pppp" } },
	/* 7: two configurations; smp's commit 2 is bad at build and at test */
	{ 7, "up,smp", "done", "up", 1, { "pppp", "pppf", "ppfs" } },
	{ 7, NULL, NULL, "smp", 1, { "pppp", "ptpf", "pppp" } },
	/* 8: commit 2's build is an error of the machine: not bad, not verified */
	{ 8, "up", "done", "up", 1, { "pppp", "pess", "pppp" } },
	/* 9: an error at commit 1's boot, commit 2 fails its test */
	{ 9, "up", "done", "up", 1, { "ppes", "pppf" } },
	/* 10: the base's build is an error, every commit passes */
	{ 10, "up", "done", "up", 0, { "pess", "pppp", "pppp" } },
	/* 11: a hole in the middle: 2 does not build, 3 does not boot, 4 fixes both */
	{ 11, "up", "done", "up", 1, { "pppp", "pfss", "ppfs", "pppp", "pppp" } },
	/* 12: a hole at the start: 1 does not build, 2 fixes it */
	{ 12, "up", "done", "up", 1, { "pfss", "pppp", "pppp" } },
	/* 13: broken from 2 to the tip: a first bad, no hole */
	{ 13, "up", "done", "up", 1, { "pppp", "pfss", "pfss" } },
	/* 14: two holes (1 build, 3 test timeout), then broken again at the tip */
	{ 14, "up", "done", "up", 1, { "pfss", "pppp", "pppt", "pppp", "pfss" } },
	/* 15: an error and a skip-only commit inside a hole: 1..3, fixed by 5 */
	{ 15, "up", "done", "up", 1, { "pfss", "pess", "ppfs", "ssss", "pppp" } },
};

static void fixtures(sqlite3 *db)
{
	size_t i, j;

	db_begin(db);
	for (i = 0; i < ARRAY_SIZE(fixture_runs); i++) {
		const struct fixture_run *f = &fixture_runs[i];

		if (f->state)
			add_run(db, f->id, f->configs, f->state);
		for (j = 0; j < ARRAY_SIZE(f->commits) && f->commits[j]; j++)
			add_commit(db, f->id, f->from + (int)j, f->config, f->commits[j]);
	}
	db_commit(db);
}

static char *opt_text(sqlite3_stmt *st, int col)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? NULL : db_column_dup(st, col);
}

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The view's row for run x config against verdict_load(); counts the checks. */
static void check_agree(sqlite3 *db, sqlite3_stmt *vw)
{
	long long run = sqlite3_column_int64(vw, 0);
	const char *config = db_column_str(vw, 1);
	struct verdict v;
	sqlite3_stmt *fb;
	int agree;

	verdict_load(db, run, config, NULL, &v);
	agree = v.has_results && v.commits == sqlite3_column_int(vw, 2) &&
		v.passed == sqlite3_column_int(vw, 3) &&
		v.bad == (sqlite3_column_type(vw, 4) != SQLITE_NULL) &&
		(!v.bad || v.position == sqlite3_column_int(vw, 4)) &&
		v.bisectable == !strcmp(db_column_str(vw, 5), "yes") &&
		v.complete == !strcmp(db_column_str(vw, 6), "yes") &&
		v.errors == sqlite3_column_int(vw, 7);
	ok(agree, "run %lld %s: verdict view and verdict_load agree", run, config);
	if (!agree)
		diag("module: commits %d passed %d bad %d at %d bisectable %d complete %d"
		     " errors %d", v.commits, v.passed, v.bad, v.position, v.bisectable,
		     v.complete, v.errors);

	fb = db_prepare(db, "SELECT position, sha, subject, stage, status, evidence, log_path"
			" FROM first_bad WHERE run_id = ? AND config = ?");
	sqlite3_bind_int64(fb, 1, run);
	db_bind_text(fb, 2, config);
	if (sqlite3_step(fb) == SQLITE_ROW) {
		char *sha = opt_text(fb, 1), *subject = opt_text(fb, 2), *status = opt_text(fb, 4);
		char *evidence = opt_text(fb, 5), *log_path = opt_text(fb, 6);

		agree = v.bad && v.position == sqlite3_column_int(fb, 0) && same(v.sha, sha) &&
			same(v.subject, subject) &&
			!strcmp(stage_names[v.stage], db_column_str(fb, 3)) &&
			same(v.status, status) && same(v.evidence, evidence) &&
			same(v.log_path, log_path) && v.base_bad == (v.position == 0);
		ok(agree, "run %lld %s: first_bad view and verdict_load name the same result",
		   run, config);
		if (!agree)
			diag("view: %d %s %s; module: %d %s %s", sqlite3_column_int(fb, 0),
			     db_column_str(fb, 3), status, v.position,
			     v.bad ? stage_names[v.stage] : "-", v.status);
		free(sha);
		free(subject);
		free(status);
		free(evidence);
		free(log_path);
	} else {
		ok(!v.bad, "run %lld %s: no first bad in the view nor the module", run, config);
	}
	sqlite3_finalize(fb);
	verdict_free(&v);
}

static int check_views(sqlite3 *db)
{
	sqlite3_stmt *vw = db_prepare(db, "SELECT run_id, config, commits, passed,"
				      " first_bad_position, bisectable, complete, errors FROM verdict"
				      " ORDER BY run_id, config");
	int n = 0;

	while (sqlite3_step(vw) == SQLITE_ROW) {
		check_agree(db, vw);
		n++;
	}
	sqlite3_finalize(vw);
	return n;
}

/* What first-bad prints for a run (verdict-text.c), and its exit status. */
static void exec_sql(sqlite3 *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
		die("%s: %s", sql, err);
}

static void check_print(sqlite3 *db, long long run, const char *stage, const char *want,
			int want_ret)
{
	struct strbuf sb = STRBUF_INIT;
	struct verdict_ask ask = { .stage = stage, .require_coverage = -1 };
	int ret = verdict_report(db, run, &ask, &sb);

	is_str(sb.buf, want, "run %lld%s%s: the lines of first-bad", run, stage ? " --stage " : "",
	       stage ? stage : "");
	is_int(ret, want_ret, "run %lld%s%s: exit status", run, stage ? " --stage " : "",
	       stage ? stage : "");
	strbuf_release(&sb);
}

/*
 * The data behind 'runs' and the lines: per configuration "config:" then
 * "bisectable", "bad@position/commits" (with "+error" when an error comes
 * before it) or "incomplete", then verdict_exit() after a '='.
 */
static void check_data(sqlite3 *db, long long run, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	struct run_verdict rv;
	size_t i;

	if (run_verdict_load(db, run, NULL, NULL, &rv) < 0)
		die("no run %lld", run);
	for (i = 0; i < rv.n; i++) {
		const struct verdict *v = &rv.v[i];

		strbuf_addf(&sb, "%s%s:", i ? " " : "", v->config);
		if (v->bad)
			strbuf_addf(&sb, "bad@%d/%d%s", v->position, v->commits,
				    v->error_before_bad ? "+error" : "");
		else
			strbuf_addstr(&sb, v->bisectable ? "bisectable" : "incomplete");
	}
	strbuf_addf(&sb, "=%d", verdict_exit(&rv));
	is_str(sb.buf, want, "run %lld: the verdicts as data", run);
	strbuf_release(&sb);
	run_verdict_free(&rv);
}

/* The holes of run x config, as "from-to:stage:fixed_by ..." */
static void check_holes(sqlite3 *db, long long run, const char *config, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	struct verdict v;
	size_t i;

	verdict_load(db, run, config, NULL, &v);
	for (i = 0; i < v.nholes; i++)
		strbuf_addf(&sb, "%s%d-%d:%s:%d", i ? " " : "", v.holes[i].from, v.holes[i].to,
			    stage_names[v.holes[i].stage], v.holes[i].fixed_by);
	is_str(sb.buf, want, "run %lld %s: holes", run, config);
	strbuf_release(&sb);
	verdict_free(&v);
}

int main(void)
{
	sqlite3 *db = memory_db(NULL);

	fixtures(db);

	is_int(check_views(db), 16, "the verdict view has every run x config");

	check_holes(db, 1, "up", "");
	check_holes(db, 2, "up", "2-2:build:3");
	check_holes(db, 3, "up", "");
	check_holes(db, 6, "up", "2-2:test:3");
	check_holes(db, 7, "up", "");
	check_holes(db, 7, "smp", "2-2:build:3");
	check_holes(db, 8, "up", "");
	check_holes(db, 11, "up", "2-3:build:4");
	check_holes(db, 12, "up", "1-1:build:2");
	check_holes(db, 13, "up", "");
	check_holes(db, 14, "up", "1-1:build:2 3-3:test:4");
	check_holes(db, 15, "up", "1-3:build:5");

	/* No build's .config kept: a bisectable says that its coverage is not known. */
	check_print(db, 1, NULL, "up: bisectable (3/3 commits pass; tip passed 1 of 1 boot: a failure"
		    " in 50% or more of boots would have shown with 50% probability)\n"
		    "series: coverage not known (see 'bisectable coverage')\n", 0);
	check_print(db, 2, NULL, "up: first bad 2/4 0202000 \"commit 2 of run 2\" at build: fail:"
		    " up fail at 2; confidence 100%\nup: hole: 2/4 does not build (fixed by 3/4)\n", EXIT_BAD);
	check_print(db, 3, NULL, "up: the base 0300000 itself is bad at boot: timeout:"
		    " up timeout at 0\n", EXIT_BAD);
	check_print(db, 4, NULL, "up: incomplete: 0/3 commits verified and passing (run done)\n",
		    EXIT_BAD);
	check_print(db, 4, "test", "up: no bad commit at stage test (0/3 commits pass every"
		    " stage)\n", 0);
	check_print(db, 5, NULL, "up: incomplete: 1/3 commits verified and passing"
		    " (run running)\n", EXIT_BAD);
	check_print(db, 6, NULL, "up: first bad 2/3 0602000 \"commit 2 of run 6\" at test: fail:"
		    " up fail at 2; failed 1 of 1 boot (unconfirmed), parent passed 1 of 1;"
		    " confidence 67%\nup: hole: 2/3 builds, fails its tests (fixed by 3/3)\n", EXIT_BAD);
	check_print(db, 7, NULL, "up: first bad 2/3 0702000 \"commit 2 of run 7\" at test: fail:"
		    " up fail at 2; failed 1 of 1 boot (unconfirmed), parent passed 1 of 1;"
		    " confidence 67%\nsmp: first bad 2/3 0702000 \"commit 2 of run 7\" at build:"
		    " timeout: smp timeout at 2; confidence 100%\nsmp: hole: 2/3 build timeout (fixed by 3/3)\n",
		    EXIT_BAD);
	check_print(db, 7, "boot", "up: first bad 3/3 0703000 \"commit 3 of run 7\" at boot: fail:"
		    " up fail at 3; failed 1 of 1 boot (unconfirmed), parent passed 1 of 1;"
		    " confidence 67%\nsmp: no bad commit at stage boot (2/3 commits pass every"
		    " stage)\n", EXIT_BAD);
	check_print(db, 8, NULL, "up: incomplete: 2/3 commits verified and passing (run done;"
		    " 1 error: 2/3 build: up error at 2)\n", EXIT_BAD);
	check_print(db, 9, NULL, "up: first bad 2/2 0902000 \"commit 2 of run 9\" at test: fail:"
		    " up fail at 2; failed 1 of 1 boot (unconfirmed), no parent result;"
		    " confidence 0% (not verified before it: an error: 1/2 boot: up error at 1)\n",
		    EXIT_BAD);
	check_print(db, 10, NULL, "up: incomplete: 2/2 commits verified and passing (run done;"
		    " 1 error: 0/2 build: up error at 0)\n", EXIT_BAD);
	check_print(db, 11, NULL, "up: first bad 2/5 1102000 \"commit 2 of run 11\" at build: fail:"
		    " up fail at 2; confidence 100%\nup: hole: 2/5 does not build; 3/5 builds, does not boot (fixed by 4/5)\n",
		    EXIT_BAD);
	check_print(db, 11, "build", "up: first bad 2/5 1102000 \"commit 2 of run 11\" at build:"
		    " fail: up fail at 2; confidence 100%\n", EXIT_BAD);
	check_print(db, 13, NULL, "up: first bad 2/3 1302000 \"commit 2 of run 13\" at build: fail:"
		    " up fail at 2; confidence 100%\n", EXIT_BAD);
	check_print(db, 14, NULL, "up: first bad 1/5 1401000 \"commit 1 of run 14\" at build: fail:"
		    " up fail at 1; confidence 100%\nup: hole: 1/5 does not build (fixed by 2/5)\n"
		    "up: hole: 3/5 builds, test timeout (fixed by 4/5)\n", EXIT_BAD);
	check_print(db, 15, NULL, "up: first bad 1/5 1501000 \"commit 1 of run 15\" at build: fail:"
		    " up fail at 1; confidence 100%\n"
		    "up: hole: 1/5 does not build; 2/5 not verified; 3/5 builds, does not boot"
		    " (fixed by 5/5)\n", EXIT_BAD);
	check_print(db, 99, NULL, "", EXIT_ERROR);
	/* A subject and evidence (from a merged database) that would drive a terminal. */
	exec_sql(db, "UPDATE commits SET subject = 'x' || char(27) || ']0;t' || char(7)"
		 " WHERE run_id = 13 AND position = 2");
	exec_sql(db, "UPDATE results SET evidence = 'e' || char(27) || '[2J' || char(13)"
		 " WHERE run_id = 13 AND evidence IS NOT NULL");
	check_print(db, 13, NULL, "up: first bad 2/3 1302000 \"x\\033]0;t\\a\" at build: fail:"
		    " e\\033[2J\\r; confidence 100%\n", EXIT_BAD);

	check_data(db, 1, "up:bisectable=0");
	check_data(db, 3, "up:bad@0/2=1");
	check_data(db, 4, "up:incomplete=1");
	check_data(db, 7, "up:bad@2/3 smp:bad@2/3=1");
	check_data(db, 8, "up:incomplete=1");
	check_data(db, 9, "up:bad@2/2+error=1");
	check_data(db, 10, "up:incomplete=1");

	sqlite3_close(db);
	return done_testing();
}
