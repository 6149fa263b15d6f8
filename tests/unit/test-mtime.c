// SPDX-License-Identifier: GPL-2.0
/*
 * mtime.c: an unchanged source gets its old mtime back only when every build
 * directory that built something saw that content at that mtime.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "step/mtime.h"
#include "lib/util.h"
#include "tap.h"

static char root[] = "/tmp/bisectable-mtime.XXXXXX";
static char *src, *up, *smp;

#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void sh(const char *fmt, const char *arg)
{
	char *cmd = xasprintf(fmt, arg, arg, arg);

	if (system(cmd))
		diag("failed: %s", cmd);
	free(cmd);
}

static long long mtime_of(const char *name)
{
	char *path = xasprintf("%s/%s", src, name);
	struct stat st;
	long long ns = -1;

	if (!stat(path, &st))
		ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	free(path);
	return ns;
}

/* Rewrite a file with the same content, as a checkout does: a new mtime. */
static void rewrite(const char *name)
{
	static int rewrites;
	char *path = xasprintf("%s/%s", src, name);
	struct timespec later[2] = { { .tv_nsec = UTIME_OMIT },
				     { .tv_sec = time(NULL) + 100 + ++rewrites } };

	utimensat(AT_FDCWD, path, later, 0);
	free(path);
}

static void config_in(const char *dir)
{
	char *config = xasprintf("%s/.config", dir);

	write_file(config, "CONFIG_X=y\n", 11);
	free(config);
}

static void built(const char *dir)
{
	config_in(dir);
	ok(mtime_snapshot(src, dir) == 0, "a snapshot of %s's sources", dir + strlen(root) + 1);
}

int main(void)
{
	char why[256];
	long long a0, b0;
	int n;

	if (!mkdtemp(root))
		return 1;
	src = xasprintf("%s/src", root);
	up = xasprintf("%s/build/up", root);
	smp = xasprintf("%s/build/smp", root);
	mkdir_p(up);
	mkdir_p(smp);
	sh("git init -q %s && cd %s && printf 'int a;\\n' > a.h && printf 'int b;\\n' > b.c &&"
	   " ln -s a.h link.h && git add . && git -c user.name=t -c user.email=t@t commit -qm one",
	   src);
	a0 = mtime_of("a.h");
	b0 = mtime_of("b.c");

	built(up);
	rewrite("a.h");
	ok(mtime_of("a.h") != a0, "a rewrite gives a new mtime");
	n = mtime_prepare(src, up, why, sizeof(why));
	is_int(n, 1, "one file restored; smp never built, so it has no say");
	ok(mtime_of("a.h") == a0, "a.h has the mtime up was built with");
	ok(mtime_of("b.c") == b0, "b.c was not touched");
	n = mtime_prepare(src, up, why, sizeof(why));
	is_int(n, -1, "up's own snapshot went when its build started");
	ok(strstr(why, "up has no snapshot") != NULL, "and it says so");

	built(up);
	config_in(smp);
	rewrite("a.h");
	n = mtime_prepare(src, up, why, sizeof(why));
	is_int(n, -1, "smp built something but has no snapshot: it vetoes");
	ok(strstr(why, "smp has no snapshot") != NULL, "the veto is named");
	ok(mtime_of("a.h") != a0, "a.h keeps its new mtime");

	sh("cd %s && git checkout -q a.h", src);	/* back to a known mtime */
	built(up);
	built(smp);
	a0 = mtime_of("a.h");
	sh("cd %s && printf 'int a2;\\n' > a.h && git -c user.name=t -c user.email=t@t"
	   " commit -qam two", src);
	rewrite("b.c");
	n = mtime_prepare(src, smp, why, sizeof(why));
	is_int(n, 1, "both agree on b.c: restored");
	ok(mtime_of("b.c") == b0, "b.c has its old mtime");
	ok(mtime_of("a.h") != a0, "a.h's content changed: it keeps its new mtime");

	built(up);
	built(smp);
	rewrite("b.c");
	built(up);	/* up saw b.c at the new mtime, smp at the old one */
	rewrite("b.c");
	b0 = mtime_of("b.c");
	{
		char *snap = xasprintf("%s/.bisectable-sources", smp);

		write_file(snap, "bad", 3);
		free(snap);
	}
	n = mtime_prepare(src, up, why, sizeof(why));
	is_int(n, -1, "a snapshot cut short is not trusted");
	built(smp);
	rewrite("b.c");
	{
		/* Make them disagree: up's snapshot is from an earlier mtime. */
		char *cmd = xasprintf("touch -d @1000 %s/b.c", src);

		if (system(cmd))
			diag("touch failed");
		free(cmd);
	}
	built(up);
	rewrite("b.c");
	n = mtime_prepare(src, up, why, sizeof(why));
	is_int(n, 0, "the directories saw b.c at different mtimes: nothing restored");
	ok(mtime_of("link.h") >= 0, "symbolic links are left alone");

	/*
	 * The build (the series' own Makefiles) swapped a directory for a link
	 * out of the tree: nothing beyond it is touched.
	 */
	sh("cd %s && mkdir d && printf 'int d;\\n' > d/f.c && git add d && git -c user.name=t"
	   " -c user.email=t@t commit -qm three", src);
	built(up);
	built(smp);
	sh("mkdir %s/../outside && cp -p %s/d/f.c %s/../outside/", src);
	sh("rm -r %s/d", src);
	sh("ln -s ../outside %s/d && touch -d @2000 %s/d/f.c", src);
	{
		char *outside = xasprintf("%s/outside/f.c", root);
		struct stat st;

		n = mtime_prepare(src, up, why, sizeof(why));
		ok(!stat(outside, &st) && st.st_mtim.tv_sec == 2000,
		   "a file behind a link the build left keeps its mtime (%d restored)", n);
		free(outside);
	}

	sh("rm -rf %s", root);
	free(src);
	free(up);
	free(smp);
	return done_testing();
}
