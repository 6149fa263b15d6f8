// SPDX-License-Identifier: GPL-2.0
/*
 * codeprint-disasm.c - objdump's disassembly of a vmlinux folded into a
 * digest per function (codeprint-disasm.h). The address column goes, and
 * what a link moves when another function grows: branch and call targets,
 * absolute addresses, RIP-relative displacements, the offset into another
 * symbol (a string literal's place in .rodata). What stays is the code:
 * the instructions, their registers and constants, whom they call.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lib/hash.h"
#include "step/codeprint-disasm.h"

void codeprint_name(const char *name, struct strbuf *out)
{
	const char *p = name;

	strbuf_reset(out);
	while (*p) {
		if (*p == '.' && isdigit((unsigned char)p[1]) && p != name) {
			const char *q = p + 1;

			while (isdigit((unsigned char)*q))
				q++;
			if (!*q || *q == '.') {
				p = q;
				continue;
			}
		}
		strbuf_add(out, p, 1);
		p++;
	}
}

static int is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* "<sym+0x1c>" at p (p[0] == '<'): its normalised form; the end of it returned. */
static const char *symbol_ref(const char *p, const char *self, struct strbuf *out)
{
	const char *end = strchr(p, '>'), *plus;
	struct strbuf name = STRBUF_INIT;
	char *raw;

	if (!end)
		end = p + strlen(p);
	plus = memchr(p, '+', end - p);
	raw = xstrndup(p + 1, (plus ? plus : end) - (p + 1));
	codeprint_name(raw, &name);
	strbuf_addf(out, "<%s", name.buf);
	if (plus && self && !strcmp(name.buf, self))
		strbuf_add(out, plus, end - plus);
	strbuf_addstr(out, ">");
	free(raw);
	strbuf_release(&name);
	return *end ? end + 1 : end;
}

/* A number at p (hex, with or without 0x); its end, or NULL if none is there. */
static const char *number_at(const char *p, uint64_t *value)
{
	const char *q = p;
	int hex = 0;

	if (q[0] == '0' && q[1] == 'x') {
		q += 2;
		hex = 1;
	}
	if (!isxdigit((unsigned char)*q))
		return NULL;
	while (isxdigit((unsigned char)*q))
		q++;
	if (is_word(*q))
		return NULL;
	/* objdump writes branch targets in bare hex, other numbers with 0x. */
	*value = strtoull(hex ? p + 2 : p, NULL, 16);
	return q;
}

void disasm_normalise(const char *insn, const char *self, uint64_t lo, uint64_t hi,
		      struct strbuf *out)
{
	const char *p = insn, *q;
	size_t start = out->len;
	uint64_t v;

	while (*p) {
		if (*p == ' ' || *p == '\t') {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p && out->len > start && out->buf[out->len - 1] != ' ')
				strbuf_addstr(out, " ");
			continue;
		}
		if (*p == '<') {
			p = symbol_ref(p, self, out);
			continue;
		}
		if ((p == insn || !is_word(p[-1])) && (q = number_at(p, &v))) {
			int neg = out->len > start && out->buf[out->len - 1] == '-';

			if (!strncmp(q, "(%rip)", 6)) {
				if (neg)
					out->buf[--out->len] = '\0';
				strbuf_addstr(out, "D");
			} else if (v >= lo && v < hi) {
				strbuf_addstr(out, "A");
			} else if (neg && 0 - v >= lo && 0 - v < hi) {
				/* A 32-bit displacement sign-extended to a kernel address. */
				out->buf[--out->len] = '\0';
				strbuf_addstr(out, "A");
			} else {
				strbuf_add(out, p, q - p);
			}
			p = q;
			continue;
		}
		strbuf_add(out, p, 1);
		p++;
	}
	while (out->len > start && out->buf[out->len - 1] == ' ')
		out->buf[--out->len] = '\0';
}

void disasm_init(struct disasm_state *d)
{
	strbuf_init(&d->label);
	strbuf_init(&d->text);
	d->in_function = 0;
}

static void function_done(struct disasm_state *d)
{
	char *h;

	if (!d->in_function)
		return;
	h = sha256_buf(d->text.buf, d->text.len);
	h[16] = '\0';
	if (d->done)
		d->done(d->addr, d->label.buf, h, d->data);
	free(h);
	d->in_function = 0;
	strbuf_reset(&d->text);
}

/* "ffffffff8100229e <mmap_write_unlock>:" */
static int label_line(struct disasm_state *d, const char *line)
{
	char *end;
	const char *lt, *gt;
	uint64_t addr = strtoull(line, &end, 16);
	char *raw;

	if (end == line || *end != ' ' || end[1] != '<')
		return 0;
	lt = end + 1;
	gt = strrchr(lt, '>');
	if (!gt || strcmp(gt, ">:"))
		return 0;
	function_done(d);
	raw = xstrndup(lt + 1, gt - lt - 1);
	codeprint_name(raw, &d->label);
	free(raw);
	d->addr = addr;
	d->end = d->size_of ? d->size_of(addr, d->data) : 0;
	if (d->end)
		d->end += addr;
	d->in_function = 1;
	return 1;
}

void disasm_feed(struct disasm_state *d, const char *line)
{
	const char *colon, *insn;
	char *end;
	uint64_t addr;

	if (!strncmp(line, "Disassembly of section ", 23)) {
		function_done(d);
		return;
	}
	if (label_line(d, line) || !d->in_function)
		return;
	while (*line == ' ')
		line++;
	addr = strtoull(line, &end, 16);
	colon = end;
	if (end == line || *colon != ':')
		return;		/* a blank line, "..." for skipped zeros */
	if (d->end && addr >= d->end)
		return;		/* the padding after it: the next one's alignment */
	insn = colon + 1;
	while (*insn == '\t' || *insn == ' ')
		insn++;
	disasm_normalise(insn, d->label.buf, d->lo, d->hi, &d->text);
	strbuf_addstr(&d->text, "\n");
}

void disasm_finish(struct disasm_state *d)
{
	function_done(d);
	strbuf_release(&d->label);
	strbuf_release(&d->text);
}
