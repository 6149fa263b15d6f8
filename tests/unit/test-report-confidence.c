// SPDX-License-Identifier: GPL-2.0
/*
 * test-report-confidence.c - the words of report/report-confidence.c: a
 * first bad commit's boots and confidence (verdict_boots_text's words),
 * a cell's boots and marker, the commit that fixed a known failure. The
 * models are made by hand; the figures are what verdict.c would give.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report-confidence.h"
#include "lib/util.h"
#include "tap.h"

/* A model of one configuration whose first bad is commit 2 at stage. */
struct one {
	struct cell cells[3][NR_STAGES];
	struct commit commits[3];
	struct verdict v;
	char *configs[1];
	struct report_model m;
};

static void one_init(struct one *o, enum stage stage)
{
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < 3; i++) {
		o->commits[i].position = i;
		o->commits[i].cells = o->cells[i];
	}
	o->configs[0] = "up";
	o->v = (struct verdict){ .bad = 1, .position = 2, .stage = stage, .boots = 3,
		.failed_boots = 2, .parent_boots = 3, .parent_passes = 3, .kind = "flaky",
		.confidence = 0.936 };
	o->m = (struct report_model){ .configs = o->configs, .nconfigs = 1,
		.verdicts = &o->v, .commits = o->commits, .ncommits = 3, .last_position = 2 };
	o->cells[2][stage] = (struct cell){ .id = 1, .status = ST_FAIL, .tries = 3,
		.failed_tries = 2 };
}

static void test_text(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct one o;

	one_init(&o, STAGE_TEST);
	ok(confidence_text(&o.m, 0, &sb) && !strcmp(sb.buf, "failed 2 of 3 boots (flaky),"
	   " parent passed 3 of 3; confidence 94%"), "flaky, not confirmed");
	strbuf_reset(&sb);
	o.cells[2][STAGE_TEST].confirmed = "flaky";
	o.v.parent_boots = o.v.parent_passes = -1;
	o.v.boots = o.v.failed_boots = 1;
	o.v.kind = "unconfirmed";
	o.v.confidence = 0;
	ok(confidence_text(&o.m, 0, &sb) && !strcmp(sb.buf, "failed 1 of 1 boot (unconfirmed),"
	   " no parent result; confidence 0%"), "one boot, no parent result");
	strbuf_reset(&sb);
	o.v.base_bad = 1;
	ok(!confidence_text(&o.m, 0, &sb) && !sb.len && !first_bad_cell(&o.m, 0),
	   "a bad base: no confidence");
	one_init(&o, STAGE_BUILD);
	o.v.kind = NULL;
	o.v.confidence = 1;
	ok(!confidence_text(&o.m, 0, &sb) && !sb.len, "a build: nothing to say");
	ok(first_bad_cell(&o.m, 0) == &o.cells[2][STAGE_BUILD], "its first bad cell");
	strbuf_release(&sb);
}

static void test_boots(void)
{
	struct cell c = { .tries = 1, .failed_tries = 1 };
	struct strbuf sb = STRBUF_INIT;
	const char *marker = "x";

	ok(!cell_boots(&c, &sb, &marker) && !sb.len && !marker, "one boot: nothing");
	c.tries = 3;
	ok(cell_boots(&c, &sb, &marker) && !strcmp(sb.buf, "1/3") && !strcmp(marker, "flaky"),
	   "1 of 3 failed: 1/3, flaky");
	strbuf_reset(&sb);
	c.failed_tries = 3;
	ok(cell_boots(&c, &sb, &marker) && !strcmp(sb.buf, "3/3") && !marker,
	   "3 of 3, not confirmed: no marker");
	strbuf_reset(&sb);
	c.confirmed = "inherited";
	ok(cell_boots(&c, &sb, &marker) && !strcmp(marker, "inherited"),
	   "what confirming found is the marker");
	strbuf_release(&sb);
}

static void test_fixed(void)
{
	struct known_fix fixed[] = { { "a: X", 3 }, { "b: Y", 5 } };
	struct verdict v = { .fixed = fixed, .nfixed = 2 };

	is_int(known_fixed_at(&v, "b: Y"), 5, "the commit that fixed a known failure");
	is_int(known_fixed_at(&v, "c: Z"), -1, "none for one still met");
}

int main(void)
{
	test_text();
	test_boots();
	test_fixed();
	return done_testing();
}
