// SPDX-License-Identifier: GPL-2.0
/*
 * b4.c - a 'b4 prep' branch: its cover letter commit, what b4 tracks in
 * it, and the graft that leaves it out of the verified commits (see b4.h).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/b4.h"
#include "input/series.h"
#include "lib/run-command.h"

void b4_prep_free(struct b4_prep *b)
{
	free(b->cover);
	free(b->base);
	free(b->title);
	free(b->author);
	free(b->change_id);
	free(b->base_branch);
	free(b->prefixes);
	free(b->sent);
	series_mail_free(&b->mail);
	memset(b, 0, sizeof(*b));
}

/*
 * An empty commit (one parent, the same tree) whose message has b4's
 * marker on a line of its own: its message in msg. Read with grafts
 * ignored, as the user's repository has none.
 */
static int is_cover(const char *repo, const char *sha, struct strbuf *msg)
{
	struct strbuf out = STRBUF_INIT;
	char *spec = xasprintf("%s^{tree}", sha), *parent = xasprintf("%s^@", sha);
	char *tree = NULL, *ptree = NULL;
	const char *p;
	int ret = 0;

	if (git_quiet(repo, &out, "--no-replace-objects", "rev-parse", parent, NULL) ||
	    !out.len || strchr(out.buf, '\n'))
		goto out;
	free(parent);
	parent = xasprintf("%s^{tree}", out.buf);
	if (git_quiet(repo, &out, "--no-replace-objects", "rev-parse", spec, NULL))
		goto out;
	tree = strbuf_detach(&out, NULL);
	if (git_quiet(repo, &out, "--no-replace-objects", "rev-parse", parent, NULL))
		goto out;
	ptree = strbuf_detach(&out, NULL);
	if (strcmp(tree, ptree) ||
	    git_quiet(repo, msg, "--no-replace-objects", "log", "-1", "--format=%B", sha, NULL))
		goto out;
	for (p = msg->buf; (p = strstr(p, B4_MARKER)); p++)
		if ((p == msg->buf || p[-1] == '\n') &&
		    (p[strlen(B4_MARKER)] == '\n' || !p[strlen(B4_MARKER)]))
			ret = 1;
out:
	strbuf_release(&out);
	free(spec);
	free(parent);
	free(tree);
	free(ptree);
	return ret;
}

/* "To: a, b" and "Cc: c" lines of the letter (b4's trailers) into the Cc list. */
static void letter_addresses(struct b4_prep *b, const char *letter, size_t len)
{
	const char *p = letter, *end, *v;
	char *line;

	for (; p < letter + len; p = end + 1) {
		end = memchr(p, '\n', letter + len - p);
		if (!end)
			end = letter + len;
		if (!strncasecmp(p, "To:", 3) || !strncasecmp(p, "Cc:", 3)) {
			for (v = p + 3; v < end && *v == ' '; v++)
				;
			line = xstrndup(v, end - v);
			series_mail_add_cc(&b->mail, line);
			free(line);
		}
	}
}

/* The last revision b4 sent (history "vN": [msgid, ...]) and its cover letter's id. */
static void sent_revision(struct b4_prep *b, json_t *series)
{
	json_t *history = json_object_get(series, "history"), *ids;
	const char *key, *id;
	size_t n;
	int rev;

	json_object_foreach(history, key, ids) {
		if (key[0] != 'v' || parse_int(key + 1, 1, 10000, &rev) || rev < b->sent_revision)
			continue;
		n = json_array_size(ids);
		id = n ? json_string_value(json_array_get(ids, n - 1)) : NULL;
		if (!id)
			continue;
		free(b->sent);
		b->sent = xasprintf("%s%s%s", *id == '<' ? "" : "<", id, *id == '<' ? "" : ">");
		b->sent_revision = rev;
	}
}

/* What b4 tracks, the JSON after the marker (its comment lines skipped). */
static void tracking(struct b4_prep *b, const char *after)
{
	const char *brace = strchr(after, '{');
	json_t *doc = brace ? json_loads(brace, JSON_DISABLE_EOF_CHECK, NULL) : NULL;
	json_t *series = json_object_get(doc, "series"), *v;
	struct strbuf prefixes = STRBUF_INIT;
	const char *s;
	size_t i;

	if ((s = json_string_value(json_object_get(series, "change-id"))))
		b->change_id = xstrdup(s);
	if ((s = json_string_value(json_object_get(series, "base-branch"))))
		b->base_branch = xstrdup(s);
	if (json_is_integer(json_object_get(series, "revision")))
		b->revision = (int)json_integer_value(json_object_get(series, "revision"));
	json_array_foreach(json_object_get(series, "prefixes"), i, v)
		if (json_is_string(v))
			strbuf_addf(&prefixes, "%s%s", prefixes.len ? " " : "",
				    json_string_value(v));
	if (prefixes.len)
		b->prefixes = strbuf_detach(&prefixes, NULL);
	strbuf_release(&prefixes);
	sent_revision(b, series);
	json_decref(doc);
}

