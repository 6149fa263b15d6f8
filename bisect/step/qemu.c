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

#include "input/arch.h"
#include "step/qemu.h"
#include "lib/run-command.h"

char *qemu_cmdline(const struct boot_job *job)
{
	const struct arch_desc *a = job->arch;

	if (!a)
		return xstrdup(QEMU_KERNEL_CMDLINE);
	return xasprintf("console=%s panic=-1 loglevel=7%s%s", a->console,
			 a->cmdline ? " " : "", a->cmdline ? a->cmdline : "");
}

/*
 * Another architecture's machine, from its file: virt boards have no MP
 * table to fool, so -smp N; -icount only where the file says it works
 * (riscv64 under QEMU 7.2: on one CPU only).
 */
static void arch_qemu_argv(const struct boot_job *job, struct argv_array *argv,
			   const char *pidfile)
{
	const struct arch_desc *a = job->arch;
	char *cmdline = qemu_cmdline(job);

	argv_pushl(argv, a->qemu, "-M", a->machine, "-accel", job->accel, "-m", "256M",
		   "-nographic", "-no-reboot", "-nic", "none", "-kernel", job->kernel,
		   "-initrd", job->initrd, "-append", cmdline, NULL);
	free(cmdline);
	if (a->bios)
		argv_pushl(argv, "-bios", a->bios, NULL);
	if (!strcmp(job->accel, "tcg") && a->icount && (job->cpus == 1 || a->icount_smp))
		argv_pushl(argv, "-icount", "shift=0,sleep=off", NULL);
	if (job->rtc) {
		argv_push(argv, "-rtc");
		argv_pushf(argv, "base=%s,clock=vm", job->rtc);
	}
	if (job->cpu || a->cpu)
		argv_pushl(argv, "-cpu", job->cpu ? job->cpu : a->cpu, NULL);
	argv_push(argv, "-smp");
	argv_pushf(argv, "%d", job->cpus);
	if (pidfile)
		argv_pushl(argv, "-pidfile", pidfile, NULL);
}

