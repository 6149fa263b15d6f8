// SPDX-License-Identifier: GPL-2.0
/*
 * smoke-procfs.c - the scheduler's figures in procfs: /proc/loadavg,
 * /proc/schedstat and this task's stat, schedstat and sched files.
 */
#include "smoke.h"

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

void test_procfs_schedstat(void)
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
