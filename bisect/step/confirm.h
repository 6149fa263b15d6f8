/* SPDX-License-Identifier: GPL-2.0 */
/*
 * confirm.h - boots beyond the first: every commit booted N times
 * (--repeat), and a first failure confirmed (--confirm N).
 *
 * Confirming: when a commit fails at boot or test and its parent passed
 * there, the commit is booted until it has N boots, and so is its parent,
 * from the parent's image kept in the cache (<cache>/images/IMAGE_KEY).
 * If the parent fails in one of them, the failure is inherited: the walk
 * goes back a commit and confirms there, until a parent passes all N or
 * the base is reached. The first failing commit is then deterministic (it
 * failed every boot) or flaky (some), the later ones inherited
 * (results.confirmed). A commit that passes after a flaky parent is booted
 * N times too: flakiness does not end because one boot passed.
 *
 * Nothing of this runs when nothing fails: confirmation costs no boot then.
 *
 * With --confirm 0 (the default) the counts come from --flake-rate P and
 * each reboot stops as soon as it has decided (judge/confidence.h): the
 * failing commit at its first pass, a parent at its first failure, a
 * commit after a flaky one at its first failure. The soak (soak_cell)
 * boots the tip and the base until the soak count or a failure; at the
 * base, what fails in a soak boot is a known failure, as at its first.
 * Every boot after the first starts the guest's clock elsewhere when the
 * run did not pin it (--rtc), and records what it was given.
 */
#ifndef BISECT_CONFIRM_H
#define BISECT_CONFIRM_H

#include <sqlite3.h>

#include "judge/known.h"
#include "step/qemu.h"

/* What booting any commit of the run in one configuration needs. */
struct reboot {
	sqlite3 *db;
	const char *db_path;
	long long run_id;
	const char *config;
	const struct boot_job *bjob;	/* the configuration's; kernel and log replaced */
	int retries;			/* --retries, after an error or a timeout */
	int n;				/* boots a confirmed cell has (--confirm; 0: auto) */
	double flake_rate;		/* --flake-rate, for n = 0 */
	struct known_set *base_known;	/* at the base: its known failures, added to */
};

/* When a reboot stops before it has `until` boots. */
enum reboot_stop {
	REBOOT_ALL,			/* never */
	REBOOT_TO_FAIL,			/* at the first boot that fails */
	REBOOT_TO_PASS,			/* at the first boot that passes */
};

/* Record a boot's tests in result_id (test stage), known ones flagged. */
void boot_record_tests(sqlite3 *db, long long result_id, const struct boot_outcome *bo);

/* Keep the log of a try that is done again beside the new one: LOG.try1. */
void keep_try_log(const char *log, int try);

/*
 * Boot job (with --retries after an error or a timeout, as the first boot;
 * the earlier consoles kept beside) and settle its verdict.
 */
void boot_with_retries(const struct boot_job *job, int retries, const char *config,
		       struct boot_outcome *bo);

/*
 * Boot the commit at position (commit_id) from kernel until its cell has
 * `until` boots, or stop says, each counted in its boot and test results
 * and recorded with why ("repeat", "soak", "confirm").
 */
void reboot_until(const struct reboot *rb, long long commit_id, int position,
		  const char *kernel, int until, enum reboot_stop stop, const char *why);

/*
 * The soak of the tip or the base: boot it until it has the boots that
 * rule out rb->flake_rate (judge/confidence.h) or one fails.
 */
void soak_cell(const struct reboot *rb, long long commit_id, int position, const char *kernel);

/*
 * The cell of the commit at position has just been booted: confirm it if
 * it is a first failure, or if it passed after a flaky parent (see above).
 */
void confirm_cell(const struct reboot *rb, long long commit_id, int position);

/*
 * The clock a boot is given, as -rtc base= takes it: rtc itself when the
 * run pinned it and shift is 0; else the host's UTC time now, shift days
 * and hours on (a later boot of a cell sees another date and hour).
 */
void boot_clock_text(const char *rtc, int shift, char *buf, size_t len);

/* Keep the image booted under image_key for later boots; its path (allocated). */
void image_keep(const char *kernel, const char *image_key);
char *image_path(const char *image_key);

#endif
