// SPDX-License-Identifier: GPL-2.0
/*
 * config-survey.c: the guards of a synthetic range without a derivation:
 * changed and unguarded lines over the range, and the totals per symbol
 * (commits, lines), most commits first, then most lines, then by name.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/config-survey.h"
#include "kconfig/kconfig.h"
#include "lib/util.h"
#include "tap.h"
#include "lib/run-command.h"

static void commit_files(const char *repo, const char *const *files, const char *msg)
{
	size_t i;

	for (i = 0; files[i]; i += 2) {
		char *path = xasprintf("%s/%s", repo, files[i]), *dir = xstrdup(path);

		*strrchr(dir, '/') = '\0';
		mkdir_p(dir);
		free(dir);
		if (write_file(path, files[i + 1], strlen(files[i + 1])) ||
		    git(repo, NULL, "add", files[i], NULL))
			die("cannot add %s", files[i]);
		free(path);
	}
	if (git(repo, NULL, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q",
		"-m", msg, NULL))
		die("cannot commit");
}

/*
 * A derivation exports each commit's Kconfig files (kconfig.c): from a
 * clone with a work tree (configs --repo R as the README shows it) and from
 * a bare one alike.
 */
static void test_export_from(const char *repo, const char *sha, const char *what)
{
	char *dir = xasprintf("%s.export", repo), *kconfig = xasprintf("%s/Kconfig", dir);

	is_int(kconfig_tree_export(repo, sha, dir), 0, "the Kconfig files of %s", what);
	ok(file_exists(kconfig), "are exported");
	remove_tree(dir);
	free(kconfig);
	free(dir);
}

int main(void)
{
	static const char *const base[] = {
		"x.c", "int a;\n#ifdef CONFIG_SMP\nint b;\n#endif\n",
		"Makefile", "obj-y += x.o\nobj-$(CONFIG_FOO) += y.o\n",
		/* What a kernel tree's Kconfig export asks for (kconfig.c). */
		"Kconfig", "config SMP\n\tbool \"smp\"\n", "scripts/x", "",
		"arch/x86/Makefile", "", "arch/x86/configs/x", "", "kernel/configs/x", "", NULL,
	};
	static const char *const one[] = {
		"x.c", "int a;\n#ifdef CONFIG_SMP\nint b;\nint c;\n#else\nint d;\n#endif\n"
		       "#if IS_ENABLED(CONFIG_FOO) && defined(CONFIG_BAR)\nint e;\n#endif\n", NULL,
	};
	static const char *const two[] = {
		"y.c", "int y;\n#ifndef CONFIG_SMP\nint z;\n#endif\n",
		"Makefile", "obj-y += x.o\nobj-$(CONFIG_FOO) += y.o\nobj-$(CONFIG_BAZ) += z.o\n",
		NULL,
	};
	static const char *const want[][3] = {
		{ "SMP", "2", "7" }, { "BAR", "1", "2" }, { "FOO", "1", "2" }, { "BAZ", "1", "1" },
	};
	char repo[] = "/tmp/bisectable-survey.XXXXXX";
	struct argv_array shas = ARGV_ARRAY_INIT;
	struct strbuf sha = STRBUF_INIT;
	struct config_survey s;
	size_t i;

	if (!mkdtemp(repo) || git(repo, NULL, "init", "-q", NULL))
		die("cannot make a repository");
	commit_files(repo, base, "base");
	commit_files(repo, one, "one");
	git(repo, &sha, "rev-parse", "HEAD", NULL);
	argv_push(&shas, sha.buf);
	commit_files(repo, two, "two");
	git(repo, &sha, "rev-parse", "HEAD", NULL);
	argv_push(&shas, sha.buf);

	ok(!config_survey(repo, &shas, "up,smp", 0, &s), "a survey without a derivation");
	is_int(s.ds.ncommits, 2, "both commits");
	is_int(s.nfixed, 2, "the given configurations counted");
	ok(!s.ds.derived && !s.estimated, "no derivation, no estimate");
	is_int(s.changed, 11, "changed lines over the range");
	is_int(s.unguarded, 1, "one guarded by no symbol");
	is_int(s.ntotals, 4, "four symbols");
	for (i = 0; i < s.ntotals && i < ARRAY_SIZE(want); i++) {
		char *got = xasprintf("%s %zu %zu", s.totals[i].symbol, s.totals[i].commits,
				      s.totals[i].lines);
		char *expect = xasprintf("%s %s %s", want[i][0], want[i][1], want[i][2]);

		is_str(got, expect, "total %zu: commits, then lines, then name", i + 1);
		free(got);
		free(expect);
	}
	config_survey_release(&s);
	ok(!s.totals && !s.ntotals, "release empties");

	{
		char *bare = xasprintf("%s/bare.git", repo);

		if (git(NULL, NULL, "clone", "-q", "--bare", repo, bare, NULL))
			die("cannot clone");
		test_export_from(repo, shas.argv[1], "a work tree clone");
		test_export_from(bare, shas.argv[1], "a bare clone");
		free(bare);
	}
	argv_clear(&shas);
	strbuf_release(&sha);
	remove_tree(repo);
	return done_testing();
}
