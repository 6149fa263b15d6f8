// SPDX-License-Identifier: GPL-2.0
/*
 * codeprint.c - a build's codeprint (codeprint.h): the symbol table of its
 * vmlinux, each function's digest from its disassembly (codeprint-disasm.c,
 * objdump's output streamed a line at a time), each data object's and
 * each other allocated section's digest from its bytes, with any 8-byte
 * word that holds an address of the image zeroed (a linked vmlinux has no
 * relocations left: a pointer is its target's address), and the entries
 * of __bug_table, whose line numbers are what a moved line changes.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/elf-image.h"
#include "lib/hash.h"
#include "lib/run-command.h"
#include "step/codeprint.h"
#include "step/codeprint-disasm.h"
#include "lib/util.h"

struct func_digest {
	uint64_t addr;
	char digest[17];
};

struct recording {
	struct elf_image elf;
	uint64_t *func_addr, *func_size;	/* FUNC symbols by address */
	size_t nfuncs;
	struct func_digest *digests;
	size_t ndigests, alloc;
	struct disasm_state disasm;
};

struct entry {
	char *name;
	uint64_t addr, size;
	char letter;
	char digest[17];
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_digest(const void *a, const void *b)
{
	return cmp_u64(&((const struct func_digest *)a)->addr, &((const struct func_digest *)b)->addr);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : cmp_u64(&x->addr, &y->addr);
}

/* Index of the FUNC symbol at addr with the largest size, or -1. */
static ssize_t func_at(const struct recording *r, uint64_t addr)
{
	size_t lo = 0, hi = r->nfuncs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (r->func_addr[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->nfuncs && r->func_addr[lo] == addr ? (ssize_t)lo : -1;
}

static uint64_t size_of(uint64_t addr, void *data)
{
	struct recording *r = data;
	ssize_t i = func_at(r, addr);

	return i < 0 ? 0 : r->func_size[i];
}

static void digest_done(uint64_t addr, const char *label, const char *digest, void *data)
{
	struct recording *r = data;

	if (r->ndigests == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 4096;
		r->digests = xrealloc(r->digests, r->alloc * sizeof(*r->digests));
	}
	r->digests[r->ndigests].addr = addr;
	memcpy(r->digests[r->ndigests].digest, digest, 17);
	r->ndigests++;
}

static void objdump_line(const char *line, size_t len, void *data)
{
	struct recording *r = data;

	disasm_feed(&r->disasm, line);
}

/* The FUNC symbols sorted by address, each with its largest size. */
static void index_functions(struct recording *r)
{
	size_t i, n = 0;
	uint64_t *pairs = xcalloc(2 * r->elf.nsymbols + 2, sizeof(*pairs));

	for (i = 0; i < r->elf.nsymbols; i++)
		if (r->elf.symbols[i].type == STT_FUNC && r->elf.symbols[i].size) {
			pairs[2 * n] = r->elf.symbols[i].value;
			pairs[2 * n + 1] = r->elf.symbols[i].size;
			n++;
		}
	qsort(pairs, n, 2 * sizeof(*pairs), cmp_u64);
	r->func_addr = xcalloc(n + 1, sizeof(uint64_t));
	r->func_size = xcalloc(n + 1, sizeof(uint64_t));
	for (i = 0; i < n; i++) {
		if (r->nfuncs && r->func_addr[r->nfuncs - 1] == pairs[2 * i]) {
			if (pairs[2 * i + 1] > r->func_size[r->nfuncs - 1])
				r->func_size[r->nfuncs - 1] = pairs[2 * i + 1];
			continue;
		}
		r->func_addr[r->nfuncs] = pairs[2 * i];
		r->func_size[r->nfuncs++] = pairs[2 * i + 1];
	}
	free(pairs);
}

static int disassemble(struct recording *r, const char *vmlinux, const char *objdump)
{
	const char *argv[] = { objdump, "-d", "--no-show-raw-insn", vmlinux, NULL };
	struct strbuf buf = STRBUF_INIT;
	struct child c = { .argv = argv, .capture = &buf, .quiet = 1, .on_line = objdump_line,
			   .on_line_data = r };
	int ret;

	r->disasm.lo = r->elf.lo;
	r->disasm.hi = r->elf.hi;
	r->disasm.size_of = size_of;
	r->disasm.done = digest_done;
	r->disasm.data = r;
	disasm_init(&r->disasm);
	ret = run_child(&c);
	disasm_finish(&r->disasm);
	strbuf_release(&buf);
	qsort(r->digests, r->ndigests, sizeof(*r->digests), cmp_digest);
	return ret;
}

/* 16 hex digits of len bytes at p (at address addr), image addresses zeroed. */
static void bytes_digest(const struct elf_image *e, const unsigned char *p, uint64_t addr,
			 uint64_t len, char out[17])
{
	unsigned char *copy = xmalloc(len ? len : 1);
	uint64_t off;
	char *h;

	memcpy(copy, p, len);
	for (off = (8 - (addr & 7)) & 7; off + 8 <= len; off += 8) {
		uint64_t v;

		memcpy(&v, copy + off, 8);
		if (v >= e->lo && v < e->hi)
			memset(copy + off, 0, 8);
	}
	h = sha256_buf(copy, len);
	memcpy(out, h, 16);
	out[16] = '\0';
	free(h);
	free(copy);
}

static void entry_digest(struct recording *r, const struct elf_symbol *s, struct entry *en)
{
	const unsigned char *p;

	snprintf(en->digest, sizeof(en->digest), "-");
	if (s->type == STT_FUNC) {
		struct func_digest key = { .addr = s->value }, *d;

		d = bsearch(&key, r->digests, r->ndigests, sizeof(*d), cmp_digest);
		if (d)
			memcpy(en->digest, d->digest, 17);
		return;
	}
	p = elf_bytes(&r->elf, s->value, s->size);
	if (p)
		bytes_digest(&r->elf, p, s->value, s->size, en->digest);
}

/* "name\tletter\tsize\tdigest\n" by name; a repeated name is "name#2", ... */
static size_t symbol_table(struct recording *r, struct strbuf *out)
{
	struct entry *en = xcalloc(r->elf.nsymbols + 1, sizeof(*en));
	struct strbuf name = STRBUF_INIT;
	size_t i, n = 0, repeat = 1;

	for (i = 0; i < r->elf.nsymbols; i++) {
		const struct elf_symbol *s = &r->elf.symbols[i];
		char letter = elf_symbol_letter(&r->elf, s);

		if ((s->type != STT_FUNC && s->type != STT_OBJECT) || !s->size || letter == '?')
			continue;
		codeprint_name(s->name, &name);
		en[n].name = xstrdup(name.buf);
		en[n].addr = s->value;
		en[n].size = s->size;
		en[n].letter = letter;
		entry_digest(r, s, &en[n]);
		n++;
	}
	qsort(en, n, sizeof(*en), cmp_entry);
	for (i = 0; i < n; i++) {
		repeat = i && !strcmp(en[i].name, en[i - 1].name) ? repeat + 1 : 1;
		strbuf_addstr(out, en[i].name);
		if (repeat > 1)
			strbuf_addf(out, "#%zu", repeat);
		strbuf_addf(out, "\t%c\t%llu\t%s\n", en[i].letter, (unsigned long long)en[i].size,
			    en[i].digest);
	}
	for (i = 0; i < n; i++)
		free(en[i].name);
	free(en);
	strbuf_release(&name);
	return n;
}

/* Every allocated section with contents that is not code nor the bug table. */
static void section_table(struct recording *r, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < r->elf.nsections; i++) {
		const struct elf_section *s = &r->elf.sections[i];
		const unsigned char *p;
		char digest[17];

		if (!(s->flags & SHF_ALLOC) || (s->flags & SHF_EXECINSTR) || s->type == SHT_NOBITS ||
		    !s->size || !strcmp(s->name, "__bug_table"))
			continue;
		p = elf_bytes(&r->elf, s->addr, s->size);
		if (!p)
			continue;
		bytes_digest(&r->elf, p, s->addr, s->size, digest);
		strbuf_addf(out, "%s\t%llu\t%s\n", s->name, (unsigned long long)s->size, digest);
	}
}

/*
 * struct bug_entry with relative pointers and a file and line (x86_64,
 * arm64, riscv64 with DEBUG_BUGVERBOSE): int bug_addr_disp, int file_disp,
 * u16 line, u16 flags. Its file and line, a line each; 0 if there is none.
 */
static int bug_table(struct recording *r, struct strbuf *out)
{
	const struct elf_section *s = elf_section_named(&r->elf, "__bug_table");
	const unsigned char *p;
	uint64_t off;

	if (!s || !s->size || s->size % 12 || !(p = elf_bytes(&r->elf, s->addr, s->size)))
		return 0;
	for (off = 0; off < s->size; off += 12) {
		int32_t file_disp;
		uint16_t line, flags;
		const char *file;

		memcpy(&file_disp, p + off + 4, 4);
		memcpy(&line, p + off + 8, 2);
		memcpy(&flags, p + off + 10, 2);
		file = elf_string(&r->elf, s->addr + off + 4 + (int64_t)file_disp);
		strbuf_addf(out, "%s\t%u\t%u\n", file && !strchr(file, '\n') && !strchr(file, '\t') ?
			    file : "?", line, flags);
	}
	return 1;
}

int codeprint_record(const char *vmlinux, const char *image, const char *objdump,
		     struct codeprint *cp, char *note, size_t note_size)
{
	struct strbuf syms = STRBUF_INIT, sections = STRBUF_INIT, bugs = STRBUF_INIT;
	struct recording r = { 0 };
	double start = now_seconds();
	int ret = -1;

	memset(cp, 0, sizeof(*cp));
	if (elf_open(&r.elf, vmlinux)) {
		snprintf(note, note_size, "%s is not a 64-bit little-endian ELF file", vmlinux);
		return -1;
	}
	index_functions(&r);
	if (disassemble(&r, vmlinux, objdump)) {
		snprintf(note, note_size, "%s -d failed on %s", objdump, vmlinux);
		goto out;
	}
	cp->image_sha = sha256_file(image);
	if (!cp->image_sha) {
		snprintf(note, note_size, "cannot read %s", image);
		goto out;
	}
	cp->nsymbols = symbol_table(&r, &syms);
	section_table(&r, &sections);
	cp->symbols = strbuf_detach(&syms, NULL);
	cp->sections = strbuf_detach(&sections, NULL);
	cp->bug_entries = bug_table(&r, &bugs) ? strbuf_detach(&bugs, NULL) : NULL;
	cp->seconds = now_seconds() - start;
	ret = 0;
out:
	if (ret)
		codeprint_release(cp);
	strbuf_release(&syms);
	strbuf_release(&sections);
	strbuf_release(&bugs);
	free(r.func_addr);
	free(r.func_size);
	free(r.digests);
	elf_close(&r.elf);
	return ret;
}
