// SPDX-License-Identifier: GPL-2.0
/*
 * layout.c - where things are.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "tree.h"
#include "util.h"

const char *project_dir(void)
{
	static char *dir;

	if (!dir) {
		const char *env = getenv("BISECTABLE_HOME");

		if (env && *env) {
			dir = abspath(env);
		} else {
			char *exe = self_exe_path();

			dir = xstrdup(dirname(exe));
			free(exe);
		}
	}
	return dir;
}

char *project_path(const char *rel)
{
	return xasprintf("%s/%s", project_dir(), rel);
}

char *commit_log_dir(const char *db_path, long long run_id, int position, const char *sha)
{
	char *db = abspath(db_path);
	char *dir = xasprintf("%s/logs/run-%lld/%03d-%.12s", dirname(db), run_id, position,
			      sha ? sha : "none");

	free(db);
	if (mkdir_p(dir) < 0)
		die("cannot create log directory %s: %s", dir, strerror(errno));
	return dir;
}

char *build_dir(const char *work_dir, const char *config)
{
	char *cache = cache_dir();
	char *copy = xstrdup(work_dir);
	char *dir = xasprintf("%s/build/%s/%s", cache, basename(copy), config);

	free(copy);
	free(cache);
	return dir;
}
