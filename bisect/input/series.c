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

#include "input/series.h"
#include "lib/run-command.h"
#include "lib/util.h"

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

char *mail_msg_ids(const char *value, size_t max)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = value, *end;
	size_t n = 0;

	while (p && (p = strchr(p, '<'))) {
		const char *c;

		end = strchr(p + 1, '>');
		if (!end)
			break;
		/* Printable ASCII, no space, no bracket: nothing can leave the header. */
		for (c = p + 1; c < end; c++)
			if (*c <= ' ' || *c > '~' || *c == '<')
				break;
		if (c == end && end > p + 1) {
			strbuf_addf(&sb, "%s%.*s", n++ ? " " : "", (int)(end + 1 - p), p);
			if (max && n > max) {
				/* keep the last max: drop the first one */
				const char *sp = strchr(sb.buf, ' ');
				size_t drop = sp - sb.buf + 1;

				memmove(sb.buf, sb.buf + drop, sb.len - drop + 1);
				sb.len -= drop;
				n--;
			}
		}
		p = c == end ? end + 1 : c;
	}
	if (!n) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

static int is_patch_text(const char *text)
{
	return strstr(text, "\ndiff --git ") || strstr(text, "\n--- ") || !strncmp(text, "diff ", 5);
}

/*
 * A patch is text: git's binary diffs are base85, so a NUL byte is damage
 * (or a hostile file), and git am would not apply what we show. Refuse it
 * and say where it is, rather than call the file "not a patch".
 */
static int check_no_nul(const struct strbuf *text, const char *shown)
{
	const char *nul = memchr(text->buf, '\0', text->len);
	const char *p, *line_start = text->buf;
	size_t line = 1;

	if (!nul)
		return 0;
	for (p = text->buf; p < nul; p++)
		if (*p == '\n') {
			line++;
			line_start = p + 1;
		}
	if (!strncasecmp(line_start, "Subject:", 8))
		return error("%s: a NUL byte in its Subject: header (line %zu); a patch is "
			     "text, git am cannot take it", shown, line);
	return error("%s: a NUL byte at line %zu; a patch is text, git am cannot take it",
		     shown, line);
}

/* The message ids of header name of a mail, or NULL. */
static char *mail_ids_of(const char *hdr, const char *name, size_t max)
{
	char *value = mail_header(hdr, name), *ids = mail_msg_ids(value, max);

	free(value);
	return ids;
}

/* The headers of a mail (hdr: after the mbox's "From " line) that a reply needs. */
static void read_mail_headers(struct series_patch *p, const char *hdr)
{
	char *to = mail_header(hdr, "To"), *cc = mail_header(hdr, "Cc");

	p->author = mail_header(hdr, "From");
	p->message_id = mail_ids_of(hdr, "Message-ID", 1);
	p->references = mail_ids_of(hdr, "References", 0);
	if (!p->references)
		p->references = mail_ids_of(hdr, "In-Reply-To", 1);
	if (to || cc)
		p->to_cc = xasprintf("%s%s%s", to ? to : "", to && cc ? ", " : "", cc ? cc : "");
	free(to);
	free(cc);
}

static void release_patch(struct series_patch *p)
{
	free(p->path);
	free(p->subject);
	free(p->author);
	free(p->message_id);
	free(p->references);
	free(p->to_cc);
	memset(p, 0, sizeof(*p));
}

