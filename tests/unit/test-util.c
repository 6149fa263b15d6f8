// SPDX-License-Identifier: GPL-2.0
/*
 * test-util.c - lib/util.c: strbufs that are empty or released, and a
 * command line quoted for a shell.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util.h"
#include "tap.h"

static void test_util(void)
{
	struct strbuf empty = STRBUF_INIT;
	char path[] = "/tmp/bisectable-empty.XXXXXX";
	int fd = mkstemp(path);

	close(fd);
	is_int(strbuf_read_file(&empty, path), 0, "an empty file reads");
	is_str(empty.buf, "", "as an empty string, not uninitialised memory");
	strbuf_release(&empty);
	ok(empty.buf != NULL && !*empty.buf, "a released strbuf reads as \"\", never NULL");
	strbuf_reset(&empty);
	strbuf_trim(&empty);
	ok(empty.buf == strbuf_slopbuf && !*strbuf_slopbuf, "reset and trim never write the shared empty buffer");
	{
		char *d = strbuf_detach(&empty, NULL);

		ok(d != strbuf_slopbuf && !*d, "detaching an empty strbuf gives an allocated \"\"");
		free(d);
	}
	unlink(path);

	struct strbuf sb = STRBUF_INIT;
	const char *argv[] = { "git", "it's", "a b", "$(rm -rf /)", "plain", NULL };

	argv_to_line(&sb, argv);
	is_str(sb.buf, "git 'it'\\''s' 'a b' '$(rm -rf /)' plain", "shell quoting of a command line");
	strbuf_release(&sb);
}

/* A password holding any of / ? # @ is never shown: the user part ends at the last '@'. */
static void test_url_public_password_chars(void)
{
	static const char *const cases[][2] = {
		{ "redis://:se#cret@127.0.0.1:1", "redis://***@127.0.0.1:1" },
		{ "redis://:se?cret@127.0.0.1:1/2", "redis://***@127.0.0.1:1/2" },
		{ "redis://user:se/cret@127.0.0.1:1", "redis://***@127.0.0.1:1" },
		{ "redis://u:a@b/c?d#e@host:6379/0", "redis://***@host:6379/0" },
		{ "redis://u:p@host/0#x@y", "redis://***@y" },
		{ "redis://host:6379/0", "redis://host:6379/0" },
		{ "http://user:pw@cache.example.com/ccache", "http://***@cache.example.com/ccache" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = url_public(cases[i][0]);

		is_str(got, cases[i][1], "url_public(%s)", cases[i][0]);
		ok(!strstr(got, "cret") && !strstr(got, ":p@"), "no password in %s", got);
		free(got);
	}
}

/* str_index(): where a name stands in a list, by the whole name. */
static void test_str_index(void)
{
	char *list[] = { "up", "smp", "up+x" };

	is_int(str_index(list, 3, "smp"), 1, "a name's index");
	is_int(str_index(list, 3, "up"), 0, "the first");
	is_int(str_index(list, 3, "sm"), -1, "a prefix is not the name");
	is_int(str_index(list, 0, "up"), -1, "nothing in an empty list");
}

int main(void)
{
	test_util();
	test_url_public_password_chars();
	test_str_index();
	return done_testing();
}
