// SPDX-License-Identifier: GPL-2.0
/*
 * help.c - the command list, the man pages and the bash completion, all
 * generated from the command table and the commands' option tables, so
 * that none of them can say something the parser does not do, and the
 * prose of each command's page (Documentation/bisectable-NAME.md, built
 * in), which follows the options in `help NAME` and in the man pages.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "builtin/help.h"
#include "lib/util.h"

/* --db of every command that opens the database; its value goes to cmd_ctx.db_path. */
const struct opt common_db_options[] = {
	OPT_STRING(0, "db", struct cmd_ctx, db_path, "PATH", NULL, OPT_FILE,
		   "the database (default: db/bisectable.db of the checkout, or "
		   "$XDG_DATA_HOME/bisectable/bisectable.db when installed)"),
	OPT_END(),
};

void cmd_usage_init(const struct cmd_entry *e, struct opt_usage *u)
{
	static const struct opt none[] = { OPT_END() };
	int t = 0;

	memset(u, 0, sizeof(*u));
	u->name = e->name;
	u->synopsis = e->synopsis;
	u->help = e->help;
	u->tables[t++] = e->options ? e->options->table : none;
	if (e->flags & CMD_DB_ANY)
		u->tables[t++] = common_db_options;
	u->min_args = e->min_args;
	u->max_args = e->max_args;
}

void help_commands(const struct cmd_entry *cmds, size_t n, FILE *out)
{
	int width = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & CMD_HIDDEN) && (int)strlen(cmds[i].name) > width)
			width = strlen(cmds[i].name);
	fprintf(out, "usage: bisectable <command> [<options>] [<arguments>]\n\ncommands:\n");
	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & CMD_HIDDEN))
			fprintf(out, "  %-*s %s\n", width, cmds[i].name, cmds[i].help);
	fprintf(out, "\n'bisectable help <command>' describes a command (so do '<command> --help'\n"
		"and 'man bisectable-<command>'); 'man bisectable' all of them.\n");
}

/* The command pages, Documentation/bisectable-NAME.md, built in by the Makefile. */
static const struct {
	const char *name;
	const char *text;
} command_pages[] = {
#include "builtin/command-pages.inc"
};

const char *help_page(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(command_pages); i++)
		if (!strcmp(command_pages[i].name, name))
			return command_pages[i].text;
	return NULL;
}

/* A page without its title line ("# bisectable NAME") and the blank lines after it. */
static const char *page_body(const char *page)
{
	if (!strncmp(page, "# ", 2)) {
		page = strchr(page, '\n');
		if (!page)
			return "";
	}
	while (*page == '\n')
		page++;
	return page;
}

void help_prose(const char *name, FILE *out)
{
	const char *page = help_page(name);

	if (page) {
		fputc('\n', out);
		fputs(page_body(page), out);
	}
}

void help_command(const struct cmd_entry *e, FILE *out)
{
	struct opt_usage u;

	cmd_usage_init(e, &u);
	usage_print(&u, out);
	help_prose(e->name, out);
}

