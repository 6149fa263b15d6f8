// SPDX-License-Identifier: GPL-2.0
/*
 * mtime.c - give rewritten but unchanged sources their old mtimes back
 * (see mtime.h for why and when it is safe).
 *
 * A snapshot is a file of NUL-terminated records "blob sec nsec path", in
 * the index's path order, written from 'git ls-files -s -z' and lstat().
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "step/mtime.h"
#include "lib/run-command.h"
#include "lib/util.h"

#define SNAPSHOT_NAME ".bisectable-sources"

struct entry {
	const char *blob;
	const char *path;
	long long sec;
	long nsec;
};

struct listing {
	struct strbuf text;
	struct entry *e;
	size_t n, alloc;
};

static void listing_add(struct listing *l, const char *blob, const char *path, long long sec,
			long nsec)
{
	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 4096;
		l->e = xrealloc(l->e, l->alloc * sizeof(*l->e));
	}
	l->e[l->n++] = (struct entry){ .blob = blob, .path = path, .sec = sec, .nsec = nsec };
}

static void listing_free(struct listing *l)
{
	strbuf_release(&l->text);
	free(l->e);
	l->e = NULL;
	l->n = l->alloc = 0;
}

/* Regular files of the index: "100644 <blob> 0\t<path>" records. */
static int load_index(const char *src, struct listing *l)
{
	const char *argv[] = { "git", "-C", src, "ls-files", "-s", "-z", NULL };
	struct child c = { .argv = argv, .capture = &l->text, .quiet = 1 };
	char *p, *end, *next;

	if (run_child(&c))
		return -1;
	/* Records are cut up in place: find the next one first. */
	for (p = l->text.buf, end = p + l->text.len; p < end; p = next) {
		char *blob, *tab = strchr(p, '\t');

		next = p + strlen(p) + 1;
		if (!tab || (strncmp(p, "100644 ", 7) && strncmp(p, "100755 ", 7)))
			continue;
		blob = p + 7;
		blob[strcspn(blob, " ")] = '\0';
		listing_add(l, blob, tab + 1, -1, 0);
	}
	return 0;
}

static int load_snapshot(const char *path, struct listing *l)
{
	char *p, *end, *next;

	if (strbuf_read_file(&l->text, path) < 0)
		return -1;
	for (p = l->text.buf, end = p + l->text.len; p < end; p = next) {
		char *blob = p, *sec, *nsec, *name;
		long long s, ns;

		next = p + strlen(p) + 1;
		sec = strchr(blob, ' ');
		nsec = sec ? strchr(sec + 1, ' ') : NULL;
		name = nsec ? strchr(nsec + 1, ' ') : NULL;
		if (!name)
			return -1;	/* cut short: not to be trusted */
		*sec = *nsec = *name = '\0';
		if (parse_ll(sec + 1, 0, LLONG_MAX, &s) || parse_ll(nsec + 1, 0, 999999999, &ns))
			return -1;
		listing_add(l, blob, name + 1, s, ns);
	}
	return 0;
}

static int lock_root(const char *out)
{
	char *copy = xstrdup(out), *path = xasprintf("%s/.bisectable-mtime.lock", dirname(copy));
	int fd = lock_file(path, 1);

	free(path);
	free(copy);
	return fd;
}

/* The snapshots of every build directory next to out that has built something. */
static int load_siblings(const char *out, struct listing **snaps, size_t *nsnaps, char *why,
			 size_t len)
{
	char *copy = xstrdup(out), *root = dirname(copy);
	struct dirent *d;
	DIR *dir = opendir(root);
	int ret = 0;

	*snaps = NULL;
	*nsnaps = 0;
	if (!dir) {
		snprintf(why, len, "cannot read %s", root);
		free(copy);
		return -1;
	}
	while (ret == 0 && (d = readdir(dir))) {
		char *config, *snap;

		if (d->d_name[0] == '.')
			continue;
		config = xasprintf("%s/%s/.config", root, d->d_name);
		snap = xasprintf("%s/%s/%s", root, d->d_name, SNAPSHOT_NAME);
		if (file_exists(config)) {
			*snaps = xrealloc(*snaps, (*nsnaps + 1) * sizeof(**snaps));
			memset(&(*snaps)[*nsnaps], 0, sizeof(**snaps));
			strbuf_init(&(*snaps)[*nsnaps].text);
			if (load_snapshot(snap, &(*snaps)[(*nsnaps)++])) {
				snprintf(why, len, "%s has no snapshot of its sources", d->d_name);
				ret = -1;
			}
		}
		free(config);
		free(snap);
	}
	closedir(dir);
	free(copy);
	return ret;
}

