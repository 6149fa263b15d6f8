// SPDX-License-Identifier: GPL-2.0
/*
 * test-known.c - judge/known.c: failure signatures (what is normalised away
 * and what is not) and sets of known failures as stored.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/known.h"
#include "lib/util.h"
#include "tap.h"

static char *line(const char *name, const char *evidence)
{
	struct strbuf sb = STRBUF_INIT;

	failure_line(&sb, name, evidence);
	return strbuf_detach(&sb, NULL);
}

static void check_same(const char *a, const char *b, int same, const char *what)
{
	char *x = line("kernel", a), *y = line("kernel", b);

	is_int(!strcmp(x, y), same, "%s", what);
	if ((!strcmp(x, y)) != same)
		diag("'%s' and '%s'", x, y);
	free(x);
	free(y);
}

static void test_signature(void)
{
	char *s = line("smoke.rt_fifo_rr", "sched_setscheduler(SCHED_RR): Operation not permitted");

	is_str(s, "smoke.rt_fifo_rr: sched_setscheduler(SCHED_RR): Operation not permitted",
	       "a line without numbers stays as it is, after its name");
	free(s);
	is_str_free(line("kernel", "[    1.234567] WARNING: CPU: 1 PID: 42 at kernel/sched/"
			 "core.c:1234 sched_init+0x1a/0x40"),
		    "kernel: WARNING: CPU: N PID: N at kernel/sched/core.c:N sched_init+X/X",
		    "timestamp, CPU, PID, line and offsets normalised");
	check_same("BUG: unable to handle page fault for address: ffff888003a1b000",
		   "BUG: unable to handle page fault for address: ffff88800ff2c000", 1,
		   "bare addresses are the same");
	check_same("WARNING: at kernel/sched/core.c:10 foo", "WARNING: at kernel/sched/rt.c:10 foo",
		   0, "another file is another failure");
	check_same("smoke: got  7   switches", "smoke: got 9 switches", 1,
		   "numbers and blank runs are the same");
	check_same("Oops: general protection fault", "BUG: kernel NULL pointer dereference", 0,
		   "other words are another failure");
	is_str_free(line("t", NULL), "t: ", "no evidence");
}

static void test_set(void)
{
	struct known_set ks = { 0 };

	ok(!known_set_text(&ks), "an empty set is stored as NULL");
	known_set_add_text(&ks, "a: x\nb: y\n\na: x");
	is_int(ks.n, 2, "lines are added once, empty lines skipped");
	ok(known_set_has(&ks, "b: y") && !known_set_has(&ks, "b: z"), "has");
	is_int(known_set_add(&ks, "c: z"), 1, "a new line is added");
	is_int(known_set_add(&ks, "a: x"), 0, "a line it has is not");
	is_str_free(known_set_text(&ks), "a: x\nb: y\nc: z",
		    "stored a line each, in the order added");
	ok(!known_set_has(NULL, "a: x"), "a NULL set has nothing");
	known_set_free(&ks);
	is_int(ks.n, 0, "freed");
}

int main(void)
{
	test_signature();
	test_set();
	return done_testing();
}
