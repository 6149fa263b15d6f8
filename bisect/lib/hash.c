// SPDX-License-Identifier: GPL-2.0
/*
 * hash.c - SHA-256 (libcrypto) of a buffer or a file, as lowercase hex: the
 * result cache's keys, the kconfig answers' names, the suites' images.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/hash.h"
#include "lib/util.h"

static char *hex(const unsigned char *md, unsigned int len)
{
	char *s = xmalloc(2 * len + 1);
	unsigned int i;

	for (i = 0; i < len; i++)
		sprintf(s + 2 * i, "%02x", md[i]);
	return s;
}

char *sha256_buf(const void *data, size_t len)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	if (!EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL))
		die("SHA-256 failed");
	return hex(md, mdlen);
}

char *sha256_file(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char *h;

	if (strbuf_read_file(&sb, path) < 0)
		return NULL;
	h = sha256_buf(sb.buf, sb.len);
	strbuf_release(&sb);
	return h;
}
