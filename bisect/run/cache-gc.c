// SPDX-License-Identifier: GPL-2.0
/*
 * cache-gc.c - give back the disk of work trees nobody used for a while
 * (see cache-gc.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run/cache-gc.h"
#include "run/run.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* nftw() takes no argument for its callback: the size being added up. */
static unsigned long long walked_bytes;

static int add_size(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)path;
	(void)type;
	(void)f;
	walked_bytes += (unsigned long long)st->st_blocks * 512;
	return 0;
}

static unsigned long long disk_usage(const char *path)
{
	walked_bytes = 0;
	if (file_exists(path))
		nftw(path, add_size, 64, FTW_PHYS);
	return walked_bytes;
}

static void say_bytes(FILE *out, unsigned long long bytes)
{
	if (bytes >= 1000ULL * 1000 * 1000)
		fprintf(out, "%.1f GB", bytes / 1e9);
	else
		fprintf(out, "%.0f MB", bytes / 1e6);
}

/* Seconds since path or, for a directory, the newest of its entries changed; -1 if none. */
static double idle_seconds(const char *path)
{
	struct stat st;
	double newest, now = (double)time(NULL);
	DIR *d;
	struct dirent *e;

	if (lstat(path, &st))
		return -1;
	newest = (double)st.st_mtim.tv_sec;
	if (S_ISDIR(st.st_mode) && (d = opendir(path))) {
		while ((e = readdir(d))) {
			char *sub;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			sub = xasprintf("%s/%s", path, e->d_name);
			if (!lstat(sub, &st) && (double)st.st_mtim.tv_sec > newest)
				newest = (double)st.st_mtim.tv_sec;
			free(sub);
		}
		closedir(d);
	}
	return now - newest;
}

/* The names of the directories in dir (no links, no dot files), allocated. */
static void list_dirs(const char *dir, struct argv_array *names)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *path;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			argv_push(names, e->d_name);
		free(path);
	}
	if (d)
		closedir(d);
}

/* The import repositories forget the work trees that are gone. */
static void prune_worktrees(const char *cache)
{
	struct argv_array names = ARGV_ARRAY_INIT;
	size_t i;

	list_dirs(cache, &names);
	for (i = 0; i < names.argc; i++) {
		size_t n = strlen(names.argv[i]);
		char *git_dir;

		if (n < 5 || strcmp(names.argv[i] + n - 4, ".git"))
			continue;
		git_dir = xasprintf("%s/%s", cache, names.argv[i]);
		git_quiet(NULL, NULL, "--git-dir", git_dir, "worktree", "prune", NULL);
		free(git_dir);
	}
	argv_clear(&names);
}

/*
 * The lock of work/NAME: 0 with *fd (or -1) if no run holds it, -1 if one
 * does. A dry run changes nothing on disk: a missing lock file is free and
 * is not made.
 */
static int gc_lock(const char *lock, int dry_run, int *fd)
{
	*fd = -1;
	if (dry_run) {
		int probe = open(lock, O_RDWR | O_CLOEXEC);

		if (probe < 0)
			return errno == ENOENT ? 0 : -1;
		if (flock(probe, LOCK_EX | LOCK_NB) < 0) {
			close(probe);
			return -1;
		}
		*fd = probe;
		return 0;
	}
	*fd = lock_file(lock, 0);
	return *fd < 0 ? -1 : 0;
}