/* An mbox's first message without a diff, before its patches: the cover letter. */
static int add_cover(struct series *s, const char *text)
{
	const char *hdr = text;
	char *c;

	if (!strncmp(hdr, "From ", 5) && strchr(hdr, '\n'))
		hdr = strchr(hdr, '\n') + 1;
	read_mail_headers(&s->cover, hdr);
	s->cover.path = xstrdup(s->path);
	s->cover.subject = patch_subject(text);
	s->cover_subject = mail_header(hdr, "Subject");
	for (c = s->cover_subject; c && *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	return 0;
}

/*
 * path is read; shown is how messages name it (the user's file, not a
 * temporary one). cover_ok: an mbox's first message, which may be its
 * cover letter.
 */
static int add_patch(struct series *s, const char *path, const char *shown, int strip,
		     int cover_ok)
{
	struct strbuf text = STRBUF_INIT;
	struct series_patch *p;
	const char *hdr;
	int ret = -1;

	if (strbuf_read_file(&text, path) < 0) {
		error("cannot read patch %s: %s", shown, strerror(errno));
		goto out_text;
	}
	if (check_no_nul(&text, shown))
		goto out_text;
	if (cover_ok && text.len && !is_patch_text(text.buf)) {
		ret = add_cover(s, text.buf);
		goto out_text;
	}
	if (!text.len || !is_patch_text(text.buf)) {
		error("%s is not a patch: it has no diff", shown);
		goto out_text;
	}
	s->patches = xrealloc(s->patches, (s->npatches + 1) * sizeof(*s->patches));
	p = &s->patches[s->npatches++];
	memset(p, 0, sizeof(*p));
	p->path = abspath(path);
	p->subject = patch_subject(text.buf);
	hdr = text.buf;
	if (!strncmp(hdr, "From ", 5) && strchr(hdr, '\n'))
		hdr = strchr(hdr, '\n') + 1;
	read_mail_headers(p, hdr);
	p->strip = strip;
	ret = 0;
out_text:
	strbuf_release(&text);
	return ret;
}

/*
 * The options after a patch's name in a quilt series file: only -pN (the
 * strip level, 0 to 16, digits only) is quilt's and meaningful to git am.
 */
static int quilt_options(char *opts, const char *where, int *strip)
{
	char *word, *save = NULL;

	*strip = 1;
	for (word = strtok_r(opts, " \t\r", &save); word; word = strtok_r(NULL, " \t\r", &save)) {
		if (strncmp(word, "-p", 2) || parse_int(word + 2, 0, 16, strip))
			return error("%s: unsupported option '%s' (only -pN, N from 0 to 16)",
				     where, word);
	}
	return 0;
}

/* One line of a series file: "name.patch [-pN]  # comment". */
static int quilt_line(struct series *s, const char *dir, char *line, const char *where)
{
	char *hash = strchr(line, '#'), *end, *path;
	int strip, ret;

	if (hash)
		*hash = '\0';
	while (isspace((unsigned char)*line))
		line++;
	for (end = line; *end && !isspace((unsigned char)*end); end++)
		;
	if (!*line)
		return 0;
	if (*end)
		*end++ = '\0';
	if (strstr(line, "..") || line[0] == '/')
		return error("%s: patch name '%s' leaves the series directory", where, line);
	if (quilt_options(end, where, &strip))
		return -1;
	path = xasprintf("%s/%s", dir, line);
	ret = add_patch(s, path, path, strip, 0);
	free(path);
	return ret;
}

static int load_quilt(struct series *s, const char *dir, const char *series_file)
{
	struct strbuf text = STRBUF_INIT;
	char *line, *next;
	size_t lineno = 0;
	int ret = 0;

	if (strbuf_read_file(&text, series_file) < 0)
		return error("cannot read %s: %s", series_file, strerror(errno));
	for (line = text.buf; line && *line && !ret; line = next) {
		char *where;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		where = xasprintf("%s:%zu", series_file, ++lineno);
		ret = quilt_line(s, dir, line, where);
		free(where);
	}
	strbuf_release(&text);
	return ret;
}

static int patch_name_cmp(const void *a, const void *b)
{
	return strverscmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Files of dir ending in suffix, in version order (2 before 10). For the
 * messages git mailsplit wrote, mbox is the user's file that messages name.
 */
static int load_numbered(struct series *s, const char *dir, const char *suffix,
			 const char *mbox)
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
		char *shown = mbox ? xasprintf("%s (message %zu)", mbox, i + 1) : xstrdup(path);

		/* An mbox's first message may be its cover letter, if patches follow. */
		if (!ret)
			ret = add_patch(s, path, shown, 1, mbox && i == 0 && n > 1);
		free(shown);
		free(path);
		free(names[i]);
	}
	free(names);
	return ret;
}

