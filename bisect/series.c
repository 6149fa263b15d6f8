// SPDX-License-Identifier: GPL-2.0
/*
 * series.c - find, check and apply the patches of a series.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "series.h"
#include "util.h"

/* The value of a mail header, continuation lines unfolded; allocated or NULL. */
static char *mail_header(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p = text;

	while (p && *p && *p != '\n') {
		if (!strncasecmp(p, name, len) && p[len] == ':') {
			struct strbuf sb = STRBUF_INIT;
			const char *end;

			p += len + 1;
			for (;;) {
				end = strchr(p, '\n');
				if (!end)
					end = p + strlen(p);
				strbuf_add(&sb, p, end - p);
				if (*end && (end[1] == ' ' || end[1] == '\t'))
					p = end + 1;
				else
					break;
			}
			strbuf_trim(&sb);
			return strbuf_detach(&sb, NULL);
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

char *patch_subject(const char *text)
{
	const char *hdr = text;
	char *subject, *s, *out;

	/* A git format-patch file starts with "From <sha> <date>": skip it. */
	if (!strncmp(hdr, "From ", 5) && strchr(hdr, '\n'))
		hdr = strchr(hdr, '\n') + 1;
	subject = mail_header(hdr, "Subject");
	if (!subject)
		return xstrdup("(no subject)");
	s = subject;
	while (*s == '[') {
		char *close = strchr(s, ']');

		if (!close)
			break;
		s = close + 1;
		while (*s == ' ')
			s++;
	}
	out = xstrdup(s);
	free(subject);
	for (s = out; *s; s++)
		if ((unsigned char)*s < 0x20)
			*s = ' ';
	return out;
}

static int is_patch_text(const char *text)
{
	return strstr(text, "\ndiff --git ") || strstr(text, "\n--- ") || !strncmp(text, "diff ", 5);
}

static int add_patch(struct series *s, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	struct series_patch *p;
	const char *hdr;

	if (strbuf_read_file(&text, path) < 0)
		return error("cannot read patch %s: %s", path, strerror(errno));
	if (!text.len || !is_patch_text(text.buf)) {
		strbuf_release(&text);
		return error("%s is not a patch: it has no diff", path);
	}
	s->patches = xrealloc(s->patches, (s->npatches + 1) * sizeof(*s->patches));
	p = &s->patches[s->npatches++];
	p->path = abspath(path);
	p->subject = patch_subject(text.buf);
	hdr = text.buf;
	if (!strncmp(hdr, "From ", 5) && strchr(hdr, '\n'))
		hdr = strchr(hdr, '\n') + 1;
	p->author = mail_header(hdr, "From");
	strbuf_release(&text);
	return 0;
}

static int load_quilt(struct series *s, const char *dir, const char *series_file)
{
	struct strbuf text = STRBUF_INIT;
	char *line, *save = NULL;
	int ret = 0;

	if (strbuf_read_file(&text, series_file) < 0)
		return error("cannot read %s: %s", series_file, strerror(errno));
	for (line = strtok_r(text.buf, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#'), *end;
		char *path;

		if (hash)
			*hash = '\0';
		while (isspace((unsigned char)*line))
			line++;
		/* "name.patch -p1": the name is the first word. */
		for (end = line; *end && !isspace((unsigned char)*end); end++)
			;
		*end = '\0';
		if (!*line)
			continue;
		if (strstr(line, "..") || line[0] == '/') {
			ret = error("%s: patch name '%s' leaves the series directory",
				    series_file, line);
			break;
		}
		path = xasprintf("%s/%s", dir, line);
		ret = add_patch(s, path);
		free(path);
	}
	strbuf_release(&text);
	return ret;
}

static int patch_name_cmp(const void *a, const void *b)
{
	return strverscmp(*(const char *const *)a, *(const char *const *)b);
}

/* Files of dir ending in suffix, in version order (2 before 10). */
static int load_numbered(struct series *s, const char *dir, const char *suffix)
{
	size_t slen = strlen(suffix);
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	int ret = 0;

	if (!d)
		return error("cannot read directory %s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (e->d_name[0] != '.' && len > slen && !strcmp(e->d_name + len - slen, suffix)) {
			names = xrealloc(names, (n + 1) * sizeof(*names));
			names[n++] = xstrdup(e->d_name);
		}
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), patch_name_cmp);
	for (i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);

		if (!ret)
			ret = add_patch(s, path);
		free(path);
		free(names[i]);
	}
	free(names);
	return ret;
}

static int load_mbox(struct series *s, const char *mbox)
{
	char template[] = "/tmp/bisectable-mbox.XXXXXX";
	struct strbuf count = STRBUF_INIT;
	char *out_opt;
	int ret;

	if (!mkdtemp(template))
		return error("mkdtemp: %s", strerror(errno));
	s->split_dir = xstrdup(template);
	out_opt = xasprintf("-o%s", template);
	/* git's own splitter, so what git am sees is what we number. */
	ret = git(NULL, &count, "mailsplit", out_opt, "-b", mbox, NULL);
	strbuf_release(&count);
	free(out_opt);
	if (ret)
		return error("%s: git mailsplit could not split it as an mbox", mbox);
	return load_numbered(s, template, "");
}

int series_load(const char *path, struct series *s)
{
	struct stat st;
	char *series_file;
	int ret;

	memset(s, 0, sizeof(*s));
	s->path = abspath(path);
	if (stat(path, &st) < 0)
		return error("series %s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode)) {
		series_file = xasprintf("%s/series", path);
		if (file_exists(series_file)) {
			s->kind = "quilt";
			ret = load_quilt(s, path, series_file);
		} else {
			s->kind = "patches";
			ret = load_numbered(s, path, ".patch");
		}
		free(series_file);
	} else {
		s->kind = "mbox";
		ret = load_mbox(s, path);
	}
	if (!ret && !s->npatches)
		ret = error("series %s is empty: no patches found", path);
	return ret;
}

void series_free(struct series *s)
{
	size_t i;

	for (i = 0; i < s->npatches; i++) {
		free(s->patches[i].path);
		free(s->patches[i].subject);
		free(s->patches[i].author);
	}
	free(s->patches);
	if (s->split_dir)
		remove_tree(s->split_dir);
	free(s->split_dir);
	free(s->path);
	memset(s, 0, sizeof(*s));
}

/* The line of git am's output that says why: its first error, else its last line. */
static char *am_reason(const char *out)
{
	const char *p = strstr(out, "error: ");
	const char *end;

	if (!p)
		p = strstr(out, "Patch failed at");
	if (!p) {
		p = out + strlen(out);
		while (p > out && p[-1] == '\n')
			p--;
		while (p > out && p[-1] != '\n')
			p--;
	}
	end = strchr(p, '\n');
	return end ? xstrndup(p, end - p) : xstrdup(p);
}

size_t series_apply(const char *work_dir, const struct series *s, char **failed_msg)
{
	/*
	 * Fixed committer identity and dates: the same series on the same base
	 * gives the same commits, run after run.
	 */
	static const char *const env[] = {
		"GIT_COMMITTER_NAME=bisectable", "GIT_COMMITTER_EMAIL=bisectable@localhost",
		NULL
	};
	struct strbuf out = STRBUF_INIT;
	size_t i;

	*failed_msg = NULL;
	for (i = 0; i < s->npatches; i++) {
		const char *argv[] = { "git", "-C", work_dir, "am", "-q", "--no-3way",
				       "--committer-date-is-author-date", s->patches[i].path,
				       NULL };
		struct child c = { .argv = argv, .env = env, .capture = &out,
				   .capture_stderr = 1 };

		strbuf_reset(&out);
		if (run_child(&c)) {
			*failed_msg = am_reason(out.buf);
			git_quiet(work_dir, NULL, "am", "--abort", NULL);
			break;
		}
	}
	strbuf_release(&out);
	return i;
}
