// SPDX-License-Identifier: GPL-2.0
/*
 * bisect.c - git bisect run over bisectable steps (see bisect.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/bisect.h"
#include "db/db.h"
#include "db/db-results.h"
#include "db/db-run.h"
#include "db/db-tries.h"
#include "judge/confidence.h"
#include "lib/escape.h"
#include "lib/layout.h"
#include "run/run.h"
#include "run/run-check.h"
#include "input/tree.h"
#include "lib/run-command.h"

static const char *const stage_names[BISECT_NSTAGES] = { "apply", "build", "boot", "test" };

int bisect_stage_index(const char *stage)
{
	int i;

	for (i = 0; stage && i < BISECT_NSTAGES; i++)
		if (!strcmp(stage, stage_names[i]))
			return i;
	return -1;
}

const char *bisect_answer_name(int code)
{
	switch (code) {
	case BISECT_GOOD:
		return "good";
	case BISECT_BAD:
		return "bad";
	case BISECT_SKIP:
		return "skip";
	}
	return "abort";
}

int bisect_exit_code(const char *const status[BISECT_NSTAGES], int wanted, int *deciding)
{
	int last = wanted >= 0 && wanted < BISECT_NSTAGES ? wanted : BISECT_NSTAGES - 1;
	int i, code = BISECT_GOOD;

	for (i = 0; i <= last; i++) {
		const char *s = status[i];

		if (s && !strcmp(s, "pass"))
			continue;
		if (!s)
			code = BISECT_ABORT;	/* the step recorded nothing: ours, not the commit's */
		else if (!strcmp(s, "fail") || !strcmp(s, "timeout"))
			/* An earlier stage's failure hides the one looked for. */
			code = wanted < 0 || i == wanted ? BISECT_BAD : BISECT_SKIP;
		else if (!strcmp(s, "error") || !strcmp(s, "skip"))
			code = BISECT_SKIP;	/* the machine failed, or it was not run */
		else
			code = BISECT_ABORT;
		break;
	}
	if (deciding)
		*deciding = code == BISECT_GOOD ? -1 : i;
	return code;
}

static int answer_rank(int code)
{
	switch (code) {
	case BISECT_GOOD:
		return 0;
	case BISECT_SKIP:
		return 1;
	case BISECT_BAD:
		return 2;
	}
	return 3;
}

int bisect_exit_combine(int a, int b)
{
	return answer_rank(a) >= answer_rank(b) ? a : b;
}

int bisect_judge(sqlite3 *db, long long commit_id, const struct run_config *rc, int wanted,
		 struct strbuf *why)
{
	int answer = BISECT_GOOD;
	size_t c, k;

	strbuf_reset(why);
	for (c = 0; c < rc->nconfigs; c++) {
		const char *status[BISECT_NSTAGES] = { NULL }, *evidence[BISECT_NSTAGES] = { NULL };
		struct result_recs results;
		int code, stage, i;

		db_cell_results(db, commit_id, rc->configs[c], &results);
		for (k = 0; k < results.n; k++) {
			i = bisect_stage_index(results.v[k].stage ? results.v[k].stage : "");
			if (i < 0)
				continue;
			status[i] = results.v[k].status;
			evidence[i] = results.v[k].evidence;
		}
		code = bisect_exit_code(status, wanted, &stage);
		if (answer_rank(code) > answer_rank(answer) || (!c && !why->len)) {
			strbuf_reset(why);
			if (stage < 0)
				strbuf_addf(why, "%s passes %s", term_str(rc->configs[c]),
					    wanted < 0 ? "every stage" : stage_names[wanted]);
			else
				strbuf_addf(why, "%s %s %s%s%s", term_str(rc->configs[c]),
					    stage_names[stage],
					    status[stage] ? term_str(status[stage]) : "not recorded",
					    evidence[stage] ? ": " : "", term_str(evidence[stage]));
		}
		answer = bisect_exit_combine(answer, code);
		result_recs_release(&results);
	}
	return answer;
}

