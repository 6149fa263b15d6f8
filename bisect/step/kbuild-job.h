/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild-job.h - what one build of one configuration is given, read by
 * kbuild.c and its parts and by kbuild-stamp.c (which tells when its
 * configure may be skipped), and what the build gives back.
 */
#ifndef BISECT_KBUILD_JOB_H
#define BISECT_KBUILD_JOB_H

#include <stddef.h>

#include "step/build-remote.h"

struct arch_desc;

struct kbuild_job {
	const char *src;		/* kernel work tree */
	const char *out;		/* O= build directory of this configuration */
	const char *configs_dir;	/* where base.config and <config>.config are */
	const char *config;		/* configuration name, e.g. "up" */
	/*
	 * What the .config starts from (input/config-spec.h). Both NULL: as
	 * ever, tinyconfig + base.config + <configs_dir>/<config>.config. Else
	 * make start_target (defconfig, ...) or the full .config start_file,
	 * then base.config and fragment (a file, or NULL), then olddefconfig;
	 * what base.config and olddefconfig changed is said (kbuild_result).
	 */
	const char *start_target;
	const char *start_file;
	const char *fragment;
	const char *log_path;		/* configure + build output */
	int jobs;
	int use_ccache;
	int sandbox;			/* run the tree's code under sandbox.h */
	int network;			/* the sandbox keeps the network (distcc, remote cache) */
	const char *distcc_hosts;	/* DISTCC_HOSTS of the build, or NULL */
	/*
	 * The tree as the compiler names it when ccache makes its paths
	 * relative to the build directory (CCACHE_BASEDIR, a remote cache):
	 * "../../../work/linux-source". NULL when it does not.
	 */
	const char *src_rel;
	/*
	 * What 'gcc --version' says (its first line), on the make line of a
	 * build through 'CC=distcc gcc': distcc names gcc by its target
	 * triplet ("x86_64-linux-gnu-gcc ..."), and the kernel puts that
	 * text in .config and in the image's banner. NULL otherwise.
	 */
	const char *cc_version_text;
	const char *const *env;		/* extra environment of make, or NULL */
	/*
	 * The architecture other than x86_64 it is built for (input/arch.h):
	 * ARCH= and CROSS_COMPILE= on every make line, its image target, its
	 * fragment lines merged last. NULL: x86_64, the make lines of before.
	 */
	const struct arch_desc *arch;
};

struct kbuild_warning {
	char *object;			/* the target whose build printed it */
	char *message;			/* file:line:col: warning: text */
};

struct kbuild_result {
	int ok;
	int configured;			/* .config in out is this commit's (olddefconfig ran) */
	int error;			/* not ok, and the machine's fault (see below) */
	int exit_code;			/* of the last command run (run_child's) */
	double duration;
	char evidence[512];
	struct kbuild_warning *warnings;	/* of the whole build, carried over */
	size_t nwarnings;
	size_t rebuilt;			/* objects compiled in this build */
	int restored;			/* sources given their old mtime back; -1: none */
	char restore_note[256];		/* why none were */
	struct build_remote_stats remote;	/* who compiled what, where ccache found it */
	/*
	 * For a configuration that does not start from tinyconfig: the lines
	 * base.config added to its start, and those olddefconfig changed in a
	 * full .config given (fragment_changes()'s lines under a "# " heading
	 * each); NULL when configure did not run or nothing changed.
	 */
	char *changes;
};

#endif
