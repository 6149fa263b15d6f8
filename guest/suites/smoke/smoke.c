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
 * Build: gcc -static -O2 -Wall -Wextra -o smoke smoke.c
 */
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

static struct result *res;
static char self_exe[PATH_MAX] = "/bin/smoke";

/* ---------------------------------------------------------------- output */

static void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void diag(const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("# %s\n", buf);
	fflush(stdout);
}

static void metric(const char *name, double value)
{
	printf("# metric %s %.2f\n", name, value);
	fflush(stdout);
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
static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
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
static void skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void skip(const char *fmt, ...)
{
	va_list ap;

	if (res->status == RES_FAIL)
		return;
	res->status = RES_SKIP;
	va_start(ap, fmt);
	set_reason(fmt, ap);
	va_end(ap);
}

static int failed(void)
{
	return res->status == RES_FAIL;
}

static const char *errname(int err)
{
	const char *n = strerrorname_np(err);
	static char buf[32];

	if (n)
		return n;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}

/* Check that a call failed with errno @want. */
static int check_err(const char *what, long ret, int err, int want)
{
	if (ret != -1)
		return fail("%s: returned %ld, expected %s", what, ret, errname(want));
	if (err != want)
		return fail("%s: %s, expected %s", what, errname(err), errname(want));
	return 0;
}

#define EXPECT_ERR(what, want, call) do {			\
	long __r;						\
	errno = 0;						\
	__r = (call);						\
	check_err((what), __r, errno, (want));			\
} while (0)

/* ----------------------------------------------------------------- helpers */

static long long clock_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		return -1;
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static long long now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static void sleep_ns(long long ns)
{
	struct timespec ts = { ns / NSEC_PER_SEC, ns % NSEC_PER_SEC };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void *shm_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Children inherit stdio buffers: flush them so nothing prints twice. */
static pid_t xfork(void)
{
	fflush(stdout);
	fflush(stderr);
	return fork();
}

/*
 * Let the serial console drain before a timed section, so UART interrupts
 * from our own diagnostics do not land in the measurement.
 */
static void quiesce(void)
{
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	sleep_ns(2 * NSEC_PER_MSEC);
}

static long sys_setattr(pid_t pid, void *attr, unsigned int flags)
{
	return syscall(SYS_sched_setattr, pid, attr, flags);
}

static long sys_getattr(pid_t pid, void *attr, unsigned int size, unsigned int flags)
{
	return syscall(SYS_sched_getattr, pid, attr, size, flags);
}

static int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/*
 * The CPU the pinned tests share: the highest one we may use, which on the
 * SMP guest keeps them off CPU 0 where most device interrupts go.
 */
static int test_cpu(void)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (cpu = CPU_SETSIZE - 1; cpu > 0; cpu--)
		if (CPU_ISSET(cpu, &set))
			return cpu;
	return 0;
}

/* Burn @ns of this thread's CPU time, giving up after @max_wall_ns. */
static long long burn_cpu(long long ns, long long max_wall_ns)
{
	long long c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID), c = c0;
	long long deadline = now_ns() + max_wall_ns;
	volatile unsigned long x = 0;
	int i;

	while (c - c0 < ns && now_ns() < deadline) {
		for (i = 0; i < 20000; i++)
			x += i;
		c = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	}
	return c - c0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Median of @n batch durations (sorts @v). Metrics use it rather than the
 * plain total, so that one stray piece of background work (a timer, an RCU
 * batch) landing in the window does not move them.
 */
static long long median_ll(long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int read_file(const char *path, char *buf, size_t len);

/*
 * A jiffies clocksource (e.g. an SMP guest whose TSC the kernel distrusts)
 * ticks in whole periods: short batches then read as 0 or 4 ms, and only
 * the total over a whole run is usable.
 */
static int coarse_clock(void)
{
	char buf[64] = "";

	read_file("/sys/devices/system/clocksource/clocksource0/current_clocksource", buf,
		  sizeof(buf));
	if (!strstr(buf, "jiffies"))
		return 0;
	buf[strcspn(buf, "\n")] = '\0';
	diag("note: clocksource %s is coarse, metrics use the overall mean", buf);
	return 1;
}

/* Wait for @pid; returns its wait status, or -1. */
static int reap(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return st;
}

static void describe_status(int st, char *buf, size_t len)
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

/* Fail unless @st is a normal exit 0 of a helper called @who. */
static int check_exit0(const char *who, int st)
{
	char buf[64];

	if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	describe_status(st, buf, sizeof(buf));
	return fail("%s ended with %s", who, buf);
}

static int read_file(const char *path, char *buf, size_t len)
{
	ssize_t n, total = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((size_t)total < len - 1) {
		n = read(fd, buf + total, len - 1 - total);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		total += n;
	}
	close(fd);
	buf[total] = '\0';
	return total;
}

/* Parse a cpu list such as "0-3,6" into @set; returns the count or -1. */
static int parse_cpulist(const char *s, cpu_set_t *set)
{
	char *end;
	long lo, hi;

	CPU_ZERO(set);
	while (*s && *s != '\n') {
		lo = strtol(s, &end, 10);
		if (end == s || lo < 0)
			return -1;
		hi = lo;
		s = end;
		if (*s == '-') {
			hi = strtol(s + 1, &end, 10);
			if (end == s + 1 || hi < lo)
				return -1;
			s = end;
		}
		if (hi >= CPU_SETSIZE)
			return -1;
		for (; lo <= hi; lo++)
			CPU_SET(lo, set);
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return -1;
	}
	return CPU_COUNT(set);
}

/* Online CPUs from sysfs, else the processors of /proc/cpuinfo. */
static int online_cpus(cpu_set_t *set)
{
	char buf[4096], *p;
	int n = 0;

	if (read_file("/sys/devices/system/cpu/online", buf, sizeof(buf)) > 0)
		return parse_cpulist(buf, set);
	if (read_file("/proc/cpuinfo", buf, sizeof(buf)) < 0)
		return -1;
	CPU_ZERO(set);
	for (p = buf; (p = strstr(p, "processor")); p++)
		if (p == buf || p[-1] == '\n')
			CPU_SET(n++, set);
	return n ? n : -1;
}

/*
 * Fields of /proc/PID/stat after the "(comm)": index 0 is field 3 (state).
 * Returns the number of fields, or -1.
 */
static int read_stat(pid_t pid, char *state, long long *fields, int max)
{
	char path[64], buf[1024], *p, *end;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || !p[2])
		return -1;
	*state = p[2];
	p += 3;
	fields[n++] = 0;
	while (n < max) {
		fields[n] = strtoll(p, &end, 10);
		if (end == p)
			break;
		p = end;
		n++;
	}
	return n;
}

/* Index into read_stat() fields for stat field number @f (1-based). */
#define STAT(f)	((f) - 3)

/* ------------------------------------------------------- 1. fork_exec_wait */

#define FORK_WARM	20
#define FORK_N		200
#define FORK_BATCH	20
#define EXEC_N		100