static int have_ccache(void)
{
	const char *argv[] = { "sh", "-c", "command -v ccache >/dev/null", NULL };
	struct child c = { .argv = argv };

	return !run_child(&c);
}

int bisect_make_config(struct run_config *rc, const struct bisect_settings *s)
{
	char *configs_dir = project_path("configs");
	int ret;

	run_config_init(rc);
	run_config_set_configs(rc, s->configs);
	run_config_set_suites(rc, s->suites ? s->suites : RUN_CONFIG_SUITES);
	run_config_set_tests(rc, s->tests ? s->tests : "all");
	rc->ccache = have_ccache();
	rc->use_cache = !s->no_cache;
	/* One commit at a time: the base is git bisect's good commit, never built. */
	rc->verify_base = 0;
	if (s->retries >= 0)
		rc->retries = s->retries;
	/* A step of git bisect run sees one commit: no parent of the run to confirm against. */
	rc->confirm = 1;
	rc->flake_rate = 0;
	run_config_set_guest(rc, s->rtc, s->cpu);
	if (s->boot_timeout > 0)
		rc->boot_timeout = s->boot_timeout;
	rc->sandbox = !s->no_sandbox;
	ret = run_config_validate(rc, configs_dir);
	free(configs_dir);
	return ret;
}

/* Is sha one of the good commits of the bisection in work_dir? */
static int is_good_ref(const char *work_dir, const char *sha)
{
	char *ref = xasprintf("refs/bisect/good-%s", sha);
	int ret = !git_quiet(work_dir, NULL, "rev-parse", "-q", "--verify", ref, NULL);

	free(ref);
	return ret;
}

long long bisect_user_run(sqlite3 *db, const char *work_dir, const struct run_config *rc)
{
	struct strbuf goods = STRBUF_INIT, bad = STRBUF_INIT, common = STRBUF_INIT;
	struct run_info ri = { 0 };
	char *options = run_config_to_json(rc), *nl;
	struct run_ref *runs;
	size_t nruns, i;
	long long id = 0;

	if (git_quiet(work_dir, &goods, "for-each-ref", "--format=%(objectname)",
		      "refs/bisect/good-*", NULL) || !goods.len) {
		error("no git bisect with a good commit in %s: 'step --bisect-run' is run by"
		      " 'git bisect run' (after 'git bisect start BAD GOOD')", work_dir);
		goto out;
	}
	nruns = db_bisect_runs(db, work_dir, options, &runs);
	for (i = 0; !id && i < nruns; i++)
		if (is_good_ref(work_dir, runs[i].base_sha))
			id = runs[i].id;
	run_refs_free(runs, nruns);
	if (id)
		goto out;

	/* The first step of this bisection: its first good commit is the base. */
	nl = strchr(goods.buf, '\n');
	if (nl)
		*nl = '\0';
	git_quiet(work_dir, &bad, "rev-parse", "-q", "--verify", "refs/bisect/bad", NULL);
	git(work_dir, &common, "rev-parse", "--path-format=absolute", "--git-common-dir", NULL);
	ri.series = xasprintf("git bisect run in %s", work_dir);
	ri.series_kind = xstrdup("range");
	ri.repo = xstrdup(work_dir);
	ri.work_dir = xstrdup(work_dir);
	ri.base_sha = xstrdup(goods.buf);
	ri.base_version = tree_version(common.buf, goods.buf);
	ri.tip_sha = bad.len ? xstrdup(bad.buf) : NULL;
	ri.configs = run_config_configs_list(rc);
	ri.options = xstrdup(options);
	ri.kind = xstrdup("bisect");
	db_begin(db);
	id = db_insert_run(db, &ri);
	db_commit(db);
	info("run %lld records this git bisect run", id);
out:
	run_info_free(&ri);
	free(options);
	strbuf_release(&goods);
	strbuf_release(&bad);
	strbuf_release(&common);
	return id;
}

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
	/* git bisect run is in a group of its own: end it, its step cleans up. */
	child_signal_current(SIGTERM);
}

