// SPDX-License-Identifier: GPL-2.0
/*
 * test-run-config.c - the options of a run (input/run-config.c): their JSON
 * document and back, documents from before retries and before suites, the
 * guest's clock and CPU model (absent unless given), and what is not one.
 * Run from the top of the repository (the suites are read).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/run-config.h"
#include "run/run-check.h"
#include "step/suite-words.h"
#include "lib/util.h"
#include "tap.h"

static void test_json(void)
{
	struct run_config rc, back;
	char *json, *again, *words;

	run_config_init(&rc);
	run_config_set_configs(&rc, "up,smp-full");
	run_config_set_tests(&rc, "affinity,rt_fifo_rr");
	rc.mode = RUN_STOP_ON_FAILURE;
	rc.jobs = 7;
	rc.retries = 3;
	rc.use_cache = 0;
	rc.nmetrics = 1;
	rc.metrics = xcalloc(1, sizeof(*rc.metrics));
	rc.metrics[0].name = xstrdup("lines");
	argv_pushl(&rc.metrics[0].grep, "-e", "a \"quoted\" pattern", NULL);
	json = run_config_to_json(&rc);
	ok(strstr(json, "\"format\":\"bisectable-run-config\"") != NULL,
	   "the document says what it is");
	is_int(run_config_from_json(json, &back), 0, "and reads back");
	is_int((int)back.nconfigs, 2, "configurations");
	is_str(back.configs[1], "smp-full", "in order");
	is_int(back.mode, RUN_STOP_ON_FAILURE, "the mode");
	is_int(back.jobs, 7, "jobs");
	is_int(back.retries, 3, "retries");
	is_int(back.use_cache, 0, "the cache switch");
	words = suite_tests_words(&back);
	is_str(words, "smoke.affinity:60 smoke.rt_fifo_rr:60", "the tests, as expect takes them");
	is_str(back.suites[1], "rt-tests", "the suites");
	is_str(back.profile, "quick", "the profile");
	is_str(back.metrics[0].grep.argv[1], "a \"quoted\" pattern",
	       "a metric's arguments, exactly");
	again = run_config_to_json(&back);
	is_str(again, json, "a round trip changes nothing");
	run_config_free(&back);
	{
		/* A run recorded before --retries existed: the default, 1. */
		char *cut = strstr(json, ",\"retries\":3"), *old_doc = xstrdup(json);

		if (cut)
			memmove(old_doc + (cut - json), cut + strlen(",\"retries\":3"),
				strlen(cut + strlen(",\"retries\":3")) + 1);
		ok(cut && !strstr(old_doc, "retries"), "a document without retries");
		is_int(run_config_from_json(old_doc, &back), 0, "reads");
		is_int(back.retries, 1, "with one retry, the default");
		run_config_free(&back);
		free(old_doc);
	}
	{
		/* A run recorded before suites: bare smoke test names, no suites. */
		const char *old_doc = "{\"format\":\"bisectable-run-config\",\"version\":1,"
			"\"configs\":[\"up\"],\"mode\":\"keep-going\",\"accel\":\"tcg\","
			"\"jobs\":2,\"boot_timeout\":120,\"test_timeout\":60,"
			"\"tests\":[\"affinity\"],\"ccache\":true,\"cache\":true,"
			"\"parallel\":true,\"base\":true,\"metrics\":[]}";

		is_int(run_config_from_json(old_doc, &back), 0,
		       "a document from before suites reads");
		is_str(back.tests[0], "smoke.affinity", "its tests are the smoke suite's");
		is_int((int)back.nsuites, 1, "and its one suite");
		run_config_free(&back);
	}
	is_int(run_config_from_json("mode=keep-going accel=tcg", &back), -1,
	       "a pre-v2 options string is not a run configuration");
	run_config_free(&back);
	is_int(run_config_from_json("{\"format\":\"other\"}", &back), -1, "nor another document");
	run_config_free(&back);
	run_config_free(&rc);
	free(json);
	free(again);
	free(words);
}

