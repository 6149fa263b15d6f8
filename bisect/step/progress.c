// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c - the live progress lines of a step on a terminal.
 *
 * The configurations of a commit are verified by one child process each.
 * On a terminal their stderr comes through pipes, so that their result lines
 * can be printed above the status lines (one per configuration, redrawn
 * every second); without a terminal the children write their lines
 * themselves. run_parallel() runs the children and reads the pipes; this is
 * its on_line and on_tick.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db-results.h"
#include "step/progress.h"
#include "lib/escape.h"
#include "lib/run-parallel.h"
#include "lib/util.h"

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
	len = append(buf, size, len, "[%d/%d] %-8s %-6s %ldm%02lds", position, total,
		     term_str(c->config), c->stage, c->elapsed / 60, c->elapsed % 60);
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
	const char *stage = "build";
	char *last, *status;

	if (db_last_result(db, commit_id, config, &last, &status)) {
		if (strcmp(status, "pass") && strcmp(last, "apply"))
			stage = "failed";
		else if (!strcmp(last, "build"))
			stage = "boot";
		else if (!strcmp(last, "boot"))
			stage = "test";
		else if (!strcmp(last, "test"))
			stage = "done";
		free(last);
		free(status);
	}
	return stage;
}

/*
 * Seconds left in this configuration: its mean time per commit so far (work
 * really done, not cached) for the commits still to come. -1 before commit 2.
 */
static long eta_seconds(sqlite3 *db, long long run_id, const char *config, int position,
			int total, long elapsed)
{
	long mean;

	if (position < 2)
		return -1;
	mean = (long)(db_seconds_spent(db, run_id, config, position - 1) / (position - 1));
	return mean * (total - position) + (mean > elapsed ? mean - elapsed : 0);
}

static int terminal_width(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) || !ws.ws_col)
		return 80;
	return ws.ws_col;
}

/* The status lines go to the terminal on stderr; a failed write only loses a redraw. */
static void write_err(const char *s, size_t len)
{
	write_all(STDERR_FILENO, s, len);
}

void progress_begin(struct progress *p, const char *db_path, long long run_id,
		    long long commit_id, int position, int total)
{
	*p = (struct progress){ .db_path = db_path, .run_id = run_id, .commit_id = commit_id,
				.position = position, .total = total, .block = STRBUF_INIT };
}

/* The cursor is at the end of the block's last line: back to the start of its first. */
static void clear_block(struct progress *p)
{
	write_err("\r\033[K", 4);
	for (; p->drawn_lines > 1; p->drawn_lines--)
		write_err("\033[A\033[K", 6);
	p->drawn_lines = 0;
}

static void draw_block(struct progress *p)
{
	const char *c;

	if (!p->block.len)
		return;
	write_err(p->block.buf, p->block.len);
	p->drawn_lines = 1;
	for (c = p->block.buf; (c = strchr(c, '\n')); c++)
		p->drawn_lines++;
}

/*
 * A child's line goes above the block, its control characters written out
 * (term_escape): the children escape what they print from a commit or a
 * log, this is for anything that slipped through, as a control sequence
 * would also wreck the block. The line ends with the newline run_parallel
 * gives it.
 */
void progress_on_line(void *ctx, struct run_job *job, const char *line, size_t len)
{
	struct progress *p = ctx;
	struct strbuf out = STRBUF_INIT;
	char *text = xstrndup(line, len && line[len - 1] == '\n' ? len - 1 : len);

	term_escape(&out, text);
	strbuf_add(&out, "\n", 1);
	clear_block(p);
	write_err(out.buf, out.len);
	draw_block(p);
	strbuf_release(&out);
	free(text);
}

/* Room for n configurations; a new one has not finished. */
static void grow(struct progress *p, size_t n)
{
	size_t i;

	if (n <= p->n)
		return;
	p->cells = xrealloc(p->cells, n * sizeof(*p->cells));
	p->finished = xrealloc(p->finished, n * sizeof(*p->finished));
	for (i = p->n; i < n; i++)
		p->finished[i] = -1;
	p->n = n;
}

static void update_cell(struct progress *p, const struct run_job *job, size_t i)
{
	struct progress_cell *c = &p->cells[i];

	c->config = job->name;
	c->stage = job->pid ? current_stage(p->db, p->commit_id, job->name) : "queued";
	c->elapsed = job->pid ? (long)(now_seconds() - job->started) : 0;
	/* A configuration that is through keeps the time it took. */
	if (p->finished[i] < 0 && job->ended)
		p->finished[i] = (long)(job->ended - job->started);
	else if (p->finished[i] < 0 && (!strcmp(c->stage, "done") || !strcmp(c->stage, "failed")))
		p->finished[i] = c->elapsed;
	if (p->finished[i] >= 0)
		c->elapsed = p->finished[i];
	c->eta = eta_seconds(p->db, p->run_id, c->config, p->position, p->total, c->elapsed);
}

void progress_on_tick(void *ctx, struct run_job *jobs, size_t n)
{
	struct progress *p = ctx;
	int width = terminal_width();
	size_t i, running = 0;

	if (!p->db)
		p->db = db_open(p->db_path);
	grow(p, n);
	strbuf_reset(&p->block);
	for (i = 0; i < n; i++) {
		update_cell(p, &jobs[i], i);
		running += jobs[i].pid && !jobs[i].ended;
	}
	for (i = 0; running && i < n; i++) {
		size_t len;

		if (i)
			strbuf_add(&p->block, "\n", 1);
		strbuf_grow(&p->block, (size_t)width + 1);
		len = progress_format(p->block.buf + p->block.len, (size_t)width + 1, p->position,
				      p->total, &p->cells[i], width);
		p->block.len += len;
	}
	clear_block(p);
	draw_block(p);
}

void progress_end(struct progress *p)
{
	clear_block(p);
	if (p->db)
		db_close(p->db);
	free(p->cells);
	free(p->finished);
	strbuf_release(&p->block);
	*p = (struct progress){ .block = STRBUF_INIT };
}