/* self step --bisect-run --db DB --run N [--stage S] [--no-cache] */
static void step_argv(struct run *r, const char *stage, int no_cache, int repeat,
		      struct argv_array *a)
{
	char *self = self_exe_path(), *db = abspath(r->db_path);

	argv_pushl(a, self, "step", "--bisect-run", "--db", db, NULL);
	free(self);
	free(db);
	argv_pushf(a, "--run=%lld", r->id);
	if (stage)
		argv_pushf(a, "--stage=%s", stage);
	if (no_cache)
		argv_push(a, "--no-cache");
	/* A build's verdict repeats: only a boot is worth booting again. */
	if (repeat > 1 && (!stage || strcmp(stage, "build")))
		argv_pushf(a, "--repeat=%d", repeat);
}

/*
 * git's and the steps' chatter goes to stderr, with the steps' progress:
 * stdout is the answer.
 */
static int run_owned_to_stderr(struct run *r, struct child *c)
{
	int saved = dup(STDOUT_FILENO), ret;

	fflush(stdout);
	if (saved >= 0)
		dup2(STDERR_FILENO, STDOUT_FILENO);
	ret = run_owned(r, c);
	if (saved >= 0) {
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
	return ret;
}

/* Write the complete lines of in (all of it at EOF) escaped to stderr; drop them. */
static void flush_escaped(struct strbuf *in, int eof)
{
	struct strbuf out = STRBUF_INIT;
	size_t start = 0, len;
	char *nl, *line;

	while (start < in->len) {
		nl = memchr(in->buf + start, '\n', in->len - start);
		if (!nl && !eof)
			break;
		len = nl ? (size_t)(nl - in->buf) - start : in->len - start;
		line = xstrndup(in->buf + start, len);
		term_escape(&out, line);
		strbuf_add(&out, "\n", 1);
		free(line);
		start += nl ? len + 1 : len;
	}
	write_all(STDERR_FILENO, out.buf, out.len);
	strbuf_release(&out);
	if (!start)
		return;
	memmove(in->buf, in->buf + start, in->len - start);
	in->len -= start;
	in->buf[in->len] = '\0';
}

/* Copy the lines of fd to stderr with their control characters written out. */
static void *escape_lines(void *arg)
{
	struct strbuf in = STRBUF_INIT;
	int fd = *(int *)arg;
	char buf[4096];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		strbuf_add(&in, buf, n);
		flush_escaped(&in, 0);
	}
	flush_escaped(&in, 1);
	strbuf_release(&in);
	return NULL;
}

/*
 * As run_owned_to_stderr, but the child's stdout, where git bisect writes
 * the subjects of the commits it picks and the first bad commit's message,
 * comes through a pipe and term_escape(): a subject may hold control
 * characters. Its stderr (the steps' progress) is left alone: the steps
 * escape their own lines.
 */
static int run_owned_escaped(struct run *r, struct child *c)
{
	int fds[2], saved, ret;
	pthread_t thread;

	fflush(stdout);
	if (pipe2(fds, O_CLOEXEC))
		return run_owned_to_stderr(r, c);
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || pthread_create(&thread, NULL, escape_lines, &fds[0])) {
		if (saved >= 0)
			close(saved);
		close(fds[0]);
		close(fds[1]);
		return run_owned_to_stderr(r, c);
	}
	dup2(fds[1], STDOUT_FILENO);
	close(fds[1]);
	ret = run_owned(r, c);
	/* Our end of the pipe closed: the reader sees EOF once the child's ends are. */
	dup2(saved, STDOUT_FILENO);
	close(saved);
	pthread_join(thread, NULL);
	close(fds[0]);
	return ret;
}

static int git_bisect_run(struct run *r, const char *stage)
{
	const char *const env[] = { r->alive_env, NULL };
	struct argv_array argv = ARGV_ARRAY_INIT, step = ARGV_ARRAY_INIT;
	struct child c = { .env = env, .own_group = 1 };
	size_t i;
	int ret;

	step_argv(r, stage, 0, 1, &step);
	argv_pushl(&argv, "git", "-C", r->work_dir, "bisect", "run", NULL);
	for (i = 0; i < step.argc; i++)
		argv_push(&argv, step.argv[i]);
	c.argv = argv.argv;
	ret = run_owned_escaped(r, &c);
	argv_clear(&argv);
	argv_clear(&step);
	return ret;
}

