// SPDX-License-Identifier: GPL-2.0
/*
 * config-derive-series.c - the derivation over a series (config-derive-series.h):
 * the guards of each commit's changed lines, then config-derive.c's search
 * at the tip, in a scratch Kconfig tree kept in the cache, for x86_64 and
 * for each other architecture with lines of its own.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kconfig/config-derive-series.h"
#include "kconfig/guards-arch.h"
#include "lib/layout.h"

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_symbol(struct derive_series *ds, const char *sym)
{
	size_t i;

	for (i = 0; i < ds->nsymbols; i++)
		if (!strcmp(ds->symbols[i], sym))
			return;
	ds->symbols = xrealloc(ds->symbols, (ds->nsymbols + 1) * sizeof(*ds->symbols));
	ds->symbols[ds->nsymbols++] = xstrdup(sym);
}

/*
 * The scratch Kconfig tree of commit, kept in the cache by what Kconfig
 * reads of it (a marker file says the export finished):
 * <cache>/kconfig/<key>/{src,out}.
 */
static int scratch_tree(const char *git_dir, const char *commit,
			const struct kconfig_arch *arch, char **src, char **out, int *lock_fd)
{
	char *cache = cache_dir(), *key = kconfig_tree_key_arch(git_dir, commit, arch);
	char *top = NULL, *marker = NULL, *lock = NULL;
	int ret = -1;

	*src = *out = NULL;
	if (!key) {
		error("%s is not a commit of %s", commit, git_dir);
		goto out;
	}
	top = xasprintf("%s/kconfig/%.32s", cache, key);
	lock = xasprintf("%s.lock", top);
	marker = xasprintf("%s/src/.bisectable-exported", top);
	mkdir_p(top);
	/* Two runs on the same tree take turns. */
	*lock_fd = lock_file(lock, 1);
	if (*lock_fd < 0) {
		error("cannot lock %s", lock);
		goto out;
	}
	*src = xasprintf("%s/src", top);
	*out = xasprintf("%s/out", top);
	if (!file_exists(marker)) {
		remove_tree(*src);
		remove_tree(*out);
		if (kconfig_tree_export_arch(git_dir, commit, *src, arch) ||
		    write_file(marker, "", 0))
			goto out;
	}
	ret = 0;
out:
	free(key);
	free(cache);
	free(top);
	free(marker);
	free(lock);
	return ret;
}

static char *read_fragment(const char *name)
{
	char *rel = xasprintf("configs/%s.config", name), *path = project_path(rel);
	struct strbuf text = STRBUF_INIT;

	if (strbuf_read_file(&text, path) < 0) {
		error("cannot read %s", path);
		strbuf_release(&text);
		text.buf = NULL;
	}
	free(rel);
	free(path);
	return text.buf ? strbuf_detach(&text, NULL) : NULL;
}

/*
 * The derivation at commit tip's Kconfig of arch (NULL: x86_64) over the
 * fixed configurations: every arm of symbols, or with masks those asked.
 */
static int derive_at(const char *git_dir, const char *tip, const struct kconfig_arch *arch,
		     const char *const *symbols, const unsigned *masks, size_t nsymbols,
		     const char *const *fixed, const char *const *frags, size_t nfixed,
		     struct derive_result *res)
{
	struct kconfig_index ix = { 0 };
	struct kconfig_eval ev = { 0 };
	char *src = NULL, *out = NULL, *base = NULL;
	int lock_fd = -1, ret = -1;

	if (scratch_tree(git_dir, tip, arch, &src, &out, &lock_fd) ||
	    kconfig_index_load_arch(src, arch ? arch->srcarch : NULL, &ix))
		goto out;
	base = project_path("configs/base.config");
	if (kconfig_eval_init_arch(&ev, src, out, base, 1, arch))
		goto out;
	if (config_derive_masks(&ev, &ix, symbols, masks, nsymbols, fixed, frags, nfixed, res))
		goto out;
	ret = 0;
out:
	if (lock_fd >= 0)
		close(lock_fd);
	kconfig_eval_release(&ev);
	kconfig_index_release(&ix);
	free(src);
	free(out);
	free(base);
	return ret;
}

