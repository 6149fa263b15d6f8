// SPDX-License-Identifier: GPL-2.0
/*
 * markdown-roff.c - the command pages (Documentation/bisectable-NAME.md) as
 * roff for the man pages.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/markdown-roff.h"
#include "lib/util.h"

/* Text for roff: backslashes and a leading dot or quote escaped, '-' as \-. */
void roff_text(const char *s, FILE *out)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

/*
 * Markdown to roff. The pages are written in a small subset so that they
 * read well as plain text on a terminal: headings, paragraphs, lists (one
 * level), fenced code blocks, tables, and inline `code`, **bold**,
 * *emphasis* and [links](url). Whatever else is there passes as text.
 */
struct roff_out {
	FILE *out;
	int bol;		/* at the beginning of an output line */
};

static void ro_raw(struct roff_out *r, const char *s)
{
	fputs(s, r->out);
	if (*s)
		r->bol = s[strlen(s) - 1] == '\n';
}

/* Text: a backslash as \e, '-' as \-, a '.' or '\'' starting a line kept from being a request. */
static void ro_text(struct roff_out *r, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (r->bol && (s[i] == '.' || s[i] == '\''))
			fputs("\\&", r->out);
		r->bol = s[i] == '\n';
		if (s[i] == '\\')
			fputs("\\e", r->out);
		else if (s[i] == '-')
			fputs("\\-", r->out);
		else
			fputc(s[i], r->out);
	}
}

static const char *find_in(const char *s, const char *end, const char *needle)
{
	size_t n = strlen(needle);

	for (; s + n <= end; s++)
		if (!memcmp(s, needle, n))
			return s;
	return NULL;
}

static void inline_roff(struct roff_out *r, const char *s, size_t len, char font);

/*
 * The text from TEXT up to the span at P, then the span in FONT ('B' or 'I')
 * up to CLOSE, without its MARK bytes of markup each side, and back to BACK.
 * Where the text goes on: past the span's closing markup.
 */
static const char *emphasis(struct roff_out *r, const char *text, const char *p,
			    const char *close, size_t mark, char font, const char *back)
{
	char on[4] = { '\\', 'f', font, 0 };

	ro_text(r, text, p - text);
	ro_raw(r, on);
	inline_roff(r, p + mark, close - p - mark, font);
	ro_raw(r, back);
	return close + mark;
}

/* Inline markup of s[0..len) in font ('R', 'B' or 'I'), which each span returns to. */
static void inline_roff(struct roff_out *r, const char *s, size_t len, char font)
{
	const char *p = s, *end = s + len, *text = s, *close, *url;
	char back[4] = { '\\', 'f', font, 0 };

	while (p < end) {
		if (*p == '`') {
			size_t ticks = strspn(p, "`");
			char fence[4] = "```";

			fence[ticks < 3 ? ticks : 3] = 0;
			close = find_in(p + ticks, end, fence);
			if (close) {
				ro_text(r, text, p - text);
				ro_raw(r, "\\fB");
				ro_text(r, p + ticks, close - p - ticks);
				ro_raw(r, back);
				p = text = close + ticks;
				continue;
			}
			p += ticks;
			continue;
		}
		if (p[0] == '*' && p + 1 < end && p[1] == '*' &&
		    (close = find_in(p + 2, end, "**")) && close > p + 2) {
			p = text = emphasis(r, text, p, close, 2, 'B', back);
			continue;
		}
		if (p[0] == '*' && p + 1 < end && !isspace((unsigned char)p[1]) && p[1] != '*' &&
		    (close = memchr(p + 1, '*', end - p - 1)) && !isspace((unsigned char)close[-1])) {
			p = text = emphasis(r, text, p, close, 1, 'I', back);
			continue;
		}
		if (*p == '[' && (url = find_in(p, end, "](")) &&
		    (close = memchr(url, ')', end - url))) {
			ro_text(r, text, p - text);
			inline_roff(r, p + 1, url - p - 1, font);
			/* A page of the project is named by its text; a site by its address. */
			if (!strncmp(url + 2, "http", 4)) {
				ro_text(r, " (", 2);
				ro_text(r, url + 2, close - url - 2);
				ro_text(r, ")", 1);
			}
			p = text = close + 1;
			continue;
		}
		if (*p == '\\' && p + 1 < end && strchr("\\`*_[]|#", p[1])) {
			ro_text(r, text, p - text);
			text = p + 1;
			p += 2;
			continue;
		}
		p++;
	}
	ro_text(r, text, end - text);
}

/* A table row's cells, trimmed, "\|" taken as '|'; returns how many. */
static size_t table_cells(const char *line, size_t len, struct strbuf *cells, size_t max)
{
	const char *p = line, *end = line + len;
	size_t n = 0;

	if (p < end && *p == '|')
		p++;
	while (p < end && n < max) {
		strbuf_reset(&cells[n]);
		while (p < end && *p != '|') {
			if (*p == '\\' && p + 1 < end && p[1] == '|')
				p++;
			strbuf_add(&cells[n], p++, 1);
		}
		strbuf_trim(&cells[n]);
		n++;
		if (p < end)
			p++;
		if (p >= end)
			break;
	}
	return n;
}

#define TABLE_MAX 12

struct md_state {
	struct roff_out r;
	struct strbuf block;		/* the paragraph or list item being read */
	const char *block_start;	/* ".PP\n" or ".IP \\(bu 2\n"; NULL: none */
	char item[16];
	struct strbuf header[TABLE_MAX];
	size_t ncols;			/* of the table being read; 0: none */
};

