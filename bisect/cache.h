/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cache.h - the result cache. A result is reused only when everything it
 * depends on is the same: for a build, the commit's tree, the configuration
 * fragments, the compiler and the tool; for a boot and its tests, the build
 * key (or the byte-identical bzImage) plus the guest image, the expect
 * script, the tests, the CPUs and the accelerator.
 */
#ifndef BISECT_CACHE_H
#define BISECT_CACHE_H

#include <sqlite3.h>

struct boot_job;

/* SHA-256 of a file, hex, allocated; NULL if it cannot be read. */
char *sha256_file(const char *path);
char *cache_key_build(const char *tree, const char *configs_dir, const char *config);
char *cache_key_boot(const char *build_key, const struct boot_job *job);
char *cache_key_image(const char *bzimage, const struct boot_job *job);

/*
 * The result computed for that key: the newest one found by it, or the
 * origin of a copy found by it; 0 if none.
 */
long long cache_lookup(sqlite3 *db, const char *column, const char *key, const char *stage);
/*
 * Record origin's result for (commit, config) as cached_from it, with its
 * smoke tests, and the metrics (and for a build, the warnings) of its stage.
 * key, if not NULL, replaces the origin's cache_key on the copy, so that the
 * copy is found again by this commit's own key. Returns the new result id.
 */
long long cache_copy(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		     long long origin, const char *key);

#endif
