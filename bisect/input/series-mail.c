// SPDX-License-Identifier: GPL-2.0
/*
 * series-mail.c - the series' thread and addresses, read from its mails
 * and kept with the run (see series-mail.h).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/series-mail.h"
#include "input/series.h"
#include "lib/util.h"

#define ADDRESS_MAX	300
#define CC_MAX		100	/* a Cc list longer than this is no list's */

void series_mail_free(struct series_mail *sm)
{
	size_t i;

	free(sm->thread);
	free(sm->references);
	free(sm->subject);
	free(sm->author);
	for (i = 0; i < sm->ncc; i++)
		free(sm->cc[i]);
	free(sm->cc);
	free(sm->change_id);
	free(sm->branch);
	memset(sm, 0, sizeof(*sm));
}

char *mail_address_clean(const char *s, size_t len)
{
	size_t i;

	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!len || len > ADDRESS_MAX || !memchr(s, '@', len))
		return NULL;
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		/* C0 and DEL; C1 (U+0080..U+009F) as UTF-8 is 0xc2 0x80..0x9f */
		if (c < 0x20 || c == 0x7f ||
		    (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] < 0xa0))
			return NULL;
	}
	return xstrndup(s, len);
}

char *mail_address_only(const char *s)
{
	const char *lt = s ? strrchr(s, '<') : NULL, *gt = lt ? strchr(lt, '>') : NULL;

	if (!s)
		return NULL;
	if (lt && gt)
		return xstrndup(lt + 1, gt - lt - 1);
	return xstrdup(s);
}

static int same_address(const char *a, const char *b)
{
	char *x = mail_address_only(a), *y = mail_address_only(b);
	int same = x && y && !strcasecmp(x, y);

	free(x);
	free(y);
	return same;
}

static void add_one(struct series_mail *sm, const char *s, size_t len)
{
	char *addr = mail_address_clean(s, len);
	size_t i;

	if (!addr)
		return;
	if (sm->ncc >= CC_MAX || (sm->author && same_address(sm->author, addr)))
		goto drop;
	for (i = 0; i < sm->ncc; i++)
		if (same_address(sm->cc[i], addr))
			goto drop;
	sm->cc = xrealloc(sm->cc, (sm->ncc + 1) * sizeof(*sm->cc));
	sm->cc[sm->ncc++] = addr;
	return;
drop:
	free(addr);
}

/* Split on the commas outside a quoted name and outside <...>. */
void series_mail_add_cc(struct series_mail *sm, const char *value)
{
	const char *p, *start = value;
	int quoted = 0, angle = 0;

	if (!value)
		return;
	for (p = value; ; p++) {
		if (*p == '\\' && quoted && p[1]) {
			p++;
			continue;
		}
		if (*p == '"')
			quoted = !quoted;
		else if (*p == '<' && !quoted)
			angle = 1;
		else if (*p == '>' && !quoted)
			angle = 0;
		if (!*p || (*p == ',' && !quoted && !angle)) {
			add_one(sm, start, p - start);
			if (!*p)
				break;
			start = p + 1;
		}
	}
}

/* The last id of a list of ids: what the mail replies to. */
static char *last_id(const char *ids)
{
	const char *lt = ids ? strrchr(ids, '<') : NULL;

	return lt ? xstrdup(lt) : NULL;
}


void series_mail_thread_of(struct series_mail *sm, const char *id, const char *refs,
			   size_t npatches)
{
	free(sm->thread);
	free(sm->references);
	sm->thread = sm->references = NULL;
	if (refs && (npatches > 1 || !id)) {
		/* Patch 1 of several replies to its cover letter: the reply goes there. */
		sm->thread = last_id(refs);
		sm->references = xstrdup(refs);
		/* Its References end with the cover letter: the cover's own are before it. */
		*strrchr(sm->references, '<') = '\0';
		while (*sm->references && sm->references[strlen(sm->references) - 1] == ' ')
			sm->references[strlen(sm->references) - 1] = '\0';
		if (!*sm->references) {
			free(sm->references);
			sm->references = NULL;
		}
	} else if (id) {
		sm->thread = xstrdup(id);
		sm->references = refs ? xstrdup(refs) : NULL;
	}
}

