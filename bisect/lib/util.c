// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - the small pieces every module needs (child processes: run-command.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "lib/util.h"

const char *progname = "bisectable";

__attribute__((format(printf, 2, 0)))
static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s", progname, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int die_status = EXIT_ERROR;

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	exit(die_status);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

long str_index(char *const *list, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], s))
			return i;
	return -1;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		die("out of memory");
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("out of memory");
	return s;
}

char strbuf_slopbuf[1];

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;

	if (want <= sb->alloc)
		return;
	if (want < 2 * sb->alloc)
		want = 2 * sb->alloc;
	if (want < 64)
		want = 64;
	sb->buf = xrealloc(sb->alloc ? sb->buf : NULL, want);
	sb->alloc = want;
	sb->buf[sb->len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, n + 1, fmt, ap);
	va_end(ap);
	sb->len += n;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void strbuf_trim(struct strbuf *sb)
{
	size_t start = 0;

	if (!sb->alloc)
		return;
	while (sb->len && strchr(" \t\r\n", sb->buf[sb->len - 1]))
		sb->len--;
	while (start < sb->len && strchr(" \t\r\n", sb->buf[start]))
		start++;
	memmove(sb->buf, sb->buf + start, sb->len - start);
	sb->len -= start;
	sb->buf[sb->len] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	sb->buf = strbuf_slopbuf;
	sb->len = sb->alloc = 0;
}

void strbuf_init(struct strbuf *sb)
{
	*sb = (struct strbuf)STRBUF_INIT;
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *buf;

	strbuf_grow(sb, 0);
	buf = sb->buf;
	if (len)
		*len = sb->len;
	sb->buf = strbuf_slopbuf;
	sb->len = sb->alloc = 0;
	return buf;
}

int strbuf_read_fd(struct strbuf *sb, int fd)
{
	char chunk[65536];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		strbuf_add(sb, chunk, n);
	}
	strbuf_grow(sb, 0);
	return 0;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -1;
	ret = strbuf_read_fd(sb, fd);
	close(fd);
	return ret;
}