/* One step at sha outside git bisect (without the result cache): its answer. */
static int step_at(struct run *r, const char *sha, const char *stage, int no_cache,
		   int repeat)
{
	const char *const env[] = { r->alive_env, NULL };
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct child c = { .env = env, .own_group = 1, .dir = r->work_dir };
	int ret;

	if (tree_checkout_clean(r->work_dir, sha))
		return BISECT_ABORT;
	step_argv(r, stage, no_cache, repeat, &argv);
	c.argv = argv.argv;
	ret = run_owned_to_stderr(r, &c);
	argv_clear(&argv);
	return ret;
}

/* What git bisect log says, counted. */
struct bisect_log {
	struct strbuf text;
	int steps, skips;
	char first_bad[41];		/* "" if git bisect did not name one */
	struct strbuf candidates;	/* only skipped commits left: the possible ones */
};

/* "  LINE\n": a line of git bisect log (a subject in it) for the terminal. */
static void add_log_line(struct strbuf *out, const char *p, const char *end)
{
	char *line = xstrndup(p, end - p);

	strbuf_addf(out, "  %s\n", term_str(line));
	free(line);
}

static void parse_log(struct bisect_log *l)
{
	const char *p = l->text.buf;

	while (*p) {
		const char *end = strchrnul(p, '\n');

		if (!strncmp(p, "git bisect good ", 16) || !strncmp(p, "git bisect bad ", 15))
			l->steps++;
		else if (!strncmp(p, "git bisect skip ", 16))
			l->steps++, l->skips++;
		else if (!strncmp(p, "# first bad commit: [", 21) && end - p >= 61)
			memcpy(l->first_bad, p + 21, 40);
		else if (!strncmp(p, "# possible first bad commit: [", 30) && end - p >= 70)
			add_log_line(&l->candidates, p + 29, end);
		p = *end ? end + 1 : end;
	}
}

/* The result that made the first bad commit bad, with its log. */
static void print_evidence(struct run *r, const char *sha, int wanted)
{
	struct result_recs fails;
	size_t i;

	db_failing_results(r->db, r->id, sha, wanted >= 0 ? stage_names[wanted] : NULL, &fails);
	for (i = 0; i < fails.n; i++) {
		const struct result_rec *f = &fails.v[i];

		if (!i)
			printf("first bad commit: %d/%d %.12s \"%s\"\n", f->position,
			       r->ncommits, sha, term_str(f->subject));
		printf("  %s: %s %s: %s\n", term_str(f->config), term_str(f->stage),
		       term_str(f->status), term_str(f->evidence));
		if (f->log_path && *f->log_path)
			printf("  log: %s\n", term_str(f->log_path));
	}
	if (!fails.n)
		printf("first bad commit: %.12s (no failing result recorded for it)\n", sha);
	result_recs_release(&fails);
}

static void save_log(struct run *r, const struct bisect_log *l)
{
	char *dir = run_log_dir(r->db_path, r->id);
	char *path = xasprintf("%s/bisect.log", dir);

	if (mkdir_p(dir) < 0 || write_file(path, l->text.buf, l->text.len))
		warning("cannot write %s", path);
	free(path);
	free(dir);
}

/*
 * "; 3 of 3 boots failed (deterministic), the parent passed 3 of 3;
 * confidence 99%": the boots behind the confirmation (judge/confidence.h).
 */
static void confirm_boots(struct run *r, const char *bad, const char *parent,
			  const char *stage, struct strbuf *said)
{
	int tries, failed, ptries, pfailed;

	if (stage && !strcmp(stage, "build"))
		return;		/* a build's verdict repeats; nothing was booted again */
	db_commit_boots(r->db, r->id, bad, &tries, &failed);
	db_commit_boots(r->db, r->id, parent, &ptries, &pfailed);
	if (tries < 1 || ptries < 1)
		return;
	strbuf_addf(said, "; %d of %d boot%s failed (%s), the parent passed %d of %d;"
		    " confidence %d%%", failed, tries, tries == 1 ? "" : "s",
		    confidence_class(failed, tries, pfailed), ptries - pfailed, ptries,
		    confidence_percent(pfailed ? 0 : confidence_of(failed, tries, ptries)));
}

