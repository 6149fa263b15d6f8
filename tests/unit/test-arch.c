// SPDX-License-Identifier: GPL-2.0
/*
 * test-arch.c - the architecture files (input/arch.c): the shipped ones
 * load, hostile ones are refused, keys carry the architecture, and a
 * configuration an architecture cannot have is refused.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "lib/util.h"
#include "tap.h"

#define GOOD	"kbuild_arch riscv\ncross_compile riscv64-linux-gnu-\n"		\
		"compiler_package gcc-riscv64-linux-gnu\nimage_target Image\n"	\
		"image_path arch/riscv/boot/Image\nqemu qemu-system-riscv64\n"	\
		"qemu_package qemu-system-misc\nmachine virt\nconsole ttyS0\n"	\
		"icount 1\nforces_smp 0\n"

static int parses(const char *name, const char *text, char *why)
{
	struct arch_desc a;
	int ret = arch_parse(name, text, &a, why, 256);

	arch_release(&a);
	return ret;
}

static void test_shipped(void)
{
	static const char *const names[] = { "x86_64", "arm64", "riscv64", "arm", "i386" };
	struct arch_desc a;
	char why[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		int ret = arch_load(names[i], &a, why, sizeof(why));

		is_int(ret, 0, "configs/arch/%s.arch loads", names[i]);
		if (ret)
			diag("%s", why);
		arch_release(&a);
	}
	is_int(arch_load("riscv64", &a, why, sizeof(why)), 0, "riscv64");
	is_str(a.kbuild_arch, "riscv", "ARCH=riscv");
	is_str(a.cross_compile, "riscv64-linux-gnu-", "its cross compiler");
	is_str(a.image_path, "arch/riscv/boot/Image", "its image");
	is_str(a.bios, "default", "OpenSBI from QEMU");
	is_str(a.cpu, "rv64", "its CPU");
	is_int(a.forces_smp, 0, "UP kernels can be built");
	ok(a.nfragment > 0, "fragment lines");
	arch_release(&a);
	is_int(arch_load("arm64", &a, why, sizeof(why)), 0, "arm64");
	is_int(a.forces_smp, 1, "arm64 forces SMP (def_bool y in 6.12)");
	is_str(a.console, "ttyAMA0", "the PL011 console");
	arch_release(&a);
	is_int(arch_load("x86_64", &a, why, sizeof(why)), 0, "x86_64");
	is_str(a.cross_compile, "", "no cross compiler");
	arch_release(&a);
	is_int(arch_load("sparc", &a, why, sizeof(why)), -1, "an unknown architecture");
	ok(strstr(why, "unknown architecture 'sparc'") != NULL, "says so: %s", why);
	is_int(arch_load("../etc/passwd", &a, why, sizeof(why)), -1, "no path as a name");
}

static void test_hostile(void)
{
	char why[256];
	struct strbuf big = STRBUF_INIT;
	int i;

	is_int(parses("riscv64", GOOD, why), 0, "a good file");
	is_int(parses("riscv64", GOOD "bios default\n# a comment\n\n", why), 0,
	       "comments, blank lines");
	is_int(parses("riscv64", GOOD "qemu x\n", why), -1, "a key twice");
	ok(strstr(why, "given twice") && strstr(why, "riscv64.arch:12"), "where: %s", why);
	is_int(parses("riscv64", GOOD "frobnicate 1\n", why), -1, "an unknown key");
	is_int(parses("riscv64", "kbuild_arch riscv\n", why), -1, "required keys missing");
	ok(strstr(why, "no 'cross_compile'") != NULL, "names one: %s", why);
	is_int(parses("riscv64", GOOD "cpu rv64;rm -rf /\n", why), -1, "shell characters");
	is_int(parses("riscv64", GOOD "cpu -kernel\n", why), -1, "an option as a value");
	is_int(parses("riscv64", GOOD "cmdline init=/bin/sh\n", why), -1, "a path in cmdline");
	is_int(parses("riscv64", GOOD "cmdline a=\"b\"\n", why), -1, "quotes in cmdline");
	is_int(parses("riscv64", GOOD "fragment CONFIG_X=y\nfragment rm -rf\n", why), -1,
	       "a fragment line that is no .config line");
	is_int(parses("riscv64", GOOD "fragment CONFIG_X=\"s\"\n", why), -1, "no strings");
	is_int(parses("riscv64", GOOD "fragment # CONFIG_X is not set\n", why), 0, "not set");
	is_int(parses("riscv64", GOOD "bios default\x01\n", why), -1, "a control character");
	is_int(parses("riscv64", GOOD "cpu r\xc3\xa9\n", why), -1, "non-ASCII");
	is_int(parses("riscv64", "kbuild_arch riscv\r\n", why), -1, "a CR");
	is_int(parses("riscv64", GOOD "icount yes\n", why) + 0, -1, "a flag is 0 or 1");
	strbuf_addstr(&big, GOOD "cpu ");
	for (i = 0; i < 300; i++)
		strbuf_addstr(&big, "a");
	is_int(parses("riscv64", big.buf, why), -1, "an overlong line");
	strbuf_reset(&big);
	for (i = 0; i < 2000; i++)
		strbuf_addstr(&big, "# a comment line\n");
	is_int(parses("riscv64", big.buf, why), -1, "an overlong file");
	strbuf_release(&big);
	is_int(parses("riscv64", GOOD "image_path ../../x\n", why) + 0, -1, "'..' in a path");
	is_int(parses("x86_64", GOOD, why), -1, "a cross compiler for x86_64");
	is_int(parses("defconfig", GOOD, why), -1, "named like a kbuild target");
	is_int(parses("file", GOOD, why), -1, "named like a .config key");
	is_int(parses("riscv64", "cross_compile riscv64\n" GOOD, why), -1,
	       "a prefix ends in '-'");
}

static void test_keys(void)
{
	char arch[64];

	is_str_free(arch_config_key("x86_64", "up"), "up", "x86_64 keys as before");
	is_str_free(arch_config_key("riscv64", "up"), "riscv64+up", "riscv64+up");
	is_str_free(arch_config_key("arm64", "defconfig+up"), "arm64+defconfig+up",
		    "arch of a derived key");
	is_str(arch_key_split("riscv64+up", arch, sizeof(arch)), "up", "split: the config");
	is_str(arch, "riscv64", "split: the arch");
	is_str(arch_key_split("up", arch, sizeof(arch)), "up", "no prefix");
	is_str(arch, "x86_64", "is x86_64");
	is_str(arch_key_split("defconfig+up", arch, sizeof(arch)), "defconfig+up",
	       "a target's '+' is no arch");
	is_str(arch, "x86_64", "still x86_64");
	is_str(arch_key_split("file+my", arch, sizeof(arch)), "file+my", "nor a file's");
	is_str(arch_key_split("arm64+file+my", arch, sizeof(arch)), "file+my", "arch of a file");
	is_str(arch, "arm64", "arm64");
}

static void test_refuses(void)
{
	struct arch_desc a;
	char why[256];

	is_int(arch_load("arm64", &a, why, sizeof(why)), 0, "arm64");
	is_int(arch_refuses(&a, "up", 0, why, sizeof(why)), 1, "UP refused on arm64");
	ok(strstr(why, "arm64 forces SMP") != NULL, "with the reason: %s", why);
	is_int(arch_refuses(&a, "smp", 1, why, sizeof(why)), 0, "SMP is fine");
	arch_release(&a);
	is_int(arch_load("riscv64", &a, why, sizeof(why)), 0, "riscv64");
	is_int(arch_refuses(&a, "up", 0, why, sizeof(why)), 0, "UP fine on riscv64");
	arch_release(&a);
}

static void test_covers(void)
{
	static const char *const riscv_path[] = { "kernel/fork.c", "arch/riscv/kernel/smp.c" };
	static const char *const near_path[] = { "arch/riscv64/x.c", "arch/riscvx" };
	static const char *const syms[] = { "SMP", "RISCV" };
	struct arch_desc a;
	char why[256], **names;
	size_t n, i;
	int has_riscv = 0;

	is_int(arch_load("riscv64", &a, why, sizeof(why)), 0, "riscv64");
	ok(arch_covers(&a, riscv_path, 2, NULL, 0), "a file under arch/riscv/ touches riscv64");
	ok(!arch_covers(&a, near_path, 2, NULL, 0), "arch/riscv64/ and arch/riscvx do not");
	ok(arch_covers(&a, NULL, 0, syms, 2), "a line guarded by CONFIG_RISCV does");
	ok(!arch_covers(&a, NULL, 0, syms, 1), "CONFIG_SMP does not");
	arch_release(&a);
	is_int(arch_load("i386", &a, why, sizeof(why)), 0, "i386");
	ok(!arch_covers(&a, riscv_path, 2, NULL, 0), "i386 has no tree of its own");
	arch_release(&a);
	is_int(arch_names(&names, &n), 0, "the architectures of configs/arch/");
	for (i = 0; i < n; i++) {
		has_riscv |= !strcmp(names[i], "riscv64");
		free(names[i]);
	}
	free(names);
	ok(n == 5 && has_riscv, "five, riscv64 among them");
}

/* first-bad --config riscv64:up: the spelling of a reader, to the key. */
static void test_reader_spelling(void)
{
	is_str_free(arch_spec_keys("riscv64:up,up,defconfig:up,arm64:defconfig:smp,x86_64:up"),
		    "riscv64+up,up,defconfig+up,arm64+defconfig+smp,up",
		    "ARCH:NAME is ARCH+KEY; a target's ':' stays a target's; x86_64:up is up");
	is_str_free(arch_spec_keys("riscv64:,sparc64:bad name,,nosuch:x"),
		    "riscv64:,sparc64:bad name,,nosuch:x", "what does not parse stays as given");
}

int main(void)
{
	test_reader_spelling();
	test_covers();
	test_shipped();
	test_hostile();
	test_keys();
	test_refuses();
	return done_testing();
}
