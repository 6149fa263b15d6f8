/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mtime.h - give rewritten but unchanged sources their old mtimes back.
 *
 * git am and git rebase rewrite every file a series touches, several times,
 * though most of them end up with the content a build directory was last
 * built from; make would then recompile everything that includes them. After
 * each good build a build directory keeps a snapshot (blob id and mtime of
 * every tracked file). Before a build, a file whose content every build
 * directory of the work tree last saw, with the same mtime, gets that mtime
 * back. Any build directory without a snapshot (never finished, or building
 * now) vetoes all of it, so no object can look newer than a source it was
 * not built from.
 */
#ifndef BISECT_MTIME_H
#define BISECT_MTIME_H

/*
 * Before building src in out: restore mtimes as described above, then drop
 * out's own snapshot (out is about to change). Returns the number of files
 * restored, or -1 when nothing could be done (why says why).
 */
int mtime_prepare(const char *src, const char *out, char *why, size_t len);

/* After a good build of src in out: record what it was built from. */
int mtime_snapshot(const char *src, const char *out);

#endif
