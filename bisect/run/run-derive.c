// SPDX-License-Identifier: GPL-2.0
/*
 * run-derive.c - the stage of 'bisectable run --configs auto' that derives
 * configurations from the series before the first commit is verified (the
 * derivation itself is config-derive.c). Derived configurations are built at
 * every commit and booted only with --boot auto: they cost build time only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/arch.h"
#include "lib/hash.h"
#include "kconfig/config-derive-series.h"
#include "db/db.h"
#include "lib/layout.h"
#include "run/run.h"
#include "input/tree.h"
#include "lib/run-command.h"
#include "lib/util.h"

/*
 * A derived configuration joins the run's: one over defconfig by its key
 * (defconfig+auto-N) with its spec (defconfig:auto-N, the fragment
 * auto-N.config in the run's configs directory), as a TARGET:FRAGMENT
 * name given to --configs would be. The given configurations are still
 * configs/ names only (run-setup.c): only derived ones start elsewhere.
 */
static void add_derived(struct run_config *rc, const struct derive_result *res, size_t i)
{
	const char *name = res->configs[i].name, *plus = strchr(name, '+');

	run_config_add_config(rc, name, !rc->boot_derived);
	if (plus) {
		char *pair = xasprintf("%s=%s:%s", name, res->configs[i].start, plus + 1);

		run_config_list_add(&rc->config_specs, &rc->nconfig_specs, pair);
		free(pair);
	}
}

/*
 * Another architecture's lines: its configurations join the run as
 * derived ones do ("riscv64+up" with the spec "up"), whatever --arch
 * says, since the series needs them. Its cross compiler (and QEMU with
 * --boot auto) must be there: checked here, before the first commit.
 */
static int run_config_listed(const struct run_config *rc, const char *key)
{
	return str_index(rc->configs, rc->nconfigs, key) >= 0;
}

static int add_arch_configs(struct run_config *rc, struct derive_series *ds)
{
	struct strbuf keys = STRBUF_INIT;
	size_t a, k;
	int ret = 0;

	for (a = 0; a < ds->narches; a++) {
		struct derive_arch *da = &ds->arches[a];
		struct argv_array added = ARGV_ARRAY_INIT, specs = ARGV_ARRAY_INIT;

		if (da->why_not) {
			ret = error("--configs auto: the series changes %zu line%s of %s: %s",
				    da->lines, da->lines == 1 ? "" : "s", da->name, da->why_not);
			continue;
		}
		if (run_check_arch_tool(da->name, rc->boot_derived)) {
			ret = -1;
			continue;
		}
		strbuf_reset(&keys);
		for (k = 0; k < da->keys.argc; k++) {
			char *pair;

			strbuf_addf(&keys, "%s%s", k ? ", " : "", da->keys.argv[k]);
			if (run_config_listed(rc, da->keys.argv[k]))
				continue;	/* --arch gave it already: it stays a given one */
			run_config_add_config(rc, da->keys.argv[k], !rc->boot_derived);
			pair = xasprintf("%s=%s", da->keys.argv[k], da->specs.argv[k]);
			run_config_list_add(&rc->config_specs, &rc->nconfig_specs, pair);
			free(pair);
			argv_push(&added, da->keys.argv[k]);
			argv_push(&specs, da->specs.argv[k]);
		}
		info("%s: the series changes %zu line%s of its own: %s", da->name, da->lines,
		     da->lines == 1 ? "" : "s",
		     keys.len ? keys.buf : "no configuration its Kconfig keeps covers them");
		/* What the run added, for run_write_derived. */
		argv_clear(&da->keys);
		argv_clear(&da->specs);
		da->keys = added;
		da->specs = specs;
	}
	strbuf_release(&keys);
	return ret;
}

/* The given configurations' own names: with --arch each is there once per architecture. */
static void fixed_configs(const struct run_config *rc, struct argv_array *out)
{
	size_t i, j;

	for (i = 0; i < rc->nconfigs; i++) {
		char arch[64];
		const char *name = arch_key_split(rc->configs[i], arch, sizeof(arch));

		for (j = 0; j < out->argc && strcmp(out->argv[j], name); j++)
			;
		if (j == out->argc)
			argv_push(out, name);
	}
}

/*
 * Whether derived configuration i joins the run: with --configs auto every
 * one (up to --auto-budget); by default only those over tinyconfig (one
 * over defconfig is a full build at every commit), up to the budget. What
 * is left out is said, with what it would have covered.
 */