/* --rtc and --cpu: in the document only when given, so old runs read and compare. */
static void test_guest_variation(void)
{
	struct run_config rc, back;
	char *json, *again;

	run_config_init(&rc);
	ok(!rc.rtc && !rc.cpu, "by default: the host's clock, QEMU's CPU model");
	json = run_config_to_json(&rc);
	ok(!strstr(json, "\"rtc\"") && !strstr(json, "\"cpu\""),
	   "the defaults add no key: documents stay those of before");
	is_int(run_config_from_json(json, &back), 0, "a document without them reads");
	ok(!back.rtc && !back.cpu, "as the defaults");
	run_config_free(&back);
	free(json);

	run_config_set_guest(&rc, "2026-01-01T00:00:00", "max");
	json = run_config_to_json(&rc);
	is_int(run_config_from_json(json, &back), 0, "a document with them reads");
	is_str(back.rtc, "2026-01-01T00:00:00", "the guest's clock");
	is_str(back.cpu, "max", "the CPU model");
	again = run_config_to_json(&back);
	is_str(again, json, "a round trip changes nothing");
	run_config_free(&back);
	free(again);
	free(json);

	run_config_set_guest(&rc, "host", NULL);
	ok(!rc.rtc && !rc.cpu, "--rtc host is the default spelled out");
	run_config_free(&rc);

	is_int(run_config_from_json("{\"format\":\"bisectable-run-config\",\"version\":1,"
				    "\"configs\":[\"up\"],\"mode\":\"keep-going\",\"accel\":\"tcg\","
				    "\"jobs\":2,\"boot_timeout\":120,\"test_timeout\":60,"
				    "\"tests\":[\"smoke.affinity\"],\"ccache\":true,\"cache\":true,"
				    "\"parallel\":true,\"base\":true,\"metrics\":[],\"rtc\":2026}",
				    &back), -1, "an rtc that is not a string is not a run configuration");
	run_config_free(&back);
}

/*
 * Configurations named otherwise than by configs/ (config-spec.h): keyed,
 * their names kept beside, --build-only joining them, all in the document.
 */
static void test_config_specs(void)
{
	struct run_config rc, back;
	char *json;

	run_config_init(&rc);
	run_config_set_configs(&rc, "up,defconfig:up,/nonexistent/x/my.config");
	is_int((int)rc.nconfigs, 3, "three configurations");
	is_str(rc.configs[0], "up", "a configs/ name is its own key");
	is_str(rc.configs[1], "defconfig+up", "TARGET:FRAGMENT keyed");
	is_str(rc.configs[2], "file+my", "a path keyed");
	is_str(run_config_spec(&rc, "up"), "up", "a configs/ name is its own spec");
	is_str(run_config_spec(&rc, "defconfig+up"), "defconfig:up", "the name as given");
	is_str(run_config_spec(&rc, "file+my"), "/nonexistent/x/my.config", "the path");
	run_config_set_build_only(&rc, "allmodconfig:,up");
	is_int((int)rc.nconfigs, 4, "--build-only adds what is not there");
	is_str(rc.configs[3], "allmodconfig", "at the end");
	ok(run_config_build_only(&rc, "up") && run_config_build_only(&rc, "allmodconfig") &&
	   !run_config_build_only(&rc, "defconfig+up"), "built only: those listed");
	run_config_set_build_only(&rc, NULL);
	is_int((int)rc.nbuild_only, 2, "listed once");
	run_config_list_clear(&rc.build_only, &rc.nbuild_only);
	run_config_set_build_only(&rc, NULL);
	ok(run_config_build_only(&rc, "allmodconfig") && !run_config_build_only(&rc, "up"),
	   "allmodconfig is built only unasked");
	rc.only = xstrdup("base,tip");
	json = run_config_to_json(&rc);
	is_int(run_config_from_json(json, &back), 0, "the document reads back");
	is_str(run_config_spec(&back, "defconfig+up"), "defconfig:up", "with the names as given");
	is_str(back.only, "base,tip", "and the positions of a partial run");
	free(json);
	run_config_free(&back);
	run_config_free(&rc);
	run_config_init(&rc);
	run_config_set_configs(&rc, "up,smp");
	json = run_config_to_json(&rc);
	ok(!strstr(json, "config_specs") && !strstr(json, "\"only\""),
	   "configs/ names alone: the document of before");
	free(json);
	run_config_free(&rc);
}

static char *positions(const char *list, int last)
{
	struct strbuf sb = STRBUF_INIT;
	char why[256];
	int *p;
	size_t n, i;

	if (run_config_only_positions(list, last, &p, &n, why, sizeof(why)))
		return xasprintf("error: %s", why);
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%d", i ? "," : "", p[i]);
	free(p);
	return strbuf_detach(&sb, NULL);
}

/* --only: base, tip and numbers, sorted and each once; anything else refused. */
static void test_only(void)
{
	struct run_config rc;
	char *s;

	is_str_free(positions("base,tip", 11), "0,11", "base and tip");
	is_str_free(positions("3,0,3,tip", 3), "0,3", "sorted, each once");
	is_str_free(positions("12", 11),
		    "error: --only: '12' is not base, tip or a position from 0 to 11", "past the tip");
	s = positions("base,,tip", 11);
	ok(!strncmp(s, "error:", 6), "an empty item: %s", s);
	free(s);
	s = positions("-1", 11);
	ok(!strncmp(s, "error:", 6), "a negative one");
	free(s);
	s = positions("99999999999999999999", 11);
	ok(!strncmp(s, "error:", 6), "a huge one");
	free(s);
	s = positions("head", 11);
	ok(strstr(s, "'head'") != NULL, "a word: %s", s);
	free(s);
	run_config_init(&rc);
	ok(run_config_only_wanted(&rc, 5, 11), "without --only, every position");
	rc.only = xstrdup("base,tip");
	ok(run_config_only_wanted(&rc, 0, 11) && run_config_only_wanted(&rc, 11, 11) &&
	   !run_config_only_wanted(&rc, 5, 11), "with it, those listed");
	run_config_free(&rc);
}

