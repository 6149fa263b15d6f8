// SPDX-License-Identifier: GPL-2.0
/*
 * verify-boot.c - stage boot and test of one configuration at the commit:
 * QEMU under expect (qemu.c), unless this very image was booted already;
 * the first boot's results, tests and guest figures, then the boots the
 * run wants more of (--repeat, the soak, confirming a failure).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db-tries.h"
#include "step/confirm.h"
#include "lib/escape.h"
#include "step/suite.h"
#include "step/verify-boot.h"
#include "lib/util.h"

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * A figure printed several times in one boot is repeated samples: the
 * median is the value, (max - min) / median its spread, and the suite's
 * declaration gives its unit, direction and noise floor.
 */
static void record_guest_metrics(struct config_step *cs, const struct console_result *con)
{
	const struct suite_set *set = suites_default();
	double *v = xcalloc(con->nmetrics + 1, sizeof(*v));
	size_t i, j, n;

	for (i = 0; i < con->nmetrics; i++) {
		const char *name = con->metrics[i].name;
		const struct suite_metric *decl = suites_find_metric(set, name);
		struct metric_sample m = { .name = name, .noise_pct = -1, .spread_pct = -1 };

		for (j = 0; j < i; j++)
			if (!strcmp(con->metrics[j].name, name))
				break;
		if (j < i)
			continue;	/* its samples were taken with the first */
		for (n = 0, j = i; j < con->nmetrics; j++)
			if (!strcmp(con->metrics[j].name, name))
				v[n++] = con->metrics[j].value;
		qsort(v, n, sizeof(*v), by_value);
		m.value = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
		if (n > 1)
			m.spread_pct = m.value ? 100 * (v[n - 1] - v[0]) / fabs(m.value) :
				(v[n - 1] > v[0] ? 1000 : 0);
		if (decl) {
			m.unit = decl->unit;
			m.better = decl->better;
			m.noise_pct = decl->noise_pct;
		}
		db_metric_put(cs->vc->db, cs->vc->commit_id, cs->config, "guest", &m);
	}
	free(v);
}

/* The first boot of the cell: its results, tests, figures and first try. */
static void record_boot(struct config_step *cs, const struct boot_outcome *bo,
			const char *reproduce, const char *clock)
{
	sqlite3 *db = cs->vc->db;
	char *known = known_set_text(&bo->known_met);
	struct try_row boot = { bo->boot_status, bo->boot_evidence, cs->console, bo->duration,
				clock, "first" };
	struct try_row test = { bo->test_status, bo->test_evidence, cs->console, bo->duration,
				clock, "first" };
	long long result_id;

	db_begin(db);
	cs->known_text = known;
	result_id = config_step_record(cs, "boot", bo->boot_status, bo->duration, bo->boot_evidence,
			   cs->console, reproduce, cs->boot_key);
	db_try_add(db, result_id, &boot);
	result_id = config_step_record(cs, "test", bo->test_status, bo->duration, bo->test_evidence,
			   cs->console, reproduce, cs->boot_key);
	db_try_add(db, result_id, &test);
	cs->known_text = NULL;
	boot_record_tests(db, result_id, bo);
	record_guest_metrics(cs, &bo->console);
	db_commit(db);
	free(known);
}

/*
 * At the base, every failure of a boot that became ready is a known one of
 * the configuration: judge the boot again with them (see known.h).
 */
static void base_known(struct config_step *cs, struct boot_outcome *bo)
{
	if (cs->vc->position != 0)
		return;
	boot_failure_lines(bo, cs->bjob.cpus, &cs->known);
	if (cs->known.n)
		boot_judge_again(&cs->bjob, bo);
}

/* More boots of this commit: --repeat, the soak, then confirming a first failure. */
static void boot_more(struct config_step *cs)
{
	struct verify_commit *vc = cs->vc;
	struct reboot rb = {
		.db = vc->db, .db_path = vc->db_path, .run_id = vc->run->id,
		.config = cs->config, .bjob = &cs->bjob, .retries = vc->rc->retries,
		.n = vc->rc->confirm, .flake_rate = vc->rc->flake_rate,
		.base_known = vc->position == 0 ? &cs->known : NULL,
	};

	if (vc->rc->repeat > 1)
		reboot_until(&rb, vc->commit_id, vc->position, cs->kernel, vc->rc->repeat,
			     REBOOT_ALL, "repeat");
	if (config_step_soaked(vc))
		soak_cell(&rb, vc->commit_id, vc->position, cs->kernel);
	confirm_cell(&rb, vc->commit_id, vc->position);
	if (db_cell_failed(vc->db, vc->commit_id, cs->config))
		vc->failed = 1;
}

/* Stage boot and test: in QEMU, unless this very image was booted already. */
void verify_stage_boot(struct config_step *cs)
{
	struct argv_array argv = ARGV_ARRAY_INIT;
	struct strbuf repro = STRBUF_INIT;
	struct boot_outcome bo;
	struct cache_hit hit = { 0 };
	char clock[32];

	/* The suites' test programs could not be built: nothing to boot is the commit's. */
	if (!cs->vc->initrd) {
		db_begin(cs->vc->db);
		config_step_record(cs, "boot", "error", 0, cs->vc->initrd_error, NULL, NULL, NULL);
		config_step_record(cs, "test", "error", 0, cs->vc->initrd_error, NULL, NULL, NULL);
		db_commit(cs->vc->db);
		fprintf(stderr, "  %-8s boot error: %s\n", cs->config, term_str(cs->vc->initrd_error));
		return;
	}
	/* A byte-identical image was booted already (e.g. a comment-only change). */
	cs->image_key = cache_key_image(cs->kernel, &cs->bjob);
	if (cs->vc->rc->use_cache && cache_find_boot(cs->vc->db, "image_key", cs->image_key,
						      &hit)) {
		config_step_reuse(cs, &hit);
		return;
	}
	if (cs->vc->rc->confirm > 1 || cs->vc->rc->repeat > 1 || cs->vc->rc->flake_rate > 0)
		image_keep(cs->kernel, cs->image_key);
	boot_clock_text(cs->bjob.rtc, 0, clock, sizeof(clock));
	boot_with_retries(&cs->bjob, cs->vc->rc->retries, cs->config, &bo);
	base_known(cs, &bo);
	expect_argv(&cs->bjob, &argv, NULL);
	argv_to_line(&repro, argv.argv);
	record_boot(cs, &bo, repro.buf, clock);
	fprintf(stderr, "  %-8s boot %s%s%s, test %s%s%s (%.0fs)\n", cs->config, bo.boot_status,
		bo.boot_evidence[0] ? ": " : "", term_str(bo.boot_evidence), bo.test_status,
		bo.test_evidence[0] ? ": " : "", term_str(bo.test_evidence), bo.duration);
	if (bo.known_met.n)
		fprintf(stderr, "  %-8s known failures met (not counted): %zu\n", cs->config,
			bo.known_met.n);
	boot_outcome_free(&bo);
	boot_more(cs);
	argv_clear(&argv);
	strbuf_release(&repro);
}