static void md_flush(struct md_state *m)
{
	if (!m->block_start)
		return;
	ro_raw(&m->r, m->block_start);
	inline_roff(&m->r, m->block.buf, m->block.len, 'R');
	ro_raw(&m->r, "\n");
	strbuf_reset(&m->block);
	m->block_start = NULL;
}

static void md_heading(struct md_state *m, const char *text, size_t len, int level,
		       int sections)
{
	char *upper = xstrndup(text, len);
	char *c;

	if (sections && level == 2) {
		for (c = upper; *c; c++)
			*c = toupper((unsigned char)*c);
		ro_raw(&m->r, ".SH ");
		inline_roff(&m->r, upper, len, 'R');
	} else if (sections) {
		ro_raw(&m->r, ".SS ");
		inline_roff(&m->r, text, len, 'R');
	} else {
		ro_raw(&m->r, ".PP\n\\fB");
		inline_roff(&m->r, text, len, 'B');
		ro_raw(&m->r, "\\fR");
	}
	ro_raw(&m->r, "\n");
	free(upper);
}

static void md_table_row(struct md_state *m, const char *line, size_t len)
{
	struct strbuf cells[TABLE_MAX];
	size_t n, i;

	for (i = 0; i < TABLE_MAX; i++)
		strbuf_init(&cells[i]);
	n = table_cells(line, len, cells, TABLE_MAX);
	if (!m->ncols) {
		for (i = 0; i < n; i++) {
			strbuf_reset(&m->header[i]);
			strbuf_add(&m->header[i], cells[i].buf, cells[i].len);
		}
		m->ncols = n;
	} else if (strspn(line, "|-: ") < len) {
		/* The first cell names the row; the others go with their column's name. */
		ro_raw(&m->r, ".TP\n\\fB");
		inline_roff(&m->r, cells[0].buf, cells[0].len, 'B');
		ro_raw(&m->r, "\\fR\n");
		for (i = 1; i < n; i++) {
			if (i > 1)
				ro_text(&m->r, "; ", 2);
			if (i < m->ncols && m->header[i].len) {
				inline_roff(&m->r, m->header[i].buf, m->header[i].len, 'R');
				ro_text(&m->r, ": ", 2);
			}
			inline_roff(&m->r, cells[i].buf, cells[i].len, 'R');
		}
		ro_raw(&m->r, "\n");
	}
	for (i = 0; i < TABLE_MAX; i++)
		strbuf_release(&cells[i]);
}

void markdown_roff(const char *md, int sections, FILE *out)
{
	struct md_state m = { .r = { out, 1 }, .block = STRBUF_INIT };
	const char *line = md, *end, *text;
	size_t len, indent, code_indent = 0, i;
	int in_code = 0;

	for (i = 0; i < TABLE_MAX; i++)
		strbuf_init(&m.header[i]);
	for (; *line; line = *end ? end + 1 : end) {
		end = line + strcspn(line, "\n");
		len = end - line;
		indent = strspn(line, " ");
		text = line + indent;
		if (in_code) {
			if (!strncmp(text, "```", 3)) {
				ro_raw(&m.r, ".fi\n.RE\n");
				in_code = 0;
				continue;
			}
			/* The block's own indentation is the fence's. */
			for (i = 0; i < code_indent && i < len && line[i] == ' '; i++)
				;
			ro_text(&m.r, line + i, len - i);
			ro_raw(&m.r, "\n");
			continue;
		}
		if (*text != '|')
			m.ncols = 0;
		if (text == end) {
			md_flush(&m);
		} else if (!strncmp(text, "```", 3)) {
			md_flush(&m);
			ro_raw(&m.r, ".PP\n.RS 4\n.nf\n");
			in_code = 1;
			code_indent = indent;
		} else if (*text == '#' && !indent) {
			int level = strspn(text, "#");

			md_flush(&m);
			if (level > 1 && text[level] == ' ')
				md_heading(&m, text + level + 1, end - text - level - 1, level,
					   sections);
		} else if (*text == '|') {
			md_flush(&m);
			md_table_row(&m, text, end - text);
		} else if ((text[0] == '-' || text[0] == '*') && text[1] == ' ') {
			md_flush(&m);
			m.block_start = ".IP \\(bu 2\n";
			strbuf_add(&m.block, text + 2, end - text - 2);
		} else if (isdigit((unsigned char)*text) &&
			   text[strspn(text, "0123456789")] == '.' &&
			   text[strspn(text, "0123456789") + 1] == ' ') {
			size_t digits = strspn(text, "0123456789");

			md_flush(&m);
			snprintf(m.item, sizeof(m.item), ".IP %.*s. 4\n", (int)digits, text);
			m.block_start = m.item;
			strbuf_add(&m.block, text + digits + 2, end - text - digits - 2);
		} else {
			if (!m.block_start)
				m.block_start = ".PP\n";
			else
				strbuf_add(&m.block, "\n", 1);
			strbuf_add(&m.block, text, end - text);
		}
	}
	md_flush(&m);
	if (in_code)
		ro_raw(&m.r, ".fi\n.RE\n");
	strbuf_release(&m.block);
	for (i = 0; i < TABLE_MAX; i++)
		strbuf_release(&m.header[i]);
}
