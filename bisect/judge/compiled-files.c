// SPDX-License-Identifier: GPL-2.0
/*
 * compiled-files.c - the files of the tree a build compiled, from the
 * .*.o.cmd files fixdep leaves in its build directory (coverage.h,
 * coverage_compiled_files): what a build is judged by for coverage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/coverage.h"
#include "lib/run-command.h"

struct path_list {
	char **v;
	size_t n, alloc;
};

static void path_list_add(struct path_list *l, const char *s, size_t len)
{
	if (l->n == l->alloc) {
		l->alloc = l->alloc ? 2 * l->alloc : 1024;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	l->v[l->n++] = xstrndup(s, len);
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int source_file(const char *s, size_t len)
{
	return len > 2 && s[len - 2] == '.' && (s[len - 1] == 'c' || s[len - 1] == 'h' ||
						s[len - 1] == 'S');
}

/*
 * A path of the tree as fixdep spells it, "kernel/sched/../../io_uring/x.h",
 * added as the tree names it, "io_uring/x.h"; nothing if it leaves the tree.
 */
static void add_tree_path(struct path_list *out, const char *s, size_t len)
{
	struct strbuf norm = STRBUF_INIT;
	const char *end = s + len;

	while (s < end) {
		const char *slash = memchr(s, '/', end - s), *next;
		size_t n;

		next = slash ? slash : end;
		n = next - s;
		if (n == 2 && !memcmp(s, "..", 2)) {
			char *up;

			if (!norm.len) {
				strbuf_release(&norm);
				return;
			}
			up = strrchr(norm.buf, '/');
			norm.len = up ? (size_t)(up - norm.buf) : 0;
			norm.buf[norm.len] = '\0';
		} else if (n && !(n == 1 && *s == '.')) {
			if (norm.len)
				strbuf_add(&norm, "/", 1);
			strbuf_add(&norm, s, n);
		}
		s = next + (next < end);
	}
	if (norm.len)
		path_list_add(out, norm.buf, norm.len);
	strbuf_release(&norm);
}

/* Where the build and the tree are, as .cmd files may name them. */
struct cmd_dirs {
	const char *src;	/* the tree, as given */
	size_t srclen;
	char *real_out;		/* both without symlinks, as getcwd() names them */
	char *real_src;
};

/*
 * A relative path of a .cmd file is relative to the build directory, where
 * the compiler ran: with CCACHE_BASEDIR, ccache hands gcc the tree's files
 * as "../../../work/linux-source/kernel/sched/core.c". If it is in the tree,
 * add it as the tree names it.
 */
static void add_relative_path(struct path_list *out, const struct cmd_dirs *dirs,
			      const char *s, size_t len)
{
	struct path_list abs = { 0 };
	char *joined;
	size_t n;

	if (!dirs->real_out || !dirs->real_src)
		return;
	/* Resolved from the root, so that ".." cannot leave it. */
	joined = xasprintf("%s/%.*s", dirs->real_out + 1, (int)len, s);
	add_tree_path(&abs, joined, strlen(joined));
	n = strlen(dirs->real_src + 1);
	if (abs.n && !strncmp(abs.v[0], dirs->real_src + 1, n) && abs.v[0][n] == '/')
		add_tree_path(out, abs.v[0] + n + 1, strlen(abs.v[0] + n + 1));
	if (abs.n)
		free(abs.v[0]);
	free(abs.v);
	free(joined);
}

/*
 * The files of one .cmd file: the object's source ("source_<object> :=
 * /src/kernel/sched/core.c") and its dependency lines ("  /src/kernel/sched/rt.c \"
 * under "deps_<object> := \"); fixdep writes the tree's files with the
 * absolute source prefix in an O= build, or relative to the build directory
 * when ccache rewrote them ($(wildcard ...) lines are options, not files;
 * generated and system headers are not the tree's).
 */
