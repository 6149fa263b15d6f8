// SPDX-License-Identifier: GPL-2.0
/*
 * test-kbuild-stamp.c - when a build may skip its configure step
 * (step/kbuild-stamp.c), on a tiny kernel-like repository: the key of its
 * inputs is stable, and changes with a fragment, a committed Kconfig and
 * the environment Kconfig reads; an uncommitted Kconfig change gives no key
 * (configure runs); the stamp matches its key and .config only, and is
 * gone once removed. Needs git; works in a temporary directory.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "step/kbuild.h"
#include "input/arch.h"
#include "step/kbuild-stamp.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"
#include "lib/run-command.h"

static char *tmp;

static void put(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", tmp, rel), *dir = xstrdup(path);

	*strrchr(dir, '/') = '\0';
	mkdir_p(dir);
	write_file(path, text, strlen(text));
	free(dir);
	free(path);
}

static void commit_all(const char *src, const char *msg)
{
	git(src, NULL, "add", "-A", NULL);
	git(src, NULL, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", msg,
	    NULL);
}

static int same(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static void test_stamp(void)
{
	char *src = xasprintf("%s/linux", tmp), *out = xasprintf("%s/build/up", tmp);
	char *base = xasprintf("%s/configs/base.config", tmp);
	char *frag = xasprintf("%s/configs/up.config", tmp);
	struct kbuild_job job = { .src = src, .out = out, .config = "up" };
	char *k1, *k2, *k3, *k4, *k5;

	put("linux/Makefile", "VERSION = 6\n");
	put("linux/Kconfig", "config SMP\n\tbool \"SMP\"\n");
	put("linux/kernel/Kconfig.hz", "config HZ\n\tint\n");
	put("configs/base.config", "CONFIG_BUG=y\n");
	put("configs/up.config", "# CONFIG_SMP is not set\n");
	git(src, NULL, "init", "-q", NULL);
	commit_all(src, "base");
	unsetenv("KCONFIG_CONFIG");
	unsetenv("ARCH");

	k1 = kbuild_stamp_key(&job, base, frag);
	k2 = kbuild_stamp_key(&job, base, frag);
	ok(k1 && strlen(k1) == 64, "a key of the configure step's inputs (SHA-256)");
	ok(same(k1, k2), "the same inputs, the same key");
	put("configs/up.config", "CONFIG_SMP=y\n");
	k3 = kbuild_stamp_key(&job, base, frag);
	ok(k3 && !same(k1, k3), "a changed fragment changes it");
	put("linux/kernel/Kconfig.hz", "config HZ\n\tint\n\tdefault 250\n");
	k4 = kbuild_stamp_key(&job, base, frag);
	ok(k4 == NULL, "an uncommitted Kconfig change: no key, configure runs");
	commit_all(src, "hz");
	free(k4);
	k4 = kbuild_stamp_key(&job, base, frag);
	ok(k4 && !same(k3, k4), "committed, it is another key");
	setenv("ARCH", "i386", 1);
	k5 = kbuild_stamp_key(&job, base, frag);
	unsetenv("ARCH");
	ok(k5 && !same(k4, k5), "ARCH (read by Kconfig) changes it");
	free(k5);
	setenv("KCONFIG_ALLCONFIG", "x", 1);
	k5 = kbuild_stamp_key(&job, base, frag);
	unsetenv("KCONFIG_ALLCONFIG");
	ok(k5 && !same(k4, k5), "so does a KCONFIG_* variable");
	ok(kbuild_stamp_key(&job, base, "/nonexistent/x.config") == NULL,
	   "a fragment that cannot be read: no key");
	{
		struct arch_desc a = { .name = "riscv64" };

		job.arch = &a;
		ok(kbuild_stamp_key(&job, base, frag) == NULL,
		   "another architecture (its arch/ Makefile, its cross compiler): no key");
		job.arch = NULL;
	}

	put("build/up/.config", "CONFIG_SMP=y\n");
	ok(!kbuild_stamp_matches(&job, k4), "no stamp yet: no match");
	kbuild_stamp_write(&job, k4);
	ok(kbuild_stamp_matches(&job, k4), "the stamp written after a configure matches");
	ok(!kbuild_stamp_matches(&job, k3), "not another key");
	ok(!kbuild_stamp_matches(&job, NULL), "nor no key");
	put("build/up/.config", "CONFIG_SMP=y\nCONFIG_HAND_EDITED=y\n");
	ok(!kbuild_stamp_matches(&job, k4), "a .config changed since does not match");
	put("build/up/.config", "CONFIG_SMP=y\n");
	ok(kbuild_stamp_matches(&job, k4), "put back as it was, it does");
	kbuild_stamp_remove(&job);
	ok(!kbuild_stamp_matches(&job, k4), "a removed stamp matches nothing");
	free(k1);
	free(k2);
	free(k3);
	free(k4);
	free(k5);
	free(src);
	free(out);
	free(base);
	free(frag);
}

int main(void)
{
	tmp = scratch_git_tmp("stamp");
	test_stamp();
	remove_tree(tmp);
	return done_testing();
}