/* --arch: configurations per architecture, keyed ARCH+KEY, refused where impossible. */
static void test_arches(void)
{
	struct run_config rc, back;
	char *json, *configs_dir = xasprintf("%s/configs", getenv("BISECTABLE_HOME") ?
					     getenv("BISECTABLE_HOME") : ".");

	run_config_init(&rc);
	run_config_set_tests(&rc, "all");
	run_config_set_configs(&rc, "up,defconfig:smp");
	run_config_set_arches(&rc, "x86_64");
	is_int((int)rc.nconfigs, 2, "x86_64 alone: the configurations as they were");
	is_int((int)rc.narches, 0, "and no arches recorded");
	json = run_config_to_json(&rc);
	ok(!strstr(json, "arches"), "nor in the document");
	free(json);
	run_config_set_arches(&rc, "x86_64,riscv64");
	is_int((int)rc.nconfigs, 4, "two architectures: four configurations");
	is_str(rc.configs[0], "up", "x86_64's up keeps its key");
	is_str(rc.configs[1], "defconfig+smp", "and defconfig:smp");
	is_str(rc.configs[2], "riscv64+up", "riscv64's up: riscv64+up");
	is_str(rc.configs[3], "riscv64+defconfig+smp", "riscv64+defconfig+smp");
	is_str(run_config_spec(&rc, "riscv64+up"), "up", "built from up");
	is_str(run_config_spec(&rc, "riscv64+defconfig+smp"), "defconfig:smp",
	       "built from defconfig:smp");
	is_int(run_config_validate(&rc, configs_dir), 0, "riscv64 can have up");
	json = run_config_to_json(&rc);
	ok(strstr(json, "\"arches\":[\"x86_64\",\"riscv64\"]") != NULL, "recorded: %s", json);
	is_int(run_config_from_json(json, &back), 0, "read back");
	is_int((int)back.narches, 2, "with its architectures");
	is_str(run_config_spec(&back, "riscv64+up"), "up", "and its specs");
	run_config_free(&back);
	free(json);

	run_config_set_configs(&rc, "up,smp");
	run_config_set_arches(&rc, "arm64");
	is_str(rc.configs[0], "arm64+up", "arm64 alone: arm64+up");
	is_int(run_config_validate(&rc, configs_dir), -1, "up refused on arm64 (it forces SMP)");
	run_config_set_configs(&rc, "smp");
	run_config_set_arches(&rc, "arm64");
	is_int(run_config_validate(&rc, configs_dir), 0, "smp is fine on arm64");
	/* Several architectures: the impossible pair is left out, not the run. */
	run_config_set_configs(&rc, "up,smp,defconfig:up");
	run_config_set_build_only(&rc, "up");
	run_config_set_arches(&rc, "x86_64,arm64,riscv64");
	is_int((int)rc.nconfigs, 9, "three architectures, three configurations: nine");
	run_config_drop_impossible(&rc, configs_dir);
	is_int((int)rc.nconfigs, 7, "arm64+up and arm64+defconfig+up left out");
	ok(rc.nconfigs == 7 && !strcmp(rc.configs[3], "arm64+smp") &&
	   !strcmp(rc.configs[4], "riscv64+up"), "the rest in order: %s, %s",
	   rc.nconfigs > 4 ? rc.configs[3] : "", rc.nconfigs > 4 ? rc.configs[4] : "");
	is_str(run_config_spec(&rc, "arm64+defconfig+up"), "arm64+defconfig+up",
	       "and its spec with it");
	ok(!run_config_build_only(&rc, "arm64+up") && run_config_build_only(&rc, "riscv64+up"),
	   "and its build-only mark, the others' kept");
	is_int(run_config_validate(&rc, configs_dir), 0, "what is left is valid");
	run_config_set_configs(&rc, "up");
	run_config_set_arches(&rc, "arm64");
	run_config_drop_impossible(&rc, configs_dir);
	is_int((int)rc.nconfigs, 1, "one architecture: nothing left out (validate refuses)");
	run_config_set_configs(&rc, "smp");
	run_config_set_arches(&rc, "sparc");
	is_int(run_config_validate(&rc, configs_dir), -1, "an unknown architecture is refused");
	run_config_free(&rc);
	free(configs_dir);
}

int main(void)
{
	test_arches();
	test_only();
	test_json();
	test_guest_variation();
	test_config_specs();
	return done_testing();
}
