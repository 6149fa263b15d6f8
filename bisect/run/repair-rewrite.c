// SPDX-License-Identifier: GPL-2.0
/*
 * repair-rewrite.c - a candidate series of 'bisectable repair' as git
 * objects (repair-rewrite.h): a private index, apply --cached, write-tree,
 * and commit objects written from the original's text with a new tree,
 * parent and trailer.
 */
#include <stdlib.h>
#include <string.h>

#include "run/repair-rewrite.h"
#include "lib/run-command.h"

static int git_capture(const struct repair_series *s, struct strbuf *out,
		       const char *const *args, struct strbuf *err)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *index = xasprintf("GIT_INDEX_FILE=%s/index", s->scratch);
	const char *env[] = { index, NULL };
	struct strbuf cap = STRBUF_INIT;
	struct child c = { 0 };
	size_t i;
	int ret;

	argv_pushl(&argv, "git", "-C", s->git_dir, NULL);
	for (i = 0; args[i]; i++)
		argv_push(&argv, args[i]);
	c.argv = argv.argv;
	c.env = env;
	c.capture = &cap;
	c.capture_stderr = !!err;
	c.quiet = !err;
	ret = run_child(&c);
	strbuf_trim(&cap);
	if (ret && err)
		strbuf_addstr(err, cap.buf);
	if (!ret && out)
		strbuf_addstr(out, cap.buf);
	strbuf_release(&cap);
	argv_clear(&argv);
	free(index);
	return ret ? -1 : 0;
}

static char *git_line(const struct repair_series *s, const char *const *args)
{
	struct strbuf out = STRBUF_INIT;

	if (git_capture(s, &out, args, NULL)) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

int repair_series_load(struct repair_series *s, const char *git_dir, const char *scratch,
		       const char *base, const char *const *shas, size_t n)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->git_dir = xstrdup(git_dir);
	s->scratch = xstrdup(scratch);
	s->base = xstrdup(base);
	s->v = xcalloc(n ? n : 1, sizeof(*s->v));
	s->n = n;
	for (i = 0; i <= n; i++) {
		const char *sha = i ? shas[i - 1] : base;
		char *treeish = xasprintf("%s^{tree}", sha);
		const char *tree_args[] = { "rev-parse", "--verify", "-q", treeish, NULL };
		const char *subj_args[] = { "log", "-1", "--format=%s", sha, NULL };
		char *tree = git_line(s, tree_args);

		free(treeish);
		if (!tree)
			return error("%s: no such commit in %s", sha, git_dir);
		if (!i) {
			s->base_tree = tree;
			continue;
		}
		s->v[i - 1].sha = xstrdup(sha);
		s->v[i - 1].tree = tree;
		s->v[i - 1].subject = git_line(s, subj_args);
		if (!s->v[i - 1].subject)
			s->v[i - 1].subject = xstrdup("");
		s->v[i - 1].from = i;
	}
	return 0;
}

void repair_series_free(struct repair_series *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].sha);
		free(s->v[i].tree);
		free(s->v[i].subject);
	}
	free(s->v);
	free(s->git_dir);
	free(s->scratch);
	free(s->base);
	free(s->base_tree);
	argv_clear(&s->dropped);
	memset(s, 0, sizeof(*s));
}

const char *repair_tip(const struct repair_series *s)
{
	return s->n ? s->v[s->n - 1].sha : s->base;
}

static const char *parent_of(const struct repair_series *s, int position)
{
	return position > 1 ? s->v[position - 2].sha : s->base;
}

int repair_commit_diff(const struct repair_series *s, int position, struct strbuf *out)
{
	const char *args[] = { "diff-tree", "-p", "--binary", "--full-index", "--no-color",
			       "--no-renames", parent_of(s, position), s->v[position - 1].sha,
			       NULL };

	if (git_capture(s, out, args, NULL))
		return error("cannot read the diff of %s", s->v[position - 1].sha);
	strbuf_addstr(out, "\n");
	return 0;
}

