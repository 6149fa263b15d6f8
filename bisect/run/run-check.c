// SPDX-License-Identifier: GPL-2.0
/*
 * run-check.c - a run's tests from its suites, and its options checked
 * once against the configuration fragments, the guest's suites and the
 * series' metrics before anything is built.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/arch.h"
#include "input/config-spec.h"
#include "kconfig/dotconfig.h"
#include "lib/layout.h"
#include "input/run-config.h"
#include "input/series-metrics.h"
#include "run/run-check.h"
#include "step/kbuild.h"
#include "step/suite.h"
#include "lib/escape.h"
#include "lib/util.h"

/* A test the list names without its suite: the first chosen suite that has it. */
static char *qualify(const struct run_config *rc, const char *name)
{
	const struct suite_set *set = suites_default();
	size_t i, j;

	if (strchr(name, '.'))
		return xstrdup(name);
	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);

		for (j = 0; s && j < s->ntests; j++)
			if (!strcmp(s->tests[j].name, name))
				return xasprintf("%s.%s", s->name, name);
	}
	return xstrdup(name);	/* unknown: validation says so */
}

void run_config_set_tests(struct run_config *rc, const char *list)
{
	unsigned int profile = suite_profile(rc->profile);
	const struct suite_set *set;
	size_t i, j;

	run_config_list_clear(&rc->tests, &rc->ntests);
	if (strcmp(list, "all")) {
		run_config_list_split(&rc->tests, &rc->ntests, list);
		for (i = 0; i < rc->ntests; i++) {
			char *q = qualify(rc, rc->tests[i]);

			free(rc->tests[i]);
			rc->tests[i] = q;
		}
		return;
	}
	set = suites_default();
	for (i = 0; i < rc->nsuites; i++) {
		const struct suite *s = suites_find(set, rc->suites[i]);

		for (j = 0; s && j < s->ntests; j++) {
			char *full;

			if (!(s->tests[j].profiles & profile))
				continue;
			full = xasprintf("%s.%s", s->name, s->tests[j].name);
			run_config_list_add(&rc->tests, &rc->ntests, full);
			free(full);
		}
	}
}

static int regular_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* What a configuration is built from is there: its fragment, its .config. */
static int check_spec_files(const struct config_spec *cs, const char *configs_dir,
			    const char *spec)
{
	char *base = NULL, *frag = NULL;
	int ret = 0;

	if (cs->fragment) {
		if (kbuild_fragments(configs_dir, cs->fragment, &base, &frag))
			ret = -1;
	} else {
		base = xasprintf("%s/base.config", configs_dir);
		if (!file_exists(base))
			ret = error("no base configuration %s", base);
	}
	if (cs->path && !regular_file(cs->path))
		ret = error("configuration '%s': no file %s", term_str(spec), term_str(cs->path));
	free(base);
	free(frag);
	return ret;
}

static int validate_configs(const struct run_config *rc, const char *configs_dir)
{
	size_t i, j;
	int ret = 0;

	if (!rc->nconfigs)
		ret = error("no configuration given");
	for (i = 0; i < rc->nconfigs; i++) {
		const char *c = rc->configs[i], *spec = run_config_spec(rc, c);
		struct config_spec cs;
		char why[512];

		if (config_spec_parse(spec, &cs, why, sizeof(why))) {
			if (strpbrk(spec, ":/"))
				ret = error("bad configuration '%s': %s", term_str(spec),
					    term_str(why));
			else
				ret = error("bad configuration name '%s'", term_str(spec));
			config_spec_release(&cs);
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->configs[j], c))
				break;
		if (j < i) {
			/* Two makes would share one O= directory. */
			ret = error("configuration '%s' is given twice", c);
		} else if (check_spec_files(&cs, configs_dir, spec)) {
			ret = -1;
		}
		config_spec_release(&cs);
	}
	return ret;
}

/*
 * Whether configuration cs turns SMP on: as its fragment or full .config
 * says, else as its start target does (tinyconfig and allnoconfig not).
 */