static void test_fork_exec_wait(void)
{
	static pid_t pids[EXEC_N];
	static char seen[EXEC_N];
	long long t0 = 0, t1, batch[FORK_N / FORK_BATCH];
	cpu_set_t all;
	int i, j, st, reaped = 0;
	pid_t pid;

	/*
	 * fork + exit + wait, no exec: the metric, so fixed work only, on one
	 * CPU, after a warm-up that fills the allocator caches.
	 */
	if (sched_getaffinity(0, sizeof(all), &all) || pin_cpu(test_cpu()))
		fail("pin: %s", errname(errno));
	for (i = -FORK_WARM; i < FORK_N; i++) {
		if (i == 0) {
			quiesce();
			t0 = now_ns();
		}
		if (i > 0 && i % FORK_BATCH == 0) {
			t1 = now_ns();
			batch[i / FORK_BATCH - 1] = t1 - t0;
			t0 = t1;
		}
		pid = xfork();
		if (pid < 0) {
			fail("fork %d: %s", i, errname(errno));
			return;
		}
		if (pid == 0)
			_exit(i + FORK_WARM + 1);
		st = reap(pid);
		if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != i + FORK_WARM + 1) {
			char buf[64];

			describe_status(st, buf, sizeof(buf));
			fail("child %d: %s, expected exit %d", i, buf, i + FORK_WARM + 1);
			return;
		}
	}
	batch[FORK_N / FORK_BATCH - 1] = now_ns() - t0;
	for (t1 = 0, i = 0; i < FORK_N / FORK_BATCH; i++)
		t1 += batch[i];
	diag("fork+exit+wait: overall mean %lld ns over %d children", t1 / FORK_N, FORK_N);
	/* Mean per child of the median batch of FORK_BATCH children. */
	if (coarse_clock())
		metric("fork_exit_ns", (double)t1 / FORK_N);
	else
		metric("fork_exit_ns", (double)median_ll(batch, FORK_N / FORK_BATCH) / FORK_BATCH);
	sched_setaffinity(0, sizeof(all), &all);

	/*
	 * fork + exec of ourselves, all children alive at once, reaped in
	 * whatever order they finish; each exit code names its child.
	 */
	for (i = 0; i < EXEC_N; i++) {
		pid = xfork();
		if (pid < 0) {
			fail("fork for exec %d: %s", i, errname(errno));
			break;
		}
		if (pid == 0) {
			char code[16];

			snprintf(code, sizeof(code), "%d", i + 1);
			execl(self_exe, "smoke", "--exit", code, (char *)NULL);
			_exit(255);
		}
		pids[i] = pid;
	}
	while ((pid = wait(&st)) > 0) {
		for (j = 0; j < i && pids[j] != pid; j++)
			;
		if (j == i) {
			fail("wait returned unknown pid %d", (int)pid);
			continue;
		}
		if (seen[j]++)
			fail("pid %d reaped twice", (int)pid);
		reaped++;
		if (!WIFEXITED(st) || WEXITSTATUS(st) != j + 1) {
			char buf[64];

			describe_status(st, buf, sizeof(buf));
			fail("exec child %d: %s, expected exit %d", j, buf, j + 1);
		}
	}
	if (errno != ECHILD)
		fail("wait: %s, expected ECHILD once all are reaped", errname(errno));
	if (reaped != i)
		fail("reaped %d of %d exec children", reaped, i);
	diag("%d fork+exit, %d fork+exec children reaped", FORK_N, reaped);
}

/* -------------------------------------------------------- 2. pipe_pingpong */

#define PINGPONG_WARM	100
#define PINGPONG_N	5000
#define PINGPONG_BATCH	500

static void test_pipe_pingpong(void)
{
	int to_child[2], to_parent[2], cpu = test_cpu(), i, st;
	long long t0 = 0, t1, batch[PINGPONG_N / PINGPONG_BATCH];
	unsigned char b, want;
	pid_t pid;

	if (pin_cpu(cpu))
		fail("pin to CPU %d: %s", cpu, errname(errno));
	if (pipe(to_child) || pipe(to_parent)) {
		fail("pipe: %s", errname(errno));
		return;
	}
	pid = xfork();
	if (pid < 0) {
		fail("fork: %s", errname(errno));
		return;
	}
	if (pid == 0) {
		/* Echo each byte transformed; stop at EOF or on a sequence gap. */
		alarm(CHILD_ALARM_S);
		close(to_child[1]);
		close(to_parent[0]);
		for (i = 0; ; i++) {
			ssize_t n = read(to_child[0], &b, 1);

			if (n == 0)
				_exit(0);
			if (n != 1)
				_exit(2);
			if (b != (unsigned char)i)
				_exit(3);
			b ^= 0x5a;
			if (write(to_parent[1], &b, 1) != 1)
				_exit(4);
		}
	}
	close(to_child[0]);
	close(to_parent[1]);
	for (i = 0; i < PINGPONG_WARM + PINGPONG_N; i++) {
		if (i == PINGPONG_WARM) {
			quiesce();
			t0 = now_ns();
		} else if (i > PINGPONG_WARM && (i - PINGPONG_WARM) % PINGPONG_BATCH == 0) {
			t1 = now_ns();
			batch[(i - PINGPONG_WARM) / PINGPONG_BATCH - 1] = t1 - t0;
			t0 = t1;
		}
		b = i;
		want = b ^ 0x5a;
		if (write(to_child[1], &b, 1) != 1) {
			fail("round %d: write: %s", i, errname(errno));
			break;
		}
		if (read(to_parent[0], &b, 1) != 1) {
			fail("round %d: no reply (child gone?)", i);
			break;
		}
		if (b != want) {
			fail("round %d: got 0x%02x, expected 0x%02x", i, b, want);
			break;
		}
	}
	batch[PINGPONG_N / PINGPONG_BATCH - 1] = now_ns() - t0;
	close(to_child[1]);
	close(to_parent[0]);
	st = reap(pid);
	if (check_exit0("echo child", st) || failed())
		return;
	for (t1 = 0, i = 0; i < PINGPONG_N / PINGPONG_BATCH; i++)
		t1 += batch[i];
	diag("%d round trips on CPU %d, overall mean %lld ns", PINGPONG_N, cpu, t1 / PINGPONG_N);
	/* Mean per round trip of the median batch of PINGPONG_BATCH. */
	if (coarse_clock())
		metric("pipe_rtt_ns", (double)t1 / PINGPONG_N);
	else
		metric("pipe_rtt_ns",
		       (double)median_ll(batch, PINGPONG_N / PINGPONG_BATCH) / PINGPONG_BATCH);
}

/* ------------------------------------------------------- 3. yield_progress */

/*
 * A fixed number of yields each, not a fixed time: context switches are
 * cheap in guest time but expensive on the TCG host.
 */
#define YIELD_N		2000
#define YIELD_MAX_NS	(1 * NSEC_PER_SEC)

struct yield_shm {
	volatile long count[2];
	volatile long handoff[2];
	volatile int stop;
};

static void yield_child(struct yield_shm *s, int me, int go_fd)
{
	long long deadline;
	long other;
	char c;

	alarm(CHILD_ALARM_S);
	if (read(go_fd, &c, 1) < 0)
		_exit(2);
	deadline = now_ns() + 2 * YIELD_MAX_NS;
	while (!s->stop && s->count[me] < YIELD_N && now_ns() < deadline) {
		other = s->count[!me];
		sched_yield();
		s->count[me]++;
		/* Did the other task run while we yielded? */
		if (s->count[!me] != other)
			s->handoff[me]++;
	}
	_exit(0);
}

