// SPDX-License-Identifier: GPL-2.0
/*
 * run_parallel(): children's lines whole and in order, exit codes and
 * signals, a grandchild holding the pipe, many jobs, ticks, max_running,
 * and a failure to start that stops the children already started.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/run-parallel.h"
#include "lib/util.h"
#include "quiet.h"
#include "tap.h"

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* What the tests' children do. */
static int pieces(void *data)
{
	const char *name = data;
	int i;

	for (i = 0; i < 3; i++) {
		dprintf(2, "%s line", name);
		sleep_ms(30);
		dprintf(2, " %d", i);
		sleep_ms(20);
		dprintf(2, "\n");
	}
	dprintf(2, "%s tail", name);	/* no newline: ended at EOF */
	return 0;
}

static int exit_code(void *data)
{
	return (int)(long)data;
}

static int killed(void *data)
{
	kill(getpid(), SIGTERM);
	sleep_ms(5000);
	return 0;
}

static int sleeper(void *data)
{
	sleep_ms((long)data);
	return 0;
}

/* Leaves a grandchild holding the pipe for 30 s, and says which. */
static int leave_grandchild(void *data)
{
	pid_t pid = fork();

	if (!pid) {
		close_all_but_stderr();	/* not prove's pipes */
		sleep_ms(30000);
		_exit(0);
	}
	dprintf(2, "grandchild %d\n", (int)pid);
	dprintf(2, "partial");
	return 0;
}

/* Long lines of one letter, each written in two halves. */
static int long_lines(void *data)
{
	char half[2000];
	int i;

	memset(half, *(const char *)data, sizeof(half));
	for (i = 0; i < 50; i++) {
		if (write(2, half, sizeof(half)) < 0 || write(2, half, sizeof(half)) < 0 ||
		    write(2, "\n", 1) < 0)
			return 1;
	}
	return 0;
}

struct collect {
	struct run_job *jobs;
	struct strbuf *out;	/* one per job */
	struct strbuf all;	/* every line, in order */
	int ticks;
	size_t most_running;
};

static void on_line(void *ctx, struct run_job *job, const char *line, size_t len)
{
	struct collect *c = ctx;

	strbuf_add(&c->out[job - c->jobs], line, len);
	strbuf_add(&c->all, line, len);
}

static void on_tick(void *ctx, struct run_job *jobs, size_t n)
{
	struct collect *c = ctx;
	size_t i, running = 0;

	c->ticks++;
	for (i = 0; i < n; i++)
		running += jobs[i].pid && !jobs[i].ended;
	if (running > c->most_running)
		c->most_running = running;
}

static void collect_init(struct collect *c, struct run_job *jobs, size_t n)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->jobs = jobs;
	c->out = xcalloc(n, sizeof(*c->out));
	for (i = 0; i < n; i++)
		c->out[i] = (struct strbuf)STRBUF_INIT;
	c->all = (struct strbuf)STRBUF_INIT;
}

static void collect_release(struct collect *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		strbuf_release(&c->out[i]);
	free(c->out);
	strbuf_release(&c->all);
}

/* Each line of s is "N line D" or "N tail", N one of names: 4 lines of each. */
static int lines_of(const char *s, const char *names)
{
	int count[256] = { 0 };
	const char *n;

	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : 0;

		if (!strchr(names, *s) || !((len == 8 && !strncmp(s + 1, " line ", 6)) ||
					    (len == 6 && !strncmp(s + 1, " tail", 5))))
			return 0;
		count[(unsigned char)*s]++;
		s = nl + 1;
	}
	for (n = names; *n; n++) {
		if (count[(unsigned char)*n] != 4)
			return 0;
	}
	return 1;
}

static void test_lines_and_status(void)
{
	struct run_job jobs[] = {
		{ .name = "a", .fn = pieces, .data = "a" },
		{ .name = "b", .fn = pieces, .data = "b" },
		{ .name = "three", .fn = exit_code, .data = (void *)3L },
		{ .name = "killed", .fn = killed },
	};
	struct collect c;
	struct run_parallel_opts opts = { .capture = 1, .on_line = on_line, .ctx = &c };

	collect_init(&c, jobs, ARRAY_SIZE(jobs));
	is_int(run_parallel(jobs, ARRAY_SIZE(jobs), &opts), 0, "run_parallel succeeds");
	is_str(c.out[0].buf, "a line 0\na line 1\na line 2\na tail\n",
	       "lines written in pieces come whole, the last one at EOF");
	is_str(c.out[1].buf, "b line 0\nb line 1\nb line 2\nb tail\n", "so do the other's");
	ok(lines_of(c.all.buf, "ab"), "no line is torn by another child's");
	is_int(jobs[0].status, 0, "exit code 0");
	is_int(jobs[2].status, 3, "exit code 3");
	is_int(jobs[3].status, 128 + SIGTERM, "killed by a signal: 128+signal");
	ok(jobs[0].pid > 0 && jobs[0].started > 0 && jobs[0].ended >= jobs[0].started,
	   "pid and times are filled in");
	collect_release(&c, ARRAY_SIZE(jobs));
}

