// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable compare [--db DB] [--run N] [--from POS] [--to POS]
 *
 * The two ends of a run side by side (compare.h): for every configuration,
 * vmlinux's text, data and bss and the bzImage's bytes, then every other
 * figure the run stored, at one position and at another (the base and the
 * tip by default), with the change in percent; then what changed in the
 * machine code between them, symbol by symbol (codediff.h). Exit 0, 2 on
 * errors.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin/builtin.h"
#include "judge/codediff-run.h"
#include "judge/codediff-text.h"
#include "judge/compare.h"
#include "lib/escape.h"
#include "lib/util.h"

struct compare_opts {
	long long run;
	const char *from;
	const char *to;
};

static const struct opt compare_option_list[] = {
	OPT_INT(0, "run", struct compare_opts, run, "N", 1, LLONG_MAX, 0,
		"the run (default: the latest)"),
	OPT_STRING(0, "from", struct compare_opts, from, "POS", "base", 0,
		   "the position compared from: base, tip or a number"),
	OPT_STRING(0, "to", struct compare_opts, to, "POS", "tip", 0,
		   "the position compared to: base, tip or a number"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(compare, struct compare_opts, compare_option_list);

/* base is 0, tip -1 (compare_load's), else a position 0..INT_MAX; -2: none. */
static int position(const char *s)
{
	int pos;

	if (!strcmp(s, "base"))
		return 0;
	if (!strcmp(s, "tip"))
		return -1;
	return parse_int(s, 0, INT_MAX, &pos) ? -2 : pos;
}

/* Each configuration's codediff from one end to the other, its symbols a line each. */
static void compare_code(sqlite3 *db, const struct comparison *c)
{
	struct strbuf text = STRBUF_INIT;
	size_t i;

	printf("\nmachine code from %d to %d:\n", c->from, c->to);
	for (i = 0; i < c->n; i++) {
		struct codediff d;

		codediff_between(db, c->run_id, c->from, c->to, c->configs[i].config, &d);
		strbuf_reset(&text);
		codediff_describe(&d, &text);
		printf("  %-8s %s\n", term_str(c->configs[i].config), term_str(text.buf));
		strbuf_reset(&text);
		codediff_symbol_lines(&d, "           ", &text);
		for (char *line = strtok(text.buf, "\n"); line; line = strtok(NULL, "\n"))
			printf("%s\n", term_str(line));
		codediff_release(&d);
	}
	strbuf_release(&text);
}

int cmd_compare(struct cmd_ctx *ctx)
{
	const struct compare_opts *o = ctx->opts;
	int from = position(o->from), to = position(o->to);
	struct strbuf out = STRBUF_INIT;
	struct comparison c;

	if (from == -2 || to == -2)
		return error("--from and --to want base, tip or a position, not '%s'",
			     term_str(from == -2 ? o->from : o->to)), EXIT_ERROR;
	if (compare_load(ctx->db, o->run, from, to, &c)) {
		compare_free(&c);
		return EXIT_ERROR;
	}
	compare_text(&c, &out);
	fputs(out.buf, stdout);
	compare_code(ctx->db, &c);
	strbuf_release(&out);
	compare_free(&c);
	return 0;
}
