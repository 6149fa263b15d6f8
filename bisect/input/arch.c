// SPDX-License-Identifier: GPL-2.0
/* arch.c - the architectures of configs/arch/ (see arch.h). */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#include "input/arch.h"
#include "input/config-spec.h"
#include "lib/layout.h"
#include "lib/util.h"

#define ARCH_FILE_MAX	16384
#define ARCH_LINE_MAX	256
#define ARCH_FRAGMENT_MAX	64

#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define DIGITS	"0123456789"
#define WORD	LOWER "ABCDEFGHIJKLMNOPQRSTUVWXYZ" DIGITS "_"

static int all_of(const char *s, const char *set)
{
	return strspn(s, set) == strlen(s);
}

int arch_name_ok(const char *name)
{
	return *name && strlen(name) <= 32 && all_of(name, LOWER DIGITS "_") &&
	       !config_target_known(name) && strcmp(name, "file");
}

/* A value of one word: a name, a path under O=, a CPU model... */
static int word_ok(const char *v, const char *extra)
{
	struct strbuf set = STRBUF_INIT;
	int ok;

	strbuf_addf(&set, "%s%s", WORD, extra);
	ok = *v && *v != '-' && *v != '.' && all_of(v, set.buf);
	strbuf_release(&set);
	return ok;
}

/* Kernel parameters: words of "name=value" without quotes or shell characters. */
static int cmdline_ok(const char *v)
{
	return *v && all_of(v, WORD " =.,-") && *v != ' ';
}

/* A .config line: CONFIG_X=y|m|n|NUMBER|0xHEX, or "# CONFIG_X is not set". */
static int fragment_ok(const char *v)
{
	const char *eq, *sym = v;

	if (!strncmp(v, "# CONFIG_", 9)) {
		const char *end = strstr(v, " is not set");

		return end && !end[11] && end > v + 9 &&
		       strspn(v + 2, WORD) == (size_t)(end - v - 2);
	}
	eq = strchr(v, '=');
	if (strncmp(sym, "CONFIG_", 7) || !eq || eq == v + 7 ||
	    strspn(v, WORD) != (size_t)(eq - v))
		return 0;
	return !strcmp(eq + 1, "y") || !strcmp(eq + 1, "m") || !strcmp(eq + 1, "n") ||
	       (eq[1] && all_of(eq + 1, DIGITS "xabcdefABCDEF"));
}

static int flag(const char *v, int *out)
{
	if (strcmp(v, "0") && strcmp(v, "1"))
		return -1;
	*out = *v == '1';
	return 0;
}

enum value_kind { V_WORD, V_PATH, V_PREFIX, V_CMDLINE, V_FLAG, V_EMPTY_OK };

struct arch_key {
	const char *name;
	size_t offset;		/* of the char * (or int) in struct arch_desc */
	enum value_kind kind;
	int required;
};

#define F(m)	offsetof(struct arch_desc, m)
static const struct arch_key keys[] = {
	{ "kbuild_arch", F(kbuild_arch), V_WORD, 1 },
	{ "cross_compile", F(cross_compile), V_PREFIX, 1 },
	{ "compiler_package", F(compiler_package), V_WORD, 1 },
	{ "image_target", F(image_target), V_WORD, 1 },
	{ "image_path", F(image_path), V_PATH, 1 },
	{ "qemu", F(qemu), V_WORD, 1 },
	{ "qemu_package", F(qemu_package), V_WORD, 1 },
	{ "machine", F(machine), V_WORD, 1 },
	{ "cpu", F(cpu), V_WORD, 0 },
	{ "console", F(console), V_WORD, 1 },
	{ "cmdline", F(cmdline), V_CMDLINE, 0 },
	{ "bios", F(bios), V_WORD, 0 },
	{ "icount", F(icount), V_FLAG, 1 },
	{ "icount_smp", F(icount_smp), V_FLAG, 0 },
	{ "forces_smp", F(forces_smp), V_FLAG, 1 },
	{ "source_dir", F(source_dir), V_PATH, 0 },
	{ "symbol", F(symbol), V_WORD, 0 },
};
#undef F

static int value_ok(enum value_kind kind, const char *v)
{
	switch (kind) {
	case V_WORD:
		return word_ok(v, "-.");
	case V_PATH:
		return word_ok(v, "-./") && !strstr(v, "..") && !strstr(v, "//");
	case V_PREFIX:
		return !*v || (word_ok(v, "-.") && v[strlen(v) - 1] == '-');
	case V_CMDLINE:
		return cmdline_ok(v);
	default:
		return 1;
	}
}

