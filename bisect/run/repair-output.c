// SPDX-License-Identifier: GPL-2.0
/*
 * repair-output.c - a repaired series written out and compared with the
 * original (repair-output.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/repair-output.h"
#include "lib/escape.h"
#include "lib/run-command.h"
#include "lib/util.h"

void repair_print_lines(const char *text)
{
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		char *line = nl ? xstrndup(p, nl - p) : xstrdup(p);

		printf("%s\n", term_str(line));
		free(line);
		p = nl ? nl + 1 : p + strlen(p);
	}
}

static int dir_is_new_or_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int empty = 1;

	if (!d)
		return !file_exists(dir);
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

int repair_write_quilt(const struct repair_series *s, const char *dir)
{
	struct argv_array names = ARGV_ARRAY_INIT;
	struct strbuf series = STRBUF_INIT;
	char *path = NULL;
	size_t i;
	int ret = -1;

	if (!dir_is_new_or_empty(dir))
		return error("%s exists and is not empty: not overwritten", dir);
	if (mkdir_p(dir))
		return error("cannot make %s", dir);
	for (i = 0; i < s->n; i++) {
		struct strbuf patch = STRBUF_INIT;
		char *name = repair_patch_name((int)i + 1, s->v[i].subject);

		argv_push(&names, name);
		free(path);
		path = xasprintf("%s/%s", dir, name);
		free(name);
		if (git(s->git_dir, &patch, "format-patch", "-1", "--stdout", "--no-signature",
			s->v[i].sha, NULL) ||
		    (strbuf_addstr(&patch, "\n"), write_file(path, patch.buf, patch.len))) {
			strbuf_release(&patch);
			error("cannot write %s", path);
			goto out;
		}
		strbuf_release(&patch);
	}
	repair_series_text(&series, names.argv, names.argc);
	free(path);
	path = xasprintf("%s/series", dir);
	if (write_file(path, series.buf, series.len))
		error("cannot write %s", path);
	else
		ret = 0;
out:
	free(path);
	strbuf_release(&series);
	argv_clear(&names);
	return ret;
}

/* refs/bisectable/repaired/run-N (-2, -3... if taken) in s's repository. */
static char *write_ref(const struct repair_series *s, long long run_id)
{
	int k;

	for (k = 1; k < 100; k++) {
		char *ref = k == 1 ? xasprintf("refs/bisectable/repaired/run-%lld", run_id) :
				     xasprintf("refs/bisectable/repaired/run-%lld-%d", run_id, k);

		/* The empty old value: only when the ref does not exist yet. */
		if (!git_quiet(s->git_dir, NULL, "update-ref", ref, repair_tip(s), "", NULL))
			return ref;
		free(ref);
	}
	error("cannot write a ref under refs/bisectable/repaired/ in %s", s->git_dir);
	return NULL;
}

/* A new branch of the user's repository, fetched from the private clone. */
static int write_branch(const struct repair_series *s, const char *repo, const char *ref,
			const char *branch)
{
	char *full = xasprintf("refs/heads/%s", branch);
	char *spec = xasprintf("%s:%s", ref, full);
	int ret = 0;

	if (git_quiet(NULL, NULL, "check-ref-format", full, NULL))
		ret = error("--branch %s: not a branch name", branch);
	else if (!git_quiet(repo, NULL, "rev-parse", "--verify", "-q", full, NULL))
		ret = error("%s already has a branch %s: not overwritten", repo, branch);
	else if (git(repo, NULL, "fetch", "-q", "--no-tags", s->git_dir, spec, NULL))
		ret = error("cannot fetch %s into %s", ref, repo);
	else
		printf("branch: %s in %s\n", term_str(branch), term_str(repo));
	free(full);
	free(spec);
	return ret;
}

static void print_range_diff(const struct repair_series *orig, const struct repair_series *s)
{
	char *old = xasprintf("%s..%s", orig->base, repair_tip(orig));
	char *new = xasprintf("%s..%s", s->base, repair_tip(s));
	struct strbuf out = STRBUF_INIT;

	if (!git(s->git_dir, &out, "range-diff", "--no-color", old, new, NULL)) {
		printf("git range-diff %s %s:\n", old, new);
		repair_print_lines(out.buf);
	}
	strbuf_release(&out);
	free(old);
	free(new);
}

int repair_output(const struct repair_series *orig, const struct repair_series *cur,
		  const struct run_info *run, const char *out_dir, const char *branch)
{
	const char *before = orig->n ? orig->v[orig->n - 1].tree : orig->base_tree;
	const char *after = cur->n ? cur->v[cur->n - 1].tree : cur->base_tree;
	char *ref = NULL;
	int ret = 0;

	print_range_diff(orig, cur);
	printf("tip tree: %s before, %s after (%s)\n", before, after,
	       strcmp(before, after) ? "DIFFERENT" : "the same");
	if (strcmp(before, after))
		return error("the rewrite changed the tip tree: nothing written");
	if (run->repo) {
		ref = write_ref(cur, run->id);
		if (!ref)
			return -1;
		printf("ref: %s in %s\n", ref, term_str(cur->git_dir));
		if (branch)
			ret = write_branch(cur, run->repo, ref, branch);
	}
	if (!ret && out_dir && !repair_write_quilt(cur, out_dir))
		printf("patches: %s (series and %zu patch%s)\n", term_str(out_dir), cur->n,
		       cur->n == 1 ? "" : "es");
	else if (!ret && out_dir)
		ret = -1;
	free(ref);
	return ret;
}
