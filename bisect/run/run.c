// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - a run from its target to its end state (see run.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/escape.h"
#include "lib/layout.h"
#include "kconfig/config-derive-series.h"
#include "db/db-run.h"
#include "db/db-tries.h"
#include "input/arch.h"
#include "input/commits.h"
#include "run/run.h"
#include "lib/sandbox.h"
#include "lib/run-command.h"
#include "lib/util.h"
#include "judge/verdict-text.h"
#include "step/suite.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
	/* The rebase runs in a group of its own: end it, its steps clean up. */
	child_signal_current(SIGTERM);
}

/* A path on git's --exec line: one line, so no newline (nor CR) in it. */
static int check_exec_path(const char *what, const char *path)
{
	if (!strpbrk(path, "\n\r"))
		return 0;
	return error("%s '%s' holds a line break, which git's --exec line cannot carry: "
		     "use a path without one", what, path);
}

int run_check_exec_paths(const char *db_path)
{
	char *self = self_exe_path(), *db = abspath(db_path);
	int ret = check_exec_path("the database path", db);

	if (check_exec_path("bisectable's own path", self))
		ret = -1;
	free(self);
	free(db);
	return ret;
}

/* Whether program is on PATH. */
static int have_program(const char *program)
{
	const char *argv[] = { "sh", "-c", "command -v \"$1\" >/dev/null", "sh", program, NULL };
	struct child c = { .argv = argv };

	return !run_child(&c);
}

/*
 * A chosen suite that does not run on arch (its 'arch' lines: rt-tests is
 * Debian's programs of the host) has its tests skipped there: said once,
 * before any work, rather than left for a reader to notice missing rows.
 */
static void say_suites_not_on(const struct run_config *rc, const char *arch)
{
	const struct suite_set *set = suites_default();
	size_t i, j;

	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);
		struct strbuf on = STRBUF_INIT;

		if (!s || suite_supports_arch(s, arch))
			continue;
		for (j = 0; j < s->narches; j++)
			strbuf_addf(&on, "%s%s", j ? " " : "", s->arches[j]);
		info("%s: suite %s runs on %s only (its 'arch' lines): its tests are"
		     " skipped on %s", arch, s->name, on.len ? on.buf : ARCH_DEFAULT, arch);
		strbuf_release(&on);
	}
}

int run_check_arch_tool(const char *arch, int boot)
{
	struct arch_desc a;
	char why[512], *gcc;
	int ret = 0;

	if (!strcmp(arch, ARCH_DEFAULT) || arch_load(arch, &a, why, sizeof(why)))
		return 0;	/* x86_64's are checked above; a bad name by validation */
	gcc = xasprintf("%sgcc", a.cross_compile);
	if (!have_program(gcc))
		ret = error("%s: %s not found: install Debian's %s package", a.name, gcc,
			    a.compiler_package);
	if (boot && !have_program(a.qemu))
		ret = error("%s: %s not found: install Debian's %s package", a.name, a.qemu,
			    a.qemu_package);
	free(gcc);
	arch_release(&a);
	return ret;
}

int run_check_arch_tools(const struct run_config *rc)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < rc->narches; i++) {
		if (run_check_arch_tool(rc->arches[i], 1))
			ret = -1;
		if (strcmp(rc->arches[i], ARCH_DEFAULT))
			say_suites_not_on(rc, rc->arches[i]);
	}
	return ret;
}

int run_check_tools(int sandbox)
{
	static const char *const tools[][2] = {
		{ "git", "git" }, { "make", "make" }, { "gcc", "gcc" }, { "flex", "flex" },
		{ "bison", "bison" }, { "bc", "bc" }, { "expect", "expect" },
		{ "qemu-system-x86_64", "qemu-system-x86" }, { "size", "binutils" },
	};
	char *initrd = project_path("guest/initramfs.cpio");
	const char *why;
	size_t i;
	int ret = 0;

	for (i = 0; i < ARRAY_SIZE(tools); i++) {
		const char *argv[] = { "sh", "-c", "command -v \"$1\" >/dev/null", "sh",
				       tools[i][0], NULL };
		struct child c = { .argv = argv };

		if (run_child(&c))
			ret = error("%s not found: install Debian's %s package", tools[i][0],
				    tools[i][1]);
	}
	if (!file_exists(initrd))
		ret = error("no guest image %s: run 'make' first", initrd);
	if (!ret && sandbox && !sandbox_available(&why))
		warning("builds run without a sandbox: %s", why);
	free(initrd);
	return ret;
}

