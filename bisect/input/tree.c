// SPDX-License-Identifier: GPL-2.0
/*
 * tree.c - import Debian's linux-source tarball into git, and keep work trees.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/tree.h"
#include "lib/layout.h"
#include "lib/run-command.h"
#include "lib/util.h"

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

/*
 * What the import was made from, kept in the bare repository's config
 * (section bisectable): the tarball's absolute path, size and mtime (the
 * cheap check of every run), its SHA-256 (the sure one, computed when the
 * cheap one differs) and the commit the record belongs to.
 */
struct tarball_id {
	char *path;
	char *size;
	char *mtime;		/* "seconds.nanoseconds" */
	char *sha256;		/* hex; NULL until computed */
	char *commit;		/* in a record: the import it describes */
};

static void tarball_id_free(struct tarball_id *id)
{
	free(id->path);
	free(id->size);
	free(id->mtime);
	free(id->sha256);
	free(id->commit);
	memset(id, 0, sizeof(*id));
}

static int tarball_stat(const char *tarball, struct tarball_id *id)
{
	struct stat st;

	memset(id, 0, sizeof(*id));
	if (stat(tarball, &st) < 0)
		return error("kernel tarball %s: %s", tarball, strerror(errno));
	id->path = abspath(tarball);
	id->size = xasprintf("%lld", (long long)st.st_size);
	id->mtime = xasprintf("%lld.%09ld", (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	return 0;
}

/* SHA-256 of a file, read in pieces (the tarball is ~150 MB); hex, allocated. */
static char *sha256_stream(const char *path)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned char md[EVP_MAX_MD_SIZE], *buf = xmalloc(1 << 20);
	unsigned int mdlen = 0, i;
	char *hex = NULL;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || !ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
		goto out;
	while ((n = read(fd, buf, 1 << 20)) > 0)
		if (!EVP_DigestUpdate(ctx, buf, n))
			goto out;
	if (n < 0 || !EVP_DigestFinal_ex(ctx, md, &mdlen))
		goto out;
	hex = xmalloc(2 * mdlen + 1);
	for (i = 0; i < mdlen; i++)
		sprintf(hex + 2 * i, "%02x", md[i]);
out:
	if (!hex)
		error("cannot hash %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	EVP_MD_CTX_free(ctx);
	free(buf);
	return hex;
}

static char *config_get(const char *git_dir, const char *key)
{
	struct strbuf out = STRBUF_INIT;

	if (git_quiet(NULL, &out, "--git-dir", git_dir, "config", "--get", key, NULL) ||
	    !out.len) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

static void tarball_id_read(const char *git_dir, struct tarball_id *id)
{
	id->path = config_get(git_dir, "bisectable.tarballPath");
	id->size = config_get(git_dir, "bisectable.tarballSize");
	id->mtime = config_get(git_dir, "bisectable.tarballMtime");
	id->sha256 = config_get(git_dir, "bisectable.tarballSha256");
	id->commit = config_get(git_dir, "bisectable.base");
}

/* The commit first, so a record never describes an import that is not there. */
static int tarball_id_write(const char *git_dir, const struct tarball_id *id,
			    const char *commit)
{
	const char *kv[][2] = {
		{ "bisectable.base", commit }, { "bisectable.tarballPath", id->path },
		{ "bisectable.tarballSize", id->size }, { "bisectable.tarballMtime", id->mtime },
		{ "bisectable.tarballSha256", id->sha256 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kv); i++)
		if (git(NULL, NULL, "--git-dir", git_dir, "config", kv[i][0], kv[i][1], NULL))
			return error("cannot record the import's %s in %s", kv[i][0], git_dir);
	return 0;
}

static int streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

enum tarball_state tree_tarball_check(const char *git_dir, const char *base_sha,
				      const char *tarball)
{
	struct tarball_id now, rec = { 0 };
	enum tarball_state state;

	if (tarball_stat(tarball, &now))
		return TARBALL_ERROR;
	tarball_id_read(git_dir, &rec);
	if (!streq(rec.commit, base_sha) || !rec.sha256) {
		state = TARBALL_UNRECORDED;
	} else if (streq(rec.path, now.path) && streq(rec.size, now.size) &&
		   streq(rec.mtime, now.mtime)) {
		state = TARBALL_SAME;
	} else {
		now.sha256 = sha256_stream(tarball);
		if (!now.sha256)
			state = TARBALL_ERROR;
		else if (!streq(now.sha256, rec.sha256))
			state = TARBALL_CHANGED;
		else if (tarball_id_write(git_dir, &now, base_sha))
			state = TARBALL_ERROR;
		else
			state = TARBALL_TOUCHED;
	}
	tarball_id_free(&now);
	tarball_id_free(&rec);
	return state;
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

/*
 * The scratch directory of an import, cache/import.<pid>, holds the unpacked
 * tree (~1.4 GB) and its lock file "lock", locked for as long as the import
 * runs. One whose lock is free was left by a killed import. Sweeping and
 * creating happen under cache/import-dirs.lock, so a sweep never meets a
 * directory whose owner has not locked it yet.
 */
static int remove_if_stale(const char *dir)
{
	char *lock_path = xasprintf("%s/lock", dir);
	int fd = lock_file(lock_path, 0), removed = 0;

	free(lock_path);
	if (fd < 0)
		return 0;	/* a live import holds it (or it is not ours to touch) */
	if (!remove_tree(dir)) {
		info("removed %s, left by a killed import", dir);
		removed = 1;
	} else {
		warning("cannot remove %s, left by a killed import: %s", dir, strerror(errno));
	}
	close(fd);
	return removed;
}

static int sweep_stale_imports(const char *cache)
{
	DIR *d = opendir(cache);
	struct dirent *e;
	int removed = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char *dir;
		struct stat st;

		if (strncmp(e->d_name, "import.", 7))
			continue;
		dir = xasprintf("%s/%s", cache, e->d_name);
		if (!lstat(dir, &st) && S_ISDIR(st.st_mode))
			removed += remove_if_stale(dir);
		free(dir);
	}
	closedir(d);
	return removed;
}

int tree_remove_stale_imports(const char *cache)
{
	char *guard_path = xasprintf("%s/import-dirs.lock", cache);
	int guard = lock_file(guard_path, 1), removed;

	if (guard < 0)
		die("cannot lock %s: %s", guard_path, strerror(errno));
	removed = sweep_stale_imports(cache);
	close(guard);
	free(guard_path);
	return removed;
}

/* Sweep, then make and lock cache/import.<pid>; its path, the lock's fd in *lock_fd. */
static char *import_dir_create(const char *cache, int *lock_fd)
{
	char *guard_path = xasprintf("%s/import-dirs.lock", cache);
	char *tmp = xasprintf("%s/import.%d", cache, (int)getpid()), *lock_path;
	int guard = lock_file(guard_path, 1);

	if (guard < 0)
		die("cannot lock %s: %s", guard_path, strerror(errno));
	sweep_stale_imports(cache);
	remove_tree(tmp);
	if (mkdir_p(tmp) < 0)
		die("cannot create %s: %s", tmp, strerror(errno));
	lock_path = xasprintf("%s/lock", tmp);
	*lock_fd = lock_file(lock_path, 0);
	if (*lock_fd < 0)
		die("cannot lock %s: %s", lock_path, strerror(errno));
	close(guard);
	free(lock_path);
	free(guard_path);
	return tmp;
}

/*
 * The import's commit becomes refs/bisectable/base (replaced) and is kept
 * as refs/bisectable/imports/<sha>, so the commits of runs on an earlier
 * tarball stay reachable; then the tarball's identity is recorded.
 */
static int record_import(const char *git_dir, const char *sha, const struct tarball_id *id)
{
	char *ref = xasprintf("refs/bisectable/imports/%s", sha);
	int ret;

	ret = git(NULL, NULL, "--git-dir", git_dir, "update-ref", ref, sha, NULL) ||
	      git(NULL, NULL, "--git-dir", git_dir, "update-ref", "refs/bisectable/base", sha,
		  NULL) ||
	      tarball_id_write(git_dir, id, sha) ? -1 : 0;
	free(ref);
	return ret;
}

/* Unpack into tmp/src, add it to git_dir (created if need be) with tmp/index. */
static int unpack_and_add(const char *tarball, const char *git_dir, const char *tmp,
			  const char *const *env)
{
	char *unpack = xasprintf("%s/src", tmp), *top = NULL;
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

		ret = run_env(argv, env, "git add") ? -1 : 0;
	}
out:
	free(top);
	free(unpack);
	return ret;
}

/*
 * Import into git_dir itself: a repository already there (an earlier
 * tarball, its work tree registered) keeps its objects and refs. A killed
 * import leaves at most unreferenced objects, and no record.
 */
static int import_tarball(const char *tarball, const char *git_dir, const char *tmp)
{
	struct strbuf out = STRBUF_INIT;
	char *index_env = xasprintf("GIT_INDEX_FILE=%s/index", tmp);
	const char *env[] = { index_env, NULL };
	struct tarball_id id;
	char *version = NULL;
	int ret = -1;

	/* Identity first: a tarball replaced while we unpack is seen changed next time. */
	if (tarball_stat(tarball, &id))
		goto out_env;
	id.sha256 = sha256_stream(tarball);
	if (!id.sha256 || unpack_and_add(tarball, git_dir, tmp, env) ||
	    commit_import(tarball, git_dir, env, &out) || record_import(git_dir, out.buf, &id))
		goto out_id;
	version = tree_version(git_dir, out.buf);
	info("imported linux %s as %.12s (SHA-256 of %s: %.16s...)", version, out.buf, tarball,
	     id.sha256);
	ret = 0;
out_id:
	tarball_id_free(&id);
out_env:
	free(version);
	free(index_env);
	strbuf_release(&out);
	return ret;
}

static int import_in_scratch_dir(const char *cache, const char *tarball, const char *git_dir)
{
	int lock_fd, ret;
	char *tmp = import_dir_create(cache, &lock_fd);

	ret = import_tarball(tarball, git_dir, tmp);
	remove_tree(tmp);
	close(lock_fd);
	free(tmp);
	return ret;
}

/* Whether the import in base->git_dir (at sha) is the tarball's: 1 if not, -1 on an error. */
static int import_is_stale(const char *tarball, const struct kernel_base *base, const char *sha)
{
	char *version;
	int stale = 1;

	if (access(tarball, R_OK) < 0) {
		version = tree_version(base->git_dir, sha);
		warning("kernel tarball %s: %s; testing the earlier import of it, linux %s",
			tarball, strerror(errno), version);
		free(version);
		return 0;
	}
	switch (tree_tarball_check(base->git_dir, sha, tarball)) {
	case TARBALL_SAME:
	case TARBALL_TOUCHED:
		return 0;
	case TARBALL_CHANGED:
		version = tree_version(base->git_dir, sha);
		info("%s is not the tarball linux %s was imported from (another SHA-256): "
		     "importing it anew", tarball, version);
		free(version);
		break;
	case TARBALL_UNRECORDED:
		info("the import in %s has no record of its tarball: importing %s anew",
		     base->git_dir, tarball);
		break;
	case TARBALL_ERROR:
		stale = -1;
		break;
	}
	return stale;
}

int tree_import(const char *tarball, struct kernel_base *base)
{
	char *cache = cache_dir();
	const char *name = strrchr(tarball, '/') ? strrchr(tarball, '/') + 1 : tarball;
	char *stem = xstrdup(name), *dot, *lock_path;
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
	/* Every run, not only those that import: a killed import's ~1.4 GB go at once. */
	tree_remove_stale_imports(cache);

	if (!git_quiet(NULL, &sha, "--git-dir", base->git_dir, "rev-parse", "--verify", "-q",
		       "refs/bisectable/base^{commit}", NULL)) {
		ret = import_is_stale(tarball, base, sha.buf);
		if (ret <= 0)
			goto found;
	} else if (access(tarball, R_OK) < 0) {
		error("kernel tarball %s: %s (install Debian's linux-source-6.12, or give "
		      "--tarball)", tarball, strerror(errno));
		goto out;
	}
	base->imported = 1;
	if (import_in_scratch_dir(cache, tarball, base->git_dir) ||
	    git(NULL, &sha, "--git-dir", base->git_dir, "rev-parse", "--verify",
		"refs/bisectable/base^{commit}", NULL)) {
		ret = error("import of %s left no base commit", tarball);
		goto out;
	}
	ret = 0;
found:
	if (!ret) {
		base->sha = xstrdup(sha.buf);
		base->version = tree_version(base->git_dir, base->sha);
	}
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
			git_abort(work_dir, "rebase");
		free(abs);
	}
	if (!git_quiet(work_dir, &path, "rev-parse", "--git-path", "rebase-apply", NULL)) {
		char *abs = path.buf[0] == '/' ? xstrdup(path.buf) :
			xasprintf("%s/%s", work_dir, path.buf);

		if (file_exists(abs))
			git_abort(work_dir, "am");
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
