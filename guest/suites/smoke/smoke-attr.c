// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-attr.c - sched_setattr() and sched_getattr() refusing what they must:
 * sizes, flags, policies, priorities, pointers and pids.
 */
#include "smoke.h"

/* ------------------------------------------------------- 10. sched_attr_errors */

static void other_attr(struct smoke_attr *a, uint32_t size)
{
	memset(a, 0, sizeof(*a));
	a->size = size;
	a->sched_policy = SCHED_OTHER;
}

void test_sched_attr_errors(void)
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