static int derived_taken(const struct run_config *rc, const struct derive_result *res,
			 size_t i, int *taken)
{
	const struct derived_config *c = &res->configs[i];
	struct strbuf covers = STRBUF_INIT;
	const char *why = NULL;
	size_t j;

	if (rc->derive_default && strcmp(c->start, "tinyconfig"))
		why = "it starts from defconfig, a full build at every commit";
	else if (rc->auto_budget >= 0 && *taken >= rc->auto_budget)
		why = "over --auto-budget";
	if (!why) {
		(*taken)++;
		return 1;
	}
	for (j = 0; j < res->narms; j++)
		if (res->arms[j].config == (int)i)
			strbuf_addf(&covers, "%s%s=%c", covers.len ? ", " : "",
				    res->arms[j].symbol, res->arms[j].value);
	info("%s left out (%s; --configs with 'auto' takes it): what it covers stays"
	     " uncompiled: %s", c->name, why, covers.buf);
	strbuf_release(&covers);
	return 0;
}

int run_derive(struct run *r)
{
	struct run_config *rc = r->rc;
	struct strbuf list = STRBUF_INIT, line = STRBUF_INIT;
	struct argv_array shas = ARGV_ARRAY_INIT;
	char *range = xasprintf("%s..%s", r->base.buf, r->tip.buf);
	const struct derive_result *res;
	struct argv_array fixed = ARGV_ARRAY_INIT;
	size_t i, nfixed, unreachable = 0;
	int ret = -1, taken = 0;

	if (git(r->work_dir, &list, "rev-list", "--reverse", range, NULL))
		goto out;
	for (const char *p = list.buf; *p; ) {
		const char *eol = strchrnul(p, '\n');
		char *sha = xstrndup(p, eol - p);

		argv_push(&shas, sha);
		free(sha);
		p = *eol ? eol + 1 : eol;
	}
	if (!shas.argc) {
		info("--configs auto: no commit to derive configurations from");
		ret = 0;
		goto out;
	}
	r->derived = xcalloc(1, sizeof(*r->derived));
	info("deriving configurations from the guards of %zu commits (Kconfig at the tip)",
	     shas.argc);
	fixed_configs(rc, &fixed);
	nfixed = fixed.argc;
	if (derive_series(r->work_dir, &shas, (const char *const *)fixed.argv, nfixed, 1,
			  r->derived))
		goto out;
	res = &r->derived->result;
	for (i = nfixed; i < res->nconfigs; i++)
		if (derived_taken(rc, res, i, &taken))
			add_derived(rc, res, i);
	/* By default another architecture's lines are only named (coverage-arch.c). */
	if (!rc->derive_default && add_arch_configs(rc, r->derived))
		goto out;
	for (i = 0; i < res->narms; i++)
		unreachable += res->arms[i].config < 0;
	for (i = nfixed; i < res->nconfigs; i++)
		strbuf_addf(&line, "%s%s", i > nfixed ? ", " : "", res->configs[i].name);
	info("%zu symbols, %zu arms: %zu derived configuration%s%s%s, %zu arm%s unreachable"
	     " (%u olddefconfig runs, %.1f s; 'bisectable configs' tells why)",
	     r->derived->nsymbols, res->narms, res->nconfigs - nfixed,
	     res->nconfigs - nfixed == 1 ? "" : "s", line.len ? ": " : "", line.buf,
	     unreachable, unreachable == 1 ? " is" : "s are", res->resolved, r->derived->seconds);
	for (i = nfixed; i < res->nconfigs; i++) {
		char *why = derive_start_reason(res, i);

		if (why)
			info("%s starts from %s: %s", res->configs[i].name, res->configs[i].start,
			     why);
		free(why);
	}
	ret = 0;
out:
	free(range);
	strbuf_release(&list);
	strbuf_release(&line);
	argv_clear(&shas);
	argv_clear(&fixed);
	return ret;
}

/*
 * configs/auto/<run>/ in the project when it can be written (a checkout),
 * else in the cache (an installed bisectable). <run> carries a hash of the
 * database's path: two databases each have a run 1.
 */
static char *auto_dir(const char *db_path, long long id)
{
	char *db = abspath(db_path), *hash = sha256_buf(db, strlen(db));
	char *rel = xasprintf("configs/auto/%lld-%.8s", id, hash);
	char *dir = project_path(rel);

	if (mkdir_p(dir)) {
		char *cache = cache_dir();

		free(dir);
		dir = xasprintf("%s/%s", cache, rel);
		free(cache);
		if (mkdir_p(dir))
			die("cannot create %s: %s", dir, strerror(errno));
	}
	free(db);
	free(hash);
	free(rel);
	return dir;
}