void qemu_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile)
{
	if (job->arch) {
		arch_qemu_argv(job, argv, pidfile);
		return;
	}
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
	 * A pinned RTC (--rtc): clock=vm lets it follow the virtual clock, so
	 * under icount every boot sees the same wall time at the same point.
	 */
	if (job->rtc) {
		argv_push(argv, "-rtc");
		argv_pushf(argv, "base=%s,clock=vm", job->rtc);
	}
	if (job->cpu)
		argv_pushl(argv, "-cpu", job->cpu, NULL);
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
	argv_pushl(argv, "-profile", job->profile, "-tests", job->tests, "--", NULL);
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

/* The seconds the tests may take: each word is "SUITE.TEST:SECONDS". */
static double tests_seconds(const char *words, int fallback)
{
	double total = 0;
	const char *p;

	for (p = words; *p; p++) {
		if (*p == ' ' || p == words) {
			const char *word = *p == ' ' ? p + 1 : p;
			const char *colon = strchr(word, ':');
			const char *end = strchr(word, ' ');

			if (!*word || *word == ' ')
				continue;
			total += colon && (!end || colon < end) ? strtod(colon + 1, NULL) : fallback;
		}
	}
	return total;
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
	c.timeout = job->boot_timeout + tests_seconds(job->tests, job->test_timeout) + 60;
	snprintf(current_pidfile, sizeof(current_pidfile), "%s", pidfile);
	out->expect_rc = run_child(&c);
	out->hard_timeout = c.timed_out;
	/* expect put QEMU in a session of its own: end it by its pid. */
	kill_pidfile(pidfile);
	current_pidfile[0] = '\0';
	out->duration = now_seconds() - start;
	if (console_parse_file(job->log_path, &out->console) < 0)
		memset(&out->console, 0, sizeof(out->console));
	boot_classify(out->expect_rc, out->hard_timeout, job->cpus, ntests, job->known, out);
	argv_clear(&argv);
	free(pidfile);
	return 0;
}

void boot_outcome_free(struct boot_outcome *out)
{
	console_result_free(&out->console);
	known_set_free(&out->known_met);
}

/* The failure line of name failing with evidence is known: note it as met. */
static int meets_known(struct boot_outcome *out, const struct known_set *known,
		       const char *name, const char *evidence)
{
	struct strbuf line = STRBUF_INIT;
	int met;

	if (!known || !known->n)
		return 0;
	failure_line(&line, name, evidence);
	met = known_set_has(known, line.buf);
	if (met)
		known_set_add(&out->known_met, line.buf);
	strbuf_release(&line);
	return met;
}

/* What a failing test's line is made of: its reason, else its status. */
static const char *test_evidence(const struct ktap_test *t)
{
	return t->reason[0] ? t->reason : ktap_status_name(t->status);
}

static int test_failed(const struct ktap_test *t)
{
	return t->status != KTAP_PASS && t->status != KTAP_SKIP && t->status != KTAP_MISSING;
}

void boot_judge_again(const struct boot_job *job, struct boot_outcome *out)
{
	boot_classify(out->expect_rc, out->hard_timeout, job->cpus, count_words(job->tests),
		      job->known, out);
}

int boot_test_known(const struct boot_outcome *out, const struct ktap_test *t)
{
	struct strbuf line = STRBUF_INIT;
	int known;

	if (!test_failed(t) || !out->known_met.n)
		return 0;
	failure_line(&line, t->name, test_evidence(t));
	known = known_set_has(&out->known_met, line.buf);
	strbuf_release(&line);
	return known;
}

void boot_failure_lines(const struct boot_outcome *out, int want_cpus,
			struct known_set *lines)
{
	const struct console_result *con = &out->console;
	struct strbuf line = STRBUF_INIT;
	size_t i;

	if (!con->ready || con->cpus != want_cpus)
		return;
	if (con->kernel_error[0]) {
		failure_line(&line, "kernel", con->kernel_error);
		known_set_add(lines, line.buf);
	}
	for (i = 0; i < con->ntests; i++) {
		if (!test_failed(&con->tests[i]))
			continue;
		strbuf_reset(&line);
		failure_line(&line, con->tests[i].name, test_evidence(&con->tests[i]));
		known_set_add(lines, line.buf);
	}
	strbuf_release(&line);
}

/*
 * The machine failed and the guest gave no verdict: expect or QEMU died, or
 * our watchdog had to kill expect. 1 with the cause in ev; the caller has
 * seen no kernel error on the console (that would be the guest's verdict).
 */
static int machine_failed(int expect_rc, int hard_timeout, char *ev, size_t len)
{
	if (hard_timeout)
		snprintf(ev, len, "hard timeout: expect did not finish and our watchdog killed it"
			 " (a stalled host, no guest verdict)");
	else if (expect_rc < 0 || expect_rc == 126 || expect_rc == 127)
		snprintf(ev, len, "expect could not be run (exit %d)", expect_rc);
	else if (expect_rc >= 128)
		snprintf(ev, len, "expect was killed by signal %d, no guest verdict",
			 expect_rc - 128);
	else if (expect_rc == 2)
		snprintf(ev, len, "expect could not start the boot (exit 2, see its log)");
	else if (expect_rc == 7)
		snprintf(ev, len, "QEMU exited without a guest verdict (expect exit 7, no kernel"
			 " error on the console)");
	else
		return 0;
	return 1;
}

/* The boot stage: pass, fail (the guest's), timeout (expect's) or error (ours). */
static void classify_boot(int expect_rc, int hard_timeout, int want_cpus,
			  const struct known_set *known, struct boot_outcome *out)
{
	const struct console_result *con = &out->console;
	char *ev = out->boot_evidence;
	size_t len = sizeof(out->boot_evidence);
	/* A known kernel error during a boot that still became ready is no failure. */
	int known_error = con->kernel_error[0] && con->ready && con->cpus == want_cpus &&
			  meets_known(out, known, "kernel", con->kernel_error);

	if (con->kernel_error[0] && con->kernel_error_before_ready && !known_error) {
		out->boot_status = "fail";
		snprintf(ev, len, "%s", con->kernel_error);
	} else if (!con->ready) {
		if (con->boot_timeout || (expect_rc == 3 && !hard_timeout)) {
			out->boot_status = "timeout";
			out->timed_out = 1;
			snprintf(ev, len, "no ready marker within the boot timeout");
		} else if (machine_failed(expect_rc, hard_timeout, ev, len)) {
			out->boot_status = "error";
		} else {
			out->boot_status = "fail";
			snprintf(ev, len, "the guest never reached its shell (expect exit %d)",
				 expect_rc);
		}
	} else if (con->cpus != want_cpus) {
		out->boot_status = "fail";
		snprintf(ev, len, "the guest sees %d CPU(s), %d were asked for", con->cpus,
			 want_cpus);
	}
}

/* The test stage, once the boot passed. */
static void classify_tests(int expect_rc, int hard_timeout, int ntests_wanted,
			   const struct known_set *known, struct boot_outcome *out)
{
	const struct console_result *con = &out->console;
	char *ev = out->test_evidence;
	size_t len = sizeof(out->test_evidence);
	char machine[256];
	int infra = machine_failed(expect_rc, hard_timeout, machine, sizeof(machine));
	size_t i;

	/*
	 * The first test that did not pass or skip is the evidence; one cut
	 * short by the machine (begun, no result) is no verdict.
	 */
	for (i = 0; i < con->ntests; i++) {
		const struct ktap_test *t = &con->tests[i];

		if (t->status == KTAP_PASS || t->status == KTAP_SKIP ||
		    (t->status == KTAP_MISSING && infra) ||
		    (test_failed(t) && meets_known(out, known, t->name, test_evidence(t))))
			continue;
		out->test_status = t->status == KTAP_TIMEOUT ? "timeout" : "fail";
		out->timed_out |= t->status == KTAP_TIMEOUT;
		snprintf(ev, len, "%s: %s", t->name,
			 t->reason[0] ? t->reason : ktap_status_name(t->status));
		break;
	}
	if (con->kernel_error[0] && !meets_known(out, known, "kernel", con->kernel_error)) {
		out->test_status = "fail";
		if (con->kernel_error_test[0])
			snprintf(ev, len, "%s (during %s)", con->kernel_error,
				 con->kernel_error_test);
		else
			snprintf(ev, len, "%s", con->kernel_error);
		return;
	}
	if (strcmp(out->test_status, "pass"))
		return;
	if (infra) {
		size_t done = 0;

		for (i = 0; i < con->ntests; i++)
			done += !con->tests[i].nested && con->tests[i].status != KTAP_MISSING;
		out->test_status = "error";
		snprintf(ev, len, "%s; %zu of %d tests reported", machine, done,
			 ntests_wanted);
	} else if ((int)ktap_count_top(con) < ntests_wanted) {
		out->test_status = "fail";
		snprintf(ev, len, "%zu of %d tests reported (expect exit %d)", ktap_count_top(con),
			 ntests_wanted, expect_rc);
	} else if (!con->shutdown_ok || expect_rc) {
		out->test_status = "fail";
		snprintf(ev, len, "no clean shutdown (expect exit %d)", expect_rc);
	}
}

void boot_classify(int expect_rc, int hard_timeout, int want_cpus, int ntests_wanted,
		   const struct known_set *known, struct boot_outcome *out)
{
	out->boot_status = "pass";
	out->test_status = "pass";
	out->boot_evidence[0] = out->test_evidence[0] = '\0';
	out->timed_out = hard_timeout;
	known_set_free(&out->known_met);

	classify_boot(expect_rc, hard_timeout, want_cpus, known, out);
	if (strcmp(out->boot_status, "pass")) {
		out->test_status = "skip";
		snprintf(out->test_evidence, sizeof(out->test_evidence), "not run: boot %s",
			 out->boot_status);
		return;
	}
	classify_tests(expect_rc, hard_timeout, ntests_wanted, known, out);
}

/* One stage after the last try (see boot_settle). */
static void settle_stage(const char **status, char *ev, size_t len, int tries,
			 int all_timed_out)
{
	char last[512];

	if (strcmp(*status, "timeout") && strcmp(*status, "error"))
		return;
	snprintf(last, sizeof(last), "%s", ev);
	if (tries < 2)
		return;		/* no retry: a timeout stays, an error stays */
	if (all_timed_out) {
		*status = "timeout";
		snprintf(ev, len, "all %d tries timed out; the last: %.400s", tries, last);
	} else if (!strcmp(*status, "timeout")) {
		*status = "error";
		snprintf(ev, len, "timed out, but an earlier try failed otherwise (not"
			 " confirmed): %.400s", last);
	} else {
		snprintf(ev, len, "after %d tries: %.400s", tries, last);
	}
}

void boot_settle(struct boot_outcome *out, int tries, int all_timed_out)
{
	settle_stage(&out->boot_status, out->boot_evidence, sizeof(out->boot_evidence), tries,
		     all_timed_out);
	if (strcmp(out->boot_status, "pass")) {
		snprintf(out->test_evidence, sizeof(out->test_evidence), "not run: boot %s",
			 out->boot_status);
		return;
	}
	settle_stage(&out->test_status, out->test_evidence, sizeof(out->test_evidence), tries,
		     all_timed_out);
}

int boot_retry_wanted(const struct boot_outcome *out)
{
	return !strcmp(out->boot_status, "timeout") || !strcmp(out->boot_status, "error") ||
	       !strcmp(out->test_status, "timeout") || !strcmp(out->test_status, "error");
}