static void test_yield_progress(void)
{
	struct yield_shm *s = shm_alloc(sizeof(*s));
	int go[2], cpu = test_cpu(), i;
	long total, handoffs;
	long long t0, t1;
	pid_t pids[2];

	if (!s || pipe(go)) {
		fail("setup: %s", errname(errno));
		return;
	}
	for (i = 0; i < 2; i++) {
		pids[i] = xfork();
		if (pids[i] < 0) {
			fail("fork: %s", errname(errno));
			break;
		}
		if (pids[i] == 0) {
			close(go[1]);
			if (pin_cpu(cpu))
				_exit(5);
			yield_child(s, i, go[0]);
		}
	}
	close(go[0]);
	t0 = now_ns();
	close(go[1]);	/* EOF releases both */
	while ((s->count[0] < YIELD_N || s->count[1] < YIELD_N) && now_ns() - t0 < YIELD_MAX_NS)
		sleep_ns(2 * NSEC_PER_MSEC);
	t1 = now_ns();
	s->stop = 1;
	for (; i > 0; i--)
		check_exit0(i == 2 ? "yielder 1" : "yielder 0", reap(pids[i - 1]));
	diag("CPU %d, %lld ms: counts %ld and %ld, handoffs %ld and %ld", cpu,
	     (t1 - t0) / NSEC_PER_MSEC, s->count[0], s->count[1], s->handoff[0], s->handoff[1]);
	for (i = 0; i < 2; i++)
		if (s->count[i] < YIELD_N)
			fail("yielder %d made only %ld of %d yields in %lld ms", i, s->count[i],
			     YIELD_N, (t1 - t0) / NSEC_PER_MSEC);
	total = s->count[0] + s->count[1];
	handoffs = s->handoff[0] + s->handoff[1];
	/*
	 * With yield working nearly every yield hands the CPU over; a yield
	 * that does nothing hands over only at the tick (a few per thousand).
	 */
	if (total && handoffs * 4 < total)
		fail("only %ld of %ld yields let the other task run", handoffs, total);
	if (total)
		metric("yield_handoff_pct", 100.0 * handoffs / total);
}

/* ----------------------------------------------------------- 4. nice_share */

#define NICE_RUN_NS	(500 * NSEC_PER_MSEC)
#define NICE_MIN_RATIO	5.0

static void test_nice_share(void)
{
	int ready[2], go[2], cpu = test_cpu(), i, nice_of[2] = { 0, 19 };
	long long c0[2], c1[2], d[2], t0, t1;
	clockid_t clk[2];
	pid_t pids[2] = { -1, -1 };
	char c;

	if (pipe(ready) || pipe(go)) {
		fail("pipe: %s", errname(errno));
		return;
	}
	for (i = 0; i < 2; i++) {
		pids[i] = xfork();
		if (pids[i] < 0) {
			fail("fork: %s", errname(errno));
			goto out;
		}
		if (pids[i] == 0) {
			volatile unsigned long x = 0;
			long long deadline;

			alarm(CHILD_ALARM_S);
			close(go[1]);
			close(ready[0]);
			if (pin_cpu(cpu) || setpriority(PRIO_PROCESS, 0, nice_of[i]))
				_exit(5);
			if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) < 0)
				_exit(6);
			/* Spin until killed; the deadline is only a safety net. */
			deadline = now_ns() + 8 * NICE_RUN_NS;
			while (now_ns() < deadline)
				x++;
			_exit(7);
		}
	}
	close(ready[1]);
	close(go[0]);
	for (i = 0; i < 2; i++) {
		if (read(ready[0], &c, 1) != 1) {
			fail("a spinner did not start (cannot pin or renice?)");
			goto out;
		}
		if (clock_getcpuclockid(pids[i], &clk[i])) {
			fail("clock_getcpuclockid: %s", errname(errno));
			goto out;
		}
		c0[i] = clock_ns(clk[i]);
	}
	t0 = now_ns();
	close(go[1]);
	go[1] = -1;
	sleep_ns(NICE_RUN_NS);
	for (i = 0; i < 2; i++)
		c1[i] = clock_ns(clk[i]);
	t1 = now_ns();
	for (i = 0; i < 2; i++) {
		d[i] = c1[i] - c0[i];
		if (c0[i] < 0 || c1[i] < 0)
			fail("cannot read CPU clock of spinner %d", i);
	}
	diag("CPU %d, %lld ms: nice 0 ran %lld us, nice 19 ran %lld us", cpu,
	     (t1 - t0) / NSEC_PER_MSEC, d[0] / NSEC_PER_USEC, d[1] / NSEC_PER_USEC);
	if (failed())
		goto out;
	/* Both share one CPU: together they must have had most of it. */
	if (d[0] + d[1] < (t1 - t0) / 2)
		fail("spinners got only %lld of %lld ms", (d[0] + d[1]) / NSEC_PER_MSEC,
		     (t1 - t0) / NSEC_PER_MSEC);
	if (d[1] == 0) {
		fail("nice 19 task got no CPU time at all in %lld ms",
		     (t1 - t0) / NSEC_PER_MSEC);
	} else {
		double ratio = (double)d[0] / d[1];

		metric("nice_ratio", ratio);
		if (ratio < NICE_MIN_RATIO)
			fail("nice 0 / nice 19 CPU time ratio %.2f < %.0f", ratio,
			     NICE_MIN_RATIO);
	}
out:
	if (go[1] >= 0)
		close(go[1]);
	for (i = 0; i < 2; i++) {
		if (pids[i] > 0) {
			kill(pids[i], SIGKILL);
			reap(pids[i]);
		}
	}
}

/* ------------------------------------------------------------ 5. rt_fifo_rr */

#define RT_ROUNDS	20

struct rt_log {
	volatile int n;
	volatile char ev[4 * RT_ROUNDS + 8];
};

static void rt_log(struct rt_log *l, char c)
{
	int i = __atomic_fetch_add(&l->n, 1, __ATOMIC_SEQ_CST);

	if (i < (int)sizeof(l->ev))
		l->ev[i] = c;
}

/* Set and read back a policy; returns -1 (after recording why) on mismatch. */
static int rt_roundtrip(int policy, int prio, const char *name)
{
	struct sched_param sp = { .sched_priority = prio };
	struct timespec ts;
	int got;

	if (sched_setscheduler(0, policy, &sp))
		return fail("sched_setscheduler(%s, %d): %s", name, prio, errname(errno));
	got = sched_getscheduler(0);
	if (got != policy)
		return fail("sched_getscheduler: %d, expected %s (%d)", got, name, policy);
	sp.sched_priority = -1;
	if (sched_getparam(0, &sp) || sp.sched_priority != prio)
		return fail("sched_getparam: priority %d, expected %d", sp.sched_priority, prio);
	if (sched_rr_get_interval(0, &ts))
		return fail("sched_rr_get_interval(%s): %s", name, errname(errno));
	if (policy == SCHED_RR) {
		long long ns = ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;

		diag("SCHED_RR interval %lld us", ns / NSEC_PER_USEC);
		if (ns <= 0 || ns >= NSEC_PER_SEC)
			return fail("SCHED_RR interval %lld ns not in (0, 1 s)", ns);
	} else if (ts.tv_sec || ts.tv_nsec) {
		return fail("SCHED_FIFO interval %ld.%09ld s, expected 0", (long)ts.tv_sec,
			    ts.tv_nsec);
	}
	return 0;
}

