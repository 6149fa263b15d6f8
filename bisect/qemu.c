// SPDX-License-Identifier: GPL-2.0
/*
 * qemu.c - one boot: expect drives QEMU's serial console (boot-test.exp);
 * this side bounds the whole thing with a hard timeout, makes sure no QEMU
 * outlives it, and reads the verdict out of the console log.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qemu.h"

void qemu_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile)
{
	argv_pushl(argv, "qemu-system-x86_64", "-M", "pc", "-accel", job->accel, "-m", "256M",
		   "-nographic", "-no-reboot", "-nic", "none", "-kernel", job->kernel,
		   "-initrd", job->initrd,
		   "-append", QEMU_KERNEL_CMDLINE, NULL);
	/* The minimal firmware boots a -kernel in a fraction of SeaBIOS's time. */
	if (file_exists("/usr/share/qemu/qboot.rom"))
		argv_pushl(argv, "-bios", "qboot.rom", "-vga", "none", NULL);
	/* Guest clocks count instructions: metrics repeat on a noisy host. */
	if (!strcmp(job->accel, "tcg"))
		argv_pushl(argv, "-icount", "shift=0,sleep=off", NULL);
	/*
	 * Without ACPI (tinyconfig), QEMU 7.2's "-smp 2" shows the guest one
	 * CPU in the MP table; one CPU per socket shows them all.
	 */
	argv_push(argv, "-smp");
	argv_pushf(argv, "cpus=%d,sockets=%d", job->cpus, job->cpus);
	if (pidfile)
		argv_pushl(argv, "-pidfile", pidfile, NULL);
}

void expect_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile)
{
	argv_pushl(argv, "expect", job->expect_script, "-log", job->log_path, NULL);
	argv_push(argv, "-boot-timeout");
	argv_pushf(argv, "%d", job->boot_timeout);
	argv_push(argv, "-test-timeout");
	argv_pushf(argv, "%d", job->test_timeout);
	argv_pushl(argv, "-tests", job->tests, "--", NULL);
	qemu_argv(job, argv, pidfile);
}

/* The pid file of the boot in progress, for signal handlers. */
static char current_pidfile[4096];

void qemu_kill_current(void)
{
	char buf[32];
	ssize_t n;
	int fd, pid = 0, i;

	if (!current_pidfile[0])
		return;
	fd = open(current_pidfile, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	for (i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++)
		pid = pid * 10 + (buf[i] - '0');
	if (pid > 1)
		kill(pid, SIGKILL);
}

static void kill_pidfile(const char *pidfile)
{
	struct strbuf pid = STRBUF_INIT;

	if (!strbuf_read_file(&pid, pidfile)) {
		int p;

		strbuf_trim(&pid);
		if (!parse_int(pid.buf, 2, INT_MAX, &p))
			kill(p, SIGKILL);
	}
	strbuf_release(&pid);
	unlink(pidfile);
}

static int count_words(const char *s)
{
	int n = 0, in = 0;

	for (; *s; s++) {
		if (*s == ' ')
			in = 0;
		else if (!in++)
			n++;
	}
	return n;
}

int qemu_boot(const struct boot_job *job, struct boot_outcome *out)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	char *pidfile = xasprintf("%s.pid", job->log_path);
	int ntests = count_words(job->tests);
	struct child c = { 0 };
	double start = now_seconds();

	memset(out, 0, sizeof(*out));
	unlink(job->log_path);
	unlink(pidfile);
	expect_argv(job, &argv, pidfile);
	c.argv = argv.argv;
	c.own_group = 1;
	c.quiet = 1;
	c.timeout = job->boot_timeout + (double)ntests * job->test_timeout + 60;
	snprintf(current_pidfile, sizeof(current_pidfile), "%s", pidfile);
	out->expect_rc = run_child(&c);
	out->hard_timeout = c.timed_out;
	/* expect put QEMU in a session of its own: end it by its pid. */
	kill_pidfile(pidfile);
	current_pidfile[0] = '\0';
	out->duration = now_seconds() - start;
	if (console_parse_file(job->log_path, &out->console) < 0)
		memset(&out->console, 0, sizeof(out->console));
	boot_classify(out->expect_rc, out->hard_timeout, job->cpus, ntests, out);
	argv_clear(&argv);
	free(pidfile);
	return 0;
}

void boot_outcome_free(struct boot_outcome *out)
{
	console_result_free(&out->console);
}

void boot_classify(int expect_rc, int hard_timeout, int want_cpus, int ntests_wanted,
		   struct boot_outcome *out)
{
	const struct console_result *con = &out->console;
	size_t i;

	out->boot_status = "pass";
	out->test_status = "pass";
	out->boot_evidence[0] = out->test_evidence[0] = '\0';

	if (con->kernel_error[0] && con->kernel_error_before_ready) {
		out->boot_status = "fail";
		snprintf(out->boot_evidence, sizeof(out->boot_evidence), "%s", con->kernel_error);
	} else if (!con->ready) {
		if (con->boot_timeout || hard_timeout || expect_rc == 3) {
			out->boot_status = "timeout";
			snprintf(out->boot_evidence, sizeof(out->boot_evidence),
				 "no ready marker within the boot timeout");
		} else {
			out->boot_status = "fail";
			snprintf(out->boot_evidence, sizeof(out->boot_evidence),
				 "the guest never reached its shell (expect exit %d)", expect_rc);
		}
	} else if (con->cpus != want_cpus) {
		out->boot_status = "fail";
		snprintf(out->boot_evidence, sizeof(out->boot_evidence),
			 "the guest sees %d CPU(s), %d were asked for", con->cpus, want_cpus);
	}
	if (strcmp(out->boot_status, "pass")) {
		out->test_status = "skip";
		snprintf(out->test_evidence, sizeof(out->test_evidence), "not run: boot %s",
			 out->boot_status);
		return;
	}

	/* Boot passed: the first test that did not pass or skip is the evidence. */
	for (i = 0; i < con->ntests; i++) {
		const struct ktap_test *t = &con->tests[i];

		if (t->status == KTAP_PASS || t->status == KTAP_SKIP)
			continue;
		out->test_status = t->status == KTAP_TIMEOUT ? "timeout" : "fail";
		snprintf(out->test_evidence, sizeof(out->test_evidence), "%s: %s", t->name,
			 t->reason[0] ? t->reason : ktap_status_name(t->status));
		break;
	}
	if (con->kernel_error[0]) {
		out->test_status = "fail";
		if (con->kernel_error_test[0])
			snprintf(out->test_evidence, sizeof(out->test_evidence), "%s (during %s)",
				 con->kernel_error, con->kernel_error_test);
		else
			snprintf(out->test_evidence, sizeof(out->test_evidence), "%s",
				 con->kernel_error);
		return;
	}
	if (!strcmp(out->test_status, "pass")) {
		if ((int)con->ntests < ntests_wanted) {
			out->test_status = hard_timeout ? "timeout" : "fail";
			snprintf(out->test_evidence, sizeof(out->test_evidence),
				 "%zu of %d smoke tests reported (expect exit %d)", con->ntests,
				 ntests_wanted, expect_rc);
		} else if (hard_timeout) {
			out->test_status = "timeout";
			snprintf(out->test_evidence, sizeof(out->test_evidence),
				 "the guest did not finish in time");
		} else if (!con->shutdown_ok || expect_rc) {
			out->test_status = "fail";
			snprintf(out->test_evidence, sizeof(out->test_evidence),
				 "no clean shutdown (expect exit %d)", expect_rc);
		}
	}
}
