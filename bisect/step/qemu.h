/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qemu.h - boot a kernel in QEMU under expect, run the smoke tests on its
 * serial console, and judge the boot and test stages from the console log.
 */
#ifndef BISECT_QEMU_H
#define BISECT_QEMU_H

#include "judge/known.h"
#include "step/ktap.h"
#include "lib/util.h"

/*
 * tsc=reliable: under -icount every vCPU's TSC follows the one virtual clock,
 * but the SMP guest's sync check still marks it unstable and falls back to
 * jiffies, which would quantize every guest timing to a tick.
 * noapictimer: calibrating and verifying the local APIC timer busy-waits
 * 200 ms of guest time, which TCG with icount runs at a crawl (~20 s of wall
 * time per boot); the PIT provides the tick instead.
 */
#define QEMU_KERNEL_CMDLINE "console=ttyS0 panic=-1 loglevel=7 tsc=reliable noapictimer"

struct boot_job {
	const char *kernel;
	const char *initrd;
	const char *log_path;		/* the serial console, as expect saw it */
	const char *expect_script;
	const char *accel;		/* "tcg" or "kvm" */
	const char *tests;		/* "SUITE.TEST:SECONDS ...", "" for none */
	const char *profile;		/* the suites' profile: "quick" or "full" */
	int cpus;
	int boot_timeout;		/* seconds to the ready marker */
	int test_timeout;		/* seconds of a test word without its own */
	const struct known_set *known;	/* the configuration's known failures, or NULL */
	const char *rtc;		/* -rtc base=RTC,clock=vm; NULL: the host's clock */
	const char *cpu;		/* -cpu CPU; NULL: QEMU's default (qemu64) */
	/*
	 * An architecture other than x86_64 (input/arch.h): its QEMU, -M,
	 * -cpu, console= and -bios come from its file; NULL: x86_64 as ever.
	 */
	const struct arch_desc *arch;
};

struct boot_outcome {
	int expect_rc;			/* expect's exit code (see boot-test.exp) */
	int hard_timeout;		/* we had to kill expect */
	double boot_duration;		/* wall seconds to the ready marker (approx.) */
	double duration;		/* wall seconds for boot + tests + shutdown */
	struct console_result console;
	/*
	 * fail: the guest's verdict (a kernel error, a failed test, the wrong
	 * CPUs); timeout: expect's own boot or test timeout; error: the machine
	 * failed without a guest verdict (our watchdog killed expect, expect or
	 * QEMU died or could not start), never cached.
	 */
	const char *boot_status;	/* pass | fail | timeout | error */
	char boot_evidence[512];
	const char *test_status;	/* pass | fail | timeout | error | skip */
	char test_evidence[512];
	int timed_out;			/* some timeout, expect's or the watchdog's */
	/* the known failures this boot met, not counted against it (judge/known.h) */
	struct known_set known_met;
};

void qemu_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile);
/* The kernel command line of job's boot (allocated): QEMU_KERNEL_CMDLINE on x86_64. */
char *qemu_cmdline(const struct boot_job *job);
void expect_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile);
int qemu_boot(const struct boot_job *job, struct boot_outcome *out);
void boot_outcome_free(struct boot_outcome *out);
/* Kill the QEMU of the boot in progress, if any (async-signal-safe). */
void qemu_kill_current(void);

/*
 * Judge boot and test from expect's exit code and the parsed console; a
 * kernel error on the console always wins (it is the guest's verdict),
 * unless it is a known failure. known: the configuration's known failures
 * (NULL: none); a failing test or kernel error whose line is among them is
 * not counted, and goes to out->known_met (a kernel error during the boot
 * only if the guest still became ready with its CPUs).
 */
void boot_classify(int expect_rc, int hard_timeout, int want_cpus, int ntests_wanted,
		   const struct known_set *known, struct boot_outcome *out);
/*
 * The lines of every failure of the boot that could be a known one: each
 * failing test, and the kernel error, if the guest became ready with its
 * CPUs (a base that did not boot has no known failures: it is bad).
 */
void boot_failure_lines(const struct boot_outcome *out, int want_cpus,
			struct known_set *lines);
/* Judge the boot again, with the known failures job->known has now. */
void boot_judge_again(const struct boot_job *job, struct boot_outcome *out);
/* The test failed in this boot, in a known way (its line is in out->known_met). */
int boot_test_known(const struct boot_outcome *out, const struct ktap_test *t);

/* The outcome is an error or a timeout: the boot is tried again (--retries). */
int boot_retry_wanted(const struct boot_outcome *out);
/*
 * The verdict of the last of tries (all_timed_out: every try had a timeout,
 * expect's or the watchdog's). A timeout is the commit's only when every try
 * timed out: after two or more tries that all did, an error (the watchdog)
 * becomes a timeout too, "all 2 tries timed out; the last: ..."; a timeout
 * after a try that failed otherwise is an error. With one try (no retries)
 * nothing changes.
 */
void boot_settle(struct boot_outcome *out, int tries, int all_timed_out);

#endif