/* Text for roff: backslashes and a leading dot or quote escaped, '-' as \-. */
static void roff(const char *s, FILE *out)
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
			ro_text(r, text, p - text);
			ro_raw(r, "\\fB");
			inline_roff(r, p + 2, close - p - 2, 'B');
			ro_raw(r, back);
			p = text = close + 2;
			continue;
		}
		if (p[0] == '*' && p + 1 < end && !isspace((unsigned char)p[1]) && p[1] != '*' &&
		    (close = memchr(p + 1, '*', end - p - 1)) && !isspace((unsigned char)close[-1])) {
			ro_text(r, text, p - text);
			ro_raw(r, "\\fI");
			inline_roff(r, p + 1, close - p - 1, 'I');
			ro_raw(r, back);
			p = text = close + 1;
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

static void man_option(const struct opt *o, FILE *out)
{
	char value[128];

	if (o->flags & OPT_HIDDEN)
		return;
	opt_value_name(o, value, sizeof(value));
	fputs(".TP\n.B ", out);
	if (o->short_name)
		fprintf(out, "\\-%c", o->short_name);
	if (o->short_name && o->long_name)
		fputs(", ", out);
	if (o->long_name) {
		fputs("\\-\\-", out);
		roff(o->long_name, out);
	}
	if (*value) {
		fputs(" \\fI", out);
		roff(value, out);
		fputs("\\fR", out);
	}
	fputc('\n', out);
	roff(o->help, out);
	if (o->type == OPT_TYPE_INT && o->def)
		fprintf(out, " (default: %lld)", o->def);
	else if (o->type != OPT_TYPE_BOOL && o->type != OPT_TYPE_INT && o->def_str) {
		fputs(" (default: ", out);
		roff(o->def_str, out);
		fputs(")", out);
	}
	fputs(".\n", out);
}

/* The synopsis lines of e, each ".B bisectable NAME" and its arguments. */
static void man_synopsis(const struct cmd_entry *e, FILE *out)
{
	const char *line = e->synopsis ? e->synopsis : "", *end;

	do {
		char *one;

		end = strchr(line, '\n');
		one = end ? xstrndup(line, end - line) : xstrdup(line);
		fputs(".B bisectable ", out);
		roff(e->name, out);
		fputs("\n", out);
		if (*one) {
			roff(one, out);
			fputs("\n", out);
		}
		fputs(".br\n", out);
		free(one);
		line = end ? end + 1 : NULL;
	} while (line);
}

static void man_options(const struct cmd_entry *e, FILE *out)
{
	struct opt_usage u;
	const struct opt *o;
	int t;

	cmd_usage_init(e, &u);
	for (t = 0; u.tables[t]; t++)
		for (o = u.tables[t]; o->type != OPT_TYPE_END; o++)
			man_option(o, out);
}

static void man_command(const struct cmd_entry *e, FILE *out)
{
	const char *page = help_page(e->name);

	fputs(".SS ", out);
	roff(e->name, out);
	fputs("\n", out);
	man_synopsis(e, out);
	fputs(".PP\n", out);
	roff(e->help, out);
	fputs(".\n", out);
	if (e->flags & CMD_INTERNAL)
		fputs("It is run by bisectable itself, not by hand.\n", out);
	man_options(e, out);
	if (page)
		markdown_roff(page_body(page), 0, out);
}

void help_man_command(const struct cmd_entry *e, FILE *out)
{
	const char *page = help_page(e->name), *body = page ? page_body(page) : "";
	const char *sections = strstr(body, "\n## ");
	char *description = sections ? xstrndup(body, sections - body) : xstrdup(body);
	const char *c;

	fputs(".TH BISECTABLE\\-", out);
	for (c = e->name; *c; c++)
		fprintf(out, *c == '-' ? "\\-" : "%c", toupper((unsigned char)*c));
	fputs(" 1 \"\" \"bisectable " BISECTABLE_VERSION "\" \"User Commands\"\n"
	      ".SH NAME\nbisectable\\-", out);
	roff(e->name, out);
	fputs(" \\- ", out);
	roff(e->help, out);
	fputs("\n.SH SYNOPSIS\n", out);
	man_synopsis(e, out);
	fputs(".SH DESCRIPTION\n", out);
	markdown_roff(description, 1, out);
	if (e->flags & CMD_INTERNAL)
		fputs(".PP\nIt is run by bisectable itself, not by hand.\n", out);
	fputs(".SH OPTIONS\n", out);
	man_options(e, out);
	if (sections)
		markdown_roff(sections + 1, 1, out);
	fputs(".SH SEE ALSO\n.BR bisectable (1)\n", out);
	free(description);
}

static const char man_head[] =
	".TH BISECTABLE 1 \"\" \"bisectable " BISECTABLE_VERSION "\" \"User Commands\"\n"
	".SH NAME\n"
	"bisectable \\- verify that every commit of a kernel patch series builds, boots"
	" and passes tests\n"
	".SH SYNOPSIS\n"
	".B bisectable\n"
	".I command\n"
	".RI [ options ]\n"
	".RI [ arguments ]\n"
	".SH DESCRIPTION\n"
	"A series is bisection-safe when every commit in it builds, boots and works on every\n"
	"configuration that matters.\n"
	".B bisectable run\n"
	"applies a series to a kernel tree and, at each commit, builds the kernel for each\n"
	"configuration, boots it in QEMU and runs test suites (smoke, rt-tests) on its serial\n"
	"console. Results go to an SQLite database, which the other commands read.\n"
	"Every command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR; options take their values as\n"
	"\\fB\\-\\-opt value\\fR or \\fB\\-\\-opt=value\\fR, and \\fB\\-\\-\\fR ends them.\n"
	".SH COMMANDS\n";

static const char man_tail[] =
	".SH EXIT STATUS\n"
	"0 when every commit passes (or the command did what it was asked),\n"
	"1 when some commit of the series does not pass (\\fBrun\\fR, \\fBstep\\fR,"
	" \\fBfirst\\-bad\\fR),\n"
	"2 on a usage or internal error.\n"
	".SH ENVIRONMENT\n"
	".TP\n.B BISECTABLE_HOME\n"
	"Where the configurations, expect scripts, guest image and schema are (default:\n"
	"\\fI<bindir>/../share/bisectable\\fR when it exists, else the directory of the"
	" binary).\n"
	".TP\n.B BISECTABLE_CACHE\n"
	"The cache: kernel repository, work trees, build directories, ccache (default:\n"
	"\\fI$XDG_CACHE_HOME/bisectable\\fR, else \\fI~/.cache/bisectable\\fR).\n"
	".TP\n.B BISECTABLE_CCACHE_REMOTE\n"
	"ccache's remote storage for the builds, e.g. \\fIredis://host:6379\\fR, passed to\n"
	"ccache as \\fBCCACHE_REMOTE_STORAGE\\fR (\\fBrun \\-\\-ccache\\-remote\\fR wins over it).\n"
	".TP\n.B XDG_DATA_HOME\n"
	"An installed bisectable keeps its database in \\fI$XDG_DATA_HOME/bisectable/\\fR\n"
	"(default \\fI~/.local/share/bisectable/\\fR); run from a checkout, in its"
	" \\fIdb/\\fR.\n"
	".SH FILES\n"
	".TP\n.I <data>/configs/*.config\n"
	"Configuration fragments merged over tinyconfig and \\fIbase.config\\fR"
	" (\\fBbisectable configs\\fR lists them).\n"
	".TP\n.I <database directory>/logs/run\\-N/\n"
	"Build and console logs of every commit and configuration.\n"
	".SH SEE ALSO\n"
	".BR git\\-rebase (1),\n"
	".BR qemu\\-system\\-x86_64 (1),\n"
	".BR sqlite3 (1)\n";

void help_man(const struct cmd_entry *cmds, size_t n, FILE *out)
{
	size_t i;

	fputs(man_head, out);
	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & CMD_HIDDEN))
			man_command(&cmds[i], out);
	fputs(man_tail, out);
}