static int spec_smp(const struct config_spec *cs, const char *configs_dir)
{
	struct strbuf text = STRBUF_INIT;
	char *path = cs->fragment ? xasprintf("%s/%s.config", configs_dir, cs->fragment) :
		     cs->path ? xstrdup(cs->path) : NULL;
	char smp = 0, *value = NULL;

	if (path && !strbuf_read_file(&text, path) && (value = dotconfig_value(text.buf, "SMP")))
		smp = dotconfig_tristate_of(value);
	if (!smp && cs->target)
		smp = strcmp(cs->target, "tinyconfig") && strcmp(cs->target, "allnoconfig") ?
			'y' : 'n';
	free(value);
	free(path);
	strbuf_release(&text);
	return smp == 'y';
}

/* Another architecture boots its own guest, when there is one (architectures.md). */
static void warn_no_initramfs(const char *arch)
{
	char *rel = xasprintf("guest/initramfs-%s.cpio", arch), *path = project_path(rel);

	if (!file_exists(path))
		warning("%s: no %s (guest/mkinitramfs.sh %s guest/suites %s): its kernels"
			" boot the default guest/initramfs.cpio (make %s)", arch, rel, rel, arch, rel);
	free(rel);
	free(path);
}

/* Why config (a key of rc) cannot be built on its architecture: 1 with why, else 0. */
static int pair_refused(const struct run_config *rc, const char *config,
			const char *configs_dir, char *why, size_t len)
{
	struct arch_desc a = { 0 };
	struct config_spec cs;
	char arch[64];
	int refused = 0;

	arch_key_split(config, arch, sizeof(arch));
	if (!strcmp(arch, ARCH_DEFAULT) || arch_load(arch, &a, why, len))
		return 0;
	if (!config_spec_parse(run_config_spec(rc, config), &cs, why, len)) {
		refused = arch_refuses(&a, config, spec_smp(&cs, configs_dir), why, len);
		config_spec_release(&cs);
	}
	arch_release(&a);
	return refused;
}

void run_config_drop_impossible(struct run_config *rc, const char *configs_dir)
{
	size_t i = 0;
	char why[512];

	if (rc->narches < 2)
		return;
	while (i < rc->nconfigs) {
		char *config;

		if (!pair_refused(rc, rc->configs[i], configs_dir, why, sizeof(why))) {
			i++;
			continue;
		}
		config = xstrdup(rc->configs[i]);
		info("%s: left out of this run", term_str(why));
		run_config_drop(rc, config);
		free(config);
	}
}

/*
 * --arch: each architecture has its file, and no configuration is one its
 * architecture cannot have (SMP off where it forces SMP): refused before
 * any work, with the reason.
 */
static int validate_arches(const struct run_config *rc, const char *configs_dir)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < rc->narches; i++) {
		struct arch_desc a = { 0 };
		char why[512];

		for (j = 0; j < i && strcmp(rc->arches[j], rc->arches[i]); j++)
			;
		if (j < i)
			ret = error("architecture '%s' is given twice", term_str(rc->arches[i]));
		else if (arch_load(rc->arches[i], &a, why, sizeof(why)))
			ret = error("--arch: %s", term_str(why));
		else if (strcmp(a.name, ARCH_DEFAULT))
			warn_no_initramfs(a.name);
		arch_release(&a);
	}
	for (j = 0; j < rc->nconfigs && !ret; j++) {
		char why[512];

		if (pair_refused(rc, rc->configs[j], configs_dir, why, sizeof(why)))
			ret = error("%s", why);
	}
	return ret;
}

static int validate_tests(const struct run_config *rc)
{
	const struct suite_set *set = suites_default();
	size_t i, j;
	int ret = 0;

	if (!suite_profile(rc->profile ? rc->profile : ""))
		ret = error("unknown profile '%s' (quick or full)", rc->profile ? rc->profile : "");
	if (!rc->nsuites)
		ret = error("no suite given");
	for (i = 0; i < rc->nsuites; i++) {
		if (!suites_find(set, rc->suites[i])) {
			struct strbuf known = STRBUF_INIT;

			for (j = 0; j < set->n; j++)
				strbuf_addf(&known, "%s%s", j ? ", " : "", set->suites[j].name);
			ret = error("unknown suite '%s' (there are: %s)", rc->suites[i], known.buf);
			strbuf_release(&known);
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->suites[j], rc->suites[i]))
				ret = error("suite '%s' is given twice", rc->suites[i]);
	}
	if (!rc->ntests)
		ret = error("no test given, or none of the suites has one in this profile");
	for (i = 0; i < rc->ntests; i++) {
		if (!suites_find_test(set, rc->tests[i], NULL)) {
			ret = error("unknown test '%s' (guest/suites/SUITE/suite lists a"
				    " suite's tests)", rc->tests[i]);
			continue;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(rc->tests[j], rc->tests[i]))
				ret = error("test '%s' is given twice", rc->tests[i]);
	}
	return ret;
}

