/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report-notes.h - a run's results beside its commits: one git note per
 * verified commit under refs/notes/bisectable ('bisectable notes',
 * Documentation/bisectable-notes.md), so that 'git log --notes=bisectable'
 * shows them. A note is a line naming the run, then a line per
 * configuration in the words of its check (report-check.h):
 *
 *   bisectable run 3, 2026-12-07 13:01:02
 *   up: fail: first bad: does not build: broken.c:1:1: error: ...; confidence 100%
 *   smp: success: builds, boots and passes its tests; 5 of 6 changed lines compiled
 */
#ifndef BISECT_REPORT_NOTES_H
#define BISECT_REPORT_NOTES_H

#include "report/report-model.h"

/* The ref the notes are written to, and the only one written. */
#define NOTES_REF	"refs/notes/bisectable"

/* The note of commit ci of m; returns 0, or -1 (nothing added) for a commit with no result. */
int commit_note_text(const struct report_model *m, long ci, struct strbuf *out);

/*
 * Unset GIT_DIR and the other variables that would point 'git -C DIR' at
 * another repository or its refs elsewhere: the repository is the one
 * named (and the run's work tree, when the model's coverage is loaded).
 */
void notes_clear_git_env(void);

struct notes_export {
	int written;		/* notes added or replaced */
	int unchanged;		/* notes that already said the same */
};

/*
 * Write the note of each verified commit of m into the repository at repo,
 * changing only NOTES_REF, and only the notes whose text differs (a second
 * export of the same run changes nothing). Every commit must exist in repo
 * first: nothing is written otherwise. notes_clear_git_env() first.
 * Returns 0, or -1 after an error.
 */
int notes_export(const struct report_model *m, const char *repo, struct notes_export *res);

#endif