/*
 * The high-priority helper: each round it is woken by the low task (and must
 * run at once), sleeps so the low task blocks, then wakes the low task (which
 * must not preempt it).
 */
static void rt_high(struct rt_log *l, int wake_fd, int low_fd)
{
	struct sched_param sp = { .sched_priority = 20 };
	char c = 'x';

	alarm(CHILD_ALARM_S);
	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		_exit(2);
	while (read(wake_fd, &c, 1) == 1) {
		rt_log(l, 'H');
		sleep_ns(5 * NSEC_PER_MSEC);
		if (write(low_fd, &c, 1) != 1)
			_exit(3);
		rt_log(l, 'h');
	}
	_exit(0);
}

static void test_rt_fifo_rr(void)
{
	struct sched_param sp = { .sched_priority = 0 };
	struct rt_log *l = shm_alloc(sizeof(*l));
	int wake[2], low[2], cpu = test_cpu(), r, i;
	char c = 'w';
	pid_t pid;

	if (sched_get_priority_min(SCHED_FIFO) != 1 || sched_get_priority_max(SCHED_FIFO) != 99 ||
	    sched_get_priority_min(SCHED_RR) != 1 || sched_get_priority_max(SCHED_RR) != 99)
		fail("FIFO/RR priority range is not 1..99");

	sp.sched_priority = 10;
	if (sched_setscheduler(0, SCHED_FIFO, &sp) && errno == EPERM) {
		/* Root (the guest) may always use RT policies: EPERM there is a bug. */
		if (geteuid() == 0)
			fail("sched_setscheduler(SCHED_FIFO, 10) as root: EPERM");
		else
			skip("no permission for real-time policies");
		return;
	}
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);

	if (rt_roundtrip(SCHED_FIFO, 10, "SCHED_FIFO") || rt_roundtrip(SCHED_RR, 20, "SCHED_RR"))
		return;
	sp.sched_priority = 0;
	EXPECT_ERR("SCHED_FIFO priority 0", EINVAL, sched_setscheduler(0, SCHED_FIFO, &sp));
	sp.sched_priority = 100;
	EXPECT_ERR("SCHED_FIFO priority 100", EINVAL, sched_setscheduler(0, SCHED_FIFO, &sp));

	/* Preemption: both on one CPU, this process is the low FIFO task. */
	if (!l || pipe(wake) || pipe(low)) {
		fail("setup: %s", errname(errno));
		return;
	}
	if (pin_cpu(cpu)) {
		fail("pin to CPU %d: %s", cpu, errname(errno));
		return;
	}
	sp.sched_priority = 10;
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fail("SCHED_FIFO 10: %s", errname(errno));
		return;
	}
	pid = xfork();
	if (pid < 0) {
		fail("fork: %s", errname(errno));
		return;
	}
	if (pid == 0) {
		close(wake[1]);
		close(low[0]);
		rt_high(l, wake[0], low[1]);
	}
	close(wake[0]);
	close(low[1]);
	/* Let the child raise itself to 20 and block in read(). */
	sleep_ns(10 * NSEC_PER_MSEC);
	for (r = 0; r < RT_ROUNDS; r++) {
		if (write(wake[1], &c, 1) != 1)
			break;
		rt_log(l, 'L');
		if (read(low[0], &c, 1) != 1)
			break;
		rt_log(l, 'l');
	}
	close(wake[1]);
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);
	check_exit0("high-priority task", reap(pid));
	close(low[0]);

	/* Expected per round: H (preempted us), L (ran while H slept), h, l. */
	for (i = 0; i < l->n && i < 4 * RT_ROUNDS; i++) {
		if (l->ev[i] != "HLhl"[i % 4]) {
			fail("round %d: event '%c', expected '%c' (%s)", i / 4, l->ev[i],
			     "HLhl"[i % 4], l->ev[i] == 'L' ? "high prio did not preempt" :
			     l->ev[i] == 'l' ? "low prio preempted high" : "wrong order");
			break;
		}
	}
	if (!failed() && l->n != 4 * RT_ROUNDS)
		fail("%d events logged, expected %d", l->n, 4 * RT_ROUNDS);
	if (!failed())
		diag("%d preemption rounds on CPU %d in order", RT_ROUNDS, cpu);
}

/* ---------------------------------------------------- 6. deadline_admission */

#define DL_RUNTIME	(10 * NSEC_PER_MSEC)
#define DL_PERIOD	(100 * NSEC_PER_MSEC)
#define DL_BIG_RUNTIME	(80 * NSEC_PER_MSEC)
#define DL_MAX_TASKS	64

static void dl_attr(struct smoke_attr *a, uint64_t runtime, uint64_t deadline, uint64_t period)
{
	memset(a, 0, sizeof(*a));
	a->size = ATTR_SIZE_VER0;
	a->sched_policy = SCHED_DEADLINE;
	a->sched_runtime = runtime;
	a->sched_deadline = deadline;
	a->sched_period = period;
}

static void dl_invalid(const char *what, uint64_t runtime, uint64_t deadline, uint64_t period)
{
	struct smoke_attr a;
	int pol;

	dl_attr(&a, runtime, deadline, period);
	EXPECT_ERR(what, EINVAL, sys_setattr(0, &a, 0));
	pol = sched_getscheduler(0);
	if (pol != SCHED_OTHER)
		fail("%s: policy changed to %d", what, pol);
}

/* Helper that holds an admitted reservation until its pipe closes. */
static void dl_holder(int *slot, int hold_fd)
{
	struct smoke_attr a;
	char c;

	alarm(CHILD_ALARM_S);
	dl_attr(&a, DL_BIG_RUNTIME, DL_PERIOD, DL_PERIOD);
	*slot = sys_setattr(0, &a, 0) ? errno : 0;
	if (*slot)
		_exit(0);
	while (read(hold_fd, &c, 1) < 0 && errno == EINTR)
		;
	_exit(0);
}

