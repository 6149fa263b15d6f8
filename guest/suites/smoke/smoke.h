/* SPDX-License-Identifier: GPL-2.0 */
/*
 * smoke.h - what the smoke tests share, the way kselftest.h serves the
 * kernel's selftests: smoke.c is the harness (a test's result, its KTAP
 * lines, main), smoke-util.c the clocks, processes, CPUs and procfs
 * readers, and each smoke-GROUP.c one group of tests, every test_NAME()
 * of smoke-tests.h.
 *
 * The helpers the timed loops call (clocks, fork, wait, the median) are
 * static inline here: they were inlined when the tests were one file, and
 * the figures, counted in instructions under icount, stay the same.
 */
#ifndef SMOKE_H
#define SMOKE_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE		6
#endif
#ifndef SCHED_RESET_ON_FORK
#define SCHED_RESET_ON_FORK	0x40000000
#endif
#define SMOKE_FLAG_RESET_ON_FORK	0x01ULL
#define SMOKE_FLAG_UTIL_CLAMP_MIN	0x20ULL
#define SMOKE_FLAG_SUGOV		0x10000000ULL

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define NSEC_PER_USEC	1000LL
#define NSEC_PER_MSEC	1000000LL
#define NSEC_PER_SEC	1000000000LL

/* Guest seconds a single test may take before SIGALRM ends it. */
#define TEST_ALARM_S	30
/* Guest seconds any helper process may live. */
#define CHILD_ALARM_S	10

/*
 * Our own copy of the uapi struct sched_attr: glibc 2.36 has neither the
 * type nor the wrappers, and <linux/sched/types.h> is not always installed.
 */
struct smoke_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

#define ATTR_SIZE_VER0	48
#define ATTR_SIZE_VER1	56

enum { RES_PASS, RES_FAIL, RES_SKIP };

/* Filled in by the forked test process, read by the harness. */
struct result {
	int status;
	char reason[200];
};

/* The running test's result, in memory shared with the harness. */
extern struct result *res;
/* This program, which fork_exec_wait executes. */
extern char self_exe[PATH_MAX];

/* The tests, test_NAME() for each line of smoke-tests.h. */
#define SMOKE_TEST(name) void test_##name(void);
#include "smoke-tests.h"
#undef SMOKE_TEST

/* ---------------------------------------------------------------- output */

void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline void metric(const char *name, double value)
{
	printf("# metric %s %.2f\n", name, value);
	fflush(stdout);
}

/* Record a failure; the first one becomes the KTAP reason. Returns -1. */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Mark the test skipped, unless something already failed. */
void skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline int failed(void)
{
	return res->status == RES_FAIL;
}

static inline const char *errname(int err)
{
	const char *n = strerrorname_np(err);
	static char buf[32];

	if (n)
		return n;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}

/* Check that a call failed with errno @want. */
int check_err(const char *what, long ret, int err, int want);

#define EXPECT_ERR(what, want, call) do {			\
	long __r;						\
	errno = 0;						\
	__r = (call);						\
	check_err((what), __r, errno, (want));			\
} while (0)

/* ----------------------------------------------------------------- helpers */

static inline long long clock_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		return -1;
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static inline long long now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static inline void sleep_ns(long long ns)
{
	struct timespec ts = { ns / NSEC_PER_SEC, ns % NSEC_PER_SEC };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static inline void *shm_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Children inherit stdio buffers: flush them so nothing prints twice. */
static inline pid_t xfork(void)
{
	fflush(stdout);
	fflush(stderr);
	return fork();
}

/* xfork(); a fork that fails fails the test, saying so: the pid, or -1. */
static inline pid_t xfork_or_fail(void)
{
	pid_t pid = xfork();

	if (pid < 0)
		fail("fork: %s", errname(errno));
	return pid;
}

/*
 * Let the serial console drain before a timed section, so UART interrupts
 * from our own diagnostics do not land in the measurement.
 */
static inline void quiesce(void)
{
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	sleep_ns(2 * NSEC_PER_MSEC);
}

static inline long sys_setattr(pid_t pid, void *attr, unsigned int flags)
{
	return syscall(SYS_sched_setattr, pid, attr, flags);
}

static inline long sys_getattr(pid_t pid, void *attr, unsigned int size, unsigned int flags)
{
	return syscall(SYS_sched_getattr, pid, attr, size, flags);
}

int pin_cpu(int cpu);

/*
 * The CPU the pinned tests share: the highest one we may use, which on the
 * SMP guest keeps them off CPU 0 where most device interrupts go.
 */
int test_cpu(void);

/* Burn @ns of this thread's CPU time, giving up after @max_wall_ns. */
long long burn_cpu(long long ns, long long max_wall_ns);

int cmp_ll(const void *a, const void *b);

/*
 * Median of @n batch durations (sorts @v). Metrics use it rather than the
 * plain total, so that one stray piece of background work (a timer, an RCU
 * batch) landing in the window does not move them.
 */
static inline long long median_ll(long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int read_file(const char *path, char *buf, size_t len);

/*
 * A jiffies clocksource (e.g. an SMP guest whose TSC the kernel distrusts)
 * ticks in whole periods: short batches then read as 0 or 4 ms, and only
 * the total over a whole run is usable.
 */
int coarse_clock(void);

/* Wait for @pid; returns its wait status, or -1. */
static inline int reap(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return st;
}

void describe_status(int st, char *buf, size_t len);

/* Fail unless @st is a normal exit 0 of a helper called @who. */
int check_exit0(const char *who, int st);

/* Online CPUs from sysfs, else the processors of /proc/cpuinfo. */
int online_cpus(cpu_set_t *set);

/*
 * Fields of /proc/PID/stat after the "(comm)": index 0 is field 3 (state).
 * Returns the number of fields, or -1.
 */
int read_stat(pid_t pid, char *state, long long *fields, int max);

/* Index into read_stat() fields for stat field number @f (1-based). */
#define STAT(f)	((f) - 3)

#endif
