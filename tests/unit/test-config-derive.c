// SPDX-License-Identifier: GPL-2.0
/*
 * config-derive.c over a fake tree whose "Kconfig" is a few rules in awk
 * (its Makefile's olddefconfig): A depends on B; C has no prompt and is
 * selected by D; E can never be set; F is forced on; SMP is in the layer.
 * The greedy cover must reach A and C through their chains, report E and
 * F=n unreachable, and need as few fragments as the rules allow.
 * G depends on H, which has no prompt: tinyconfig leaves H off and nothing
 * turns it on, defconfig has it on (a driver's bus, a filesystem's block
 * layer), so G=y is reached over defconfig, in defconfig+auto-N.
 * Another architecture's derivation (config_derive_masks): make is given
 * its ARCH= and CROSS_COMPILE=, its fragment lines go over base, only the
 * arms its lines need are derived, and a fixed configuration whose
 * fragment does not hold there covers nothing.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kconfig/config-derive.h"
#include "lib/util.h"
#include "scratch.h"
#include "tap.h"

static const char makefile[] =
	"tinyconfig:\n"
	"\tmkdir -p $(O) && printf 'CONFIG_F=y\\n' > $(O)/.config\n"
	"\t[ \"$(ARCH)\" != riscv ] || echo CONFIG_ARCH_GIVEN=y >> $(O)/.config\n"
	"\t[ \"$(CROSS_COMPILE)\" != riscv64-linux-gnu- ] || echo CONFIG_CROSS_GIVEN=y >> $(O)/.config\n"
	"defconfig:\n"
	"\tmkdir -p $(O) && printf 'CONFIG_F=y\\nCONFIG_DEFCONFIG_START=y\\nCONFIG_H=y\\n' >"
	" $(O)/.config\n"
	"olddefconfig:\n"
	"\tawk -f rules.awk $(O)/.config > $(O)/.config.new && mv $(O)/.config.new $(O)/.config\n";

/* The last assignment wins, as in Kconfig; then the rules. */
static const char rules[] =
	"/^CONFIG_[A-Z_]*=/ { split(substr($0, 8), kv, \"=\"); v[kv[1]] = kv[2]; next }\n"
	"END {\n"
	"  if (v[\"D\"] == \"y\") v[\"C\"] = \"y\"; else if (v[\"C\"] == \"y\") v[\"C\"] = \"n\";\n"
	"  if (v[\"A\"] == \"y\" && v[\"B\"] != \"y\") v[\"A\"] = \"n\";\n"
	"  if (v[\"E\"] == \"y\") v[\"E\"] = \"n\";\n"
	"  v[\"F\"] = \"y\";\n"
	"  v[\"H\"] = v[\"DEFCONFIG_START\"] == \"y\" ? \"y\" : \"n\";\n"
	"  if (v[\"G\"] == \"y\" && v[\"H\"] != \"y\") v[\"G\"] = \"n\";\n"
	"  for (k in v) if (v[k] == \"\") continue; else if (v[k] == \"n\") print \"# CONFIG_\" k \" is not set\";"
	" else print \"CONFIG_\" k \"=\" v[k];\n"
	"}\n";

static const char merge[] =
	"#!/bin/sh\n# merge_config.sh -m -O OUT DOTCONFIG BASE [ARCH] FRAGMENT\n"
	"out=$4\nshift 3\ncat \"$@\" > \"$out.tmp\" && mv \"$out.tmp\" \"$out\"\n";

static const char kconfig[] =
	"config A\n\tbool \"a\"\n\tdepends on B\n"
	"config B\n\tbool \"b\"\n"
	"config C\n\tbool\n"
	"config D\n\tbool \"d\"\n\tselect C\n"
	"config E\n\tbool \"e\"\n"
	"config F\n\tdef_bool y\n"
	"config SMP\n\tbool \"smp\"\n"
	"config G\n\tbool \"g\"\n\tdepends on H\n"
	"config H\n\tbool\n";