/* Admission limit: as many 80% reservations as fit in rt_runtime/rt_period per CPU. */
static void dl_overadmit(int ncpus)
{
	long long rt_runtime = 950000, rt_period = 1000000;
	int *slot = shm_alloc(DL_MAX_TASKS * sizeof(int));
	int hold[2], k, spawned = 0, admitted = 0, max_ok, err = 0;
	pid_t pids[DL_MAX_TASKS];
	long long t0;
	char buf[64];

	if (read_file("/proc/sys/kernel/sched_rt_runtime_us", buf, sizeof(buf)) > 0)
		rt_runtime = atoll(buf);
	if (read_file("/proc/sys/kernel/sched_rt_period_us", buf, sizeof(buf)) > 0)
		rt_period = atoll(buf);
	if (rt_runtime < 0) {
		diag("sched_rt_runtime_us = -1: admission control off, over-admission not checked");
		return;
	}
	max_ok = (int)((double)ncpus * rt_runtime / rt_period / 0.8);
	if (!slot || pipe(hold)) {
		fail("setup: %s", errname(errno));
		return;
	}
	for (k = 0; k < DL_MAX_TASKS && k <= max_ok + 1; k++) {
		slot[k] = -1;
		pids[k] = xfork();
		if (pids[k] < 0) {
			fail("fork: %s", errname(errno));
			break;
		}
		if (pids[k] == 0) {
			close(hold[1]);
			dl_holder(&slot[k], hold[0]);
		}
		spawned++;
		/* The holder reports, then blocks (or exits when refused). */
		t0 = now_ns();
		while (slot[k] == -1 && now_ns() - t0 < 2 * NSEC_PER_SEC)
			sleep_ns(NSEC_PER_MSEC);
		err = slot[k];
		if (err == -1) {
			fail("reservation helper %d did not report", k);
			break;
		}
		if (err)
			break;
		admitted++;
	}
	close(hold[0]);
	close(hold[1]);
	for (k = 0; k < spawned; k++)
		reap(pids[k]);
	if (failed())
		return;
	diag("%d reservations of 80%% admitted on %d CPU(s) (limit %d), then %s", admitted,
	     ncpus, max_ok, err ? errname(err) : "no refusal");
	if (admitted < 1)
		fail("no 80%% reservation admitted at all");
	else if (admitted > max_ok)
		fail("%d reservations of 80%% admitted, only %d fit", admitted, max_ok);
	if (err != EBUSY)
		fail("over-admission: %s, expected EBUSY", err ? errname(err) : "admitted");
	/* Let the holders' bandwidth return (0-lag time) before going on. */
	sleep_ns(2 * DL_PERIOD);
}

static void test_deadline_admission(void)
{
	struct smoke_attr a, g;
	long long t0, t1, cpu_ns;
	cpu_set_t online;
	int ncpus = online_cpus(&online);
	pid_t pid;

	dl_attr(&a, DL_RUNTIME, DL_PERIOD, DL_PERIOD);
	if (sys_setattr(0, &a, 0)) {
		if (errno == ENOSYS || (errno == EPERM && geteuid() != 0)) {
			skip("sched_setattr: %s", errname(errno));
			return;
		}
		fail("10ms/100ms reservation refused: %s", errname(errno));
		return;
	}
	memset(&g, 0, sizeof(g));
	if (sys_getattr(0, &g, sizeof(g), 0))
		fail("sched_getattr: %s", errname(errno));
	else if (g.sched_policy != SCHED_DEADLINE || g.sched_runtime != DL_RUNTIME ||
		 g.sched_deadline != DL_PERIOD || g.sched_period != DL_PERIOD)
		fail("sched_getattr: policy %u runtime %llu deadline %llu period %llu",
		     g.sched_policy, (unsigned long long)g.sched_runtime,
		     (unsigned long long)g.sched_deadline, (unsigned long long)g.sched_period);
	if (sched_getscheduler(0) != SCHED_DEADLINE)
		fail("sched_getscheduler: %d, expected SCHED_DEADLINE", sched_getscheduler(0));

	/* It runs, and the CBS throttles it: 30 ms of CPU needs 3 periods. */
	t0 = now_ns();
	cpu_ns = burn_cpu(3 * DL_RUNTIME, 5 * NSEC_PER_SEC);
	t1 = now_ns();
	diag("deadline task ran %lld ms of CPU in %lld ms", cpu_ns / NSEC_PER_MSEC,
	     (t1 - t0) / NSEC_PER_MSEC);
	if (cpu_ns < 3 * DL_RUNTIME)
		fail("deadline task got %lld ms of CPU in 5 s", cpu_ns / NSEC_PER_MSEC);
	else if (t1 - t0 < 3 * DL_PERIOD / 2)
		fail("30 ms of CPU in %lld ms: runtime not enforced", (t1 - t0) / NSEC_PER_MSEC);

	/* A deadline task may not fork (no reset-on-fork). */
	pid = xfork();
	if (pid == 0)
		_exit(0);
	if (pid > 0) {
		reap(pid);
		fail("fork from a SCHED_DEADLINE task succeeded");
	} else if (errno != EAGAIN) {
		fail("fork from a SCHED_DEADLINE task: %s, expected EAGAIN", errname(errno));
	}

	memset(&a, 0, sizeof(a));
	a.size = ATTR_SIZE_VER0;
	a.sched_policy = SCHED_OTHER;
	if (sys_setattr(0, &a, 0)) {
		fail("back to SCHED_OTHER: %s", errname(errno));
		return;
	}
	/* Let our bandwidth return (0-lag time) before the admission checks. */
	sleep_ns(2 * DL_PERIOD);

	dl_invalid("runtime > deadline", 20 * NSEC_PER_MSEC, 10 * NSEC_PER_MSEC, DL_PERIOD);
	dl_invalid("deadline > period", DL_RUNTIME, 2 * DL_PERIOD, DL_PERIOD);
	dl_invalid("runtime = deadline > period", 2 * DL_PERIOD, 2 * DL_PERIOD, DL_PERIOD);
	dl_invalid("deadline 0", DL_RUNTIME, 0, DL_PERIOD);
	dl_invalid("runtime < 1024 ns", 500, DL_PERIOD, DL_PERIOD);
	dl_invalid("period > 4.2 s", DL_RUNTIME, 5 * NSEC_PER_SEC, 5 * NSEC_PER_SEC);

	if (ncpus < 1)
		fail("cannot count online CPUs");
	else
		dl_overadmit(ncpus);
}

/* ---------------------------------------------------------------- 7. affinity */

static int check_on_cpu(int cpu)
{
	unsigned int c = ~0u, node;
	int i, v;

	for (i = 0; i < 5; i++) {
		/* Sleep so that we are scheduled afresh each time. */
		sleep_ns(NSEC_PER_MSEC);
		v = sched_getcpu();
		if (syscall(SYS_getcpu, &c, &node, NULL))
			return fail("getcpu: %s", errname(errno));
		if (v != cpu || (int)c != cpu)
			return fail("pinned to CPU %d but running on %d (getcpu %u)", cpu, v, c);
	}
	return 0;
}

