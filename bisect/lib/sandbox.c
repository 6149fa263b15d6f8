// SPDX-License-Identifier: GPL-2.0
/*
 * sandbox.c - a series' code under bubblewrap (see sandbox.h).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/layout.h"
#include "lib/sandbox.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* The namespaces and mounts every sandboxed command gets, before its own binds. */
static void add_prologue(struct argv_array *out, int network)
{
	/*
	 * The build dies with the step that started it (a killed run leaves no
	 * make): --die-with-parent kills the command when the step dies, and
	 * the PID namespace takes every process of the build with its first
	 * one; without it, make's children (sub-makes, compilers) lived on,
	 * writing into the build directory the next run builds in.
	 */
	argv_pushl(out, "bwrap", "--die-with-parent", "--unshare-pid", NULL);
	/*
	 * No network, unless the build must reach distccd or ccache's remote
	 * storage: a private network namespace has only its own loopback, not
	 * the host's 127.0.0.x where a local distccd or redis listens, let
	 * alone other machines. The file system stays read-only either way.
	 */
	if (!network)
		argv_push(out, "--unshare-net");
	argv_pushl(out, "--unshare-ipc", "--ro-bind", "/", "/", "--dev", "/dev",
		   "--proc", "/proc", "--tmpfs", "/tmp", NULL);
}

void sandbox_argv(struct argv_array *out, const char *const *writable, const char *dir,
		  const char *const *argv)
{
	sandbox_argv_network(out, writable, dir, argv, 0);
}

void sandbox_argv_network(struct argv_array *out, const char *const *writable,
			  const char *dir, const char *const *argv, int network)
{
	size_t i;

	add_prologue(out, network);
	/*
	 * After the tmpfs: a writable directory under /tmp shows through it,
	 * and so does the project's own data (configs/, guest/suites/) when
	 * the checkout itself is under /tmp, as a CI clone may be.
	 */
	argv_pushl(out, "--ro-bind", project_dir(), project_dir(), NULL);
	for (i = 0; writable && writable[i]; i++)
		argv_pushl(out, "--bind", writable[i], writable[i], NULL);
	if (dir)
		argv_pushl(out, "--chdir", dir, NULL);
	argv_push(out, "--");
	for (i = 0; argv[i]; i++)
		argv_push(out, argv[i]);
}

int sandbox_available(const char **why)
{
	static int state = -1;
	static const char *reason = "";

	if (state < 0) {
		struct argv_array argv = ARGV_ARRAY_INIT;
		const char *const cmd[] = { "true", NULL };
		struct child c = { .quiet = 1 };

		sandbox_argv(&argv, NULL, "/", cmd);
		c.argv = argv.argv;
		state = run_child(&c) == 0;
		if (!state)
			reason = "bwrap (Debian's bubblewrap) is missing or cannot create"
				 " namespaces here";
		argv_clear(&argv);
	}
	if (why)
		*why = reason;
	return state;
}
