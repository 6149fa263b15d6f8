// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the kernel trees (input/tree.c). The import, on small
 * fake tarballs: a tarball unchanged is not imported again, one touched
 * but with the same content is not either, one with a changed file is, and
 * the same content always gives the same commit. Scratch directories of
 * killed imports are removed, one a live import holds is kept. A user's
 * repository is cloned for a run (a stale index.lock does not stop it) and
 * its version read from the Makefile. Needs tar, xz and git; works in a
 * temporary directory (BISECTABLE_CACHE points there).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/tree.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

/* tmp/<dir>/linux-source-6.12.tar.xz of a kernel-like tree at SUBLEVEL sub. */
static char *make_tarball(const char *dir, int sub, const char *readme)
{
	char *src = xasprintf("%s/src-%s/linux-source-6.12", tmp, dir);
	char *out_dir = xasprintf("%s/%s", tmp, dir), *parent = xasprintf("%s/src-%s", tmp, dir);
	char *tarball = xasprintf("%s/linux-source-6.12.tar.xz", out_dir);
	char *mk = xasprintf("VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = %d\nEXTRAVERSION =\n", sub);

	mkdir_p(out_dir);
	put_file(src, "Makefile", mk);
	put_file(src, "README", readme);
	{
		const char *argv[] = { "tar", "-cJf", tarball, "-C", parent, "linux-source-6.12",
				       NULL };

		if (run_capture(NULL, NULL, argv))
			diag("tar failed for %s", tarball);
	}
	free(mk);
	free(parent);
	free(out_dir);
	free(src);
	return tarball;
}

static void set_mtime(const char *path, time_t when)
{
	struct timespec ts[2] = { { when, 0 }, { when, 0 } };

	utimensat(AT_FDCWD, path, ts, 0);
}

static void test_identity(void)
{
	char *a = make_tarball("a", 1, "one\n"), *b = make_tarball("b", 2, "two\n");
	struct kernel_base kb;
	char *sha1 = NULL, *ref;

	set_mtime(a, 1000000000);
	is_int(tree_import(a, &kb), 0, "first import");
	is_int(kb.imported, 1, "it imports");
	is_str(kb.version, "6.12.1", "version from the Makefile");
	sha1 = xstrdup(kb.sha ? kb.sha : "");
	kernel_base_free(&kb);

	is_int(tree_import(a, &kb), 0, "same tarball again");
	is_int(kb.imported, 0, "unchanged: not imported again");
	is_str(kb.sha, sha1, "same base");
	kernel_base_free(&kb);

	set_mtime(a, 1000000500);
	is_int(tree_import(a, &kb), 0, "touched tarball");
	is_int(kb.imported, 0, "touched, same content: not imported again");
	is_str(kb.sha, sha1, "same base");
	is_int(tree_tarball_check(kb.git_dir, kb.sha, a), TARBALL_SAME,
	       "and its new mtime was recorded");
	kernel_base_free(&kb);

	/* A copy under the same name with one file changed (6.12.1 -> 6.12.2), via --tarball. */
	is_int(tree_import(b, &kb), 0, "changed tarball");
	is_int(kb.imported, 1, "changed content: imported anew");
	is_str(kb.version, "6.12.2", "the new version is tested");
	ok(kb.sha && strcmp(kb.sha, sha1), "a new base commit");
	ref = xasprintf("refs/bisectable/imports/%s", sha1);
	is_int(git_quiet(NULL, NULL, "--git-dir", kb.git_dir, "rev-parse", "--verify", "-q", ref,
			 NULL), 0, "the earlier import is kept under %s", ref);
	free(ref);
	kernel_base_free(&kb);

	is_int(tree_import(a, &kb), 0, "back to the first tarball");
	is_int(kb.imported, 1, "imported again");
	is_str(kb.sha, sha1, "the same content gives the same commit");
	kernel_base_free(&kb);

	free(sha1);
	free(a);
	free(b);
}

static void test_stale_imports(void)
{
	char *cache = xasprintf("%s/cache", tmp);
	char *dead = xasprintf("%s/import.999999", cache);
	char *free_lock = xasprintf("%s/import.1", cache);
	char *live = xasprintf("%s/import.2", cache), *path;
	int fd;

	put_file(dead, "src/big", "x");
	put_file(free_lock, "lock", "");
	mkdir_p(live);
	path = xasprintf("%s/lock", live);
	fd = lock_file(path, 0);	/* a live import holds it */
	free(path);
	ok(fd >= 0, "the live import's lock is taken");

	is_int(tree_remove_stale_imports(cache), 2, "two stale scratch directories removed");
	ok(!file_exists(dead), "a killed import's directory (no lock file) is gone");
	ok(!file_exists(free_lock), "one whose lock is free is gone");
	ok(file_exists(live), "one a live import holds is kept");
	path = xasprintf("%s/lock", live);
	ok(file_exists(path), "with its lock file");
	free(path);
	if (fd >= 0)
		close(fd);
	is_int(tree_remove_stale_imports(cache), 1, "once its import is gone, it goes too");
	free(live);
	free(free_lock);
	free(dead);
	free(cache);
}

/* A tiny repository stands in for a kernel tree. */
static void test_tree_clone(void)
{
	char dir[] = "/tmp/bisectable-tree.XXXXXX";
	char *repo, *work, *file, *lock, *cmd;
	struct strbuf head = STRBUF_INIT;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	repo = xasprintf("%s/user", dir);
	work = xasprintf("%s/work", dir);
	file = xasprintf("%s/user/Makefile", dir);
	mkdir_p(repo);
	git(repo, NULL, "init", "-q", NULL);
	{
		const char *mk = "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 1\n";

		write_file(file, mk, strlen(mk));
	}
	git(repo, NULL, "add", "Makefile", NULL);
	git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base",
	    NULL);
	git(repo, &head, "rev-parse", "HEAD", NULL);

	is_int(tree_prepare_clone(repo, work, head.buf), 0, "a shared clone of the repository");
	lock = xasprintf("%s/.git/index.lock", work);
	write_file(lock, "", 0);
	is_int(tree_prepare_clone(repo, work, head.buf), 0,
	       "prepared again despite a stale index.lock");
	ok(!file_exists(lock), "the stale index.lock is gone");
	cmd = xasprintf("%s/.git", work);
	{
		char *version = tree_version(cmd, head.buf);

		is_str(version, "6.12.1", "the version comes from the Makefile");
		free(version);
	}
	free(cmd);
	free(lock);
	free(repo);
	free(work);
	free(file);
	strbuf_release(&head);
	remove_tree(dir);
}

int main(void)
{
	tmp = scratch_git_tmp("import");
	scratch_cache(tmp);
	test_identity();
	test_stale_imports();
	test_tree_clone();
	remove_tree(tmp);
	return done_testing();
}
