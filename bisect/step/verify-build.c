// SPDX-License-Identifier: GPL-2.0
/*
 * verify-build.c - stage build of one configuration at the commit: kbuild.c's
 * build, tried again when the machine failed, and its record: the .config,
 * what configure changed, warnings, sizes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "step/codeprint.h"
#include "step/confirm.h"
#include "input/arch.h"
#include "judge/coverage.h"
#include "lib/run-command.h"
#include "lib/escape.h"
#include "lib/hash.h"
#include "step/verify-build.h"
#include "lib/util.h"

/* vmlinux's text/data/bss and the bzImage's size. */
static void size_metrics(struct config_step *cs)
{
	char *vmlinux = xasprintf("%s/vmlinux", cs->out_dir);
	const char *argv[] = { "size", vmlinux, NULL };
	struct strbuf out = STRBUF_INIT;
	unsigned long long text, data, bss;
	struct stat sb;

	if (!run_capture(NULL, &out, argv)) {
		const char *line2 = strchr(out.buf, '\n');

		if (line2 && sscanf(line2 + 1, "%llu %llu %llu", &text, &data, &bss) == 3) {
			config_step_metric(cs, "build", "text", text);
			config_step_metric(cs, "build", "data", data);
			config_step_metric(cs, "build", "bss", bss);
		}
	}
	if (!stat(cs->kernel, &sb))
		config_step_metric(cs, "build", "bzimage_bytes", sb.st_size);
	strbuf_release(&out);
	free(vmlinux);
}

/*
 * What coverage judges this build by (coverage.h): the .config olddefconfig
 * made at this commit and, for a build that finished, the files its objects
 * depend on (a failed build stopped before some objects: its list would
 * leave out files that were never tried, so it has none and its .config
 * alone judges). 0 if configure did not finish: there is nothing to keep.
 */
static int kconfig_texts(struct config_step *cs, const struct kbuild_result *kb,
			 struct strbuf *dotconfig, struct strbuf *compiled, int *has_compiled)
{
	struct strbuf text = STRBUF_INIT;
	char *path;

	*has_compiled = 0;
	if (!kb->configured)
		return 0;
	path = xasprintf("%s/.config", cs->out_dir);
	if (strbuf_read_file(&text, path) >= 0)
		dotconfig_assignment_lines(text.buf, dotconfig);
	free(path);
	strbuf_release(&text);
	if (!dotconfig->len)
		return 0;
	/* No file found is a path the dependency lists spell otherwise: unknown. */
	if (kb->ok && !coverage_compiled_files(cs->out_dir, cs->vc->work_dir, compiled) &&
	    compiled->len)
		*has_compiled = 1;
	return 1;
}

/*
 * What the build's machine code is, for codediff against the parent: read
 * from vmlinux before the transaction (one objdump, seconds), said in the
 * build log; 0 when there is none to compare (why in the log). A vmlinux
 * and image recorded before (a build that relinked nothing) are not read
 * again: *same is that build's result, whose codeprint is copied.
 */
static int codeprint_of_build(struct config_step *cs, struct codeprint *cp, long long *same)
{
	char *vmlinux = xasprintf("%s/vmlinux", cs->out_dir), *line;
	char *objdump = xasprintf("%sobjdump", cs->kjob.arch ? cs->kjob.arch->cross_compile : "");
	char *vmlinux_sha = sha256_file(vmlinux), *image_sha = sha256_file(cs->kernel);
	char note[512];
	int ok;

	*same = vmlinux_sha && image_sha ? db_codeprint_find(cs->vc->db, vmlinux_sha, image_sha) : 0;
	free(image_sha);
	if (*same) {
		kbuild_log_line(&cs->kjob, "# codeprint: vmlinux and the image as recorded before");
		free(vmlinux_sha);
		free(objdump);
		free(vmlinux);
		return 1;
	}
	ok = !codeprint_record(vmlinux, cs->kernel, objdump, cp, note, sizeof(note));
	if (ok) {
		cp->vmlinux_sha = vmlinux_sha;
		vmlinux_sha = NULL;
	}
	free(vmlinux_sha);
	if (ok)
		line = xasprintf("# codeprint: %lld symbols in %.1fs", cp->nsymbols, cp->seconds);
	else
		line = xasprintf("# no codeprint: %s", note);
	kbuild_log_line(&cs->kjob, line);
	free(line);
	free(objdump);
	free(vmlinux);
	return ok;
}

