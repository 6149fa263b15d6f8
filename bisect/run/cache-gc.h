/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cache-gc.h - give back the disk of work trees nobody used for a while.
 *
 * Each repository a run verified (--repo, bisect) keeps a work tree in
 * <cache>/work/NAME (a kernel checkout, ~1.7 GB) and a build directory per
 * configuration in <cache>/build/NAME/ (~0.4-1 GB each): what makes the
 * next run of it incremental, and nothing else. A work tree is removed with
 * its build directories when its last run is older than the age given and
 * it is free: its lock (NAME.lock) not held by a run, and no fix-up of a
 * --stop-on-failure stop in it (the user's work). The imports, ccache,
 * the suites and the databases are left alone. A build directory whose work
 * tree is gone goes on the same terms.
 */
#ifndef BISECT_CACHE_GC_H
#define BISECT_CACHE_GC_H

#include <stdio.h>

struct gc_stats {
	int removed;			/* work trees (and orphan build directories) */
	int kept_in_use, kept_user_work, kept_recent;
	unsigned long long bytes;	/* given back (or that would be, dry_run) */
};

/*
 * Every work tree of cache last used more than older_than seconds ago,
 * with its build directories; one line each on out. dry_run: only say.
 */
void cache_gc(const char *cache, double older_than, int dry_run, FILE *out,
	      struct gc_stats *stats);

#endif
