// SPDX-License-Identifier: GPL-2.0
/* arch-cover.c - the architectures a series touches (see arch-cover.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "judge/arch-cover.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* The files every commit changes, one an item. */
static int changed_paths(const char *git_dir, const struct argv_array *shas,
			 struct argv_array *paths)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < shas->argc && !ret; i++) {
		const char *p, *eol;

		strbuf_reset(&out);
		/* --root: a commit without a parent shows its files too. */
		if (git(git_dir, &out, "diff-tree", "--root", "--no-commit-id", "-r",
			"--name-only", shas->argv[i], NULL)) {
			ret = -1;
			break;
		}
		for (p = out.buf; p && *p; p = *eol ? eol + 1 : eol) {
			eol = strchrnul(p, '\n');
			if (eol > p) {
				char *one = xstrndup(p, eol - p);

				argv_push(paths, one);
				free(one);
			}
		}
	}
	strbuf_release(&out);
	return ret;
}

int arch_cover(const char *git_dir, const struct argv_array *shas,
	       const char *const *symbols, size_t nsymbols, struct argv_array *arches)
{
	struct argv_array paths = ARGV_ARRAY_INIT;
	char **names;
	size_t n, i;

	if (changed_paths(git_dir, shas, &paths) || arch_names(&names, &n)) {
		argv_clear(&paths);
		return -1;
	}
	for (i = 0; i < n; i++) {
		struct arch_desc a;
		char why[256];

		if (strcmp(names[i], ARCH_DEFAULT) && !arch_load(names[i], &a, why, sizeof(why)) &&
		    arch_covers(&a, (const char *const *)paths.argv, paths.argc, symbols,
				nsymbols))
			argv_pushf(arches, "%s (%s%s%s%s%s)", a.name,
				   a.source_dir ? a.source_dir : "",
				   a.source_dir ? "/" : "",
				   a.source_dir && a.symbol ? " or " : "",
				   a.symbol ? "CONFIG_" : "", a.symbol ? a.symbol : "");
		arch_release(&a);
		free(names[i]);
	}
	free(names);
	argv_clear(&paths);
	return 0;
}
