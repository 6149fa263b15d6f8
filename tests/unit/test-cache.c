// SPDX-License-Identifier: GPL-2.0
/*
 * test-cache.c - the result cache (step/cache.c): its keys (inputs, the
 * guest, the tool's identity), lookups and copies, and the plan a step
 * takes from it, on scratch databases.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/arch.h"
#include "step/cache.h"
#include "db/db.h"
#include "db/db-tries.h"
#include "step/kbuild-job.h"
#include "step/qemu.h"
#include "lib/hash.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static long long result(sqlite3 *db, long long run, long long commit, const char *stage,
			const char *status, const char *key, const char *image_key)
{
	struct result_row row = { .config = "up", .stage = stage, .status = status,
				  .cache_key = key, .image_key = image_key };

	return db_result_set(db, run, commit, &row);
}

/* The decisions a step takes from the cache, on a fixture database. */
static void test_cache_plan(void)
{
	char dir[] = "/tmp/bisectable-plan.XXXXXX";
	struct cache_hit hit;
	long long id, c1, c2, c3, build, boot, test;
	char *path;
	sqlite3 *db;

	db = scratch_dir_db(dir, &path);
	id = scratch_run(db, "up", "{}");
	c1 = db_commit_set(db, id, 1, "a", "t1", "one", NULL, NULL);
	c2 = db_commit_set(db, id, 2, "b", "t2", "two", NULL, NULL);
	c3 = db_commit_set(db, id, 3, "c", "t3", "three", NULL, NULL);

	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_MISS, "an empty cache: build it");
	result(db, id, c1, "build", "error", "B1", NULL);
	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_MISS,
	       "a build that was an error of the machine is never reused");
	build = result(db, id, c1, "build", "fail", "B1", NULL);
	is_int(cache_plan(db, "B1", "K1", &hit), CACHE_BUILD_FAILED, "a failed build is reused");
	is_int((int)hit.build, (int)build, "with its origin");
	ok(!hit.boot && !hit.test, "and nothing to boot");
	build = result(db, id, c2, "build", "pass", "B2", NULL);
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS,
	       "a passing build without a cached boot is built again (its bzImage may be gone)");
	boot = result(db, id, c2, "boot", "pass", "K2", "I2");
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS, "a boot without its tests is not enough");
	result(db, id, c2, "test", "error", "K2", "I2");
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_MISS,
	       "tests that were an error of the machine are done again");
	ok(!cache_find_boot(db, "image_key", "I2", &hit), "also for another commit by image key");
	test = result(db, id, c2, "test", "fail", "K2", "I2");
	db_metric_set(db, c2, "up", "guest", "pipe_rtt_ns", 7000);
	db_metric_set(db, c2, "up", "series", "sched_smp_lines", 77);
	db_metric_set(db, c2, "up", "build", "text", 4000);
	is_int(cache_plan(db, "B2", "K2", &hit), CACHE_HIT, "build, boot and tests cached: reuse");
	ok(hit.build == build && hit.boot == boot && hit.test == test, "all three origins");
	is_int(cache_plan(db, "B2", "OTHER", &hit), CACHE_MISS, "another guest (boot key) is a miss");

	/* Reuse at commit 3, which has its own series figure already. */
	db_metric_set(db, c3, "up", "series", "sched_smp_lines", 56);
	cache_plan(db, "B2", "K2", &hit);
	is_int(cache_reuse(db, id, c3, "up", &hit, "K3"), 1, "a reused failing test is reported bad");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 3 AND cached_from"
		     " IS NOT NULL"), 3, "three rows copied");
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 3 AND stage <> 'build'"
		     " AND cache_key = 'K3'"), 2, "boot and test carry this commit's boot key");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND name = 'pipe_rtt_ns'"),
	       7000, "the guest's figures come along");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND name = 'text'"), 4000,
	       "and the build's");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 3 AND"
		     " name = 'sched_smp_lines'"), 56, "but never the series' own figure of another commit");
	ok(cache_find_boot(db, "image_key", "I2", &hit) && hit.boot == boot,
	   "a byte-identical image finds the boot");
	ok(!cache_find_boot(db, "image_key", "I9", &hit), "another image does not");
	db_close(db);
	free(path);
	remove_tree(dir);
}

