// SPDX-License-Identifier: GPL-2.0
/*
 * config-derive.c - the fewest configurations that cover both arms of every
 * symbol guarding a series' changed lines (config-derive.h).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "kconfig/config-derive.h"
#include "kconfig/dotconfig.h"

/* The value an assignment list gives sym ('\0' if none). */
static char assigned(const struct argv_array *a, const char *sym)
{
	size_t len = strlen(sym), i;

	for (i = 0; i < a->argc; i++)
		if (!strncmp(a->argv[i], sym, len) && a->argv[i][len] == '=')
			return a->argv[i][len + 1];
	return '\0';
}

/* Whether every assignment of req fits map (no symbol given another value). */
static int fits(const struct argv_array *map, const struct argv_array *req)
{
	size_t i;

	for (i = 0; i < req->argc; i++) {
		const char *eq = strchr(req->argv[i], '=');
		char *sym = xstrndup(req->argv[i], eq - req->argv[i]);
		char have = assigned(map, sym);

		free(sym);
		if (have && have != eq[1])
			return 0;
	}
	return 1;
}

static void add_all(struct argv_array *map, const struct argv_array *req)
{
	size_t i;

	for (i = 0; i < req->argc; i++) {
		const char *eq = strchr(req->argv[i], '=');
		char *sym = xstrndup(req->argv[i], eq - req->argv[i]);

		if (!assigned(map, sym))
			argv_push(map, req->argv[i]);
		free(sym);
	}
}

static void fragment_of(const struct argv_array *map, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < map->argc; i++)
		strbuf_addf(out, "CONFIG_%s\n", map->argv[i]);
}

static int arm_holds(const struct derived_arm *a, const char *dotconfig)
{
	return dotconfig_tristate(dotconfig, a->symbol) == a->value;
}

static void add_config(struct derive_result *r, const char *name, const char *fragment,
		       int derived)
{
	struct derived_config *c;

	r->configs = xrealloc(r->configs, (r->nconfigs + 1) * sizeof(*r->configs));
	c = &r->configs[r->nconfigs++];
	memset(c, 0, sizeof(*c));
	c->name = xstrdup(name);
	c->fragment = xstrdup(fragment);
	strbuf_init(&c->dotconfig);
	c->derived = derived;
	c->start = "tinyconfig";
}

static void add_arm(struct derive_result *r, const char *symbol, char value)
{
	struct derived_arm *a;

	r->arms = xrealloc(r->arms, (r->narms + 1) * sizeof(*r->arms));
	a = &r->arms[r->narms++];
	memset(a, 0, sizeof(*a));
	a->symbol = xstrdup(symbol);
	a->value = value;
	a->config = -1;
}

/* Mark the open arms config c covers. */
static size_t mark_covered(struct derive_result *r, size_t c)
{
	size_t i, n = 0;

	for (i = 0; i < r->narms; i++)
		if (r->arms[i].config < 0 && !r->arms[i].reason &&
		    arm_holds(&r->arms[i], r->configs[c].dotconfig.buf)) {
			r->arms[i].config = c;
			n++;
		}
	return n;
}

/* Push the assignments a symbol's dependencies ask for, unless sym is already in extra. */
static void add_dependencies(const struct kconfig_index *ix, const char *sym,
			     struct argv_array *extra)
{
	const struct kconfig_symbol *s = kconfig_find(ix, sym);

	if (s && s->depends.len)
		kconfig_depends_assign(s->depends.buf, extra);
}

/* Why arm a of symbol s is left: a level added nothing new to try. */
static void give_up(struct derived_arm *a, const struct kconfig_symbol *s, const char *dotconfig)
{
	struct strbuf tried = STRBUF_INIT;
	size_t i;

	for (i = 0; i < a->extra.argc; i++)
		strbuf_addf(&tried, "%s%s", i ? " " : "", a->extra.argv[i]);
	if (tried.len)
		a->reason = xasprintf("still %c with %s set too (depends on %s%s%s)",
				      dotconfig_tristate(dotconfig, a->symbol), tried.buf,
				      s->depends.len ? s->depends.buf : "nothing",
				      s->prompt ? "" : "; no prompt",
				      s->selected_by.argc ? "; selected" : "");
	else
		a->reason = xasprintf("still %c and nothing to set: depends on %s%s",
				      dotconfig_tristate(dotconfig, a->symbol),
				      s->depends.len ? s->depends.buf : "nothing",
				      s->prompt ? "" : "; no prompt");
	strbuf_release(&tried);
}

