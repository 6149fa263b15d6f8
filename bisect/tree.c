// SPDX-License-Identifier: GPL-2.0
/*
 * tree.c - import Debian's linux-source tarball into git, and keep work trees.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tree.h"
#include "util.h"

char *cache_dir(void)
{
	const char *env = getenv("BISECTABLE_CACHE");
	char *dir;

	if (env && *env)
		dir = abspath(env);
	else if ((env = getenv("XDG_CACHE_HOME")) && *env)
		dir = xasprintf("%s/bisectable", env);
	else if ((env = getenv("HOME")) && *env)
		dir = xasprintf("%s/.cache/bisectable", env);
	else
		die("no cache directory: set BISECTABLE_CACHE or HOME");
	if (mkdir_p(dir) < 0)
		die("cannot create cache directory %s: %s", dir, strerror(errno));
	return dir;
}

void kernel_base_free(struct kernel_base *base)
{
	free(base->git_dir);
	free(base->sha);
	free(base->version);
}

static int makefile_var(const char *makefile, const char *name)
{
	const char *p = makefile;
	size_t len = strlen(name);

	while (p && *p) {
		if (!strncmp(p, name, len) && (p[len] == ' ' || p[len] == '=')) {
			char *end;
			long v;

			p = strchr(p, '=');
			if (!p)
				return -1;
			/* "VERSION = 6": a number, then only blanks to the end of the line. */
			v = strtol(p + 1, &end, 10);
			if (end == p + 1 || v < 0 || v > INT_MAX || (*end && !strchr(" \t\n", *end)))
				return -1;
			return (int)v;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

char *tree_version(const char *git_dir, const char *commit)
{
	struct strbuf mk = STRBUF_INIT;
	char *spec = xasprintf("%s:Makefile", commit);
	char *version = NULL;

	if (!git_quiet(NULL, &mk, "--git-dir", git_dir, "show", spec, NULL)) {
		int v = makefile_var(mk.buf, "VERSION"), p = makefile_var(mk.buf, "PATCHLEVEL");
		int s = makefile_var(mk.buf, "SUBLEVEL");

		if (v >= 0 && p >= 0)
			version = s > 0 ? xasprintf("%d.%d.%d", v, p, s) : xasprintf("%d.%d", v, p);
	}
	free(spec);
	strbuf_release(&mk);
	return version ? version : xstrdup("unknown");
}

/* The single top-level directory the tarball unpacked into. */
static char *unpacked_top(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *top = NULL;

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		free(top);
		top = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	return top;
}

static int run_env(const char *const *argv, const char *const *env, const char *what)
{
	struct child c = { .argv = argv, .env = env };
	int ret = run_child(&c);

	if (ret)
		error("%s failed (exit %d)", what, ret);
	return ret;
}

/*
 * Debian's tarball carries a top-level .gitignore stanza ignoring everything
 * at the top (a lone slash-star pattern): the import adds with -f so the
 * commit holds the whole tree, byte for byte as the tarball has it. The
 * commit's identity and dates are fixed so the same tarball always gives
 * the same base sha.
 */
/*
 * The index of the import as one commit with a fixed identity and date, so
 * the same tarball always gives the same sha; its id goes to out.
 */
static int commit_import(const char *tarball, const char *git_dir, const char *const *env,
			 struct strbuf *out)
{
	static const char *const ident[] = {
		"GIT_AUTHOR_NAME=bisectable", "GIT_AUTHOR_EMAIL=bisectable@localhost",
		"GIT_COMMITTER_NAME=bisectable", "GIT_COMMITTER_EMAIL=bisectable@localhost",
		"GIT_AUTHOR_DATE=2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2000-01-01T00:00:00Z",
		NULL
	};
	const char *write_tree[] = { "git", "--git-dir", git_dir, "write-tree", NULL };
	const char *base = strrchr(tarball, '/') ? strrchr(tarball, '/') + 1 : tarball;
	struct child c = { .argv = write_tree, .env = env, .capture = out };
	char *tree, *msg;
	int ret;

