/* SPDX-License-Identifier: GPL-2.0 */
/*
 * elf-image.h - a linked 64-bit little-endian ELF file (vmlinux) read in
 * place: its sections and symbols, and the bytes at an address. The file
 * was made by a series' build, so every offset is checked against it.
 */
#ifndef BISECT_ELF_IMAGE_H
#define BISECT_ELF_IMAGE_H

#include <stddef.h>
#include <stdint.h>

struct elf_section {
	const char *name;
	uint64_t addr, size, offset, flags;
	uint32_t type;
};

struct elf_symbol {
	const char *name;
	uint64_t value, size;
	unsigned char type;		/* STT_FUNC, STT_OBJECT, ... */
	unsigned char bind;		/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
	uint16_t shndx;
};

struct elf_image {
	const unsigned char *map;
	size_t len;
	struct elf_section *sections;
	size_t nsections;
	struct elf_symbol *symbols;
	size_t nsymbols;
	/* The allocated sections span [lo, hi): what an address may be. */
	uint64_t lo, hi;
};

/* 0, or -1 when path is not a 64-bit little-endian ELF file that reads whole. */
int elf_open(struct elf_image *e, const char *path);
void elf_close(struct elf_image *e);
/* The section of index i, or NULL. */
const struct elf_section *elf_section(const struct elf_image *e, size_t i);
/* By name, or NULL. */
const struct elf_section *elf_section_named(const struct elf_image *e, const char *name);
/* len bytes at addr, all in one section with contents in the file; else NULL. */
const unsigned char *elf_bytes(const struct elf_image *e, uint64_t addr, uint64_t len);
/* The NUL-terminated string at addr, within its section; else NULL. */
const char *elf_string(const struct elf_image *e, uint64_t addr);
/* nm's letter for a symbol: T t D d R r B b, W for weak, ? otherwise. */
char elf_symbol_letter(const struct elf_image *e, const struct elf_symbol *s);

#endif
