// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the series loader (series.c) on files a user or an
 * attacker gives. The first byte picks the form, the rest is its content:
 *   'q'  a quilt directory: "SERIES\n%%\nPATCH", the patch saved as p.patch
 *   'm'  an mbox, split by git mailsplit (slow: a process per input)
 *   else a directory with one numbered patch, 0001-x.patch
 * and patch_subject() sees the rest as text. Built by 'make fuzz'.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/series.h"
#include "lib/util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *dir;

static void remove_dir(void)
{
	remove_tree(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *t = getenv("TMPDIR");

	dir = xasprintf("%s/bisectable-fuzz.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(dir))
		die("mkdtemp %s", dir);
	atexit(remove_dir);
	return 0;
}

static void load_and_free(const char *path, const char *shown_dir)
{
	struct series s;
	size_t i;

	if (series_load(path, &s)) {
		/* An error leaves nothing to free, nothing on disk. */
		if (s.npatches || s.patches || s.split_dir || s.path)
			__builtin_trap();
		return;
	}
	for (i = 0; i < s.npatches; i++)
		if (!s.patches[i].subject || s.patches[i].strip < 0 || s.patches[i].strip > 16)
			__builtin_trap();
	(void)shown_dir;
	series_free(&s);
}

static void one_form(char form, const char *text, size_t len)
{
	char *work = xasprintf("%s/w", dir), *path;
	const char *sep = form == 'q' ? memmem(text, len, "\n%%\n", 4) : NULL;

	remove_tree(work);
	mkdir_p(work);
	if (form == 'm') {
		path = xasprintf("%s/mbox", work);
		write_file(path, text, len);
		load_and_free(path, work);
		free(path);
	} else if (form == 'q') {
		size_t slen = sep ? (size_t)(sep - text) : len;

		path = xasprintf("%s/series", work);
		write_file(path, text, slen);
		free(path);
		path = xasprintf("%s/p.patch", work);
		if (sep)
			write_file(path, sep + 4, len - slen - 4);
		free(path);
		load_and_free(work, work);
	} else {
		path = xasprintf("%s/0001-x.patch", work);
		write_file(path, text, len);
		free(path);
		load_and_free(work, work);
	}
	free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (!size)
		return 0;
	text = xstrndup((const char *)data + 1, size - 1);
	free(patch_subject(text));
	free(text);
	one_form((char)data[0], (const char *)data + 1, size - 1);
	return 0;
}
