/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sandbox.h - run a series' own code (its Makefiles, its
 * scripts/kconfig/merge_config.sh) without network and with write access
 * only to the directories a build must write: a series is untrusted code.
 * bubblewrap (Debian's bwrap) makes the namespaces; where it is missing or
 * the machine cannot create them, commands run as they are and the caller
 * says so.
 */
#ifndef BISECT_SANDBOX_H
#define BISECT_SANDBOX_H

#include "lib/util.h"

/* 1 if sandboxed commands can run here (tried once per process); else why not. */
int sandbox_available(const char **why);

/*
 * The argv that runs argv in dir inside the sandbox: the whole file system
 * read-only, a private /tmp, /dev and /proc, no network, and the
 * NULL-terminated list of writable directories (each bound read-write).
 */
void sandbox_argv(struct argv_array *out, const char *const *writable, const char *dir,
		  const char *const *argv);
/* The same, keeping the host's network when network is set (distcc, remote ccache). */
void sandbox_argv_network(struct argv_array *out, const char *const *writable,
			  const char *dir, const char *const *argv, int network);

#endif
