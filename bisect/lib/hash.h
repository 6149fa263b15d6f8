/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hash.h - SHA-256 as lowercase hex (allocated).
 */
#ifndef BISECT_HASH_H
#define BISECT_HASH_H

#include <stddef.h>

char *sha256_buf(const void *data, size_t len);
char *sha256_file(const char *path);	/* NULL when it cannot be read */

#endif
