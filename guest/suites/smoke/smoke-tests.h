/* SPDX-License-Identifier: GPL-2.0 */
/*
 * smoke-tests.h - the one list of the guest's smoke tests, in the order
 * they run. smoke.c builds its table from it and smoke.h the tests'
 * prototypes; the driver validates --tests against it and uses it as the
 * default, so the two cannot drift.
 *
 * Include it after defining SMOKE_TEST(name).
 */
SMOKE_TEST(fork_exec_wait)
SMOKE_TEST(pipe_pingpong)
SMOKE_TEST(yield_progress)
SMOKE_TEST(nice_share)
SMOKE_TEST(rt_fifo_rr)
SMOKE_TEST(deadline_admission)
SMOKE_TEST(affinity)
SMOKE_TEST(procfs_schedstat)
SMOKE_TEST(sleep_futex)
SMOKE_TEST(sched_attr_errors)
