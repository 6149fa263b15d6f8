// SPDX-License-Identifier: GPL-2.0
/*
 * known.c - failure signatures and sets of known failures (see known.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge/known.h"

static int is_hex_run(const char *s, size_t *len)
{
	size_t n = 0;
	int letters = 0, digits = 0;

	while (isxdigit((unsigned char)s[n])) {
		letters |= isalpha((unsigned char)s[n]);
		digits |= isdigit((unsigned char)s[n]);
		n++;
	}
	*len = n;
	/* "0x...", or a bare run of 8 or more hex digits (an address). */
	return n >= 8 && letters && digits;
}

/* Skip a printk timestamp "[   12.345678] " at the start of the evidence. */
static const char *skip_timestamp(const char *s)
{
	const char *p = s;

	if (*p++ != '[')
		return s;
	while (*p == ' ' || isdigit((unsigned char)*p) || *p == '.')
		p++;
	if (*p != ']')
		return s;
	for (p++; *p == ' '; p++)
		;
	return p;
}

void failure_line(struct strbuf *out, const char *name, const char *evidence)
{
	const char *p = skip_timestamp(evidence ? evidence : "");
	size_t len;

	strbuf_addf(out, "%s: ", name);
	while (*p) {
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
			for (p += 2; isxdigit((unsigned char)*p); p++)
				;
			strbuf_addstr(out, "X");
		} else if (is_hex_run(p, &len) && (p == evidence || !isalnum((unsigned char)p[-1]))) {
			p += len;
			strbuf_addstr(out, "X");
		} else if (isdigit((unsigned char)*p)) {
			while (isdigit((unsigned char)*p))
				p++;
			strbuf_addstr(out, "N");
		} else if (isspace((unsigned char)*p)) {
			while (isspace((unsigned char)*p))
				p++;
			if (*p)
				strbuf_addstr(out, " ");
		} else {
			strbuf_add(out, p++, 1);
		}
	}
}

int known_set_has(const struct known_set *ks, const char *line)
{
	size_t i;

	for (i = 0; ks && i < ks->n; i++)
		if (!strcmp(ks->lines[i], line))
			return 1;
	return 0;
}

int known_set_add(struct known_set *ks, const char *line)
{
	if (!*line || known_set_has(ks, line))
		return 0;
	ks->lines = xrealloc(ks->lines, (ks->n + 1) * sizeof(*ks->lines));
	ks->lines[ks->n++] = xstrdup(line);
	return 1;
}

void known_set_add_text(struct known_set *ks, const char *text)
{
	const char *p = text;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		char *line = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));

		known_set_add(ks, line);
		free(line);
		p = nl ? nl + 1 : NULL;
	}
}

char *known_set_text(const struct known_set *ks)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!ks->n)
		return NULL;
	for (i = 0; i < ks->n; i++)
		strbuf_addf(&sb, "%s%s", i ? "\n" : "", ks->lines[i]);
	return strbuf_detach(&sb, NULL);
}

void known_set_free(struct known_set *ks)
{
	size_t i;

	for (i = 0; i < ks->n; i++)
		free(ks->lines[i]);
	free(ks->lines);
	ks->lines = NULL;
	ks->n = 0;
}