static int load_mbox(struct series *s, const char *mbox)
{
	const char *tmpdir = getenv("TMPDIR");
	char *template = xasprintf("%s/bisectable-mbox.XXXXXX",
				   tmpdir && *tmpdir ? tmpdir : "/tmp");
	struct strbuf count = STRBUF_INIT;
	char *out_opt;
	int ret;

	if (!mkdtemp(template)) {
		ret = error("cannot split %s: mkdtemp %s: %s", mbox, template, strerror(errno));
		free(template);
		return ret;
	}
	/* From here series_free() removes it, on success or error. */
	s->split_dir = template;
	out_opt = xasprintf("-o%s", template);
	/* git's own splitter, so what git am sees is what we number. */
	ret = git(NULL, &count, "mailsplit", out_opt, "-b", mbox, NULL);
	strbuf_release(&count);
	free(out_opt);
	if (ret)
		return error("%s: git mailsplit could not split it as an mbox", mbox);
	return load_numbered(s, s->split_dir, "", mbox);
}

/*
 * On an error s is freed (the split directory of an mbox removed) and left
 * empty, so the caller has nothing to undo; series_free() on it is harmless.
 */
int series_load(const char *path, struct series *s)
{
	struct stat st;
	char *series_file;
	int ret;

	memset(s, 0, sizeof(*s));
	s->path = abspath(path);
	if (stat(path, &st) < 0) {
		ret = error("series %s: %s", path, strerror(errno));
		goto out_free;
	}
	if (S_ISDIR(st.st_mode)) {
		series_file = xasprintf("%s/series", path);
		if (file_exists(series_file)) {
			s->kind = "quilt";
			ret = load_quilt(s, path, series_file);
		} else {
			s->kind = "patches";
			ret = load_numbered(s, path, ".patch", NULL);
		}
		free(series_file);
	} else {
		s->kind = "mbox";
		ret = load_mbox(s, path);
	}
	if (!ret && !s->npatches)
		ret = error("series %s is empty: no patches found", path);
	if (!ret)
		return 0;
out_free:
	series_free(s);
	return ret;
}

void series_free(struct series *s)
{
	size_t i;

	for (i = 0; i < s->npatches; i++)
		release_patch(&s->patches[i]);
	release_patch(&s->cover);
	free(s->cover_subject);
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
		char *strip = xasprintf("-p%d", s->patches[i].strip);
		const char *argv[] = { "git", "-C", work_dir, "am", "-q", "--no-3way",
				       "--committer-date-is-author-date", strip,
				       s->patches[i].path, NULL };
		struct child c = { .argv = argv, .env = env, .capture = &out,
				   .capture_stderr = 1 };
		int failed;

		strbuf_reset(&out);
		failed = run_child(&c);
		free(strip);
		if (failed) {
			*failed_msg = am_reason(out.buf);
			git_abort(work_dir, "am");
			break;
		}
	}
	strbuf_release(&out);
	return i;
}

/* One git command in git_dir with the private index, its stdout (trimmed) in out. */
static int git_indexed(const char *git_dir, const char *index_env, struct strbuf *out,
		       const char *const *args)
{
	const char *env[] = { index_env, "GIT_COMMITTER_NAME=bisectable",
			      "GIT_COMMITTER_EMAIL=bisectable@localhost",
			      "GIT_AUTHOR_NAME=bisectable", "GIT_AUTHOR_EMAIL=bisectable@localhost",
			      "GIT_AUTHOR_DATE=@0 +0000", "GIT_COMMITTER_DATE=@0 +0000", NULL };
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct child c = { .env = env, .capture = out, .capture_stderr = 1 };
	size_t i;
	int ret;

	argv_pushl(&argv, "git", "--git-dir", git_dir, NULL);
	for (i = 0; args[i]; i++)
		argv_push(&argv, args[i]);
	c.argv = argv.argv;
	if (out)
		strbuf_reset(out);
	ret = run_child(&c);
	if (out)
		strbuf_trim(out);
	argv_clear(&argv);
	return ret;
}

