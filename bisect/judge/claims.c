// SPDX-License-Identifier: GPL-2.0
/*
 * claims.c - the phrases by which a commit message claims to change no
 * code (claims.h). The message is folded first: lower case, hyphens and
 * line breaks as spaces, runs of blanks as one, so "No functional\n
 * change" and "no-functional-change" read alike. A phrase matches as whole
 * words only. "NFC" alone is also the kernel's Near Field Communication
 * subsystem ("NFC: nci: fix ..."), so it counts only in brackets,
 * "(NFC)" or "[NFC]", or as a line of its own.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge/claims.h"
#include "lib/util.h"

struct claim {
	const char *phrase;	/* folded: lower case, single spaces */
	int bracketed;		/* only as "(phrase)", "[phrase]" or a line of its own */
};

static const struct claim claims[] = {
	{ "no functional change", 0 },
	{ "no functional changes", 0 },
	{ "no functionality change", 0 },
	{ "no functional modification", 0 },
	{ "non functional change", 0 },
	{ "no change in functionality", 0 },
	{ "no intended functional change", 0 },
	{ "no code change", 0 },
	{ "no code changes", 0 },
	{ "no object code change", 0 },
	{ "no binary change", 0 },
	{ "no change in behaviour", 0 },
	{ "no change in behavior", 0 },
	{ "no behaviour change", 0 },
	{ "no behavior change", 0 },
	{ "no behavioural change", 0 },
	{ "no behavioral change", 0 },
	{ "whitespace only", 0 },
	{ "only whitespace changes", 0 },
	{ "nfc", 1 },
	{ "nfci", 1 },
};

/* message folded; each line break kept as '\n' so that a line of its own can be seen. */
static char *fold(const char *message)
{
	struct strbuf out = STRBUF_INIT;
	const char *p;

	for (p = message; *p; p++) {
		char c = *p == '-' || *p == '\t' || *p == '\r' ? ' ' : tolower((unsigned char)*p);

		if (c == ' ' && (!out.len || out.buf[out.len - 1] == ' ' ||
				 out.buf[out.len - 1] == '\n'))
			continue;
		if (c == '\n' && out.len && out.buf[out.len - 1] == ' ')
			out.len--;
		strbuf_add(&out, &c, 1);
	}
	return strbuf_detach(&out, NULL);
}

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* phrase at s[at] as whole words, a line break read as a space; its length, or 0. */
static size_t phrase_at(const char *s, size_t at, const char *phrase)
{
	size_t i = at, j = 0;

	if (at && word_char(s[at - 1]))
		return 0;
	while (phrase[j]) {
		char c = s[i] == '\n' ? ' ' : s[i];

		if (!s[i] || c != phrase[j])
			return 0;
		i++;
		j++;
	}
	return word_char(s[i]) ? 0 : i - at;
}

static int bracketed_at(const char *s, size_t at, size_t len)
{
	char before = at ? s[at - 1] : '\n', after = s[at + len];

	return (before == '(' && after == ')') || (before == '[' && after == ']') ||
	       (before == '\n' && (after == '\n' || !after ||
				   (after == '.' && (s[at + len + 1] == '\n' || !s[at + len + 1]))));
}

const char *claims_no_change(const char *message)
{
	const char *found = NULL;
	char *s;
	size_t i, k;

	if (!message)
		return NULL;
	s = fold(message);
	for (i = 0; s[i] && !found; i++)
		for (k = 0; k < sizeof(claims) / sizeof(claims[0]) && !found; k++) {
			size_t len = phrase_at(s, i, claims[k].phrase);

			if (len && (!claims[k].bracketed || bracketed_at(s, i, len)))
				found = claims[k].phrase;
		}
	free(s);
	return found;
}
