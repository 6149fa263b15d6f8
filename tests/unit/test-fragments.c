// SPDX-License-Identifier: GPL-2.0
/*
 * fragments.c: the fragments of a configs directory, sorted, base.config
 * and other files left out; the first sentence of a fragment's comment.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kconfig/fragments.h"
#include "lib/util.h"
#include "tap.h"

static void put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	if (write_file(path, text, strlen(text)))
		die("cannot write %s", path);
	free(path);
}

static char *describe(const char *dir, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/%s", dir, name);

	fragment_describe(path, &sb);
	free(path);
	return strbuf_detach(&sb, NULL);
}

static char *changes(const char *before, const char *after, int only_after, size_t *n)
{
	struct strbuf sb = STRBUF_INIT;

	*n = fragment_changes(before, after, only_after, &sb);
	return strbuf_detach(&sb, NULL);
}

/* What olddefconfig (or base.config) changed in a .config, line by line. */
static void test_changes(void)
{
	const char *given = "CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_C=64\nCONFIG_D=m\n"
			    "CONFIG_S=\"text\"\nCONFIG_GONE=y\n";
	const char *after = "CONFIG_A=y\nCONFIG_B=y\nCONFIG_C=32\n# CONFIG_D is not set\n"
			    "CONFIG_S=\"text\"\nCONFIG_NEW=y\n";
	size_t n;
	char *s;

	s = changes(given, after, 0, &n);
	is_int((int)n, 5, "five lines changed");
	is_str(s, "CONFIG_B=y (was not set)\nCONFIG_C=32 (was 64)\n# CONFIG_D is not set (was m)\n"
	       "CONFIG_NEW=y (was not set)\n# CONFIG_GONE is not set (was y)\n",
	       "in the new .config's order, then what it dropped");
	free(s);
	s = changes(given, given, 0, &n);
	is_int((int)n, 0, "nothing changed");
	is_str(s, "", "nothing said");
	free(s);
	/* What base.config adds to defconfig's .config: its own lines only. */
	s = changes("CONFIG_SERIAL_8250_CONSOLE=y\nCONFIG_OTHER=y\n",
		    "CONFIG_SERIAL_8250_CONSOLE=y\nCONFIG_BLK_DEV_INITRD=y\n# CONFIG_X is not set\n",
		    1, &n);
	is_int((int)n, 1, "only the lines the fragment sets, and changes");
	is_str(s, "CONFIG_BLK_DEV_INITRD=y (was not set)\n", "an absent symbol is not set");
	free(s);
}

int main(void)
{
	char dir[] = "/tmp/bisectable-fragments.XXXXXX";
	struct argv_array names = ARGV_ARRAY_INIT;

	if (!mkdtemp(dir))
		die("mkdtemp failed");
	put(dir, "base.config", "CONFIG_X=y\n");
	put(dir, "up.config",
	    "# A uniprocessor kernel. The smallest one.\n# CONFIG_SMP is not set\n");
	put(dir, "smp.config",
	    "#  Two CPUs,\n#\tas most machines\n# have. More text.\nCONFIG_SMP=y\n");
	put(dir, "bare.config", "CONFIG_A=y\n");
	put(dir, ".hidden.config", "");
	put(dir, "notes.txt", "");
	put(dir, "x.config~", "");

	ok(!fragments_list(dir, &names), "a directory is listed");
	is_int(names.argc, 3, "three fragments: base.config, hidden and other files left out");
	ok(names.argc == 3 && !strcmp(names.argv[0], "bare") && !strcmp(names.argv[1], "smp") &&
	   !strcmp(names.argv[2], "up"), "by name, without .config");
	argv_clear(&names);

	is_str_free(describe(dir, "up.config"), "A uniprocessor kernel.", "the first sentence");
	is_str_free(describe(dir, "smp.config"), "Two CPUs, as most machines have.",
		    "over lines, blanks after '#' dropped");
	is_str_free(describe(dir, "bare.config"), "", "no comment, no description");
	is_str_free(describe(dir, "absent.config"), "", "an absent file, no description");

	ok(fragments_list("/nonexistent/configs", &names) < 0 && !names.argc,
	   "a directory that cannot be read is an error");
	remove_tree(dir);
	test_changes();
	return done_testing();
}
