/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild.h - configure and build one kernel configuration at the checked-out
 * commit, in a build directory that is reused from commit to commit.
 */
#ifndef BISECT_KBUILD_H
#define BISECT_KBUILD_H

#include <stddef.h>

#include "step/build-remote.h"
#include "step/kbuild-job.h"
#include "lib/util.h"

struct kbuild_warning {
	char *object;			/* the target whose build printed it */
	char *message;			/* file:line:col: warning: text */
};

struct kbuild_result {
	int ok;
	int configured;			/* .config in out is this commit's (olddefconfig ran) */
	int error;			/* not ok, and the machine's fault (see below) */
	int exit_code;			/* of the last command run (run_child's) */
	double duration;
	char evidence[512];
	struct kbuild_warning *warnings;	/* of the whole build, carried over */
	size_t nwarnings;
	size_t rebuilt;			/* objects compiled in this build */
	int restored;			/* sources given their old mtime back; -1: none */
	char restore_note[256];		/* why none were */
	struct build_remote_stats remote;	/* who compiled what, where ccache found it */
	/*
	 * For a configuration that does not start from tinyconfig: the lines
	 * base.config added to its start, and those olddefconfig changed in a
	 * full .config given (fragment_changes()'s lines under a "# " heading
	 * each); NULL when configure did not run or nothing changed.
	 */
	char *changes;
};

/* The fragments of a configuration, in merge order; -1 if one is missing. */
int kbuild_fragments(const char *configs_dir, const char *config, char **base, char **frag);
/* The first line of 'gcc --version' without '#' (as the kernel's Makefile), or NULL. */
const char *kbuild_gcc_version_text(void);

int kbuild_run(const struct kbuild_job *job, struct kbuild_result *res);
void kbuild_result_free(struct kbuild_result *res);
/* The argv of the build command (for the log and the reproducer). */
void kbuild_make_argv(const struct kbuild_job *job, struct argv_array *argv, const char *target);
/* The image's make target: bzImage, or the architecture's ("Image", "zImage"). */
const char *kbuild_image_target(const struct kbuild_job *job);

/*
 * Check that every option a fragment sets survived olddefconfig. Returns 0,
 * or -1 with "CONFIG_X=y (fragment) is not in .config: ..." in evidence.
 */
int kbuild_check_config(const char *dotconfig, const char *fragment_text,
			const char *fragment_name, char *evidence, size_t len);

/*
 * Warnings bookkeeping: fold the build log of one build into the per-object
 * warning map of the build directory (objects rebuilt get their new set,
 * the others keep theirs). map/log are texts; the new map is written to out.
 */
size_t kbuild_fold_warnings(const char *map, const char *log, const char *const *src_prefixes,
			    struct strbuf *out);
/*
 * A failed build that is the machine's fault, not the commit's: make or a
 * command that could not be started (exit_code -1, 126, 127), make killed by
 * a signal (exit_code >= 128), a compiler killed or crashed (gcc's "Killed
 * signal terminated program cc1", "internal compiler error: Killed" or
 * "Segmentation fault", make's "] Killed", "Error 137"), out of memory, a
 * failed fork, ENOSPC, bwrap failing to make the sandbox. Returns 1 with the
 * cause and its line in evidence, else 0 (evidence untouched).
 */
int kbuild_infra_error(const char *log, int exit_code, char *evidence, size_t len);
/*
 * The first error line of a failed build log. src_prefixes (NULL-terminated,
 * as for kbuild_fold_warnings) are the ways the log names the tree: the
 * first one found at the start of a line is removed.
 */
void kbuild_error_line(const char *log, const char *const *src_prefixes, char *evidence,
		       size_t len);

/*
 * Reading a build log back, for the report's excerpt of a failed build: a
 * line (without its newline) is a kbuild progress line ("  CC      x.o"), a
 * problem (error, warning, undefined reference; never a progress line), or
 * gcc's quote of the source under one (" 42 |   code", "    |   ^~~").
 */
struct kbuild_line {
	const char *s;
	size_t len;
};

/* needle occurs in the line (fold: the line's A-Z as a-z; needle in lower case). */
int kbuild_line_contains(const struct kbuild_line *l, const char *needle, int fold);
int kbuild_progress(const struct kbuild_line *l);
int kbuild_problem(const struct kbuild_line *l);
int kbuild_gcc_snippet(const struct kbuild_line *l);
/* lines[i] is a problem, or the source gcc quotes right under one. */
int kbuild_line_wanted(const struct kbuild_line *lines, size_t i);

#endif
