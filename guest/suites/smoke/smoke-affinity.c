// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-affinity.c - CPU affinity: the masks sched_getaffinity() and
 * sched_setaffinity() take and refuse, where a pinned task runs, and what a
 * child inherits.
 */
#include "smoke.h"

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

void test_affinity(void)
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
