// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-recover.c - a build directory that a killed or damaged build left
 * (kbuild-recover.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "step/kbuild-recover.h"
#include "lib/util.h"

/* nftw() takes no argument for its callback: the walk's state. */
static struct {
	struct timespec since;	/* remove_written(): files at or after this go */
	const char *marker;	/* and this file stays */
	int removed;
} walk;

static int at_or_after(const struct timespec *t, const struct timespec *since)
{
	return t->tv_sec > since->tv_sec ||
	       (t->tv_sec == since->tv_sec && t->tv_nsec >= since->tv_nsec);
}

/* Directories stay: make recreates files, and an empty directory is harmless. */
static int remove_written(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)f;
	if (type != FTW_F && type != FTW_SL)
		return 0;
	if (!strcmp(path, walk.marker) || !at_or_after(&st->st_mtim, &walk.since))
		return 0;
	if (!unlink(path))
		walk.removed++;
	return 0;
}

int kbuild_recover_begin(const char *out)
{
	char *marker = xasprintf("%s/%s", out, KBUILD_BUILDING_MARKER);
	struct stat st;
	int fd, removed = 0;

	if (!lstat(marker, &st)) {
		walk.since = st.st_mtim;
		walk.marker = marker;
		walk.removed = 0;
		nftw(out, remove_written, 64, FTW_PHYS);
		removed = walk.removed;
		unlink(marker);
	}
	/* A new file: its mtime is now, whatever the old marker's was. */
	fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		removed = -1;
	else
		close(fd);
	free(marker);
	return removed;
}

void kbuild_recover_end(const char *out)
{
	char *marker = xasprintf("%s/%s", out, KBUILD_BUILDING_MARKER);

	unlink(marker);
	free(marker);
}

/* "DIR/.TARGET.cmd" -> "DIR/TARGET", allocated; NULL if path is not a .cmd file's. */
static char *cmd_target(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t dir_len, n;

	base = base ? base + 1 : path;
	dir_len = base - path;
	n = strlen(base);
	if (n <= 5 || base[0] != '.' || strcmp(base + n - 4, ".cmd"))
		return NULL;
	return xasprintf("%.*s%.*s", (int)dir_len, path, (int)(n - 5), base + 1);
}

/*
 * The .cmd file make stopped on, relative to out, allocated: from a line
 * "PATH:LINE: *** MESSAGE.  Stop." whose PATH is out's own .cmd file.
 */
static char *stopped_on(const char *line, const char *out)
{
	const char *stars = strstr(line, ": *** "), *colon;
	size_t out_len = strlen(out);
	char *path, *target;

	if (!stars || !strstr(stars, "Stop."))
		return NULL;
	/* Back over ":LINE" to the path. */
	colon = stars;
	while (colon > line && colon[-1] >= '0' && colon[-1] <= '9')
		colon--;
	if (colon == stars || colon == line || colon[-1] != ':')
		return NULL;
	path = xstrndup(line, colon - 1 - line);
	if (path[0] == '/') {
		char *rel;

		if (strncmp(path, out, out_len) || path[out_len] != '/') {
			free(path);
			return NULL;
		}
		rel = xstrdup(path + out_len + 1);
		free(path);
		path = rel;
	}
	target = strstr(path, "..") || !*path ? NULL : cmd_target(path);
	if (!target) {
		free(path);
		return NULL;
	}
	free(target);
	return path;
}

/* A .cmd file that does not end in a newline was cut short. */
static int cut_short(const char *path, off_t size)
{
	char last = '\n';
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (size == 0 || pread(fd, &last, 1, size - 1) != 1)
		last = 0;
	close(fd);
	return last != '\n';
}

static void remove_with_target(const char *path)
{
	char *target = cmd_target(path);

	if (!unlink(path))
		walk.removed++;
	if (target)
		unlink(target);
	free(target);
}

static int remove_cut_cmd(const char *path, const struct stat *st, int type, struct FTW *f)
{
	char *target = type == FTW_F ? cmd_target(path + f->base) : NULL;

	if (target && cut_short(path, st->st_size))
		remove_with_target(path);
	free(target);
	return 0;
}

/*
 * out/rel with its directory resolved, allocated, if that directory is out
 * or below it; else NULL. The series' Makefiles could leave a symlink in
 * out (out/x -> /etc) and print "x/.passwd.cmd:1: *** ...  Stop.": what is
 * removed for a line of the log must be in out itself.
 */
static char *inside(const char *out, const char *rel)
{
	char *abs = xasprintf("%s/%s", out, rel), *slash = strrchr(abs, '/'), *ret = NULL;
	char *real_out = realpath(out, NULL), *real_dir;

	*slash = '\0';
	real_dir = realpath(abs, NULL);
	if (real_out && real_dir) {
		size_t n = strlen(real_out);

		if (!strncmp(real_dir, real_out, n) && (!real_dir[n] || real_dir[n] == '/'))
			ret = xasprintf("%s/%s", real_dir, slash + 1);
	}
	free(real_dir);
	free(real_out);
	free(abs);
	return ret;
}

int kbuild_damaged_cmd(const char *log, const char *out, char *evidence, size_t len)
{
	const char *p = log;

	while (p && *p) {
		const char *end = strchrnul(p, '\n');
		char *line = xstrndup(p, end - p), *rel = stopped_on(line, out);
		char *abs = rel ? inside(out, rel) : NULL;

		if (abs) {
			walk.removed = 0;
			remove_with_target(abs);
			/* The others a kill cut short, so that one more try is enough. */
			nftw(out, remove_cut_cmd, 64, FTW_PHYS);
			snprintf(evidence, len, "the build directory is damaged (a killed build?),"
				 " %d .cmd files and their targets removed: %s", walk.removed, line);
			free(abs);
			free(rel);
			free(line);
			return 1;
		}
		free(rel);
		free(line);
		p = *end ? end + 1 : NULL;
	}
	return 0;
}
