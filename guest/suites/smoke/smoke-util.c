// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-util.c - the helpers of the smoke tests (smoke.h): clocks and CPU
 * time, pinning, helper processes and their exit, /sys and /proc readers.
 */
#include "smoke.h"

int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int test_cpu(void)
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

long long burn_cpu(long long ns, long long max_wall_ns)
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

int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int coarse_clock(void)
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

int check_exit0(const char *who, int st)
{
	char buf[64];

	if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	describe_status(st, buf, sizeof(buf));
	return fail("%s ended with %s", who, buf);
}

int read_file(const char *path, char *buf, size_t len)
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

int online_cpus(cpu_set_t *set)
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

int read_stat(pid_t pid, char *state, long long *fields, int max)
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
