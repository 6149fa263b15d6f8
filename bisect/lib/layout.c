// SPDX-License-Identifier: GPL-2.0
/*
 * layout.c - where things are.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/hash.h"
#include "lib/layout.h"
#include "lib/util.h"

static int installed;

/*
 * BISECTABLE_HOME, else <bindir>/../share/bisectable when it exists (an
 * installed binary), else the binary's own directory (a checkout).
 */
const char *project_dir(void)
{
	static char *dir;

	if (!dir) {
		const char *env = getenv("BISECTABLE_HOME");

		if (env && *env) {
			dir = abspath(env);
		} else {
			char *exe = self_exe_path();
			char *bin = dirname(exe);	/* in exe */
			char *prefix = xstrdup(bin);
			char *share = xasprintf("%s/share/bisectable", dirname(prefix));
			struct stat st;

			if (!stat(share, &st) && S_ISDIR(st.st_mode)) {
				dir = share;
				installed = 1;
			} else {
				dir = xstrdup(bin);
				free(share);
			}
			free(prefix);
			free(exe);
		}
	}
	return dir;
}

int project_installed(void)
{
	project_dir();
	return installed;
}

char *default_db_path(void)
{
	const char *env;

	if (!project_installed())
		return project_path("db/bisectable.db");
	if ((env = getenv("XDG_DATA_HOME")) && *env == '/')
		return xasprintf("%s/bisectable/bisectable.db", env);
	if ((env = getenv("HOME")) && *env)
		return xasprintf("%s/.local/share/bisectable/bisectable.db", env);
	die("no data directory for the database: set HOME or XDG_DATA_HOME, or give --db");
}

char *project_path(const char *rel)
{
	return xasprintf("%s/%s", project_dir(), rel);
}

/*
 * The directory name of a database's logs beside another's: its file name
 * without .db, unless that could be mistaken for a run's directory.
 */
static char *log_subdir(const char *name)
{
	size_t len = strlen(name);

	if (len > 3 && !strcmp(name + len - 3, ".db"))
		len -= 3;
	if (!len || name[0] == '.' || !strncmp(name, "run-", 4))
		return xasprintf("db-%.*s", (int)len, name);
	return xstrndup(name, len);
}

/*
 * Name the database that owns logs/ (logs/.database) if none does yet:
 * written whole to a file of our own, then linked into place, which fails
 * if another got there first; then read back whoever it is.
 */
static int owns_logs(const char *logs, const char *name)
{
	char *marker = xasprintf("%s/.database", logs);
	char *tmp = xasprintf("%s.%d", marker, (int)getpid());
	struct strbuf owner = STRBUF_INIT;
	char *line = xasprintf("%s\n", name);
	int mine;

	if (!file_exists(marker) && !write_file(tmp, line, strlen(line)))
		link(tmp, marker);
	unlink(tmp);
	mine = strbuf_read_file(&owner, marker) >= 0 && !strcmp(owner.buf, line);
	strbuf_release(&owner);
	free(line);
	free(tmp);
	free(marker);
	return mine;
}

char *run_log_dir(const char *db_path, long long run_id)
{
	char *db = abspath(db_path), *slash = strrchr(db, '/'), *logs, *dir, *sub;

	*slash = '\0';
	logs = xasprintf("%s/logs", db);
	if (mkdir_p(logs) < 0)
		die("cannot create log directory %s: %s", logs, strerror(errno));
	if (owns_logs(logs, slash + 1)) {
		dir = xasprintf("%s/run-%lld", logs, run_id);
	} else {
		sub = log_subdir(slash + 1);
		dir = xasprintf("%s/%s/run-%lld", logs, sub, run_id);
		free(sub);
	}
	free(logs);
	free(db);
	return dir;
}

char *commit_log_dir(const char *db_path, long long run_id, int position, const char *sha)
{
	char *run = run_log_dir(db_path, run_id), *dir, name[13];
	size_t i;

	/* A sha is hex; one from another machine's database may be anything. */
	snprintf(name, sizeof(name), "%s", sha ? sha : "none");
	for (i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]))
			name[i] = '_';
	dir = xasprintf("%s/%03d-%s", run, position, name);

	free(run);
	if (mkdir_p(dir) < 0)
		die("cannot create log directory %s: %s", dir, strerror(errno));
	return dir;
}

/*
 * The name of a work tree's build directories: NAME for <cache>/work/NAME
 * (unique there, and the warm builds of every cache stay where they are);
 * NAME-<12 hex of the SHA-256 of its real path> for a tree of the user's
 * own ('git bisect run' in x1/linux and in x2/linux), one level all the
 * same (ccache's relative paths count the levels).
 */
static char *real_or_abs(const char *path)
{
	char *real = realpath(path, NULL);

	return real ? real : abspath(path);
}

static char *build_dir_name(const char *cache, const char *work_dir)
{
	char *copy = xstrdup(work_dir), *up = xstrdup(work_dir);
	char *name = xstrdup(basename(copy)), *path = real_or_abs(work_dir);
	char *parent = real_or_abs(dirname(up)), *cache_work = xasprintf("%s/work", cache);
	char *real_cache_work = real_or_abs(cache_work);

	if (strcmp(parent, real_cache_work)) {
		char *sum = sha256_buf(path, strlen(path));
		char *unique = xasprintf("%s-%.12s", name, sum);

		free(name);
		name = unique;
		free(sum);
	}
	free(real_cache_work);
	free(cache_work);
	free(parent);
	free(path);
	free(up);
	free(copy);
	return name;
}

char *build_dir(const char *work_dir, const char *config)
{
	char *cache = cache_dir();
	char *name = build_dir_name(cache, work_dir);
	char *dir = xasprintf("%s/build/%s/%s", cache, name, config);

	free(name);
	free(cache);
	return dir;
}

char *cache_dir(void)
{
	const char *env = getenv("BISECTABLE_CACHE");
	char *dir;

	if (env && *env)
		dir = abspath(env);
	else if ((env = getenv("XDG_CACHE_HOME")) && *env)
		dir = xasprintf("%s/bisectable", env);
	else if ((env = getenv("HOME")) && *env)
		dir = xasprintf("%s/.cache/bisectable", env);
	else
		die("no cache directory: set BISECTABLE_CACHE or HOME");
	if (mkdir_p(dir) < 0)
		die("cannot create cache directory %s: %s", dir, strerror(errno));
	return dir;
}
