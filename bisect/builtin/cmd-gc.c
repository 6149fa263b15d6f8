// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable gc [--older-than DAYS] [--dry-run]: remove the work trees and
 * build directories of the cache that no run used for DAYS (cache-gc.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "builtin/builtin.h"
#include "run/cache-gc.h"
#include "input/tree.h"
#include "lib/layout.h"
#include "lib/util.h"

struct gc_opts {
	int older_than;
	int dry_run;
};

static const struct opt gc_option_list[] = {
	OPT_INT(0, "older-than", struct gc_opts, older_than, "DAYS", 0, 36500, 30,
		"only what no run used for this many days (0: whatever is free now)"),
	OPT_BOOL('n', "dry-run", struct gc_opts, dry_run,
		 "say what would be removed, remove nothing"),
	OPT_END(),
};
DEFINE_CMD_OPTIONS(gc, struct gc_opts, gc_option_list);

int cmd_gc(struct cmd_ctx *ctx)
{
	const struct gc_opts *o = ctx->opts;
	char *cache = cache_dir();
	struct gc_stats s;

	cache_gc(cache, o->older_than * 86400.0, o->dry_run, stdout, &s);
	printf("%s %d work tree%s or build director%s: %.1f GB%s; kept %d in use, %d with a"
	       " fix-up, %d used in the last %d days\n", o->dry_run ? "would remove" : "removed",
	       s.removed, s.removed == 1 ? "" : "s", s.removed == 1 ? "y" : "ies", s.bytes / 1e9,
	       o->dry_run ? " to give back" : " given back", s.kept_in_use, s.kept_user_work,
	       s.kept_recent, o->older_than);
	free(cache);
	return 0;
}