/* The tool's identity is in every key: another binary never reuses a result. */
static void test_tool_identity(void)
{
	struct boot_job job = { .initrd = "guest/initramfs.cpio",
				.expect_script = "expect-scripts/boot-test.exp", .accel = "tcg",
				.tests = "a b", .cpus = 1, .boot_timeout = 1, .test_timeout = 1 };
	char *self = xstrdup(cache_tool_identity()), *want = sha256_file("/proc/self/exe");
	char *b1, *b2, *k1, *k2;

	is_str(self, want, "the tool's identity is the SHA-256 of this binary");
	b1 = cache_key_build("t1", "configs", "up", NULL);
	k1 = cache_key_boot(b1, &job);
	cache_set_tool_identity("another build of bisectable");
	b2 = cache_key_build("t1", "configs", "up", NULL);
	k2 = cache_key_boot(b1, &job);
	ok(strcmp(b1, b2) != 0, "another tool identity gives another build key");
	ok(strcmp(k1, k2) != 0, "and another boot key for the same build");
	cache_set_tool_identity(NULL);
	free(b2);
	b2 = cache_key_build("t1", "configs", "up", NULL);
	is_str(b2, b1, "the same binary gives the same key");
	free(self);
	free(want);
	free(b1);
	free(b2);
	free(k1);
	free(k2);
}

/*
 * --rtc and --cpu join the boot key only when given: the key of a boot
 * without them is the one of before these options (its text spelled out
 * here), so the results of earlier runs are still reused.
 */
static void test_guest_variation_keys(void)
{
	struct boot_job job = { .initrd = "/nonexistent/initrd", .expect_script = "/nonexistent/exp",
				.accel = "tcg", .tests = "a b", .profile = "quick", .cpus = 2,
				.boot_timeout = 120, .test_timeout = 60 };
	struct strbuf text = STRBUF_INIT;
	char *before, *plain, *rtc, *rtc2, *cpu, *both;

	cache_set_tool_identity("tool");
	strbuf_addf(&text, "bisectable %s boot\ntool tool\nbuild B\ninitrd missing\n"
		    "expect missing\ntests a b\nprofile quick\ncpus 2\naccel tcg\n"
		    "boot-timeout 120\ntest-timeout 60\ncmdline %s\n", BISECTABLE_VERSION,
		    QEMU_KERNEL_CMDLINE);
	before = sha256_buf(text.buf, text.len);
	plain = cache_key_boot("B", &job);
	is_str(plain, before, "without --rtc and --cpu: the key of before them");
	job.rtc = "2026-01-01T00:00:00";
	rtc = cache_key_boot("B", &job);
	ok(strcmp(rtc, plain) != 0, "a pinned clock gives another key");
	job.rtc = "2026-01-02T00:00:00";
	rtc2 = cache_key_boot("B", &job);
	ok(strcmp(rtc2, rtc) != 0, "and another date another one");
	job.rtc = NULL;
	job.cpu = "max";
	cpu = cache_key_boot("B", &job);
	ok(strcmp(cpu, plain) != 0, "a CPU model gives another key");
	job.rtc = "2026-01-01T00:00:00";
	both = cache_key_boot("B", &job);
	ok(strcmp(both, rtc) && strcmp(both, cpu), "both: another key again");
	cache_set_tool_identity(NULL);
	strbuf_release(&text);
	free(before);
	free(plain);
	free(rtc);
	free(rtc2);
	free(cpu);
	free(both);
}

/*
 * A configuration with a start of its own (defconfig:up, a full .config):
 * its target and the .config's content are in the build key; a configs/
 * name's key is the one of before (old_key, made without a job).
 */