/* n decimal digits at s, into *value: 0, or -1. */
static int digits(const char *s, int n, int *value)
{
	*value = 0;
	while (n--) {
		if (*s < '0' || *s > '9')
			return -1;
		*value = *value * 10 + (*s++ - '0');
	}
	return 0;
}

/*
 * QEMU's -rtc base=: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (UTC), a real date,
 * nothing else: the value goes after "base=" in an argument of QEMU's, where
 * a comma would add options of its own. 1970 to 2069: a guest without ACPI
 * reads the RTC's two-digit year as 19YY from 70, 20YY below.
 */
static int check_rtc(const char *s)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	size_t len = strlen(s);
	int y, mo, d, h = 0, mi = 0, sec = 0;

	if ((len != 10 && len != 19) || s[4] != '-' || s[7] != '-' || digits(s, 4, &y) ||
	    digits(s + 5, 2, &mo) || digits(s + 8, 2, &d))
		return -1;
	if (len == 19 && (s[10] != 'T' || s[13] != ':' || s[16] != ':' ||
			  digits(s + 11, 2, &h) || digits(s + 14, 2, &mi) ||
			  digits(s + 17, 2, &sec)))
		return -1;
	if (y < 1970 || y > 2069 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    h > 23 || mi > 59 || sec > 59)
		return -1;
	/* Every fourth year is a leap year from 1970 to 2069 (2000 is one). */
	return mo == 2 && d == 29 && y % 4 ? -1 : 0;
}

/* QEMU's -cpu: a model and its features ("qemu64,+rdrand"), no blank, no shell character. */
static int check_cpu(const char *s)
{
	size_t len = strlen(s);

	return len && len <= 128 &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+,=-")
	       == len ? 0 : -1;
}

int run_config_validate(const struct run_config *rc, const char *configs_dir)
{
	char why[256];
	size_t i, j;
	int ret = 0;

	if (validate_configs(rc, configs_dir))
		ret = -1;
	if (!ret && validate_arches(rc, configs_dir))
		ret = -1;
	if (validate_tests(rc))
		ret = -1;
	if (!rc->accel || (strcmp(rc->accel, "tcg") && strcmp(rc->accel, "kvm")))
		ret = error("the accelerator must be tcg or kvm");
	if (rc->jobs <= 0 || rc->boot_timeout <= 0 || rc->test_timeout <= 0)
		ret = error("timeouts and jobs must be positive");
	if (rc->retries < 0 || rc->retries > 5)
		ret = error("retries must be 0 to 5");
	if (rc->repeat < 1 || rc->repeat > 100 || rc->confirm < 0 || rc->confirm > 100)
		ret = error("repeat must be 1 to 100, confirm 0 to 100");
	if (!(rc->flake_rate >= 0 && rc->flake_rate <= 0.99))
		ret = error("--flake-rate must be 0 (no soak) to 0.99");
	if (rc->rtc && check_rtc(rc->rtc))
		ret = error("--rtc '%s': give 'host', or a date YYYY-MM-DD or date-time"
			    " YYYY-MM-DDTHH:MM:SS (UTC) from 1970 to 2069", term_str(rc->rtc));
	if (rc->cpu && check_cpu(rc->cpu))
		ret = error("--cpu '%s': a QEMU CPU model, with features after commas"
			    " (letters, digits, ._+,=- only)", term_str(rc->cpu));
	if (rc->only) {
		int *positions;
		size_t n;

		/* The tip's position is not known yet: the words and numbers only. */
		if (run_config_only_positions(rc->only, 999999999, &positions, &n, why, sizeof(why)))
			ret = error("%s", term_str(why));
		free(positions);
	}
	for (i = 0; i < rc->nmetrics; i++) {
		if (series_metric_check(&rc->metrics[i], why, sizeof(why)))
			ret = error("metric %s: %s", rc->metrics[i].name, why);
		for (j = 0; j < i; j++)
			if (!strcmp(rc->metrics[j].name, rc->metrics[i].name))
				ret = error("metric %s is declared twice", rc->metrics[i].name);
	}
	return ret;
}
