// SPDX-License-Identifier: GPL-2.0
/*
 * results-remote.c: the store's URL, redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]
 * as ccache's remote storage writes it, is checked before a run starts, and
 * is shown and recorded without its user and password (util.c's url_public()).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "step/results-remote.h"
#include "lib/util.h"
#include "tap.h"

static void is_public(const char *url, const char *want, const char *what)
{
	char *got = url_public(url);

	is_str(got, want, "%s", what);
	free(got);
}

int main(void)
{
	static const char *const good[] = {
		"redis://127.0.0.1", "redis://127.0.0.1:6380", "redis://cache/3",
		"redis://pw@cache:6379", "redis://:pw@cache", "redis://user:pw@cache:1/2",
		"redis://p%40ss%3Aw@cache", "redis://u:p@ss@cache",
	};
	static const char *const bad[] = {
		"http://cache", "redis://", "redis://:6379", "redis://cache:0",
		"redis://cache:70000", "redis://cache/x", "redis://@cache", "redis://u:@cache",
		"redis://p%4@cache", "redis://p%00w@cache", "redis://pw@", "redis://pw@:1",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(good); i++)
		is_int(results_remote_check_url(good[i]), 0, "accepted: %s", good[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		is_int(results_remote_check_url(bad[i]), -1, "refused: %s", bad[i]);

	is_public("redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/1", "no password: as given");
	is_public("redis://pw@cache:6379", "redis://***@cache:6379", "a password goes");
	is_public("redis://user:pw@cache/2", "redis://***@cache/2", "a user and password go");
	is_public("redis://u:p@ss@cache", "redis://***@cache", "up to the last '@' of the host part");
	/* "redis://se/cret@cache" looks the same: hiding too much is the safe side. */
	is_public("redis://cache/a@b", "redis://***@b", "an '@' after a '/' hides up to it");
	is_public("http://u:pw@cache:8080/ccache|layout=bazel", "http://***@cache:8080/ccache|layout=bazel",
		  "any scheme (ccache's http storage)");
	is_public("/var/cache/x@y", "/var/cache/x@y", "not a URL: as given");
	ok(url_public(NULL) == NULL, "no URL, none shown");
	return done_testing();
}