static void test_start_keys(const char *dir, const char *old_key)
{
	char *frag = xasprintf("%s/up.config", dir), *file = xasprintf("%s/my.config", dir);
	struct kbuild_job job = { .start_target = "defconfig", .fragment = frag };
	char *none, *def, *def2, *allno, *f1, *f2;

	none = cache_key_build("tree1", dir, "up", &(struct kbuild_job){ 0 });
	is_str(none, old_key, "a configs/ name keeps the key of before");
	def = cache_key_build("tree1", dir, "defconfig+up", &job);
	def2 = cache_key_build("tree1", dir, "defconfig+up", &job);
	is_str(def, def2, "defconfig:up's key is stable");
	ok(strcmp(def, old_key) != 0, "and not tinyconfig's");
	job.start_target = "allnoconfig";
	allno = cache_key_build("tree1", dir, "defconfig+up", &job);
	ok(strcmp(def, allno) != 0, "the start target is in the key");
	write_file(file, "CONFIG_A=y\n", 11);
	job = (struct kbuild_job){ .start_file = file };
	f1 = cache_key_build("tree1", dir, "file+my", &job);
	write_file(file, "CONFIG_A=n\n", 11);
	f2 = cache_key_build("tree1", dir, "file+my", &job);
	ok(strcmp(f1, f2) != 0, "a full .config's content is in the key");
	free(none);
	free(def);
	free(def2);
	free(allno);
	free(f1);
	free(f2);
	free(frag);
	free(file);
}

static void test_cache(void)
{
	char dir[] = "/tmp/bisectable-cache.XXXXXX";
	char *base, *frag, *k1, *k2, *k3, *k4, *b1, *b2, *db_path;
	struct boot_job job = { .tests = "a b", .cpus = 1, .accel = "tcg", .boot_timeout = 10,
				.test_timeout = 5 };
	struct run_info run = {
		.series = "s", .series_kind = "patches", .work_dir = "/w", .base_version = "6.12",
		.base_sha = "b", .configs = "up", .options = "",
	};
	long long id, c1, c2, r, copy;
	sqlite3 *db;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	base = xasprintf("%s/base.config", dir);
	frag = xasprintf("%s/up.config", dir);
	write_file(base, "CONFIG_BUG=y\n", 13);
	write_file(frag, "CONFIG_SMP=n\n", 13);
	k1 = cache_key_build("tree1", dir, "up", NULL);
	k2 = cache_key_build("tree1", dir, "up", NULL);
	k3 = cache_key_build("tree2", dir, "up", NULL);
	is_str(k1, k2, "the same inputs give the same build key");
	ok(strcmp(k1, k3) != 0, "another tree gives another key");
	write_file(frag, "CONFIG_SMP=y\n", 13);
	k4 = cache_key_build("tree1", dir, "up", NULL);
	ok(strcmp(k1, k4) != 0, "a changed fragment gives another key (a tree id alone is not enough)");
	is_int((int)strlen(k1), 64, "keys are SHA-256 in hex");
	test_start_keys(dir, k4);

	job.initrd = base;
	job.expect_script = frag;
	b1 = cache_key_boot(k1, &job);
	job.cpus = 2;
	b2 = cache_key_boot(k1, &job);
	ok(strcmp(b1, b2) != 0, "the boot key depends on the CPUs");
	free(b2);
	write_file(base, "other guest", 11);
	job.cpus = 1;
	b2 = cache_key_boot(k1, &job);
	ok(strcmp(b1, b2) != 0, "and on the guest image");

	db_path = xasprintf("%s/t.db", dir);
	db = db_open(db_path);
	id = db_insert_run(db, &run);
	c1 = db_commit_set(db, id, 1, "aaa", "t", "one", NULL, NULL);
	c2 = db_commit_set(db, id, 2, "bbb", "t", "two", NULL, NULL);
	{
		struct result_row row = { .config = "up", .stage = "test", .status = "fail",
					  .evidence = "x: broken", .cache_key = b1 };

		r = db_result_set(db, id, c1, &row);
	}
	db_test_add_run(db, r, "x", "fail", "broken", 0.5, 0);
	db_metric_set(db, c1, "up", "guest", "pipe_rtt_ns", 6000);
	db_metric_set(db, c1, "up", "build", "text", 123);
	is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)r, "a result is found by key");
	is_int((int)cache_lookup(db, "cache_key", b2, "test"), 0, "not by another key");
	copy = cache_copy(db, id, c2, "up", r, NULL);
	is_int(count(db, "SELECT COUNT(*) FROM results WHERE commit_id = 2 AND cached_from = 1"
		     " AND status = 'fail' AND evidence = 'x: broken'"), 1,
	       "the copy says where it came from and keeps the verdict");
	is_int(count(db, "SELECT COUNT(*) FROM tests WHERE result_id = (SELECT MAX(id) FROM"
		     " results) AND name = 'x' AND status = 'fail'"), 1, "its smoke tests come along");
	is_int(count(db, "SELECT value FROM metrics WHERE commit_id = 2 AND name = 'pipe_rtt_ns'"),
	       6000, "and the guest's metrics");
	is_int(count(db, "SELECT COUNT(*) FROM metrics WHERE commit_id = 2 AND name = 'text'"), 0,
	       "but not the build's");
	is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)r,
	       "a lookup finds the origin, never a copy");
	ok(copy > r, "the copy is a new row");
	/* A boot reused by image key must be found again by the new commit's own key. */
	{
		long long c3 = db_commit_set(db, id, 3, "ccc", "t", "three", NULL, NULL);
		long long copy3;

		is_int((int)cache_lookup(db, "cache_key", k2, "test"), 0, "k2 has no result yet");
		copy3 = cache_copy(db, id, c3, "up", r, k2);
		is_int((int)cache_lookup(db, "cache_key", k2, "test"), (int)r,
		       "a copy made under another key is found by that key, as its origin");
		is_int(count(db, "SELECT COUNT(*) FROM results WHERE cache_key = (SELECT cache_key"
			     " FROM results WHERE id = 1) AND commit_id = 3"), 0,
		       "and does not carry the origin's key");
		sqlite3_exec(db, "DELETE FROM results WHERE id = 1", NULL, NULL, NULL);
		is_int((int)cache_lookup(db, "cache_key", k2, "test"), (int)copy3,
		       "when the origin is gone, a copy stands for itself");
		is_int((int)cache_lookup(db, "cache_key", b1, "test"), (int)copy,
		       "the newest surviving result is found");
	}
	is_int((int)cache_copy(db, id, c2, "up", copy, NULL), (int)copy,
	       "copying a result onto its own cell keeps it");
	{
		char *sql = xasprintf("SELECT COUNT(*) FROM results WHERE id = %lld AND"
				      " status = 'fail'", copy);

		is_int(count(db, sql), 1, "and does not delete it");
		free(sql);
	}
	db_close(db);
	free(base);
	free(frag);
	free(k1);
	free(k2);
	free(k3);
	free(k4);
	free(b1);
	free(b2);
	free(db_path);
	remove_tree(dir);
}

