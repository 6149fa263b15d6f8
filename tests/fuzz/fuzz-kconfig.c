// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the Kconfig index (kconfig-index.c) on any text a kernel tree
 * under test could hold in a Kconfig file (configs, run --configs auto):
 * entries, if/menu/choice blocks nested without limit, help text, and the
 * dependency expressions it then turns into assignments. Built by 'make fuzz'.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/kconfig-index.h"
#include "lib/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kconfig_index ix = { 0 };
	char *text = xstrndup((const char *)data, size);
	size_t i, j;

	/* Twice: a second definition of a symbol adds to the first. */
	kconfig_index_add_text(&ix, text);
	kconfig_index_add_text(&ix, text);
	for (i = 0; i < ix.n; i++) {
		const struct kconfig_symbol *s = &ix.v[i];
		struct argv_array words = ARGV_ARRAY_INIT;

		if (kconfig_find(&ix, s->name) == NULL)
			__builtin_trap();
		kconfig_depends_assign(s->depends.buf, &words);
		for (j = 0; j < words.argc; j++)
			if (!strchr(words.argv[j], '='))
				__builtin_trap();
		argv_clear(&words);
	}
	kconfig_index_release(&ix);
	free(text);
	return 0;
}
