/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run-command.h - child processes from argv arrays (never through a shell),
 * and git.
 */
#ifndef BISECT_RUN_COMMAND_H
#define BISECT_RUN_COMMAND_H

struct strbuf;

struct child {
	const char *const *argv;
	const char *dir;		/* working directory, or NULL */
	const char *const *env;		/* extra "NAME=value" entries, or NULL */
	const char *out_path;		/* stdout+stderr to this file */
	int out_append;			/* append to out_path instead of truncating */
	struct strbuf *capture;		/* stdout captured here */
	/*
	 * With capture: each whole line of stdout (NUL-terminated, no newline) as it
	 * comes, then dropped from capture, so an output of any size streams
	 * through a buffer of one line; a last line without a newline too.
	 */
	void (*on_line)(const char *line, size_t len, void *data);
	void *on_line_data;
	int capture_stderr;		/* with capture: stderr captured too */
	int quiet;			/* stderr to /dev/null (unless captured) */
	int own_group;			/* own process group, killed as a whole */
	double timeout;			/* seconds, 0 for none (needs own_group) */
	int die_with_parent;		/* SIGTERM when this process dies (even by -9) */
	/* Output */
	int timed_out;
};

/*
 * Run a child and wait for it. Returns its exit code (127, as a shell says,
 * when the program cannot be run or its directory entered: the child
 * printed why), 128+signal if it was killed, or -1 if no child could be
 * made (fork or pipe failed; an error was printed).
 */
int run_child(struct child *c);
/* Run argv, capturing trimmed stdout into out (may be NULL). */
int run_capture(const char *dir, struct strbuf *out, const char *const *argv);
/* git -C dir ARGS..., NULL-terminated; trimmed stdout into out (may be NULL). */
int git(const char *dir, struct strbuf *out, ...);
int git_quiet(const char *dir, struct strbuf *out, ...);
/* git COMMAND --abort in dir (am, rebase), with an identity of bisectable's own. */
int git_abort(const char *dir, const char *command);

/* Signal the process group run_child is waiting for (async-signal-safe). */
void child_signal_current(int sig);

#endif