static void test_affinity(void)
{
	cpu_set_t online, set, got;
	unsigned long small[1];
	int n, first, second, cpu;
	long r;
	pid_t pid;

	n = online_cpus(&online);
	if (n < 1) {
		fail("cannot read the online CPUs");
		return;
	}
	if (sched_getaffinity(0, sizeof(got), &got)) {
		fail("sched_getaffinity: %s", errname(errno));
		return;
	}
	if (!CPU_EQUAL(&got, &online))
		fail("affinity has %d CPUs, %d are online", CPU_COUNT(&got), n);

	/* The raw syscall returns the kernel's mask size; too small is EINVAL. */
	r = syscall(SYS_sched_getaffinity, 0, sizeof(set), &set);
	if (r <= 0 || r % sizeof(long))
		fail("raw sched_getaffinity returned %ld", r);
	EXPECT_ERR("sched_getaffinity size 4", EINVAL,
		   syscall(SYS_sched_getaffinity, 0, 4, small));

	CPU_ZERO(&set);
	EXPECT_ERR("empty affinity", EINVAL, sched_setaffinity(0, sizeof(set), &set));
	CPU_SET(CPU_SETSIZE - 1, &set);
	EXPECT_ERR("affinity CPU 1023 only", EINVAL, sched_setaffinity(0, sizeof(set), &set));

	for (first = 0; !CPU_ISSET(first, &online); first++)
		;
	for (second = first + 1; second < CPU_SETSIZE && !CPU_ISSET(second, &online); second++)
		;
	if (n == 1) {
		CPU_ZERO(&set);
		CPU_SET(1, &set);
		EXPECT_ERR("affinity CPU 1 only on 1 CPU", EINVAL,
			   sched_setaffinity(0, sizeof(set), &set));
		diag("1 CPU online: single-CPU affinity refusal checked");
		cpu = first;
	} else {
		cpu = second;
	}

	/* Pin, check where we run, move to the first CPU, check again. */
	if (pin_cpu(cpu)) {
		fail("pin to CPU %d: %s", cpu, errname(errno));
		return;
	}
	if (sched_getaffinity(0, sizeof(got), &got) || CPU_COUNT(&got) != 1 ||
	    !CPU_ISSET(cpu, &got))
		fail("affinity after pinning to CPU %d is not {%d}", cpu, cpu);
	check_on_cpu(cpu);
	if (n > 1) {
		if (pin_cpu(first))
			fail("pin to CPU %d: %s", first, errname(errno));
		else
			check_on_cpu(first);
		cpu = first;
	}

	/* A child inherits the mask. */
	pid = xfork();
	if (pid == 0) {
		if (sched_getaffinity(0, sizeof(got), &got) || CPU_COUNT(&got) != 1 ||
		    !CPU_ISSET(cpu, &got))
			_exit(1);
		_exit(0);
	}
	if (pid < 0)
		fail("fork: %s", errname(errno));
	else if (reap(pid) != 0)
		fail("child did not inherit affinity {%d}", cpu);
	if (!failed())
		diag("%d CPU(s) online, pinning checked on CPU %d%s", n,
		     n > 1 ? second : first, n > 1 ? " and back" : "");
}

/* -------------------------------------------------------- 8. procfs_schedstat */

#define PROC_BURN_NS	(80 * NSEC_PER_MSEC)

struct proc_sample {
	long long stat_ticks;	/* utime + stime of /proc/self/stat */
	long long run_ns;	/* first field of /proc/self/schedstat, -1 if absent */
	double sum_exec_ms;	/* se.sum_exec_runtime of /proc/self/sched, -1 if absent */
};

static int sample_self(struct proc_sample *s)
{
	char buf[8192], *p, *end;
	long long f[50];
	char state;
	int n;

	n = read_stat(getpid(), &state, f, 50);
	if (n < STAT(41) + 1)
		return fail("/proc/self/stat: %d fields", n + 2);
	s->stat_ticks = f[STAT(14)] + f[STAT(15)];
	if (state != 'R')
		fail("/proc/self/stat state '%c', expected 'R'", state);
	/* A SCHED_OTHER task: priority is 20 + nice, no RT priority, policy 0. */
	if (f[STAT(18)] != 20 + f[STAT(19)] || f[STAT(19)] != getpriority(PRIO_PROCESS, 0) ||
	    f[STAT(40)] != 0 || f[STAT(41)] != 0)
		fail("/proc/self/stat priority %lld nice %lld rt_priority %lld policy %lld",
		     f[STAT(18)], f[STAT(19)], f[STAT(40)], f[STAT(41)]);

	s->run_ns = -1;
	if (read_file("/proc/self/schedstat", buf, sizeof(buf)) > 0) {
		unsigned long long run, wait, slices;

		if (sscanf(buf, "%llu %llu %llu", &run, &wait, &slices) != 3)
			fail("/proc/self/schedstat malformed: %.40s", buf);
		else
			s->run_ns = run;
	}

	s->sum_exec_ms = -1;
	if (read_file("/proc/self/sched", buf, sizeof(buf)) > 0) {
		char head[64];

		snprintf(head, sizeof(head), "(%d, #threads: ", (int)getpid());
		if (!strstr(buf, head))
			fail("/proc/self/sched header lacks \"%s\"", head);
		p = strstr(buf, "se.sum_exec_runtime");
		if (p)
			p = strchr(p, ':');
		if (!p) {
			fail("/proc/self/sched has no se.sum_exec_runtime");
		} else {
			s->sum_exec_ms = strtod(p + 1, &end);
			if (end == p + 1)
				fail("/proc/self/sched se.sum_exec_runtime unparsable");
		}
	}
	return 0;
}

static void check_loadavg(void)
{
	double l1, l5, l15;
	long running, total, last;
	char buf[256];

	if (read_file("/proc/loadavg", buf, sizeof(buf)) <= 0) {
		fail("/proc/loadavg unreadable: %s", errname(errno));
		return;
	}
	if (sscanf(buf, "%lf %lf %lf %ld/%ld %ld", &l1, &l5, &l15, &running, &total, &last) != 6)
		fail("/proc/loadavg malformed: %.60s", buf);
	else if (l1 < 0 || l5 < 0 || l15 < 0 || running < 1 || running > total || last < 1)
		fail("/proc/loadavg implausible: %.60s", buf);
}

static void check_schedstat(int ncpus)
{
	char *buf = malloc(1 << 16), *line, *save = NULL;
	int version = -1, cpus = 0, fields, n;
	long long ts = -1, v[9];

	if (!buf) {
		fail("out of memory");
		return;
	}
	if (read_file("/proc/schedstat", buf, 1 << 16) <= 0) {
		diag("no /proc/schedstat (CONFIG_SCHEDSTATS off?): that part skipped");
		free(buf);
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "version %d", &version) == 1 ||
		    sscanf(line, "timestamp %lld", &ts) == 1)
			continue;
		if (!strncmp(line, "cpu", 3)) {
			fields = sscanf(line, "cpu%d %lld %lld %lld %lld %lld %lld %lld %lld %lld",
					&n, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
					&v[7], &v[8]);
			if (fields < 8)
				fail("/proc/schedstat cpu line malformed: %.60s", line);
			cpus++;
		}
	}
	if (version < 10 || ts < 0)
		fail("/proc/schedstat: version %d timestamp %lld", version, ts);
	if (cpus != ncpus)
		fail("/proc/schedstat lists %d CPUs, %d online", cpus, ncpus);
	diag("/proc/schedstat version %d, %d CPU lines", version, cpus);
	free(buf);
}