/* The cover letter commit's message: its title, letter and tracking. */
static void read_cover(const char *repo, struct b4_prep *b, const char *msg)
{
	const char *marker = strstr(msg, "\n" B4_MARKER), *nl = strchr(msg, '\n');
	struct strbuf out = STRBUF_INIT;
	char *c;

	b->title = xstrndup(msg, nl ? (size_t)(nl - msg) : strlen(msg));
	for (c = b->title; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	if (!git_quiet(repo, &out, "--no-replace-objects", "log", "-1", "--format=%an <%ae>",
		       b->cover, NULL))
		b->author = mail_address_clean(out.buf, out.len);
	b->mail.author = b->author ? xstrdup(b->author) : NULL;
	if (marker) {
		letter_addresses(b, msg, marker - msg);
		tracking(b, marker + 1 + strlen(B4_MARKER));
	}
	strbuf_release(&out);
}

int b4_prep_find(const char *repo, const char *base, const char *tip, struct b4_prep *b)
{
	struct strbuf out = STRBUF_INIT, msg = STRBUF_INIT;
	char *range = NULL, *nl;
	int ret = 0;

	memset(b, 0, sizeof(*b));
	if (base) {
		range = xasprintf("%s..%s", base, tip);
		if (git_quiet(repo, &out, "--no-replace-objects", "rev-list", "--reverse",
			      "--first-parent", range, NULL))
			goto out;
	} else if (git_quiet(repo, &out, "--no-replace-objects", "log", "--first-parent",
			     "--format=%H", "--fixed-strings", "--grep=" B4_MARKER, "-n", "1",
			     tip, "--", NULL)) {
		ret = error("cannot read the history of %s in %s", tip, repo);
		goto out;
	}
	nl = strchr(out.buf, '\n');
	if (nl)
		*nl = '\0';
	if (!out.len || !is_cover(repo, out.buf, &msg))
		goto out;
	b->cover = xstrdup(out.buf);
	free(range);
	range = xasprintf("%s^", b->cover);
	if (git_quiet(repo, &out, "rev-parse", "--verify", range, NULL)) {
		ret = error("the cover letter commit %.12s has no parent", b->cover);
		goto out;
	}
	b->base = strbuf_detach(&out, NULL);
	free(range);
	range = xasprintf("%s..%s", b->cover, tip);
	if (git_quiet(repo, &out, "--no-replace-objects", "rev-list", "--count", range, NULL) ||
	    parse_int(out.buf, 0, 1 << 20, &b->npatches)) {
		ret = error("cannot count the commits of %s", range);
		goto out;
	}
	if (!b->npatches) {
		ret = error("the b4 branch %s has no commit after its cover letter", tip);
		goto out;
	}
	read_cover(repo, b, msg.buf);
	ret = 1;
out:
	if (ret != 1)
		b4_prep_free(b);
	free(range);
	strbuf_release(&out);
	strbuf_release(&msg);
	return ret;
}

char *b4_series_name(const struct b4_prep *b, const char *branch)
{
	return xasprintf("%s: %s (b4 change-id %s, v%d)", branch, b->title ? b->title : "",
			 b->change_id ? b->change_id : "none", b->revision);
}

void b4_series_mail(const struct b4_prep *b, const char *branch, struct series_mail *sm)
{
	char rev[24] = "";
	size_t i;

	memset(sm, 0, sizeof(*sm));
	sm->author = b->author ? xstrdup(b->author) : NULL;
	for (i = 0; i < b->mail.ncc; i++)
		series_mail_add_cc(sm, b->mail.cc[i]);
	sm->change_id = b->change_id ? xstrdup(b->change_id) : NULL;
	sm->branch = xstrdup(branch);
	sm->revision = b->revision;
	if (!b->sent)
		return;
	/* Sent: a reply to that revision's cover letter, under the subject b4 gave it. */
	sm->thread = mail_msg_ids(b->sent, 1);
	if (b->sent_revision > 1)
		snprintf(rev, sizeof(rev), " v%d", b->sent_revision);
	/* One patch is sent without a cover letter: its own subject then. */
	if (b->npatches > 1)
		sm->subject = xasprintf("[PATCH%s%s%s 0/%d] %s", b->prefixes ? " " : "",
					b->prefixes ? b->prefixes : "", rev, b->npatches,
					b->title ? b->title : "");
}

int b4_graft(const char *work_dir, const char *base, const char *tip)
{
	struct strbuf out = STRBUF_INIT, msg = STRBUF_INIT;
	char *range = xasprintf("%s..%s", base, tip), *first, *nl;
	int ret = 0;

	/* A graft an earlier b4 run left: for every other run, history as it is. */
	if (!git_quiet(work_dir, &out, "for-each-ref", "--format=%(refname)", "refs/replace/",
		       NULL) && out.len) {
		char *ref, *save = NULL;

		for (ref = strtok_r(out.buf, "\n", &save); ref; ref = strtok_r(NULL, "\n", &save))
			if (git_quiet(work_dir, NULL, "update-ref", "-d", ref, NULL))
				ret = error("cannot remove the graft %s in %s", ref, work_dir);
	}
	if (ret || git_quiet(work_dir, &out, "--no-replace-objects", "rev-list", "--reverse",
			     "--first-parent", range, NULL))
		goto out;
	nl = strchr(out.buf, '\n');
	if (!nl)
		goto out;
	*nl = '\0';
	first = nl + 1;
	nl = strchr(first, '\n');
	if (nl)
		*nl = '\0';
	if (!is_cover(work_dir, out.buf, &msg))
		goto out;
	if (git_quiet(work_dir, NULL, "replace", "-f", "--graft", first, base, NULL))
		ret = error("cannot graft %.12s onto the base %.12s in %s", first, base, work_dir);
out:
	free(range);
	strbuf_release(&out);
	strbuf_release(&msg);
	return ret;
}
