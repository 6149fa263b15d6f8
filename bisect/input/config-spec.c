// SPDX-License-Identifier: GPL-2.0
/* config-spec.c - what a configuration's name says it is (see config-spec.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/config-spec.h"
#include "lib/util.h"

/*
 * The kbuild targets that make a whole .config without asking: randconfig
 * is left out (another .config at every commit), the interactive ones too.
 */
static const char *const targets[] = {
	"tinyconfig", "allnoconfig", "defconfig", "x86_64_defconfig", "alldefconfig",
	"allmodconfig", "allyesconfig",
};

/* The longest derived name, before its "file+" or "TARGET+". */
#define KEY_NAME_MAX	48

int config_target_known(const char *target)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		if (!strcmp(targets[i], target))
			return 1;
	return 0;
}

const char *config_targets(void)
{
	static struct strbuf list = STRBUF_INIT;
	size_t i;

	if (!list.len)
		for (i = 0; i < ARRAY_SIZE(targets); i++)
			strbuf_addf(&list, "%s%s", i ? ", " : "", targets[i]);
	return list.buf;
}

int config_target_build_only(const char *target)
{
	return !strcmp(target, "allmodconfig") || !strcmp(target, "allyesconfig");
}

/* A configs/ name: what configs/NAME.config may be called. */
static int fragment_name(const char *s)
{
	return *s && *s != '.' && *s != '-' &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") ==
	       strlen(s);
}

/*
 * The key's part for a path: its last component without ".config", any
 * other character than [A-Za-z0-9_.-] made '_', no leading '.' or '-'.
 */
static void path_name(const char *path, struct strbuf *out)
{
	const char *base = strrchr(path, '/'), *end;
	size_t start = out->len;

	base = base ? base + 1 : path;
	end = base + strlen(base);
	if (end - base > 7 && !strcmp(end - 7, ".config"))
		end -= 7;
	while (base < end && *base == '.')
		base++;
	for (; base < end && out->len - start < KEY_NAME_MAX; base++) {
		char c = *base;

		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", c) ||
		    (c == '-' && out->len == start))
			c = '_';
		strbuf_add(out, &c, 1);
	}
	if (out->len == start)
		strbuf_addstr(out, "config");
}

static int check_path(const char *path, char *why, size_t len)
{
	const unsigned char *p;

	for (p = (const unsigned char *)path; *p; p++)
		if (*p < 0x20 || *p == 0x7f) {
			snprintf(why, len, "control characters in the path of a configuration");
			return -1;
		}
	if (!*path || path[strlen(path) - 1] == '/') {
		snprintf(why, len, "'%s' names a directory, not a configuration file", path);
		return -1;
	}
	if (strlen(path) > 4000) {
		snprintf(why, len, "the path of a configuration is too long");
		return -1;
	}
	return 0;
}

/* FRAGMENT of TARGET:FRAGMENT (or a NAME): a configs/ name, a path, or nothing. */
static int parse_fragment(const char *frag, struct config_spec *cs, struct strbuf *key,
			  char *why, size_t len)
{
	if (!*frag)
		return 0;
	if (strchr(frag, '/')) {
		if (check_path(frag, why, len))
			return -1;
		cs->path = xstrdup(frag);
		strbuf_addstr(key, "+");
		path_name(frag, key);
		return 0;
	}
	if (!fragment_name(frag)) {
		snprintf(why, len, "bad configuration name '%s' (letters, digits, '_-.'; a path "
			 "has a '/')", frag);
		return -1;
	}
	cs->fragment = xstrdup(frag);
	if (key->len)
		strbuf_addstr(key, "+");
	strbuf_addstr(key, frag);
	return 0;
}

int config_spec_parse(const char *spec, struct config_spec *cs, char *why, size_t len)
{
	struct strbuf key = STRBUF_INIT;
	const char *colon = strchr(spec, ':'), *slash = strchr(spec, '/');
	int ret = -1;

	memset(cs, 0, sizeof(*cs));
	if (colon && (!slash || colon < slash)) {
		cs->kind = CONFIG_KIND_TARGET;
		cs->target = xstrndup(spec, colon - spec);
		if (!config_target_known(cs->target)) {
			snprintf(why, len, "unknown kbuild configuration target '%.64s' in '%.128s' "
				 "(known: %s)", cs->target, spec, config_targets());
			goto out;
		}
		if (!strchr(colon + 1, '/') && strchr(colon + 1, ':')) {
			snprintf(why, len, "one target only in '%.128s'", spec);
			goto out;
		}
		strbuf_addstr(&key, cs->target);
		ret = parse_fragment(colon + 1, cs, &key, why, len);
	} else if (slash) {
		cs->kind = CONFIG_KIND_DOTCONFIG;
		if (check_path(spec, why, len))
			goto out;
		cs->path = xstrdup(spec);
		strbuf_addstr(&key, "file+");
		path_name(spec, &key);
		ret = 0;
	} else {
		cs->kind = CONFIG_KIND_FRAGMENT;
		cs->target = xstrdup("tinyconfig");
		ret = *spec ? parse_fragment(spec, cs, &key, why, len) : -1;
		if (!*spec)
			snprintf(why, len, "an empty configuration name");
	}
out:
	if (!ret)
		cs->key = strbuf_detach(&key, NULL);
	strbuf_release(&key);
	return ret;
}

void config_spec_release(struct config_spec *cs)
{
	free(cs->key);
	free(cs->target);
	free(cs->fragment);
	free(cs->path);
	memset(cs, 0, sizeof(*cs));
}

char *config_spec_keys(const char *list)
{
	struct strbuf out = STRBUF_INIT;
	const char *item = list, *comma;

	if (!list)
		return NULL;
	do {
		struct config_spec cs;
		char why[256], *one;

		comma = strchrnul(item, ',');
		one = xstrndup(item, comma - item);
		if (out.len || item != list)
			strbuf_addstr(&out, ",");
		strbuf_addstr(&out, config_spec_parse(one, &cs, why, sizeof(why)) ? one : cs.key);
		config_spec_release(&cs);
		free(one);
		item = comma + 1;
	} while (*comma);
	return strbuf_detach(&out, NULL);
}
