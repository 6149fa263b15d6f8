/* SPDX-License-Identifier: GPL-2.0 */
/*
 * build-remote.h - compiles beyond this machine: distcc hosts behind ccache
 * (ccache's prefix_command, set as CCACHE_PREFIX) and ccache's own remote
 * storage (CCACHE_REMOTE_STORAGE, e.g. redis://host:6379). Both are set in
 * the build's environment only, never in the user's ccache.conf; each build
 * logs to private files in its build directory, read back to say which
 * host compiled what and where ccache found its results.
 */
#ifndef BISECT_BUILD_REMOTE_H
#define BISECT_BUILD_REMOTE_H

#include <stddef.h>

#include "lib/util.h"

/* The private logs of one build, in its O= directory. */
#define BUILD_REMOTE_DISTCC_LOG		".bisectable-distcc.log"
#define BUILD_REMOTE_CCACHE_LOG		".bisectable-ccache-stats.log"

/*
 * make -j for a DISTCC_HOSTS list: the sum of its slots ("host/N"; distcc's
 * defaults otherwise, 4 for a remote host and 2 for localhost). -1 if the
 * list names no host or a slot count is not a number in 1..1024 ("h/4x").
 */
int distcc_slots(const char *hosts);

/*
 * The environment entries of a build in out_dir ("NAME=value", pushed to
 * env): distcc's hosts, state directory and log, ccache's prefix command,
 * remote storage and stats log. hosts / remote may be NULL. With remote
 * storage, paths under base_dir (the cache holding the work tree and build
 * directories) are hashed relative to it, so two machines share keys.
 */
void build_remote_env(struct argv_array *env, const char *out_dir, const char *distcc_dir,
		      const char *hosts, const char *remote, int use_ccache, const char *base_dir);

struct distcc_host_count {
	char host[128];			/* "127.0.0.2:3632" or "localhost" */
	size_t compiles;
};

struct build_remote_stats {
	struct distcc_host_count *hosts;
	size_t nhosts;
	size_t fallbacks;		/* compiles distcc could not distribute */
	int have_ccache;		/* a stats log was read */
	size_t local_hits, remote_hits, misses;
};

/* Read the texts of a distcc log and of a ccache stats log (either NULL). */
void build_remote_parse(const char *distcc_log, const char *ccache_log,
			struct build_remote_stats *st);
/* Read them from out_dir. */
void build_remote_read(const char *out_dir, struct build_remote_stats *st);
/* "distcc: 127.0.0.2:3632 410, localhost 3 (3 fell back); ccache: ..." or "". */
void build_remote_describe(const struct build_remote_stats *st, struct strbuf *sb);
/* Compiles distcc sent to another host. */
size_t build_remote_distributed(const struct build_remote_stats *st);
void build_remote_stats_free(struct build_remote_stats *st);

#endif