/*
 * git commit-tree of the tree in out (then its sha in out) on parent. The
 * message goes through a file, never argv: a subject of megabytes is one
 * argument over the kernel's 128 KiB (E2BIG, "Argument list too long"),
 * and git am takes such a subject, so this must too.
 */
static int commit_tree(const char *git_dir, const char *index_env, struct strbuf *out,
		       const char *parent, const char *subject, const char *msg_path)
{
	char *tree = strbuf_detach(out, NULL);
	const char *commit[] = { "commit-tree", tree, "-p", parent, "-F", msg_path, NULL };
	/* With the newline -m adds: the same commit objects as before. */
	char *msg = xasprintf("%s\n", subject);
	int ret = -1;

	if (write_file(msg_path, msg, strlen(msg)) < 0)
		strbuf_addf(out, "cannot write %s: %s", msg_path, strerror(errno));
	else
		ret = git_indexed(git_dir, index_env, out, commit);
	free(msg);
	free(tree);
	return ret;
}

size_t series_commit_objects(const char *git_dir, const char *base, const struct series *s,
			     struct argv_array *shas, char **failed_msg)
{
	char index_path[] = "/tmp/bisectable-index.XXXXXX";
	char msg_path[] = "/tmp/bisectable-msg.XXXXXX";
	struct strbuf out = STRBUF_INIT, parent = STRBUF_INIT;
	char *index_env;
	size_t i = 0;
	int fd;

	*failed_msg = NULL;
	fd = mkstemp(index_path);
	if (fd < 0) {
		*failed_msg = xasprintf("cannot create a scratch index: %s", strerror(errno));
		return 0;
	}
	close(fd);
	/* Ours (mode 0600) until unlinked: write_file() opens it by name. */
	fd = mkstemp(msg_path);
	if (fd < 0) {
		*failed_msg = xasprintf("cannot create a scratch file: %s", strerror(errno));
		unlink(index_path);
		return 0;
	}
	close(fd);
	/* git reads an empty file as a broken index: let read-tree write it anew. */
	unlink(index_path);
	index_env = xasprintf("GIT_INDEX_FILE=%s", index_path);
	strbuf_addstr(&parent, base);
	{
		const char *args[] = { "read-tree", base, NULL };

		if (*base == '-' || git_indexed(git_dir, index_env, &out, args)) {
			*failed_msg = xasprintf("cannot read the tree of %s: %s", base, out.buf);
			goto out;
		}
	}
	for (i = 0; i < s->npatches; i++) {
		char *strip = xasprintf("-p%d", s->patches[i].strip);
		const char *apply[] = { "apply", "--cached", strip, s->patches[i].path, NULL };
		const char *write[] = { "write-tree", NULL };
		int failed = git_indexed(git_dir, index_env, &out, apply);

		free(strip);
		if (failed) {
			*failed_msg = am_reason(out.buf);
			break;
		}
		if (git_indexed(git_dir, index_env, &out, write)) {
			*failed_msg = xasprintf("git write-tree failed: %s", out.buf);
			break;
		}
		if (commit_tree(git_dir, index_env, &out, parent.buf, s->patches[i].subject,
				msg_path)) {
			*failed_msg = xasprintf("git commit-tree failed: %s", out.buf);
			break;
		}
		argv_push(shas, out.buf);
		strbuf_reset(&parent);
		strbuf_addstr(&parent, out.buf);
	}
out:
	unlink(index_path);
	unlink(msg_path);
	free(index_env);
	strbuf_release(&out);
	strbuf_release(&parent);
	return i;
}
