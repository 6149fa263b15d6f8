// SPDX-License-Identifier: GPL-2.0
/*
 * test-hash.c - lib/hash.c: SHA-256 in lowercase hex of a buffer and of a
 * file, against FIPS 180-2's test vectors; a file that cannot be read.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/hash.h"
#include "lib/util.h"
#include "tap.h"

#define SHA_ABC "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
#define SHA_EMPTY "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
#define SHA_448 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"

static void test_hash(void)
{
	char path[] = "/tmp/bisectable-hash.XXXXXX";
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	int fd = mkstemp(path);

	is_str_free(sha256_buf("abc", 3), SHA_ABC, "SHA-256 of \"abc\"");
	is_str_free(sha256_buf("", 0), SHA_EMPTY, "of nothing");
	is_str_free(sha256_buf(two, strlen(two)), SHA_448, "of the two-block message");
	if (fd >= 0) {
		if (write(fd, two, strlen(two)) != (ssize_t)strlen(two))
			diag("short write to %s", path);
		close(fd);
	}
	is_str_free(sha256_file(path), SHA_448, "a file's is its content's");
	unlink(path);
	ok(sha256_file(path) == NULL, "a file that is not there has none");
}

int main(void)
{
	test_hash();
	return done_testing();
}