/* The case arm of one command: values of options, then options, then arguments. */
static void completion_command(const struct cmd_entry *e, FILE *out)
{
	struct strbuf names = STRBUF_INIT;
	struct opt_usage u;
	const struct opt *o;
	int t;

	cmd_usage_init(e, &u);
	fprintf(out, "\t%s)\n\t\tcase $prev in\n", e->name);
	for (t = 0; u.tables[t]; t++) {
		for (o = u.tables[t]; o->type != OPT_TYPE_END; o++) {
			if (o->flags & OPT_HIDDEN)
				continue;
			if (o->long_name)
				strbuf_addf(&names, " --%s", o->long_name);
			if (o->short_name)
				strbuf_addf(&names, " -%c", o->short_name);
			if (o->type == OPT_TYPE_BOOL)
				continue;
			fputs("\t\t", out);
			if (o->long_name)
				fprintf(out, "--%s%s", o->long_name, o->short_name ? "|" : "");
			if (o->short_name)
				fprintf(out, "-%c", o->short_name);
			if (o->flags & OPT_CONFIGS) {
				fputs(") _bisectable_configs; return ;;\n", out);
			} else if (o->flags & OPT_FILE) {
				fputs(") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", out);
			} else if (o->type == OPT_TYPE_CHOICE) {
				size_t i;

				fputs(") COMPREPLY=($(compgen -W \"", out);
				for (i = 0; o->choices[i]; i++)
					fprintf(out, "%s%s", i ? " " : "", o->choices[i]);
				fputs("\" -- \"$cur\")); return ;;\n", out);
			} else {
				fputs(") return ;;\n", out);
			}
		}
	}
	fprintf(out, "\t\tesac\n\t\tif [[ $cur == -* ]]; then\n"
		"\t\t\tCOMPREPLY=($(compgen -W \"%s --help\" -- \"$cur\"))\n", names.buf + 1);
	if (e->flags & CMD_ARGS_FILES)
		fputs("\t\telse\n\t\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n", out);
	else if (!strcmp(e->name, "help"))
		fputs("\t\telse\n\t\t\tCOMPREPLY=($(compgen -W \"$cmds\" -- \"$cur\"))\n", out);
	fputs("\t\tfi\n\t\t;;\n", out);
	strbuf_release(&names);
}

void help_bash_completion(const struct cmd_entry *cmds, size_t n, FILE *out)
{
	size_t i;

	fputs("# bash completion for bisectable(1)\n"
	      "# Generated by 'bisectable help --bash-completion' from its option tables.\n\n"
	      "_bisectable_configs()\n{\n"
	      "\tlocal names prefix=\n"
	      "\tnames=$(\"${COMP_WORDS[0]}\" configs 2>/dev/null | awk '{print $1}')\n"
	      "\t# A comma-separated list: complete its last name.\n"
	      "\t[[ $cur == *,* ]] && prefix=${cur%,*},\n"
	      "\tCOMPREPLY=($(compgen -P \"$prefix\" -W \"$names\" -- \"${cur##*,}\"))\n"
	      "}\n\n"
	      "_bisectable()\n{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	      "\tlocal cmds=\"", out);
	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & (CMD_HIDDEN | CMD_INTERNAL)))
			fprintf(out, "%s%s", i ? " " : "", cmds[i].name);
	fputs("\"\n"
	      "\t# --opt=value: bash splits at '=', the option is before it.\n"
	      "\tif [[ $cur == = ]]; then\n\t\tcur=; \n"
	      "\telif [[ $prev == = && $COMP_CWORD -ge 3 ]]; then\n"
	      "\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n\tfi\n"
	      "\tif [[ $COMP_CWORD -eq 1 ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"$cmds --help --version\" -- \"$cur\"))\n"
	      "\t\treturn\n\tfi\n"
	      "\tcase ${COMP_WORDS[1]} in\n", out);
	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & CMD_HIDDEN))
			completion_command(&cmds[i], out);
	fputs("\tesac\n}\n\ncomplete -F _bisectable bisectable\n", out);
}