/* Another architecture and its cross compiler join the keys; x86_64's stay as they were. */
static void test_arch_keys(void)
{
	struct kbuild_job kjob = { .config = "up" };
	struct boot_job job = { .initrd = "/nonexistent/initrd", .expect_script = "/nonexistent/exp",
				.accel = "tcg", .tests = "a b", .cpus = 1, .boot_timeout = 1,
				.test_timeout = 1 };
	struct arch_desc rv, arm;
	char why[256], *plain, *x86, *b_rv, *b_arm, *k_plain, *k_rv;

	if (arch_load("riscv64", &rv, why, sizeof(why)) || arch_load("arm64", &arm, why, sizeof(why)))
		die("%s", why);
	cache_set_tool_identity("tool");
	plain = cache_key_build("t1", "configs", "up", NULL);
	x86 = cache_key_build("t1", "configs", "up", &kjob);
	is_str(x86, plain, "x86_64: the build key of before");
	kjob.arch = &rv;
	b_rv = cache_key_build("t1", "configs", "up", &kjob);
	kjob.arch = &arm;
	b_arm = cache_key_build("t1", "configs", "up", &kjob);
	ok(strcmp(b_rv, plain) && strcmp(b_arm, plain) && strcmp(b_rv, b_arm),
	   "riscv64 and arm64 (their cross compilers) each have build keys of their own");
	k_plain = cache_key_boot("B", &job);
	job.arch = &rv;
	k_rv = cache_key_boot("B", &job);
	ok(strcmp(k_plain, k_rv) != 0, "and boot keys (QEMU, console) of their own");
	cache_set_tool_identity(NULL);
	free(plain);
	free(x86);
	free(b_rv);
	free(b_arm);
	free(k_plain);
	free(k_rv);
	arch_release(&rv);
	arch_release(&arm);
}

int main(void)
{
	test_arch_keys();
	test_cache();
	test_cache_plan();
	test_tool_identity();
	test_guest_variation_keys();
	return done_testing();
}
