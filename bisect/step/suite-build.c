// SPDX-License-Identifier: GPL-2.0
/*
 * suite-build.c - build the suites' pieces of the initramfs (see
 * suite-build.h). Which commit is under test does not matter: a piece
 * holds what the base tree builds (its selftests, with its UAPI headers),
 * so every commit of a run boots the same test programs and only the
 * kernel changes between them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "lib/hash.h"
#include "lib/layout.h"
#include "lib/sandbox.h"
#include "step/suite.h"
#include "step/suite-build.h"
#include "input/tree.h"
#include "lib/run-command.h"
#include "lib/util.h"

/* The base tree's id: what the piece is built from. */
static char *tree_of(const char *work_dir, const char *base_sha)
{
	struct strbuf tree = STRBUF_INIT;
	char *spec = xasprintf("%s^{tree}", base_sha);

	if (git(work_dir, &tree, "rev-parse", "--verify", "-q", spec, NULL))
		strbuf_reset(&tree);
	free(spec);
	return tree.len ? strbuf_detach(&tree, NULL) : (strbuf_release(&tree), NULL);
}

/*
 * The suite's piece-files, copied from its directory into the build's output
 * (their modes kept): they reach the guest with the piece, so a suite whose
 * whole payload is a piece adds nothing to the base image.
 */
static int copy_piece_files(const struct suite *s, const char *out, const char *log)
{
	char *dir = project_path("guest/suites");
	int ret = 0;
	size_t i;

	for (i = 0; i < s->npiece_files && !ret; i++) {
		char *from = xasprintf("%s/%s/%s", dir, s->name, s->piece_files[i]);
		char *to = xasprintf("%s/%s", out, s->piece_files[i]);
		struct strbuf text = STRBUF_INIT;
		struct stat st;

		if (stat(from, &st) || strbuf_read_file(&text, from) < 0 ||
		    write_file(to, text.buf, text.len) || chmod(to, st.st_mode & 0777)) {
			FILE *f = fopen(log, "a");

			if (f) {
				fprintf(f, "cannot copy the piece-file %s: %s\n", from,
					strerror(errno));
				fclose(f);
			}
			ret = -1;
		}
		strbuf_release(&text);
		free(from);
		free(to);
	}
	free(dir);
	return ret;
}

/* "piece-file NAME HASH" lines: a changed file is a new piece. */
static void piece_files_key(const struct suite *s, struct strbuf *key)
{
	char *dir = project_path("guest/suites");
	size_t i;

	for (i = 0; i < s->npiece_files; i++) {
		char *path = xasprintf("%s/%s/%s", dir, s->name, s->piece_files[i]);
		char *hash = sha256_file(path);

		strbuf_addf(key, "piece-file %s %s\n", s->piece_files[i], hash ? hash : "?");
		free(hash);
		free(path);
	}
	free(dir);
}

/*
 * Build one piece into piece (a path that does not exist yet): export the
 * base tree, run the suite's build program on it, pack its output.
 */
static int build_piece(const struct suite *s, const char *program, const char *work_dir,
		       const char *base_sha, int sandbox, const char *scratch, const char *piece,
		       const char *log)
{
	char *src = xasprintf("%s/src", scratch), *out = xasprintf("%s/out", scratch);
	char *prefix = xasprintf("suites/%s", s->name), *pack = project_path("guest/mkpiece.sh");
	/* git archive | tar: the pipe is the shell's, every word an argument. */
	const char *export[] = { "sh", "-c", "git -C \"$1\" archive \"$2\" | tar -x -C \"$3\"",
				 "sh", work_dir, base_sha, src, NULL };
	const char *build[] = { program, src, out, NULL };
	/* src too: the sandbox's private /tmp would hide a cache under /tmp. */
	const char *writable[] = { out, src, NULL };
	const char *packer[] = { "sh", pack, out, prefix, piece, NULL };
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct child c = { .out_path = log, .out_append = 1 };
	int ret = -1;

	if (mkdir_p(src) || mkdir_p(out))
		goto out;
	c.argv = export;
	if (run_child(&c))
		goto out;
	/* The tree's Makefiles are a series' code: no network, writes to out only. */
	if (sandbox)
		sandbox_argv(&argv, writable, src, build);
	c.argv = sandbox ? argv.argv : build;
	c.dir = src;
	c.own_group = 1;
	c.timeout = 1800;
	if (run_child(&c) || copy_piece_files(s, out, log))
		goto out;
	c.argv = packer;
	c.dir = NULL;
	ret = run_child(&c) ? -1 : 0;
out:
	argv_clear(&argv);
	free(src);
	free(out);
	free(prefix);
	free(pack);
	return ret;
}