void series_mail_from_series(struct series_mail *sm, const struct series *s)
{
	const struct series_patch *first = s->npatches ? &s->patches[0] : NULL;
	const struct series_patch *root = s->cover.path ? &s->cover : first;
	size_t i;

	memset(sm, 0, sizeof(*sm));
	if (!root)
		return;
	if (root->author)
		sm->author = mail_address_clean(root->author, strlen(root->author));
	if (root == &s->cover) {
		sm->thread = root->message_id ? xstrdup(root->message_id) : NULL;
		sm->references = root->references ? xstrdup(root->references) : NULL;
		if (s->cover_subject)
			sm->subject = xstrdup(s->cover_subject);
	} else {
		series_mail_thread_of(sm, root->message_id, root->references, s->npatches);
	}
	series_mail_add_cc(sm, s->cover.to_cc);
	for (i = 0; i < s->npatches; i++) {
		series_mail_add_cc(sm, s->patches[i].to_cc);
		/* Another author's patch: they are on the thread too. */
		series_mail_add_cc(sm, s->patches[i].author);
	}
}

static int series_mail_empty(const struct series_mail *sm)
{
	return !sm->thread && !sm->author && !sm->ncc && !sm->change_id;
}

static void set_string(json_t *o, const char *key, const char *value)
{
	if (value)
		json_object_set_new(o, key, json_string(value));
}

char *series_mail_into_options(const char *options, const struct series_mail *sm)
{
	json_t *doc = options ? json_loads(options, 0, NULL) : NULL, *mail, *cc;
	char *out;
	size_t i;

	if (!json_is_object(doc) || series_mail_empty(sm)) {
		json_decref(doc);
		return options ? xstrdup(options) : NULL;
	}
	mail = json_object();
	set_string(mail, "thread", sm->thread);
	set_string(mail, "references", sm->references);
	set_string(mail, "subject", sm->subject);
	set_string(mail, "author", sm->author);
	if (sm->ncc) {
		cc = json_array();
		for (i = 0; i < sm->ncc; i++)
			json_array_append_new(cc, json_string(sm->cc[i]));
		json_object_set_new(mail, "cc", cc);
	}
	set_string(mail, "change_id", sm->change_id);
	set_string(mail, "branch", sm->branch);
	if (sm->revision)
		json_object_set_new(mail, "revision", json_integer(sm->revision));
	json_object_set_new(doc, "mail", mail);
	out = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(doc);
	return out ? out : xstrdup(options);
}

/* A string member, taken again as its kind of datum must be (a merged database's too). */
static char *get_string(json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	return v ? xstrdup(v) : NULL;
}

int series_mail_from_options(const char *options, struct series_mail *sm)
{
	json_t *doc = options ? json_loads(options, 0, NULL) : NULL;
	json_t *mail = json_object_get(doc, "mail"), *v;
	char *raw;
	size_t i;

	memset(sm, 0, sizeof(*sm));
	if (!json_is_object(mail)) {
		json_decref(doc);
		return -1;
	}
	raw = get_string(mail, "thread");
	sm->thread = mail_msg_ids(raw, 1);
	free(raw);
	raw = get_string(mail, "references");
	sm->references = mail_msg_ids(raw, 0);
	free(raw);
	sm->subject = get_string(mail, "subject");
	raw = get_string(mail, "author");
	if (raw)
		sm->author = mail_address_clean(raw, strlen(raw));
	free(raw);
	json_array_foreach(json_object_get(mail, "cc"), i, v)
		if (json_is_string(v))
			add_one(sm, json_string_value(v), json_string_length(v));
	sm->change_id = get_string(mail, "change_id");
	sm->branch = get_string(mail, "branch");
	if (json_is_integer(json_object_get(mail, "revision")))
		sm->revision = (int)json_integer_value(json_object_get(mail, "revision"));
	json_decref(doc);
	return 0;
}
