// SPDX-License-Identifier: GPL-2.0
/*
 * kconfig-index.c - the light index of a tree's Kconfig entries and what
 * their "depends on" asks (kconfig-index.h).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kconfig/kconfig-index.h"

/* ---- the index of config entries ---- */

static size_t name_hash(const char *name, size_t len)
{
	size_t h = 5381, i;

	for (i = 0; i < len; i++)
		h = h * 33 + (unsigned char)name[i];
	return h;
}

/* The slot of name in the index: its symbol's, or the empty one it would take. */
static size_t *name_slot(const struct kconfig_index *ix, const char *name, size_t len)
{
	size_t mask = ix->nslots - 1, i = name_hash(name, len) & mask;

	while (ix->slots[i] && (strncmp(ix->v[ix->slots[i] - 1].name, name, len) ||
				ix->v[ix->slots[i] - 1].name[len]))
		i = (i + 1) & mask;
	return &ix->slots[i];
}

/* The index made bigger (at most half full): a tree has tens of thousands of symbols. */
static void index_grow(struct kconfig_index *ix)
{
	size_t i;

	free(ix->slots);
	ix->nslots = ix->nslots ? 2 * ix->nslots : 1024;
	ix->slots = xcalloc(ix->nslots, sizeof(*ix->slots));
	for (i = 0; i < ix->n; i++)
		*name_slot(ix, ix->v[i].name, strlen(ix->v[i].name)) = i + 1;
}

static struct kconfig_symbol *symbol_get(struct kconfig_index *ix, const char *name, size_t len)
{
	struct kconfig_symbol *s;
	size_t *slot;

	if (ix->slots && *(slot = name_slot(ix, name, len)))
		return &ix->v[*slot - 1];
	if (ix->n == ix->alloc) {
		ix->alloc = ix->alloc ? 2 * ix->alloc : 256;
		ix->v = xrealloc(ix->v, ix->alloc * sizeof(*ix->v));
	}
	s = &ix->v[ix->n++];
	memset(s, 0, sizeof(*s));
	s->name = xstrndup(name, len);
	strbuf_init(&s->depends);
	if (2 * ix->n > ix->nslots)
		index_grow(ix);
	else
		*name_slot(ix, s->name, len) = ix->n;
	return s;
}

const struct kconfig_symbol *kconfig_find(const struct kconfig_index *ix, const char *name)
{
	size_t at;

	if (!ix->slots)
		return NULL;
	at = *name_slot(ix, name, strlen(name));
	return at ? &ix->v[at - 1] : NULL;
}

void kconfig_index_release(struct kconfig_index *ix)
{
	size_t i;

	for (i = 0; i < ix->n; i++) {
		free(ix->v[i].name);
		strbuf_release(&ix->v[i].depends);
		argv_clear(&ix->v[i].selected_by);
	}
	free(ix->v);
	free(ix->slots);
	memset(ix, 0, sizeof(*ix));
}

static int is_sym_char(int c)
{
	return isalnum(c) || c == '_';
}

/* The keyword that starts a line, with what follows it (NULL if it is not kw). */
static const char *keyword(const char *line, const char *kw)
{
	size_t len = strlen(kw);

	if (strncmp(line, kw, len) || (line[len] && !isspace((unsigned char)line[len])))
		return NULL;
	line += len;
	while (isspace((unsigned char)*line))
		line++;
	return line;
}