static void test_grandchild(void)
{
	struct run_job jobs[] = { { .name = "g", .fn = leave_grandchild } };
	struct collect c;
	struct run_parallel_opts opts = { .capture = 1, .on_line = on_line, .ctx = &c };
	double t0 = now_seconds();
	int gpid = 0;

	collect_init(&c, jobs, 1);
	alarm(20);	/* a hang fails the test instead of the harness */
	run_parallel(jobs, 1, &opts);
	alarm(0);
	ok(now_seconds() - t0 < 5, "a grandchild holding the pipe does not keep us waiting");
	ok(strstr(c.out[0].buf, "\npartial\n") != NULL, "the child's partial line comes out");
	if (sscanf(c.out[0].buf, "grandchild %d", &gpid) == 1 && gpid > 0)
		kill(gpid, SIGKILL);
	collect_release(&c, 1);
}

static void test_many(void)
{
	size_t n = 150, i, bad = 0;
	struct run_job *jobs = xcalloc(n, sizeof(*jobs));
	struct collect c;
	struct run_parallel_opts opts = { .capture = 1, .on_line = on_line, .ctx = &c };
	for (i = 0; i < n; i++) {
		jobs[i].fn = exit_code;
		jobs[i].data = (void *)(long)(i % 7);
	}
	collect_init(&c, jobs, n);
	is_int(run_parallel(jobs, n, &opts), 0, "%zu jobs run", n);
	for (i = 0; i < n; i++)
		bad += jobs[i].status != (int)(i % 7) || jobs[i].pid <= 0;
	is_int((long long)bad, 0, "each of %zu jobs has its own exit code", n);
	collect_release(&c, n);
	free(jobs);
}

static void test_ticks(void)
{
	struct run_job jobs[] = { { .name = "s", .fn = sleeper, .data = (void *)600L } };
	struct collect c;
	struct run_parallel_opts opts = { .on_tick = on_tick, .tick = 0.1, .ctx = &c };

	collect_init(&c, jobs, 1);
	run_parallel(jobs, 1, &opts);
	ok(c.ticks >= 5, "on_tick is called while a child sleeps (%d times in 0.6 s)", c.ticks);
	ok(c.ticks <= 12, "but not much more often than every tick");
	is_int((long long)c.most_running, 1, "on_tick sees the running child");
	collect_release(&c, 1);
}

static void test_max_running(void)
{
	struct run_job jobs[7];
	struct collect c;
	struct run_parallel_opts opts = { .on_tick = on_tick, .max_running = 2, .ctx = &c };
	size_t i, k, most = 0;

	for (i = 0; i < ARRAY_SIZE(jobs); i++)
		jobs[i] = (struct run_job){ .fn = sleeper, .data = (void *)100L };
	collect_init(&c, jobs, ARRAY_SIZE(jobs));
	is_int(run_parallel(jobs, ARRAY_SIZE(jobs), &opts), 0, "max_running: all jobs run");
	for (i = 0; i < ARRAY_SIZE(jobs); i++) {
		size_t at_once = 0;

		for (k = 0; k < ARRAY_SIZE(jobs); k++)
			at_once += jobs[k].started <= jobs[i].started &&
				   jobs[i].started < jobs[k].ended;
		if (at_once > most)
			most = at_once;
	}
	is_int((long long)most, 2, "never more than max_running at once");
	is_int((long long)c.most_running, 2, "on_tick sees as many");
	collect_release(&c, ARRAY_SIZE(jobs));
}

/* Run jobs with our stderr going to a file; its contents into out. */
static int run_to_file(struct run_job *jobs, size_t n, const struct run_parallel_opts *opts,
		       struct strbuf *out)
{
	char path[] = "/tmp/bisectable-run-parallel.XXXXXX";
	int fd = mkstemp(path), saved, ret;

	if (fd < 0)
		return -2;
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fd, STDERR_FILENO);
	ret = run_parallel(jobs, n, opts);
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(fd);
	strbuf_read_file(out, path);
	unlink(path);
	return ret;
}

