// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-fair.c - the fair class sharing one CPU: sched_yield() handing it
 * over to the other task, and nice levels splitting its time.
 */
#include "smoke.h"

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

void test_yield_progress(void)
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
		pids[i] = xfork_or_fail();
		if (pids[i] < 0)
			break;
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

void test_nice_share(void)
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
		pids[i] = xfork_or_fail();
		if (pids[i] < 0)
			goto out;
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
