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
#include "lib/markdown-roff.h"
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
		roff_text(o->long_name, out);
	}
	if (*value) {
		fputs(" \\fI", out);
		roff_text(value, out);
		fputs("\\fR", out);
	}
	fputc('\n', out);
	roff_text(o->help, out);
	if (o->type == OPT_TYPE_INT && o->def)
		fprintf(out, " (default: %lld)", o->def);
	else if (o->type != OPT_TYPE_BOOL && o->type != OPT_TYPE_INT && o->def_str) {
		fputs(" (default: ", out);
		roff_text(o->def_str, out);
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
		roff_text(e->name, out);
		fputs("\n", out);
		if (*one) {
			roff_text(one, out);
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
	roff_text(e->name, out);
	fputs("\n", out);
	man_synopsis(e, out);
	fputs(".PP\n", out);
	roff_text(e->help, out);
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
	roff_text(e->name, out);
	fputs(" \\- ", out);
	roff_text(e->help, out);
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
	"Build and console logs of every commit and configuration"
	" (\\fIlogs/NAME/run\\-N/\\fR for a second database \\fINAME.db\\fR in"
	" the same directory). A report opens no log outside them.\n"
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