static void test_procfs_schedstat(void)
{
	struct proc_sample a, b;
	cpu_set_t online;
	long long burned;
	long hz = sysconf(_SC_CLK_TCK);
	int ncpus = online_cpus(&online);

	if (access("/proc/loadavg", R_OK) && access("/proc/self/stat", R_OK)) {
		skip("no /proc/loadavg nor /proc/self/stat (procfs not mounted?)");
		return;
	}
	check_loadavg();
	check_schedstat(ncpus);
	if (sample_self(&a))
		return;
	burned = burn_cpu(PROC_BURN_NS, 5 * NSEC_PER_SEC);
	if (sample_self(&b))
		return;
	if (burned < PROC_BURN_NS)
		fail("busy loop got only %lld ms of CPU in 5 s", burned / NSEC_PER_MSEC);

	/* Each counter must account at least half of the CPU time burned. */
	if (b.stat_ticks - a.stat_ticks < burned * hz / NSEC_PER_SEC / 2)
		fail("/proc/self/stat utime+stime grew %lld ticks for %lld ms of CPU",
		     b.stat_ticks - a.stat_ticks, burned / NSEC_PER_MSEC);
	diag("burned %lld ms: stat +%lld ticks", burned / NSEC_PER_MSEC,
	     b.stat_ticks - a.stat_ticks);

	if (a.run_ns < 0) {
		diag("no /proc/self/schedstat (CONFIG_SCHED_INFO off): that part skipped");
	} else {
		diag("/proc/self/schedstat run time +%lld us", (b.run_ns - a.run_ns) / 1000);
		if (b.run_ns - a.run_ns < burned / 2)
			fail("/proc/self/schedstat run time grew %lld us for %lld us of CPU",
			     (b.run_ns - a.run_ns) / 1000, burned / 1000);
	}
	if (a.sum_exec_ms < 0) {
		diag("no /proc/self/sched (CONFIG_SCHED_DEBUG off): that part skipped");
	} else {
		diag("se.sum_exec_runtime +%.3f ms", b.sum_exec_ms - a.sum_exec_ms);
		if ((b.sum_exec_ms - a.sum_exec_ms) * NSEC_PER_MSEC < burned / 2)
			fail("se.sum_exec_runtime grew %.3f ms for %lld ms of CPU",
			     b.sum_exec_ms - a.sum_exec_ms, burned / NSEC_PER_MSEC);
	}
}

/* ------------------------------------------------------------ 9. sleep_futex */

#define LATE_NS	(200 * NSEC_PER_MSEC)

/* Was a sleep of @req that took @took neither early nor very late? */
static void check_sleep(const char *what, long long req, long long took)
{
	if (took < req)
		fail("%s of %lld us woke early, after %lld us", what, req / 1000, took / 1000);
	else if (took > req + LATE_NS)
		fail("%s of %lld us woke %lld us late", what, req / 1000, (took - req) / 1000);
}

static long futex(volatile int *addr, int op, int val, const struct timespec *ts)
{
	return syscall(SYS_futex, addr, op, val, ts, NULL, 0);
}

struct futex_shm {
	volatile int word;
	volatile int ready;
	volatile int spurious;
};

static void futex_waiter(struct futex_shm *s)
{
	alarm(CHILD_ALARM_S);
	s->ready = 1;
	while (!s->word) {
		if (futex(&s->word, FUTEX_WAIT, 0, NULL) && errno != EAGAIN && errno != EINTR)
			_exit(2);
		if (!s->word)
			s->spurious++;
	}
	_exit(0);
}

static void test_sleep_futex(void)
{
	static const long long reqs[] = { 1 * NSEC_PER_MSEC, 10 * NSEC_PER_MSEC, 25 * NSEC_PER_MSEC };
	struct futex_shm *s = shm_alloc(sizeof(*s));
	struct timespec ts;
	long long t0, t1, target, worst = 0;
	volatile int local = 0;
	unsigned int i;
	char state = '?';
	long long f[4];
	long woken;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(reqs); i++) {
		ts.tv_sec = 0;
		ts.tv_nsec = reqs[i];
		t0 = now_ns();
		if (nanosleep(&ts, NULL))
			fail("nanosleep: %s", errname(errno));
		t1 = now_ns();
		check_sleep("nanosleep", reqs[i], t1 - t0);
		if (t1 - t0 - reqs[i] > worst)
			worst = t1 - t0 - reqs[i];

		t0 = now_ns();
		if (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL))
			fail("clock_nanosleep: %s", errname(errno));
		t1 = now_ns();
		check_sleep("clock_nanosleep relative", reqs[i], t1 - t0);

		target = now_ns() + reqs[i];
		ts.tv_sec = target / NSEC_PER_SEC;
		ts.tv_nsec = target % NSEC_PER_SEC;
		if (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
			fail("clock_nanosleep abs: %s", errname(errno));
		t1 = now_ns();
		check_sleep("clock_nanosleep TIMER_ABSTIME", reqs[i], t1 - (target - reqs[i]));
		if (t1 < target)
			fail("TIMER_ABSTIME sleep returned %lld us before its target",
			     (target - t1) / 1000);
	}
	diag("nanosleep worst lateness %lld us", worst / 1000);
	ts.tv_sec = 0;
	ts.tv_nsec = NSEC_PER_SEC;
	EXPECT_ERR("nanosleep tv_nsec = 1e9", EINVAL, nanosleep(&ts, NULL));

	/* Futex basics in one process: value mismatch and timeout. */
	EXPECT_ERR("FUTEX_WAIT on changed value", EAGAIN,
		   futex(&local, FUTEX_WAIT_PRIVATE, 1, NULL));
	ts.tv_sec = 0;
	ts.tv_nsec = 10 * NSEC_PER_MSEC;
	t0 = now_ns();
	EXPECT_ERR("FUTEX_WAIT 10 ms timeout", ETIMEDOUT,
		   futex(&local, FUTEX_WAIT_PRIVATE, 0, &ts));
	check_sleep("FUTEX_WAIT timeout", 10 * NSEC_PER_MSEC, now_ns() - t0);
	if (futex(&local, FUTEX_WAKE_PRIVATE, 1, NULL) != 0)
		fail("FUTEX_WAKE with no waiter did not return 0");

	/* Cross-process wake through a shared mapping. */
	if (!s) {
		fail("mmap shared: %s", errname(errno));
		return;
	}
	pid = xfork();
	if (pid < 0) {
		fail("fork: %s", errname(errno));
		return;
	}
	if (pid == 0)
		futex_waiter(s);
	/* Wait until the waiter sleeps (state S) in FUTEX_WAIT. */
	t0 = now_ns();
	while (now_ns() - t0 < 2 * NSEC_PER_SEC) {
		if (s->ready && read_stat(pid, &state, f, 2) > 0 && state == 'S')
			break;
		sleep_ns(NSEC_PER_MSEC);
	}
	if (state != 'S')
		fail("futex waiter never went to sleep (state '%c')", state);
	s->word = 1;
	woken = futex(&s->word, FUTEX_WAKE, 1, NULL);
	check_exit0("futex waiter", reap(pid));
	if (woken != 1 && state == 'S')
		fail("FUTEX_WAKE woke %ld waiters, expected 1", woken);
	diag("futex wake across processes: %ld woken, %d spurious wakeups", woken, s->spurious);
}

/* ------------------------------------------------------- 10. sched_attr_errors */

static void other_attr(struct smoke_attr *a, uint32_t size)
{
	memset(a, 0, sizeof(*a));
	a->size = size;
	a->sched_policy = SCHED_OTHER;
}

