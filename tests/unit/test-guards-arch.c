// SPDX-License-Identifier: GPL-2.0
/*
 * guards-arch.c: which architecture each changed line is for. A line
 * under arch/riscv/ or guarded by CONFIG_RISCV is riscv64's, with the arms
 * its guards need (#ifndef CONFIG_SMP: m/n); a generic line, guarded or
 * not, is x86_64's; a CONFIG_X86_32 line under arch/x86/ is both x86_64's
 * and i386's.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards-arch.h"
#include "lib/util.h"
#include "tap.h"

static const char riscv_text[] =
	"kbuild_arch riscv\ncross_compile riscv64-linux-gnu-\n"
	"compiler_package gcc-riscv64-linux-gnu\nimage_target Image\n"
	"image_path arch/riscv/boot/Image\nqemu qemu-system-riscv64\n"
	"qemu_package qemu-system-misc\nmachine virt\nconsole ttyS0\nicount 1\nforces_smp 0\n"
	"source_dir arch/riscv\nsymbol RISCV\n";
static const char i386_text[] =
	"kbuild_arch i386\ncross_compile i686-linux-gnu-\n"
	"compiler_package gcc-i686-linux-gnu\nimage_target bzImage\n"
	"image_path arch/x86/boot/bzImage\nqemu qemu-system-i386\n"
	"qemu_package qemu-system-x86\nmachine pc\nconsole ttyS0\nicount 1\nforces_smp 0\n"
	"symbol X86_32\n";

/* Lines 1..6: the #ifndef block of the fixture's setup.c, then a plain line. */
static const char setup_c[] =
	"void setup(void)\n"		/* 1 */
	"{\n"				/* 2 */
	"#ifndef CONFIG_SMP\n"		/* 3 */
	"\tpr_info(up_boot_name);\n"	/* 4 */
	"#endif\n"			/* 5 */
	"}\n";				/* 6 */
static const char generic_c[] =
	"#ifdef CONFIG_RISCV\n"		/* 1 */
	"int riscv_only;\n"		/* 2 */
	"#endif\n"			/* 3 */
	"#ifdef CONFIG_NUMA\n"		/* 4 */
	"int numa;\n"			/* 5 */
	"#endif\n"			/* 6 */
	"int plain;\n";			/* 7 */
static const char x86_c[] =
	"#ifdef CONFIG_X86_32\n"	/* 1 */
	"int thirty_two;\n"		/* 2 */
	"#endif\n";			/* 3 */

/* The mask l has for symbol, or 0. */
static unsigned mask_of(const struct arch_lines *l, const char *symbol)
{
	size_t i;

	for (i = 0; i < l->nsymbols; i++)
		if (!strcmp(l->symbols[i], symbol))
			return l->masks[i];
	return 0;
}

/* Claim line "line" added to path, whose text is text. */
static void claim_added(struct arch_claims *c, const char *path, const char *text, size_t line)
{
	struct guard_file post = { 0 };
	struct diff_file f = { 0 };
	size_t lines[] = { line };

	guards_scan_file(text, GUARD_KIND_C, &post);
	f.new_path = (char *)path;
	f.add = lines;
	f.nadd = 1;
	arch_claims_file(c, &f, NULL, &post);
	guard_file_release(&post);
}

int main(void)
{
	struct arch_desc arches[2];
	struct arch_claims c;
	char why[256] = "";

	ok(!arch_parse("i386", i386_text, &arches[0], why, sizeof(why)), "i386's file: %s", why);
	ok(!arch_parse("riscv64", riscv_text, &arches[1], why, sizeof(why)), "riscv64's file: %s",
	   why);
	arch_claims_init_with(&c, arches, 2);

	claim_added(&c, "arch/riscv/kernel/setup.c", setup_c, 4);
	is_int(c.lines[1].lines, 1, "a line under arch/riscv/ is riscv64's");
	is_int(mask_of(&c.lines[1], "SMP"), GUARD_M | GUARD_N,
	       "#ifndef CONFIG_SMP: it needs SMP off (m/n)");
	is_int(c.own.lines, 0, "and not x86_64's");
	claim_added(&c, "arch/riscv/kernel/setup.c", setup_c, 3);
	is_int(mask_of(&c.lines[1], "SMP"), GUARD_ANY, "the directive itself: both arms");

	claim_added(&c, "kernel/generic.c", generic_c, 2);
	is_int(c.lines[1].lines, 3, "a generic line under #ifdef CONFIG_RISCV is riscv64's");
	is_int(mask_of(&c.lines[1], "RISCV"), GUARD_Y, "with RISCV=y");
	is_int(c.own.lines, 0, "and not x86_64's");
	claim_added(&c, "kernel/generic.c", generic_c, 5);
	claim_added(&c, "kernel/generic.c", generic_c, 7);
	is_int(c.own.lines, 2, "generic lines, guarded or not, are x86_64's");
	is_int(mask_of(&c.own, "NUMA"), GUARD_Y, "with their guards");
	is_int(c.lines[1].lines, 3, "and not riscv64's");

	claim_added(&c, "arch/x86/kernel/x.c", x86_c, 2);
	is_int(c.lines[0].lines, 1, "a CONFIG_X86_32 line is i386's");
	is_int(c.own.lines, 3, "and, under arch/x86/, x86_64's too");
	is_int(mask_of(&c.own, "X86_32"), GUARD_Y, "x86_64 has its guard");
	claim_added(&c, "kernel/x.c", x86_c, 2);
	is_int(c.own.lines, 3, "elsewhere it is i386's only");
	is_int(c.lines[0].lines, 2, "i386 has both");
	arch_claims_release(&c);
	return done_testing();
}
