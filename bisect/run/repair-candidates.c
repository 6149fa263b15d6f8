// SPDX-License-Identifier: GPL-2.0
/*
 * repair-candidates.c - the hunks of a fixing commit, ordered by the
 * evidence of the hole it fixes, and the candidates, trailers and patch
 * names of 'bisectable repair' (repair-candidates.h). Text only.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "run/repair-candidates.h"

static const char *line_end(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? nl + 1 : p + strlen(p);
}

/* The path of a "diff --git a/X b/X" line: the b/ side. */
static char *diff_git_path(const char *line, const char *end)
{
	const char *b = NULL, *p;

	for (p = line; p + 3 < end; p++)
		if (!strncmp(p, " b/", 3))
			b = p + 3;
	if (!b)
		return xstrdup("?");
	while (end > b && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	return xstrndup(b, end - b);
}

static void hunks_add(struct repair_hunks *h, const char *file, const char *header,
		      size_t header_len, const char *text, size_t text_len)
{
	struct repair_hunk *k;
	const char *plus;

	h->v = xrealloc(h->v, (h->n + 1) * sizeof(*h->v));
	k = &h->v[h->n++];
	k->file = xstrdup(file);
	k->header = xstrndup(header, header_len);
	k->text = xstrndup(text, text_len);
	k->score = 0;
	k->line = 0;
	plus = text_len ? strstr(k->text, " +") : NULL;
	if (plus) {
		/* The header is the series' text: a start past INT_MAX is no place. */
		char *end;
		long start;

		errno = 0;
		start = strtol(plus + 2, &end, 10);
		if (end != plus + 2 && !errno && start >= 0 && start <= INT_MAX)
			k->line = (int)start;
	}
	/* The place of its first changed line, past the leading context. */
	for (plus = line_end(k->text); *plus == ' '; plus = line_end(plus))
		k->line++;
}

/* A count of an @@ line's range ("-12,3" or "+7"), 1 when it has none. */
static long range_count(const char *range)
{
	const char *comma = strchr(range, ',');
	const char *space = strchr(range, ' ');

	return comma && (!space || comma < space) ? strtol(comma + 1, NULL, 10) : 1;
}

/* The end of the hunk at @@: as many old and new lines as its @@ line says. */
static const char *hunk_end(const char *hunk, const char *end)
{
	const char *minus = strstr(hunk, " -"), *plus = strstr(hunk, " +");
	const char *q = line_end(hunk);
	long old_lines, new_lines;

	if (!minus || !plus || plus > line_end(hunk))
		return q;
	old_lines = range_count(minus + 1);
	new_lines = range_count(plus + 1);
	while (q < end && (old_lines > 0 || new_lines > 0)) {
		if (*q == ' ' || *q == '\n')
			old_lines--, new_lines--;
		else if (*q == '-')
			old_lines--;
		else if (*q == '+')
			new_lines--;
		else if (*q != '\\')
			break;
		q = line_end(q);
	}
	while (q < end && *q == '\\')	/* "\ No newline at end of file" */
		q = line_end(q);
	return q;
}

/* One file's part of a diff, [p, end): its hunks, or its header alone. */
static void parse_file(struct repair_hunks *h, const char *p, const char *end)
{
	const char *first = line_end(p), *hunk = NULL, *q;
	char *file = diff_git_path(p, first);
	size_t header_len;

	for (q = first; q < end; q = line_end(q))
		if (!strncmp(q, "@@ ", 3)) {
			hunk = q;
			break;
		}
	header_len = (hunk ? hunk : end) - p;
	if (!hunk) {
		hunks_add(h, file, p, header_len, "", 0);
		free(file);
		return;
	}
	while (hunk < end) {
		q = hunk_end(hunk, end);
		hunks_add(h, file, p, header_len, hunk, q - hunk);
		/* What follows the last hunk (a mail's "-- " signature) is no part of it. */
		while (q < end && strncmp(q, "@@ ", 3))
			q = line_end(q);
		hunk = q;
	}
	free(file);
}

int repair_hunks_parse(const char *diff, struct repair_hunks *out)
{
	const char *p = diff, *next;

	out->v = NULL;
	out->n = 0;
	while (*p && strncmp(p, "diff --git ", 11))
		p = line_end(p);
	while (*p) {
		next = line_end(p);
		while (*next && strncmp(next, "diff --git ", 11))
			next = line_end(next);
		parse_file(out, p, next);
		p = next;
	}
	return out->n ? 0 : -1;
}

void repair_hunks_free(struct repair_hunks *h)
{
	size_t i;

	for (i = 0; i < h->n; i++) {
		free(h->v[i].file);
		free(h->v[i].header);
		free(h->v[i].text);
	}
	free(h->v);
	h->v = NULL;
	h->n = 0;
}

static int is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* word occurs in text as a whole identifier. */
static int has_word(const char *text, const char *word, size_t len)
{
	const char *p = text;

	while ((p = strstr(p, word))) {
		if ((p == text || !is_ident((unsigned char)p[-1])) &&
		    !is_ident((unsigned char)p[len]))
			return 1;
		p += len;
	}
	return 0;
}

/*
 * A line of the hunk names a symbol of the evidence: a changed line, or a
 * context line the change is about (an #ifdef put around it).
 */
static int hunk_names_symbol(const char *hunk_text, const struct argv_array *symbols)
{
	const char *p = line_end(hunk_text);
	size_t i;

	for (; *p; p = line_end(p)) {
		char *line;
		int hit = 0;

		if (*p != '+' && *p != '-' && *p != ' ')
			continue;
		line = xstrndup(p + 1, line_end(p) - p - 1);
		for (i = 0; i < symbols->argc && !hit; i++)
			hit = has_word(line, symbols->argv[i], strlen(symbols->argv[i]));
		free(line);
		if (hit)
			return 1;
	}
	return 0;
}

static void push_word(struct argv_array *symbols, const char *s, const char *e)
{
	char *word = xstrndup(s, e - s);

	argv_push(symbols, word);
	free(word);
}

/*
 * The identifiers of the evidence: 'quoted' and `quoted' ones (a
 * compiler's), and the functions of a backtrace's frames ("name+0x12/0x40",
 * after a space, a colon or anything but a part of a name).
 */
static void evidence_symbols(const char *evidence, struct argv_array *symbols)
{
	const char *p, *s, *e;

	for (p = evidence; *p; p++) {
		if (*p == '\'' || *p == '`') {
			for (s = e = p + 1; is_ident((unsigned char)*e); e++)
				;
			if (e > s && *e == '\'')
				push_word(symbols, s, e);
		} else if (!strncmp(p, "+0x", 3)) {
			for (s = p; s > evidence && is_ident((unsigned char)s[-1]); s--)
				;
			if (s < p && !isdigit((unsigned char)*s))
				push_word(symbols, s, p);
		}
	}
}

/* The function of a hunk's @@ line ("int other(void)": "other"), or NULL. */
static char *hunk_function(const char *text)
{
	const char *at, *end = line_end(text), *paren, *s;

	/* A header alone (a mode change, a binary patch) has no function. */
	if (strncmp(text, "@@ ", 3))
		return NULL;
	at = strstr(text + 2, "@@");
	if (!at || at > end)
		return NULL;
	paren = memchr(at, '(', end - at);
	if (!paren)
		return NULL;
	s = paren;
	while (s > at && is_ident((unsigned char)s[-1]))
		s--;
	return s < paren ? xstrndup(s, paren - s) : NULL;
}

/* The file is named in the evidence as "FILE:" (a compiler's place). */
static int names_file(const char *evidence, const char *file)
{
	char *needle = xasprintf("%s:", file);
	const char *p = evidence;
	size_t len = strlen(needle);
	int hit = 0;

	while (!hit && (p = strstr(p, needle))) {
		hit = p == evidence || isspace((unsigned char)p[-1]) || p[-1] == '/';
		p += len;
	}
	free(needle);
	return hit;
}

static int hunk_score(const struct repair_hunk *k, const char *evidence,
		      const struct argv_array *symbols)
{
	char *func = hunk_function(k->text);
	int score = 0;
	size_t i;

	if (names_file(evidence, k->file))
		score += 4;
	if (*k->text && hunk_names_symbol(k->text, symbols))
		score += 2;
	for (i = 0; func && i < symbols->argc; i++)
		if (!strcmp(func, symbols->argv[i])) {
			score += 1;
			break;
		}
	free(func);
	return score;
}

void repair_hunks_order(struct repair_hunks *h, const char *evidence)
{
	struct argv_array symbols = ARGV_ARRAY_INIT;
	size_t i, j;

	if (!evidence)
		return;
	evidence_symbols(evidence, &symbols);
	for (i = 0; i < h->n; i++)
		h->v[i].score = hunk_score(&h->v[i], evidence, &symbols);
	/* Insertion sort: stable, and a fix has few hunks. */
	for (i = 1; i < h->n; i++) {
		struct repair_hunk k = h->v[i];

		for (j = i; j > 0 && h->v[j - 1].score < k.score; j--)
			h->v[j] = h->v[j - 1];
		h->v[j] = k;
	}
	argv_clear(&symbols);
}

char *repair_hunk_patch(const struct repair_hunk *hunk)
{
	return xasprintf("%s%s", hunk->header, hunk->text);
}

size_t repair_candidates_plan(size_t nhunks, size_t max, struct repair_candidate *out)
{
	size_t tail = (nhunks > 1) + 2, n = 0, i, hunks = nhunks;

	if (max >= tail && hunks > max - tail)
		hunks = max - tail;
	for (i = 0; i < hunks && n < max; i++)
		out[n++] = (struct repair_candidate){ REPAIR_MOVE_HUNK, i };
	if (nhunks > 1 && n < max)
		out[n++] = (struct repair_candidate){ REPAIR_MOVE_ALL, 0 };
	if (n < max)
		out[n++] = (struct repair_candidate){ REPAIR_REORDER, 0 };
	if (n < max)
		out[n++] = (struct repair_candidate){ REPAIR_SQUASH, 0 };
	return n;
}

/* A subject as a trailer quotes it: at most 60 bytes, else cut with "...". */
static void add_subject(struct strbuf *out, const char *subject)
{
	size_t len = strlen(subject);

	if (len <= 60) {
		strbuf_addf(out, "\"%s\"", subject);
		return;
	}
	len = 57;
	while (len && subject[len - 1] == ' ')
		len--;
	strbuf_addstr(out, "\"");
	strbuf_add(out, subject, len);
	strbuf_addstr(out, "...\"");
}

static void add_place(struct strbuf *out, const struct repair_hunk *k)
{
	strbuf_addf(out, "%s:%d", k->file, k->line);
}

void repair_candidate_words(struct strbuf *out, const struct repair_candidate *c,
			    const struct repair_hunks *h, const char *fix_subject,
			    const char *bad_subject)
{
	switch (c->kind) {
	case REPAIR_MOVE_HUNK:
		strbuf_addstr(out, "move the hunk at ");
		add_place(out, &h->v[c->hunk]);
		strbuf_addstr(out, " of ");
		break;
	case REPAIR_MOVE_ALL:
		strbuf_addstr(out, "move every hunk of ");
		break;
	case REPAIR_REORDER:
		strbuf_addstr(out, "move ");
		add_subject(out, fix_subject);
		strbuf_addstr(out, " before ");
		add_subject(out, bad_subject);
		return;
	case REPAIR_SQUASH:
		strbuf_addstr(out, "squash ");
		break;
	}
	add_subject(out, fix_subject);
	strbuf_addstr(out, " into ");
	add_subject(out, bad_subject);
}

char *repair_trailer_bad(const struct repair_candidate *c, const struct repair_hunks *h,
			 const char *fix_subject)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "[bisectable: ");
	if (c->kind == REPAIR_MOVE_HUNK) {
		strbuf_addstr(&sb, "moved the hunk at ");
		add_place(&sb, &h->v[c->hunk]);
		strbuf_addstr(&sb, " from ");
	} else if (c->kind == REPAIR_MOVE_ALL) {
		strbuf_addstr(&sb, "moved every hunk from ");
	} else {
		strbuf_addstr(&sb, "squashed in ");
	}
	add_subject(&sb, fix_subject);
	strbuf_addstr(&sb, "]");
	return strbuf_detach(&sb, NULL);
}

