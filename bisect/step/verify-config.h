/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verify-config.h - one configuration at the commit (verify-config.c), as the
 * stages see it: apply and cached (verify.c), build (verify-build.c), boot
 * and test (verify-boot.c).
 */
#ifndef BISECT_VERIFY_CONFIG_H
#define BISECT_VERIFY_CONFIG_H

#include "input/arch.h"
#include "input/config-spec.h"
#include "judge/known.h"
#include "lib/util.h"
#include "step/cache.h"
#include "step/kbuild.h"
#include "step/qemu.h"
#include "step/verify-commit.h"

/* Everything one configuration needs at this commit. */
struct config_step {
	struct verify_commit *vc;
	const char *config;
	char *out_dir;
	char *configs_dir;
	char *build_log;
	char *kernel;
	char *console;
	char *initrd;
	char *script;
	char *tests;
	char *build_key;
	char *boot_key;
	char *image_key;
	char *src_rel;			/* the tree from the build directory, or NULL */
	struct config_spec spec;	/* what the configuration is built from */
	char *fragment_path;		/* its fragment, or its full .config; NULL: none */
	struct arch_desc arch;		/* its architecture's file, unless x86_64 */
	int has_arch;
	struct kbuild_job kjob;
	struct boot_job bjob;
	struct argv_array env;		/* of the build: "NAME=value" */
	struct known_set known;		/* the configuration's known failures (the base's) */
	const char *known_text;		/* what record() stores as results.known */
};

void config_step_init(struct config_step *cs, struct verify_commit *vc, const char *config);
void config_step_release(struct config_step *cs);
/* Record a stage's outcome (results); a status other than pass fails the commit. */
long long config_step_record(struct config_step *cs, const char *stage, const char *status,
			       double duration, const char *evidence, const char *log_path,
			       const char *reproduce, const char *cache_key);
void config_step_metric(struct config_step *cs, const char *source, const char *name,
			double value);
/* Boot and test were not run because the build failed (in one transaction). */
void config_step_not_booted(struct config_step *cs, const char *why);
/* The base and the tip are soaked (--flake-rate); the tip is the last position. */
int config_step_soaked(struct verify_commit *vc);
/* Take the cells of a cache hit as this commit's, and say so. */
void config_step_reuse(struct config_step *cs, const struct cache_hit *hit);

#endif