static int set_key(struct arch_desc *a, const struct arch_key *k, const char *v,
		   unsigned *seen, char *why, size_t len)
{
	unsigned bit = 1u << (k - keys);

	if (*seen & bit) {
		snprintf(why, len, "'%s' given twice", k->name);
		return -1;
	}
	*seen |= bit;
	if (k->kind == V_FLAG) {
		if (!flag(v, (int *)((char *)a + k->offset)))
			return 0;
		snprintf(why, len, "'%s' is 0 or 1", k->name);
		return -1;
	}
	if (!value_ok(k->kind, v)) {
		snprintf(why, len, "a bad value for '%s'", k->name);
		return -1;
	}
	*(char **)((char *)a + k->offset) = xstrdup(v);
	return 0;
}

static int parse_line(struct arch_desc *a, const char *line, unsigned *seen, char *why,
		      size_t len)
{
	const char *sp = strchrnul(line, ' '), *v = *sp ? sp + 1 : sp;
	size_t i, n = sp - line;

	if (n == 8 && !strncmp(line, "fragment", 8)) {
		if (!fragment_ok(v) || a->nfragment >= ARCH_FRAGMENT_MAX) {
			snprintf(why, len, "a bad fragment line (CONFIG_X=y|m|n|NUMBER)");
			return -1;
		}
		a->fragment = xrealloc(a->fragment, (a->nfragment + 1) * sizeof(*a->fragment));
		a->fragment[a->nfragment++] = xstrdup(v);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (strlen(keys[i].name) == n && !strncmp(keys[i].name, line, n))
			return set_key(a, &keys[i], v, seen, why, len);
	snprintf(why, len, "unknown key '%.*s'", (int)(n > 32 ? 32 : n), line);
	return -1;
}

static int check_text(const char *text, char *why, size_t len)
{
	const unsigned char *p;

	if (strlen(text) > ARCH_FILE_MAX) {
		snprintf(why, len, "the file is too long");
		return -1;
	}
	for (p = (const unsigned char *)text; *p; p++)
		if ((*p < 0x20 && *p != '\n') || *p >= 0x7f) {
			snprintf(why, len, "a control or non-ASCII character");
			return -1;
		}
	return 0;
}

static int check_required(const struct arch_desc *a, unsigned seen, char *why, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (keys[i].required && !(seen & (1u << i))) {
			snprintf(why, len, "no '%s'", keys[i].name);
			return -1;
		}
	if (!strcmp(a->name, ARCH_DEFAULT) != !*a->cross_compile) {
		snprintf(why, len, "cross_compile is empty for %s only", ARCH_DEFAULT);
		return -1;
	}
	return 0;
}

int arch_parse(const char *name, const char *text, struct arch_desc *a, char *why, size_t len)
{
	const char *line = text;
	unsigned seen = 0;
	int lineno = 0;
	char w[200];

	memset(a, 0, sizeof(*a));
	a->icount_smp = 1;	/* unless the file says otherwise */
	if (!arch_name_ok(name)) {
		snprintf(why, len, "not a name of an architecture");
		return -1;
	}
	a->name = xstrdup(name);
	if (check_text(text, why, len))
		return -1;
	while (*line) {
		const char *end = strchrnul(line, '\n');
		char *one = xstrndup(line, end - line);
		int bad = 0;

		lineno++;
		if (end - line > ARCH_LINE_MAX)
			bad = snprintf(w, sizeof(w), "the line is too long") > 0;
		else if (*one && *one != '#')
			bad = parse_line(a, one, &seen, w, sizeof(w)) < 0;
		free(one);
		if (bad) {
			snprintf(why, len, "%s.arch:%d: %s", name, lineno, w);
			return -1;
		}
		line = *end ? end + 1 : end;
	}
	if (check_required(a, seen, w, sizeof(w))) {
		snprintf(why, len, "%s.arch: %s", name, w);
		return -1;
	}
	return 0;
}

int arch_known(const char *name)
{
	char *rel, *path;
	int known;

	if (!arch_name_ok(name))
		return 0;
	rel = xasprintf("configs/arch/%s.arch", name);
	path = project_path(rel);
	known = file_exists(path);
	free(rel);
	free(path);
	return known;
}

int arch_load(const char *name, struct arch_desc *a, char *why, size_t len)
{
	struct strbuf text = STRBUF_INIT;
	char *path, *rel;
	int ret;

	memset(a, 0, sizeof(*a));
	if (!arch_name_ok(name)) {
		snprintf(why, len, "'%.64s' is not a name of an architecture", name);
		return -1;
	}
	rel = xasprintf("configs/arch/%s.arch", name);
	path = project_path(rel);
	free(rel);
	if (strbuf_read_file(&text, path)) {
		snprintf(why, len, "unknown architecture '%s' (no configs/arch/%s.arch)", name,
			 name);
		ret = -1;
	} else {
		ret = arch_parse(name, text.buf, a, why, len);
	}
	free(path);
	strbuf_release(&text);
	return ret;
}

void arch_release(struct arch_desc *a)
{
	size_t i;

	free(a->name);
	free(a->kbuild_arch);
	free(a->cross_compile);
	free(a->compiler_package);
	free(a->image_target);
	free(a->image_path);
	free(a->qemu);
	free(a->qemu_package);
	free(a->machine);
	free(a->cpu);
	free(a->console);
	free(a->cmdline);
	free(a->bios);
	free(a->source_dir);
	free(a->symbol);
	for (i = 0; i < a->nfragment; i++)
		free(a->fragment[i]);
	free(a->fragment);
	memset(a, 0, sizeof(*a));
}

char *arch_config_key(const char *arch, const char *key)
{
	if (!arch || !strcmp(arch, ARCH_DEFAULT))
		return xstrdup(key);
	return xasprintf("%s+%s", arch, key);
}

const char *arch_key_split(const char *key, char *arch, size_t len)
{
	const char *plus = strchr(key, '+');
	char *prefix = plus ? xstrndup(key, plus - key) : NULL;
	const char *rest = key;

	snprintf(arch, len, "%s", ARCH_DEFAULT);
	if (prefix && arch_name_ok(prefix)) {
		snprintf(arch, len, "%s", prefix);
		rest = plus + 1;
	}
	free(prefix);
	return rest;
}

int arch_refuses(const struct arch_desc *a, const char *config, int smp, char *why,
		 size_t len)
{
	if (smp || !a->forces_smp)
		return 0;
	snprintf(why, len, "configuration '%s' has SMP off, but %s forces SMP (its Kconfig "
		 "gives SMP no choice): no such kernel can be built", config, a->name);
	return 1;
}

static int compare_names(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

int arch_names(char ***names, size_t *n)
{
	char *dir = project_path("configs/arch");
	DIR *d = opendir(dir);
	struct dirent *e;

	*names = NULL;
	*n = 0;
	free(dir);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char *name;

		if (len <= 5 || strcmp(e->d_name + len - 5, ".arch"))
			continue;
		name = xstrndup(e->d_name, len - 5);
		if (!arch_name_ok(name)) {
			free(name);
			continue;
		}
		*names = xrealloc(*names, (*n + 1) * sizeof(**names));
		(*names)[(*n)++] = name;
	}
	closedir(d);
	qsort(*names, *n, sizeof(**names), compare_names);
	return 0;
}

int arch_covers(const struct arch_desc *a, const char *const *paths, size_t npaths,
		const char *const *symbols, size_t nsymbols)
{
	size_t i, len = a->source_dir ? strlen(a->source_dir) : 0;

	for (i = 0; i < npaths && len; i++)
		if (!strncmp(paths[i], a->source_dir, len) && paths[i][len] == '/')
			return 1;
	for (i = 0; i < nsymbols && a->symbol; i++)
		if (!strcmp(symbols[i], a->symbol))
			return 1;
	return 0;
}

/* One item of arch_spec_keys: 1 if it was ARCH:SPEC and its key went to out. */
static int arch_spec_key(const char *one, struct strbuf *out)
{
	const char *colon = strchr(one, ':');
	char *arch = colon ? xstrndup(one, colon - one) : NULL;
	struct config_spec cs;
	char why[256];
	int done = 0;

	if (!arch || !arch_known(arch)) {
		free(arch);
		return 0;
	}
	if (!config_spec_parse(colon + 1, &cs, why, sizeof(why))) {
		char *key = arch_config_key(arch, cs.key);

		strbuf_addstr(out, key);
		free(key);
		done = 1;
	}
	config_spec_release(&cs);
	free(arch);
	return done;
}

char *arch_spec_keys(const char *list)
{
	struct strbuf out = STRBUF_INIT;
	const char *item = list, *comma;

	if (!list)
		return NULL;
	do {
		char *one, *key;

		comma = strchrnul(item, ',');
		one = xstrndup(item, comma - item);
		if (item != list)
			strbuf_addstr(&out, ",");
		if (!arch_spec_key(one, &out)) {
			key = config_spec_keys(one);
			strbuf_addstr(&out, key);
			free(key);
		}
		free(one);
		item = comma + 1;
	} while (*comma);
	return strbuf_detach(&out, NULL);
}