/* tree plus the patch in the file at patch: *out (allocated), else why. */
static int tree_plus_patch(const struct repair_series *s, const char *tree,
			   const char *patch, char **out, struct strbuf *why)
{
	const char *read_args[] = { "read-tree", tree, NULL };
	const char *apply_args[] = { "apply", "--cached", "--whitespace=nowarn", patch, NULL };
	const char *write_args[] = { "write-tree", NULL };
	struct strbuf err = STRBUF_INIT;

	*out = NULL;
	if (git_capture(s, NULL, read_args, &err) || git_capture(s, NULL, apply_args, &err) ||
	    !(*out = git_line(s, write_args))) {
		char *nl = strchr(err.buf, '\n');

		if (nl)
			*nl = '\0';
		strbuf_addstr(why, err.len ? err.buf : "git failed");
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	return 0;
}

/* The original's headers but tree and parents (and a signature now wrong). */
static void commit_headers(struct strbuf *out, const char *raw, const char *tree,
			   const char *parent, const char **body)
{
	const char *p = raw;
	int skipping = 0;

	strbuf_addf(out, "tree %s\nparent %s\n", tree, parent);
	while (*p && *p != '\n') {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (*p != ' ')
			skipping = !strncmp(p, "tree ", 5) || !strncmp(p, "parent ", 7) ||
				   !strncmp(p, "gpgsig", 6) || !strncmp(p, "mergetag ", 9);
		if (!skipping)
			strbuf_add(out, p, len);
		p += len;
	}
	*body = *p ? p + 1 : p;
}

/*
 * A commit object like orig's with this tree and parent, its message
 * followed by extra (another commit's message) and trailer when given.
 */
static char *commit_write(const struct repair_series *s, const char *orig, const char *tree,
			  const char *parent, const char *extra, const char *trailer)
{
	const char *cat_args[] = { "cat-file", "commit", orig, NULL };
	char *path = xasprintf("%s/commit", s->scratch);
	const char *hash_args[] = { "hash-object", "-t", "commit", "-w", path, NULL };
	struct strbuf raw = STRBUF_INIT, obj = STRBUF_INIT;
	const char *body;
	char *sha = NULL;

	if (git_capture(s, &raw, cat_args, NULL))
		goto out;
	commit_headers(&obj, raw.buf, tree, parent, &body);
	strbuf_addstr(&obj, "\n");
	strbuf_addstr(&obj, body);
	strbuf_trim(&obj);
	if (extra)
		strbuf_addf(&obj, "\n\n%s", extra);
	if (trailer)
		strbuf_addf(&obj, "\n\n%s", trailer);
	strbuf_addstr(&obj, "\n");
	if (!write_file(path, obj.buf, obj.len))
		sha = git_line(s, hash_args);
out:
	if (!sha)
		error("cannot write a commit like %s", orig);
	strbuf_release(&raw);
	strbuf_release(&obj);
	free(path);
	return sha;
}

static void series_push(struct repair_series *out, const struct repair_commit *orig,
			char *sha, const char *tree, int changed)
{
	struct repair_commit *c;

	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	c = &out->v[out->n++];
	c->sha = sha;
	c->tree = xstrdup(tree);
	c->subject = xstrdup(orig->subject);
	c->from = orig->from;
	c->changed = changed;
}

/* The patch a candidate moves, into the scratch file it returns. */
static char *candidate_patch(const struct repair_series *s, int fix,
			     const struct repair_candidate *c, const struct repair_hunks *h)
{
	struct strbuf text = STRBUF_INIT;
	char *path = xasprintf("%s/moved.patch", s->scratch);

	if (c->kind == REPAIR_MOVE_HUNK) {
		char *one = repair_hunk_patch(&h->v[c->hunk]);

		strbuf_addstr(&text, one);
		if (text.len && text.buf[text.len - 1] != '\n')
			strbuf_addstr(&text, "\n");
		free(one);
	} else if (repair_commit_diff(s, fix, &text)) {
		goto fail;
	}
	if (!write_file(path, text.buf, text.len)) {
		strbuf_release(&text);
		return path;
	}
fail:
	strbuf_release(&text);
	free(path);
	return NULL;
}

static char *commit_message(const struct repair_series *s, const char *sha)
{
	const char *args[] = { "log", "-1", "--format=%B", sha, NULL };

	return git_line(s, args);
}

struct rewrite {
	const struct repair_series *s;
	struct repair_series *out;
	int from, fix;
	const struct repair_candidate *c;
	const struct repair_hunks *h;
	const char *patch;
	struct strbuf *why;
};

/* why becomes "WHAT P/N: " and what it said. */
static void why_prefix(struct strbuf *why, const char *what, int position, size_t n)
{
	char *said = strbuf_detach(why, NULL);

	strbuf_addf(why, "%s %d/%zu: %s", what, position, n, said);
	free(said);
}

/* The moved fix of a reorder, on the commit before from. */
static int rewrite_reorder(struct rewrite *w)
{
	const struct repair_commit *fix = &w->s->v[w->fix - 1];
	const char *tree = w->from > 1 ? w->s->v[w->from - 2].tree : w->s->base_tree;
	char *new_tree, *trailer, *sha;

	if (tree_plus_patch(w->s, tree, w->patch, &new_tree, w->why)) {
		why_prefix(w->why, "it does not apply before", w->from, w->s->n);
		return -1;
	}
	trailer = repair_trailer_fix(w->c, w->h, w->s->v[w->from - 1].subject);
	sha = commit_write(w->s, fix->sha, new_tree, repair_tip(w->out), NULL, trailer);
	if (sha)
		series_push(w->out, fix, sha, new_tree, 1);
	free(trailer);
	free(new_tree);
	return sha ? 0 : -1;
}

/* The commits from..fix-1, each with the patch on its own tree. */
static int rewrite_middle(struct rewrite *w)
{
	const struct repair_commit *fix = &w->s->v[w->fix - 1];
	char *extra = NULL, *trailer = NULL;
	int p, ret = 0;

	if (w->c->kind == REPAIR_SQUASH)
		extra = commit_message(w->s, fix->sha);
	for (p = w->from; p < w->fix && !ret; p++) {
		const struct repair_commit *o = &w->s->v[p - 1];
		int first = p == w->from && w->c->kind != REPAIR_REORDER;
		char *tree, *sha;

		if (tree_plus_patch(w->s, o->tree, w->patch, &tree, w->why)) {
			why_prefix(w->why, "it does not apply at", p, w->s->n);
			ret = -1;
			break;
		}
		trailer = first ? repair_trailer_bad(w->c, w->h, fix->subject) : NULL;
		sha = commit_write(w->s, o->sha, tree, repair_tip(w->out), first ? extra : NULL,
				   trailer);
		if (sha)
			series_push(w->out, o, sha, tree, first);
		else
			ret = -1;
		free(trailer);
		free(tree);
	}
	free(extra);
	return ret;
}

/* The fixing commit (its own tree: dropped when that left it empty) and the rest. */
static int rewrite_rest(struct rewrite *w)
{
	size_t p;

	for (p = w->fix; p <= w->s->n; p++) {
		const struct repair_commit *o = &w->s->v[p - 1];
		const char *prev = w->out->n ? w->out->v[w->out->n - 1].tree : w->s->base_tree;
		char *trailer = NULL, *sha;
		int is_fix = (int)p == w->fix;

		if (is_fix && !strcmp(o->tree, prev)) {
			argv_pushf(&w->out->dropped, "%zu/%zu \"%s\"", p, w->s->n, o->subject);
			continue;
		}
		if (is_fix)
			trailer = repair_trailer_fix(w->c, w->h, w->s->v[w->from - 1].subject);
		sha = commit_write(w->s, o->sha, o->tree, repair_tip(w->out), NULL, trailer);
		free(trailer);
		if (!sha)
			return -1;
		series_push(w->out, o, sha, o->tree, is_fix);
	}
	return 0;
}

int repair_rewrite(const struct repair_series *s, int from, int fix,
		   const struct repair_candidate *c, const struct repair_hunks *h,
		   struct repair_series *out, struct strbuf *why)
{
	struct rewrite w = { s, out, from, fix, c, h, NULL, why };
	char *patch;
	int p, ret = -1;

	memset(out, 0, sizeof(*out));
	out->git_dir = xstrdup(s->git_dir);
	out->scratch = xstrdup(s->scratch);
	out->base = xstrdup(s->base);
	out->base_tree = xstrdup(s->base_tree);
	if (from < 1 || fix <= from || (size_t)fix > s->n)
		return strbuf_addstr(why, "no fixing commit after the hole"), -1;
	patch = candidate_patch(s, fix, c, h);
	if (!patch)
		return strbuf_addstr(why, "cannot write the patch"), -1;
	w.patch = patch;
	for (p = 1; p < from; p++)
		series_push(out, &s->v[p - 1], xstrdup(s->v[p - 1].sha), s->v[p - 1].tree, 0);
	if ((c->kind != REPAIR_REORDER || !rewrite_reorder(&w)) && !rewrite_middle(&w) &&
	    !rewrite_rest(&w))
		ret = 0;
	if (!ret && strcmp(out->n ? out->v[out->n - 1].tree : out->base_tree,
			   s->v[s->n - 1].tree))
		ret = -1, strbuf_addstr(why, "it changes the tip tree");
	free(patch);
	return ret;
}