static void cmd_file_deps(const char *text, const struct cmd_dirs *dirs, struct path_list *out)
{
	const char *src = dirs->src, *p = text;
	size_t srclen = dirs->srclen;

	while (*p) {
		const char *eol = strchrnul(p, '\n'), *s = p, *e, *assign;

		if (!strncmp(p, "source_", 7) && (assign = memmem(p, eol - p, " := ", 4)))
			s = assign + 4;
		else if (*p == ' ' || *p == '\t')
			while (s < eol && (*s == ' ' || *s == '\t'))
				s++;
		else
			s = eol;
		e = eol;
		while (e > s && (e[-1] == '\\' || e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (!source_file(s, e - s) || memchr(s, ' ', e - s))
			;
		else if ((size_t)(e - s) > srclen + 1 && !memcmp(s, src, srclen) &&
			 s[srclen] == '/')
			add_tree_path(out, s + srclen + 1, e - (s + srclen + 1));
		else if (*s != '/' && *s != '$')
			add_relative_path(out, dirs, s, e - s);
		p = *eol ? eol + 1 : eol;
	}
}

/*
 * The objects the build linked, from its thin archives (ar t): vmlinux.a
 * has every object built into vmlinux, the lib.a ones what the link takes
 * from lib-y. Empty if there is no vmlinux.a (not a kernel build directory
 * this knows; then every .o.cmd counts).
 */
static void linked_objects(const char *out, struct path_list *linked)
{
	static const char *const archives[] = {
		"vmlinux.a", "lib/lib.a", "arch/x86/lib/lib.a",
	};
	struct strbuf list = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(archives); i++) {
		char *path = xasprintf("%s/%s", out, archives[i]);
		const char *argv[] = { "ar", "t", archives[i], NULL };
		const char *p;

		/* ar names a thin archive's members relative to where it runs */
		if (file_exists(path) && !run_capture(out, &list, argv))
			for (p = list.buf; *p; ) {
				const char *eol = strchrnul(p, '\n');

				if (eol > p)
					path_list_add(linked, p, eol - p);
				p = *eol ? eol + 1 : eol;
			}
		free(path);
		if (!i && !linked->n)
			break;
	}
	if (linked->n)
		qsort(linked->v, linked->n, sizeof(*linked->v), compare_strings);
	strbuf_release(&list);
}

/*
 * Whether the object of rel/.NAME.o.cmd is part of this build. A .o.cmd
 * outlives its object's last build: a commit or an earlier run that stops
 * building kernel/smp.o leaves kernel/.smp.o.cmd behind, and its files would
 * count as compiled. So beside a built-in.a (a directory whose objects go to
 * vmlinux) an object counts only if an archive lists it; elsewhere (the boot
 * code, the realmode blob, scripts and tools) it does. The vDSO's objects sit
 * beside a built-in.a in no archive: they do not count.
 */
static int object_linked(const char *out, const char *rel, const char *name, size_t len,
			 const struct path_list *linked)
{
	char *object, *builtin;
	const char *key;
	int ret;

	if (!linked->n)
		return 1;
	/* ".smp.o.cmd" -> "smp.o" */
	object = xasprintf("%s%s%.*s", rel, *rel ? "/" : "", (int)(len - 5), name + 1);
	key = object;
	ret = bsearch(&key, linked->v, linked->n, sizeof(*linked->v), compare_strings) != NULL;
	if (!ret) {
		builtin = xasprintf("%s/%s%sbuilt-in.a", out, rel, *rel ? "/" : "");
		ret = !file_exists(builtin);
		free(builtin);
	}
	free(object);
	return ret;
}

static int walk_cmd_files(const char *out, const char *rel, const struct cmd_dirs *dirs,
			  const struct path_list *linked, struct path_list *files)
{
	char *dir = *rel ? xasprintf("%s/%s", out, rel) : xstrdup(out);
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strbuf text = STRBUF_INIT;

	if (!d) {
		free(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR) {
			char *sub = xasprintf("%s%s%s", rel, *rel ? "/" : "", de->d_name);

			walk_cmd_files(out, sub, dirs, linked, files);
			free(sub);
		} else if (de->d_name[0] == '.' && len > 7 &&
			   !strcmp(de->d_name + len - 6, ".o.cmd") &&
			   (de->d_type == DT_REG || de->d_type == DT_UNKNOWN) &&
			   object_linked(out, rel, de->d_name, len, linked)) {
			strbuf_reset(&text);
			if (strbuf_read_file(&text, path) >= 0)
				cmd_file_deps(text.buf, dirs, files);
		}
		free(path);
	}
	closedir(d);
	strbuf_release(&text);
	free(dir);
	return 0;
}

int coverage_compiled_files(const char *out, const char *src, struct strbuf *files)
{
	struct path_list l = { 0 }, linked = { 0 };
	struct cmd_dirs dirs = { .src = src, .srclen = strlen(src) };
	size_t i;
	int ret;

	while (dirs.srclen > 1 && src[dirs.srclen - 1] == '/')
		dirs.srclen--;
	dirs.real_out = realpath(out, NULL);
	dirs.real_src = realpath(src, NULL);
	linked_objects(out, &linked);
	ret = walk_cmd_files(out, "", &dirs, &linked, &l);
	free(dirs.real_out);
	free(dirs.real_src);
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), compare_strings);
	for (i = 0; i < l.n; i++)
		if (!i || strcmp(l.v[i], l.v[i - 1]))
			strbuf_addf(files, "%s\n", l.v[i]);
	for (i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	for (i = 0; i < linked.n; i++)
		free(linked.v[i]);
	free(linked.v);
	return ret;
}
