// SPDX-License-Identifier: GPL-2.0
/*
 * codediff-text.c - the words of a codediff (codediff-text.h). A changed
 * cell reads like scripts/bloat-o-meter's first line (how many symbols
 * were added and removed, how many grew and shrank, the bytes up and down)
 * followed by the totals of size(1), as a cover letter gives them.
 */
#include <stdio.h>

#include "judge/codediff-text.h"

static void size_change(struct strbuf *out, const char *name, const long long v[2])
{
	if (v[0] < 0 || v[1] < 0)
		return;
	strbuf_addf(out, "%s%s %+lld", out->len ? ", " : "", name, v[1] - v[0]);
	if (v[0] && v[1] != v[0])
		strbuf_addf(out, " (%+.2f%%)", 100.0 * (v[1] - v[0]) / v[0]);
}

static void bloat_line(const struct codediff *d, struct strbuf *out)
{
	long long up = 0, down = 0;
	size_t i, grow = 0, shrink = 0;

	for (i = 0; i < d->nsymbols; i++) {
		const struct codediff_symbol *s = &d->symbols[i];
		long long delta = (s->new_size < 0 ? 0 : s->new_size) -
				  (s->old_size < 0 ? 0 : s->old_size);

		if (delta > 0)
			up += delta;
		else
			down -= delta;
		if (s->old_size >= 0 && s->new_size >= 0 && delta > 0)
			grow++;
		else if (s->old_size >= 0 && s->new_size >= 0 && delta < 0)
			shrink++;
	}
	strbuf_addf(out, "add/remove: %zu/%zu grow/shrink: %zu/%zu up/down: %lld/%lld (%lld)",
		    d->added, d->removed, grow, shrink, up, -down, d->delta);
}

void codediff_describe(const struct codediff *d, struct strbuf *out)
{
	struct strbuf sizes = STRBUF_INIT;
	size_t i;

	strbuf_addstr(out, codediff_kind_name(d->kind));
	switch (d->kind) {
	case CODEDIFF_CODE_IDENTICAL:
		if (d->image_only) {
			strbuf_addstr(out, " (the image differs, in nothing that vmlinux's symbols"
				      " and sections hold)");
			break;
		}
		strbuf_addf(out, " (line numbers only: %d bug-table entr%s in", d->line_entries,
			    d->line_entries == 1 ? "y" : "ies");
		for (i = 0; i < d->nfiles; i++)
			strbuf_addf(out, "%s %s", i ? "," : "", d->files[i].file);
		strbuf_addstr(out, ")");
		break;
	case CODEDIFF_CHANGED:
		strbuf_addstr(out, ": ");
		bloat_line(d, out);
		if (d->bug_table_changed)
			strbuf_addstr(out, "; the bug table changed");
		for (i = 0; i < d->nsections; i++)
			strbuf_addf(out, "%s%s", i ? ", " : "; no symbol explains what changed in ",
				    d->sections[i]);
		size_change(&sizes, "text", d->text);
		size_change(&sizes, "data", d->data);
		size_change(&sizes, "bss", d->bss);
		if (sizes.len)
			strbuf_addf(out, "; %s", sizes.buf);
		break;
	case CODEDIFF_UNKNOWN:
		strbuf_addstr(out, " (no codeprint of this build or of its parent's)");
		break;
	default:
		break;
	}
	strbuf_release(&sizes);
}

static void size_field(struct strbuf *out, long long v)
{
	if (v < 0)
		strbuf_addf(out, " %7s", "-");
	else
		strbuf_addf(out, " %7lld", v);
}

void codediff_symbol_lines(const struct codediff *d, const char *indent, struct strbuf *out)
{
	size_t i;

	if (!d->nsymbols)
		return;
	strbuf_addf(out, "%s%-40s %7s %7s %7s\n", indent, "symbol", "old", "new", "delta");
	for (i = 0; i < d->nsymbols; i++) {
		const struct codediff_symbol *s = &d->symbols[i];
		long long delta = (s->new_size < 0 ? 0 : s->new_size) -
				  (s->old_size < 0 ? 0 : s->old_size);

		strbuf_addf(out, "%s%-40s", indent, s->name);
		size_field(out, s->old_size);
		size_field(out, s->new_size);
		strbuf_addf(out, " %+7lld\n", delta);
	}
}

void codediff_finding_describe(const struct codediff_finding *f, int ncommits,
			       struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "no-change claim broken: %d/%d %.12s \"%s\" says \"%s\"; its code"
		    " changed on", f->position, ncommits, f->sha ? f->sha : "?",
		    f->subject ? f->subject : "", f->claim);
	for (i = 0; i < f->nconfigs; i++)
		strbuf_addf(out, "%s %s", i ? "," : "", f->configs[i]);
	for (i = 0; i < f->nsymbols && i < 8; i++)
		strbuf_addf(out, "%s%s", i ? ", " : ": ", f->symbols[i]);
	if (f->nsymbols > 8)
		strbuf_addf(out, " and %zu more", f->nsymbols - 8);
}
