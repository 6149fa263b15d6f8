// SPDX-License-Identifier: GPL-2.0
/*
 * report-notes.c - the git notes of a run (report-notes.h): the text from
 * the report model's checks (report-check.c), written with 'git notes' from
 * argv arrays, a note only where its text changed.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "report/report-check.h"
#include "report/report-notes.h"

static int commit_verified(const struct report_model *m, const struct commit *c)
{
	size_t i;

	for (i = 0; i < m->nconfigs * NR_STAGES; i++)
		if (c->cells[i].id)
			return 1;
	return 0;
}

/* A name from the database on one line: controls become '_'. */
static void add_name(struct strbuf *out, const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	utf8_sanitize(&sb, s, strlen(s));
	for (i = 0; i < sb.len; i++)
		if ((unsigned char)sb.buf[i] < ' ' || sb.buf[i] == 0x7f)
			sb.buf[i] = '_';
	strbuf_addstr(out, sb.buf);
	strbuf_release(&sb);
}

int commit_note_text(const struct report_model *m, long ci, struct strbuf *out)
{
	const struct commit *c;
	size_t cfg;

	if (ci < 0 || (size_t)ci >= m->ncommits)
		return -1;
	c = &m->commits[ci];
	if (c->position < 1 || !commit_verified(m, c))
		return -1;
	strbuf_addf(out, "bisectable run %lld", m->run.id);
	if (!empty(m->run.started_at)) {
		strbuf_addstr(out, ", ");
		add_name(out, m->run.started_at);
	}
	strbuf_addstr(out, "\n");
	for (cfg = 0; cfg < m->nconfigs; cfg++) {
		struct commit_check check;

		if (commit_check_of(m, ci, cfg, &check) < 0)
			continue;
		add_name(out, m->configs[cfg]);
		strbuf_addf(out, ": %s: %s\n", check_state_names[check.state],
			    check.description.buf);
		commit_check_release(&check);
	}
	return 0;
}

/* A commit's sha as git takes it: 40 (or 64) hex digits, nothing else. */
static int sha_ok(const char *sha)
{
	size_t n = sha ? strspn(sha, "0123456789abcdef") : 0;

	return n && !sha[n] && (n == 40 || n == 64);
}

/* Every verified commit is a commit of repo: else an error naming the first that is not. */
static int commits_in_repo(const struct report_model *m, const char *repo)
{
	size_t i;

	for (i = 0; i < m->ncommits; i++) {
		const struct commit *c = &m->commits[i];
		char *obj;
		int ret;

		if (c->position < 1 || !commit_verified(m, c))
			continue;
		if (!sha_ok(c->sha))
			return error("commit %d/%d of run %lld has no sha a repository can have",
				     c->position, m->last_position, m->run.id);
		obj = xasprintf("%s^{commit}", c->sha);
		ret = git_quiet(repo, NULL, "cat-file", "-e", obj, NULL);
		free(obj);
		if (ret)
			return error("commit %d/%d of run %lld (%.12s) is not in %s: notes go"
				     " beside the commits of a run of --repo %s BASE..TIP; an"
				     " imported series' commits are bisectable's own", c->position,
				     m->last_position, m->run.id, c->sha, repo, repo);
	}
	return 0;
}

/* Write the note of commit ci if it differs from the one there. */
static int export_one(const struct report_model *m, long ci, const char *repo,
		      struct notes_export *res)
{
	struct strbuf text = STRBUF_INIT, old = STRBUF_INIT;
	const char *sha = m->commits[ci].sha;
	int ret = 0;

	if (commit_note_text(m, ci, &text) < 0)
		goto out;
	strbuf_trim(&text);
	if (!git_quiet(repo, &old, "notes", "--ref=" NOTES_REF, "show", sha, NULL) &&
	    !strcmp(old.buf, text.buf)) {
		res->unchanged++;
		goto out;
	}
	ret = git(repo, NULL, "notes", "--ref=" NOTES_REF, "add", "-f", "-m", text.buf, sha,
		  NULL);
	if (ret)
		ret = error("git notes add failed for %.12s in %s", sha, repo);
	else
		res->written++;
out:
	strbuf_release(&old);
	strbuf_release(&text);
	return ret;
}

/* What would make 'git -C repo' work on another repository, or its refs elsewhere. */
static const char *const git_location_vars[] = {
	"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_INDEX_FILE",
};

void notes_clear_git_env(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(git_location_vars); i++)
		unsetenv(git_location_vars[i]);
}

int notes_export(const struct report_model *m, const char *repo, struct notes_export *res)
{
	size_t i;

	memset(res, 0, sizeof(*res));
	notes_clear_git_env();
	if (git_quiet(repo, NULL, "rev-parse", "--git-dir", NULL))
		return error("%s is not a git repository", repo);
	if (commits_in_repo(m, repo) < 0)
		return -1;
	for (i = 0; i < m->ncommits; i++)
		if (export_one(m, i, repo, res) < 0)
			return -1;
	return 0;
}
