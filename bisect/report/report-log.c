// SPDX-License-Identifier: GPL-2.0
/*
 * report-log.c - the part of a log that a report shows for a cell that is not pass:
 * the last error and warning lines of a build, the console around the
 * evidence line of a boot or test, else the last lines.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "db/db.h"
#include "step/kbuild.h"
#include "report/report-model.h"
#include "lib/util.h"

#define EXCERPT_LINES	40		/* log lines shown for one cell */
#define LINE_MAX_BYTES	400		/* longer log lines are cut */
#define LOG_READ_MAX	(8 << 20)	/* only the end of bigger logs is read */

/* The end of a regular file (at most LOG_READ_MAX bytes, from a line start). */
static int read_log(const char *db_dir, const char *path, struct strbuf *sb)
{
	char *real = db_log_file(db_dir, path);
	struct stat st;
	int fd;

	if (!real)
		return -1;
	fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
	free(real);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	if (st.st_size > LOG_READ_MAX && lseek(fd, st.st_size - LOG_READ_MAX, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	if (strbuf_read_fd(sb, fd) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	if (st.st_size > LOG_READ_MAX) {
		char *nl = memchr(sb->buf, '\n', sb->len);

		if (nl) {
			size_t skip = nl + 1 - sb->buf;

			memmove(sb->buf, sb->buf + skip, sb->len - skip + 1);
			sb->len -= skip;
		}
	}
	return 0;
}

static size_t split_lines(const char *buf, size_t len, struct kbuild_line **out)
{
	size_t n = 0, alloc = 0;
	const char *p = buf, *end = buf + len;
	struct kbuild_line *lines = NULL;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			lines = xrealloc(lines, alloc * sizeof(*lines));
		}
		lines[n].s = p;
		lines[n].len = l && p[l - 1] == '\r' ? l - 1 : l;
		n++;
		p = nl ? nl + 1 : end;
	}
	*out = lines;
	return n;
}

/* One log line into the excerpt: no terminal escapes, at most LINE_MAX_BYTES. */
static void excerpt_add(struct excerpt *ex, const struct kbuild_line *l)
{
	const char *p = l->s, *end = l->s + l->len;
	size_t start = ex->text.len;

	while (p < end) {
		if (*p == '\x1b' && p + 1 < end && p[1] == '[') {
			p += 2;
			while (p < end && !(*p >= 0x40 && *p <= 0x7e))
				p++;
			if (p < end)
				p++;
			continue;
		}
		strbuf_add(&ex->text, p, 1);
		p++;
	}
	if (ex->text.len - start > LINE_MAX_BYTES) {
		size_t cut = start + LINE_MAX_BYTES;

		while (cut > start && (ex->text.buf[cut] & 0xc0) == 0x80)
			cut--;		/* not inside a UTF-8 sequence */
		ex->text.len = cut;
		strbuf_addstr(&ex->text, " \xe2\x80\xa6");	/* … */
	}
	strbuf_addstr(&ex->text, "\n");
}

/*
 * The part of a log that tells why a cell is not pass: for a build, its last
 * error and warning lines; for a boot or test, the console around the
 * evidence line; else (or if that finds nothing) the last lines.
 */
int log_read(const char *db_dir, const char *path, struct strbuf *sb)
{
	return read_log(db_dir, path, sb);
}

int log_excerpt(const char *db_dir, const struct cell *cell, enum stage stage,
		       struct excerpt *ex)
{
	struct strbuf file = STRBUF_INIT;
	struct kbuild_line *lines = NULL;
	size_t n, i, from = 0, to;
	long hit = -1;

	memset(ex, 0, sizeof(*ex));
	strbuf_init(&ex->text);
	ex->marked = -1;
	if (read_log(db_dir, cell->log_path, &file) < 0) {
		strbuf_release(&file);
		return -1;
	}
	n = split_lines(file.buf, file.len, &lines);

	if (stage == STAGE_BUILD) {
		size_t *picked = xmalloc(EXCERPT_LINES * sizeof(*picked));
		size_t npicked = 0, k;

		for (i = n; i-- > 0 && npicked < EXCERPT_LINES; )
			if (kbuild_line_wanted(lines, i))
				picked[npicked++] = i;
		for (k = npicked; k-- > 0; ) {
			if (k + 1 < npicked && picked[k] != picked[k + 1] + 1)
				ex->cut = 1;
			if (!empty(cell->evidence) && ex->marked < 0 &&
			    kbuild_line_contains(&lines[picked[k]], cell->evidence, 0))
				ex->marked = npicked - 1 - k;
			excerpt_add(ex, &lines[picked[k]]);
		}
		free(picked);
		if (npicked) {
			ex->what = "its last error and warning lines";
			goto out;
		}
	} else if (stage != STAGE_APPLY && !empty(cell->evidence)) {
		char *needle = xstrdup(cell->evidence);
		size_t len = strlen(needle);

		while (len && (needle[len - 1] == '\n' || needle[len - 1] == '\r'))
			needle[--len] = '\0';
		for (i = 0; i < n && hit < 0 && len; i++)
			if (kbuild_line_contains(&lines[i], needle, 0))
				hit = i;
		free(needle);
		if (hit >= 0) {
			from = hit > EXCERPT_LINES / 2 ? hit - EXCERPT_LINES / 2 : 0;
			to = from + EXCERPT_LINES < n ? from + EXCERPT_LINES : n;
			for (i = from; i < to; i++)
				excerpt_add(ex, &lines[i]);
			ex->marked = hit - from;
			ex->what = "the console around the evidence line";
			goto out;
		}
	}
	from = n > EXCERPT_LINES ? n - EXCERPT_LINES : 0;
	for (i = from; i < n; i++) {
		if (!empty(cell->evidence) && ex->marked < 0 &&
		    kbuild_line_contains(&lines[i], cell->evidence, 0))
			ex->marked = i - from;
		excerpt_add(ex, &lines[i]);
	}
	ex->what = "its last lines";
out:
	free(lines);
	strbuf_release(&file);
	strbuf_grow(&ex->text, 0);
	return 0;
}

void excerpt_release(struct excerpt *ex)
{
	strbuf_release(&ex->text);
}
