// SPDX-License-Identifier: GPL-2.0
/*
 * test-codeprint-disasm.c - step/codeprint-disasm.c: gcc's numbered
 * suffixes dropped from names; an instruction's addresses, displacements
 * and offsets into other symbols normalised, its code kept; a canned
 * objdump listing of two links, the second with every function moved:
 * equal digests, and a different one for the function whose code changed;
 * the padding after a function's size is not part of it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step/codeprint-disasm.h"
#include "lib/util.h"
#include "tap.h"

#define LO 0xffffffff81000000ULL
#define HI 0xffffffff82000000ULL

static void check_name(const char *in, const char *want)
{
	struct strbuf out = STRBUF_INIT;

	codeprint_name(in, &out);
	is_str(out.buf, want, "name %s is %s", in, want);
	strbuf_release(&out);
}

static void check_insn(const char *in, const char *self, const char *want)
{
	struct strbuf out = STRBUF_INIT;

	disasm_normalise(in, self, LO, HI, &out);
	is_str(out.buf, want, "%s", in);
	strbuf_release(&out);
}

struct digests {
	char names[4][32];
	char digests[4][17];
	int n;
};

static void done(uint64_t addr, const char *label, const char *digest, void *data)
{
	struct digests *d = data;

	if (d->n < 4) {
		snprintf(d->names[d->n], sizeof(d->names[0]), "%s", label);
		snprintf(d->digests[d->n], sizeof(d->digests[0]), "%s", digest);
		d->n++;
	}
}

/* Every function 0x20 bytes long: what follows is its padding. */
static uint64_t size_of(uint64_t addr, void *data)
{
	return 0x20;
}

static void feed(const char *listing, struct digests *out)
{
	struct disasm_state d = { .lo = LO, .hi = HI, .size_of = size_of, .done = done,
				  .data = out };
	char *copy = xstrdup(listing), *line, *save = NULL;

	memset(out, 0, sizeof(*out));
	disasm_init(&d);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		disasm_feed(&d, line);
	disasm_finish(&d);
	free(copy);
}

static const char first[] =
	"\nvmlinux:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n"
	"ffffffff81000000 <fair_tick.constprop.0>:\n"
	"ffffffff81000000:\tmov    0x1234(%rip),%rax        # ffffffff81001238 <jiffies>\n"
	"ffffffff81000007:\tje     ffffffff81000010 <fair_tick.constprop.0+0x10>\n"
	"ffffffff81000009:\tcall   ffffffff81000040 <update_curr>\n"
	"ffffffff81000010:\tmov    $0xffffffff81600010,%rdi\n"
	"ffffffff81000017:\tret\n"
	"ffffffff81000040 <update_curr>:\n"
	"ffffffff81000040:\tlea    -0x7(%rip),%rbp        # ffffffff81000040 <update_curr>\n"
	"ffffffff81000047:\tadd    $0x10,%rax\n"
	"ffffffff8100004b:\tret\n";

/* All moved by 0x100; the padding after update_curr differs; the offsets into .rodata too. */
static const char moved[] =
	"Disassembly of section .text:\n\n"
	"ffffffff81000100 <fair_tick.constprop.1>:\n"
	"ffffffff81000100:\tmov    0x1334(%rip),%rax        # ffffffff81001438 <jiffies>\n"
	"ffffffff81000107:\tje     ffffffff81000110 <fair_tick.constprop.1+0x10>\n"
	"ffffffff81000109:\tcall   ffffffff81000140 <update_curr>\n"
	"ffffffff81000110:\tmov    $0xffffffff81600210,%rdi\n"
	"ffffffff81000117:\tret\n"
	"ffffffff81000140 <update_curr>:\n"
	"ffffffff81000140:\tlea    -0x7(%rip),%rbp        # ffffffff81000140 <update_curr>\n"
	"ffffffff81000147:\tadd    $0x10,%rax\n"
	"ffffffff8100014b:\tret\n"
	"ffffffff81000160:\tint3\n";

/* update_curr adds 0x18: its code changed. */
static const char changed[] =
	"ffffffff81000040 <update_curr>:\n"
	"ffffffff81000040:\tlea    -0x7(%rip),%rbp        # ffffffff81000040 <update_curr>\n"
	"ffffffff81000047:\tadd    $0x18,%rax\n"
	"ffffffff8100004b:\tret\n";

int main(void)
{
	struct digests a, b, c;

	check_name("fair_tick.constprop.0", "fair_tick.constprop");
	check_name("__key.123", "__key");
	check_name("__func__.4.5", "__func__");
	check_name(".LC0", ".LC0");
	check_name("update_curr", "update_curr");
	check_insn("mov    0x1234(%rip),%rax        # ffffffff81001238 <jiffies+0x8>", "f",
		   "mov D(%rip),%rax # A <jiffies>");
	check_insn("lea    -0x7(%rip),%rbp", "f", "lea D(%rip),%rbp");
	check_insn("je     ffffffff81000010 <f.isra.0+0x10>", "f.isra",
		   "je A <f.isra+0x10>");
	check_insn("mov    $0xffffffff81600010,%rdi", "f", "mov $A,%rdi");
	check_insn("mov    $0xffffffff80000000,%rax", "f", "mov $0xffffffff80000000,%rax");
	check_insn("add    $0x10,%rax", "f", "add $0x10,%rax");
	check_insn("mov    %gs:0x28,%rax", "f", "mov %gs:0x28,%rax");
	check_insn("call   *0xffffffff81600000(,%rax,8)", "f", "call *A(,%rax,8)");
	check_insn("movzbl -0x7eba3200(%rax),%edx", "f", "movzbl A(%rax),%edx");
	check_insn("mov    -0x8(%rbp),%rax", "f", "mov -0x8(%rbp),%rax");

	feed(first, &a);
	feed(moved, &b);
	feed(changed, &c);
	is_int(a.n, 2, "two functions in the first listing");
	is_int(b.n, 2, "and in the moved one");
	is_str(a.names[0], "fair_tick.constprop", "the first is named without its number");
	is_str(a.digests[0], b.digests[0], "fair_tick moved: the same digest");
	is_str(a.digests[1], b.digests[1], "update_curr moved, other padding: the same digest");
	ok(strcmp(a.digests[1], c.digests[0]), "update_curr's code changed: another digest");
	ok(strcmp(a.digests[0], a.digests[1]), "two functions, two digests");
	is_int(strlen(a.digests[0]), 16, "a digest is 16 hex digits");
	return done_testing();
}
