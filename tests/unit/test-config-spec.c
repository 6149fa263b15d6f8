// SPDX-License-Identifier: GPL-2.0
/*
 * test-config-spec.c - a configuration's name (input/config-spec.c): the
 * three forms, the targets known, the key derived from a path, and names
 * that must not pass (unknown targets, control characters, empty parts).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/config-spec.h"
#include "lib/util.h"
#include "tap.h"

static int parse(const char *spec, struct config_spec *cs, char *why)
{
	return config_spec_parse(spec, cs, why, 256);
}

static void test_forms(void)
{
	struct config_spec cs;
	char why[256];

	is_int(parse("up", &cs, why), 0, "a configs/ name");
	is_int(cs.kind, CONFIG_KIND_FRAGMENT, "is a fragment");
	is_str(cs.key, "up", "keyed by itself: results of before stay");
	is_str(cs.target, "tinyconfig", "from tinyconfig");
	is_str(cs.fragment, "up", "its fragment");
	ok(!cs.path, "no path");
	config_spec_release(&cs);

	is_int(parse("defconfig:up", &cs, why), 0, "TARGET:FRAGMENT");
	is_int(cs.kind, CONFIG_KIND_TARGET, "is a target");
	is_str(cs.key, "defconfig+up", "keyed without ':' (kbuild refuses it in O=)");
	is_str(cs.target, "defconfig", "the target");
	is_str(cs.fragment, "up", "the fragment");
	config_spec_release(&cs);

	is_int(parse("allmodconfig:", &cs, why), 0, "an empty fragment");
	is_str(cs.key, "allmodconfig", "keyed by the target");
	ok(!cs.fragment && !cs.path, "nothing but base.config added");
	config_spec_release(&cs);

	is_int(parse("defconfig:frags/my extra.config", &cs, why), 0, "a fragment's path");
	is_str(cs.key, "defconfig+my_extra", "keyed by its name, made safe");
	is_str(cs.path, "frags/my extra.config", "the path as given");
	ok(!cs.fragment, "no configs/ name");
	config_spec_release(&cs);

	is_int(parse("/home/me/linux/.config", &cs, why), 0, "a full .config");
	is_int(cs.kind, CONFIG_KIND_DOTCONFIG, "is a .config");
	is_str(cs.key, "file+config", "keyed by its name, the dot dropped");
	ok(!cs.target, "no target");
	is_str(cs.path, "/home/me/linux/.config", "its path");
	config_spec_release(&cs);

	is_int(parse("./distro-6.12.config", &cs, why), 0, "a relative path");
	is_str(cs.key, "file+distro-6.12", "keyed by its name without .config");
	config_spec_release(&cs);
}

static void test_hostile(void)
{
	struct config_spec cs;
	char why[256];
	char *long_name;

	is_int(parse("nosuchconfig:up", &cs, why), -1, "an unknown target");
	ok(strstr(why, "nosuchconfig") && strstr(why, "defconfig"),
	   "named, with the known ones: %s",
	   why);
	config_spec_release(&cs);
	is_int(parse("randconfig:up", &cs, why), -1, "randconfig: not reproducible");
	config_spec_release(&cs);
	is_int(parse("", &cs, why), -1, "an empty name");
	config_spec_release(&cs);
	is_int(parse("../up", &cs, why), 0, "a path up is a path, not a configs/ name");
	is_str(cs.key, "file+up", "keyed safely");
	config_spec_release(&cs);
	is_int(parse("/tmp/x\ny.config", &cs, why), -1, "a newline in a path");
	ok(strstr(why, "control") != NULL, "said: %s", why);
	config_spec_release(&cs);
	is_int(parse("defconfig:/tmp/\x1b[31m.config", &cs, why), -1, "an escape in a path");
	config_spec_release(&cs);
	is_int(parse("/tmp/$(reboot);`id`|x.config", &cs, why), 0, "shell characters: only a name");
	is_str(cs.key, "file+__reboot___id__x", "none of them in the key");
	config_spec_release(&cs);
	is_int(parse("/tmp/", &cs, why), -1, "a directory");
	config_spec_release(&cs);
	is_int(parse("up,smp", &cs, why), -1, "a comma: a list is split before");
	config_spec_release(&cs);
	is_int(parse("defconfig:up:smp", &cs, why), -1, "two targets");
	config_spec_release(&cs);
	is_int(parse("defconfig:.hidden", &cs, why), -1, "a fragment name starting with a dot");
	config_spec_release(&cs);
	is_int(parse("/x/-rf.config", &cs, why), 0, "a path to a name like an option");
	is_str(cs.key, "file+_rf", "keyed without the leading '-'");
	config_spec_release(&cs);
	long_name = xasprintf("/tmp/%0200d.config", 7);
	is_int(parse(long_name, &cs, why), 0, "a long name");
	ok(strlen(cs.key) <= 5 + 48, "keyed short: %zu", strlen(cs.key));
	config_spec_release(&cs);
	free(long_name);
}

static void test_targets(void)
{
	ok(config_target_known("defconfig") && config_target_known("tinyconfig") &&
	   config_target_known("allnoconfig") && config_target_known("allmodconfig") &&
	   config_target_known("allyesconfig"), "the usual targets");
	ok(!config_target_known("randconfig") && !config_target_known("menuconfig") &&
	   !config_target_known("bzImage"), "and no others");
	ok(config_target_build_only("allmodconfig") && config_target_build_only("allyesconfig"),
	   "allmodconfig and allyesconfig are built only");
	ok(!config_target_build_only("defconfig"), "defconfig boots");
	ok(strstr(config_targets(), "allnoconfig") != NULL, "the list names them");
}

static void test_keys(void)
{
	is_str_free(config_spec_keys("up,defconfig:up,/x/my.config"), "up,defconfig+up,file+my",
		    "a list of names to their keys");
	is_str_free(config_spec_keys("defconfig+up,,nosuch:x"), "defconfig+up,,nosuch:x",
		    "a key, an empty item and a bad name stay");
	ok(!config_spec_keys(NULL), "no list, none");
}

int main(void)
{
	test_keys();
	test_forms();
	test_hostile();
	test_targets();
	return done_testing();
}
