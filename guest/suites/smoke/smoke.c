// SPDX-License-Identifier: GPL-2.0
/*
 * smoke.c - scheduler smoke tests run as /bin/smoke in the bisectable guest.
 *
 *   smoke --list        print the test names, one per line
 *   smoke [NAME...]     run the named tests (all of them without NAME)
 *
 * Output is KTAP version 1 (see bisect/ktap.h): diagnostics "# ...", then per
 * test "# duration_ns N" and "ok N NAME", "ok N NAME # SKIP why" or
 * "not ok N NAME # why". Metrics are "# metric NAME VALUE". Exit status is 0
 * when no test failed, 1 otherwise.
 *
 * The guest usually runs in QEMU TCG with -icount shift=0,sleep=off: CPU time
 * is expensive, sleeping is free, and metrics only repeat if they count fixed
 * amounts of work. Every loop that could spin on a broken scheduler is bounded
 * by a clock check and an alarm(). Output must never contain the kernel's own
 * failure markers, since the log parser treats those as kernel failures.
 *
 * This file is the harness: a test's result and its KTAP lines, the table
 * of smoke-tests.h, main. The tests are in smoke-GROUP.c, one file per
 * group, their helpers in smoke-util.c, all of it sharing smoke.h.
 *
 * Build: gcc -static -O2 -Wall -Wextra -o smoke smoke.c smoke-*.c
 */
#include "smoke.h"

struct result *res;
char self_exe[PATH_MAX] = "/bin/smoke";

/* ---------------------------------------------------------------- output */

void diag(const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("# %s\n", buf);
	fflush(stdout);
}

/* How a child ended, for a reason: the harness and every test words it so. */
void describe_status(int st, char *buf, size_t len)
{
	if (st == -1)
		snprintf(buf, len, "lost");
	else if (WIFEXITED(st))
		snprintf(buf, len, "exit %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		snprintf(buf, len, "signal %d (%s)", WTERMSIG(st), sigabbrev_np(WTERMSIG(st)) ?: "?");
	else
		snprintf(buf, len, "status 0x%x", st);
}

/* KTAP reasons are one line; '#' would start a directive. */
static void set_reason(const char *fmt, va_list ap)
{
	char *p;

	vsnprintf(res->reason, sizeof(res->reason), fmt, ap);
	for (p = res->reason; *p; p++)
		if (*p < 0x20 || *p == '#' || *p > 0x7e)
			*p = ' ';
}

/* Record a failure; the first one becomes the KTAP reason. Returns -1. */
int fail(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	diag("fail: %s", buf);
	if (res->status != RES_FAIL) {
		res->status = RES_FAIL;
		va_start(ap, fmt);
		set_reason(fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Mark the test skipped, unless something already failed. */
void skip(const char *fmt, ...)
{
	va_list ap;

	if (res->status == RES_FAIL)
		return;
	res->status = RES_SKIP;
	va_start(ap, fmt);
	set_reason(fmt, ap);
	va_end(ap);
}

/* Check that a call failed with errno @want. */
int check_err(const char *what, long ret, int err, int want)
{
	if (ret != -1)
		return fail("%s: returned %ld, expected %s", what, ret, errname(want));
	if (err != want)
		return fail("%s: %s, expected %s", what, errname(err), errname(want));
	return 0;
}

/* ---------------------------------------------------------------- harness */

struct test {
	const char *name;
	void (*fn)(void);
};

static const struct test tests[] = {
#define SMOKE_TEST(name) { #name, test_##name },
#include "smoke-tests.h"
#undef SMOKE_TEST
};

#define NTESTS	((int)ARRAY_SIZE(tests))

static const struct test *find_test(const char *name)
{
	int i;

	for (i = 0; i < NTESTS; i++)
		if (!strcmp(tests[i].name, name))
			return &tests[i];
	return NULL;
}

/*
 * Run one test in its own process group, so that whatever it changes (policy,
 * affinity, nice) dies with it and stray helpers can be killed as a group.
 */
static int run_test(int num, const char *name)
{
	const struct test *t = find_test(name);
	long long t0, t1;
	char buf[64];
	int st;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	t0 = now_ns();
	if (!t) {
		res->status = RES_FAIL;
		snprintf(res->reason, sizeof(res->reason), "unknown test");
	} else {
		pid = xfork();
		if (pid == 0) {
			setpgid(0, 0);
			alarm(TEST_ALARM_S);
			t->fn();
			fflush(stdout);
			_exit(0);
		}
		if (pid < 0) {
			res->status = RES_FAIL;
			snprintf(res->reason, sizeof(res->reason), "fork: %s", errname(errno));
		} else {
			st = reap(pid);
			kill(-pid, SIGKILL);
			while (waitpid(-1, NULL, WNOHANG) > 0)
				;
			if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st)) {
				char first[sizeof(res->reason)];

				/* Keep a failure recorded before the crash, if any. */
				memcpy(first, res->reason, sizeof(first));
				describe_status(st, buf, sizeof(buf));
				res->status = RES_FAIL;
				snprintf(res->reason, sizeof(res->reason),
					 "test process ended with %.50s%s%.120s", buf,
					 first[0] ? ": " : "", first);
			}
		}
	}
	t1 = now_ns();
	printf("# duration_ns %lld\n", t1 - t0);
	switch (res->status) {
	case RES_PASS:
		printf("ok %d %s\n", num, name);
		break;
	case RES_SKIP:
		printf("ok %d %s # SKIP %s\n", num, name, res->reason);
		break;
	default:
		printf("not ok %d %s # %s\n", num, name, res->reason);
		break;
	}
	fflush(stdout);
	return res->status == RES_FAIL;
}

static void usage(void)
{
	fprintf(stderr, "usage: smoke [--list | NAME...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int i, n, pers, bad = 0;
	ssize_t len;

	/* Exec target of fork_exec_wait: exit at once with the given code. */
	if (argc == 3 && !strcmp(argv[1], "--exit"))
		_exit(atoi(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < NTESTS; i++)
			printf("%s\n", tests[i].name);
		return 0;
	}
	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-')
			usage();

	len = readlink("/proc/self/exe", self_exe, sizeof(self_exe) - 1);
	if (len > 0)
		self_exe[len] = '\0';
	/*
	 * Address space randomization changes how many page tables a fork
	 * copies, hence the instruction count of the metrics: run without it
	 * (re-exec once; if that fails, carry on randomized).
	 */
	pers = personality(0xffffffff);
	if (pers != -1 && !(pers & ADDR_NO_RANDOMIZE) &&
	    personality(pers | ADDR_NO_RANDOMIZE) != -1)
		execv(self_exe, argv);

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* Test processes run in their own process groups, off the tty's foreground. */
	signal(SIGTTOU, SIG_IGN);
	res = shm_alloc(sizeof(*res));
	if (!res) {
		perror("smoke: mmap");
		return 1;
	}

	n = argc > 1 ? argc - 1 : NTESTS;
	printf("KTAP version 1\n1..%d\n", n);
	for (i = 0; i < n; i++)
		bad |= run_test(i + 1, argc > 1 ? argv[i + 1] : tests[i].name);
	return bad ? 1 : 0;
}
