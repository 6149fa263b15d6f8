/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coverage.h - which changed lines of a run's commits no configuration of the
 * run compiled. A build keeps its .config and the files its objects depend
 * on (table kconfigs); a changed line is compiled by a configuration at a
 * commit when every guard of its set (guards.h) holds for that .config and,
 * for C files, when some object of the build depends on its file. Added
 * lines are judged with the commit's builds, removed lines with the parent's
 * (the pre-image is what was built there). Kconfig lines are not compiled
 * code: they are counted apart and never judged.
 */
#ifndef BISECT_COVERAGE_H
#define BISECT_COVERAGE_H

#include <sqlite3.h>
#include <stddef.h>

#include "kconfig/dotconfig.h"
#include "kconfig/guards.h"
#include "lib/util.h"

/*
 * The arm of symbol a .config's values take: GUARD_Y, GUARD_M, or GUARD_N
 * for a symbol absent or "is not set"; a number or a string is GUARD_Y
 * (defined).
 */
unsigned coverage_arm(const struct dotconfig *values, const char *symbol);
/*
 * The tree's .c, .h and .S files that the .*.o.cmd files under the build
 * directory out (whose sources are in src) name as an object's source or
 * dependency, relative to src, sorted, one a line; only objects the build
 * links count where that is known (a left-over .o.cmd does not). Returns 0,
 * or -1 if out is unreadable.
 */
int coverage_compiled_files(const char *out, const char *src, struct strbuf *files);

enum line_judgement {
	LINE_COMPILED,
	LINE_NOT_COMPILED,	/* a guard that can be evaluated does not hold */
	LINE_UNDECIDED,		/* every evaluable guard holds, a complex one is left */
};

enum line_judgement coverage_judge(const struct guard_set *s, const struct dotconfig *values);

/* One configuration's build at one commit, as recorded. */
struct coverage_build {
	struct dotconfig values;
	char **files;		/* sorted; NULL: not known (then guards alone judge) */
	size_t nfiles;
	const char *arch_dir;	/* its architecture's tree ("arch/x86"), NULL: not known */
};

/*
 * 1 if b's objects depend on path, or b does not know its files; never for
 * a file in another architecture's tree (under arch/, not under arch_dir).
 */
int coverage_build_has_file(const struct coverage_build *b, const char *path);
/* From a kconfigs row: dotconfig text and compiled text (NULL: unknown). */
void coverage_build_init(struct coverage_build *b, const char *dotconfig, const char *compiled);
void coverage_build_release(struct coverage_build *b);

/* A changed line no configuration compiled (or that complex guards left undecided). */
struct coverage_line {
	char *path;
	size_t line;
	char sign;		/* '+' added (post-image line), '-' removed (pre-image line) */
	char *guard;		/* the guards that did not hold, e.g. "RT_GROUP_SCHED=y" */
	int undecided;
	char *arch;		/* another architecture that would compile it, or NULL */
};

struct coverage_commit {
	int position;
	char *sha, *subject;
	int judged;		/* some configuration's build at it is recorded */
	size_t changed;		/* changed lines of C files and Makefiles */
	size_t compiled;	/* of those, compiled by at least one configuration */
	size_t undecided;	/* of those not compiled, left to complex conditions */
	size_t kconfig;		/* changed Kconfig lines: not code, not counted */
	size_t *compiled_by;	/* per configuration of the run */
	struct coverage_line *missed;	/* never compiled, then undecided */
	size_t nmissed, alloc;
};

/*
 * Judge the changed lines of one file of a commit: old_builds[c] judge its
 * removed lines, new_builds[c] its added ones (NULL: configuration c was not
 * built there). pre and post are the file's guards in both images.
 */
void coverage_judge_file(struct coverage_commit *cc, size_t nconfigs, const struct diff_file *f,
			 enum guard_kind kind, const struct guard_file *pre,
			 const struct guard_file *post,
			 const struct coverage_build *const *old_builds,
			 const struct coverage_build *const *new_builds);
/* Sort the missed lines: never compiled first, then by guard, path, line. */
void coverage_commit_sort(struct coverage_commit *cc);
void coverage_commit_release(struct coverage_commit *cc);

struct coverage {
	long long run_id;
	char **configs;
	size_t nconfigs;
	struct coverage_commit *commits;
	size_t ncommits;
	size_t commits_total;		/* commits of the run (position > 0) */
	/* Totals over the judged commits */
	size_t changed, compiled, never, undecided, kconfig;
	size_t unjudged;		/* changed lines at commits no build was recorded for */
	size_t *compiled_by;
	char **arch_dirs;		/* per configuration: its architecture's tree, or NULL */
	int recorded;			/* the run has any .config recorded */
};

/*
 * Judge every commit of run (0: the latest) from its builds' rows and the
 * commits in the run's work tree. Returns 0, or -1 after an error.
 */
int coverage_load(sqlite3 *db, long long run_id, struct coverage *cov);
void coverage_release(struct coverage *cov);
/* Set each missed line's arch (coverage-arch.c); coverage_load does. */
void coverage_name_arches(struct coverage *cov);
/*
 * The tree of configuration key's architecture ("arch/x86" for "up",
 * "arch/riscv" for "riscv64+up"), or NULL when its .arch names none.
 */
char *coverage_arch_dir(const char *key);
/* "N of M changed lines compiled by at least one configuration (up, smp)" */
void coverage_summary(const struct coverage *cov, struct strbuf *out);

#endif
