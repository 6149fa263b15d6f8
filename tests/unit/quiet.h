/* SPDX-License-Identifier: GPL-2.0 */
/*
 * quiet.h - stderr sent to a file, or to /dev/null, while a test runs a
 * case that is meant to complain (a refusal, a progress line to read back),
 * and given back after it: saved = stderr_to(NULL); ...; stderr_back(saved).
 * And a child that keeps only stderr open (close_all_but_stderr()).
 */
#ifndef TESTS_UNIT_QUIET_H
#define TESTS_UNIT_QUIET_H

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* stderr to PATH (truncated), or to /dev/null for NULL; the fd to give back. */
static inline int stderr_to(const char *path)
{
	int saved = dup(2), fd;

	fd = path ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open("/dev/null", O_WRONLY);
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	return saved;
}

/* stderr as it was before stderr_to() returned SAVED. */
static inline void stderr_back(int saved)
{
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
}

/* A test's child keeps stderr only: not prove's pipes, nor the test's own. */
static inline void close_all_but_stderr(void)
{
	int fd;

	close(STDOUT_FILENO);
	for (fd = 3; fd < 1024; fd++)
		close(fd);
}

#endif
