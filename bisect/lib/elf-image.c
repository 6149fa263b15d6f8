// SPDX-License-Identifier: GPL-2.0
/*
 * elf-image.c - the sections and symbols of a linked ELF64 file, mapped
 * read-only (elf-image.h). No libelf: the few fields read are those of
 * <elf.h>, each bounded by the file's size.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/elf-image.h"
#include "lib/util.h"

static int in_file(const struct elf_image *e, uint64_t off, uint64_t len)
{
	return off <= e->len && len <= e->len - off;
}

/* A NUL-terminated name at off in the string table section strtab, or "". */
static const char *strtab_name(const struct elf_image *e, const Elf64_Shdr *strtab, uint32_t off)
{
	const char *s;

	if (!strtab || off >= strtab->sh_size || !in_file(e, strtab->sh_offset, strtab->sh_size))
		return "";
	s = (const char *)e->map + strtab->sh_offset + off;
	return memchr(s, '\0', strtab->sh_size - off) ? s : "";
}

static int read_sections(struct elf_image *e, const Elf64_Ehdr *eh, const Elf64_Shdr **symtab)
{
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(e->map + eh->e_shoff);
	const Elf64_Shdr *names;
	size_t i;

	if (eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    !in_file(e, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr)) ||
	    eh->e_shstrndx >= eh->e_shnum)
		return -1;
	names = &sh[eh->e_shstrndx];
	e->nsections = eh->e_shnum;
	e->sections = xcalloc(e->nsections, sizeof(*e->sections));
	e->lo = UINT64_MAX;
	for (i = 0; i < e->nsections; i++) {
		struct elf_section *s = &e->sections[i];

		s->name = strtab_name(e, names, sh[i].sh_name);
		s->addr = sh[i].sh_addr;
		s->size = sh[i].sh_size;
		s->offset = sh[i].sh_offset;
		s->flags = sh[i].sh_flags;
		s->type = sh[i].sh_type;
		if (s->type == SHT_SYMTAB && sh[i].sh_entsize == sizeof(Elf64_Sym))
			*symtab = &sh[i];
		if ((s->flags & SHF_ALLOC) && s->size) {
			if (s->addr < e->lo)
				e->lo = s->addr;
			if (s->addr + s->size > e->hi)
				e->hi = s->addr + s->size;
		}
	}
	if (e->lo > e->hi)
		e->lo = e->hi = 0;
	return 0;
}

static int read_symbols(struct elf_image *e, const Elf64_Ehdr *eh, const Elf64_Shdr *symtab)
{
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(e->map + eh->e_shoff);
	const Elf64_Sym *sym;
	size_t i, n;

	if (!symtab)
		return 0;
	if (!in_file(e, symtab->sh_offset, symtab->sh_size) || symtab->sh_link >= eh->e_shnum)
		return -1;
	sym = (const Elf64_Sym *)(e->map + symtab->sh_offset);
	n = symtab->sh_size / sizeof(*sym);
	e->symbols = xcalloc(n ? n : 1, sizeof(*e->symbols));
	for (i = 0; i < n; i++) {
		struct elf_symbol *s = &e->symbols[e->nsymbols];

		s->name = strtab_name(e, &sh[symtab->sh_link], sym[i].st_name);
		if (!*s->name)
			continue;
		s->value = sym[i].st_value;
		s->size = sym[i].st_size;
		s->type = ELF64_ST_TYPE(sym[i].st_info);
		s->bind = ELF64_ST_BIND(sym[i].st_info);
		s->shndx = sym[i].st_shndx;
		e->nsymbols++;
	}
	return 0;
}

int elf_open(struct elf_image *e, const char *path)
{
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *symtab = NULL;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map;

	memset(e, 0, sizeof(*e));
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size < sizeof(*eh)) {
		close(fd);
		return -1;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -1;
	e->map = map;
	e->len = st.st_size;
	eh = map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB || read_sections(e, eh, &symtab) ||
	    read_symbols(e, eh, symtab)) {
		elf_close(e);
		return -1;
	}
	return 0;
}

void elf_close(struct elf_image *e)
{
	if (e->map)
		munmap((void *)e->map, e->len);
	free(e->sections);
	free(e->symbols);
	memset(e, 0, sizeof(*e));
}

const struct elf_section *elf_section(const struct elf_image *e, size_t i)
{
	return i < e->nsections ? &e->sections[i] : NULL;
}

const struct elf_section *elf_section_named(const struct elf_image *e, const char *name)
{
	size_t i;

	for (i = 0; i < e->nsections; i++)
		if (!strcmp(e->sections[i].name, name))
			return &e->sections[i];
	return NULL;
}

const unsigned char *elf_bytes(const struct elf_image *e, uint64_t addr, uint64_t len)
{
	size_t i;

	for (i = 0; i < e->nsections; i++) {
		const struct elf_section *s = &e->sections[i];

		if (!(s->flags & SHF_ALLOC) || s->type == SHT_NOBITS || addr < s->addr ||
		    addr - s->addr > s->size || len > s->size - (addr - s->addr))
			continue;
		if (!in_file(e, s->offset + (addr - s->addr), len))
			return NULL;
		return e->map + s->offset + (addr - s->addr);
	}
	return NULL;
}

const char *elf_string(const struct elf_image *e, uint64_t addr)
{
	size_t i;

	for (i = 0; i < e->nsections; i++) {
		const struct elf_section *s = &e->sections[i];
		const unsigned char *p;

		if (!(s->flags & SHF_ALLOC) || s->type == SHT_NOBITS || addr < s->addr ||
		    addr - s->addr >= s->size)
			continue;
		if (!in_file(e, s->offset, s->size))
			return NULL;
		p = e->map + s->offset + (addr - s->addr);
		return memchr(p, '\0', s->size - (addr - s->addr)) ? (const char *)p : NULL;
	}
	return NULL;
}

char elf_symbol_letter(const struct elf_image *e, const struct elf_symbol *s)
{
	const struct elf_section *sec = elf_section(e, s->shndx);
	char c = '?';

	if (!sec || !(sec->flags & SHF_ALLOC))
		return c;
	if (sec->flags & SHF_EXECINSTR)
		c = 't';
	else if (sec->type == SHT_NOBITS)
		c = 'b';
	else if (sec->flags & SHF_WRITE)
		c = 'd';
	else
		c = 'r';
	if (s->bind == STB_WEAK)
		return 'W';
	return s->bind == STB_GLOBAL ? c - 'a' + 'A' : c;
}
