/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - error reporting, allocation, growable strings and argv arrays,
 * files; child processes are run-command.h's (included here).
 */
#ifndef BISECT_UTIL_H
#define BISECT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Exit codes shared by every subcommand. */
#define EXIT_BAD	1	/* a commit of the series is not pass */
#define EXIT_ERROR	2	/* usage or internal error */
#define EXIT_UNCOVERED	3	/* every commit passes, where compiled: changed lines never were */

extern const char *progname;
/*
 * die()'s exit status, EXIT_ERROR unless a command says otherwise: under
 * 'git bisect run' a step that dies must abort the bisection (128), not
 * read as a bad commit (1-127).
 */
extern int die_status;

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Where S stands in LIST[0..n), or -1. */
long str_index(char *const *list, size_t n, const char *s);

/*
 * A growable string. buf is never NULL: an empty strbuf points at a shared
 * empty string (strbuf_slopbuf, never written) until it first grows, so
 * every reader can use buf directly.
 */
struct strbuf {
	char *buf;	/* always NUL-terminated */
	size_t len;
	size_t alloc;	/* 0 while buf is strbuf_slopbuf */
};

extern char strbuf_slopbuf[1];
#define STRBUF_INIT { strbuf_slopbuf, 0, 0 }

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_reset(struct strbuf *sb);
void strbuf_trim(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* Hand the buffer over (allocated, never NULL) and reset sb. */
void strbuf_init(struct strbuf *sb);	/* for a zeroed struct */
char *strbuf_detach(struct strbuf *sb, size_t *len);
int strbuf_read_file(struct strbuf *sb, const char *path);
int strbuf_read_fd(struct strbuf *sb, int fd);	/* to EOF; the fd stays open */
/* Shell-quote one word for a command line a human (or git's exec) reads. */
void strbuf_add_sq(struct strbuf *sb, const char *word);

struct argv_array {
	const char **argv;	/* NULL-terminated */
	size_t argc;
	size_t alloc;
};

#define ARGV_ARRAY_INIT { NULL, 0, 0 }

void argv_push(struct argv_array *a, const char *arg);
void argv_pushf(struct argv_array *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void argv_pushl(struct argv_array *a, ...);	/* NULL-terminated list */
void argv_clear(struct argv_array *a);
/* The argv as one shell-quoted line, for logs and reproducers. */
void argv_to_line(struct strbuf *sb, const char *const *argv);

double now_seconds(void);		/* monotonic */
char *now_iso8601(void);		/* UTC wall time, allocated */
int mkdir_p(const char *path);
int remove_tree(const char *path);
int file_exists(const char *path);
/* Open (creating) path and take an exclusive flock; the fd, or -1 (errno set). */
int lock_file(const char *path, int wait);
char *abspath(const char *path);	/* allocated; path need not exist */
/*
 * A SCHEME://[USERINFO@]HOST... URL with "***" for USERINFO (a user and
 * password), for messages and the database; allocated; NULL for NULL.
 */
char *url_public(const char *url);
/*
 * The path from directory @from to @to, both resolved without symlinks
 * ("../../../work/linux-source"; "." for the same directory); allocated,
 * NULL if either does not exist.
 */
char *relative_path(const char *from, const char *to);
int write_file(const char *path, const void *data, size_t len);	/* never through a symlink */
/*
 * openat2(dir_fd, rel) with no symlink anywhere in rel and never out of
 * dir_fd: what bisectable opens where the series' code wrote. -1 (errno).
 */
int open_beneath(int dir_fd, const char *rel, int flags, mode_t mode);
/* dir/rel through open_beneath(). */
int write_file_beneath(const char *dir, const char *rel, const void *data, size_t len);
/* Write all of s to fd, through EINTR and short writes; -1 on an error. */
int write_all(int fd, const void *s, size_t len);
char *self_exe_path(void);		/* allocated absolute path of this binary */
/*
 * Parse a whole base-10 string into [min, max]: no blanks, no "+", no "4x",
 * no "". Returns 0, or -1 with *val untouched.
 */
int parse_ll(const char *s, long long min, long long max, long long *val);
int parse_int(const char *s, int min, int max, int *val);

#endif