void strbuf_add_sq(struct strbuf *sb, const char *word)
{
	const char *p;

	if (*word && !strpbrk(word, " \t\n'\"\\$`!*?[]{}()<>|&;#~=%")) {
		strbuf_addstr(sb, word);
		return;
	}
	strbuf_addstr(sb, "'");
	for (p = word; *p; p++) {
		if (*p == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_add(sb, p, 1);
	}
	strbuf_addstr(sb, "'");
}

void argv_push(struct argv_array *a, const char *arg)
{
	if (a->argc + 2 > a->alloc) {
		a->alloc = a->alloc ? 2 * a->alloc : 16;
		a->argv = xrealloc(a->argv, a->alloc * sizeof(*a->argv));
	}
	a->argv[a->argc++] = xstrdup(arg);
	a->argv[a->argc] = NULL;
}

void argv_pushf(struct argv_array *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	argv_push(a, s);
	free(s);
}

void argv_pushl(struct argv_array *a, ...)
{
	va_list ap;
	const char *arg;

	va_start(ap, a);
	while ((arg = va_arg(ap, const char *)))
		argv_push(a, arg);
	va_end(ap);
}

void argv_clear(struct argv_array *a)
{
	size_t i;

	for (i = 0; i < a->argc; i++)
		free((char *)a->argv[i]);
	free(a->argv);
	a->argv = NULL;
	a->argc = a->alloc = 0;
}

void argv_to_line(struct strbuf *sb, const char *const *argv)
{
	size_t i;

	for (i = 0; argv[i]; i++) {
		if (i)
			strbuf_addstr(sb, " ");
		strbuf_add_sq(sb, argv[i]);
	}
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

char *now_iso8601(void)
{
	char buf[32];
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return xstrdup(buf);
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path), *s;
	int ret = 0;

	for (s = p + 1; ; s++) {
		if (*s == '/' || !*s) {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0755) < 0 && errno != EEXIST) {
				ret = -1;
				break;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return ret;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) < 0 && errno != ENOENT ? -1 : 0;
}

int remove_tree(const char *path)
{
	if (!file_exists(path))
		return 0;
	return nftw(path, remove_one, 64, FTW_DEPTH | FTW_PHYS);
}

int lock_file(const char *path, int wait)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd >= 0 && flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

int file_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* The components of an absolute path, in place: "/a/b" -> { "a", "b" }. */
static size_t split_components(char *path, char **v, size_t max)
{
	char *save = NULL, *c;
	size_t n = 0;

	for (c = strtok_r(path, "/", &save); c && n < max; c = strtok_r(NULL, "/", &save))
		v[n++] = c;
	return n;
}

char *relative_path(const char *from, const char *to)
{
	char *real_from = realpath(from, NULL), *real_to = realpath(to, NULL);
	char *vf[PATH_MAX / 2], *vt[PATH_MAX / 2];
	struct strbuf rel = STRBUF_INIT;
	size_t nf, nt, common = 0, i;

	if (!real_from || !real_to) {
		free(real_from);
		free(real_to);
		return NULL;
	}
	nf = split_components(real_from, vf, ARRAY_SIZE(vf));
	nt = split_components(real_to, vt, ARRAY_SIZE(vt));
	while (common < nf && common < nt && !strcmp(vf[common], vt[common]))
		common++;
	for (i = common; i < nf; i++)
		strbuf_addstr(&rel, rel.len ? "/.." : "..");
	for (i = common; i < nt; i++) {
		if (rel.len)
			strbuf_addstr(&rel, "/");
		strbuf_addstr(&rel, vt[i]);
	}
	if (!rel.len)
		strbuf_addstr(&rel, ".");
	free(real_from);
	free(real_to);
	return strbuf_detach(&rel, NULL);
}

char *abspath(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/')
		return xstrdup(path);
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd: %s", strerror(errno));
	return xasprintf("%s/%s", cwd, path);
}

/*
 * Never through a symlink at path: bisectable writes files in the build
 * directory and the work tree, where the series' Makefiles ran (sandboxed)
 * and may have left .bisectable-warnings -> /root/.bashrc for us to write
 * outside their sandbox.
 */
int write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);

	if (fd < 0)
		return -1;
	if (write_all(fd, data, len)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

int open_beneath(int dir_fd, const char *rel, int flags, mode_t mode)
{
	struct open_how how = {
		.flags = (unsigned long long)(flags | O_CLOEXEC),
		.mode = (flags & O_CREAT) ? mode : 0,
		.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
	};

	return (int)syscall(SYS_openat2, dir_fd, rel, &how, sizeof(how));
}

int write_file_beneath(const char *dir, const char *rel, const void *data, size_t len)
{
	int dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC), fd, ret = -1;

	if (dir_fd < 0)
		return -1;
	fd = open_beneath(dir_fd, rel, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	close(dir_fd);
	if (fd < 0)
		return -1;
	if (!write_all(fd, data, len))
		ret = 0;
	return close(fd) ? -1 : ret;
}

int write_all(int fd, const void *s, size_t len)
{
	const char *p = s;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

char *self_exe_path(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n < 0)
		die("cannot find my own executable: %s", strerror(errno));
	buf[n] = '\0';
	/* Rebuilt while running: the kernel marks the old inode's name. */
	if (n > 10 && !strcmp(buf + n - 10, " (deleted)"))
		buf[n - 10] = '\0';
	return xstrdup(buf);
}

int parse_ll(const char *s, long long min, long long max, long long *val)
{
	long long v;
	char *end;

	/* strtoll would skip leading blanks and take "" as 0: the whole string only. */
	if (!s || !*s || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9')))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -1;
	*val = v;
	return 0;
}

int parse_int(const char *s, int min, int max, int *val)
{
	long long v;

	if (parse_ll(s, min, max, &v))
		return -1;
	*val = (int)v;
	return 0;
}

/*
 * The user part ends at the LAST '@' of the URL, not at the first / ? #:
 * a password may hold those unescaped (Redis accepts any byte; parsers
 * differ on where the authority ends), and a '@' in a path or fragment
 * only hides more than needed, never a password.
 */
char *url_public(const char *url)
{
	const char *p, *at;

	if (!url)
		return NULL;
	p = strstr(url, "://");
	if (!p)
		return xstrdup(url);
	p += 3;
	at = strrchr(p, '@');
	return at ? xasprintf("%.*s***%s", (int)(p - url), url, at) : xstrdup(url);
}