static int compare_symbol_masks(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort an architecture's symbols, keeping each one's mask with it. */
static void sort_lines(struct arch_lines *l)
{
	struct pair { char *symbol; unsigned mask; } *v;
	size_t i;

	if (!l->nsymbols)
		return;
	v = xcalloc(l->nsymbols, sizeof(*v));
	for (i = 0; i < l->nsymbols; i++) {
		v[i].symbol = l->symbols[i];
		v[i].mask = l->masks[i];
	}
	qsort(v, l->nsymbols, sizeof(*v), compare_symbol_masks);
	for (i = 0; i < l->nsymbols; i++) {
		l->symbols[i] = v[i].symbol;
		l->masks[i] = v[i].mask;
	}
	free(v);
}

/* Whether program is an executable on $PATH. */
static int on_path(const char *program)
{
	const char *path = getenv("PATH"), *p, *colon;

	for (p = path ? path : ""; *p; p = *colon ? colon + 1 : colon) {
		char *full;
		int found;

		colon = strchrnul(p, ':');
		full = xasprintf("%.*s/%s", (int)(colon - p), p, program);
		found = colon > p && !access(full, X_OK);
		free(full);
		if (found)
			return 1;
	}
	return 0;
}

/* The kconfig_arch of a: its ARCH=, arch/ directory, compiler and fragment lines. */
static void kconfig_arch_of(const struct arch_desc *a, struct kconfig_arch *ka,
			    struct strbuf *srcarch, struct strbuf *fragment)
{
	const char *dir = a->image_path + strlen("arch/");
	size_t i;

	/* arch/riscv/boot/Image: arch/riscv is its tree (i386's is x86's). */
	strbuf_add(srcarch, dir, strcspn(dir, "/"));
	for (i = 0; i < a->nfragment; i++)
		strbuf_addf(fragment, "%s\n", a->fragment[i]);
	ka->kbuild_arch = a->kbuild_arch;
	ka->srcarch = srcarch->buf;
	ka->cross_compile = a->cross_compile;
	ka->fragment = fragment->buf;
}

/* Configuration i of da's derivation joins the run as "ARCH+NAME", its spec as it is given. */
static void derive_arch_add_key(struct derive_arch *da, size_t i)
{
	const char *name = da->result.configs[i].name, *plus = strchr(name, '+');
	char *key = arch_config_key(da->name, name);

	argv_push(&da->keys, key);
	if (plus)	/* defconfig+auto-N: defconfig:auto-N */
		argv_pushf(&da->specs, "%s:%s", da->result.configs[i].start, plus + 1);
	else
		argv_push(&da->specs, name);
	free(key);
}

/* The configurations a derivation on an architecture adds: keys "ARCH+NAME" and specs. */
static void arch_keys(struct derive_arch *da, size_t *numbered)
{
	struct derive_result *r = &da->result;
	size_t i, j, last_held = 0;
	int any = 0;

	for (i = 0; i < r->nconfigs; i++) {
		struct derived_config *c = &r->configs[i];
		int used = c->derived;

		for (j = 0; j < r->narms && !used; j++)
			used = r->arms[j].config == (int)i;
		if (!c->derived && !c->dropped)
			last_held = i + 1;
		if (c->derived) {
			/* Numbered after the others' (one configs directory for the run). */
			free(c->name);
			c->name = strcmp(c->start, "tinyconfig") ?
				xasprintf("%s+auto-%zu", c->start, ++*numbered) :
				xasprintf("auto-%zu", ++*numbered);
		}
		if (used) {
			any = 1;
			derive_arch_add_key(da, i);
		}
	}
	/* Its lines need a build even when no guard asks for one: the most code built. */
	if (!any && da->lines && last_held)
		derive_arch_add_key(da, last_held - 1);
}

/* Each other architecture with lines of its own: its derivation at the tip. */
static void derive_arches(const char *git_dir, const char *tip, struct arch_claims *claims,
			  const char *const *fixed, const char *const *frags, size_t nfixed,
			  struct derive_series *ds)
{
	size_t a, numbered = ds->result.nconfigs > nfixed ? ds->result.nconfigs - nfixed : 0;

	for (a = 0; a < claims->narches; a++) {
		const struct arch_desc *ad = &claims->arches[a];
		struct arch_lines *l = &claims->lines[a];
		struct strbuf srcarch = STRBUF_INIT, fragment = STRBUF_INIT;
		struct kconfig_arch ka = { 0 };
		struct derive_arch *da;
		char *gcc;

		if (!l->lines)
			continue;
		sort_lines(l);
		ds->arches = xrealloc(ds->arches, (ds->narches + 1) * sizeof(*ds->arches));
		da = &ds->arches[ds->narches++];
		memset(da, 0, sizeof(*da));
		da->name = xstrdup(ad->name);
		da->lines = l->lines;
		gcc = xasprintf("%sgcc", ad->cross_compile);
		kconfig_arch_of(ad, &ka, &srcarch, &fragment);
		if (*ad->cross_compile && !on_path(gcc))
			da->why_not = xasprintf("%s not found: install Debian's %s package", gcc,
						ad->compiler_package);
		else if (derive_at(git_dir, tip, &ka, (const char *const *)l->symbols, l->masks,
				   l->nsymbols, fixed, frags, nfixed, &da->result))
			da->why_not = xasprintf("its Kconfig could not be run");
		else
			da->derived = 1;
		if (da->derived)
			arch_keys(da, &numbered);
		free(gcc);
		strbuf_release(&srcarch);
		strbuf_release(&fragment);
	}
}

int derive_series(const char *git_dir, const struct argv_array *shas,
		  const char *const *fixed, size_t nfixed, int derive, struct derive_series *ds)
{
	double start = now_seconds();
	struct arch_claims claims;
	char **frags = NULL;
	int ret = -1;
	size_t i, j;

	memset(ds, 0, sizeof(*ds));
	arch_claims_init(&claims);
	for (i = 0; i < shas->argc; i++) {
		struct derive_commit *c;

		ds->commits = xrealloc(ds->commits, (ds->ncommits + 1) * sizeof(*ds->commits));
		c = &ds->commits[ds->ncommits++];
		memset(c, 0, sizeof(*c));
		c->sha = xstrdup(shas->argv[i]);
		if (guards_commit_claims(git_dir, c->sha, &c->counts, &claims))
			goto out;
		for (j = 0; j < c->counts.n; j++)
			add_symbol(ds, c->counts.v[j].g.symbol);
	}
	if (ds->nsymbols)
		qsort(ds->symbols, ds->nsymbols, sizeof(*ds->symbols), compare_strings);
	if (!derive || !shas->argc) {
		ret = 0;
		goto out;
	}
	frags = xcalloc(nfixed + 1, sizeof(*frags));
	for (i = 0; i < nfixed; i++)
		if (!(frags[i] = read_fragment(fixed[i])))
			goto out;
	/* x86_64's lines: every one no other architecture claims (guards-arch.h). */
	sort_lines(&claims.own);
	if (derive_at(git_dir, shas->argv[shas->argc - 1], NULL,
		      (const char *const *)claims.own.symbols, NULL, claims.own.nsymbols, fixed,
		      (const char *const *)frags, nfixed, &ds->result))
		goto out;
	ds->derived = 1;
	derive_arches(git_dir, shas->argv[shas->argc - 1], &claims, fixed,
		      (const char *const *)frags, nfixed, ds);
	ret = 0;
out:
	ds->seconds = now_seconds() - start;
	arch_claims_release(&claims);
	for (i = 0; frags && i < nfixed; i++)
		free(frags[i]);
	free(frags);
	return ret;
}

void derive_series_release(struct derive_series *ds)
{
	size_t i;

	for (i = 0; i < ds->ncommits; i++) {
		free(ds->commits[i].sha);
		guard_counts_release(&ds->commits[i].counts);
	}
	for (i = 0; i < ds->nsymbols; i++)
		free(ds->symbols[i]);
	free(ds->commits);
	free(ds->symbols);
	derive_result_release(&ds->result);
	for (i = 0; i < ds->narches; i++) {
		struct derive_arch *da = &ds->arches[i];

		free(da->name);
		free(da->why_not);
		derive_result_release(&da->result);
		argv_clear(&da->keys);
		argv_clear(&da->specs);
	}
	free(ds->arches);
	memset(ds, 0, sizeof(*ds));
}
