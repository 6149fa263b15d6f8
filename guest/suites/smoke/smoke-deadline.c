// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-deadline.c - SCHED_DEADLINE: a reservation admitted, throttled by its
 * runtime, refused when invalid, and admission control's limit.
 */
#include "smoke.h"

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
		pids[k] = xfork_or_fail();
		if (pids[k] < 0)
			break;
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

void test_deadline_admission(void)
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