char *repair_trailer_fix(const struct repair_candidate *c, const struct repair_hunks *h,
			 const char *bad_subject)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "[bisectable: ");
	if (c->kind == REPAIR_MOVE_HUNK) {
		strbuf_addstr(&sb, "its hunk at ");
		add_place(&sb, &h->v[c->hunk]);
		strbuf_addstr(&sb, " moved into ");
	} else if (c->kind == REPAIR_REORDER) {
		strbuf_addstr(&sb, "moved before ");
	} else {
		strbuf_addstr(&sb, "its hunks moved into ");
	}
	add_subject(&sb, bad_subject);
	strbuf_addstr(&sb, "]");
	return strbuf_detach(&sb, NULL);
}

char *repair_patch_name(int n, const char *subject)
{
	struct strbuf sb = STRBUF_INIT;
	size_t start, kept = 0;
	int dash = 0;
	const char *p;

	strbuf_addf(&sb, "%04d-", n);
	start = sb.len;
	for (p = subject; *p && kept < 52; p++) {
		if (is_ident((unsigned char)*p) || *p == '.') {
			if (*p == '.' && sb.len == start)
				continue;
			if (dash && sb.len > start) {
				strbuf_addstr(&sb, "-");
				kept++;
			}
			strbuf_add(&sb, p, 1);
			kept++;
			dash = 0;
		} else {
			dash = 1;
		}
	}
	while (sb.len > start && sb.buf[sb.len - 1] == '.')
		sb.buf[--sb.len] = '\0';
	strbuf_addstr(&sb, ".patch");
	return strbuf_detach(&sb, NULL);
}

void repair_series_text(struct strbuf *out, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		strbuf_addf(out, "%s\n", names[i]);
}