/*
 * One more level of what might reach arm a, which Kconfig dropped from a
 * configuration whose .config is dotconfig. Returns 0, or -1 with a->reason
 * set when there is nothing more to try.
 */
static int extend(const struct kconfig_index *ix, struct derived_arm *a, const char *dotconfig)
{
	const struct kconfig_symbol *s = kconfig_find(ix, a->symbol);
	struct argv_array next = ARGV_ARRAY_INIT;
	size_t before = a->extra.argc, i;

	if (!s || !s->type) {
		a->reason = xasprintf("no config entry defines %s in the tree's Kconfig files",
				      a->symbol);
		return -1;
	}
	if (s->type == 'v') {
		a->reason = xasprintf("%s is not a bool or tristate", a->symbol);
		return -1;
	}
	if (++a->level > DERIVE_MAX_LEVEL) {
		a->reason = xasprintf("still %c after %d levels of dependencies (depends on %s)",
				      dotconfig_tristate(dotconfig, a->symbol), DERIVE_MAX_LEVEL,
				      s->depends.len ? s->depends.buf : "nothing");
		return -1;
	}
	if (a->value == 'n') {
		/* Forced on: by a selector that is on, or by its default without a prompt. */
		for (i = 0; i < s->selected_by.argc; i++)
			if (dotconfig_tristate(dotconfig, s->selected_by.argv[i]) != 'n')
				argv_pushf(&next, "%s=n", s->selected_by.argv[i]);
		if (!next.argc && !s->prompt) {
			a->reason = xasprintf("%s has no prompt and its default turns it on",
					      a->symbol);
			return -1;
		}
	} else if (a->level == 1) {
		if (!s->prompt && s->selected_by.argc) {
			/* Only a select can turn it on: the first selector, with its dependencies. */
			argv_pushf(&next, "%s=y", s->selected_by.argv[0]);
			add_dependencies(ix, s->selected_by.argv[0], &next);
		} else if (!s->prompt) {
			a->reason = xasprintf("%s has no prompt and nothing selects it", a->symbol);
			return -1;
		}
		add_dependencies(ix, a->symbol, &next);
	}
	/* Deeper levels: the dependencies of what the last level added. */
	if (a->level > 1)
		for (i = 0; i < a->extra.argc; i++) {
			char *sym = xstrndup(a->extra.argv[i], strcspn(a->extra.argv[i], "="));

			if (strchr(a->extra.argv[i], '=')[1] != 'n')
				add_dependencies(ix, sym, &next);
			free(sym);
		}
	for (i = 0; i < next.argc; i++) {
		char *sym = xstrndup(next.argv[i], strcspn(next.argv[i], "="));

		if (strcmp(sym, a->symbol) && !assigned(&a->extra, sym))
			argv_push(&a->extra, next.argv[i]);
		free(sym);
	}
	argv_clear(&next);
	if (a->extra.argc == before) {
		give_up(a, s, dotconfig);
		return -1;
	}
	return 0;
}

/* Resolve the fragment of map as configuration c; drop what did not hold, and check again. */
static int resolve_config(struct kconfig_eval *ev, struct derive_result *r, size_t c,
			  struct argv_array *map)
{
	struct strbuf text = STRBUF_INIT;
	struct argv_array held = ARGV_ARRAY_INIT;
	int round, ret = -1;
	size_t i;

	for (round = 0; round < 3; round++) {
		strbuf_reset(&text);
		fragment_of(map, &text);
		if (kconfig_eval_resolve_over(ev, r->configs[c].start, text.buf,
					      &r->configs[c].dotconfig))
			goto out;
		argv_clear(&held);
		for (i = 0; i < map->argc; i++) {
			char *sym = xstrndup(map->argv[i], strcspn(map->argv[i], "="));

			if (dotconfig_tristate(r->configs[c].dotconfig.buf, sym) ==
			    strchr(map->argv[i], '=')[1])
				argv_push(&held, map->argv[i]);
			free(sym);
		}
		if (held.argc == map->argc)
			break;
		/* The build checks every line of a fragment: keep only what Kconfig kept. */
		argv_clear(map);
		add_all(map, &held);
	}
	free(r->configs[c].fragment);
	r->configs[c].fragment = strbuf_detach(&text, NULL);
	ret = 0;
out:
	strbuf_release(&text);
	argv_clear(&held);
	return ret;
}

