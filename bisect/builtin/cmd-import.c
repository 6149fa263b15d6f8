// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable import [--tarball PATH]: import the kernel tarball into the
 * cache now (run does it on first use) and print its version and commit.
 */
#include <stdio.h>
#include <string.h>

#include "builtin/builtin.h"
#include "input/tree.h"
#include "lib/util.h"

struct import_opts {
	const char *tarball;
};

static const struct opt import_option_list[] = {
	OPT_STRING(0, "tarball", struct import_opts, tarball, "PATH", DEFAULT_TARBALL, OPT_FILE,
		   "the kernel tarball"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(import, struct import_opts, import_option_list);

int cmd_import(struct cmd_ctx *ctx)
{
	const struct import_opts *o = ctx->opts;
	struct kernel_base kb;

	if (tree_import(o->tarball, &kb))
		return EXIT_ERROR;
	printf("linux %s %s %s\n", kb.version, kb.sha, kb.git_dir);
	kernel_base_free(&kb);
	return 0;
}