static int lock_work_dir(struct run *r)
{
	r->lock_fd = run_lock_work_dir(r->work_dir);
	return r->lock_fd < 0 ? -1 : 0;
}

static void claim_work_dir(const struct run *r, const char *state)
{
	run_claim_work_dir(r->work_dir, r->id, r->db_path, state);
}

static void set_inherited(int fd, int inherited)
{
	int flags = fcntl(fd, F_GETFD);

	if (fd >= 0 && flags >= 0)
		fcntl(fd, F_SETFD, inherited ? flags & ~FD_CLOEXEC : flags | FD_CLOEXEC);
}

/*
 * A process of the run proper (the base's step, the rebase and its steps):
 * it holds the work tree's lock too, and the read end of the alive pipe,
 * whose EOF tells every step that 'run' is gone; the rebase dies with run.
 */
int run_owned(struct run *r, struct child *c)
{
	int ret;

	c->die_with_parent = 1;
	set_inherited(r->lock_fd, 1);
	set_inherited(r->alive[0], 1);
	ret = run_child(c);
	set_inherited(r->lock_fd, 0);
	set_inherited(r->alive[0], 0);
	return ret;
}

/*
 * "-TAG" when BISECTABLE_WORK_TAG names a work tree of its own: jobs of one
 * run on one machine (run-slurm.c) share the cache (the import, ccache) but
 * each has its own work tree, and so its own build directories.
 */
