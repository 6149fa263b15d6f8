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
 */
#ifndef BISECT_CONFIRM_H
#define BISECT_CONFIRM_H

#include <sqlite3.h>

#include "step/qemu.h"

/* What booting any commit of the run in one configuration needs. */
struct reboot {
	sqlite3 *db;
	const char *db_path;
	long long run_id;
	const char *config;
	const struct boot_job *bjob;	/* the configuration's; kernel and log replaced */
	int retries;			/* --retries, after an error or a timeout */
	int n;				/* boots a confirmed cell has (--confirm) */
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
 * `until` boots, each counted in its boot and test results.
 */
void reboot_until(const struct reboot *rb, long long commit_id, int position,
		  const char *kernel, int until);

/*
 * The cell of the commit at position has just been booted: confirm it if
 * it is a first failure, or if it passed after a flaky parent (see above).
 */
void confirm_cell(const struct reboot *rb, long long commit_id, int position);

/* Keep the image booted under image_key for later boots; its path (allocated). */
void image_keep(const char *kernel, const char *image_key);
char *image_path(const char *image_key);

#endif