/* Every line is 4000 times one letter, and there are 50 of each letter. */
static int whole_lines(const char *s, const char *letters)
{
	int counts[256] = { 0 };
	const char *l;

	while (*s) {
		const char *nl = strchr(s, '\n');

		if (!nl || nl - s != 4000)
			return 0;
		for (l = s; l < nl; l++) {
			if (*l != *s)
				return 0;
		}
		counts[(unsigned char)*s]++;
		s = nl + 1;
	}
	for (l = letters; *l; l++) {
		if (counts[(unsigned char)*l] != 50)
			return 0;
	}
	return 1;
}

static void test_copied_whole(void)
{
	struct run_job jobs[] = {
		{ .fn = long_lines, .data = "x" },
		{ .fn = long_lines, .data = "y" },
		{ .fn = long_lines, .data = "z" },
	};
	struct run_parallel_opts opts = { .capture = 1 };
	struct strbuf out = STRBUF_INIT;

	is_int(run_to_file(jobs, ARRAY_SIZE(jobs), &opts, &out), 0, "copying to stderr");
	ok(whole_lines(out.buf, "xyz"), "long lines written in halves are copied whole");
	strbuf_release(&out);
}

static void test_not_captured(void)
{
	struct run_job jobs[] = {
		{ .fn = pieces, .data = "p" },
		{ .fn = exit_code, .data = (void *)5L },
	};
	struct collect c;
	struct run_parallel_opts opts = { .on_line = on_line, .ctx = &c };
	struct strbuf out = STRBUF_INIT;

	collect_init(&c, jobs, ARRAY_SIZE(jobs));
	is_int(run_to_file(jobs, ARRAY_SIZE(jobs), &opts, &out), 0, "without capture");
	ok(strstr(out.buf, "p line 2\np tail") != NULL, "the children write to our stderr");
	is_int((long long)c.all.len, 0, "on_line is not called");
	is_int(jobs[1].status, 5, "the exit code is kept");
	strbuf_release(&out);
	collect_release(&c, ARRAY_SIZE(jobs));
}

/* Use up every fd but "left" of them; the ones taken into taken[] (-1 ended). */
static void take_fds(int *taken, int size, int left)
{
	int i, n = 0;

	while (n < size - 1 && (taken[n] = open("/dev/null", O_RDONLY)) >= 0)
		n++;
	for (i = 0; i < left && n > 0; i++)
		close(taken[--n]);
	taken[n] = -1;
}

/* Out of file descriptors after a few jobs: those are stopped and reaped. */
static void test_failed_start(void)
{
	struct run_job jobs[40];
	struct run_parallel_opts opts = { .capture = 1 };
	struct rlimit old, low;
	size_t i, started = 0, stopped = 0;
	struct strbuf out = STRBUF_INIT;
	double t0 = now_seconds();
	int ret, taken[4096], k;

	for (i = 0; i < ARRAY_SIZE(jobs); i++)
		jobs[i] = (struct run_job){ .fn = sleeper, .data = (void *)20000L };
	getrlimit(RLIMIT_NOFILE, &old);
	low = old;
	if (low.rlim_cur > 1024)
		low.rlim_cur = 1024;
	setrlimit(RLIMIT_NOFILE, &low);
	/* Two for run_to_file, then each job's pipe end and pidfd: two jobs start. */
	take_fds(taken, ARRAY_SIZE(taken), 7);
	alarm(20);
	ret = run_to_file(jobs, ARRAY_SIZE(jobs), &opts, &out);
	alarm(0);
	for (k = 0; taken[k] >= 0; k++)
		close(taken[k]);
	setrlimit(RLIMIT_NOFILE, &old);
	is_int(ret, -1, "running out of fds is an error");
	ok(strstr(out.buf, "pipe: ") != NULL, "which is reported");
	for (i = 0; i < ARRAY_SIZE(jobs); i++) {
		started += jobs[i].pid > 0;
		stopped += jobs[i].pid > 0 && jobs[i].status == 128 + SIGTERM;
	}
	ok(started > 0 && started < ARRAY_SIZE(jobs), "some jobs had started (%zu)", started);
	is_int((long long)stopped, (long long)started, "they were stopped and reaped");
	ok(now_seconds() - t0 < 5, "without waiting for them to end");
	ok(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD, "no child is left");
	strbuf_release(&out);
}

int main(void)
{
	signal(SIGCHLD, SIG_DFL);
	test_lines_and_status();
	test_grandchild();
	test_many();
	test_ticks();
	test_max_running();
	test_copied_whole();
	test_not_captured();
	test_failed_start();
	return done_testing();
}