static const struct derived_arm *arm(const struct derive_result *r, const char *sym, char v)
{
	size_t i;

	for (i = 0; i < r->narms; i++)
		if (!strcmp(r->arms[i].symbol, sym) && r->arms[i].value == v)
			return &r->arms[i];
	return NULL;
}

static const char *covered_by(const struct derive_result *r, const char *sym, char v)
{
	const struct derived_arm *a = arm(r, sym, v);

	if (!a)
		return "(no arm)";
	return a->config < 0 ? "unreachable" : r->configs[a->config].name;
}

/* riscv64's derivation over the same tree: ARCH=riscv, its lines' arms only. */
static void test_arch(const struct kconfig_index *ix, const char *src, const char *dir,
		      const char *base)
{
	const char *symbols[] = { "A", "SMP" };
	const unsigned masks[] = { GUARD_Y, GUARD_M | GUARD_N };
	const char *names[] = { "noforced", "up", "smp" };
	const char *frags[] = { "CONFIG_SMP=n\nCONFIG_F=n\n", "CONFIG_SMP=n\n", "CONFIG_SMP=y\n" };
	const struct kconfig_arch riscv = { "riscv", "riscv", "riscv64-linux-gnu-",
					    "CONFIG_RV=y\n" };
	char *out = xasprintf("%s/out-riscv", dir);
	struct kconfig_eval ev;
	struct derive_result r;

	ok(!kconfig_eval_init_arch(&ev, src, out, base, 0, &riscv), "riscv's tinyconfig");
	ok(strstr(ev.tiny.buf, "CONFIG_ARCH_GIVEN=y") && strstr(ev.tiny.buf, "CONFIG_CROSS_GIVEN=y"),
	   "make was given ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-");
	ok(!config_derive_masks(&ev, ix, symbols, masks, 2, names, frags, 3, &r),
	   "derive riscv's arms");
	is_int(r.narms, 2, "only the arms its lines need: A=y, SMP=n");
	ok(!arm(&r, "SMP", 'y') && !arm(&r, "A", 'n'), "no SMP=y, no A=n");
	ok(r.configs[0].dropped, "noforced is dropped: F stays y there");
	is_str(covered_by(&r, "SMP", 'n'), "up", "SMP=n: up, not the dropped noforced");
	is_str(covered_by(&r, "A", 'y'), "auto-1", "A=y: a derived configuration");
	ok(strstr(r.configs[1].dotconfig.buf, "CONFIG_RV=y") != NULL,
	   "the architecture's fragment lines go over base.config");
	derive_result_release(&r);
	kconfig_eval_release(&ev);
	free(out);
}