/* Greedy: every open arm that fits, in order, into the fragment of map. */
static void pack(struct derive_result *r, struct argv_array *map, size_t *tried, size_t *ntried)
{
	size_t i, j;

	for (i = 0; i < r->narms; i++) {
		struct derived_arm *a = &r->arms[i];
		struct argv_array req = ARGV_ARRAY_INIT;

		if (a->config >= 0 || a->reason)
			continue;
		argv_pushf(&req, "%s=%c", a->symbol, a->value);
		for (j = 0; j < a->extra.argc; j++)
			argv_push(&req, a->extra.argv[j]);
		if (fits(map, &req)) {
			add_all(map, &req);
			tried[(*ntried)++] = i;
		}
		argv_clear(&req);
	}
}

/* A fragment's tristate assignments, in order, as "X=v" ("# CONFIG_X is not set" is X=n). */
static void fragment_assignments(const char *text, struct argv_array *out)
{
	struct dotconfig dc;
	size_t i;

	dotconfig_parse(text, &dc);
	for (i = 0; i < dc.n; i++)
		if (dotconfig_tristate_of(dc.v[i].value) != 'v')
			argv_pushf(out, "%s=%s", dc.v[i].name, dc.v[i].value);
	dotconfig_release(&dc);
}

/* Whether every assignment of a fixed configuration's fragment survived Kconfig. */
static int fragment_holds(const char *fragment, const char *dotconfig)
{
	struct argv_array want = ARGV_ARRAY_INIT;
	size_t i;
	int holds = 1;

	fragment_assignments(fragment, &want);
	for (i = 0; i < want.argc && holds; i++) {
		char *sym = xstrndup(want.argv[i], strcspn(want.argv[i], "="));

		holds = dotconfig_tristate(dotconfig, sym) == strchr(want.argv[i], '=')[1];
		free(sym);
	}
	argv_clear(&want);
	return holds;
}

/* The arms of symbol s: those mask asks for, or y and n (m for a tristate with modules). */
static void add_arms(struct derive_result *out, const struct kconfig_index *ix,
		     const char *symbol, unsigned mask)
{
	const struct kconfig_symbol *s = kconfig_find(ix, symbol);

	if (mask & GUARD_Y)
		add_arm(out, symbol, 'y');
	if (mask & GUARD_N)
		add_arm(out, symbol, 'n');
	if ((mask & GUARD_M) && out->modules && s && s->type == 't')
		add_arm(out, symbol, 'm');
}

/*
 * The fixed configurations resolved first, and the arms of every symbol:
 * y and n, m too for a tristate when modules are on in any configuration;
 * with masks (another architecture), only the arms its lines need, and a
 * fixed configuration whose fragment Kconfig does not keep there (up where
 * the architecture forces SMP) covers nothing.
 */
static int start_derivation(struct kconfig_eval *ev, const struct kconfig_index *ix,
			    const char *const *symbols, const unsigned *masks, size_t nsymbols,
			    const char *const *fixed_names, const char *const *fixed_fragments,
			    size_t nfixed, struct derive_result *out)
{
	size_t i;

	out->modules = dotconfig_tristate(ev->tiny.buf, "MODULES") != 'n';
	for (i = 0; i < nfixed; i++) {
		add_config(out, fixed_names[i], fixed_fragments[i], 0);
		if (kconfig_eval_resolve(ev, fixed_fragments[i], &out->configs[i].dotconfig))
			return -1;
		out->configs[i].dropped = masks &&
			!fragment_holds(fixed_fragments[i], out->configs[i].dotconfig.buf);
	}
	for (i = 0; i < nfixed; i++)
		out->modules |= dotconfig_tristate(out->configs[i].dotconfig.buf, "MODULES") == 'y';
	for (i = 0; i < nsymbols; i++)
		add_arms(out, ix, symbols[i], masks ? masks[i] : GUARD_ANY);
	for (i = 0; i < nfixed; i++)
		if (!out->configs[i].dropped)
			mark_covered(out, i);
	return 0;
}

/*
 * One derived configuration: the open arms that fit together, over layer
 * (the last fixed configuration's assignments) if they can. 1 if one was
 * tried and more may follow, 0 if no arm is left to try, -1 on an error.
 */
static int derive_one(struct kconfig_eval *ev, const struct kconfig_index *ix,
		      const struct argv_array *layer, const char *start, size_t nfixed,
		      struct derive_result *out)
{
	struct argv_array map = ARGV_ARRAY_INIT;
	size_t c, j, covered, *tried, ntried = 0;
	int layered, ret = 1;
	char *name;