/* The piece of suite s for this base tree, built if missing; allocated, or NULL. */
static char *suite_piece(const struct suite *s, const char *dir, const char *work_dir,
			 const char *base_sha, const char *tree, int sandbox, char *why,
			 size_t why_len)
{
	char *suites = project_path("guest/suites");
	char *program = xasprintf("%s/%s/%s", suites, s->name, s->build);
	char *prog_hash = sha256_file(program), *key, *piece, *lock, *scratch, *log;
	struct strbuf key_text = STRBUF_INIT;
	int fd;

	free(suites);

	strbuf_addf(&key_text, "suite %s\ntree %s\nbuild %s\nsandbox %d\n", s->name, tree,
		    prog_hash ? prog_hash : "?", sandbox);
	piece_files_key(s, &key_text);
	key = sha256_buf(key_text.buf, key_text.len);
	piece = xasprintf("%s/%s-%.16s.cpio.gz", dir, s->name, key);
	log = xasprintf("%s/%s-%.16s.log", dir, s->name, key);
	lock = xasprintf("%s/%s.lock", dir, s->name);
	scratch = xasprintf("%s/%s-%.16s.tmp", dir, s->name, key);
	/* The configurations' steps run at once: one builds, the others wait for it. */
	fd = lock_file(lock, 1);
	if (!file_exists(piece)) {
		info("building the suite %s from the base tree %.12s (once per base tree)",
		     s->name, tree);
		remove_tree(scratch);
		unlink(log);
		if (build_piece(s, program, work_dir, base_sha, sandbox, scratch, piece, log)) {
			snprintf(why, why_len, "the suite %s could not be built from the base "
				 "tree %.12s: see %s", s->name, tree, log);
			unlink(piece);
			free(piece);
			piece = NULL;
		}
		remove_tree(scratch);
	}
	if (fd >= 0)
		close(fd);
	free(program);
	free(prog_hash);
	strbuf_release(&key_text);
	free(key);
	free(lock);
	free(scratch);
	free(log);
	return piece;
}

char *suites_initrd(const struct run_config *rc, const char *work_dir, const char *base_sha,
		    char *why, size_t why_len)
{
	const struct suite_set *set = suites_default();
	char *base = project_path("guest/initramfs.cpio"), *cache, *dir, *tree = NULL;
	struct strbuf all = STRBUF_INIT, key = STRBUF_INIT;
	char *initrd = NULL, *hash, *tmp;
	size_t i;

	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);

		if (s && s->build)
			break;
	}
	if (i == rc->nsuites)
		return base;

	cache = cache_dir();
	dir = xasprintf("%s/suites", cache);
	mkdir_p(dir);
	tree = base_sha ? tree_of(work_dir, base_sha) : NULL;
	if (!tree) {
		snprintf(why, why_len, "the base %s has no tree to build the suites from",
			 base_sha ? base_sha : "(none)");
		goto out;
	}
	if (strbuf_read_file(&all, base) < 0) {
		snprintf(why, why_len, "cannot read %s", base);
		goto out;
	}
	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);
		char *piece;

		if (!s || !s->build)
			continue;
		piece = suite_piece(s, dir, work_dir, base_sha, tree, rc->sandbox, why, why_len);
		if (!piece || strbuf_read_file(&all, piece) < 0) {
			free(piece);
			goto out;
		}
		strbuf_addf(&key, "%s\n", piece);
		free(piece);
	}
	/* Named by its bytes: the boot cache hashes it, identical pieces share it. */
	hash = sha256_buf(all.buf, all.len);
	initrd = xasprintf("%s/initrd-%.16s.cpio", dir, hash);
	tmp = xasprintf("%s.%d.tmp", initrd, (int)getpid());
	if (!file_exists(initrd) &&
	    (write_file(tmp, all.buf, all.len) || rename(tmp, initrd))) {
		snprintf(why, why_len, "cannot write %s: %s", initrd, strerror(errno));
		unlink(tmp);
		free(initrd);
		initrd = NULL;
	}
	free(tmp);
	free(hash);
out:
	strbuf_release(&all);
	strbuf_release(&key);
	free(tree);
	free(dir);
	free(cache);
	free(base);
	return initrd;
}
