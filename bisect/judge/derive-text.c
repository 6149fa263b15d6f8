// SPDX-License-Identifier: GPL-2.0
/* derive-text.c - a derivation of configurations in words (derive-text.h). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/derive-text.h"
#include "kconfig/dotconfig.h"

/* Each arm, with the configurations whose .config has it; the counts of covered and not. */
static void arms_text(const struct derive_result *r, struct strbuf *out, size_t *covered,
		      size_t *unreachable)
{
	size_t i, j;

	for (i = 0; i < r->narms; i++) {
		const struct derived_arm *a = &r->arms[i];
		int n = 0;

		strbuf_addf(out, "  %-32s %c ", a->symbol, a->value);
		for (j = 0; j < r->nconfigs; j++)
			if (!r->configs[j].dropped &&
			    dotconfig_tristate(r->configs[j].dotconfig.buf, a->symbol) == a->value)
				strbuf_addf(out, "%s%s", n++ ? "," : " ", r->configs[j].name);
		if (a->config < 0) {
			(*unreachable)++;
			strbuf_addf(out, " unreachable: %s", a->reason ? a->reason : "?");
		} else {
			(*covered)++;
		}
		strbuf_addstr(out, "\n");
	}
}

/* The derived fragments, each indented under its file name; how many. */
static size_t fragments_text(const struct derive_result *r, const char *origin,
			     const char *header, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	size_t j, nderived = 0;

	for (j = 0; j < r->nconfigs; j++) {
		const char *plus = strchr(r->configs[j].name, '+');

		if (!r->configs[j].derived)
			continue;
		if (!nderived++)
			strbuf_addstr(out, header);
		strbuf_reset(&text);
		derive_fragment_text(r, j, origin, &text);
		if (plus)
			/* defconfig+auto-N: the fragment auto-N, given as defconfig:auto-N. */
			strbuf_addf(out, "%s.config (over %s: give it as %s:%s):\n", plus + 1,
				    r->configs[j].start, r->configs[j].start, plus + 1);
		else
			strbuf_addf(out, "%s.config:\n", r->configs[j].name);
		for (const char *p = text.buf; *p; ) {
			const char *eol = strchrnul(p, '\n');

			strbuf_addf(out, "  %.*s\n", (int)(eol - p), p);
			p = *eol ? eol + 1 : eol;
		}
	}
	strbuf_release(&text);
	return nderived;
}

void derive_text(const struct derive_result *r, const char *origin, struct strbuf *out)
{
	size_t nderived, covered = 0, unreachable = 0;

	strbuf_addstr(out, "\narms (the configurations whose .config has it, at the tip's Kconfig):\n");
	arms_text(r, out, &covered, &unreachable);
	nderived = fragments_text(r, origin,
				  "\nderived configurations (each merged over base.config):\n", out);
	strbuf_addf(out, "%zu derived configuration%s; %zu of %zu arms covered, %zu unreachable;"
		    " %u olddefconfig runs\n", nderived, nderived == 1 ? "" : "s", covered,
		    r->narms, unreachable, r->resolved);
}

void derive_arch_text(const struct derive_arch *da, const char *origin, struct strbuf *out)
{
	size_t k, covered = 0, unreachable = 0;

	strbuf_addf(out, "\n%s: %zu changed line%s of its own", da->name, da->lines,
		    da->lines == 1 ? "" : "s");
	if (!da->derived) {
		strbuf_addf(out, ", not derived: %s\n", da->why_not ? da->why_not : "?");
		return;
	}
	strbuf_addstr(out, ", the arms they need at its own Kconfig:\n");
	arms_text(&da->result, out, &covered, &unreachable);
	fragments_text(&da->result, origin, "", out);
	strbuf_addf(out, "run --configs auto adds for %s:", da->name);
	for (k = 0; k < da->keys.argc; k++)
		strbuf_addf(out, "%s%s", k ? ", " : " ", da->keys.argv[k]);
	strbuf_addf(out, "%s (%zu of %zu arms covered, %zu unreachable; %u olddefconfig runs)\n",
		    da->keys.argc ? "" : " nothing", covered, da->result.narms, unreachable,
		    da->result.resolved);
}