	tried = xcalloc(out->narms, sizeof(*tried));
	/* An arm at odds with the layer (SMP=n over smp) goes in one without it. */
	for (layered = 1; layered >= 0 && !ntried; layered--) {
		argv_clear(&map);
		if (layered)
			add_all(&map, layer);
		pack(out, &map, tried, &ntried);
	}
	if (!ntried) {
		ret = 0;
		goto out;
	}
	c = out->nconfigs;
	name = xasprintf("auto-%zu", c - nfixed + 1);
	add_config(out, name, "", 1);
	out->configs[c].start = start;
	free(name);
	if (resolve_config(ev, out, c, &map)) {
		ret = -1;
		goto out;
	}
	covered = mark_covered(out, c);
	/* What this fragment tried and Kconfig dropped gets one more level. */
	for (j = 0; j < ntried; j++) {
		struct derived_arm *a = &out->arms[tried[j]];

		if (a->config < 0)
			extend(ix, a, out->configs[c].dotconfig.buf);
	}
	if (!covered || out->nconfigs - nfixed > DERIVE_MAX_CONFIGS) {
		/* A fragment that covers nothing is not kept. */
		struct derived_config *dc = &out->configs[--out->nconfigs];

		free(dc->name);
		free(dc->fragment);
		strbuf_release(&dc->dotconfig);
	}
	if (out->nconfigs - nfixed >= DERIVE_MAX_CONFIGS)
		ret = 0;
out:
	free(tried);
	argv_clear(&map);
	return ret;
}

/* The arms left open, and the derived configurations' names once some were dropped. */
static void finish_derivation(size_t nfixed, struct derive_result *out)
{
	size_t i, j;

	/*
	 * An arm given up on in one fragment (another assignment there
	 * overrode it) may hold in a later one, which then covers it.
	 */
	for (i = 0; i < out->narms; i++)
		for (j = 0; out->arms[i].config < 0 && j < out->nconfigs; j++)
			if (!out->configs[j].dropped &&
			    arm_holds(&out->arms[i], out->configs[j].dotconfig.buf)) {
				out->arms[i].config = j;
				free(out->arms[i].reason);
				out->arms[i].reason = NULL;
			}
	for (i = 0; i < out->narms; i++)
		if (out->arms[i].config < 0 && !out->arms[i].reason)
			out->arms[i].reason = xasprintf("not covered within %d configurations",
							DERIVE_MAX_CONFIGS);
	for (i = nfixed, j = 1; i < out->nconfigs; i++, j++) {
		free(out->configs[i].name);
		out->configs[i].name = strcmp(out->configs[i].start, "tinyconfig") ?
			xasprintf("%s+auto-%zu", out->configs[i].start, j) :
			xasprintf("auto-%zu", j);
	}
}

/* No start makes these reachable: the tree does not have them as tristates. */
static int unreachable_anywhere(const char *reason)
{
	return strstr(reason, "no config entry defines") || strstr(reason, "is not a bool");
}

/*
 * The arms tinyconfig could not reach, open again over defconfig, each
 * keeping its reason as tiny_reason. Returns how many were opened.
 */
static size_t reopen_over_defconfig(struct derive_result *out)
{
	size_t i, n = 0;

	for (i = 0; i < out->narms; i++) {
		struct derived_arm *a = &out->arms[i];

		if (a->config >= 0 || !a->reason || unreachable_anywhere(a->reason))
			continue;
		a->tiny_reason = a->reason;
		a->reason = NULL;
		a->level = 0;
		argv_clear(&a->extra);
		n++;
	}
	return n;
}

/* defconfig could not be made: the reopened arms keep tinyconfig's reason, and say so. */
static void no_defconfig(struct derive_result *out, const char *log)
{
	size_t i;

	for (i = 0; i < out->narms; i++) {
		struct derived_arm *a = &out->arms[i];

		if (!a->tiny_reason)
			continue;
		a->reason = xasprintf("%s; not tried over defconfig: make defconfig failed"
				      " (see %s)", a->tiny_reason, log);
		free(a->tiny_reason);
		a->tiny_reason = NULL;
	}
}

/* An arm neither start reaches: both reasons, tinyconfig's first. */
static void both_reasons(struct derive_result *out)
{
	size_t i;

	for (i = 0; i < out->narms; i++) {
		struct derived_arm *a = &out->arms[i];
		char *both;

		if (!a->tiny_reason || a->config >= 0 || !a->reason)
			continue;
		both = xasprintf("over tinyconfig: %s; over defconfig: %s", a->tiny_reason,
				 a->reason);
		free(a->reason);
		a->reason = both;
	}
}

