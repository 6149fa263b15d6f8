// SPDX-License-Identifier: GPL-2.0
/*
 * coverage-arch.c - name the architecture that would compile a changed line
 * no configuration of the run compiled: a line under another architecture's
 * own tree (arch/arm64/), or guarded by its own symbol being set
 * (ARM64=y), as configs/arch/NAME.arch says. Such a line is never counted
 * as covered; the hint says which --arch would build it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge/coverage.h"
#include "kconfig/guards-arch.h"

/* Whether guard text ("SMP=n, ARM64=y") asks symbol to be set (=y or =m). */
static int guard_sets(const char *guard, const char *symbol)
{
	size_t len = strlen(symbol);
	const char *p = guard;

	while ((p = strstr(p, symbol))) {
		int start = p == guard || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');

		if (start && p[len] == '=' && (p[len + 1] == 'y' || p[len + 1] == 'm'))
			return 1;
		p += len;
	}
	return 0;
}

static int under(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	return !strncmp(path, dir, len) && path[len] == '/';
}

static const char *line_arch(const struct arch_claims *c, const struct coverage_line *l)
{
	size_t i;

	for (i = 0; i < c->narches; i++) {
		const struct arch_desc *a = &c->arches[i];

		if (a->source_dir && under(l->path, a->source_dir))
			return a->name;
		if (a->symbol && guard_sets(l->guard, a->symbol))
			return a->name;
	}
	return NULL;
}

void coverage_name_arches(struct coverage *cov)
{
	struct arch_claims c;
	size_t i, j;

	if (arch_claims_init(&c))
		return;
	for (i = 0; i < cov->ncommits; i++) {
		struct coverage_commit *cc = &cov->commits[i];

		for (j = 0; j < cc->nmissed; j++) {
			const char *name = line_arch(&c, &cc->missed[j]);

			free(cc->missed[j].arch);
			cc->missed[j].arch = name ? xstrdup(name) : NULL;
		}
	}
	arch_claims_release(&c);
}

char *coverage_arch_dir(const char *key)
{
	struct arch_desc a;
	char name[64], why[256];
	char *dir = NULL;

	arch_key_split(key, name, sizeof(name));
	if (arch_load(name, &a, why, sizeof(why)))
		return NULL;
	if (a.source_dir)
		dir = xstrdup(a.source_dir);
	arch_release(&a);
	return dir;
}
