// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable notes [--db DB] [--run N] [--repo REPO]
 *
 * The results of a run beside its commits: one git note per verified
 * commit (report-notes.h), written under refs/notes/bisectable of REPO, and
 * there only, when --repo is given; without it the notes are printed, each
 * after its commit's sha. A note whose text is already there is left as it
 * is, so a second export of the same run changes nothing. Exit 0, or 2 on
 * an error (no such run, a commit that is not in REPO: nothing written).
 */
#include <limits.h>
#include <stdio.h>

#include "builtin/builtin.h"
#include "lib/util.h"
#include "report/report-model.h"
#include "report/report-notes.h"

struct notes_opts {
	long long run;
	const char *repo;
};

static const struct opt notes_option_list[] = {
	OPT_INT(0, "run", struct notes_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "repo", struct notes_opts, repo, "REPO", NULL, OPT_FILE,
		   "write the notes under refs/notes/bisectable of REPO, which must have the"
		   " run's commits (default: print them)"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(notes, struct notes_opts, notes_option_list);

static void print_notes(const struct report_model *m)
{
	struct strbuf text = STRBUF_INIT;
	size_t i;

	for (i = 0; i < m->ncommits; i++) {
		strbuf_reset(&text);
		if (commit_note_text(m, i, &text) < 0)
			continue;
		printf("%s\n%s\n", m->commits[i].sha, text.buf);
	}
	strbuf_release(&text);
}

int cmd_notes(struct cmd_ctx *ctx)
{
	const struct notes_opts *o = ctx->opts;
	struct notes_export res;
	struct report_model m;
	int ret = 0;

	if (o->repo && !*o->repo)
		return error("--repo wants a repository"), EXIT_ERROR;
	/* Before the model: its coverage reads the run's work tree with git too. */
	notes_clear_git_env();
	if (report_model_load(&m, ctx->db, o->run) < 0)
		return EXIT_ERROR;
	if (!o->repo) {
		print_notes(&m);
	} else if (notes_export(&m, o->repo, &res) < 0) {
		ret = EXIT_ERROR;
	} else {
		printf("%s in %s: %d note%s written, %d unchanged\n", NOTES_REF, o->repo,
		       res.written, res.written == 1 ? "" : "s", res.unchanged);
	}
	report_model_free(&m);
	return ret;
}