/* One work tree and its build directories, if free and idle long enough. */
static void gc_work_tree(const char *cache, const char *name, double older_than, int dry_run,
			 FILE *out, struct gc_stats *stats)
{
	char *work = xasprintf("%s/work/%s", cache, name);
	char *build = xasprintf("%s/build/%s", cache, name);
	char *owner = xasprintf("%s.owner", work), *lock = xasprintf("%s.lock", work);
	char *state = NULL;
	double idle;
	unsigned long long bytes;
	int fd;

	if (gc_lock(lock, dry_run, &fd)) {
		fprintf(out, "kept work/%s: a run is using it\n", name);
		stats->kept_in_use++;
		goto out;
	}
	state = run_owner_state(work);
	if (state && !strcmp(state, "stopped")) {
		fprintf(out, "kept work/%s: the fix-up of a --stop-on-failure stop is in it"
			" (finish it, or 'bisectable run --discard')\n", name);
		stats->kept_user_work++;
		goto out;
	}
	/* The owner file is rewritten when a run starts and when it ends. */
	idle = file_exists(owner) ? idle_seconds(owner) : idle_seconds(work);
	if (idle < older_than) {
		fprintf(out, "kept work/%s: used %.0f days ago\n", name, idle / 86400);
		stats->kept_recent++;
		goto out;
	}
	bytes = disk_usage(work) + disk_usage(build);
	fprintf(out, "%s work/%s and build/%s (", dry_run ? "would remove" : "removed", name,
		name);
	say_bytes(out, bytes);
	fprintf(out, "): last used %.0f days ago\n", idle / 86400);
	stats->removed++;
	stats->bytes += bytes;
	if (!dry_run) {
		remove_tree(work);
		remove_tree(build);
		unlink(owner);
		unlink(lock);
	}
out:
	if (fd >= 0)
		close(fd);
	free(state);
	free(work);
	free(build);
	free(owner);
	free(lock);
}

/* A build directory whose work tree is gone: nothing makes it incremental. */
static void gc_orphan_build(const char *cache, const char *name, double older_than,
			    int dry_run, FILE *out, struct gc_stats *stats)
{
	char *work = xasprintf("%s/work/%s", cache, name);
	char *build = xasprintf("%s/build/%s", cache, name);
	char *lock = xasprintf("%s.lock", work);
	double idle = idle_seconds(build);
	int fd = -1;

	if (file_exists(work) || idle < older_than)
		goto out;
	/* A run that is about to make its work tree holds the lock already. */
	if (gc_lock(lock, dry_run, &fd))
		goto out;
	stats->bytes += disk_usage(build);
	fprintf(out, "%s build/%s (its work tree is gone): last used %.0f days ago\n",
		dry_run ? "would remove" : "removed", name, idle / 86400);
	stats->removed++;
	if (!dry_run) {
		remove_tree(build);
		unlink(lock);
	}
out:
	if (fd >= 0)
		close(fd);
	free(work);
	free(build);
	free(lock);
}

/*
 * The images kept for confirming boots (step/confirm.c): each is needed
 * only while a run may boot its commit again; those unused for older_than go.
 */
static void gc_images(const char *cache, double older_than, int dry_run, FILE *out,
		      struct gc_stats *stats)
{
	char *dir = xasprintf("%s/images", cache);
	unsigned long long bytes = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d))) {
		char *path = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;

		if (e->d_name[0] != '.' && !lstat(path, &st) && S_ISREG(st.st_mode) &&
		    idle_seconds(path) >= older_than) {
			bytes += (unsigned long long)st.st_blocks * 512;
			n++;
			if (!dry_run)
				unlink(path);
		}
		free(path);
	}
	if (d)
		closedir(d);
	if (n) {
		fprintf(out, "%s %d kept kernel image%s (", dry_run ? "would remove" : "removed", n,
			n == 1 ? "" : "s");
		say_bytes(out, bytes);
		fprintf(out, ")\n");
		stats->removed++;
		stats->bytes += bytes;
	}
	free(dir);
}

void cache_gc(const char *cache, double older_than, int dry_run, FILE *out,
	      struct gc_stats *stats)
{
	struct argv_array names = ARGV_ARRAY_INIT;
	char *dir = xasprintf("%s/work", cache);
	size_t i;

	memset(stats, 0, sizeof(*stats));
	list_dirs(dir, &names);
	for (i = 0; i < names.argc; i++)
		gc_work_tree(cache, names.argv[i], older_than, dry_run, out, stats);
	argv_clear(&names);
	free(dir);
	dir = xasprintf("%s/build", cache);
	list_dirs(dir, &names);
	for (i = 0; i < names.argc; i++)
		gc_orphan_build(cache, names.argv[i], older_than, dry_run, out, stats);
	argv_clear(&names);
	free(dir);
	gc_images(cache, older_than, dry_run, out, stats);
	if (stats->removed && !dry_run)
		prune_worktrees(cache);
}