	strbuf_reset(out);
	if (run_child(&c))
		return error("git write-tree failed");
	strbuf_trim(out);
	tree = strbuf_detach(out, NULL);
	msg = xasprintf("Import %s\n\nThe tree of Debian's %s, as unpacked, imported by "
			"bisectable.", base, base);
	{
		const char *argv[] = { "git", "--git-dir", git_dir, "commit-tree", tree, "-m",
				       msg, NULL };
		struct child commit = { .argv = argv, .env = ident, .capture = out };

		ret = run_child(&commit);
	}
	free(tree);
	free(msg);
	if (ret)
		return error("git commit-tree failed");
	strbuf_trim(out);
	return 0;
}

static int import_tarball(const char *tarball, const char *git_dir, const char *tmp)
{
	struct strbuf out = STRBUF_INIT;
	char *unpack = xasprintf("%s/src", tmp), *index = xasprintf("%s/index", tmp);
	char *index_env = xasprintf("GIT_INDEX_FILE=%s", index);
	const char *env[] = { index_env, NULL };
	char *top = NULL, *version = NULL;
	int ret = -1;

	if (mkdir_p(unpack) < 0) {
		error("cannot create %s: %s", unpack, strerror(errno));
		goto out;
	}
	info("unpacking %s (once; later runs reuse the import)", tarball);
	{
		const char *argv[] = { "tar", "-xf", tarball, "-C", unpack, NULL };

		if (run_env(argv, NULL, "tar"))
			goto out;
	}
	top = unpacked_top(unpack);
	if (!top) {
		error("%s unpacked to nothing", tarball);
		goto out;
	}
	if (git(NULL, NULL, "init", "-q", "--bare", git_dir, NULL))
		goto out;
	/*
	 * No automatic gc: repacking ~90k loose objects in the background
	 * would compete with the kernel builds for the CPUs.
	 */
	git(NULL, NULL, "--git-dir", git_dir, "config", "gc.auto", "0", NULL);
	info("importing %s into %s", top, git_dir);
	{
		const char *argv[] = { "git", "--git-dir", git_dir, "--work-tree", top,
				       "add", "-f", "-A", ".", NULL };

		if (run_env(argv, env, "git add"))
			goto out;
	}
	ret = commit_import(tarball, git_dir, env, &out);
	if (ret)
		goto out;
	ret = git(NULL, NULL, "--git-dir", git_dir, "update-ref", "refs/bisectable/base",
		  out.buf, NULL);
	version = tree_version(git_dir, out.buf);
	info("imported linux %s as %.12s", version, out.buf);
out:
	free(version);
	free(top);
	free(unpack);
	free(index);
	free(index_env);
	strbuf_release(&out);
	return ret;
}

int tree_import(const char *tarball, struct kernel_base *base)
{
	char *cache = cache_dir();
	const char *name = strrchr(tarball, '/') ? strrchr(tarball, '/') + 1 : tarball;
	char *stem = xstrdup(name), *dot, *tmp_git, *tmp, *lock_path;
	struct strbuf sha = STRBUF_INIT;
	int lock_fd, ret = -1;

	memset(base, 0, sizeof(*base));
	dot = strstr(stem, ".tar");
	if (dot)
		*dot = '\0';
	base->git_dir = xasprintf("%s/%s.git", cache, stem);

	/* One import at a time; a second run waits for the first one's. */
	lock_path = xasprintf("%s/%s.lock", cache, stem);
	lock_fd = lock_file(lock_path, 1);
	if (lock_fd < 0)
		die("cannot lock %s: %s", lock_path, strerror(errno));

	if (!git_quiet(NULL, &sha, "--git-dir", base->git_dir, "rev-parse", "--verify", "-q",
		       "refs/bisectable/base^{commit}", NULL))
		goto found;
	if (access(tarball, R_OK) < 0) {
		error("kernel tarball %s: %s (install Debian's linux-source-6.12, or give "
		      "--tarball)", tarball, strerror(errno));
		goto out;
	}
	tmp = xasprintf("%s/import.%d", cache, (int)getpid());
	tmp_git = xasprintf("%s/repo.git", tmp);
	remove_tree(tmp);
	if (mkdir_p(tmp) < 0)
		die("cannot create %s: %s", tmp, strerror(errno));
	ret = import_tarball(tarball, tmp_git, tmp);
	if (!ret) {
		remove_tree(base->git_dir);
		if (rename(tmp_git, base->git_dir) < 0)
			ret = error("cannot move %s to %s: %s", tmp_git, base->git_dir,
				    strerror(errno));
	}
	remove_tree(tmp);
	free(tmp);
	free(tmp_git);
	if (ret)
		goto out;
	if (git(NULL, &sha, "--git-dir", base->git_dir, "rev-parse", "--verify",
		"refs/bisectable/base^{commit}", NULL)) {
		ret = error("import of %s left no base commit", tarball);
		goto out;
	}
found:
	base->sha = xstrdup(sha.buf);
	base->version = tree_version(base->git_dir, base->sha);
	ret = 0;
out:
	close(lock_fd);
	free(lock_path);
	free(stem);
	free(cache);
	strbuf_release(&sha);
	return ret;
}

