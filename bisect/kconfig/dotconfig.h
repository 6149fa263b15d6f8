/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dotconfig.h - the one reader of a .config text, or of a configuration
 * fragment (the same language): "CONFIG_NAME=value" lines and "# CONFIG_NAME
 * is not set" (read as NAME=n), everything else a comment. As Kconfig reads
 * it, a name assigned twice has its last value; a line may end in CRLF, the
 * last line without a newline. Names are kept without "CONFIG_".
 */
#ifndef BISECT_DOTCONFIG_H
#define BISECT_DOTCONFIG_H

#include <stddef.h>

#include "lib/util.h"

struct dotconfig_entry {
	char *name;
	/*
	 * As written after '=', trailing blanks and CR dropped: "y", "m",
	 * "64", "\"quoted text\"" (quotes and escapes kept); "n" for "is not set".
	 */
	char *value;
};

struct dotconfig {
	struct dotconfig_entry *v;	/* in the text's order, repeats included */
	size_t n, alloc;
	size_t *by_name;	/* indices into v, sorted by name; a repeat only once, its last */
	size_t nby_name;
};

void dotconfig_parse(const char *text, struct dotconfig *dc);
void dotconfig_release(struct dotconfig *dc);
/* name's value (see struct dotconfig_entry); NULL if the text does not assign it. */
const char *dotconfig_get(const struct dotconfig *dc, const char *name);

/* 'y', 'm', 'n' of a value, 'n' for NULL (not assigned), 'v' for any other value. */
char dotconfig_tristate_of(const char *value);
/* A quoted value unquoted, Kconfig's escapes undone; NULL if not a whole quoted string. */
char *dotconfig_unquote(const char *value);

/*
 * One look-up in a text, without a table (for a question or two about a
 * .config): name's value, allocated, NULL if not assigned; its tristate
 * (dotconfig_tristate_of); a string symbol's text (dotconfig_unquote).
 */
char *dotconfig_value(const char *text, const char *name);
char dotconfig_tristate(const char *text, const char *name);
char *dotconfig_string(const char *text, const char *name);

/* Append to out the lines of text that assign a value (not "is not set"), as written. */
void dotconfig_assignment_lines(const char *text, struct strbuf *out);

#endif
