// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-rt.c - the real-time classes: SCHED_FIFO and SCHED_RR set and read
 * back, their priority range, and a higher priority preempting a lower one.
 */
#include "smoke.h"

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

void test_rt_fifo_rr(void)
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
	pid = xfork_or_fail();
	if (pid < 0)
		return;
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