/*
 * Test the first bad commit and its parent again without the cache, each
 * booted t->confirm times: 1 when the commit is bad again and every boot of
 * the parent good, 0 (flaky) when not, with what they said.
 */
static int confirm(struct run *r, const char *bad, const char *stage, int n,
		   struct strbuf *said)
{
	struct strbuf parent = STRBUF_INIT;
	char *spec = xasprintf("%s^", bad);
	int p = BISECT_ABORT, b;

	if (!git(r->work_dir, &parent, "rev-parse", "--verify", spec, NULL)) {
		info("confirming: %.12s (the parent) and %.12s again, without the cache,"
		     " %d boot%s each", parent.buf, bad, n, n == 1 ? "" : "s");
		p = step_at(r, parent.buf, stage, 1, n);
	}
	b = interrupted ? BISECT_ABORT : step_at(r, bad, stage, 1, n);
	strbuf_addf(said, "%.12s is %s and its parent %.12s %s", bad, bisect_answer_name(b),
		    parent.buf, bisect_answer_name(p));
	if (parent.len)
		confirm_boots(r, bad, parent.buf, stage, said);
	free(spec);
	strbuf_release(&parent);
	return b == BISECT_BAD && p == BISECT_GOOD;
}

static int answer(struct run *r, const struct bisect_log *l, const char *stage, int confirmed,
		  const char *said, double seconds)
{
	int wanted = bisect_stage_index(stage), ret = EXIT_BAD;
	long secs = (long)(seconds + 0.5);
	struct strbuf lines = STRBUF_INIT;
	const char *p;

	if (l->first_bad[0]) {
		print_evidence(r, l->first_bad, wanted);
		if (confirmed) {
			printf("confirmed: tested again without the cache, %s\n", said);
			ret = 0;
		} else {
			printf("flaky: tested again without the cache, %s: the verdict does not"
			       " reproduce\n", said);
		}
	} else if (l->candidates.len) {
		printf("no first bad commit: only skipped commits are left; it is one of:\n%s",
		       l->candidates.buf);
	} else {
		printf("no first bad commit found\n");
	}
	printf("bisect: %d steps (%d skipped, %d from the cache) in a range of %d commits"
	       " (a linear walk: %d), %ldm%02lds, run %lld%s\n", l->steps, l->skips,
	       db_count_cached_builds(r->db, r->id), r->ncommits, r->ncommits, secs / 60, secs % 60, r->id,
	       stage ? "" : ", any stage");
	printf("git bisect log:\n");
	for (p = l->text.buf; *p; ) {
		const char *end = strchrnul(p, '\n');

		add_log_line(&lines, p, end);
		p = *end ? end + 1 : end;
	}
	fputs(lines.buf, stdout);
	strbuf_release(&lines);
	return ret;
}

/*
 * git bisect run takes the bad end for bad and never tests it: over a range
 * where nothing fails it would name the bad end the first bad commit, and
 * the confirmation call that flaky. So the bad end is tested first (the
 * cache may answer). -1: it is bad (or to skip: git decides), bisect;
 * else the exit status of 'bisect', the answer printed.
 */
static int test_bad_end(struct run *r, const char *stage)
{
	int answer;

	info("testing the bad end %.12s first", r->tip.buf);
	answer = step_at(r, r->tip.buf, stage, 0, 1);
	if (interrupted)
		return EXIT_ERROR;
	if (answer == BISECT_ABORT)
		return error("the bad end %.12s could not be tested", r->tip.buf), EXIT_ERROR;
	if (answer != BISECT_GOOD)
		return -1;
	printf("no first bad commit: the bad end %.12s passes %s: nothing to bisect\n",
	       r->tip.buf, stage ? stage : "every stage");
	return EXIT_BAD;
}

