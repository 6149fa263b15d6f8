// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable import [--tarball PATH]: import the kernel tarball into the
 * cache now (run does it on first use) and print its version and commit.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "tree.h"
#include "util.h"

int cmd_import(int argc, const char **argv)
{
	const char *tarball = DEFAULT_TARBALL;
	struct kernel_base kb;

	if (argc == 3 && !strcmp(argv[1], "--tarball")) {
		tarball = argv[2];
	} else if (argc != 1) {
		fprintf(stderr, "usage: bisectable import [--tarball PATH]\n");
		return EXIT_ERROR;
	}
	if (tree_import(tarball, &kb))
		return EXIT_ERROR;
	printf("linux %s %s %s\n", kb.version, kb.sha, kb.git_dir);
	kernel_base_free(&kb);
	return 0;
}
