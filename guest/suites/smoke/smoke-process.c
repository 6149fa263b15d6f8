// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-process.c - processes: fork, exit and wait (the fork_exit_ns figure),
 * exec of many children at once, and a byte's round trip over pipes
 * (pipe_rtt_ns), each timed on one CPU.
 */
#include "smoke.h"

/* ------------------------------------------------------- 1. fork_exec_wait */

#define FORK_WARM	20
#define FORK_N		200
#define FORK_BATCH	20
#define EXEC_N		100

void test_fork_exec_wait(void)
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

void test_pipe_pingpong(void)
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
	pid = xfork_or_fail();
	if (pid < 0)
		return;
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
