/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qemu.h - boot a kernel in QEMU under expect, run the smoke tests on its
 * serial console, and judge the boot and test stages from the console log.
 */
#ifndef BISECT_QEMU_H
#define BISECT_QEMU_H

#include "ktap.h"
#include "util.h"

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
	const char *tests;		/* space-separated smoke tests, "" for none */
	int cpus;
	int boot_timeout;		/* seconds to the ready marker */
	int test_timeout;		/* seconds per smoke test */
};

struct boot_outcome {
	int expect_rc;			/* expect's exit code (see boot-test.exp) */
	int hard_timeout;		/* we had to kill expect */
	double boot_duration;		/* wall seconds to the ready marker (approx.) */
	double duration;		/* wall seconds for boot + tests + shutdown */
	struct console_result console;
	const char *boot_status;	/* pass | fail | timeout */
	char boot_evidence[512];
	const char *test_status;	/* pass | fail | timeout | skip */
	char test_evidence[512];
};

void qemu_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile);
void expect_argv(const struct boot_job *job, struct argv_array *argv, const char *pidfile);
int qemu_boot(const struct boot_job *job, struct boot_outcome *out);
void boot_outcome_free(struct boot_outcome *out);
/* Kill the QEMU of the boot in progress, if any (async-signal-safe). */
void qemu_kill_current(void);

/* Judge boot and test from expect's exit code and the parsed console. */
void boot_classify(int expect_rc, int hard_timeout, int want_cpus, int ntests_wanted,
		   struct boot_outcome *out);

#endif