static const char *work_tag(void)
{
	static char suffix[80];
	const char *tag = getenv("BISECTABLE_WORK_TAG");

	if (!tag || !*tag)
		return "";
	if (strlen(tag) > sizeof(suffix) - 2 || strspn(tag, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != strlen(tag) || tag[0] == '.')
		die("BISECTABLE_WORK_TAG '%s': use letters, digits, '_', '.' and '-'", tag);
	snprintf(suffix, sizeof(suffix), "-%s", tag);
	return suffix;
}

/* A clone of its own per repository, named after it: <cache>/work/<name>-<hash>. */
static char *range_work_dir(const char *repo)
{
	char *cache = cache_dir(), *copy = xstrdup(repo), *name, *dir;
	unsigned long hash = 5381;
	const char *p;

	for (p = repo; *p; p++)
		hash = hash * 33 + (unsigned char)*p;
	name = strrchr(copy, '/') ? strrchr(copy, '/') + 1 : copy;
	dir = xasprintf("%s/work/%s-%08lx%s", cache, *name ? name : "repo", hash & 0xffffffffUL,
			work_tag());
	free(copy);
	free(cache);
	return dir;
}

/*
 * A b4 prep branch (input/b4.h): the series after its cover letter commit,
 * on the cover letter's parent; its title and change-id name the series.
 */
static int prepare_b4(struct run *r, const struct run_target *t, const char *base,
		      const char *tip_name)
{
	struct b4_prep b;
	int found;

	if (t->b4 < 0)
		return 0;
	found = b4_prep_find(t->repo, base, r->tip.buf, &b);
	if (found < 0)
		return -1;
	if (!found && t->b4)	/* --b4 asked for one: say there is none */
		return error("%s in %s is no b4 prep branch: no b4 cover letter commit on it",
			     tip_name, t->repo);
	if (!found)
		return 0;
	strbuf_reset(&r->base);
	strbuf_addstr(&r->base, b.base);
	r->info.series_kind = xstrdup("b4");
	r->info.series = b4_series_name(&b, tip_name);
	b4_series_mail(&b, tip_name, &r->mail);
	info("b4 prep branch %s: %d patches after the cover letter %.12s, on %.12s", tip_name,
	     b.npatches, b.cover, b.base);
	b4_prep_free(&b);
	return 1;
}

static int prepare_range(struct run *r, const struct run_target *t)
{
	const char *dots = strstr(t->range, "..");
	char *b = NULL, *tip_name, *git_dir;
	int ret = -1, b4;

	if (!dots && t->b4 <= 0)
		return error("with --repo, give a range BASE..TIP");
	if (dots)
		b = xstrndup(t->range, dots - t->range);
	tip_name = xstrdup(!dots ? t->range : *(dots + 2) ? dots + 2 : "HEAD");
	if ((b && commits_resolve(t->repo, b, &r->base)) ||
	    commits_resolve(t->repo, tip_name, &r->tip))
		goto out_names;
	b4 = prepare_b4(r, t, b ? r->base.buf : NULL, tip_name);
	if (b4 < 0 || commits_check_range(t->repo, t->range, r->base.buf, r->tip.buf))
		goto out_names;
	r->info.repo = abspath(t->repo);
	r->work_dir = range_work_dir(r->info.repo);
	if (lock_work_dir(r) || run_check_user_work(r->db, r->work_dir, t->discard))
		goto out_names;
	claim_work_dir(r, "running");
	if (tree_prepare_clone(r->info.repo, r->work_dir, r->tip.buf) ||
	    b4_graft(r->work_dir, r->base.buf, r->tip.buf))
		goto out_names;
	git_dir = xasprintf("%s/.git", r->work_dir);
	r->info.base_version = tree_version(git_dir, r->base.buf);
	free(git_dir);
	if (!b4) {
		r->info.series_kind = xstrdup("range");
		r->info.series = xstrdup(t->range);
	}
	ret = 0;
out_names:
	free(b);
	free(tip_name);
	return ret;
}

static int prepare_series(struct run *r, const struct run_target *t)
{
	char *cache;

	if (series_load(t->series, &r->series) || tree_import(t->tarball, &r->kernel))
		return -1;
	cache = cache_dir();
	r->work_dir = xasprintf("%s/work/linux-source%s", cache, work_tag());
	free(cache);
	if (lock_work_dir(r) || run_check_user_work(r->db, r->work_dir, t->discard))
		return -1;
	claim_work_dir(r, "running");
	if (tree_prepare_worktree(r->kernel.git_dir, r->work_dir, r->kernel.sha))
		return -1;
	strbuf_addstr(&r->base, r->kernel.sha);
	r->info.base_version = xstrdup(r->kernel.version);
	r->info.series_kind = xstrdup(r->series.kind);
	r->info.series = xstrdup(r->series.path);
	series_mail_from_series(&r->mail, &r->series);
	info("applying %zu patches (%s) with git am", r->series.npatches, r->series.kind);
	r->applied = series_apply(r->work_dir, &r->series, &r->failed_msg);
	git(r->work_dir, &r->tip, "rev-parse", "HEAD", NULL);
	return 0;
}

int run_load_metrics(struct run_config *rc, const struct run_target *t)
{
	struct series_metrics ms = run_config_metrics(rc);
	char *path;
	int ret = 0;

	if (t->metrics)
		return series_metrics_load(&ms, t->metrics);
	if (!t->series)
		return 0;
	path = xasprintf("%s/metrics", t->series);
	if (file_exists(path))
		ret = series_metrics_load(&ms, path);
	free(path);
	return ret;
}

int run_prepare(struct run *r, const struct run_target *t, struct run_config *rc)
{
	r->rc = rc;
	if (t->repo)
		return prepare_range(r, t);
	return prepare_series(r, t);
}

static void record_not_run(struct run *r, long long commit_id, const char *apply_status,
			   const char *evidence)
{
	static const char *const later[] = { "build", "boot", "test" };
	size_t c, i;

	for (c = 0; c < r->rc->nconfigs; c++) {
		struct result_row row = { .config = r->rc->configs[c], .stage = "apply",
					  .status = apply_status, .evidence = evidence };

		db_result_set(r->db, r->id, commit_id, &row);
		for (i = 0; i < ARRAY_SIZE(later); i++) {
			struct result_row skip = { .config = r->rc->configs[c], .stage = later[i],
						   .status = "skip",
						   .evidence = "not run: the patch was not applied" };

			db_result_set(r->db, r->id, commit_id, &skip);
		}
	}
}

/* Record the commits base..HEAD of the work tree (positions from 1). */
static int record_commits(struct run *r)
{
	struct strbuf list = STRBUF_INIT;
	char *range = xasprintf("%s..HEAD", r->base.buf), *line, *save = NULL;
	const struct series *s = r->info.repo ? NULL : &r->series;
	int pos = 0;

	if (git(r->work_dir, &list, "log", "--reverse", "--format=%H%x09%T%x09%an <%ae>%x09%s",
		range, NULL))
		die("cannot list %s", range);
	for (line = strtok_r(list.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[4] = { line, NULL, NULL, NULL };
		const struct series_patch *p;
		long long id;
		int i;

		for (i = 1; i < 4; i++) {
			f[i] = strchr(f[i - 1], '\t');
			if (!f[i])
				break;
			*f[i]++ = '\0';
		}
		if (i < 4)
			continue;
		pos++;
		p = s && (size_t)pos <= s->npatches ? &s->patches[pos - 1] : NULL;
		id = db_commit_set(r->db, r->id, pos, f[0], f[1], f[3], f[2], p ? p->path : NULL);
		if (p && (p->message_id || p->references))
			db_commit_mail(r->db, id, p->message_id, p->references);
	}
	free(range);
	strbuf_release(&list);
	return pos;
}

/* The patches after the one that did not apply: recorded, never verified. */
static void record_unapplied(struct run *r)
{
	const struct series *s = &r->series;
	size_t i;

	for (i = r->applied; i < s->npatches; i++) {
		long long id = db_commit_set(r->db, r->id, (int)i + 1, NULL, NULL,
					     s->patches[i].subject, s->patches[i].author,
					     s->patches[i].path);
		char *why = i == r->applied ? xstrdup(r->failed_msg) :
			xasprintf("not tested: patch %zu did not apply", r->applied + 1);

		if (s->patches[i].message_id || s->patches[i].references)
			db_commit_mail(r->db, id, s->patches[i].message_id,
				       s->patches[i].references);
		record_not_run(r, id, i == r->applied ? "fail" : "skip", why);
		free(why);
	}
	error("patch %zu/%zu (%s) does not apply: %s", r->applied + 1, s->npatches,
	      term_str(s->patches[r->applied].subject), term_str(r->failed_msg));
}

/*
 * The given configurations that are not simply configs/ names: verified at
 * apply and build only (--build-only), or built from a name of their own.
 */
static void record_configs(struct run *r)
{
	const struct run_config *rc = r->rc;
	size_t i;

	for (i = 0; i < rc->nconfigs; i++) {
		const char *spec = run_config_spec(rc, rc->configs[i]);
		int build_only = run_config_build_only(rc, rc->configs[i]);

		if (build_only)
			db_run_config_put(r->db, r->id, rc->configs[i], 0, 2, NULL, NULL);
		if (spec != rc->configs[i])
			db_run_config_changes(r->db, r->id, rc->configs[i], spec, NULL);
	}
}

void run_record(struct run *r)
{
	char *configs = run_config_configs_list(r->rc), *options;

	r->info.work_dir = r->work_dir;
	r->info.base_sha = r->base.buf;
	r->info.tip_sha = r->tip.buf;
	r->info.configs = configs;
	options = run_config_to_json(r->rc);
	r->info.options = series_mail_into_options(options, &r->mail);
	free(options);

	db_begin(r->db);
	r->id = db_insert_run(r->db, &r->info);
	record_configs(r);
	r->ncommits = record_commits(r);
	if (r->failed_msg)
		record_unapplied(r);
	db_commit(r->db);
	claim_work_dir(r, "running");
	info("run %lld: %d commits on linux %s, configurations %s", r->id, r->ncommits,
	     r->info.base_version, configs);
	/* Borrowed for the insert; the struct owns none of them. */
	r->info.work_dir = r->info.base_sha = r->info.tip_sha = r->info.configs = NULL;
	free(configs);
}

/* The step as git's --exec runs it: one shell line, every word quoted. */
static void step_line(struct strbuf *exec, const char *db_path, long long run_id)
{
	char *self = self_exe_path(), *db = abspath(db_path);

	strbuf_add_sq(exec, self);
	strbuf_addstr(exec, " step --db ");
	strbuf_add_sq(exec, db);
	strbuf_addf(exec, " --run %lld", run_id);
	free(self);
	free(db);
}

static int rebase(struct run *r)
{
	const char *const env[] = {
		"GIT_COMMITTER_NAME=bisectable", "GIT_COMMITTER_EMAIL=bisectable@localhost",
		r->alive_env, NULL
	};
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf exec = STRBUF_INIT;
	struct child c = { 0 };
	int ret;

	step_line(&exec, r->db_path, r->id);
	/* A fix-up that makes a later commit redundant drops it, as git would. */
	argv_pushl(&argv, "git", "-C", r->work_dir, "rebase", "--empty=drop", "--exec",
		   exec.buf, NULL);
	/* After a fix-up and 'git rebase --continue', the failed step runs again. */
	if (r->rc->mode == RUN_STOP_ON_FAILURE)
		argv_push(&argv, "--reschedule-failed-exec");
	argv_push(&argv, r->base.buf);
	c.argv = argv.argv;
	c.env = env;
	c.own_group = 1;
	ret = run_owned(r, &c);
	argv_clear(&argv);
	strbuf_release(&exec);
	return ret;
}

/*
 * Verify the base first, as position 0: a base that does not build or boot
 * is not the series' fault, and the series' figures need the base's.
 */
static int verify_base(struct run *r)
{
	char *self = self_exe_path(), *db = abspath(r->db_path), *id = xasprintf("%lld", r->id);
	const char *argv[] = { self, "step", "--db", db, "--run", id, "--base", NULL };
	const char *const env[] = { r->alive_env, NULL };
	struct child c = { .argv = argv, .dir = r->work_dir, .own_group = 1, .env = env };
	int ret = -1;

	if (git(r->work_dir, NULL, "checkout", "-q", "--detach", r->base.buf, NULL)) {
		error("cannot check out the base %s", r->base.buf);
		goto out;
	}
	ret = run_owned(r, &c);
	if (git(r->work_dir, NULL, "checkout", "-q", "--detach", r->tip.buf, NULL)) {
		ret = error("cannot check out the tip %s", r->tip.buf);
		goto out;
	}
	ret = ret == EXIT_ERROR || ret > 128 ? -1 : 0;
out:
	free(self);
	free(db);
	free(id);
	return ret;
}

static void print_fixup_help(const char *work_dir)
{
	fprintf(stderr,
		"\nStopped at the first failing commit. To fix it:\n"
		"  cd %s\n"
		"  (edit, build, then) git commit --amend\n"
		"  git rebase --continue      # verifies the amended commit, then the rest\n"
		"or 'git rebase --abort' to give up. 'bisectable first-bad' shows the evidence.\n",
		work_dir);
}

/* What the boots beyond each commit's first were spent on, when there were some. */
static void print_extra_boots(struct run *r)
{
	struct extra_boots b;

	db_run_extra_boots(r->db, r->id, &b);
	if (b.repeat + b.soak + b.confirm == 0)
		return;
	fprintf(stderr, "extra boots: %d (%d to soak the base and the tip, %d to confirm and"
		" place failures, %d for --repeat)\n", b.repeat + b.soak + b.confirm, b.soak,
		b.confirm, b.repeat);
}

/*
 * What a run's end says: every configuration at every stage, and the series
 * line of coverage; a series bisectable where compiled exits 0 ('first-bad'
 * is the question that exits EXIT_UNCOVERED for it).
 */
static const struct verdict_ask run_ask = { .require_coverage = -1 };

/* The run's end state from how the rebase ended; the exit status of 'run'. */
static int finish(struct run *r, int rc)
{
	struct verdict_ask ask = run_ask;
	struct strbuf verdicts = STRBUF_INIT;
	int ret;

	ask.strict_claims = r->strict_claims;
	if (interrupted) {
		tree_abort_in_progress(r->work_dir);
		db_finish_run(r->db, r->id, "interrupted", NULL);
		claim_work_dir(r, "interrupted");
		error("interrupted; the work tree was reset, run %lld is marked interrupted",
		      r->id);
		return 128 + interrupted;
	}
	if (rc && r->rc->mode == RUN_STOP_ON_FAILURE) {
		db_finish_run(r->db, r->id, "stopped", NULL);
		claim_work_dir(r, "stopped");
		print_fixup_help(r->work_dir);
		return EXIT_BAD;
	}
	if (rc) {
		tree_abort_in_progress(r->work_dir);
		db_finish_run(r->db, r->id, "failed", NULL);
		claim_work_dir(r, "failed");
		error("git rebase --exec failed (exit %d); run %lld is incomplete", rc, r->id);
		return EXIT_ERROR;
	}
	db_finish_run(r->db, r->id, "done", r->tip.buf);
	claim_work_dir(r, "done");
	ret = verdict_report(r->db, r->id, &ask, &verdicts);
	print_extra_boots(r);
	fputs(verdicts.buf, stdout);
	strbuf_release(&verdicts);
	return ret;
}

int run_open_alive(struct run *r)
{
	if (pipe2(r->alive, O_CLOEXEC) < 0)
		return error("pipe: %s", strerror(errno));
	snprintf(r->alive_env, sizeof(r->alive_env), "BISECTABLE_RUN_FD=%d", r->alive[0]);
	return 0;
}

int run_verify(struct run *r)
{
	int rc = 0;

	if (run_open_alive(r))
		return finish(r, -1);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	if (r->rc->verify_base && !interrupted)
		rc = verify_base(r);
	if (!rc && r->ncommits && !interrupted)
		rc = rebase(r);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	return finish(r, rc);
}

void run_release(struct run *r)
{
	run_info_free(&r->info);
	free(r->failed_msg);
	series_free(&r->series);
	series_mail_free(&r->mail);
	kernel_base_free(&r->kernel);
	free(r->work_dir);
	strbuf_release(&r->base);
	strbuf_release(&r->tip);
	if (r->derived) {
		derive_series_release(r->derived);
		free(r->derived);
		r->derived = NULL;
	}
	if (r->alive[0] >= 0)
		close(r->alive[0]);
	if (r->alive[1] >= 0)
		close(r->alive[1]);
}

int run_resume(struct run *r, long long id, struct run_config *rc)
{
	r->id = run_resumable(r->db, id);
	if (!r->id || db_load_run(r->db, r->id, &r->info))
		return -1;
	if (run_config_from_json(r->info.options, rc))
		return error("run %lld has no run configuration this bisectable can read",
			     r->id);
	r->rc = rc;
	r->work_dir = xstrdup(r->info.work_dir);
	if (!r->info.tip_sha || !file_exists(r->work_dir))
		return error("run %lld cannot be resumed: its work tree %s is gone", r->id,
			     r->work_dir);
	/* Another run may have had the work tree since, and left the user's fix-up in it. */
	if (lock_work_dir(r) || run_check_user_work(r->db, r->work_dir, 0))
		return -1;
	claim_work_dir(r, "running");
	if (tree_checkout_clean(r->work_dir, r->info.tip_sha) ||
	    (r->info.repo && b4_graft(r->work_dir, r->info.base_sha, r->info.tip_sha)))
		return -1;
	strbuf_addstr(&r->base, r->info.base_sha);
	strbuf_addstr(&r->tip, r->info.tip_sha);
	r->ncommits = db_count_commits(r->db, r->id);
	db_run_reopen(r->db, r->id);
	info("resuming run %lld: %d commits on linux %s; recorded results are reused",
	     r->id, r->ncommits, r->info.base_version);
	return 0;
}
