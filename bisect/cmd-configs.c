// SPDX-License-Identifier: GPL-2.0
/*
 * bisectable configs: the configurations a run can verify, one per line:
 * the names of configs/NAME.config (but base.config, which every one of them
 * is merged over), each with the first sentence of the fragment's leading
 * comment, if it has one.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "layout.h"
#include "util.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The first sentence of the leading '#' comment of a fragment ("" if none). */
static void describe(const char *path, struct strbuf *out)
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

int cmd_configs(struct cmd_ctx *ctx)
{
	char *dir_path = project_path("configs");
	struct argv_array names = ARGV_ARRAY_INIT;
	struct dirent *de;
	size_t i, len;
	DIR *dir;

	dir = opendir(dir_path);
	if (!dir) {
		error("cannot read %s: %s", dir_path, strerror(errno));
		free(dir_path);
		return EXIT_ERROR;
	}
	while ((de = readdir(dir)) != NULL) {
		len = strlen(de->d_name);
		if (len > 7 && !strcmp(de->d_name + len - 7, ".config") && de->d_name[0] != '.' &&
		    strcmp(de->d_name, "base.config")) {
			char *name = xstrndup(de->d_name, len - 7);

			argv_push(&names, name);
			free(name);
		}
	}
	closedir(dir);
	if (names.argc)
		qsort(names.argv, names.argc, sizeof(*names.argv), compare_names);
	for (i = 0; i < names.argc; i++) {
		struct strbuf desc = STRBUF_INIT;
		char *path = xasprintf("%s/%s.config", dir_path, names.argv[i]);

		describe(path, &desc);
		if (desc.len)
			printf("%-10s %s\n", names.argv[i], desc.buf);
		else
			printf("%s\n", names.argv[i]);
		strbuf_release(&desc);
		free(path);
	}
	argv_clear(&names);
	free(dir_path);
	return 0;
}
