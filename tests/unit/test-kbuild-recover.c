// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild-recover.c: the files a killed build wrote go before the next build,
 * the rest of the directory stays; a make error in the directory's own .cmd
 * file removes it (and every other one cut short) with its target, and
 * nothing outside the directory, whatever the log says.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "step/kbuild-recover.h"
#include "lib/util.h"
#include "tap.h"

static char root[] = "/tmp/bisectable-recover.XXXXXX";
static char *out;

static void put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", out, name), *dir = xstrdup(path);

	*strrchr(dir, '/') = '\0';
	mkdir_p(dir);
	if (write_file(path, text, strlen(text)))
		diag("cannot write %s", path);
	free(dir);
	free(path);
}

/* Give out/name an mtime an hour ago, as a file of an earlier build. */
static void age(const char *name)
{
	char *path = xasprintf("%s/%s", out, name);
	struct timespec t[2];

	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= 3600;
	t[1] = t[0];
	utimensat(AT_FDCWD, path, t, 0);
	free(path);
}

static int there(const char *name)
{
	char *path = xasprintf("%s/%s", out, name);
	int ret = !access(path, F_OK);

	free(path);
	return ret;
}

static void test_killed_build(void)
{
	is_int(kbuild_recover_begin(out), 0, "a first build: nothing to remove");
	ok(there(KBUILD_BUILDING_MARKER), "the marker is there while it builds");
	kbuild_recover_end(out);
	ok(!there(KBUILD_BUILDING_MARKER), "and gone when make returned");

	put(".config", "CONFIG_X=y\n");
	put("kernel/.fork.o.cmd", "savedcmd_kernel/fork.o := gcc\n");
	put("kernel/fork.o", "ELF");
	age(".config");
	age("kernel/.fork.o.cmd");
	age("kernel/fork.o");
	is_int(kbuild_recover_begin(out), 0, "the last build ended: nothing removed");
	/* It is killed: what it wrote after the marker stays behind. */
	put("arch/x86/kernel/.alternative.o.cmd", "savedcmd_arch/x86/kernel/alternative.o := gc");
	put("arch/x86/kernel/alternative.o", "EL");
	is_int(kbuild_recover_begin(out), 2, "the next build removes the 2 files it wrote");
	ok(!there("arch/x86/kernel/.alternative.o.cmd") && !there("arch/x86/kernel/alternative.o"),
	   "the cut .cmd file and the object are gone");
	ok(there(".config") && there("kernel/.fork.o.cmd") && there("kernel/fork.o"),
	   "the earlier build's files stay");
	ok(there(KBUILD_BUILDING_MARKER), "a new marker for this build");
	kbuild_recover_end(out);
}

static void test_damaged_cmd(void)
{
	char ev[512] = "";
	char *outside = xasprintf("%s/.victim.o.cmd", root), *abs_line;

	put("arch/x86/kernel/.alternative.o.cmd", "savedcmd_arch/x86/kernel/alternative.o := gc");
	put("arch/x86/kernel/alternative.o", "ELF");
	put("mm/.slub.o.cmd", "savedcmd_mm/slub.o := gcc -c");
	put("mm/slub.o", "ELF");
	put("kernel/.fork.o.cmd", "savedcmd_kernel/fork.o := gcc\n");
	ok(kbuild_damaged_cmd("  CC      kernel/fork.o\n"
			      "arch/x86/kernel/.alternative.o.cmd:5: *** unterminated variable "
			      "reference.  Stop.\n"
			      "make[4]: *** [/w/scripts/Makefile.build:471: arch/x86/kernel] Error 2\n",
			      out, ev, sizeof(ev)), "make stopped on a .cmd file of the directory");
	ok(strstr(ev, "damaged") && strstr(ev, "2 .cmd files") &&
	   strstr(ev, "alternative.o.cmd:5: *** unterminated"), "evidence: %s", ev);
	ok(!there("arch/x86/kernel/.alternative.o.cmd") && !there("arch/x86/kernel/alternative.o"),
	   "that file and its object are gone");
	ok(!there("mm/.slub.o.cmd") && !there("mm/slub.o"),
	   "and another .cmd file cut short, with its object");
	ok(there("kernel/.fork.o.cmd"), "a whole .cmd file stays");

	ok(!kbuild_damaged_cmd("/w/kernel/sched/Makefile:3: *** missing separator.  Stop.\n",
			       out, ev, sizeof(ev)), "the series' own Makefile: the commit's fault");
	ok(!kbuild_damaged_cmd("make[4]: *** [x] Error 2\n", out, ev, sizeof(ev)),
	   "an Error line alone says nothing of the directory");
	if (write_file(outside, "x", 1))
		diag("cannot write %s", outside);
	ok(!kbuild_damaged_cmd("../.victim.o.cmd:1: *** x.  Stop.\n", out, ev, sizeof(ev)) &&
	   !access(outside, F_OK), "a path with .. is never removed");
	abs_line = xasprintf("%s:1: *** x.  Stop.\n", outside);
	ok(!kbuild_damaged_cmd(abs_line, out, ev, sizeof(ev)) && !access(outside, F_OK),
	   "nor an absolute path outside the directory");
	free(abs_line);
	/* A symlink the series' Makefiles left in the build directory. */
	{
		char *link = xasprintf("%s/x", out), *victim = xasprintf("%s/victim", root);

		if (write_file(victim, "keep", 4) || symlink(root, link))
			diag("cannot plant %s -> %s", link, root);
		ok(!kbuild_damaged_cmd("x/.victim.cmd:1: *** x.  Stop.\n", out, ev, sizeof(ev)) &&
		   !access(victim, F_OK), "nor through a symlink that leaves it");
		free(victim);
		free(link);
	}
	abs_line = xasprintf("%s/kernel/.fork.o.cmd:1: *** x.  Stop.\n", out);
	ok(kbuild_damaged_cmd(abs_line, out, ev, sizeof(ev)) && !there("kernel/.fork.o.cmd"),
	   "an absolute path inside it is");
	free(abs_line);
	free(outside);
}

int main(void)
{
	char *cmd;

	if (!mkdtemp(root))
		return 1;
	out = xasprintf("%s/build/up", root);
	mkdir_p(out);
	test_killed_build();
	test_damaged_cmd();
	cmd = xasprintf("rm -rf '%s'", root);
	if (system(cmd))
		diag("cannot remove %s", root);
	free(cmd);
	free(out);
	return done_testing();
}