/*
 * The good end is tested first, as the run's position 0: what fails there
 * the same way is a known failure of the configuration, good at every
 * step (judge/known.h); a good end that does not build or boot is no
 * bisection. -1 to go on, else the exit status of 'bisect'.
 */
static int test_good_end(struct run *r, const char *stage)
{
	int answer;

	info("testing the good end %.12s: its failures are known ones", r->base.buf);
	answer = step_at(r, r->base.buf, stage, 0, 1);
	if (interrupted)
		return EXIT_ERROR;
	if (answer == BISECT_GOOD)
		return -1;
	if (answer == BISECT_ABORT)
		return error("the good end %.12s could not be tested", r->base.buf), EXIT_ERROR;
	printf("no first bad commit: the good end %.12s is %s itself (it does not build or"
	       " boot): nothing to bisect\n", r->base.buf, bisect_answer_name(answer));
	return EXIT_BAD;
}

int bisect_run(sqlite3 *db, const char *db_path, const struct bisect_target *t,
	       struct run_config *rc)
{
	struct run r = RUN_INIT;
	struct bisect_log l = { STRBUF_INIT, 0, 0, "", STRBUF_INIT };
	struct strbuf said = STRBUF_INIT;
	struct run_target rt = { .repo = t->repo, .b4 = -1 };
	char *range = xasprintf("%s..%s", t->good, t->bad);
	int ret = EXIT_ERROR, status, confirmed = 0;
	double start = now_seconds();

	rt.range = range;
	r.db = db;
	r.db_path = db_path;
	run_mark_interrupted(db);
	if (run_check_tools(rc->sandbox) || run_check_exec_paths(db_path) ||
	    run_prepare(&r, &rt, rc))
		goto out;
	r.info.kind = xstrdup("bisect");
	run_record(&r);
	if (run_open_alive(&r))
		goto out;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);

	/* A bisection an earlier, killed bisect left in our clone ends here. */
	git_quiet(r.work_dir, NULL, "bisect", "reset", NULL);
	if ((ret = test_good_end(&r, t->stage)) >= 0 || (ret = test_bad_end(&r, t->stage)) >= 0)
		goto end;
	ret = EXIT_ERROR;
	if (tree_checkout_clean(r.work_dir, r.tip.buf) ||
	    git(r.work_dir, NULL, "bisect", "start", r.tip.buf, r.base.buf, NULL)) {
		error("cannot start git bisect in %s", r.work_dir);
		goto end;
	}
	status = git_bisect_run(&r, t->stage);
	git(r.work_dir, &l.text, "bisect", "log", NULL);
	parse_log(&l);
	save_log(&r, &l);
	git_quiet(r.work_dir, NULL, "bisect", "reset", NULL);
	if (interrupted)
		goto end;
	if (status && !l.first_bad[0] && !l.candidates.len) {
		error("git bisect run failed (exit %d): a step could not judge a commit", status);
		goto end;
	}
	if (l.first_bad[0])
		confirmed = confirm(&r, l.first_bad, t->stage, t->confirm > 0 ? t->confirm : 1,
				    &said);
	if (interrupted)
		goto end;
	ret = answer(&r, &l, t->stage, confirmed, said.buf, now_seconds() - start);
end:
	tree_checkout_clean(r.work_dir, r.tip.buf);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	if (interrupted) {
		db_finish_run(db, r.id, "interrupted", NULL);
		run_claim_work_dir(r.work_dir, r.id, r.db_path, "interrupted");
		error("interrupted; run %lld is marked interrupted", r.id);
		ret = 128 + interrupted;
	} else {
		const char *state = ret == EXIT_ERROR ? "failed" : "done";

		db_finish_run(db, r.id, state, NULL);
		run_claim_work_dir(r.work_dir, r.id, r.db_path, state);
	}
out:
	run_release(&r);
	strbuf_release(&l.text);
	strbuf_release(&l.candidates);
	strbuf_release(&said);
	free(range);
	return ret;
}
