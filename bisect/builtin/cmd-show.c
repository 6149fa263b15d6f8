// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable show [--db DB] [--run N] COMMIT: every result of one commit
 * (a sha prefix, or a position in the series), with its smoke tests and
 * metrics. Without --run, the latest run that has the commit.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "db/db.h"
#include "db/db-codeprint.h"
#include "db/db-judge.h"
#include "judge/claims.h"
#include "judge/codediff-run.h"
#include "judge/codediff-text.h"
#include "judge/partial.h"
#include "lib/escape.h"
#include "lib/util.h"

static void show_results(const struct db_commit_result *r, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		printf("%-8s %-6s %-8s %6.1fs  %s\n", term_str(r[i].config), term_str(r[i].stage),
		       term_str(r[i].status), r[i].duration, term_str(r[i].evidence));
		if (*r[i].log_path)
			printf("%26s log: %s\n", "", term_str(r[i].log_path));
		if (strcmp(r[i].status, "pass") && *r[i].reproduce)
			printf("%26s reproduce: %s\n", "", term_str(r[i].reproduce));
		for (j = 0; j < r[i].ntests; j++)
			printf("%26s %-20s %-8s %s\n", "", term_str(r[i].tests[j].name),
			       term_str(r[i].tests[j].status), term_str(r[i].tests[j].reason));
	}
}

/* A run of some positions only (run --only): said first, a comparison, not a verdict. */
static void show_partial(sqlite3 *db, long long run_id, int commits)
{
	struct strbuf line = STRBUF_INIT;
	struct run_info run;
	char *positions;

	if (db_load_run(db, run_id, &run))
		return;
	positions = partial_positions(run.options, commits);
	if (positions) {
		partial_header(positions, &line);
		printf("%s\n", line.buf);
	}
	free(positions);
	strbuf_release(&line);
	run_info_free(&run);
}

/* What base.config and olddefconfig changed in a configuration's start (db_run_config_changes). */
static void show_changes(sqlite3 *db, long long run_id, const struct db_commit_result *r,
			 size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		char *changes;

		for (j = 0; j < i; j++)
			if (!strcmp(r[j].config, r[i].config))
				break;
		if (j < i || !(changes = db_run_config_changes_get(db, run_id, r[i].config)))
			continue;
		printf("\n%s: its .config as the run changed it:\n", term_str(r[i].config));
		for (char *line = strtok(changes, "\n"); line; line = strtok(NULL, "\n"))
			printf("  %s\n", term_str(line));
		free(changes);
	}
}

/* Each configuration's machine code against the parent's, and the message's claim. */
static void show_codediff(sqlite3 *db, const struct db_commit_row *c)
{
	struct strbuf line = STRBUF_INIT;
	char **configs, *msg;
	const char *claim;
	size_t n, i;
	int broken = 0;

	if (c->position < 1)
		return;
	configs = db_build_configs(db, c->run_id, &n);
	printf("\ncode against the parent (%d/%d):\n", c->position - 1, c->commits);
	for (i = 0; i < n; i++) {
		struct codediff d;

		codediff_cell_load(db, c->run_id, c->position, configs[i], &d);
		strbuf_reset(&line);
		codediff_describe(&d, &line);
		printf("  %-8s %s\n", term_str(configs[i]), term_str(line.buf));
		if (d.seconds > 0 && d.build_seconds > 0)
			printf("           (its codeprint took %.1fs, %.1f%% of its %.1fs build)\n",
			       d.seconds, 100 * d.seconds / d.build_seconds, d.build_seconds);
		strbuf_reset(&line);
		codediff_symbol_lines(&d, "           ", &line);
		for (char *one = strtok(line.buf, "\n"); one; one = strtok(NULL, "\n"))
			printf("%s\n", term_str(one));
		broken |= d.kind == CODEDIFF_CHANGED;
		codediff_release(&d);
		free(configs[i]);
	}
	free(configs);
	msg = db_commit_message(db, c->run_id, c->position);
	claim = claims_no_change(msg);
	if (claim)
		printf("  claim    \"%s\": %s\n", claim, broken ? "broken (no-change claim broken)" :
		       "holds where built");
	free(msg);
	strbuf_release(&line);
}

static void show_commit(sqlite3 *db, long long commit_id)
{
	struct db_commit_result *results;
	struct db_metric_value *metrics;
	struct db_commit_row c = { 0 };
	size_t n, i;

	if (!db_commit_row_load(db, commit_id, &c)) {
		printf("run %lld, commit %d/%d %s\n  %s\n  Author: %s\n\n", c.run_id, c.position,
		       c.commits, term_str(c.sha), term_str(c.subject), term_str(c.author));
		show_partial(db, c.run_id, c.commits);
	}

	n = db_commit_results_load(db, commit_id, &results);
	show_results(results, n);
	show_changes(db, c.run_id, results, n);
	db_commit_results_free(results, n);
	show_codediff(db, &c);
	db_commit_row_free(&c);

	n = db_commit_metrics_load(db, commit_id, &metrics);
	printf("\nmetrics:\n");
	for (i = 0; i < n; i++)
		printf("  %-8s %-18s %.15g\n", term_str(metrics[i].config), term_str(metrics[i].name),
		       metrics[i].value);
	db_commit_metrics_free(metrics, n);
}

struct show_opts {
	long long run;
};

static const struct opt show_option_list[] = {
	OPT_INT(0, "run", struct show_opts, run, "N", 1, LLONG_MAX, 0,
		"look in this run (default: the latest that has the commit)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(show, struct show_opts, show_option_list);

int cmd_show(struct cmd_ctx *ctx)
{
	const struct show_opts *o = ctx->opts;
	const char *which = ctx->argv[0];
	long long commit_id;
	int i, is_pos = 1;

	for (i = 0; which[i]; i++)
		if (!isdigit((unsigned char)which[i]))
			is_pos = 0;
	/* A short all-digit argument is a position; a long one may be a sha. */
	if (strlen(which) > 4)
		is_pos = 0;
	/* A sha prefix is hex: '%' or '_' would match any commit. */
	if (!is_pos && (strlen(which) < 4 || strspn(which, "0123456789abcdefABCDEF") != strlen(which)))
		return error("'%s' is neither a commit position nor a sha prefix of 4+ hex digits",
			     which), EXIT_ERROR;
	commit_id = db_commit_find(ctx->db, o->run, which, is_pos);
	if (!commit_id)
		return error("no commit %s in %s", which, ctx->db_path), EXIT_ERROR;
	show_commit(ctx->db, commit_id);
	return 0;
}
