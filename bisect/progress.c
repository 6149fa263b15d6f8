// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c - the live progress lines of a step on a terminal.
 *
 * The configurations of a commit are verified by one child process each.
 * On a terminal their stderr comes through pipes, so that their result lines
 * can be printed above the status lines (one per configuration, redrawn
 * every second); without a terminal the children write their lines
 * themselves.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "progress.h"
#include "util.h"

static size_t append(char *buf, size_t size, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static size_t append(char *buf, size_t size, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (len + 1 >= size)
		return len;
	va_start(ap, fmt);
	n = vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return len;
	return len + (size_t)n < size ? len + (size_t)n : size - 1;
}

size_t progress_format(char *buf, size_t size, int position, int total,
		       const struct progress_cell *c, int width)
{
	size_t len = 0;

	if (!size)
		return 0;
	buf[0] = '\0';
	len = append(buf, size, len, "[%d/%d] %-8s %-6s %ldm%02lds", position, total, c->config,
		     c->stage, c->elapsed / 60, c->elapsed % 60);
	if (c->eta >= 0)
		len = append(buf, size, len, ", about %ldm left", (c->eta + 59) / 60);
	if (width > 0 && len > (size_t)width - 1) {
		len = (size_t)width - 1;
		buf[len] = '\0';
	}
	return len;
}

/* The stage a configuration is in, from what its child recorded so far. */
static const char *current_stage(sqlite3 *db, long long commit_id, const char *config)
{
	sqlite3_stmt *q = db_prepare(db, "SELECT stage, status FROM results WHERE"
				     " commit_id = ? AND config = ? ORDER BY id DESC LIMIT 1");
	const char *stage = "build";

	sqlite3_bind_int64(q, 1, commit_id);
	db_bind_text(q, 2, config);
	if (sqlite3_step(q) == SQLITE_ROW) {
		const char *last = db_column_str(q, 0), *status = db_column_str(q, 1);

		if (strcmp(status, "pass") && strcmp(last, "apply"))
			stage = "failed";
		else if (!strcmp(last, "build"))
			stage = "boot";
		else if (!strcmp(last, "boot"))
			stage = "test";
		else if (!strcmp(last, "test"))
			stage = "done";
	}
	sqlite3_finalize(q);
	return stage;
}

/*
 * Seconds left in this configuration: its mean time per commit so far (work
 * really done, not cached) for the commits still to come. -1 before commit 2.
 */
static long eta_seconds(sqlite3 *db, long long run_id, const char *config, int position,
			int total, long elapsed)
{
	sqlite3_stmt *q;
	double spent = 0;
	long mean;

	if (position < 2)
		return -1;
	q = db_prepare(db, "SELECT COALESCE(SUM(r.duration), 0) FROM results r JOIN commits c"
		       " ON c.id = r.commit_id WHERE r.run_id = ? AND r.config = ? AND"
		       " c.position BETWEEN 1 AND ? AND r.cached_from IS NULL");
	sqlite3_bind_int64(q, 1, run_id);
	db_bind_text(q, 2, config);
	sqlite3_bind_int(q, 3, position - 1);
	if (sqlite3_step(q) == SQLITE_ROW)
		spent = sqlite3_column_double(q, 0);
	sqlite3_finalize(q);
	mean = (long)(spent / (position - 1));
	return mean * (total - position) + (mean > elapsed ? mean - elapsed : 0);
}

static int terminal_width(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) || !ws.ws_col)
		return 80;
	return ws.ws_col;
}

static void write_all(const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(STDERR_FILENO, s, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		s += n;
		len -= (size_t)n;
	}
}

/* The block of status lines drawn last (the cursor is at the end of its last line). */
static int drawn_lines;

static void clear_block(void)
{
	write_all("\r\033[K", 4);
	for (; drawn_lines > 1; drawn_lines--)
		write_all("\033[A\033[K", 6);
	drawn_lines = 0;
}

/* Read what a child wrote; print its complete lines above the status line. */
static int drain(struct progress_child *c, struct strbuf *pending)
{
	char chunk[4096];
	ssize_t n;
	int eof = 0;

	for (;;) {
		n = read(c->fd, chunk, sizeof(chunk));
		if (n > 0) {
			strbuf_add(pending, chunk, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		eof = n == 0;
		break;
	}
	if (eof && pending->len && pending->buf[pending->len - 1] != '\n')
		strbuf_add(pending, "\n", 1);
	if (pending->len) {
		char *end = memrchr(pending->buf, '\n', pending->len);

		if (end) {
			size_t done = (size_t)(end - pending->buf) + 1;

			clear_block();
			write_all(pending->buf, done);
			memmove(pending->buf, pending->buf + done, pending->len - done);
			pending->len -= done;
			pending->buf[pending->len] = '\0';
		}
	}
	return eof;
}

void progress_wait(struct progress_child *children, int n, const char *db_path,
		   long long run_id, long long commit_id, int position, int total)
{
	struct strbuf pending[64];
	struct progress_cell cells[64];
	struct pollfd pfd[64];
	sqlite3 *db = db_open(db_path);
	time_t start = time(NULL);
	long finished[64];
	char line[1024];
	int i, running;

	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		pending[i] = (struct strbuf)STRBUF_INIT;
		finished[i] = -1;
		if (children[i].fd >= 0)
			fcntl(children[i].fd, F_SETFL, fcntl(children[i].fd, F_GETFL) | O_NONBLOCK);
	}
	do {
		int npfd = 0, ret;

		for (i = 0; i < n; i++) {
			if (children[i].fd < 0)
				continue;
			pfd[npfd].fd = children[i].fd;
			pfd[npfd].events = POLLIN;
			npfd++;
		}
		ret = poll(pfd, npfd, 1000);
		if (ret < 0 && errno != EINTR)
			die("poll: %s", strerror(errno));
		running = 0;
		for (i = 0; i < n; i++) {
			struct progress_child *c = &children[i];

			if (!c->exited && waitpid(c->pid, &c->status, WNOHANG) == c->pid)
				c->exited = 1;
			/* An exited child's helpers may hold the pipe open: stop reading it. */
			if (c->fd >= 0 && (drain(c, &pending[i]) || c->exited)) {
				close(c->fd);
				c->fd = -1;
			}
			if (!c->exited)
				running++;
			cells[i].config = c->config;
			cells[i].stage = current_stage(db, commit_id, c->config);
			cells[i].elapsed = (long)(time(NULL) - start);
			/* A configuration that is through keeps the time it took. */
			if (finished[i] < 0 && (c->exited || !strcmp(cells[i].stage, "done") ||
						!strcmp(cells[i].stage, "failed")))
				finished[i] = cells[i].elapsed;
			if (finished[i] >= 0)
				cells[i].elapsed = finished[i];
			cells[i].eta = eta_seconds(db, run_id, c->config, position, total,
						   cells[i].elapsed);
		}
		clear_block();
		for (i = 0; running && i < n; i++) {
			size_t len = progress_format(line, sizeof(line), position, total, &cells[i],
						     terminal_width());

			if (i)
				write_all("\n", 1);
			write_all(line, len);
			drawn_lines++;
		}
	} while (running);
	for (i = 0; i < n; i++)
		strbuf_release(&pending[i]);
	db_close(db);
}