/*
 * Set the mtime of src_fd's file rel, never through a symlink: the series'
 * Makefiles ran in the work tree and may have left kernel/ -> /etc there,
 * and this runs outside their sandbox. openat2() resolves rel beneath src
 * without following any link; on a kernel without it nothing is restored.
 */
static int set_mtime_beneath(int src_fd, const char *rel, const struct timespec *mtime)
{
	struct timespec times[2] = { { .tv_nsec = UTIME_OMIT }, *mtime };
	struct stat st;
	int fd = open_beneath(src_fd, rel, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0), ret = -1;

	if (fd < 0)
		return -1;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode))
		ret = futimens(fd, times);
	close(fd);
	return ret;
}

static int restore(const char *src, struct listing *cur, struct listing *snaps, size_t nsnaps)
{
	size_t i, s, *at = xcalloc(nsnaps, sizeof(*at));
	int restored = 0, src_fd = open(src, O_PATH | O_DIRECTORY | O_CLOEXEC);

	if (src_fd < 0) {
		free(at);
		return 0;
	}
	for (i = 0; i < cur->n; i++) {
		const struct entry *c = &cur->e[i];
		const struct entry *first = NULL;
		struct stat st;
		char *path;

		for (s = 0; s < nsnaps; s++) {
			const struct listing *l = &snaps[s];
			const struct entry *e;

			while (at[s] < l->n && strcmp(l->e[at[s]].path, c->path) < 0)
				at[s]++;
			e = at[s] < l->n ? &l->e[at[s]] : NULL;
			/* Every build directory saw this content, at the same mtime. */
			if (!e || strcmp(e->path, c->path) || strcmp(e->blob, c->blob) ||
			    (first && (e->sec != first->sec || e->nsec != first->nsec)))
				break;
			first = e;
		}
		if (s < nsnaps || !first)
			continue;
		path = xasprintf("%s/%s", src, c->path);
		if (!lstat(path, &st) && S_ISREG(st.st_mode) &&
		    (st.st_mtim.tv_sec != first->sec || st.st_mtim.tv_nsec != first->nsec)) {
			struct timespec mtime = { .tv_sec = first->sec, .tv_nsec = first->nsec };

			if (!set_mtime_beneath(src_fd, c->path, &mtime))
				restored++;
		}
		free(path);
	}
	close(src_fd);
	free(at);
	return restored;
}

int mtime_prepare(const char *src, const char *out, char *why, size_t len)
{
	struct listing cur = { .text = STRBUF_INIT }, *snaps = NULL;
	size_t nsnaps = 0, i;
	char *own = xasprintf("%s/%s", out, SNAPSHOT_NAME);
	int fd = lock_root(out), ret = -1;

	why[0] = '\0';
	if (fd < 0) {
		snprintf(why, len, "cannot lock the build directories: %s", strerror(errno));
		goto out;
	}
	if (load_siblings(out, &snaps, &nsnaps, why, len))
		goto drop;
	if (!nsnaps) {
		snprintf(why, len, "no build directory has built anything yet");
		goto drop;
	}
	if (load_index(src, &cur)) {
		snprintf(why, len, "git ls-files failed in %s", src);
		goto drop;
	}
	ret = restore(src, &cur, snaps, nsnaps);
drop:
	if (unlink(own) && errno != ENOENT) {
		snprintf(why, len, "cannot remove %s: %s", own, strerror(errno));
		ret = -1;
	}
	close(fd);
out:
	for (i = 0; i < nsnaps; i++)
		listing_free(&snaps[i]);
	free(snaps);
	listing_free(&cur);
	free(own);
	return ret;
}

int mtime_snapshot(const char *src, const char *out)
{
	struct listing cur = { .text = STRBUF_INIT };
	struct strbuf text = STRBUF_INIT;
	char *path = xasprintf("%s/%s", out, SNAPSHOT_NAME);
	char *tmp = xasprintf("%s.tmp", path);
	int fd = lock_root(out), ret = -1;
	size_t i;

	if (fd < 0 || load_index(src, &cur))
		goto out;
	for (i = 0; i < cur.n; i++) {
		char *file = xasprintf("%s/%s", src, cur.e[i].path);
		struct stat st;

		if (!lstat(file, &st) && S_ISREG(st.st_mode)) {
			strbuf_addf(&text, "%s %lld %ld %s", cur.e[i].blob,
				    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
				    cur.e[i].path);
			strbuf_add(&text, "", 1);
		}
		free(file);
	}
	if (!write_file(tmp, text.buf, text.len) && !rename(tmp, path))
		ret = 0;
	else
		unlink(tmp);
out:
	if (fd >= 0)
		close(fd);
	listing_free(&cur);
	strbuf_release(&text);
	free(path);
	free(tmp);
	return ret;
}