static void record_build(struct config_step *cs, const struct kbuild_result *kb,
			 const char *reproduce)
{
	struct codeprint cp = { 0 };
	long long same = 0;
	int has_codeprint = kb->ok && codeprint_of_build(cs, &cp, &same);
	struct strbuf dotconfig = STRBUF_INIT, compiled = STRBUF_INIT;
	sqlite3 *db = cs->vc->db;
	int has_kconfig, has_compiled;
	long long id;
	size_t i;

	has_kconfig = kconfig_texts(cs, kb, &dotconfig, &compiled, &has_compiled);
	db_begin(db);
	id = config_step_record(cs, "build", kb->error ? "error" : kb->ok ? "pass" : "fail", kb->duration,
		    kb->evidence, cs->build_log, reproduce, cs->build_key);
	if (has_kconfig)
		db_kconfig_set(db, id, dotconfig.buf, has_compiled ? compiled.buf : NULL);
	if (has_codeprint && same)
		db_codeprint_copy(db, id, same);
	else if (has_codeprint)
		db_codeprint_put(db, id, &cp);
	codeprint_release(&cp);
	strbuf_release(&dotconfig);
	strbuf_release(&compiled);
	if (!kb->ok) {
		config_step_not_booted(cs, kb->error ? "not run: build error" : "not run: build failed");
		db_commit(db);
		return;
	}
	db_warnings_clear(db, cs->vc->commit_id, cs->config);
	for (i = 0; i < kb->nwarnings; i++)
		db_warning_add(db, cs->vc->commit_id, cs->config, kb->warnings[i].object,
			       kb->warnings[i].message);
	config_step_metric(cs, "build", "warnings", kb->nwarnings);
	config_step_metric(cs, "build", "rebuilt_objects", kb->rebuilt);
	if (kb->remote.nhosts)
		config_step_metric(cs, "build", "distcc_remote_compiles", build_remote_distributed(&kb->remote));
	if (kb->remote.have_ccache && cs->vc->rc->ccache_remote) {
		config_step_metric(cs, "build", "ccache_local_hits", kb->remote.local_hits);
		config_step_metric(cs, "build", "ccache_remote_hits", kb->remote.remote_hits);
		config_step_metric(cs, "build", "ccache_misses", kb->remote.misses);
	}
	if (kb->restored >= 0)
		config_step_metric(cs, "build", "restored_mtimes", kb->restored);
	size_metrics(cs);
	db_commit(db);
}

/*
 * Build, and build again (--retries) while the machine is at fault: a killed
 * compiler, ENOSPC, a failed fork. The last try's log is the build log, the
 * earlier ones are kept beside it.
 */
static void build_tries(struct config_step *cs, struct kbuild_result *kb)
{
	int tries;

	for (tries = 1;; tries++) {
		kbuild_run(&cs->kjob, kb);
		if (!kb->error || tries > cs->vc->rc->retries)
			break;
		fprintf(stderr, "  %-8s build ERROR: %s: trying again (try %d of %d)\n",
			cs->config, term_str(kb->evidence), tries + 1, cs->vc->rc->retries + 1);
		keep_try_log(cs->build_log, tries);
		kbuild_result_free(kb);
	}
	if (kb->error && tries > 1) {
		char last[sizeof(kb->evidence)];

		snprintf(last, sizeof(last), "%s", kb->evidence);
		snprintf(kb->evidence, sizeof(kb->evidence), "after %d tries: %.400s", tries, last);
	}
}

/*
 * What base.config added to a start other than tinyconfig, and what
 * olddefconfig changed in a full .config: on screen, and with the run
 * (the first build's) for show and the reports.
 */
static void say_changes(struct config_step *cs, const char *changes)
{
	const char *line, *end;

	for (line = changes; *line; line = *end ? end + 1 : end) {
		char *one;

		end = strchrnul(line, '\n');
		one = xstrndup(line, end - line);
		fprintf(stderr, "  %-8s %s%s\n", cs->config, *one == '#' ? "" : "  ", term_str(one));
		free(one);
	}
	db_begin(cs->vc->db);
	db_run_config_changes(cs->vc->db, cs->vc->run->id, cs->config, run_config_spec(cs->vc->rc,
			      cs->config), changes);
	db_commit(cs->vc->db);
}

/* Stage build: returns 1 if it passed. */
int verify_stage_build(struct config_step *cs)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct kbuild_result kb;
	int ok;

	build_tries(cs, &kb);
	kbuild_make_argv(&cs->kjob, &argv, kbuild_image_target(&cs->kjob));
	strbuf_addstr(&repro, "git -C ");
	strbuf_add_sq(&repro, cs->vc->work_dir);
	strbuf_addf(&repro, " checkout --detach %s && ", cs->vc->sha);
	argv_to_line(&repro, argv.argv);
	record_build(cs, &kb, repro.buf);

	fprintf(stderr, "  %-8s build %s%s%s (%.0fs, %zu objects rebuilt, %zu warnings",
		cs->config, kb.ok ? "pass" : kb.error ? "ERROR" : "FAIL", kb.ok ? "" : ": ",
		kb.ok ? "" : term_str(kb.evidence), kb.duration, kb.rebuilt, kb.nwarnings);
	if (kb.restored > 0)
		fprintf(stderr, ", %d unchanged sources kept their mtime", kb.restored);
	if (cs->vc->rc->distcc_hosts || cs->vc->rc->ccache_remote) {
		struct strbuf where = STRBUF_INIT;

		build_remote_describe(&kb.remote, &where);
		if (where.len)
			fprintf(stderr, "; %s", where.buf);
		strbuf_release(&where);
	}
	fprintf(stderr, ")\n");
	if (kb.changes)
		say_changes(cs, kb.changes);
	ok = kb.ok;
	kbuild_result_free(&kb);
	argv_clear(&argv);
	strbuf_release(&repro);
	return ok;
}
