// SPDX-License-Identifier: GPL-2.0
/*
 * report-file.c - a report written to a file so that a reader never sees
 * half of it: a regular file is written beside its final name and renamed
 * into place, a symlink's target likewise, a device or FIFO written to.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"
#include "lib/util.h"

/* Beside its final name first, then renamed over it: never half written. */
static int write_atomically(sqlite3 *db, long long run_id, enum report_format fmt,
			    const char *path)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	FILE *out = fopen(tmp, "w");
	int ret;

	if (!out) {
		error("cannot write %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	ret = report_write(db, run_id, fmt, out);
	if (fclose(out) == EOF && !ret)
		ret = error("cannot write %s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, path) < 0)
		ret = error("cannot rename %s to %s: %s", tmp, path, strerror(errno));
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

/* A device or a FIFO is written to, never replaced. */
static int write_in_place(sqlite3 *db, long long run_id, enum report_format fmt,
			  const char *path)
{
	FILE *out = fopen(path, "w");
	int ret;

	if (!out)
		return error("cannot write %s: %s", path, strerror(errno));
	ret = report_write(db, run_id, fmt, out);
	if (fclose(out) == EOF && !ret)
		ret = error("cannot write %s: %s", path, strerror(errno));
	return ret;
}

/*
 * A regular file (or none yet) is replaced atomically; a symlink is
 * followed and its target written the same way; a character device or a
 * FIFO is written in place; anything else is refused.
 */
int report_write_file(sqlite3 *db, long long run_id, enum report_format fmt,
		      const char *path)
{
	char *target = NULL;
	struct stat st;
	int ret;

	if (lstat(path, &st) < 0) {
		if (errno == ENOENT)
			return write_atomically(db, run_id, fmt, path);
		return error("cannot write %s: %s", path, strerror(errno));
	}
	if (S_ISLNK(st.st_mode)) {
		target = realpath(path, NULL);
		if (!target || stat(target, &st) < 0) {
			free(target);
			return error("%s is a symbolic link to nothing: not writing through it",
				     path);
		}
		path = target;
	}
	if (S_ISREG(st.st_mode))
		ret = write_atomically(db, run_id, fmt, path);
	else if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		ret = write_in_place(db, run_id, fmt, path);
	else if (S_ISDIR(st.st_mode))
		ret = error("%s is a directory: give a file name", path);
	else
		ret = error("%s is neither a file, a character device nor a FIFO: not "
			    "writing to it", path);
	free(target);
	return ret;
}