static void copy_fragment(const char *from_dir, const char *to_dir, const char *name,
			  struct strbuf *text)
{
	char *from = xasprintf("%s/%s.config", from_dir, name);
	char *to = xasprintf("%s/%s.config", to_dir, name);

	strbuf_reset(text);
	if (strbuf_read_file(text, from) < 0 || write_file(to, text->buf, text->len))
		die("cannot copy %s to %s", from, to);
	free(from);
	free(to);
}

/*
 * Configuration i of res in the run's configs directory and its
 * run_configs row, keyed key: "auto-1", or another architecture's
 * "riscv64+up" (a given fragment that the derivation added there).
 */
static void put_config(struct run *r, const struct derive_result *res, size_t i,
		       const char *key, int by_derivation, const char *given, const char *dir)
{
	const struct derived_config *c = &res->configs[i];
	struct strbuf text = STRBUF_INIT, covers = STRBUF_INIT;
	size_t j;

	for (j = 0; j < res->narms && by_derivation; j++)
		if (res->arms[j].config == (int)i)
			strbuf_addf(&covers, "%s%s=%c", covers.len ? " " : "",
				    res->arms[j].symbol, res->arms[j].value);
	if (!c->derived) {
		copy_fragment(given, dir, c->name, &text);
		if (by_derivation)
			db_run_config_put(r->db, r->id, key, 1,
					  run_config_build_only(r->rc, key) ? 2 : 4, text.buf,
					  covers.buf);
		else if (run_config_listed(r->rc, key))
			db_run_config_put(r->db, r->id, key, 0, 4, text.buf, NULL);
		goto out;
	}
	derive_fragment_text(res, i, r->info.series, &text);
	{
		/* defconfig+auto-N's fragment is auto-N (its spec defconfig:auto-N). */
		const char *fragment = strchr(c->name, '+') ? strchr(c->name, '+') + 1 : c->name;
		char *path = xasprintf("%s/%s.config", dir, fragment);

		if (write_file(path, text.buf, text.len))
			die("cannot write %s: %s", path, strerror(errno));
		free(path);
	}
	db_run_config_put(r->db, r->id, key, 1, run_config_build_only(r->rc, key) ? 2 : 4,
			  text.buf, covers.buf);
out:
	strbuf_release(&text);
	strbuf_release(&covers);
}

/* Another architecture's configurations: each key's configuration of its derivation. */
static void put_arch_configs(struct run *r, const struct derive_arch *da, const char *given,
			     const char *dir)
{
	size_t i, k;

	for (i = 0; i < da->result.nconfigs; i++) {
		char *key = arch_config_key(da->name, da->result.configs[i].name);

		for (k = 0; k < da->keys.argc; k++)
			if (!strcmp(da->keys.argv[k], key))
				put_config(r, &da->result, i, key, 1, given, dir);
		free(key);
	}
}

void run_write_derived(struct run *r)
{
	struct run_config *rc = r->rc;
	const struct derive_result *res;
	struct strbuf text = STRBUF_INIT;
	char *given = project_path("configs"), *dir, *configs, *options;
	size_t i;

	if (!r->derived || !r->derived->derived)
		return;
	res = &r->derived->result;
	dir = auto_dir(r->db_path, r->id);
	/* The given fragments too: the run's configurations are all in one place. */
	copy_fragment(given, dir, "base", &text);
	db_begin(r->db);
	for (i = 0; i < res->nconfigs; i++)
		if (!res->configs[i].derived || run_config_listed(rc, res->configs[i].name))
			put_config(r, res, i, res->configs[i].name, res->configs[i].derived,
				   given, dir);
	for (i = 0; i < r->derived->narches && !rc->derive_default; i++)
		put_arch_configs(r, &r->derived->arches[i], given, dir);
	free(rc->configs_dir);
	rc->configs_dir = xstrdup(dir);
	configs = run_config_configs_list(rc);
	options = run_config_to_json(rc);
	db_run_set_options(r->db, r->id, configs, options);
	db_commit(r->db);
	info("derived configurations written to %s", dir);
	free(configs);
	free(options);
	free(dir);
	free(given);
	strbuf_release(&text);
}
