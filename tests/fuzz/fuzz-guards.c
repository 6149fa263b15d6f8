// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the guard scanners (guards-cpp.c, guards-kbuild.c) on
 * any file a series could change. The first byte picks the scanner:
 *   'c' C (#if/#ifdef/#elif/#else/#endif, IS_ENABLED), 'm' a Makefile or
 *   Kbuild file, 'k' a Kconfig file, 'd' a diff (guards_parse_diff);
 * any other byte runs the three scanners on the rest. Built by 'make fuzz'.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/guards.h"
#include "lib/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void scan(const char *text, enum guard_kind kind)
{
	struct guard_file f = { 0 };
	struct strbuf out = STRBUF_INIT;
	size_t i, k;

	guards_scan_file(text, kind, &f);
	for (i = 1; i <= f.nlines; i++) {
		const struct guard_set *s = &f.lines[i];

		for (k = 0; k < s->n; k++)
			if (!s->v[k].symbol || !*s->v[k].symbol)
				__builtin_trap();
		guard_set_format(s, &out);
		strbuf_reset(&out);
	}
	strbuf_release(&out);
	guard_file_release(&f);
}

static void diff(const char *text)
{
	struct diff_files d = { 0 };

	guards_parse_diff(text, &d);
	diff_files_release(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (!size)
		return 0;
	text = xstrndup((const char *)data + 1, size - 1);
	switch (data[0]) {
	case 'c':
		scan(text, GUARD_KIND_C);
		break;
	case 'm':
		scan(text, GUARD_KIND_MAKE);
		break;
	case 'k':
		scan(text, GUARD_KIND_KCONFIG);
		break;
	case 'd':
		diff(text);
		break;
	default:
		scan(text, GUARD_KIND_C);
		scan(text, GUARD_KIND_MAKE);
		scan(text, GUARD_KIND_KCONFIG);
	}
	free(text);
	return 0;
}
