/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-check.h - one commit of a run in one configuration, as a check: a
 * state in patchwork's four (pending, success, warning, fail) and a line
 * that says why. The patchwork document (report-patchwork.c) and the git
 * notes (report-notes.c) both write these, so that they agree with each
 * other and with the verdicts they come from (verdict.c, confidence.c,
 * coverage.c, through the report model): nothing here judges again.
 *
 *   fail     a stage failed or timed out at the commit: its configuration's
 *            first bad commit, or a later commit that is still (or again)
 *            broken, since a 'git bisect' landing there stops as well
 *   warning  a failure only some of its boots had (flaky, confidence.h),
 *            or a failure the base has too (not the series' doing);
 *            a pass with flaky boots, with changed lines no configuration
 *            compiled (coverage.h), or (issue 40) a broken no-change claim
 *   pending  not verified: a stage has no result, a skip or an error (the
 *            machine failed, not the commit), and none failed
 *   success  every stage passed, every boot, every changed line compiled
 */
#ifndef BISECT_REPORT_CHECK_H
#define BISECT_REPORT_CHECK_H

#include <stddef.h>

#include "report/report-model.h"

enum check_state { CHECK_PENDING, CHECK_SUCCESS, CHECK_WARNING, CHECK_FAIL, NR_CHECK_STATES };

/* patchwork's names: "pending", "success", "warning", "fail". */
extern const char *const check_state_names[NR_CHECK_STATES];

/* What the state is decided from, as the report model has it. */
struct check_facts {
	int bad;		/* a stage failed or timed out */
	int first_bad;		/* it is the configuration's first bad result */
	int base_bad;		/* the base is bad: what fails was not broken by the series */
	int flaky;		/* some of its boots failed and some passed */
	int unverified;		/* a stage has no result, a skip or an error */
	size_t uncompiled;	/* its changed lines that no configuration compiled */
	/*
	 * The commit claims to change nothing (a cleanup, "no functional
	 * change") and its build or results say otherwise: issue 40 sets it;
	 * until then always 0, and a warning when set.
	 */
	int claim_broken;
};

/* The state of the facts, as the list above says. */
enum check_state check_state_of(const struct check_facts *f);

/* One commit (index ci of m->commits) in configuration cfg. */
struct commit_check {
	enum check_state state;
	struct check_facts facts;
	struct strbuf description;	/* one line of printable text, no newline */
	const char *log_path;		/* the log that shows it (a bad or the last stage's), or NULL */
	int confidence;			/* whole percent at the first bad, else -1 */
	long compiled, changed;		/* its changed lines cfg compiled, of them; -1: unknown */
};

/*
 * Fill check for commit ci in configuration cfg. Returns 0, or -1 (check
 * untouched) for the base or a configuration with no result at the commit.
 */
int commit_check_of(const struct report_model *m, long ci, size_t cfg, struct commit_check *check);
void commit_check_release(struct commit_check *check);

/*
 * The name of a check of configuration config: "bisectable-" and the name,
 * each character patchwork's context does not take ([-a-zA-Z0-9_]) made '_'
 * ("bisectable-riscv64_up").
 */
void check_context(const char *config, struct strbuf *out);

#endif
