// SPDX-License-Identifier: GPL-2.0
/* fragments.c - the configuration fragments of configs/ (see fragments.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig/dotconfig.h"
#include "kconfig/fragments.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int fragments_list(const char *dir_path, struct argv_array *names)
{
	struct dirent *de;
	size_t len;
	DIR *dir;

	dir = opendir(dir_path);
	if (!dir)
		return error("cannot read %s: %s", dir_path, strerror(errno));
	while ((de = readdir(dir)) != NULL) {
		len = strlen(de->d_name);
		if (len > 7 && !strcmp(de->d_name + len - 7, ".config") && de->d_name[0] != '.' &&
		    strcmp(de->d_name, "base.config")) {
			char *name = xstrndup(de->d_name, len - 7);

			argv_push(names, name);
			free(name);
		}
	}
	closedir(dir);
	if (names->argc)
		qsort(names->argv, names->argc, sizeof(*names->argv), compare_names);
	return 0;
}

void fragment_describe(const char *path, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	const char *line, *end, *stop;

	if (strbuf_read_file(&text, path))
		return;
	for (line = text.buf; *line == '#'; line = end + 1) {
		end = strchrnul(line, '\n');
		line++;
		while (*line == ' ' || *line == '\t')
			line++;
		if (out->len && line < end)
			strbuf_add(out, " ", 1);
		strbuf_add(out, line, end - line);
		if (!*end)
			break;
	}
	/* Up to the first ". " (or the end of the comment). */
	stop = strstr(out->buf, ". ");
	if (stop) {
		out->len = stop - out->buf + 1;
		out->buf[out->len] = '\0';
	}
	strbuf_release(&text);
}

/* "CONFIG_X=v (was w)" or "# CONFIG_X is not set (was w)"; "not set" for n. */
static void add_change(struct strbuf *out, const char *name, const char *now, const char *was)
{
	if (!strcmp(now, "n"))
		strbuf_addf(out, "# CONFIG_%s is not set", name);
	else
		strbuf_addf(out, "CONFIG_%s=%s", name, now);
	strbuf_addf(out, " (was %s)\n", strcmp(was, "n") ? was : "not set");
}

size_t fragment_changes(const char *before, const char *after, int only_after,
			struct strbuf *out)
{
	struct dotconfig old, new;
	size_t i, n = 0;

	dotconfig_parse(before, &old);
	dotconfig_parse(after, &new);
	for (i = 0; i < new.n; i++) {
		const struct dotconfig_entry *e = &new.v[i];
		const char *was = dotconfig_get(&old, e->name);

		/* A repeat counts once, as its last value. */
		if (dotconfig_get(&new, e->name) != e->value || !strcmp(was ? was : "n", e->value))
			continue;
		add_change(out, e->name, e->value, was ? was : "n");
		n++;
	}
	for (i = 0; !only_after && i < old.n; i++) {
		const struct dotconfig_entry *e = &old.v[i];

		if (dotconfig_get(&old, e->name) != e->value || !strcmp(e->value, "n") ||
		    dotconfig_get(&new, e->name))
			continue;
		add_change(out, e->name, "n", e->value);
		n++;
	}
	dotconfig_release(&old);
	dotconfig_release(&new);
	return n;
}