void tree_abort_in_progress(const char *work_dir)
{
	struct strbuf path = STRBUF_INIT;

	if (!git_quiet(work_dir, &path, "rev-parse", "--git-path", "rebase-merge", NULL)) {
		char *abs = path.buf[0] == '/' ? xstrdup(path.buf) :
			xasprintf("%s/%s", work_dir, path.buf);

		if (file_exists(abs))
			git_quiet(work_dir, NULL, "rebase", "--abort", NULL);
		free(abs);
	}
	if (!git_quiet(work_dir, &path, "rev-parse", "--git-path", "rebase-apply", NULL)) {
		char *abs = path.buf[0] == '/' ? xstrdup(path.buf) :
			xasprintf("%s/%s", work_dir, path.buf);

		if (file_exists(abs))
			git_quiet(work_dir, NULL, "am", "--abort", NULL);
		free(abs);
	}
	strbuf_release(&path);
}

/*
 * A git killed mid-operation (the session or machine went down) leaves
 * index.lock behind. The caller holds the work tree's lock, so no other
 * bisectable can be using it: the stale lock can go.
 */
static void remove_stale_index_lock(const char *work_dir)
{
	struct strbuf path = STRBUF_INIT;

	if (!git_quiet(work_dir, &path, "rev-parse", "--git-path", "index.lock", NULL) &&
	    path.len) {
		char *abs = path.buf[0] == '/' ? xstrdup(path.buf) :
			xasprintf("%s/%s", work_dir, path.buf);

		if (file_exists(abs) && !unlink(abs))
			warning("removed a stale %s", abs);
		free(abs);
	}
	strbuf_release(&path);
}

int tree_checkout_clean(const char *work_dir, const char *commit)
{
	remove_stale_index_lock(work_dir);
	tree_abort_in_progress(work_dir);
	if (git(work_dir, NULL, "checkout", "-q", "-f", "--detach", commit, NULL))
		return error("cannot check out %s in %s", commit, work_dir);
	if (git(work_dir, NULL, "clean", "-q", "-f", "-d", "-x", NULL))
		return error("cannot clean %s", work_dir);
	return 0;
}

int tree_prepare_worktree(const char *git_dir, const char *work_dir, const char *commit)
{
	char *dotgit = xasprintf("%s/.git", work_dir);
	int exists = file_exists(dotgit);

	free(dotgit);
	if (exists)
		return tree_checkout_clean(work_dir, commit);
	git_quiet(NULL, NULL, "--git-dir", git_dir, "worktree", "prune", NULL);
	remove_tree(work_dir);
	info("checking out %.12s into %s (once)", commit, work_dir);
	if (git(NULL, NULL, "--git-dir", git_dir, "worktree", "add", "-q", "--detach",
		work_dir, commit, NULL))
		return error("cannot create the work tree %s", work_dir);
	return 0;
}

int tree_prepare_clone(const char *repo, const char *work_dir, const char *commit)
{
	char *dotgit = xasprintf("%s/.git", work_dir);
	int exists = file_exists(dotgit);

	free(dotgit);
	if (!exists) {
		remove_tree(work_dir);
		/*
		 * --shared borrows the objects through alternates and only reads
		 * the user's repository: no ref, index or file of it changes.
		 */
		info("cloning %s into %s (shared, once)", repo, work_dir);
		if (git(NULL, NULL, "clone", "-q", "--shared", "--no-checkout", "-c", "gc.auto=0",
			repo, work_dir, NULL))
			return error("cannot clone %s", repo);
	}
	return tree_checkout_clean(work_dir, commit);
}

int tree_lock(const char *work_dir)
{
	char *path = xasprintf("%s.lock", work_dir);
	int fd = lock_file(path, 0);

	free(path);
	return fd;	/* held until exit */
}