/* Derived configurations from start, until no arm is left to try or too many. */
static int derive_over(struct kconfig_eval *ev, const struct kconfig_index *ix,
		       const struct argv_array *layer, const char *start, size_t nfixed,
		       struct derive_result *out)
{
	size_t round;
	int more = 1;

	for (round = 0; more > 0 && round < DERIVE_MAX_CONFIGS * (DERIVE_MAX_LEVEL + 1); round++)
		more = derive_one(ev, ix, layer, start, nfixed, out);
	return more < 0 ? -1 : 0;
}

int config_derive(struct kconfig_eval *ev, const struct kconfig_index *ix,
		  const char *const *symbols, size_t nsymbols,
		  const char *const *fixed_names, const char *const *fixed_fragments,
		  size_t nfixed, struct derive_result *out)
{
	return config_derive_masks(ev, ix, symbols, NULL, nsymbols, fixed_names,
				   fixed_fragments, nfixed, out);
}

int config_derive_masks(struct kconfig_eval *ev, const struct kconfig_index *ix,
			const char *const *symbols, const unsigned *masks, size_t nsymbols,
			const char *const *fixed_names, const char *const *fixed_fragments,
			size_t nfixed, struct derive_result *out)
{
	struct argv_array layer = ARGV_ARRAY_INIT;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (start_derivation(ev, ix, symbols, masks, nsymbols, fixed_names, fixed_fragments,
			     nfixed, out))
		goto out;
	/* Derived configurations start from the last fixed one (smp: the most code built). */
	if (nfixed)
		fragment_assignments(fixed_fragments[nfixed - 1], &layer);
	if (derive_over(ev, ix, &layer, "tinyconfig", nfixed, out))
		goto out;
	finish_derivation(nfixed, out);
	/* What tinyconfig cannot reach, over defconfig (config-derive.h). */
	if (out->nconfigs - nfixed < DERIVE_MAX_CONFIGS && reopen_over_defconfig(out)) {
		if (kconfig_eval_start(ev, "defconfig")) {
			no_defconfig(out, ev->log);
			goto done;
		}
		if (derive_over(ev, ix, &layer, "defconfig", nfixed, out))
			goto out;
		finish_derivation(nfixed, out);
		both_reasons(out);
	}
done:
	out->resolved = ev->resolved;
	ret = 0;
out:
	argv_clear(&layer);
	return ret;
}

char *derive_start_reason(const struct derive_result *r, size_t config)
{
	size_t i;

	if (!strcmp(r->configs[config].start, "tinyconfig"))
		return NULL;
	for (i = 0; i < r->narms; i++)
		if (r->arms[i].config == (int)config && r->arms[i].tiny_reason)
			return xasprintf("tinyconfig cannot reach %s=%c: %s", r->arms[i].symbol,
					 r->arms[i].value, r->arms[i].tiny_reason);
	return xasprintf("started from %s", r->configs[config].start);
}

void derive_fragment_text(const struct derive_result *r, size_t config, const char *origin,
			  struct strbuf *out)
{
	const struct derived_config *c = &r->configs[config];
	size_t i, n = 0;

	strbuf_addf(out, "# Derived by bisectable from %s: covers", origin);
	for (i = 0; i < r->narms; i++)
		if (r->arms[i].config == (int)config) {
			strbuf_addf(out, "%s %s=%c", n++ ? "," : "", r->arms[i].symbol,
				    r->arms[i].value);
		}
	strbuf_addstr(out, ".\n");
	if (strcmp(c->start, "tinyconfig")) {
		char *why = derive_start_reason(r, config);

		strbuf_addf(out, "# Over %s: %s.\n", c->start, why);
		free(why);
	}
	strbuf_addstr(out, c->fragment);
}

void derive_result_release(struct derive_result *r)
{
	size_t i;

	for (i = 0; i < r->narms; i++) {
		free(r->arms[i].symbol);
		free(r->arms[i].reason);
		free(r->arms[i].tiny_reason);
		argv_clear(&r->arms[i].extra);
	}
	for (i = 0; i < r->nconfigs; i++) {
		free(r->configs[i].name);
		free(r->configs[i].fragment);
		strbuf_release(&r->configs[i].dotconfig);
	}
	free(r->arms);
	free(r->configs);
	memset(r, 0, sizeof(*r));
}