int main(void)
{
	char dir[] = "/tmp/test-config-derive.XXXXXX";
	const char *symbols[] = { "A", "C", "E", "F", "SMP" };
	const char *names[] = { "up", "smp" };
	const char *frags[] = { "CONFIG_SMP=n\n", "CONFIG_SMP=y\n" };
	struct kconfig_index ix = { 0 };
	struct kconfig_eval ev;
	struct derive_result r;
	struct strbuf text = STRBUF_INIT;
	char *src, *out, *base, *p;

	if (!mkdtemp(dir))
		return 1;
	src = xasprintf("%s/src", dir);
	out = xasprintf("%s/out", dir);
	base = xasprintf("%s/base.config", dir);
	put_file(src, "Makefile", makefile);
	put_file(src, "rules.awk", rules);
	put_file(src, "scripts/kconfig/merge_config.sh", merge);
	p = xasprintf("%s/scripts/kconfig/merge_config.sh", src);
	chmod(p, 0755);
	free(p);
	write_file(base, "CONFIG_B=n\n", 11);
	kconfig_index_add_text(&ix, kconfig);

	ok(!kconfig_eval_init(&ev, src, out, base, 0), "tinyconfig of the fake tree");
	ok(!config_derive(&ev, &ix, symbols, 5, names, frags, 2, &r), "derive");
	is_str(covered_by(&r, "SMP", 'y'), "smp", "SMP=y: smp");
	is_str(covered_by(&r, "SMP", 'n'), "up", "SMP=n: up");
	is_str(covered_by(&r, "A", 'n'), "up", "A=n: up already");
	is_str(covered_by(&r, "A", 'y'), "auto-1", "A=y: reached by adding B=y");
	is_str(covered_by(&r, "C", 'y'), "auto-1", "C=y: reached through its selector D");
	is_str(covered_by(&r, "E", 'y'), "unreachable", "E=y cannot be set");
	is_str(covered_by(&r, "F", 'n'), "unreachable", "F=n cannot be set");
	ok(arm(&r, "F", 'n') && arm(&r, "F", 'n')->reason &&
	   strstr(arm(&r, "F", 'n')->reason, "no prompt"), "F=n: the reason names its lack of a prompt");
	is_int(r.nconfigs, 3, "one derived configuration covers all that can be reached");
	derive_fragment_text(&r, 2, "fixture", &text);
	ok(strstr(text.buf, "CONFIG_SMP=y\n") && strstr(text.buf, "CONFIG_A=y\n") &&
	   strstr(text.buf, "CONFIG_B=y\n") && strstr(text.buf, "CONFIG_D=y\n") &&
	   !strstr(text.buf, "CONFIG_E="), "its fragment: the smp layer, A, B, D; not E (dropped)");
	ok(!strncmp(text.buf, "# Derived by bisectable from fixture: covers A=y, C=y", 52),
	   "its comment says what it covers");
	ok(ev.resolved >= 3, "Kconfig was asked (%u olddefconfig runs)", ev.resolved);
	{
		unsigned before = ev.resolved;
		struct derive_result again;

		derive_result_release(&r);
		config_derive(&ev, &ix, symbols, 5, names, frags, 2, &again);
		is_int(ev.resolved, before, "asked again, every answer comes from the kept ones");
		derive_result_release(&again);
	}
	/* G=y: not over tinyconfig, over defconfig. */
	{
		const char *with_g[] = { "A", "C", "E", "F", "SMP", "G" };

		ok(!config_derive(&ev, &ix, with_g, 6, names, frags, 2, &r), "derive with G");
		is_str(covered_by(&r, "A", 'y'), "auto-1", "A=y: still over tinyconfig");
		is_str(covered_by(&r, "G", 'y'), "defconfig+auto-2",
		       "G=y: tinyconfig cannot reach it, defconfig can");
		is_str(covered_by(&r, "E", 'y'), "unreachable", "E=y: over neither");
		ok(arm(&r, "E", 'y') && arm(&r, "E", 'y')->reason &&
		   strstr(arm(&r, "E", 'y')->reason, "over tinyconfig: ") &&
		   strstr(arm(&r, "E", 'y')->reason, "; over defconfig: "),
		   "E=y: the reasons of both starts (%s)",
		   arm(&r, "E", 'y') && arm(&r, "E", 'y')->reason ? arm(&r, "E", 'y')->reason : "-");
		is_int(r.nconfigs, 4, "one configuration over each start");
		strbuf_reset(&text);
		derive_fragment_text(&r, 3, "fixture", &text);
		ok(strstr(text.buf, "\n# Over defconfig: tinyconfig cannot reach G=y: ") &&
		   strstr(text.buf, "CONFIG_G=y\n"),
		   "its fragment says why it starts from defconfig: %s", text.buf);
		{
			char *why = derive_start_reason(&r, 3);

			ok(why && !strncmp(why, "tinyconfig cannot reach G=y: still n", 36),
			   "the start's reason names the arm and tinyconfig's reason: %s",
			   why ? why : "(none)");
			free(why);
			ok(!derive_start_reason(&r, 2), "none over tinyconfig");
		}
		derive_result_release(&r);
	}
	strbuf_release(&text);
	kconfig_eval_release(&ev);
	test_arch(&ix, src, dir, base);
	kconfig_index_release(&ix);
	remove_tree(dir);
	free(src);
	free(out);
	free(base);
	return done_testing();
}