static void test_sched_attr_errors(void)
{
	static unsigned char big[8192] __attribute__((aligned(8)));
	struct smoke_attr a, *ap = (struct smoke_attr *)big;
	unsigned char *bad;
	int pol, st;
	pid_t pid;
	long r;

	other_attr(&a, ATTR_SIZE_VER0);
	if (sys_setattr(0, &a, 0)) {
		if (errno == ENOSYS) {
			skip("sched_setattr: ENOSYS");
			return;
		}
		fail("plain SCHED_OTHER sched_setattr: %s", errname(errno));
	}
	other_attr(&a, 0);
	if (sys_setattr(0, &a, 0))
		fail("size 0 (taken as VER0) refused: %s", errname(errno));

	/* Sizes: the kernel answers E2BIG and writes its own size back. */
	other_attr(&a, 16);
	EXPECT_ERR("setattr size 16", E2BIG, sys_setattr(0, &a, 0));
	if (a.size < ATTR_SIZE_VER0 || a.size % 8)
		fail("setattr size 16: kernel wrote back size %u", a.size);
	memset(big, 0, sizeof(big));
	other_attr(ap, 128);
	if (sys_setattr(0, ap, 0))
		fail("size 128 with zero tail refused: %s", errname(errno));
	big[100] = 1;
	EXPECT_ERR("setattr size 128, nonzero tail", E2BIG, sys_setattr(0, ap, 0));
	if (ap->size < ATTR_SIZE_VER0 || ap->size > 100)
		fail("setattr nonzero tail: kernel wrote back size %u", ap->size);
	big[100] = 0;
	other_attr(ap, 8192);
	EXPECT_ERR("setattr size 8192", E2BIG, sys_setattr(0, ap, 0));

	/* Flags, policy, priorities. */
	other_attr(&a, ATTR_SIZE_VER0);
	EXPECT_ERR("setattr syscall flags 1", EINVAL, sys_setattr(0, &a, 1));
	a.sched_flags = 1ULL << 40;
	EXPECT_ERR("setattr unknown sched_flags bit", EINVAL, sys_setattr(0, &a, 0));
	a.sched_flags = SMOKE_FLAG_SUGOV;
	EXPECT_ERR("setattr SCHED_FLAG_SUGOV", EINVAL, sys_setattr(0, &a, 0));
	a.sched_flags = SMOKE_FLAG_UTIL_CLAMP_MIN;
	EXPECT_ERR("setattr util clamp with VER0 size", EINVAL, sys_setattr(0, &a, 0));
	other_attr(&a, ATTR_SIZE_VER0);
	a.sched_policy = 77;
	EXPECT_ERR("setattr policy 77", EINVAL, sys_setattr(0, &a, 0));
	a.sched_policy = (uint32_t)-1;
	EXPECT_ERR("setattr policy -1", EINVAL, sys_setattr(0, &a, 0));
	a.sched_policy = SCHED_OTHER;
	a.sched_priority = 5;
	EXPECT_ERR("setattr SCHED_OTHER priority 5", EINVAL, sys_setattr(0, &a, 0));
	a.sched_policy = SCHED_FIFO;
	a.sched_priority = 0;
	EXPECT_ERR("setattr SCHED_FIFO priority 0", EINVAL, sys_setattr(0, &a, 0));
	a.sched_priority = 100;
	EXPECT_ERR("setattr SCHED_FIFO priority 100", EINVAL, sys_setattr(0, &a, 0));
	EXPECT_ERR("sched_setscheduler policy 77", EINVAL,
		   sched_setscheduler(0, 77, &(struct sched_param){ 0 }));
	EXPECT_ERR("sched_setscheduler policy -1", EINVAL,
		   sched_setscheduler(0, -1, &(struct sched_param){ 0 }));

	/* Pointers and pids. */
	bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT_ERR("setattr NULL", EINVAL, sys_setattr(0, NULL, 0));
	EXPECT_ERR("getattr NULL", EINVAL, sys_getattr(0, NULL, sizeof(a), 0));
	if (bad != MAP_FAILED) {
		EXPECT_ERR("setattr unmapped", EFAULT, sys_setattr(0, bad, 0));
		EXPECT_ERR("getattr unmapped", EFAULT, sys_getattr(0, bad, sizeof(a), 0));
	}
	other_attr(&a, ATTR_SIZE_VER0);
	EXPECT_ERR("setattr pid -1", EINVAL, sys_setattr(-1, &a, 0));
	EXPECT_ERR("setattr pid 4194304", ESRCH, sys_setattr(4194304, &a, 0));

	/* sched_getattr sizes and flags. */
	EXPECT_ERR("getattr size 47", EINVAL, sys_getattr(0, &a, 47, 0));
	EXPECT_ERR("getattr size 4097", EINVAL, sys_getattr(0, big, 4097, 0));
	EXPECT_ERR("getattr flags 1", EINVAL, sys_getattr(0, &a, sizeof(a), 1));
	EXPECT_ERR("getattr pid -1", EINVAL, sys_getattr(-1, &a, sizeof(a), 0));
	memset(big, 0xa5, sizeof(big));
	r = sys_getattr(0, big, ATTR_SIZE_VER0, 0);
	if (r || ap->size != ATTR_SIZE_VER0 || ap->sched_policy != SCHED_OTHER ||
	    big[ATTR_SIZE_VER0] != 0xa5)
		fail("getattr size 48: ret %ld size %u policy %u, tail %s", r, ap->size,
		     ap->sched_policy, big[ATTR_SIZE_VER0] != 0xa5 ? "overwritten" : "kept");
	memset(big, 0xa5, sizeof(big));
	r = sys_getattr(0, big, 128, 0);
	if (r || ap->size < ATTR_SIZE_VER0 || ap->size > 128 || ap->sched_policy != SCHED_OTHER)
		fail("getattr size 128: ret %ld size %u policy %u", r, ap->size, ap->sched_policy);

	/*
	 * Accepted oddities, each in a child since undoing them needs
	 * privilege: an out-of-range nice is clamped, reset-on-fork reads back.
	 */
	pid = xfork();
	if (pid == 0) {
		other_attr(&a, ATTR_SIZE_VER0);
		a.sched_nice = 100;
		if (sys_setattr(0, &a, 0))
			_exit(1);
		_exit(getpriority(PRIO_PROCESS, 0) == 19 ? 0 : 2);
	}
	st = pid > 0 ? reap(pid) : -1;
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
		fail("setattr nice 100 was not clamped to 19 (child status 0x%x)", st);
	pid = xfork();
	if (pid == 0) {
		other_attr(&a, ATTR_SIZE_VER0);
		a.sched_flags = SMOKE_FLAG_RESET_ON_FORK;
		if (sys_setattr(0, &a, 0))
			_exit(1);
		_exit(sched_getscheduler(0) == (SCHED_OTHER | SCHED_RESET_ON_FORK) ? 0 : 2);
	}
	st = pid > 0 ? reap(pid) : -1;
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
		fail("reset-on-fork not set or not reported (child status 0x%x)", st);

	/* After all that we still are an ordinary task. */
	pol = sched_getscheduler(0);
	if (pol != SCHED_OTHER)
		fail("policy %d after the error cases, expected SCHED_OTHER", pol);
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
