// SPDX-License-Identifier: GPL-2.0
/*
 * help.c - the command list, the man page and the bash completion, all
 * generated from the command table and the commands' option tables, so
 * that none of them can say something the parser does not do.
 */
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
	size_t i;

	fprintf(out, "usage: bisectable <command> [<options>] [<arguments>]\n\ncommands:\n");
	for (i = 0; i < n; i++)
		if (!(cmds[i].flags & CMD_HIDDEN))
			fprintf(out, "  %-10s %s\n", cmds[i].name, cmds[i].help);
	fprintf(out, "\n'bisectable <command> --help' describes a command's options;"
		" 'man bisectable' all of them.\n");
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

static void man_command(const struct cmd_entry *e, FILE *out)
{
	struct opt_usage u;
	const char *line = e->synopsis ? e->synopsis : "", *end;
	const struct opt *o;
	int t;

	cmd_usage_init(e, &u);
	fputs(".SS ", out);
	roff(e->name, out);
	fputs("\n", out);
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
	fputs(".PP\n", out);
	roff(e->help, out);
	fputs(".\n", out);
	if (e->flags & CMD_INTERNAL)
		fputs("It is run by bisectable itself, not by hand.\n", out);
	for (t = 0; u.tables[t]; t++)
		for (o = u.tables[t]; o->type != OPT_TYPE_END; o++)
			man_option(o, out);
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
