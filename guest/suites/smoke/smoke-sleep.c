// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-sleep.c - sleeping and waking: nanosleep() and clock_nanosleep() on
 * time, futex waits, timeouts and a wake across processes.
 */
#include "smoke.h"

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

void test_sleep_futex(void)
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
	pid = xfork_or_fail();
	if (pid < 0)
		return;
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