static int indent_width(const char *line, const char *end)
{
	int w = 0;

	for (; line < end && (*line == ' ' || *line == '\t'); line++)
		w = *line == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

#define DEPENDS_MAX_FRAMES	64

/* A parse frame: an enclosing if, menu or choice, with its dependencies. */
struct frame {
	char kind;		/* 'i' if, 'm' menu, 'c' choice */
	struct strbuf expr;
};

static int wrapped(const char *s, const char *e);

static void add_depends(struct strbuf *deps, const char *expr)
{
	size_t len = strlen(expr);

	while (len && isspace((unsigned char)expr[len - 1]))
		len--;
	if (!len)
		return;
	if (deps->len)
		strbuf_addstr(deps, " && ");
	/* A frame's expression is already one (parenthesized) term. */
	if (wrapped(expr, expr + len))
		strbuf_add(deps, expr, len);
	else
		strbuf_addf(deps, "(%.*s)", (int)len, expr);
}

/* Reading one Kconfig file: where in it the line is. */
struct index_parse {
	struct kconfig_index *ix;
	struct frame *frames;	/* grown: a Kconfig tree may nest without limit */
	int nframes, alloc_frames;
	int in_frame_head;	/* after menu or choice, before its first entry */
	int in_help, help_indent;
	int choices;		/* choice blocks open */
	long cur_i;		/* the entry being read, or -1 (an index: the array moves) */
	long *owed;		/* the symbols that owe '(' (open_parens) */
	size_t nowed, alloc_owed;
};

/* The logical line at p (continued lines joined) into line; returns where the next one starts. */
static const char *read_logical_line(const char *p, struct strbuf *line)
{
	const char *end = strchrnul(p, '\n');

	strbuf_reset(line);
	for (;;) {
		strbuf_add(line, p, end - p);
		if (line->len && line->buf[line->len - 1] == '\\' && *end) {
			line->buf[--line->len] = '\0';
			p = end + 1;
			end = strchrnul(p, '\n');
			continue;
		}
		break;
	}
	return *end ? end + 1 : end;
}

/* Comments end at '#' outside quotes. */
static void cut_comment(char *c)
{
	int quote = 0;

	for (; *c; c++) {
		if (*c == '"') {
			quote = !quote;
		} else if (*c == '#' && !quote) {
			*c = '\0';
			break;
		}
	}
}

static void owe_parens(struct index_parse *ps, long i)
{
	if (ps->nowed == ps->alloc_owed) {
		ps->alloc_owed = ps->alloc_owed ? 2 * ps->alloc_owed : 16;
		ps->owed = xrealloc(ps->owed, ps->alloc_owed * sizeof(*ps->owed));
	}
	ps->owed[ps->nowed++] = i;
}

/* The '(' owed by the symbols defined more than once, at their front. */
static void pay_parens(struct index_parse *ps)
{
	size_t i;

	for (i = 0; i < ps->nowed; i++) {
		struct kconfig_symbol *s = &ps->ix->v[ps->owed[i]];
		struct strbuf both = STRBUF_INIT;

		strbuf_grow(&both, s->open_parens + s->depends.len);
		while (s->open_parens) {
			strbuf_add(&both, "(", 1);
			s->open_parens--;
		}
		strbuf_add(&both, s->depends.buf, s->depends.len);
		strbuf_release(&s->depends);
		s->depends = both;
	}
	free(ps->owed);
}

/* "config NAME" or "menuconfig NAME": its entry, under the enclosing frames' conditions. */
static void begin_entry(struct index_parse *ps, const char *rest)
{
	struct kconfig_symbol *cur;
	struct strbuf deps = STRBUF_INIT;
	size_t len = 0;
	int i;

	while (is_sym_char((unsigned char)rest[len]))
		len++;
	ps->cur_i = len ? symbol_get(ps->ix, rest, len) - ps->ix->v : -1;
	ps->in_frame_head = 0;
	if (ps->cur_i < 0)
		return;
	cur = &ps->ix->v[ps->cur_i];
	/*
	 * The conditions of the outermost DEPENDS_MAX_FRAMES blocks: no tree
	 * nests near as deep, and every entry of a tree nested thousands deep
	 * would otherwise copy thousands (time and memory its size squared).
	 * A later definition adds to the first: its conditions are an "or".
	 */
	for (i = 0; i < ps->nframes && i < DEPENDS_MAX_FRAMES; i++)
		add_depends(&deps, ps->frames[i].expr.buf);
	if (cur->depends.len && deps.len) {
		/*
		 * "(OLD) || (NEW)": the '(' is owed, put at the front once the
		 * text is read (owe_parens), so that a symbol defined N times
		 * costs N appends, not N copies of an ever longer string.
		 */
		if (!cur->open_parens++)
			owe_parens(ps, ps->cur_i);
		strbuf_addf(&cur->depends, ") || (%s)", deps.buf);
	} else if (!cur->depends.len) {
		strbuf_addstr(&cur->depends, deps.buf);
	}
	strbuf_release(&deps);
	cur->in_choice |= ps->choices > 0;
}

/* A new innermost frame, its expression empty. */
static struct frame *push_frame(struct index_parse *ps, char kind)
{
	struct frame *f;

	if (ps->nframes == ps->alloc_frames) {
		ps->alloc_frames = ps->alloc_frames ? 2 * ps->alloc_frames : 16;
		ps->frames = xrealloc(ps->frames, ps->alloc_frames * sizeof(*ps->frames));
	}
	f = &ps->frames[ps->nframes++];
	f->kind = kind;
	strbuf_init(&f->expr);
	return f;
}

/* if, menu, choice, their ends, and the keywords that end an entry; 0 if l is none. */
static int read_block_keyword(struct index_parse *ps, const char *l)
{
	const char *rest;

	if ((rest = keyword(l, "if"))) {
		struct frame *f = push_frame(ps, 'i');

		strbuf_addstr(&f->expr, rest);
		strbuf_trim(&f->expr);
	} else if (keyword(l, "menu") || keyword(l, "choice")) {
		push_frame(ps, *l == 'm' ? 'm' : 'c');
		if (*l == 'c')
			ps->choices++;
		ps->in_frame_head = 1;
	} else if (keyword(l, "endif") || keyword(l, "endmenu") || keyword(l, "endchoice")) {
		if (ps->nframes > 0)
			strbuf_release(&ps->frames[--ps->nframes].expr);
		if (*l == 'e' && l[3] == 'c' && ps->choices > 0)
			ps->choices--;
		ps->in_frame_head = 0;
	} else if (keyword(l, "comment") || keyword(l, "source") || keyword(l, "mainmenu")) {
		ps->in_frame_head = 0;
	} else {
		return 0;
	}
	ps->cur_i = -1;
	return 1;
}

/* An entry's type and prompt. */
static void read_type(struct kconfig_symbol *cur, const char *l)
{
	static const struct { const char *kw; char type; int prompt; } types[] = {
		{ "bool", 'b', 1 }, { "tristate", 't', 1 }, { "def_bool", 'b', 0 },
		{ "def_tristate", 't', 0 }, { "int", 'v', 1 }, { "hex", 'v', 1 },
		{ "string", 'v', 1 }, { "prompt", 0, 1 },
	};
	const char *rest;
	size_t k;

	for (k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
		rest = keyword(l, types[k].kw);
		if (!rest)
			continue;
		if (types[k].type)
			cur->type = types[k].type;
		if (types[k].prompt && *rest == '"')
			cur->prompt = 1;
		break;
	}
}

/* depends on (of an entry, or of a menu's head), select and imply, the type. */
static void read_attribute(struct index_parse *ps, const char *l)
{
	const char *rest;

	if ((rest = keyword(l, "depends"))) {
		const char *expr = keyword(rest, "on");

		if (!expr)
			;
		else if (ps->cur_i >= 0)
			add_depends(&ps->ix->v[ps->cur_i].depends, expr);
		else if (ps->in_frame_head && ps->nframes > 0)
			add_depends(&ps->frames[ps->nframes - 1].expr, expr);
	} else if (ps->cur_i >= 0 &&
		   ((rest = keyword(l, "select")) || (rest = keyword(l, "imply")))) {
		size_t len = 0;

		while (is_sym_char((unsigned char)rest[len]))
			len++;
		if (len && *l == 's') {
			struct kconfig_symbol *target = symbol_get(ps->ix, rest, len);

			argv_push(&target->selected_by, ps->ix->v[ps->cur_i].name);
		}
	} else if (ps->cur_i >= 0) {
		read_type(&ps->ix->v[ps->cur_i], l);
	}
}

void kconfig_index_add_text(struct kconfig_index *ix, const char *text)
{
	struct index_parse ps = { .ix = ix, .help_indent = -1, .cur_i = -1 };
	struct strbuf line = STRBUF_INIT;
	const char *p = text, *l, *rest;
	int i;

	while (*p) {
		const char *end = strchrnul(p, '\n');
		int width = indent_width(p, end), blank;

		p = read_logical_line(p, &line);
		for (l = line.buf; isspace((unsigned char)*l); l++)
			;
		blank = !*l || *l == '#';
		if (ps.in_help) {
			if (blank)
				continue;
			if (ps.help_indent < 0)
				ps.help_indent = width;
			if (width >= ps.help_indent)
				continue;
			ps.in_help = 0;
		}
		if (blank)
			continue;
		cut_comment(line.buf + (l - line.buf));
		if ((rest = keyword(l, "config")) || (rest = keyword(l, "menuconfig"))) {
			begin_entry(&ps, rest);
		} else if (read_block_keyword(&ps, l)) {
			;
		} else if (keyword(l, "help") || keyword(l, "---help---")) {
			ps.in_help = 1;
			ps.help_indent = -1;
		} else {
			read_attribute(&ps, l);
		}
	}
	for (i = 0; i < ps.nframes; i++)
		strbuf_release(&ps.frames[i].expr);
	free(ps.frames);
	pay_parens(&ps);
	strbuf_release(&line);
}

static int index_dir(struct kconfig_index *ix, const char *top, const char *rel, int depth,
		     const char *srcarch)
{
	char *path = *rel ? xasprintf("%s/%s", top, rel) : xstrdup(top);
	struct dirent *de;
	DIR *dir = opendir(path);

	if (!dir) {
		error("cannot read %s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	while ((de = readdir(dir)) != NULL) {
		char *child = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
		char *full = xasprintf("%s/%s", top, child);
		struct stat st;

		if (de->d_name[0] == '.' || lstat(full, &st))
			;
		else if (S_ISDIR(st.st_mode) && depth < 16 &&
			 !(!strncmp(rel, "arch", 4) && !rel[4] && strcmp(de->d_name, srcarch)))
			index_dir(ix, top, child, depth + 1, srcarch);
		else if (S_ISREG(st.st_mode) && !strncmp(de->d_name, "Kconfig", 7)) {
			struct strbuf text = STRBUF_INIT;

			if (!strbuf_read_file(&text, full))
				kconfig_index_add_text(ix, text.buf);
			strbuf_release(&text);
		}
		free(child);
		free(full);
	}
	closedir(dir);
	free(path);
	return 0;
}

int kconfig_index_load_arch(const char *dir, const char *srcarch, struct kconfig_index *ix)
{
	memset(ix, 0, sizeof(*ix));
	return index_dir(ix, dir, "", 0, srcarch ? srcarch : "x86");
}

int kconfig_index_load(const char *dir, struct kconfig_index *ix)
{
	return kconfig_index_load_arch(dir, "x86", ix);
}

/* ---- dependency expressions to assignments ---- */

/* [s, e) without the blanks around it. */
static void trim_span(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

/* The first top-level (depth 0) occurrence of op ("&&", "||") in [s, e), or NULL. */
static const char *find_top(const char *s, const char *e, const char *op)
{
	int depth = 0, quote = 0;

	for (; s + 1 < e; s++) {
		if (*s == '"')
			quote = !quote;
		if (quote)
			continue;
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		else if (!depth && s[0] == op[0] && s[1] == op[1])
			return s;
	}
	return NULL;
}

/* The whole of [s, e) is one parenthesized expression. */
static int wrapped(const char *s, const char *e)
{
	int depth = 0;
	const char *p;

	if (e - s < 2 || *s != '(' || e[-1] != ')')
		return 0;
	for (p = s; p < e; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && !--depth && p != e - 1)
			return 0;
	}
	return 1;
}

static void push_assign(struct argv_array *out, const char *sym, size_t len, char value)
{
	if ((len == 1 && (*sym == 'y' || *sym == 'm' || *sym == 'n')))
		return;		/* a constant */
	argv_pushf(out, "%.*s=%c", (int)len, sym, value);
}

/* Assignments making [s, e) hold (neg: making it fail). */
static void assign(const char *s, const char *e, int neg, struct argv_array *out, int depth)
{
	const char *op, *p;
	size_t len;

	trim_span(&s, &e);
	if (s >= e || depth > 32)
		return;
	/* "A || B": one alternative is enough; "!(A || B)" needs both to fail. */
	op = find_top(s, e, "||");
	if (op) {
		assign(s, op, neg, out, depth + 1);
		if (neg)
			assign(op + 2, e, neg, out, depth + 1);
		return;
	}
	op = find_top(s, e, "&&");
	if (op) {
		assign(s, op, neg, out, depth + 1);
		if (!neg)
			assign(op + 2, e, neg, out, depth + 1);
		return;
	}
	if (*s == '!' && s[1] != '=') {
		assign(s + 1, e, !neg, out, depth + 1);
		return;
	}
	if (wrapped(s, e)) {
		assign(s + 1, e - 1, neg, out, depth + 1);
		return;
	}
	if (*s == '$' || *s == '"')
		return;
	for (len = 0; s + len < e && is_sym_char((unsigned char)s[len]); len++)
		;
	if (!len)
		return;
	p = s + len;
	trim_span(&p, &e);
	if (p == e) {
		push_assign(out, s, len, neg ? 'n' : 'y');
	} else if (p[0] == '=' || (p[0] == '!' && p[1] == '=')) {
		int not_equal = p[0] == '!';
		const char *v = p + (not_equal ? 2 : 1);
		char value;

		trim_span(&v, &e);
		if (e - v != 1 || (*v != 'y' && *v != 'm' && *v != 'n'))
			return;		/* compared with another symbol or a number */
		if (not_equal != neg)	/* SYM != v: any other value; y, or n for != y */
			value = *v == 'n' ? 'y' : 'n';
		else
			value = *v;
		push_assign(out, s, len, value);
	}
}

void kconfig_depends_assign(const char *expr, struct argv_array *out)
{
	assign(expr, expr + strlen(expr), 0, out, 0);
}
