/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cache.h - the result cache. A result is reused only when everything it
 * depends on is the same: for a build, the commit's tree, the configuration
 * fragments, the compiler and the tool (a hash of its binary); for a boot and its tests, the build
 * key (or the byte-identical bzImage) plus the guest image, the expect
 * script, the tests, the CPUs and the accelerator.
 */
#ifndef BISECT_CACHE_H
#define BISECT_CACHE_H

#include <sqlite3.h>

#include "lib/util.h"

struct boot_job;
struct kbuild_job;

/*
 * The tool's identity in every key: the SHA-256 of /proc/self/exe, hashed
 * once per process. cache_set_tool_identity() replaces it (NULL: back to the
 * binary's), for tests.
 */
const char *cache_tool_identity(void);
void cache_set_tool_identity(const char *identity);
/*
 * job (may be NULL): a configuration with a start of its own (kbuild-job.h)
 * adds its target, its fragment's and its full .config's contents.
 */
char *cache_key_build(const char *tree, const char *configs_dir, const char *config,
		      const struct kbuild_job *job);
char *cache_key_boot(const char *build_key, const struct boot_job *job);
char *cache_key_image(const char *bzimage, const struct boot_job *job);

/*
 * The result computed for that key: the newest one found by it, or the
 * origin of a copy found by it; 0 if none. A skip or an error is never
 * found: an error is the machine's, not the commit's.
 */
long long cache_lookup(sqlite3 *db, const char *column, const char *key, const char *stage);
/*
 * What a boot or test result must be to be reused from now on (this
 * process): at least min_tries boots (--repeat); a pass only, when the
 * configuration has known failures (a failure found would have been judged
 * against another base). A build is reused as before.
 */
void cache_set_boot_policy(int min_tries, int pass_only);
/*
 * Record origin's result for (commit, config) as cached_from it, with its
 * smoke tests, and the metrics (and for a build, the warnings) of its stage.
 * key, if not NULL, replaces the origin's cache_key on the copy, so that the
 * copy is found again by this commit's own key. Returns the new result id.
 */
long long cache_copy(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		     long long origin, const char *key);

/* What the cache holds for one configuration at one commit. */
enum cache_plan {
	CACHE_MISS,		/* no usable result: build (and boot) it */
	CACHE_BUILD_FAILED,	/* this build failed before: reuse the failure */
	CACHE_HIT,		/* built and booted before: reuse build, boot and test */
};

struct cache_hit {
	long long build, boot, test;	/* origin result ids, 0 for none */
};

/*
 * The plan for a configuration whose build key and boot key are given; the
 * origins found go to hit. A passing build whose boot is not cached is a
 * miss: its bzImage may be gone from the build directory.
 */
enum cache_plan cache_plan(sqlite3 *db, const char *build_key, const char *boot_key,
			   struct cache_hit *hit);
/*
 * The same for a configuration that is only built (a derived one): its
 * build alone, whose bzImage is not needed again.
 */
enum cache_plan cache_plan_build(sqlite3 *db, const char *build_key, struct cache_hit *hit);
/* A boot and its tests found by column ("cache_key" or "image_key"); 1 if both are. */
int cache_find_boot(sqlite3 *db, const char *column, const char *key, struct cache_hit *hit);
/*
 * Copy the origins of hit (build if set, boot and test if set) to (commit,
 * config) in one transaction; boot and test copies carry boot_key. Returns
 * 1 if a copied result is not pass.
 */
int cache_reuse(sqlite3 *db, long long run_id, long long commit_id, const char *config,
		const struct cache_hit *hit, const char *boot_key);
/* "cached from run 3 commit 4" and the origin's status, for the progress lines. */
void cache_describe(sqlite3 *db, long long origin, struct strbuf *out);

#endif
